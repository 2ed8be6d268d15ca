#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running state of one emitter cell: its particles, when the next one is due, and its
/// sub-cells, which emit from each of its particles.
public final class CellSimulation {
    /// The cell as written in the effect.
    public let cell: EmitterCell
    /// `emitterCells.NAME`, with `.emitterCells.SUB` for sub-cells (`[INDEX]` for unnamed cells).
    public let path: String
    /// This cell's live particles (not its sub-cells', which each have their own store).
    public let particles: ParticleStore
    /// The cells emitted from this cell's particles.
    public let subcells: [CellSimulation]
    /// Particles born so far (including those already dead): the next particle's serial.
    public private(set) var born = 0
    /// How many particles have been due so far: the integral of the birth rate (used when the
    /// rate is animated).
    private(set) var dueCount = 0.0
    let random: RandomKey
    /// The cell's particle behaviours (fx's extensions: its own accelerations, values over
    /// life, an orbit, a trail, …), chosen from its keys when the effect loads, with their
    /// columns; nil, and free, for a cell that uses none.
    let behaviors: ParticleBehaviors?
    /// Where the emitted-particle count of each sub-cell is kept (one extra column each, after
    /// the behaviours' columns that precede the cell's own).
    let firstSubcellColumn: Int
    /// For a cell with forces, or a behaviour that moves particles beyond the exact motion:
    /// where each particle's position at the previous step's end (or its birth, if later) is
    /// kept — x, then y — so that drawing between two steps lies on the path between them, and
    /// the behaviours know where the step started. Without them motion is exact and the past
    /// follows from the present.
    let previousPositionColumn: Int?
    /// Whether a behaviour moves particles by where they are (turbulence, fields, colliders):
    /// they are then not on the exact path a trail records at birth.
    let hasMotionPasses: Bool
    /// The layer time the last step advanced these particles by.
    private(set) var lastStepDuration: Float = 0
    /// Where radial and tangential acceleration point from: the emitter's position this step.
    private var forceOrigin = Point.zero
    /// The most threads a step of this cell's particles may use (the world's ``World/threads``).
    var threads = 1
    /// The fewest particles a thread takes in a step: ``minimumChunk``, smaller in the tests
    /// that check that small effects split across threads give the same results too.
    var minimumChunkSize = CellSimulation.minimumChunk

    /// The motion of a step of `duration` seconds under this cell's forces.
    func forceStep(duration: Double) -> ForceStep {
        let extensions = presented.extensions
        return ForceStep(duration: duration, gravityX: xAcceleration, gravityY: yAcceleration, origin: forceOrigin,
                         radial: Float(extensions.radialAcceleration), tangential: Float(extensions.tangentialAcceleration),
                         damping: extensions.linearDamping)
    }

    /// The cell as presented this step (animations applied), and its constants with the
    /// layer's multipliers applied, converted once per step.
    private(set) var presented: EmitterCell
    private(set) var birthRate = 0.0
    private(set) var lifetimeMean = 0.0, lifetimeRange = 0.0
    private(set) var velocityMean = 0.0, velocityRange = 0.0
    private(set) var scaleMean = 1.0, scaleRange = 0.0
    private(set) var spinMean = 0.0, spinRange = 0.0
    private(set) var xAcceleration: Float = 0, yAcceleration: Float = 0, zAcceleration: Float = 0
    private(set) var scaleSpeed: Float = 0
    private(set) var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    /// What a birth reads of the presented cell, copied out once per step so that making a
    /// particle copies no `EmitterCell` (with its arrays and strings).
    private var birth = BirthConstants()
    /// Whether any particle was born moving in depth (so z must be integrated).
    private var hasDepthMotion = false
    /// The sub-cells that emit through their parent's life (Core Animation's way), at each
    /// parent's birth, and at each parent's death (`emitOn`), by index: chosen once, as
    /// `emitOn` does not animate.
    let lifeSubcells: [Int], birthSubcells: [Int], deathSubcells: [Int]

    /// - Parameters:
    ///   - capacityLimit: the effect's particle budget: no store grows past it.
    ///   - layer: the emitter layer's properties when the effect loads (its force fields and
    ///     colliders act on every cell).
    ///   - isSubcell: whether the cell is a sub-cell (its particles inherit their parent's
    ///     scale and color, ``InheritedValues``).
    init(cell: EmitterCell, path: String, seed: UInt64, emitter: UInt64, capacityLimit: Int, layer: EmitterProperties = EmitterProperties(),
         isSubcell: Bool = false) {
        self.cell = cell
        self.path = path
        random = RandomKey(seed: seed, emitter: emitter, cell: RandomKey.identity(of: path))
        presented = cell
        subcells = cell.emitterCells.enumerated().map { index, subcell in
            CellSimulation(cell: subcell, path: path + ".emitterCells." + (subcell.name ?? "[\(index)]"),
                           seed: seed, emitter: emitter, capacityLimit: capacityLimit, layer: layer, isSubcell: true)
        }
        lifeSubcells = cell.emitterCells.indices.filter { cell.emitterCells[$0].extensions.emitOn == .life }
        birthSubcells = cell.emitterCells.indices.filter { cell.emitterCells[$0].extensions.emitOn == .birth }
        deathSubcells = cell.emitterCells.indices.filter { cell.emitterCells[$0].extensions.emitOn == .death }
        let behaviors = ParticleBehaviors(for: cell, in: BehaviorContext(layer: layer, random: random, isSubcell: isSubcell))
        self.behaviors = behaviors
        hasMotionPasses = !(behaviors?.byPass[StepPass.motion.rawValue].isEmpty ?? true)
        // The extra columns: those of behaviours that precede the cell's own (the birth scale),
        // a count per sub-cell, the previous position, then the other behaviours' in the
        // catalog's order (the state hash reads them in this order).
        var next = 0
        for behavior in behaviors?.all ?? [] where behavior.columnsPrecedeTheCells {
            behavior.assignColumns(from: next)
            next += behavior.columnCount
        }
        firstSubcellColumn = next
        next += cell.emitterCells.count
        previousPositionColumn = cell.extensions.hasForces || (behaviors?.needPreviousPosition ?? false) ? next : nil
        if previousPositionColumn != nil { next += 2 }
        for behavior in behaviors?.all ?? [] where !behavior.columnsPrecedeTheCells {
            behavior.assignColumns(from: next)
            next += behavior.columnCount
        }
        particles = ParticleStore(extraColumns: next, capacityLimit: capacityLimit)
    }

    /// Takes this step's presented cell (and, recursively, its sub-cells) and the layer's
    /// multipliers.
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
        zAcceleration = Float(cell.zAcceleration)
        scaleSpeed = Float(cell.scaleSpeed)
        redSpeed = Float(cell.redSpeed)
        greenSpeed = Float(cell.greenSpeed)
        blueSpeed = Float(cell.blueSpeed)
        alphaSpeed = Float(cell.alphaSpeed)
        birth = BirthConstants(cell)
        // A birth reads these once, with the rest of `birth`: each read of a property of this
        // class is checked for exclusive access.
        (birth.velocityMean, birth.velocityRange) = (velocityMean, velocityRange)
        (birth.scaleMean, birth.scaleRange, birth.spinMean, birth.spinRange) = (scaleMean, scaleRange, spinMean, spinRange)
        (birth.xAcceleration, birth.yAcceleration, birth.zAcceleration) = (Double(xAcceleration), Double(yAcceleration), Double(zAcceleration))
        if let behaviors {
            // An end color or scale replaces the per-second speeds: each particle goes to its
            // own end value instead.
            if behaviors.replaceColorSpeeds {
                (redSpeed, greenSpeed, blueSpeed, alphaSpeed) = (0, 0, 0, 0)
                (birth.redSpeed, birth.greenSpeed, birth.blueSpeed, birth.alphaSpeed) = (0, 0, 0, 0)
            }
            if behaviors.replaceScaleSpeed { (scaleSpeed, birth.scaleSpeed) = (0, 0) }
            for behavior in behaviors.all { behavior.configure(presented: cell, layer: layer) }
        }
        for (index, subcell) in subcells.enumerated() where index < cell.emitterCells.count {
            subcell.configure(cell.emitterCells[index], layer: layer)
        }
    }

    /// Switches from counting births from time 0 at a constant rate to summing them step by
    /// step: what was due at `time` at the current rate is the count to sum from.
    func startSummingDue(at time: Double) {
        dueCount = birthRate * (time - countOrigin)
    }

    /// When a constant rate's count started: 0, or minus the layer's prewarm.
    private var countOrigin = 0.0

    /// Counts births at a constant rate from layer time `origin` (a prewarm's start), not 0.
    func startCountingFrom(_ origin: Double) {
        countOrigin = origin
        for subcell in subcells { subcell.startCountingFrom(origin) }
    }

    func reset() {
        particles.removeAll()
        born = 0
        dueCount = 0
        countOrigin = 0
        hasDepthMotion = false
        for subcell in subcells { subcell.reset() }
    }

    /// Live particles of this cell and all its sub-cells.
    public var liveParticlesIncludingSubcells: Int {
        particles.count + subcells.reduce(0) { $0 + $1.liveParticlesIncludingSubcells }
    }

    // MARK: - Step

    /// One step of this cell's particles and its sub-cells', ending at layer time `now`: move
    /// and age them, let every particle emit its sub-cells' particles due in the step, then
    /// remove the dead, each emitting its `emitOn: "death"` sub-cells where it died.
    /// (Particles emit before they are removed, so a rocket that explodes in its last tenth
    /// of a second explodes fully.)
    /// - Parameter emitterPosition: the origin of radial and tangential acceleration.
    func step(dt: Float, now: Double, emitterPosition: Point, budget: inout Int) {
        forceOrigin = emitterPosition
        advance(dt: dt, now: now)
        for subcell in subcells {
            subcell.step(dt: dt, now: now, emitterPosition: emitterPosition, budget: &budget)
        }
        for index in lifeSubcells {
            emitSubcell(index, now: now, budget: &budget)
        }
        removeDead(now: now, budget: &budget)
    }

    /// Advances every live particle by `dt` seconds to layer time `now`.
    ///
    /// Constant acceleration is integrated exactly (x += v·dt + ½·a·dt², v += a·dt), so the
    /// result does not depend on the step size. Color channels are clamped to 0…1 each step,
    /// which, as the speeds are constant, equals clamping once at the end. The fx extensions a
    /// cell uses (forces, values over life, alignment, the trail's history, last) run as passes
    /// of their own over the columns, chosen by the cell's keys; forces push from the emitter
    /// position `step` was given.
    func advance(dt: Float, now: Double) {
        let count = particles.count
        lastStepDuration = dt
        guard count > 0 else { return }
        // Every pass below changes only the particles of its range, from their own columns and
        // the cell's constants: ranges on other threads give the same numbers as one pass.
        ParallelChunks.run(count: count, threads: threads, minimumChunk: minimumChunkSize) { range in
            advance(range: range, dt: dt, now: now)
        }
    }

    /// The fewest particles worth a thread of their own: below this, waking a thread costs
    /// more than the step it takes over.
    static let minimumChunk = 16_384

    /// Advances the particles in `range` (the passes of ``advance(dt:now:)``, one after
    /// another, over that range only).
    private func advance(range: Range<Int>, dt: Float, now: Double) {
        let store = particles
        let first = range.lowerBound, count = range.count
        if let column = previousPositionColumn {
            (store.extra[column] + first).update(from: store.x + first, count: count)
            (store.extra[column + 1] + first).update(from: store.y + first, count: count)
        }
        // The columns from this range's first particle, read out of the class once: through it
        // every access would be checked for exclusivity.
        let columns = store.columns
        let x = columns.x + first, y = columns.y + first, z = columns.z + first
        let vx = columns.vx + first, vy = columns.vy + first, vz = columns.vz + first
        let age = columns.age + first, rotation = columns.rotation + first, spin = columns.spin + first, scale = columns.scale + first
        let red = columns.red + first, green = columns.green + first, blue = columns.blue + first, alpha = columns.alpha + first
        let ax = xAcceleration, ay = yAcceleration, az = zAcceleration
        let halfDt2 = 0.5 * dt * dt
        let dvx = ax * dt, dvy = ay * dt
        let dScale = scaleSpeed * dt
        let dRed = redSpeed * dt, dGreen = greenSpeed * dt, dBlue = blueSpeed * dt, dAlpha = alphaSpeed * dt
        let extensions = presented.extensions
        // Particle `i` aged, turned and scaled.
        @inline(__always) func ageAndTurn(_ i: Int) {
            age[i] += dt
            rotation[i] += spin[i] * dt
            scale[i] += dScale
        }
        // Particle `i` moved by the cell's constant acceleration.
        @inline(__always) func move(_ i: Int) {
            x[i] += vx[i] * dt + ax * halfDt2
            y[i] += vy[i] * dt + ay * halfDt2
            vx[i] += dvx
            vy[i] += dvy
        }
        // Particle `i`'s colors moved by their speeds, each clamped to 0…1. No pass below
        // reads or writes the colors before the end values' rates (afterMotion), so they move
        // in the same loop as the rest: one pass over the columns instead of two.
        @inline(__always) func recolor(_ i: Int) {
            red[i] = min(max(red[i] + dRed, 0), 1)
            green[i] = min(max(green[i] + dGreen, 0), 1)
            blue[i] = min(max(blue[i] + dBlue, 0), 1)
            alpha[i] = min(max(alpha[i] + dAlpha, 0), 1)
        }
        let colorsChange = dRed != 0 || dGreen != 0 || dBlue != 0 || dAlpha != 0
        switch (extensions.hasForces, colorsChange) {
        case (false, true): for i in 0..<count { move(i); ageAndTurn(i); recolor(i) }
        case (false, false): for i in 0..<count { move(i); ageAndTurn(i) }
        case (true, true): for i in 0..<count { ageAndTurn(i); recolor(i) }
        case (true, false): for i in 0..<count { ageAndTurn(i) }
        }
        if extensions.hasForces { forceStep(duration: Double(dt)).apply(to: store, range: range) }
        // The depth motion of the cell's constant acceleration, unless a behaviour places the
        // particles itself, in their birth plane.
        @inline(__always) func moveInDepth(_ placed: Bool) {
            guard !placed && (az != 0 || hasDepthMotion) else { return }
            for i in 0..<count {
                z[i] += vz[i] * dt + az * halfDt2
                vz[i] += az * dt
            }
        }
        guard let behaviors else { return moveInDepth(false) }
        // The behaviours' passes, in order; the cell moves particles in depth before the limits.
        let span = span(of: range, duration: dt, end: now, isNewborn: false)
        behaviors.step(.accelerations, span)
        behaviors.step(.motion, span)
        behaviors.step(.placement, span)
        moveInDepth(behaviors.placeParticles)
        behaviors.step(.limits, span)
        behaviors.step(.orientation, span)
        behaviors.step(.overLife, span)
        behaviors.step(.history, span)
    }

    /// The particles of `range` for the behaviours' passes over `duration` seconds ending at
    /// layer time `end`.
    func span(of range: Range<Int>, duration: Float, end: Double, isNewborn: Bool) -> ParticleSpan {
        let (gain, factor) = accelerationFactors(duration: duration)
        let extra = particles.extra
        return ParticleSpan(store: particles, range: range, duration: duration, end: end,
                            previousX: previousPositionColumn.map { extra[$0] }, previousY: previousPositionColumn.map { extra[$0 + 1] },
                            origin: forceOrigin, gain: gain, accelerationFactor: factor, ax: xAcceleration, ay: yAcceleration,
                            isNewborn: isNewborn)
    }

    /// Removes the particles whose lifetime is over at layer time `now`: swap the last live
    /// particle in and look at the same index again. Death times are kept in double precision
    /// so that a particle dies at the same moment whatever the step size. A dying particle
    /// first makes its `emitOn: "death"` sub-cells' particles.
    func removeDead(now: Double, budget: inout Int) {
        let store = particles
        let deathTime = store.deathTime
        var i = 0
        if deathSubcells.isEmpty {
            store.removeParticles(diedBy: now, threads: threads, minimumChunk: minimumChunkSize)
            return
        }
        while i < store.count {
            if deathTime[i] <= now {
                emitOnDeath(of: i, now: now, budget: &budget)
                store.swapRemove(i)
            } else {
                i += 1
            }
        }
    }

    // MARK: - Emission from the layer

    /// When the particles due in a step are born.
    enum BirthSchedule {
        /// A constant rate since the layer's time 0: particle k is born at exactly k / rate.
        /// The count due is rate × end, computed from the time itself (not summed step by
        /// step), so birth times do not drift.
        /// `origin` is when the emission started: 0, or minus the layer's `prewarm`.
        case constant(rate: Double, end: Double, origin: Double)
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
        case .constant(let rate, let stepEnd, let origin):
            guard rate > 0, stepEnd > origin else { return 0 }
            due = rate * (stepEnd - origin)
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
            case .constant(let rate, _, let origin):
                firstAlive = ((end - longestLife - origin) * rate).rounded(.down)
            case .integrated(let start, let stepEnd, let before, let after):
                firstAlive = stepEnd > start ? (before + (end - longestLife - start) / (stepEnd - start) * (after - before)).rounded(.down) : 0
            }
        }
        if firstAlive > Double(born) { born = Int(min(firstAlive, threshold.rounded(.up), Double(Int.max / 2))) }
        // Particle `serial` is born at start + (serial − before) / perSecond · span: for a
        // constant rate exactly serial / rate; for an integrated one, spread over the step.
        // Chosen once, not per birth.
        let (origin, before, perSecond, span, allAtEnd): (Double, Double, Double, Double, Bool)
        switch schedule {
        case .constant(let rate, _, let start):
            (origin, before, perSecond, span, allAtEnd) = (start, 0, rate, 1, false)
        case .integrated(let start, let stepEnd, let countBefore, let countAfter):
            (origin, before, perSecond, span, allAtEnd) = (start, countBefore, countAfter - countBefore, stepEnd - start, countAfter <= countBefore)
        }
        // Without sub-cells born with each particle (whose births must follow their parent's in
        // order), a birth's slot is taken here, in order, and its place and columns made
        // afterwards, on the threads there are (makeParticle writes its own slot only): the same
        // particles in the same slots with any number of threads.
        let deferred = birthSubcells.isEmpty
        var births = deferred ? pendingBirths : []
        pendingBirths = []
        births.removeAll(keepingCapacity: true)
        // The next serial and the lifetime's mean and range, read out of the class once and the
        // serial written back after the loop: through it each read and write is checked for
        // exclusive access, five a birth. (Nothing the loop calls reads this cell's `born`.)
        var next = born
        let lifetimeMean = self.lifetimeMean, lifetimeRange = self.lifetimeRange
        while Double(next) < threshold {
            let serial = next
            next += 1
            let birthTime = allAtEnd ? end : origin + (Double(serial) - before) / perSecond * span
            let key = UInt64(serial)
            let life = random.value(mean: lifetimeMean, range: lifetimeRange, particle: key, .lifetime)
            // A particle whose lifetime is over before the step ends is never seen.
            guard life > 0, birthTime + life > end else { continue }
            guard budget > 0 else {
                next = Int(min(due.rounded(.up), Double(Int.max / 2)))
                break
            }
            if deferred {
                guard let slot = particles.append() else { break }
                budget -= 1
                births.append(PendingBirth(slot: slot, serial: serial, birthTime: birthTime, lifetime: life))
            } else {
                let position = shape.birthPosition(random: random, particle: key)
                guard spawn(key: key, serial: serial, birthTime: birthTime, lifetime: life, end: end, origin: position,
                            baseAngle: shape.baseAngle(of: position),
                            budget: &budget) else { break }
            }
            emitted += 1
        }
        born = next
        if deferred {
            makeParticles(births, shape: shape, end: end)
            pendingBirths = births
        }
        return emitted
    }

    /// A birth whose slot is taken and whose place and columns are still to be made.
    struct PendingBirth {
        let slot: Int, serial: Int
        let birthTime: Double, lifetime: Double
    }

    /// The births of the last step's deferred emission, kept so that a step allocates nothing
    /// once it has grown.
    private var pendingBirths: [PendingBirth] = []

    /// Places `births` in `shape` and writes their columns on up to `threads` threads, in ranges
    /// of at least a 64th of the particle ranges' minimum (a birth costs about as much as 64
    /// particles' step).
    private func makeParticles(_ births: [PendingBirth], shape: EmissionShape, end: Double) {
        guard !births.isEmpty else { return }
        let minimumChunk = max(1, minimumChunkSize / 64)
        let chunks = ParallelChunks.chunkCount(count: births.count, threads: threads, minimumChunk: minimumChunk)
        var depth = false
        births.withUnsafeBufferPointer { births in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: chunks) { movesInDepth in
                let movesInDepth = movesInDepth.baseAddress!
                ParallelChunks.run(count: chunks, threads: chunks, minimumChunk: 1) { chunkRange in
                    for chunk in chunkRange {
                        var moves = false
                        for k in ParallelChunks.range(chunk, of: chunks, count: births.count) {
                            let birth = births[k], key = UInt64(birth.serial)
                            let position = shape.birthPosition(random: random, particle: key)
                            let made = makeParticle(at: birth.slot, key: key, serial: birth.serial, birthTime: birth.birthTime,
                                                    lifetime: birth.lifetime, end: end, origin: position,
                                                    baseAngle: shape.baseAngle(of: position), inherited: .none)
                            if made.movesInDepth { moves = true }
                        }
                        movesInDepth[chunk] = moves
                    }
                }
                for chunk in 0..<chunks where movesInDepth[chunk] { depth = true }
            }
        }
        if depth { hasDepthMotion = true }
    }

    /// Emits `count` particles at once at layer time `time` (a one-shot burst), around
    /// `shape`'s position, advanced to the step's `end`.
    func burst(count: Int, at time: Double, end: Double, shape: EmissionShape, budget: inout Int) {
        // A burst dead before the step ends is never seen: counted, not made one by one.
        if time + lifetimeMean + lifetimeRange / 2 <= end && birthSubcells.isEmpty && deathSubcells.isEmpty {
            born += count
            return
        }
        let spacing = presented.extensions.burstSpacing
        for n in 0..<count {
            let serial = born
            born += 1
            let key = UInt64(serial)
            let life = random.value(mean: lifetimeMean, range: lifetimeRange, particle: key, .lifetime)
            guard life > 0 else { continue }
            guard budget > 0 else { return }
            guard time + life > end else { continue }
            let origin = shape.birthPosition(random: random, particle: key)
            // Particle n of the burst is turned by n spacings (none without `burstSpacing`).
            let angle = shape.baseAngle(of: origin) + (spacing == 0 ? 0 : Double(n) * spacing)
            guard spawn(key: key, serial: serial, birthTime: time, lifetime: life, end: end, origin: origin, baseAngle: angle,
                        budget: &budget) else { return }
        }
    }

    // MARK: - Emission from parent particles

    /// Emits sub-cell `index`'s particles from every live particle of this cell. A sub-cell's
    /// media timing runs on its parent particle's age: it emits while the age is inside its
    /// active interval, at its birth rate (times the layer's), so by age A a particle has
    /// emitted ⌊rate × (time active by A)⌋ particles: the k-th (k = 1, 2, …) at active time
    /// k / rate, not the first at 0. This is Core Animation's rule, and Apple's fireworks rely
    /// on it: a rocket of lifetime 1.02 s whose burst sub-cell has birthRate 1 bursts once, at
    /// age 1 s at the top of its flight, not also at launch. (Top-level cells differ: their
    /// first particle comes as the layer starts, at time 0.) Each is born at the parent's
    /// position at that age, aimed relative to the parent's direction of travel.
    func emitSubcell(_ index: Int, now: Double, budget: inout Int) {
        let subcell = subcells[index]
        let rate = subcell.birthRate
        let store = particles
        let bursts = subcell.presented.enabled ? BurstSchedule(subcell.presented.extensions) : BurstSchedule(CellExtensions())
        guard rate > 0 || !bursts.isEmpty, store.count > 0 else { return }
        let timing = subcell.presented.timing
        let duration = timing.duration > 0 ? timing.duration : .infinity
        let active = timing.activeDuration(duration: duration)
        let begin = timing.beginTime - timing.timeOffset
        let speed = max(timing.speed, 0), divisorSpeed = max(speed, 1e-12)
        let emittedColumn = store.extra[firstSubcellColumn + index]
        let previousX = previousPositionColumn.map { store.extra[$0] }, previousY = previousPositionColumn.map { store.extra[$0 + 1] }
        let ax = Double(xAcceleration), ay = Double(yAcceleration), az = Double(zAcceleration)
        // The columns and the sub-cell's constants, read once: through the classes they would
        // be checked for exclusive access on every read.
        let x = store.x, y = store.y, z = store.z, vxColumn = store.vx, vyColumn = store.vy, vz = store.vz
        let ages = store.age, deathTime = store.deathTime, serials = store.serial
        let red = store.red, green = store.green, blue = store.blue, alpha = store.alpha, scale = store.scale
        let subcellRandom = subcell.random, lifetimeMean = subcell.lifetimeMean, lifetimeRange = subcell.lifetimeRange
        let stepSpan = lastStepDuration
        let longestSubcellLife = lifetimeMean + lifetimeRange / 2
        let subcellsMakeNothingOnEvents = subcell.birthSubcells.isEmpty && subcell.deathSubcells.isEmpty
        for i in 0..<store.count {
            // The parent's age now, but not past its death.
            let overshoot = max(0, now - deathTime[i])
            let age = Double(ages[i]) - overshoot
            let activeTime = min(max((age - begin) * speed, 0), active)
            // Particles due so far: the k-th is due once k whole particles' worth of time has
            // been active. Ages are kept in single precision (a relative error near 1e-7), so
            // a particle due exactly now — the last spark of a burst, at its parent's death —
            // must not be lost to rounding: a millionth of a particle is allowed for.
            let dueExact = rate * activeTime
            var due = (dueExact + 1e-6 * max(1, dueExact)).rounded(.down)
            // Bursts (`burstCount`, repeated every `burstInterval`) from the moment the
            // sub-cell starts emitting, on top of its rate.
            let rawActive = (age - begin) * speed
            if !bursts.isEmpty { due += bursts.particles(byActiveTime: rawActive + 1e-6 * max(1, rawActive), active: active) }
            var emitted = Double(emittedColumn[i])
            guard emitted < due else { continue }
            let parentSerial = UInt64(serials[i])
            // Particles made by active time tau: the rate's and the bursts'.
            func count(_ tau: Double) -> Double {
                let byRate = rate * tau
                return (byRate + 1e-9 * max(1, byRate)).rounded(.down)
                    + (bursts.isEmpty ? 0 : bursts.particles(byActiveTime: tau + 1e-9 * max(1, tau), active: active))
            }
            // Those born so long ago that they are dead by now are never seen: jump past them
            // (a burst of a million that lives a millisecond costs nothing), unless their own
            // births and deaths make particles.
            if subcellsMakeNothingOnEvents {
                let deadBy = (age - longestSubcellLife - begin) * speed
                if deadBy > 0 { emitted = max(emitted, min(due, count(deadBy) - 1)) }
            }
            while emitted < due {
                let k = emitted
                emitted += 1
                // Birth at the parent age where particle k + 1 became due: by the rate alone,
                // k + 1 particles' worth of active time; with bursts, the first active time
                // whose count passes k, found by bisection (it is a step function of time).
                let birthAge: Double
                if bursts.isEmpty {
                    birthAge = begin + emitted / rate / divisorSpeed
                } else {
                    var low = 0.0, high = max(activeTime, 0)
                    if count(low) <= k {
                        for _ in 0..<64 {
                            let middle = (low + high) / 2
                            if count(middle) > k { high = middle } else { low = middle }
                            if high - low <= 1e-12 * max(1, high) { break }
                        }
                        low = high
                    }
                    birthAge = begin + low / divisorSpeed
                }
                let back = max(0, age - birthAge) + overshoot
                let birthTime = now - back
                let key = RandomKey.mix(parentSerial &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(k))
                let life = subcellRandom.value(mean: lifetimeMean, range: lifetimeRange, particle: key, .lifetime)
                guard life > 0, birthTime + life > now else { continue }
                guard budget > 0 else {
                    emitted = due
                    break
                }
                // The parent at the sub-particle's birth, where it is drawn at that moment.
                let vx = PastPosition.velocity(current: Double(vxColumn[i]), acceleration: ax, back: back)
                let vy = PastPosition.velocity(current: Double(vyColumn[i]), acceleration: ay, back: back)
                let span = Double(min(stepSpan, ages[i]))
                let origin = Point3(
                    x: PastPosition.coordinate(current: Double(x[i]), velocity: Double(vxColumn[i]), acceleration: ax,
                                               previous: previousX.map { Double($0[i]) }, span: span, back: back),
                    y: PastPosition.coordinate(current: Double(y[i]), velocity: Double(vyColumn[i]), acceleration: ay,
                                               previous: previousY.map { Double($0[i]) }, span: span, back: back),
                    z: PastPosition.coordinate(current: Double(z[i]), velocity: Double(vz[i]), acceleration: az,
                                               previous: nil, span: 0, back: back))
                let heading = vx == 0 && vy == 0 ? 0 : atan2(vy, vx)
                let inherited = InheritedValues(red: red[i], green: green[i], blue: blue[i], alpha: alpha[i], scale: scale[i])
                guard subcell.spawn(key: key, serial: subcell.born, birthTime: birthTime, lifetime: life, end: now,
                                    origin: origin, baseAngle: heading, inherited: inherited, budget: &budget) else { break }
                subcell.born += 1
            }
            emittedColumn[i] = Float(emitted)
        }
    }

    // MARK: - Making a particle

    /// Makes a particle born at layer time `birthTime` at `origin`, as it is at `end`.
    /// - Parameters:
    ///   - key: the key of the particle's random values.
    ///   - serial: its birth number in this cell.
    ///   - baseAngle: added to `emissionLongitude` (a parent particle's heading for sub-cells).
    ///   - inherited: what a sub-particle takes from its parent: its color multiplies the
    ///     particle's (so each firework's sparks share their rocket's color and fade with it),
    ///     its scale the particle's scale, range and speed.
    ///   - budget: the particles the effect may still make: one less for this one, and for
    ///     each of its `emitOn: "birth"` sub-cells' particles.
    /// - Returns: false when the store is full.
    @discardableResult
    func spawn(key: UInt64, serial: Int, birthTime: Double, lifetime: Double, end: Double, origin: Point3, baseAngle: Double,
               inherited: InheritedValues = .none, budget: inout Int) -> Bool {
        guard let i = particles.append() else { return false }
        budget -= 1
        let made = makeParticle(at: i, key: key, serial: serial, birthTime: birthTime, lifetime: lifetime, end: end, origin: origin,
                                baseAngle: baseAngle, inherited: inherited)
        if made.movesInDepth { hasDepthMotion = true }
        if !birthSubcells.isEmpty {
            let (vx0, vy0) = made.velocity
            let heading = vx0 == 0 && vy0 == 0 ? baseAngle : atan2(vy0, vx0)
            // What this newborn passes on: its values as just made.
            let passedOn = InheritedValues(of: i, in: particles)
            for index in birthSubcells {
                subcells[index].emitEvent(of: UInt64(serial), at: birthTime, origin: origin, heading: heading,
                                          inherited: passedOn, end: end, budget: &budget)
            }
        }
        return true
    }

    /// What ``makeParticle(at:key:serial:birthTime:lifetime:end:origin:baseAngle:inherited:)`` tells
    /// the serial part of a birth.
    struct MadeParticle {
        /// The velocity at birth, before accelerations (a sub-cell's heading).
        var velocity: (Double, Double)
        /// Whether the particle moves in depth (the step then integrates z).
        var movesInDepth: Bool
    }

    /// Writes a particle into slot `i`, already appended: every column from its random values
    /// (keyed by `key`), advanced from `birthTime` to `end`. It reads the cell and writes slot
    /// `i` only, so births into different slots can be made on different threads.
    func makeParticle(at i: Int, key: UInt64, serial: Int, birthTime: Double, lifetime: Double, end: Double, origin: Point3,
                      baseAngle: Double, inherited: InheritedValues) -> MadeParticle {
        let age = max(0, end - birthTime)
        let store = particles
        var movesInDepth = false
        // The columns, read out of the class once (after `append`, which may move them): every
        // read through it is checked for exclusive access.
        let columns = store.columns
        let xColumn = columns.x, yColumn = columns.y, zColumn = columns.z, vxColumn = columns.vx, vyColumn = columns.vy, vzColumn = columns.vz
        let ageColumn = columns.age, deathTimeColumn = columns.deathTime, spinColumn = columns.spin, rotationColumn = columns.rotation
        let scaleColumn = columns.scale, serialColumn = columns.serial
        let cell = birth
        // A behaviour that places particles itself keeps them in the plane of their birth.
        let placesParticles = behaviors?.placeParticles ?? false
        let longitude = baseAngle + random.value(mean: cell.emissionLongitude, range: cell.emissionRange, particle: key, .emissionLongitude)
        let latitude = cell.emissionLatitude
        let speed = random.value(mean: cell.velocityMean, range: cell.velocityRange, particle: key, .velocity)
        let planar = speed * cos(latitude)
        let vx0 = planar * cos(longitude), vy0 = planar * sin(longitude)
        let vz0 = placesParticles ? 0 : speed * sin(latitude)
        if vz0 != 0 { movesInDepth = true }
        let ax = cell.xAcceleration, ay = cell.yAcceleration, az = cell.zAcceleration
        if cell.hasForces {
            // Under forces from its birth, as every particle moves in a step.
            var x = Float(origin.x), y = Float(origin.y), vx = Float(vx0), vy = Float(vy0)
            if age > 0 { forceStep(duration: age).apply(x: &x, y: &y, vx: &vx, vy: &vy) }
            xColumn[i] = x; yColumn[i] = y; vxColumn[i] = vx; vyColumn[i] = vy
        } else {
            xColumn[i] = Float(origin.x + vx0 * age + 0.5 * ax * age * age)
            yColumn[i] = Float(origin.y + vy0 * age + 0.5 * ay * age * age)
            vxColumn[i] = Float(vx0 + ax * age)
            vyColumn[i] = Float(vy0 + ay * age)
        }
        if !placesParticles {
            zColumn[i] = Float(origin.z + vz0 * age + 0.5 * az * age * age)
            vzColumn[i] = Float(vz0 + az * age)
        } else {
            zColumn[i] = Float(origin.z)
            vzColumn[i] = 0
        }
        ageColumn[i] = Float(age)
        deathTimeColumn[i] = birthTime + lifetime
        let spin = random.value(mean: cell.spinMean, range: cell.spinRange, particle: key, .spin)
        // A sub-particle's scale and its range are its parent's times the cell's.
        let birthScale = random.value(mean: cell.scaleMean, range: cell.scaleRange, particle: key, .scale) * Double(inherited.scale)
        let extra = store.extra
        guard let behaviors else {
            // A plain Core Animation cell: its spin from rotation 0, its scale and colors.
            spinColumn[i] = Float(spin)
            rotationColumn[i] = Float(spin * age)
            // (A sub-cell's scale speed, which its parent's scale multiplies, is kept per particle
            // by ``InheritedScaleSpeed``: such a cell is never plain.)
            scaleColumn[i] = Float(birthScale + cell.scaleSpeed * age)
            for column in firstSubcellColumn..<extra.count { extra[column][i] = 0 }
            if let column = previousPositionColumn {
                extra[column][i] = Float(origin.x)
                extra[column + 1][i] = Float(origin.y)
            }
            writeColors(at: i, color: cell.color, key: key, age: age, inherited: inherited, cell: cell, columns: columns)
            serialColumn[i] = UInt32(truncatingIfNeeded: serial)
            return MadeParticle(velocity: (vx0, vy0), movesInDepth: movesInDepth)
        }
        // With behaviours: the cell's own values, with each behaviour acting at its points of
        // the birth, and the particle moved through their passes over its age, as every other
        // particle was moved through them in the step.
        var newborn = Newborn(store: store, index: i, key: key, serial: serial, random: random, age: age, lifetime: lifetime, end: end,
                              origin: origin, emissionAngle: longitude, velocity: (vx0, vy0), acceleration: (ax, ay),
                              underForces: cell.hasForces || hasMotionPasses, spin: spin, inherited: inherited)
        if behaviors.acts(at: .rotation) {
            behaviors.birth(.rotation, &newborn)
        } else {
            spinColumn[i] = Float(spin)
            rotationColumn[i] = Float(spin * age)
        }
        scaleColumn[i] = Float(birthScale + cell.scaleSpeed * age)
        newborn.birthScale = birthScale
        behaviors.birth(.scale, &newborn)
        for column in firstSubcellColumn..<extra.count { extra[column][i] = 0 }
        if let column = previousPositionColumn {
            extra[column][i] = Float(origin.x)
            extra[column + 1][i] = Float(origin.y)
        }
        behaviors.birth(.draw, &newborn)
        let span = span(of: i..<(i + 1), duration: Float(age), end: end, isNewborn: true)
        // The passes that move it over its age (nothing to move for one born at the step's end).
        if age > 0 {
            behaviors.advanceNewborn(.accelerations, span)
            behaviors.advanceNewborn(.motion, span)
        }
        behaviors.birth(.placement, &newborn)
        behaviors.advanceNewborn(.limits, span)
        newborn.baseColor = cell.color
        behaviors.birth(.color, &newborn)
        writeColors(at: i, color: newborn.baseColor, key: key, age: age, inherited: inherited, cell: cell, columns: columns)
        serialColumn[i] = UInt32(truncatingIfNeeded: serial)
        behaviors.birth(.afterColor, &newborn)
        // Born inside the step, the particle is already `age` old: its orientation and curves
        // apply now, as they do to every other particle after its step.
        behaviors.advanceNewborn(.orientation, span)
        behaviors.advanceNewborn(.overLife, span)
        behaviors.birth(.history, &newborn)
        return MadeParticle(velocity: (vx0, vy0), movesInDepth: movesInDepth || newborn.movesInDepth)
    }

    /// Writes particle `i`'s colors: each channel drawn around `color`'s (its range), times
    /// the parent's (`inherited`), moved by its speed over `age`, within 0…1.
    @inline(__always)
    private func writeColors(at i: Int, color: Color, key: UInt64, age: Double, inherited: InheritedValues,
                             cell: BirthConstants, columns: ParticleStore.Columns) {
        columns.red[i] = Float((random.value(mean: color.red, range: cell.redRange, particle: key, .red).clamped01 * Double(inherited.red) + cell.redSpeed * age).clamped01)
        columns.green[i] = Float((random.value(mean: color.green, range: cell.greenRange, particle: key, .green).clamped01 * Double(inherited.green) + cell.greenSpeed * age).clamped01)
        columns.blue[i] = Float((random.value(mean: color.blue, range: cell.blueRange, particle: key, .blue).clamped01 * Double(inherited.blue) + cell.blueSpeed * age).clamped01)
        columns.alpha[i] = Float((random.value(mean: color.alpha, range: cell.alphaRange, particle: key, .alpha).clamped01 * Double(inherited.alpha) + cell.alphaSpeed * age).clamped01)
    }

    // MARK: - Emission on a parent's birth and death

    /// Makes this sub-cell's `burstCount` particles for one event of a parent particle (its
    /// birth or its death) at layer time `time` and place `origin`, aimed relative to the
    /// parent's `heading`, advanced to the step's `end`. Keys are the parent's serial and the
    /// particle's number in the event, so the same event makes the same particles at any step
    /// rate.
    func emitEvent(of parentSerial: UInt64, at time: Double, origin: Point3, heading: Double, inherited: InheritedValues,
                   end: Double, budget: inout Int) {
        let count = presented.extensions.burstCount
        guard count > 0, presented.enabled else { return }
        if time + lifetimeMean + lifetimeRange / 2 <= end && birthSubcells.isEmpty && deathSubcells.isEmpty {
            born += count
            return
        }
        let spacing = presented.extensions.burstSpacing
        for n in 0..<count {
            let key = RandomKey.mix(parentSerial &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(n))
            let serial = born
            born += 1
            let life = random.value(mean: lifetimeMean, range: lifetimeRange, particle: key, .lifetime)
            guard life > 0, time + life > end else { continue }
            guard budget > 0 else { return }
            let angle = spacing == 0 ? heading : heading + Double(n) * spacing
            guard spawn(key: key, serial: serial, birthTime: time, lifetime: life, end: end, origin: origin, baseAngle: angle,
                        inherited: inherited, budget: &budget) else { return }
        }
    }

    /// Makes the `emitOn: "death"` sub-cells' particles of particle `i`, which died at its
    /// `deathTime`, at most one step ago: where it was then (see ``PastPosition``), heading
    /// the way it moved.
    private func emitOnDeath(of i: Int, now: Double, budget: inout Int) {
        let store = particles
        let back = max(0, now - store.deathTime[i])
        let ax = Double(xAcceleration), ay = Double(yAcceleration), az = Double(zAcceleration)
        let span = Double(min(lastStepDuration, store.age[i]))
        let previousX = previousPositionColumn.map { Double(store.extra[$0][i]) }
        let previousY = previousPositionColumn.map { Double(store.extra[$0 + 1][i]) }
        let origin = Point3(
            x: PastPosition.coordinate(current: Double(store.x[i]), velocity: Double(store.vx[i]), acceleration: ax,
                                       previous: previousX, span: span, back: back),
            y: PastPosition.coordinate(current: Double(store.y[i]), velocity: Double(store.vy[i]), acceleration: ay,
                                       previous: previousY, span: span, back: back),
            z: PastPosition.coordinate(current: Double(store.z[i]), velocity: Double(store.vz[i]), acceleration: az,
                                       previous: nil, span: 0, back: back))
        let vx = PastPosition.velocity(current: Double(store.vx[i]), acceleration: ax, back: back)
        let vy = PastPosition.velocity(current: Double(store.vy[i]), acceleration: ay, back: back)
        let heading = vx == 0 && vy == 0 ? 0 : atan2(vy, vx)
        let inherited = InheritedValues(of: i, in: store)
        let serial = UInt64(store.serial[i])
        for index in deathSubcells {
            subcells[index].emitEvent(of: serial, at: store.deathTime[i], origin: origin, heading: heading, inherited: inherited,
                                      end: now, budget: &budget)
        }
    }
}

/// The values of a presented cell a birth reads, in plain numbers.
struct BirthConstants {
    var emissionLongitude = 0.0, emissionRange = 0.0, emissionLatitude = 0.0
    var color = Color.white
    var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
    var scaleSpeed = 0.0, redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0
    var hasForces = false
    /// The cell's values times the layer's multipliers, and its accelerations (set by
    /// ``CellSimulation/configure(_:layer:)``).
    var velocityMean = 0.0, velocityRange = 0.0, scaleMean = 1.0, scaleRange = 0.0, spinMean = 0.0, spinRange = 0.0
    var xAcceleration = 0.0, yAcceleration = 0.0, zAcceleration = 0.0

    init() {}

    init(_ cell: EmitterCell) {
        emissionLongitude = cell.emissionLongitude
        emissionRange = cell.emissionRange
        emissionLatitude = cell.emissionLatitude
        color = cell.color
        redRange = cell.redRange; greenRange = cell.greenRange; blueRange = cell.blueRange; alphaRange = cell.alphaRange
        scaleSpeed = cell.scaleSpeed
        redSpeed = cell.redSpeed; greenSpeed = cell.greenSpeed; blueSpeed = cell.blueSpeed; alphaSpeed = cell.alphaSpeed
        hasForces = cell.extensions.hasForces
    }
}

/// A point with depth.
struct Point3 {
    var x: Double
    var y: Double
    var z: Double
}
