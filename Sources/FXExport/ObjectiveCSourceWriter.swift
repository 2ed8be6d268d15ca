/// Writes a ``CoreAnimationDocument`` as one Objective-C file: a function that builds and
/// returns the root layer with Core Animation's API.
enum ObjectiveCSourceWriter: CoreAnimationWriter {
    static func files(for document: CoreAnimationDocument, name: String) -> [ExportedFile] {
        [ExportedFile(relativePath: name + ".m", contents: .text("// TODO\n"))]
    }
}
