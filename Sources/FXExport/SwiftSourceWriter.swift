/// Writes a ``CoreAnimationDocument`` as one Swift file: a function that builds and returns the
/// root layer with Core Animation's API.
enum SwiftSourceWriter: CoreAnimationWriter {
    static func files(for document: CoreAnimationDocument, name: String) -> [ExportedFile] {
        [ExportedFile(relativePath: name + ".swift", contents: .text("// TODO\n"))]
    }
}
