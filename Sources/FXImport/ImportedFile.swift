import Foundation

/// A file an import writes beside the effect, such as a texture decoded from the source.
public struct ImportedFile: Equatable, Sendable {
    /// The path relative to the effect file's folder (the name the effect's `textures` uses).
    public var relativePath: String
    /// The bytes to write.
    public var contents: Data

    /// A file to write.
    public init(relativePath: String, contents: Data) {
        self.relativePath = relativePath
        self.contents = contents
    }
}
