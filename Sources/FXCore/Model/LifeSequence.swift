/// Values over a particle's life (`colorOverLife`, `alphaOverLife`, `scaleOverLife`): keys at
/// normalized ages 0…1, as SpriteKit's keyframe sequences and LÖVE's color lists.
public struct LifeSequence<Value: Sendable & Equatable>: Sendable, Equatable {
    /// How values between keys are found (the file's `interpolation`).
    public enum Interpolation: String, CaseIterable, Sendable {
        /// Values blend between keys.
        case linear
        /// Each value holds until the next key (SpriteKit's `.step`).
        case step
    }

    /// Values at normalized ages `times` (0 at birth, 1 at death), increasing.
    public var values: [Value]
    /// The normalized ages of the keys, one per value, increasing in 0…1 (evenly spaced when the
    /// file leaves them out).
    public var times: [Double]
    /// Blend between keys or step from one to the next (default `.linear`).
    public var interpolation: Interpolation = .linear

    /// A sequence of `values` at `times` (non-decreasing, 0…1). When the two lists differ in
    /// length, the values are spaced evenly over the life instead.
    /// - Precondition: `values` is not empty.
    public init(values: [Value], times: [Double], interpolation: Interpolation = .linear) {
        precondition(!values.isEmpty, "a LifeSequence needs at least one value")
        self.values = values
        self.times = times.count == values.count ? times
            : values.indices.map { values.count == 1 ? 0 : Double($0) / Double(values.count - 1) }
        self.interpolation = interpolation
    }
}
