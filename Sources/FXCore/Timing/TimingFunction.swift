/// A cubic Bézier from (0, 0) to (1, 1), Core Animation's `CAMediaTimingFunction`: maps the
/// fraction of time elapsed to the fraction of the change applied.
public struct TimingFunction: Equatable, Sendable {
    /// x of the first control point: a fraction of the time, in 0…1.
    public var c1x: Double
    /// y of the first control point: a fraction of the change (outside 0…1 overshoots).
    public var c1y: Double
    /// x of the second control point: a fraction of the time, in 0…1.
    public var c2x: Double
    /// y of the second control point: a fraction of the change (outside 0…1 overshoots).
    public var c2y: Double

    /// The curve with control points (c1x, c1y) and (c2x, c2y), as
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }

    /// `kCAMediaTimingFunctionLinear`: the change is proportional to the time.
    public static let linear = TimingFunction(0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: starts slowly, then speeds up.
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: starts quickly, then slows down.
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: slow at both ends, quickest in the middle.
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The name of the timing function of an animation that gives none.
    public static let linearName = "linear"

    /// The names effect files use, in Core Animation's order (linear first).
    public static let names = [linearName, "easeIn", "easeOut", "easeInEaseOut", "default"]

    /// The names effect files use.
    public static let named: [String: TimingFunction] = [
        linearName: .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    /// y at x, with x(s) = x solved for the curve parameter s until it stops changing (Newton's
    /// method, falling back to bisection where the slope is flat), well inside 1e-6 in y.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        let s = solveParameter(for: x)
        return Self.bezier(s, c1y, c2y)
    }

    private func solveParameter(for x: Double) -> Double {
        // Newton's method until the parameter stops moving; it converges in a few steps where
        // the curve's x has a healthy slope.
        var s = x
        for _ in 0..<20 {
            let slope = Self.derivative(s, c1x, c2x)
            if abs(slope) < 1e-9 { break }
            let change = (Self.bezier(s, c1x, c2x) - x) / slope
            s -= change
            if !(0...1).contains(s) { break }
            if abs(change) < 1e-14 { return s }
        }
        // Bisection, where Newton's method strays: x(s) is monotonic for control x in 0…1.
        var low = 0.0, high = 1.0
        while high - low > 1e-15 {
            let middle = (low + high) / 2
            if Self.bezier(middle, c1x, c2x) < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// One coordinate of the Bézier with end points 0 and 1: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s
    }

    static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * p1 + 6 * inverse * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
