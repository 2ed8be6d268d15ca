import Foundation

/// A file an import writes beside the effect, such as a texture decoded from the source.
public struct ImportedFile: Equatable, Sendable {
    /// The path relative to the effect file's folder (the name the effect's `textures` uses).
    public var relativePath: String
    /// The bytes to write.
    public var contents: Data
    /// Whether `contents` is an image in another format (a TIFF embedded in a Particle Designer
    /// file) that the writer must convert to the PNG `relativePath` names. FXImport reads no
    /// pixels; `fx import` converts through SDL_image, an embedding program with its own decoder.
    public var convertsToPNG: Bool

    /// A file to write.
    public init(relativePath: String, contents: Data, convertsToPNG: Bool = false) {
        self.relativePath = relativePath
        self.contents = contents
        self.convertsToPNG = convertsToPNG
    }
}
