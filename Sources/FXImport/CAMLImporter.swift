import Foundation

/// CAML, Core Animation's own document format: the XML of `main.caml` in a `.ca` bundle
/// folder, which iOS wallpaper tools and Apple's own assets use. `fx import Foo.ca` reads the
/// bundle's `main.caml` and its images; `fx import Foo.ca/main.caml` does the same. The layer
/// tree, its geometry, images, colors, transforms, emitters, replicators, gradients, shapes,
/// text and animations map onto fx's keys by their Core Animation names (see ``CAMLMapping``
/// and docs/importing.md).
public enum CAMLImporter: Importer {
    public static let format = ImportFormat.caml

    /// A `.caml` file or `.ca` bundle, or XML whose root is `<caml`.
    public static func detects(_ source: ImportSource) -> Bool {
        let ext = URL(fileURLWithPath: source.path).pathExtension.lowercased()
        if ext == "caml" || ext == "ca" { return true }
        let head = String(decoding: source.data.prefix(4096), as: UTF8.self)
        return head.contains("<caml") && head.contains("CoreAnimation")
    }

    public static func makeEffect(from sources: [ImportSource], name: String) throws -> ImportResult {
        guard sources.count == 1 else { throw ImportError.tooManyFiles(format: format.rawValue, count: sources.count) }
        var mapping = CAMLMapping(source: sources[0], name: name)
        return try mapping.run()
    }
}
