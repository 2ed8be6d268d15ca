import Foundation

/// Swift and Objective-C source that sets up `CAEmitterLayer` and `CAEmitterCell`: the
/// assignments are read tolerantly (see ``CoreAnimationCodeConfig``), several files together
/// as one effect (a layer subclass in one, its cell subclass in another). See docs/importing.md.
public enum CoreAnimationCodeImporter: Importer {
    public static let format = ImportFormat.swift

    /// A `.swift`, `.m`, `.mm` or `.h` file, or any text that mentions `CAEmitterLayer` or `CAEmitterCell`.
    public static func detects(_ source: ImportSource) -> Bool {
        let ext = URL(fileURLWithPath: source.path).pathExtension.lowercased()
        if ["swift", "m", "mm", "h"].contains(ext) { return true }
        let head = String(decoding: source.data.prefix(200_000), as: UTF8.self)
        return head.contains("CAEmitterLayer") || head.contains("CAEmitterCell")
    }

    public static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult {
        let config = try CoreAnimationCodeConfig(sources)
        var mapping = CoreAnimationCodeMapping(config: config, name: name)
        return try mapping.run()
    }
}
