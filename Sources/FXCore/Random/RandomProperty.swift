/// The properties a particle draws a random value for. Each has its own stream, so adding a
/// draw for one property never shifts the values of another.
public enum RandomProperty: UInt64, Sendable {
    /// The particle's lifetime, drawn within `lifetimeRange`.
    case lifetime = 1
    /// The particle's initial speed, drawn within `velocityRange`.
    case velocity
    /// The emission direction in the x-y plane, drawn within `emissionRange`.
    case emissionLongitude
    /// Reserved for a random emission latitude; no property draws it at present (the latitude
    /// is taken as written), but the case keeps its stream so later ones do not shift.
    case emissionLatitude
    /// The particle's birth scale, drawn within `scaleRange`.
    case scale
    /// The particle's spin, drawn within `spinRange`.
    case spin
    /// The red channel at birth, drawn within `redRange`.
    case red
    /// The green channel at birth, drawn within `greenRange`.
    case green
    /// The blue channel at birth, drawn within `blueRange`.
    case blue
    /// The alpha at birth, drawn within `alphaRange`.
    case alpha
    /// The first coordinate of the birth position on the emitter shape: along x, along the
    /// outline, or the angle around a circle or sphere.
    case positionU
    /// The second coordinate of the birth position on the emitter shape: along y, the radius in
    /// a circle, or the height on a sphere.
    case positionV
    /// The third coordinate of the birth position: depth in a cuboid, or the radius in a sphere.
    case positionW
    /// Which corner or face of the emitter shape a particle is born on (`points` and
    /// `outline` modes).
    case vertex
    /// The lattice of a cell's turbulence noise (one field per cell, shared by its particles:
    /// drawn with particle 0).
    case turbulence
    /// Which entry of a cell's `colors` a particle takes (`paletteOrder: random`).
    case colorChoice
    /// Which entry of a cell's `contentsChoices` a particle takes (`paletteOrder: random`).
    case contentsChoice
    /// The initial rotation, drawn within `rotationRange`.
    case rotation
    /// The red channel at death, drawn within `endRedRange`.
    case endRed
    /// The green channel at death, drawn within `endGreenRange`.
    case endGreen
    /// The blue channel at death, drawn within `endBlueRange`.
    case endBlue
    /// The alpha at death, drawn within `endAlphaRange`.
    case endAlpha
    /// The scale at death, drawn within `endScaleRange`.
    case endScale
    /// The rotation at death, drawn within `endRotationRange`.
    case endRotation
    /// The particle's own x acceleration, drawn within `xAccelerationRange`.
    case xAcceleration
    /// The particle's own y acceleration, drawn within `yAccelerationRange`.
    case yAcceleration
    /// The particle's own z acceleration, drawn within `zAccelerationRange`.
    case zAcceleration
    /// The particle's own radial acceleration, drawn within `radialAccelerationRange`.
    case radialAcceleration
    /// The particle's own tangential acceleration, drawn within `tangentialAccelerationRange`.
    case tangentialAcceleration
    /// A particle's orbit start radius, drawn within `orbit.startRadiusRange`.
    case orbitStartRadius
    /// A particle's orbit end radius, drawn within `orbit.endRadiusRange`.
    case orbitEndRadius
    /// A particle's orbit rotation speed, drawn within `orbit.rotationSpeedRange`.
    case orbitRotationSpeed
}
