/// fx's initial rotation: `rotation` ± `rotationRange` at birth, turned by the emission angle
/// with `rotatesToEmissionAngle` (pixi-particle-emitter's `startRotation`, and its default of
/// sprites facing the way they fly while they spin); and `spinAcceleration`.
enum InitialRotation {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.rotation, EmitterCellKeys.rotationRange, EmitterCellKeys.rotatesToEmissionAngle,
                             EmitterCellKeys.spinAcceleration]
}

extension InitialRotation {
    /// Particle `i`'s rotation and spin at `age`, born turned by `rotation` ± range/2 (plus
    /// `emissionAngle` with `rotatesToEmissionAngle`) with spin `spin`, which changes by
    /// `spinAcceleration` a second — or, with an end rotation, the spin that takes it there.
    static func birth(_ store: ParticleStore, index i: Int, key: UInt64, random: RandomKey, spin: Double, emissionAngle: Double,
                      age: Double, lifetime: Double, extensions: CellExtensions, ends: EndValues?) {
        var start = random.value(mean: extensions.rotation, range: extensions.rotationRange, particle: key, .rotation)
        if extensions.rotatesToEmissionAngle { start += emissionAngle }
        if let toEnd = ends?.spin(start: start, lifetime: lifetime, key: key, random: random) {
            store.spin[i] = Float(toEnd)
            store.rotation[i] = Float(start + toEnd * age)
            return
        }
        let acceleration = extensions.spinAcceleration
        store.spin[i] = Float(spin + acceleration * age)
        store.rotation[i] = Float(start + spin * age + acceleration * age * age / 2)
    }

    /// Adds `acceleration` (rad/s²) to the spin of the particles in `range` over a step of
    /// `duration` that has already turned them at their spin at its start.
    static func stepSpin(_ store: ParticleStore, acceleration: Float, range: Range<Int>, duration: Float) {
        let rotation = store.rotation, spin = store.spin
        let half = acceleration * duration * duration / 2, change = acceleration * duration
        for i in range {
            rotation[i] += half
            spin[i] += change
        }
    }
}

extension EmitterCellKeys {
    /// The `rotation` key: each particle's rotation at birth (positive is clockwise on screen); spin turns it from
    /// there.
    public static let rotation = PropertyDescriptor(
        "rotation", .emitterCell, .angle, unit: "rad", spread: rotationRange.name, access: .value(.number(\EmitterCell.extensions.rotation)),
        "each particle's rotation at birth (positive is clockwise on screen); spin turns it from there")
    /// The `rotationRange` key: each birth rotation is drawn from `rotation` ± range/2.
    public static let rotationRange = PropertyDescriptor(
        "rotationRange", .emitterCell, .angle, range: .nonNegative, unit: "rad", access: .value(.number(\EmitterCell.extensions.rotationRange)),
        "each birth rotation is drawn from `rotation` ± range/2")
    /// The `rotatesToEmissionAngle` key: each particle starts turned by its own emission angle (plus `rotation` ±
    /// range/2), and keeps spinning.
    public static let rotatesToEmissionAngle = PropertyDescriptor(
        "rotatesToEmissionAngle", .emitterCell, .boolean, access: .value(.bool(\EmitterCell.extensions.rotatesToEmissionAngle)),
        "each particle starts turned by its own emission angle (plus `rotation` ± range/2), and keeps spinning")
    /// The `spinAcceleration` key: each particle's spin changes by this much per second (ignored with `endRotation`).
    public static let spinAcceleration = PropertyDescriptor(
        "spinAcceleration", .emitterCell, .angle, unit: "rad/s²", access: .value(.number(\EmitterCell.extensions.spinAcceleration)),
        "each particle's spin changes by this much per second (ignored with `endRotation`)")
}
