/// fx's `velocityOverLife` (pixi-particle-emitter's `speed` list and `moveSpeed` behaviour): a
/// factor on the particle's velocity over its life. The particle moves at velocity ×
/// factor(age / lifetime); accelerations still change the velocity itself. A step's
/// displacement, from the position at its start (which the previous-position column holds) to
/// where the other forces took it, is scaled by the factor at the step's midpoint.
final class VelocityOverLife: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterCellKeys.velocityOverLife]

    /// The factors, as a table.
    let curve: LifeCurve

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> VelocityOverLife? {
        cell.extensions.velocityOverLife.map { VelocityOverLife(curve: LifeCurve($0) { [Float($0)] }) }
    }

    private init(curve: LifeCurve) {
        self.curve = curve
    }

    var needsPreviousPosition: Bool { true }
    /// After the particle's own accelerations, which move it too.
    var passes: [(pass: StepPass, order: Int)] { [(.accelerations, 1)] }
    func advancesNewborns(in pass: StepPass) -> Bool { true }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        guard let previousX = span.previousX, let previousY = span.previousY else { return }
        Self.apply(span.store, curve: curve, range: span.range, duration: span.duration, end: span.end,
                   previousX: previousX, previousY: previousY)
    }

    /// Scales the displacement of the particles in `range` over a step of `duration` ending at
    /// layer time `end` by the curve at each one's normalized age at the step's middle.
    static func apply(_ store: ParticleStore, curve: LifeCurve, range: Range<Int>, duration: Float, end: Double,
                      previousX: UnsafeMutablePointer<Float>, previousY: UnsafeMutablePointer<Float>) {
        let x = store.x, y = store.y, age = store.age, deathTime = store.deathTime
        let half = Double(duration) / 2
        for i in range {
            let t = LifeSequences.normalizedAge(age: Double(age[i]) - half, deathTime: deathTime[i], now: end - half)
            let factor = curve.value(at: t)
            x[i] = previousX[i] + (x[i] - previousX[i]) * factor
            y[i] = previousY[i] + (y[i] - previousY[i]) * factor
        }
    }
}

extension EmitterCellKeys {
    /// The `velocityOverLife` key: `{"values": [factors], "times": [0…1], "interpolation": "linear" | "step"}` as
    /// `scaleOverLife`: the particle moves at its velocity × the factor at its normalized age (0.5 moves it half as
    /// far); accelerations still change the velocity itself.
    public static let velocityOverLife = PropertyDescriptor(
        "velocityOverLife", .emitterCell, .structure, default: .none("none"), members: LifeSequenceKeys.all,
        examples: ["{\"values\": [1, 0.2]}"],
        "`{\"values\": [factors], \"times\": [0…1], \"interpolation\": \"linear\" | \"step\"}` as `scaleOverLife`: the particle moves at its velocity × the factor at its normalized age (0.5 moves it half as far); accelerations still change the velocity itself")
}
