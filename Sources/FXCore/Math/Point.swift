/// A point or vector in points, origin top-left, y down (as on iOS).
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "[\(x), \(y)]" }
}

/// A width and height in points.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// The size in whole pixels at one pixel per point: the default output of a canvas.
    public var wholePixels: (width: Int, height: Int) { (Int(width.rounded()), Int(height.rounded())) }
}

/// An origin and a size, in points.
public struct Rect: Equatable, Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The unit rectangle: Core Animation's default `contentsRect`.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)
}
