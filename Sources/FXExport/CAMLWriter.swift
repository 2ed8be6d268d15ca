/// Writes a ``CoreAnimationDocument`` as a `.ca` bundle: `main.caml`, `index.xml` naming it as
/// the root document, and `assets/` with the images.
enum CAMLWriter: CoreAnimationWriter {
    static func files(for document: CoreAnimationDocument, name: String) -> [ExportedFile] {
        [ExportedFile(relativePath: "main.caml", contents: .text("<!-- TODO -->\n"))]
    }
}
