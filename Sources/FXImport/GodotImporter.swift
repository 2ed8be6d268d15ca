import Foundation

/// Godot scenes and resources in the text format (`.tscn`, `.tres`; Godot 3's `format=2` and
/// Godot 4's `format=3`): every `CPUParticles2D`, `Particles2D` and `GPUParticles2D` node
/// becomes an emitter layer. See docs/importing.md, "Godot", for the mapping of every key.
public enum GodotImporter: Importer {
    public static let format = ImportFormat.godot

    /// A file starting with `[gd_scene` or `[gd_resource` (after blanks and `;` comments), or
    /// named `.tscn` / `.tres`.
    public static func detects(_ source: ImportSource) -> Bool {
        var index = source.data.startIndex
        if source.data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        var inComment = false
        while index < source.data.endIndex, index - source.data.startIndex < 4096 {
            let byte = source.data[index]
            if inComment {
                if byte == UInt8(ascii: "\n") { inComment = false }
            } else if byte == UInt8(ascii: ";") {
                inComment = true
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                let head = source.data[index..<min(index + 12, source.data.endIndex)]
                return head.starts(with: Array("[gd_scene".utf8)) || head.starts(with: Array("[gd_resource".utf8))
            }
            index += 1
        }
        let lower = source.path.lowercased()
        return lower.hasSuffix(".tscn") || lower.hasSuffix(".tres")
    }

    public static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult {
        // Several files: one effect, each file's layers named after it.
        try ImportResult.importing(sources, name: name) { source, _ in
            var mapping = GodotMapping(source: source, document: try GodotTextParser.parse(source), name: name)
            return try mapping.run()
        }
    }
}
