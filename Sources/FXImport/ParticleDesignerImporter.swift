import Foundation

/// Particle Designer / cocos2d `.plist` (XML or binary) and Starling `.pex` files: one emitter
/// of one kind of particle per file; several files make one effect with a layer each. See docs/importing.md for the mapping of every key.
public enum ParticleDesignerImporter: Importer {
    public static let format = ImportFormat.plist

    /// The canvas an imported emitter is shown on; the emitter sits at its centre.
    static let canvasSize = 600.0

    public static func detects(_ source: ImportSource) -> Bool {
        if isPex(source.data) { return true }
        let head = String(decoding: source.data.prefix(4096), as: UTF8.self)
        if source.data.starts(with: Array("bplist".utf8)) {
            // A SpriteKit .sks is a keyed archive in a binary plist: SpriteKitImporter's.
            if SpriteKitImporter.detects(source) { return false }
            // A damaged binary plist is still this importer's to refuse, with the reason
            // (ParticleDesignerConfig), rather than "not a format fx can import"; Foundation
            // must not read it (BinaryPropertyList).
            if BinaryPropertyList.problem(in: source.data) != nil { return true }
            let keys = (try? PropertyListSerialization.propertyList(from: source.data, options: [], format: nil)) as? [String: Any]
            return keys?["maxParticles"] != nil || keys?["emitterType"] != nil
        }
        return head.contains("<plist") && (source.data.range(of: Data("<key>maxParticles</key>".utf8)) != nil
            || source.data.range(of: Data("<key>emitterType</key>".utf8)) != nil)
    }

    /// Whether `data` is a Starling `.pex` (`<particleEmitterConfig>`).
    static func isPex(_ data: Data) -> Bool {
        String(decoding: data.prefix(4096), as: UTF8.self).contains("<particleEmitterConfig")
    }

    public static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult {
        // Several files (a fire and its smoke): one emitter layer each, named after its file,
        // its texture too.
        try ImportResult.importing(sources, name: name) { source, layerName in
            var mapping = ParticleDesignerMapping(source: source, config: try ParticleDesignerConfig(source), name: name, layerName: layerName)
            return try mapping.run()
        }
    }
}
