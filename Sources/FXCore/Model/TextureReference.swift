/// Where a particle's image comes from: one of the built-in procedural textures, or a PNG file.
public enum TextureReference: Hashable, Sendable, CustomStringConvertible {
    /// One of the procedural textures every install has (`circle`, `disc`, `spark`, …).
    case builtin(BuiltinTexture)
    /// A file, by the location the effect's resources gave it (an absolute path for files on
    /// disk), with the image's pixel size read from its header at load time.
    case file(path: String, width: Int, height: Int)
    /// An animated GIF, by its location, with its size; frames are picked by ``DrawBatch/textureFrame``.
    case animation(path: String, width: Int, height: Int)
    /// A rectangle of an image file (an atlas frame, declared under `textures` as
    /// `{"path": …, "frame": [x, y, width, height]}`), in the image's pixels from its top-left
    /// corner: drawn as if it were an image of its own.
    case atlasFrame(path: String, x: Int, y: Int, width: Int, height: Int)

    /// The image's size in pixels: a particle's size in points at scale 1 and `contentsScale` 1.
    public var pixelSize: Size {
        switch self {
        case .builtin(let texture): return texture.pixelSize
        case .file(_, let width, let height), .animation(_, let width, let height), .atlasFrame(_, _, _, let width, let height):
            return Size(width: Double(width), height: Double(height))
        }
    }

    public var description: String {
        switch self {
        case .builtin(let texture): return texture.rawValue
        case .file(let path, _, _), .animation(let path, _, _): return path
        case .atlasFrame(let path, let x, let y, let width, let height): return "\(path) [\(x), \(y), \(width), \(height)]"
        }
    }
}
