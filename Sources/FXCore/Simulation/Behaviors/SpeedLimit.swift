/// fx's `maxSpeed` (pixi-particle-emitter's): after each step's accelerations, a particle's
/// velocity is clamped to the limit, and so is the distance it moved in the step (from the
/// position at the step's start, which the previous-position column holds).
final class SpeedLimit: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterCellKeys.maxSpeed]

    /// pt/s.
    let limit: Float

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> SpeedLimit? {
        let limit = EmitterCellKeys.maxSpeed.number(on: cell)
        return limit > 0 ? SpeedLimit(limit: Float(limit)) : nil
    }

    private init(limit: Float) {
        self.limit = limit
    }

    var needsPreviousPosition: Bool { true }
    /// After every other motion, depth included.
    var passes: [(pass: StepPass, order: Int)] { [(.limits, 1)] }
    /// A particle is held to the limit from its birth, even one born at the step's end.
    func advancesNewborns(in pass: StepPass) -> Bool { true }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        guard let previousX = span.previousX, let previousY = span.previousY else { return }
        Self.apply(span.store, limit: limit, range: span.range, duration: span.duration, previousX: previousX, previousY: previousY)
    }

    /// Clamps the particles in `range` after a step of `duration`.
    static func apply(_ store: ParticleStore, limit: Float, range: Range<Int>, duration: Float,
                      previousX: UnsafeMutablePointer<Float>, previousY: UnsafeMutablePointer<Float>) {
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy, vz = store.vz
        let limit2 = limit * limit
        let distance = limit * duration
        for i in range {
            let speed2 = vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]
            if speed2 > limit2 {
                let factor = limit / speed2.squareRoot()
                vx[i] *= factor; vy[i] *= factor; vz[i] *= factor
            }
            let dx = x[i] - previousX[i], dy = y[i] - previousY[i]
            let moved2 = dx * dx + dy * dy
            if moved2 > distance * distance {
                let factor = distance / moved2.squareRoot()
                x[i] = previousX[i] + dx * factor
                y[i] = previousY[i] + dy * factor
            }
        }
    }
}

extension EmitterCellKeys {
    /// The `maxSpeed` key: the most speed a particle has: its velocity is clamped after each step's accelerations (0:
    /// no limit).
    public static let maxSpeed = PropertyDescriptor(
        behaviorKey: "maxSpeed", .number, range: .nonNegative, unit: "pt/s", default: .number(0),
        "the most speed a particle has: its velocity is clamped after each step's accelerations (0: no limit)")
}
