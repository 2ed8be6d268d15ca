import FXCore
import Foundation

/// pixi-particle-emitter JSON configs, the v5 behaviors format (`"behaviors": [{type, config}]`)
/// and the legacy one (`alpha`, `speed`, `scale`, `color`, `spawnType`… at the top level): one
/// emitter of one kind of particle. See docs/importing.md for the mapping of every key.
public enum PixiImporter: Importer {
    public static let format = ImportFormat.pixi

    /// A JSON object with `frequency` and `lifetime` (every pixi config has both) and either a
    /// `behaviors` array or a legacy particle key.
    public static func detects(_ source: ImportSource) -> Bool {
        guard let first = source.data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "{"),
              let node = try? JSONParser.parse([UInt8](source.data)), case .object(let members) = node.value else { return false }
        let keys = Set(members.map(\.key))
        guard keys.contains("frequency"), keys.contains("lifetime") else { return false }
        return keys.contains("behaviors") || !keys.isDisjoint(with: ["alpha", "speed", "scale", "color", "spawnType", "startRotation"])
    }

    public static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult {
        // Several files: one effect, each file's layers named after it.
        try ImportResult.importing(sources, name: name) { source, _ in
            var mapping = PixiMapping(source: source, config: try PixiConfig(source), name: name)
            return mapping.run()
        }
    }
}
