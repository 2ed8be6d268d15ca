/// One behavior of pixi-particle-emitter's v5 format (`{"type", "config"}`), as the importer's
/// one model of both formats: the legacy format is turned into these first, as pixi's own
/// `upgradeConfig` does, and the mapping reads only these.
enum PixiBehavior {
    /// `alpha`: alpha over life.
    case alpha(PixiValueList<Double>)
    /// `alphaStatic`.
    case alphaStatic(Double)
    /// `scale`: a list of scales over life, each particle's multiplied by a factor in minMult…1.
    case scale(PixiValueList<Double>, minimumMultiplier: Double)
    /// `scaleStatic`: a scale in min…max.
    case scaleStatic(min: Double, max: Double)
    /// `color`: tint over life.
    case color(PixiValueList<PixiColor>)
    /// `colorStatic`.
    case colorStatic(PixiColor)
    /// `moveSpeed`: a speed list over life, each particle's multiplied by a factor in minMult…1,
    /// along the particle's direction at birth.
    case moveSpeed(PixiValueList<Double>, minimumMultiplier: Double)
    /// `moveSpeedStatic`: a speed in min…max.
    case moveSpeedStatic(min: Double, max: Double)
    /// `moveAcceleration`: a start speed in minStart…maxStart, a constant acceleration, an
    /// optional speed limit, and whether the sprite turns to its velocity.
    case moveAcceleration(x: Double, y: Double, minStart: Double, maxStart: Double, rotate: Bool, maxSpeed: Double)
    /// `movePath`: motion along a function of x (the path is not carried over; its speed list is).
    case movePath(PixiValueList<Double>, minimumMultiplier: Double)
    /// `rotation`: start rotation minStart…maxStart (deg, added to the spawn angle, so it turns
    /// the direction of travel too), spin minSpeed…maxSpeed (deg/s), spin acceleration (deg/s²).
    case rotation(minStart: Double, maxStart: Double, minSpeed: Double, maxSpeed: Double, acceleration: Double)
    /// `rotationStatic`: start rotation min…max (deg).
    case rotationStatic(min: Double, max: Double)
    /// `noRotation`: the sprite is set to this rotation (deg) after the direction is chosen.
    case noRotation(Double)
    /// `blendMode`: a PixiJS blend mode name.
    case blendMode(String)
    /// `textureSingle`.
    case textureSingle(String)
    /// `textureRandom`: one per particle, at random.
    case textureRandom([String])
    /// `textureOrdered`: one per particle, in turn.
    case textureOrdered([String])
    /// `animatedSingle` / `animatedRandom`: frame animations (their first frames are used).
    case animated(type: String, firstFrames: [String])
    /// `spawnPoint`.
    case spawnPoint
    /// `spawnBurst`: particle i of a wave at angle start + i · spacing (deg), or at random
    /// when spacing is 0, `distance` out along it.
    case spawnBurst(start: Double, spacing: Double, distance: Double)
    /// `spawnShape`.
    case spawnShape(PixiShape)
    /// A type pixi does not ship (a custom behavior registered in code).
    case unknown(String)
}

/// A pixi spawn shape.
enum PixiShape {
    /// `rect`: uniform in x…x+w, y…y+h.
    case rectangle(x: Double, y: Double, width: Double, height: Double)
    /// `torus` (or `circle`): a radius uniform in innerRadius…radius (not by area) at a uniform
    /// angle around (x, y); `affectRotation` adds that angle to the particle's rotation, so it
    /// moves outward.
    case torus(x: Double, y: Double, radius: Double, innerRadius: Double, affectsRotation: Bool)
    /// `polygonalChain`: uniform by length along chains of points.
    case polygonalChain([[(x: Double, y: Double)]])
}

/// A behavior with where it was written.
struct PixiBehaviorEntry {
    /// The behavior.
    var behavior: PixiBehavior
    /// Its `type` as written (or the legacy key it came from).
    var type: String
    /// Its line in the source.
    var line: Int
}
