/// Reads one family of source files into an fx effect. One small type per family, chosen by
/// ``EffectImport`` from what ``detects(_:)`` says (or from `--from`).
public protocol Importer {
    /// The family it reads.
    static var format: ImportFormat { get }
    /// Whether `source` looks like this family's file (content first, extension second).
    static func detects(_ source: ImportSource) -> Bool
    /// The effect made of `sources` (one or several files read together as one effect).
    /// Textures it writes are named relative to the effect's folder (see ``ImportResult/files``).
    static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult
}
