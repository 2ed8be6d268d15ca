/// fx's rotation of a particle of its own: `rotation` ± `rotationRange` at birth, turned by the
/// emission angle with `rotatesToEmissionAngle` (pixi-particle-emitter's `startRotation`, and
/// its default of sprites facing the way they fly while they spin); `spinAcceleration`; and
/// Particle Designer's end rotation (`endRotation` ± `endRotationRange`, reached linearly over
/// the particle's life, which sets the spin).
final class InitialRotation: ParticleBehavior {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.rotation, EmitterCellKeys.rotationRange, EmitterCellKeys.rotatesToEmissionAngle,
                             EmitterCellKeys.spinAcceleration, EmitterCellKeys.endRotation, EmitterCellKeys.endRotationRange]

    /// The cell's keys (they do not animate, so they are read once).
    let extensions: CellExtensions
    /// The end rotation and its range, or nil.
    let end: (mean: Double, range: Double)?
    /// rad/s², 0 for none (or with an end rotation, which sets the spin).
    let spinAcceleration: Float

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> InitialRotation? {
        let extensions = cell.extensions
        let spinAcceleration = extensions.endRotation == nil ? Float(extensions.spinAcceleration) : 0
        guard extensions.rotation != 0 || extensions.rotationRange != 0 || extensions.rotatesToEmissionAngle || spinAcceleration != 0
                || extensions.endRotation != nil else { return nil }
        return InitialRotation(extensions, spinAcceleration: spinAcceleration)
    }

    private init(_ extensions: CellExtensions, spinAcceleration: Float) {
        self.extensions = extensions
        end = extensions.endRotation.map { ($0, extensions.endRotationRange) }
        self.spinAcceleration = spinAcceleration
    }

    /// The spin changes after the accelerations of position.
    var passes: [(pass: StepPass, order: Int)] { spinAcceleration != 0 ? [(.accelerations, 2)] : [] }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        Self.stepSpin(span.store, acceleration: spinAcceleration, range: span.range, duration: span.duration)
    }

    /// A particle born inside a step gets its rotation at its age in closed form, at its birth.
    var birthHooks: [BirthHook] { [.rotation] }

    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        birth(particle.store, index: particle.index, key: particle.key, random: particle.random, spin: particle.spin,
              emissionAngle: particle.emissionAngle, age: particle.age, lifetime: particle.lifetime)
    }

    /// Particle `i`'s rotation and spin at `age`, born turned by `rotation` ± range/2 (plus
    /// `emissionAngle` with `rotatesToEmissionAngle`) with spin `spin`, which changes by
    /// `spinAcceleration` a second — or, with an end rotation, the spin that takes it there.
    func birth(_ store: ParticleStore, index i: Int, key: UInt64, random: RandomKey, spin: Double, emissionAngle: Double,
               age: Double, lifetime: Double) {
        var start = random.value(mean: extensions.rotation, range: extensions.rotationRange, particle: key, .rotation)
        if extensions.rotatesToEmissionAngle { start += emissionAngle }
        if let end {
            let toEnd = (random.value(mean: end.mean, range: end.range, particle: key, .endRotation) - start) / lifetime
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
    /// The `endRotation` key: the rotation each particle has at its death, reached linearly from its birth rotation;
    /// overrides `spin` and `spinAcceleration`.
    public static let endRotation = PropertyDescriptor(
        "endRotation", .emitterCell, .angle, unit: "rad", spread: endRotationRange.name, default: .none("none: `spin` applies"),
        access: .value(.optionalNumber(\EmitterCell.extensions.endRotation, fallback: { $0.extensions.rotation })),
        "the rotation each particle has at its death, reached linearly from its birth rotation; overrides `spin` and `spinAcceleration`")
    /// The `endRotationRange` key: each end rotation is drawn from `endRotation` ± range/2.
    public static let endRotationRange = PropertyDescriptor(
        "endRotationRange", .emitterCell, .angle, range: .nonNegative, unit: "rad",
        access: .value(.number(\EmitterCell.extensions.endRotationRange)), "each end rotation is drawn from `endRotation` ± range/2")
}
