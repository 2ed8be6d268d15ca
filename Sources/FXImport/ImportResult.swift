/// What an importer made of its sources: the effect, the warnings and the files to write with it.
public struct ImportResult: Equatable, Sendable {
    /// The effect as ordered JSON (without `$schema` and the source note, which the writer adds).
    public var effect: ImportedJSON
    /// Every source key approximated or dropped, in source order.
    public var warnings: [ImportWarning]
    /// Files to write beside the effect (textures).
    public var files: [ImportedFile]
    /// Whether the effect's numbers are written exactly rather than rounded to 6 decimals: the
    /// source carries fx's own numbers (Core Animation code as `fx export` writes it), which
    /// must read back the same.
    public var exactNumbers = false

    /// A result.
    public init(effect: ImportedJSON, warnings: [ImportWarning], files: [ImportedFile]) {
        self.effect = effect
        self.warnings = warnings
        self.files = files
    }
}
