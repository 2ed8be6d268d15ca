/// fx's extensions to Core Animation's emitter cell, for what SpriteKit, LÖVE, Godot and
/// pixi-particle-emitter users expect: values over a particle's life, forces, animated sprite
/// frames, one-shot bursts and trails. All are off by default, so a plain CA cell behaves as in CA.
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
    /// Seconds between repeated bursts of `burstCount`; 0 bursts once.
    public var burstInterval: Double = 0
    /// How many bursts in all, the first included; 0 repeats while the cell is active.
    public var burstCycles: Int = 0
    /// For a sub-cell: emit through the parent's life (Core Animation's way), or
    /// `burstCount` at its birth or its death.
    public var emitOn: EmitOn = .life
    /// A ribbon through each particle's past positions; nil (the default) draws none and keeps
    /// no history.
    public var trail: Trail?

    /// A curl-noise field added to the particles' acceleration; nil (the default) has none.
    public var turbulence: Turbulence?

    /// Paper tumbling when drawn (a wobble and a tilt); nil (the default) draws plain quads.
    public var flutter: Flutter?

    /// No extensions: no forces, no values over life, no sprite frames, no bursts, no trail, no
    /// turbulence, no flutter.
    public init() {}

    /// Whether any force needs the per-step force pass.
    var hasForces: Bool { linearDamping != 0 || radialAcceleration != 0 || tangentialAcceleration != 0 }

    /// Whether the turbulence pass runs (a strength of 0 costs nothing).
    var hasTurbulence: Bool { turbulence?.isActive ?? false }
}
