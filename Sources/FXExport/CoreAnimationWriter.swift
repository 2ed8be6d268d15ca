/// Prints a ``CoreAnimationDocument`` in one format: the Swift and Objective-C source writers
/// and the CAML bundle writer.
protocol CoreAnimationWriter {
    /// The files of `document`, the main one first (the source file, or the bundle's
    /// `main.caml`, then `index.xml` and the assets). `name` is the main file's name without
    /// its extension (`confetti`).
    static func files(for document: CoreAnimationDocument, name: String) -> [ExportedFile]
}
