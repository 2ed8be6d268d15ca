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

/// A sprite sheet animation: frames laid out in a grid over the cell's `contentsRect`.
public struct SpriteFrames: Sendable, Equatable {
    /// Frames across the grid (1…256 in an effect file).
    public var columns: Int
    /// Frames down the grid (1…256 in an effect file).
    public var rows: Int
    /// Frames used, row by row from the top left (default columns × rows).
    public var count: Int
    /// Frames per second; nil plays the frames once over the particle's life.
    public var framesPerSecond: Double?
    /// With a frame rate: start again after the last frame (true) or hold it.
    public var loops = true

    /// A grid of `columns` × `rows` frames, of which the first `count` play, at `framesPerSecond`
    /// (nil: once over the particle's life), looping by default.
    public init(columns: Int, rows: Int, count: Int, framesPerSecond: Double?, loops: Bool = true) {
        self.columns = columns
        self.rows = rows
        self.count = count
        self.framesPerSecond = framesPerSecond
        self.loops = loops
    }
}

/// fx's extensions to Core Animation's emitter cell, for what SpriteKit, LÖVE, Godot and
/// pixi-particle-emitter users expect: values over a particle's life, forces, animated sprite
/// frames and one-shot bursts. All are off by default, so a plain CA cell behaves as in CA.
public struct CellExtensions: Sendable, Equatable {
    /// LÖVE's linear damping: each step, velocity /= 1 + linearDamping · dt.
    public var linearDamping: Double = 0
    /// Acceleration away from the emitter position (points/s²; negative pulls in), LÖVE's
    /// radial acceleration.
    public var radialAcceleration: Double = 0
    /// Acceleration perpendicular to the radial direction (clockwise on screen for positive
    /// values), LÖVE's tangential acceleration.
    public var tangentialAcceleration: Double = 0
    /// Turn each particle to face its direction of travel (its spin is then ignored).
    public var alignsToVelocity = false
    /// Color (red, green, blue, alpha) over life; overrides `color`, its ranges and speeds.
    public var colorOverLife: LifeSequence<Color>?
    /// Alpha over life; overrides `alphaSpeed` (and the alpha of `colorOverLife`).
    public var alphaOverLife: LifeSequence<Double>?
    /// A factor of the particle's birth scale over life; overrides `scaleSpeed`.
    public var scaleOverLife: LifeSequence<Double>?
    /// Plays the cell's `contentsRect` as a grid of animation frames; nil (the default) draws
    /// the whole rect.
    public var spriteFrames: SpriteFrames?
    /// Particles emitted at once when the cell starts emitting, and again at each burst
    /// (a click in the window, for a layer with `burstsOnClick`).
    public var burstCount: Int = 0

    /// No extensions: no forces, no values over life, no sprite frames, no bursts.
    public init() {}

    /// Whether any force needs the per-step force pass.
    var hasForces: Bool { linearDamping != 0 || radialAcceleration != 0 || tangentialAcceleration != 0 }
}
