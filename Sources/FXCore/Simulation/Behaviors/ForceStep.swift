#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One step of motion for a cell with forces: constant acceleration (`xAcceleration`,
/// `yAcceleration`), LÖVE's radial and tangential acceleration about the emitter, and linear
/// damping.
///
/// Damping is taken as exponential decay, dv/dt = A − k·v, solved exactly over the step (LÖVE's
/// per-step v /= 1 + k·dt is its first-order form, which depends on the step rate). The radial
/// and tangential parts depend on the position, so they are taken at the step's midpoint
/// (predicted from the current velocity) and held over the step: a second-order method, so
/// runs at different step rates converge on the same motion. Without radial and tangential
/// parts the result is exact at any step rate.
struct ForceStep {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.linearDamping, EmitterCellKeys.radialAcceleration, EmitterCellKeys.tangentialAcceleration]

    let gravityX: Float, gravityY: Float
    let radial: Float, tangential: Float
    let originX: Float, originY: Float
    let halfDuration: Float
    /// v₁ = v₀·decay + A·gain; x₁ = x₀ + v₀·gain + A·accelerationFactor.
    let decay: Float, gain: Float, accelerationFactor: Float

    init(duration: Double, gravityX: Float, gravityY: Float, origin: Point, radial: Float, tangential: Float, damping: Double) {
        self.gravityX = gravityX
        self.gravityY = gravityY
        self.radial = radial
        self.tangential = tangential
        originX = Float(origin.x)
        originY = Float(origin.y)
        halfDuration = Float(duration / 2)
        let k = damping, dt = duration
        if k * dt < 1e-4 {
            // Series, where the closed forms cancel: e^(−kt) ≈ 1 − kt + (kt)²/2.
            decay = Float(1 - k * dt + k * k * dt * dt / 2)
            gain = Float(dt * (1 - k * dt / 2))
            accelerationFactor = Float(dt * dt / 2 * (1 - k * dt / 3))
        } else {
            let gainValue = -expm1(-k * dt) / k
            decay = Float(exp(-k * dt))
            gain = Float(gainValue)
            accelerationFactor = Float((dt - gainValue) / k)
        }
    }

    /// Moves one particle by the step.
    @inline(__always)
    func apply(x: inout Float, y: inout Float, vx: inout Float, vy: inout Float) {
        if radial != 0 || tangential != 0 { applyPushed(x: &x, y: &y, vx: &vx, vy: &vy) } else { applyDamped(x: &x, y: &y, vx: &vx, vy: &vy) }
    }

    /// Constant acceleration and damping only: exact.
    @inline(__always)
    private func applyDamped(x: inout Float, y: inout Float, vx: inout Float, vy: inout Float) {
        x += vx * gain + gravityX * accelerationFactor
        y += vy * gain + gravityY * accelerationFactor
        vx = vx * decay + gravityX * gain
        vy = vy * decay + gravityY * gain
    }

    /// With radial and tangential acceleration, taken at the step's midpoint.
    @inline(__always)
    private func applyPushed(x: inout Float, y: inout Float, vx: inout Float, vy: inout Float) {
        var ax = gravityX, ay = gravityY
        let dx = x + vx * halfDuration - originX, dy = y + vy * halfDuration - originY
        let length = (dx * dx + dy * dy).squareRoot()
        if length > 1e-6 {
            let nx = dx / length, ny = dy / length
            ax += nx * radial - ny * tangential
            ay += ny * radial + nx * tangential
        }
        x += vx * gain + ax * accelerationFactor
        y += vy * gain + ay * accelerationFactor
        vx = vx * decay + ax * gain
        vy = vy * decay + ay * gain
    }

    /// Moves the particles of `store` in `range` by the step (the choice of method made once,
    /// not per particle).
    func apply(to store: ParticleStore, range: Range<Int>) {
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy
        if radial != 0 || tangential != 0 {
            for i in range { applyPushed(x: &x[i], y: &y[i], vx: &vx[i], vy: &vy[i]) }
        } else {
            for i in range { applyDamped(x: &x[i], y: &y[i], vx: &vx[i], vy: &vy[i]) }
        }
    }
}

extension EmitterCellKeys {
    /// The `linearDamping` key: velocity decays as e^(−linearDamping · t) (the limit of LÖVE's per-step v /= 1 +
    /// linearDamping · dt, without its dependence on the step rate).
    public static let linearDamping = PropertyDescriptor(
        "linearDamping", .emitterCell, .number, range: .nonNegative, unit: "1/s",
        access: .value(.number(\EmitterCell.extensions.linearDamping)),
        "velocity decays as e^(−linearDamping · t) (the limit of LÖVE's per-step v /= 1 + linearDamping · dt, without its dependence on the step rate)")
    /// The `radialAcceleration` key: away from `emitterPosition` (negative pulls in), LÖVE's formula.
    public static let radialAcceleration = PropertyDescriptor(
        "radialAcceleration", .emitterCell, .number, unit: "pt/s²", access: .value(.number(\EmitterCell.extensions.radialAcceleration)),
        "away from `emitterPosition` (negative pulls in), LÖVE's formula")
    /// The `tangentialAcceleration` key: perpendicular to the radial direction, clockwise on screen for positive
    /// values.
    public static let tangentialAcceleration = PropertyDescriptor(
        "tangentialAcceleration", .emitterCell, .number, unit: "pt/s²",
        access: .value(.number(\EmitterCell.extensions.tangentialAcceleration)),
        "perpendicular to the radial direction, clockwise on screen for positive values")
}
