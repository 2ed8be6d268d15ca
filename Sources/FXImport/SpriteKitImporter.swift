import Foundation

/// SpriteKit particle files (`.sks`, Xcode's particle editor): an `NSKeyedArchiver` binary
/// plist whose root object is an `SKEmitterNode`. One emitter per file;
/// several files make one effect with a layer each. See docs/importing.md for the mapping of
/// every key.
public enum SpriteKitImporter: Importer {
    public static let format = ImportFormat.spritekit

    /// A binary plist holding an `NSKeyedArchiver` archive of an `SKEmitterNode`, or any file
    /// named `.sks` (so that a damaged one is refused with the reason, not as an unknown format).
    public static func detects(_ source: ImportSource) -> Bool {
        if URL(fileURLWithPath: source.path).pathExtension.lowercased() == "sks" { return true }
        guard source.data.starts(with: Array("bplist00".utf8)) else { return false }
        return source.data.range(of: Data("NSKeyedArchiver".utf8)) != nil && source.data.range(of: Data("SKEmitterNode".utf8)) != nil
    }

    public static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult {
        try ImportResult.importing(sources, name: name) { source, layerName in
            var mapping = try SpriteKitMapping(source: source, archive: try SpriteKitArchive(source), name: name, layerName: layerName)
            return try mapping.run()
        }
    }
}
