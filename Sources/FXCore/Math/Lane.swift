/// A number, or several side by side (a SIMD vector): what a rule of the simulation is written
/// over once, so that the simulation's scalar code and the draw list's eight-lane column loop
/// run the same operations in the same order — and get the same bits. Choices are made with
/// masks (``choose(_:where:else:)``) rather than branches, so a lane computes both sides and
/// keeps one; for a scalar that is the branch.
protocol Lane {
    /// A choice per lane.
    associatedtype Mask
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func / (lhs: Self, rhs: Self) -> Self
    /// 2 in every lane.
    static var two: Self { get }
    /// `value` in the lanes where `mask` is set, `other` elsewhere.
    static func choose(_ value: Self, where mask: Mask, else other: Self) -> Self
    /// Where `value` > 0.
    static func isPositive(_ value: Self) -> Mask
    /// Where `value` ≤ `limit`.
    static func isAtMost(_ value: Self, _ limit: Self) -> Mask
    /// Where both masks are set.
    static func both(_ first: Mask, _ second: Mask) -> Mask
    /// min(max(self, 0), 1), as Swift's `min` and `max` choose (NaN stays NaN).
    var clampedToUnit: Self { get }
}

extension Float: Lane {
    static var two: Float { 2 }
    @inline(__always) static func choose(_ value: Float, where mask: Bool, else other: Float) -> Float { mask ? value : other }
    @inline(__always) static func isPositive(_ value: Float) -> Bool { value > 0 }
    @inline(__always) static func isAtMost(_ value: Float, _ limit: Float) -> Bool { value <= limit }
    @inline(__always) static func both(_ first: Bool, _ second: Bool) -> Bool { first && second }
    var clampedToUnit: Float { min(max(self, 0), 1) }
}

extension Double: Lane {
    static var two: Double { 2 }
    @inline(__always) static func choose(_ value: Double, where mask: Bool, else other: Double) -> Double { mask ? value : other }
    @inline(__always) static func isPositive(_ value: Double) -> Bool { value > 0 }
    @inline(__always) static func isAtMost(_ value: Double, _ limit: Double) -> Bool { value <= limit }
    @inline(__always) static func both(_ first: Bool, _ second: Bool) -> Bool { first && second }
    var clampedToUnit: Double { min(max(self, 0), 1) }
}

extension SIMD8: Lane where Scalar == Float {
    typealias Mask = SIMDMask<SIMD8<Int32>>
    static var two: SIMD8<Float> { SIMD8(repeating: 2) }
    @inline(__always) static func choose(_ value: SIMD8<Float>, where mask: Mask, else other: SIMD8<Float>) -> SIMD8<Float> {
        other.replacing(with: value, where: mask)
    }
    @inline(__always) static func isPositive(_ value: SIMD8<Float>) -> Mask { value .> 0 }
    @inline(__always) static func isAtMost(_ value: SIMD8<Float>, _ limit: SIMD8<Float>) -> Mask { value .<= limit }
    @inline(__always) static func both(_ first: Mask, _ second: Mask) -> Mask { first .& second }
    /// Swift's `max(x, 0)` is `0 >= x ? 0 : x`, and `min(y, 1)` is `1 < y ? 1 : y`: the same
    /// choices in lanes, so that a NaN stays NaN as it does in a scalar.
    var clampedToUnit: SIMD8<Float> {
        let zero = SIMD8<Float>(repeating: 0), one = SIMD8<Float>(repeating: 1)
        let atLeastZero = Self.choose(zero, where: zero .>= self, else: self)
        return Self.choose(one, where: one .< atLeastZero, else: atLeastZero)
    }
}
