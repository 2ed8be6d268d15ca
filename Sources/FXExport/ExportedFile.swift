import FXCore

/// A file an export writes: the source or document itself, or an asset beside it.
public struct ExportedFile: Sendable {
    /// What the file holds.
    public enum Contents: Sendable {
        /// Text (source code, XML).
        case text(String)
        /// An image to encode as PNG (a built-in texture rendered at its largest size).
        case image(RGBAImage)
        /// A copy of an existing file (a texture of the effect), by its absolute path.
        case copy(String)
    }

    /// The path relative to the export's output (for a `.ca` bundle, relative to the bundle
    /// folder: `main.caml`, `assets/spark.png`; for code, the source file's own name).
    public var relativePath: String
    /// What to write.
    public var contents: Contents

    /// A file.
    public init(relativePath: String, contents: Contents) {
        self.relativePath = relativePath
        self.contents = contents
    }
}
