import Foundation

/// canvas-confetti options (catdad/canvas-confetti): a JSON object as given to `confetti(…)`,
/// or a list of them, one emitter layer each. See docs/importing.md for the mapping of every key.
public enum CanvasConfettiImporter: Importer {
    public static let format = ImportFormat.confetti

    /// A JSON object (or list of objects) with a key only canvas-confetti uses
    /// (`particleCount`, `spread`, `startVelocity`, `ticks`, …), and no `"fx"`.
    public static func detects(_ source: ImportSource) -> Bool {
        CanvasConfettiConfig.looksLikeOptions(source.data)
    }

    public static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult {
        // Several files: one effect, each file's layers named after it.
        try ImportResult.importing(sources, name: name) { source, _ in
            var mapping = CanvasConfettiMapping(source: source, config: try CanvasConfettiConfig(source), name: name)
            return try mapping.run()
        }
    }
}
