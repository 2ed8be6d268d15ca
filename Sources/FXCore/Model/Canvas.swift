/// The drawing surface of an effect.
public struct Canvas: Equatable, Sendable {
    /// Width and height in points, 1…8192 each (default 800 × 600).
    public var size: Size
    /// The color the canvas is cleared to before each frame (default opaque black).
    public var background: Color

    /// The size of a canvas that gives none: 800 × 600 points.
    public static let defaultSize = Size(width: 800, height: 600)

    /// A canvas of the given size and background (by default 800 × 600 points, black).
    public init(size: Size = defaultSize, background: Color = .black) {
        self.size = size
        self.background = background
    }
}
