/// A cell's orbit: Particle Designer's radial emitter mode (cocos2d's `Mode::RADIUS`), the
/// `orbit` key (fx extension).
///
/// Each particle circles its birth origin — the emitter position plus its offset on the
/// emission shape — at a radius that goes linearly, over its own life, from its start radius
/// to its end radius, at an angle that starts at its emission angle and turns at its rotation
/// speed. The cell's velocity and accelerations do not move it.
public struct Orbit: Sendable, Equatable {
    /// The radius at birth, points.
    public var startRadius: Double
    /// Each particle's start radius is drawn from `startRadius` ± range/2.
    public var startRadiusRange: Double
    /// The radius at death, points; nil keeps each particle at its own start radius
    /// (cocos2d's `START_RADIUS_EQUAL_TO_END_RADIUS`).
    public var endRadius: Double?
    /// Each particle's end radius is drawn from `endRadius` ± range/2.
    public var endRadiusRange: Double
    /// How fast the angle turns, radians per second (positive is clockwise on screen).
    public var rotationSpeed: Double
    /// Each particle's rotation speed is drawn from `rotationSpeed` ± range/2.
    public var rotationSpeedRange: Double

    /// An orbit of `startRadius` points shrinking or growing to `endRadius` (nil: staying at
    /// the start radius), turning at `rotationSpeed` radians per second.
    public init(startRadius: Double = 0, startRadiusRange: Double = 0, endRadius: Double? = nil, endRadiusRange: Double = 0,
                rotationSpeed: Double = 0, rotationSpeedRange: Double = 0) {
        self.startRadius = startRadius
        self.startRadiusRange = startRadiusRange
        self.endRadius = endRadius
        self.endRadiusRange = endRadiusRange
        self.rotationSpeed = rotationSpeed
        self.rotationSpeedRange = rotationSpeedRange
    }
}
