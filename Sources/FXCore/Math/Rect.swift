/// An origin and a size, in points.
public struct Rect: Equatable, Hashable, Sendable {
    /// The top-left corner (y points down), in points (in unit coordinates for a `contentsRect`).
    public var origin: Point
    /// The width and height, in points (in unit coordinates for a `contentsRect`).
    public var size: Size

    /// The rectangle with its origin at (`x`, `y`) and a size of `width` by `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The unit rectangle: Core Animation's default `contentsRect`.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)
}
