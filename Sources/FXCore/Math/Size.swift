/// A width and height in points.
public struct Size: Equatable, Hashable, Sendable {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size of 0 by 0.
    public static let zero = Size(width: 0, height: 0)

    /// The size in whole pixels at one pixel per point: the default output of a canvas.
    public var wholePixels: (width: Int, height: Int) { (Int(width.rounded()), Int(height.rounded())) }
}
