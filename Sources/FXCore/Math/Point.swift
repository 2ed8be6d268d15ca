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
