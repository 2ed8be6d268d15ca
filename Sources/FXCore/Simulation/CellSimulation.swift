#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running state of one emitter cell: its particles, and when the next one is due.
public final class CellSimulation {
    /// The cell as written in the effect.
    public let cell: EmitterCell
    /// `emitterCells.NAME` (with nested names for sub-cells), or `emitterCells[INDEX]` for an
    /// unnamed cell.
    public let path: String
    public let particles: ParticleStore
    /// Particles born so far (including those already dead): the next particle's serial.
    public private(set) var born = 0
    /// How many particles have been due so far: the integral of the birth rate (used when the
    /// rate is animated).
    private(set) var dueCount = 0.0
    let random: RandomKey

    /// The cell as presented this step (animations applied), and its constants with the
    /// layer's multipliers applied, converted once per step.
    private(set) var presented: EmitterCell
    private(set) var birthRate = 0.0
    private(set) var lifetimeMean = 0.0, lifetimeRange = 0.0
    private(set) var velocityMean = 0.0, velocityRange = 0.0
    private(set) var scaleMean = 1.0, scaleRange = 0.0
    private(set) var spinMean = 0.0, spinRange = 0.0
    private(set) var xAcceleration: Float = 0, yAcceleration: Float = 0
    private(set) var scaleSpeed: Float = 0
    private(set) var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0

    init(cell: EmitterCell, path: String, random: RandomKey) {
        self.cell = cell
        self.path = path
        self.random = random
        presented = cell
        particles = ParticleStore()
    }

    /// Takes this step's presented cell and layer multipliers.
    func configure(_ cell: EmitterCell, layer: EmitterProperties) {
        presented = cell
        birthRate = cell.enabled ? cell.birthRate * layer.birthRate : 0
        lifetimeMean = cell.lifetime * layer.lifetime
        lifetimeRange = cell.lifetimeRange * layer.lifetime
        velocityMean = cell.velocity * layer.velocity
        velocityRange = cell.velocityRange * layer.velocity
        scaleMean = cell.scale * layer.scale
        scaleRange = cell.scaleRange * layer.scale
        spinMean = cell.spin * layer.spin
        spinRange = cell.spinRange * layer.spin
        xAcceleration = Float(cell.xAcceleration)
        yAcceleration = Float(cell.yAcceleration)
        scaleSpeed = Float(cell.scaleSpeed)
        redSpeed = Float(cell.redSpeed)
        greenSpeed = Float(cell.greenSpeed)
        blueSpeed = Float(cell.blueSpeed)
        alphaSpeed = Float(cell.alphaSpeed)
    }

    func reset() {
        particles.removeAll()
        born = 0
        dueCount = 0
    }

    // MARK: - Update

    /// Advances every live particle by `dt` seconds to layer time `now`, and removes those
    /// whose lifetime is over by then.
    ///
    /// Constant acceleration is integrated exactly (x += v·dt + ½·a·dt², v += a·dt), so the
    /// result does not depend on the step size. Color channels are clamped to 0…1 each step,
    /// which, as the speeds are constant, equals clamping once at the end.
    func update(dt: Float, now: Double) {
        let store = particles
        let count = store.count
        guard count > 0 else { return }
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy
        let age = store.age, rotation = store.rotation, spin = store.spin, scale = store.scale
        let red = store.red, green = store.green, blue = store.blue, alpha = store.alpha
        let ax = xAcceleration, ay = yAcceleration
        let halfDt2 = 0.5 * dt * dt
        let dvx = ax * dt, dvy = ay * dt
        let dScale = scaleSpeed * dt
        let dRed = redSpeed * dt, dGreen = greenSpeed * dt, dBlue = blueSpeed * dt, dAlpha = alphaSpeed * dt
        let changesColor = dRed != 0 || dGreen != 0 || dBlue != 0 || dAlpha != 0
        for i in 0..<count {
            x[i] += vx[i] * dt + ax * halfDt2
            y[i] += vy[i] * dt + ay * halfDt2
            vx[i] += dvx
            vy[i] += dvy
            age[i] += dt
            rotation[i] += spin[i] * dt
            scale[i] += dScale
        }
        if changesColor {
            for i in 0..<count {
                red[i] = min(max(red[i] + dRed, 0), 1)
                green[i] = min(max(green[i] + dGreen, 0), 1)
                blue[i] = min(max(blue[i] + dBlue, 0), 1)
                alpha[i] = min(max(alpha[i] + dAlpha, 0), 1)
            }
        }
        // Remove the dead: swap the last live particle in and look at the same index again.
        // Death times are kept in double precision so that a particle dies at the same moment
        // whatever the step size.
        let deathTime = store.deathTime
        var i = 0
        while i < store.count {
            if deathTime[i] <= now { store.swapRemove(i) } else { i += 1 }
        }
    }

    // MARK: - Emission

    /// When the particles due in a step are born.
    enum BirthSchedule {
        /// A constant rate since the layer's time 0: particle k is born at exactly k / rate.
        /// The count due is rate × end, computed from the time itself (not summed step by
        /// step), so birth times do not drift.
        case constant(rate: Double, end: Double)
        /// An animated rate: `countBefore` and `countAfter` particles were due at the step's
        /// start and end; births are spread linearly in time between them.
        case integrated(start: Double, end: Double, countBefore: Double, countAfter: Double)
    }

    /// Emits every particle due by the end of the step and not yet born, each at its birth
    /// time, advanced from its birth to the end of the step. Particles skipped because the
    /// effect's particle budget is spent are not made up later: emission pauses, it does not
    /// burst. A rate of 0.5 per second emits one particle every 2 s: never a truncated zero.
    /// - Returns: the number of particles emitted.
    @discardableResult
    func emit(schedule: BirthSchedule, shape: EmissionShape, budget: inout Int) -> Int {
        let due: Double, end: Double
        switch schedule {
        case .constant(let rate, let stepEnd):
            guard rate > 0, stepEnd > 0 else { return 0 }
            due = rate * stepEnd
            end = stepEnd
        case .integrated(_, let stepEnd, _, let after):
            dueCount = after
            due = after
            end = stepEnd
        }
        var emitted = 0
        // Rounding in the rate integral must not let a whole-number count (15.0000000001)
        // emit one particle more.
        let threshold = due - 1e-9 * max(1, due)
        // Particles born before `end − longest lifetime` are dead before the step ends: jump
        // past them instead of counting through what could be billions.
        let longestLife = lifetimeMean + lifetimeRange / 2
        let firstAlive: Double
        if longestLife <= 0 {
            firstAlive = threshold.rounded(.up)
        } else {
            switch schedule {
            case .constant(let rate, _):
                firstAlive = ((end - longestLife) * rate).rounded(.down)
            case .integrated(let start, let stepEnd, let before, let after):
                firstAlive = stepEnd > start ? (before + (end - longestLife - start) / (stepEnd - start) * (after - before)).rounded(.down) : 0
            }
        }
        if firstAlive > Double(born) { born = Int(min(firstAlive, threshold.rounded(.up), Double(Int.max / 2))) }
        while Double(born) < threshold {
            let serial = born
            born += 1
            let birthTime: Double
            switch schedule {
            case .constant(let rate, _):
                birthTime = Double(serial) / rate
            case .integrated(let start, let stepEnd, let before, let after):
                birthTime = after > before ? start + (Double(serial) - before) / (after - before) * (stepEnd - start) : stepEnd
            }
            let key = UInt64(serial)
            let life = random.value(mean: lifetimeMean, range: lifetimeRange, particle: key, .lifetime)
            // A particle whose lifetime is over before the step ends is never seen.
            guard life > 0, birthTime + life > end else { continue }
            guard budget > 0 else {
                // The budget is spent: every particle due now is skipped, so jump past them
                // rather than counting through what could be billions.
                born = Int(min(due.rounded(.up), Double(Int.max / 2)))
                break
            }
            budget -= 1
            emitted += 1
            spawn(serial: key, birthTime: birthTime, lifetime: life, end: end, shape: shape)
        }
        return emitted
    }

    /// Makes particle `serial`, born at layer time `birthTime`, as it is at the step's `end`.
    private func spawn(serial: UInt64, birthTime: Double, lifetime: Double, end: Double, shape: EmissionShape) {
        let age = max(0, end - birthTime)
        let store = particles
        let i = store.append()
        let origin = shape.birthPosition(random: random, particle: serial)
        let cell = presented
        let longitude = random.value(mean: cell.emissionLongitude, range: cell.emissionRange, particle: serial, .emissionLongitude)
        let latitude = cell.emissionLatitude
        let speed = random.value(mean: velocityMean, range: velocityRange, particle: serial, .velocity)
        let planar = speed * cos(latitude)
        let vx0 = planar * cos(longitude), vy0 = planar * sin(longitude)
        let ax = Double(xAcceleration), ay = Double(yAcceleration)
        store.x[i] = Float(origin.x + vx0 * age + 0.5 * ax * age * age)
        store.y[i] = Float(origin.y + vy0 * age + 0.5 * ay * age * age)
        store.vx[i] = Float(vx0 + ax * age)
        store.vy[i] = Float(vy0 + ay * age)
        store.age[i] = Float(age)
        store.deathTime[i] = birthTime + lifetime
        let spin = random.value(mean: spinMean, range: spinRange, particle: serial, .spin)
        store.spin[i] = Float(spin)
        store.rotation[i] = Float(spin * age)
        store.scale[i] = Float(random.value(mean: scaleMean, range: scaleRange, particle: serial, .scale) + cell.scaleSpeed * age)
        let color = cell.color
        store.red[i] = Float((random.value(mean: color.red, range: cell.redRange, particle: serial, .red).clamped01 + cell.redSpeed * age).clamped01)
        store.green[i] = Float((random.value(mean: color.green, range: cell.greenRange, particle: serial, .green).clamped01 + cell.greenSpeed * age).clamped01)
        store.blue[i] = Float((random.value(mean: color.blue, range: cell.blueRange, particle: serial, .blue).clamped01 + cell.blueSpeed * age).clamped01)
        store.alpha[i] = Float((random.value(mean: color.alpha, range: cell.alphaRange, particle: serial, .alpha).clamped01 + cell.alphaSpeed * age).clamped01)
        store.serial[i] = UInt32(truncatingIfNeeded: serial)
    }
}
