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
    /// Radians between the particles of a burst: particle i of each burst is emitted at
    /// `emissionLongitude + i · burstSpacing` (its `emissionRange` still spreads it); 0 keeps
    /// random angles.
    public var burstSpacing: Double = 0
    /// For a sub-cell: emit through the parent's life (Core Animation's way), or
    /// `burstCount` at its birth or its death.
    public var emitOn: EmitOn = .life
    /// A ribbon through each particle's past positions; nil (the default) draws none and keeps
    /// no history.
    public var trail: Trail?

    /// Particle Designer's radial mode: the particle circles its birth origin instead of
    /// moving by its velocity; nil (the default) does not orbit.
    public var orbit: Orbit?

    /// A curl-noise field added to the particles' acceleration; nil (the default) has none.
    public var turbulence: Turbulence?

    /// Paper tumbling when drawn (a wobble and a tilt); nil (the default) draws plain quads.
    public var flutter: Flutter?
    /// Colors each particle picks its base color from (`paletteOrder` says how); replaces
    /// `color` when not empty. The color ranges and speeds still apply on top.
    public var colors: [Color] = []
    /// Textures each particle draws one of (`paletteOrder` says how, independently of `colors`);
    /// replaces `contents` when not empty.
    public var contentsChoices: [TextureReference] = []
    /// How particles pick their entry of `colors` and of `contentsChoices`.
    public var paletteOrder: PaletteOrder = .random
    /// The color each particle reaches at its death, linearly from its birth color, each
    /// channel drawn within the end ranges; nil (the default) keeps the color speeds.
    public var endColor: Color?
    /// The spreads of `endColor`'s channels, drawn from the end color's ± range/2.
    public var endRedRange: Double = 0, endGreenRange: Double = 0, endBlueRange: Double = 0, endAlphaRange: Double = 0
    /// The scale each particle reaches at its death, linearly from its birth scale, drawn
    /// within `endScaleRange`; nil (the default) keeps `scaleSpeed`.
    public var endScale: Double?
    /// The spread of `endScale`.
    public var endScaleRange: Double = 0
    /// The rotation (radians) each particle reaches at its death, linearly from its birth
    /// rotation, drawn within `endRotationRange`; nil (the default) keeps `spin`.
    public var endRotation: Double?
    /// The spread of `endRotation`, radians.
    public var endRotationRange: Double = 0
    /// Each particle's rotation at birth, radians, drawn within `rotationRange`.
    public var rotation: Double = 0
    /// The spread of `rotation`, radians.
    public var rotationRange: Double = 0
    /// Start each particle turned by its emission angle (plus `rotation`), still spinning.
    public var rotatesToEmissionAngle = false
    /// A factor on each particle's velocity over its life: it moves at velocity × factor.
    public var velocityOverLife: LifeSequence<Double>?
    /// The change of each particle's spin per second, radians/s².
    public var spinAcceleration: Double = 0
    /// The spreads of each particle's own accelerations around the cell's: drawn at birth from
    /// the cell's value ± range/2 (points/s²).
    public var xAccelerationRange: Double = 0, yAccelerationRange: Double = 0, zAccelerationRange: Double = 0
    /// The spreads of each particle's own radial and tangential accelerations, points/s².
    public var radialAccelerationRange: Double = 0, tangentialAccelerationRange: Double = 0
    /// The values of the keys that particle behaviours declare for themselves, by key (see
    /// `PropertyDescriptor(behaviorKey:...)`, internal to FXCore): a key
    /// added with its behaviour needs no field here. A key not written is absent and reads
    /// as its declared default.
    public var behaviorValues: [String: AnimatableValue] = [:]

    /// No extensions: no forces, no values over life, no sprite frames, no bursts, no trail, no
    /// turbulence, no flutter.
    public init() {}

    /// Whether any force needs the per-step force pass.
    var hasForces: Bool { linearDamping != 0 || radialAcceleration != 0 || tangentialAcceleration != 0 }

    /// Whether the turbulence pass runs (a strength of 0 costs nothing).
    var hasTurbulence: Bool { turbulence?.isActive ?? false }
}
