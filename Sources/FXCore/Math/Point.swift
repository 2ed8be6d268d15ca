/// A point or vector in points, origin top-left, y down (as on iOS).
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, in points, increasing to the right.
    public var x: Double
    /// The vertical coordinate, in points, increasing downwards.
    public var y: Double

    /// The point (`x`, `y`), in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    public var description: String { "[\(x), \(y)]" }
}

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
