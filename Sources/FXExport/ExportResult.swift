/// What an export made: the files to write and the warnings about what Core Animation could
/// not express.
public struct ExportResult: Sendable {
    /// The files, the main one first (the `.swift`/`.m` source, or the bundle's `main.caml`).
    public var files: [ExportedFile]
    /// Every fx key approximated or dropped, in the effect file's order.
    public var warnings: [ExportWarning]
    /// Whether the output is a folder (a `.ca` bundle) rather than one file.
    public var isBundle: Bool

    /// A result.
    public init(files: [ExportedFile], warnings: [ExportWarning], isBundle: Bool) {
        self.files = files
        self.warnings = warnings
        self.isBundle = isBundle
    }
}
