/// The running state of one emitter layer: its cells' particles, in the layer's coordinates.
///
/// The simulation follows the layer's own time (the effect's time through the beginTime, speed
/// and timeOffset of the layer and its ancestors), forward only: where that time stands still
/// (speed 0) particles wait. A layer's repeats do not rewind its particles; its animations
/// still repeat.
public final class EmitterSimulation {
    /// The layer's unique name in the effect.
    public let name: String
    /// The layer's model: as written in the file, with the changes made at run time.
    public private(set) var layer: Layer
    /// Maps effect time to the layer's time: the timing of each ancestor and of the layer,
    /// root first (replaced when a drag sets the `timeOffset` of one of them).
    public internal(set) var timingChain: [MediaTiming]
    /// The top-level cells, in file order.
    public let cells: [CellSimulation]
    /// The layer's time the particles have been advanced to.
    public private(set) var simulatedTime = 0.0
    /// Whether emission follows animations (and cell timing), so that the birth rate must be
    /// integrated over time; otherwise birth times follow from the constant rate exactly.
    private(set) var integratesBirthRate: Bool
    /// Where the birth rates can change, in layer time: the active intervals of the animations
    /// of a birthRate or enabled (outside one, an animation holds a value or is gone), and the
    /// moments cells start and stop emitting. A step that meets none has constant rates and
    /// needs no integration. Nil when that cannot be known (an animation that never ends, or
    /// runs backwards).
    private var rateChanges: ChangeTimes?
    /// Where any animation of the layer is active: outside all of them the presentation holds
    /// still, and the last one computed serves the next step.
    private var presentationChanges: ChangeTimes?
    /// The presentation computed at the end of the last step, and that time.
    private var lastPresentation: (time: Double, layer: Layer)?
    /// What the birth rates are made of and nothing else: the layer's and its top-level
    /// cells' `birthRate`, `enabled` and timing, with only the animations that change them.
    /// The rate integral samples this many times a step, so a sample costs a few animation
    /// evaluations, not a presentation of the whole layer.
    private var rateModel: Layer

    /// In the window: the pointer, in the layer's coordinates, for a layer that follows it.
    public var pointerPosition: Point?
    /// Bursts asked for (a click, a call), in the layer's coordinates, made at the next step:
    /// each cell's `burstCount`, or `count` particles of every cell when given.
    private var pendingBursts: [(position: Point?, count: Int?)] = []

    init(layer: Layer, timingChain: [MediaTiming], seed: UInt64, capacityLimit: Int) {
        self.name = layer.identifier
        self.layer = layer
        self.timingChain = timingChain
        let properties = layer.emitter ?? EmitterProperties()
        let emitterIdentity = RandomKey.identity(of: name)
        // The effect's seed and the layer's add, modulo 2³²: Core Animation's one
        // `CAEmitterLayer.seed` (a UInt32) then carries both, so an exported effect imports back
        // with the same particles.
        let layerSeed = RandomKey.mix((seed &+ properties.seed) & 0xFFFF_FFFF)
        // Fields and colliders act on every particle of the layer: each cell keeps where its
        // particles start a step, and takes them from the presented layer every step.
        cells = properties.emitterCells.enumerated().map { index, cell in
            CellSimulation(cell: cell, path: "emitterCells." + (cell.name ?? "[\(index)]"), seed: layerSeed,
                           emitter: emitterIdentity, capacityLimit: capacityLimit, layer: properties)
        }
        // Made once: the draw list and the hash walk it every frame.
        func flatten(_ cells: [CellSimulation]) -> [CellSimulation] { cells.flatMap { [$0] + flatten($0.subcells) } }
        allCells = flatten(cells)
        integratesBirthRate = !layer.animations.isEmpty || properties.emitterCells.contains { $0.timing != MediaTiming() }
        rateChanges = ChangeTimes.ofRates(in: layer)
        presentationChanges = ChangeTimes.ofPresentation(of: layer)
        rateModel = EmitterSimulation.rateModel(of: layer)
    }

    /// The part of `layer` the birth rates depend on (see ``rateModel``).
    static func rateModel(of layer: Layer) -> Layer {
        var model = Layer(type: .emitter, name: layer.name)
        var emitter = EmitterProperties()
        emitter.birthRate = layer.emitter?.birthRate ?? 1
        emitter.emitterCells = (layer.emitter?.emitterCells ?? []).map { cell in
            var rates = EmitterCell(name: cell.name)
            rates.birthRate = cell.birthRate
            rates.enabled = cell.enabled
            rates.timing = cell.timing
            return rates
        }
        model.emitter = emitter
        model.animations = layer.animations.filter(\.changesBirthRate)
        return model
    }

    /// The emitter properties as written in the file.
    public var properties: EmitterProperties { layer.emitter ?? EmitterProperties() }

    /// Live particles of every cell, sub-cells included.
    public var liveParticles: Int { cells.reduce(0) { $0 + $1.liveParticlesIncludingSubcells } }

    /// Every cell, sub-cells after their parents, depth first.
    public let allCells: [CellSimulation]

    /// Asks for a one-shot burst of every cell's `burstCount` at `position` (layer
    /// coordinates), made at the next step.
    /// - Parameter position: where, in the layer's coordinates; nil is where the emitter is
    ///   then (its position, or the pointer's when it follows the pointer).
    /// - Parameter count: particles of every cell, instead of each cell's `burstCount`.
    public func requestBurst(at position: Point?, count: Int? = nil) {
        pendingBursts.append((position, count))
    }

    /// Takes a changed model from the next step on. Emission so far was counted from time 0
    /// at constant rates (particle k born at k / rate); from now on it is summed step by
    /// step, starting from what was due, so that a new rate applies from now and does not
    /// make up for the past.
    func replaceModel(_ layer: Layer) {
        if !integratesBirthRate {
            for cell in cells { cell.startSummingDue(at: simulatedTime) }
        }
        self.layer = layer
        integratesBirthRate = true
        // A changed rate holds from the next step on: with no animation of a rate and no cell
        // timing, every step holds still, and its births are the rate times the step.
        rateChanges = ChangeTimes.ofRates(in: layer)
        presentationChanges = ChangeTimes.ofPresentation(of: layer)
        rateModel = EmitterSimulation.rateModel(of: layer)
        lastPresentation = nil
    }

    /// One step, ending at effect time `time`: move and age the live particles by the layer
    /// time that passed, then emit the particles due.
    func step(to time: Double, budget: inout Int) {
        withLayerBudget(&budget) { budget in stepWithinBudget(to: time, budget: &budget) }
    }

    private func stepWithinBudget(to time: Double, budget: inout Int) {
        // Repeating layers do not rewind their particles: the simulation runs on continuous time.
        let end = timingChain.timeIgnoringRepeats(effectTime: time)
        let start = simulatedTime
        guard end > start else { return }
        var presentation = integratesBirthRate ? presented(from: start, to: end) : layer
        if let pointerPosition, presentation.emitter?.followsPointer == true {
            presentation.emitter?.emitterPosition = pointerPosition
        }
        let emitter = presentation.emitter ?? EmitterProperties()
        let integrals: [Double]
        if !integratesBirthRate {
            integrals = []
        } else if rateChanges?.holdStill(from: start, to: end) == true {
            // The rates over the step are those at its end.
            integrals = steppedRates(emitter, at: end).map { $0 * (end - start) }
        } else {
            integrals = birthRateIntegrals(from: start, to: end)
        }
        let bursts = pendingBursts
        pendingBursts.removeAll()
        advance(emitter, to: end, integrals: integrals, requestedBursts: bursts, budget: &budget)
    }

    /// Moves the particles from ``simulatedTime`` to layer time `end` and emits those due, by
    /// the presented `emitter`: its cells' rates (or, when the rates are integrated, the birth
    /// counts `integrals`), its bursts (the cells' own, and `requestedBursts`), its shape.
    private func advance(_ emitter: EmitterProperties, to end: Double, integrals: [Double],
                         requestedBursts: [(position: Point?, count: Int?)], budget: inout Int) {
        let start = simulatedTime
        simulatedTime = end
        let shape = EmissionShape(emitter)
        for (index, cell) in cells.enumerated() {
            let presentedCell = emitter.emitterCells[index]
            cell.configure(presentedCell, layer: emitter)
            cell.step(dt: Float(end - start), now: end, emitterPosition: emitter.emitterPosition, budget: &budget)
            if integratesBirthRate {
                let added = integrals[index]
                cell.emit(schedule: .integrated(start: start, end: end, countBefore: cell.dueCount, countAfter: cell.dueCount + added),
                          shape: shape, budget: &budget)
            } else {
                cell.emit(schedule: .constant(rate: cell.birthRate, end: end, origin: emissionStart), shape: shape, budget: &budget)
            }
            // A cell with a burstCount bursts when it starts emitting (with the layer, or at
            // its beginTime), again every burstInterval, and at each click.
            let schedule = BurstSchedule(presentedCell.extensions)
            if !schedule.isEmpty, presentedCell.enabled {
                // A cell that starts with the layer starts with its emission (at −prewarm).
                let first = presentedCell.emissionStart <= 0 ? emissionStart : presentedCell.emissionStart
                let times = schedule.times(first: first, from: start, to: end,
                                           includesStart: start == emissionStart, isActive: presentedCell.isActive(atLayerTime:))
                for time in times {
                    cell.burst(count: schedule.count, at: time, end: end, shape: shape, budget: &budget)
                }
            }
            for burst in requestedBursts {
                let count = burst.count ?? schedule.count
                guard count > 0, presentedCell.enabled else { continue }
                var moved = shape
                if let position = burst.position { moved.position = position }
                cell.burst(count: count, at: start, end: end, shape: moved, budget: &budget)
            }
        }
    }

    /// When emission started, in layer time: 0, or minus the layer's `prewarm`.
    private(set) var emissionStart = 0.0

    /// Fills the layer as if it had emitted for its `prewarm` seconds before time 0 with its
    /// time-0 values (presentation, rates, shape), in steps of `stepDuration` — longer when
    /// that would take more than ``EffectLimits/maxPrewarmSteps``, and only over the last
    /// lifetimes before 0, as older particles are gone by then. Called once, before the
    /// first step; emission then goes on from where the prewarm left it, with no gap and no
    /// second start. The same as ``beginPrewarm(stepDuration:)`` then
    /// ``continuePrewarm(maxSteps:budget:)`` until it is done: slices give the same state.
    func prewarm(stepDuration: Double, budget: inout Int) {
        beginPrewarm(stepDuration: stepDuration)
        continuePrewarm(maxSteps: .max, budget: &budget)
    }

    /// A prewarm begun and not finished: what every one of its steps uses, and how far it is.
    private struct PrewarmPlan {
        /// The layer's emitter presented at time 0.
        var emitter: EmitterProperties
        /// The seconds simulated (the prewarm, or the longest chain of lifetimes if shorter).
        var simulated: Double
        /// The steps the prewarm takes, and those taken.
        var steps: Int
        var taken = 0
        /// The birth rates of the cells, for integrated emission.
        var rates: [Double]
        /// The layer's own budget (its `maxParticles`) for the whole prewarm, taken when its
        /// first step runs: what it was allowed then, and what is left.
        var layerBudget: (allowed: Int, remaining: Int)?
    }

    private var prewarmPlan: PrewarmPlan?

    /// The steps the prewarm has left (0 when there is none, or it is done).
    var remainingPrewarmSteps: Int { prewarmPlan.map { $0.steps - $0.taken } ?? 0 }

    /// The prewarm's plan (see ``prewarm(stepDuration:budget:)``), nil for a layer with
    /// nothing to prewarm; changes nothing.
    private func makePrewarmPlan(stepDuration: Double) -> PrewarmPlan? {
        let seconds = properties.prewarm
        guard prewarmPlan == nil, seconds > 0, simulatedTime == 0, stepDuration > 0 else { return nil }
        let presentation = layer.presentation(atLocalTime: 0)
        let emitter = presentation.emitter ?? EmitterProperties()
        // Emission counts from −prewarm (so bursts keep their phase), but a particle born more
        // than the longest chain of lifetimes (a particle's, its sub-particles', …) before 0
        // is gone by 0: the simulation starts there.
        func longestLife(_ cell: EmitterCell) -> Double {
            (cell.lifetime + cell.lifetimeRange / 2) * emitter.lifetime + (cell.emitterCells.map(longestLife).max() ?? 0)
        }
        let horizon = emitter.emitterCells.map(longestLife).max() ?? 0
        let simulated = min(seconds, horizon)
        guard simulated > 0 else { return nil }
        let steps = max(1, min(EffectLimits.maxPrewarmSteps, Int((simulated / stepDuration).rounded(.up))))
        // The rates of the cells that emit as the layer starts, just after 0 (a cell that
        // begins later has not begun in the prewarm).
        return PrewarmPlan(emitter: emitter, simulated: simulated, steps: steps, rates: steppedRates(emitter, at: 1e-9))
    }

    /// The steps ``prewarm(stepDuration:budget:)`` would take now (0 for none).
    func plannedPrewarmSteps(stepDuration: Double) -> Int {
        makePrewarmPlan(stepDuration: stepDuration)?.steps ?? 0
    }

    /// Plans the prewarm (see ``prewarm(stepDuration:budget:)``) without taking a step.
    func beginPrewarm(stepDuration: Double) {
        guard let plan = makePrewarmPlan(stepDuration: stepDuration) else { return }
        emissionStart = -properties.prewarm
        simulatedTime = -plan.simulated
        if !integratesBirthRate {
            for cell in cells { cell.startCountingFrom(emissionStart) }
        }
        prewarmPlan = plan
    }

    /// Takes up to `maxSteps` steps of the prewarm begun by ``beginPrewarm(stepDuration:)``,
    /// within the effect's `budget` (and the layer's own, held across calls).
    /// - Returns: the steps taken.
    @discardableResult
    func continuePrewarm(maxSteps: Int, budget: inout Int) -> Int {
        guard var plan = prewarmPlan, maxSteps > 0 else { return 0 }
        if plan.layerBudget == nil, let limit = properties.maxParticles {
            let allowed = min(budget, limit - liveParticles)
            plan.layerBudget = (allowed, allowed)
        }
        var layerRemaining = plan.layerBudget?.remaining ?? 0
        let count = min(maxSteps, plan.steps - plan.taken)
        for _ in 0..<count {
            plan.taken += 1
            let step = plan.taken
            let end = step == plan.steps ? 0 : -plan.simulated + plan.simulated * Double(step) / Double(plan.steps)
            let span = end - simulatedTime
            let integrals = integratesBirthRate ? plan.rates.map { $0 * span } : []
            if plan.layerBudget != nil {
                advance(plan.emitter, to: end, integrals: integrals, requestedBursts: [], budget: &layerRemaining)
            } else {
                advance(plan.emitter, to: end, integrals: integrals, requestedBursts: [], budget: &budget)
            }
        }
        if let layerBudget = plan.layerBudget {
            plan.layerBudget = (layerBudget.allowed, layerRemaining)
            // What the layer made is taken from the effect's budget when its prewarm ends (as
            // one run within the layer's budget does).
            if plan.taken == plan.steps { budget -= layerBudget.allowed - layerRemaining }
        }
        prewarmPlan = plan.taken == plan.steps ? nil : plan
        return count
    }

    /// The layer presented at the step's end: computed, or the last step's when no animation
    /// can have changed it since (a finished, held animation costs nothing per step).
    private func presented(from start: Double, to end: Double) -> Layer {
        if let last = lastPresentation, last.time == start, presentationChanges?.holdStill(from: start, to: end) == true {
            lastPresentation = (end, last.layer)
            return last.layer
        }
        let layer = self.layer.presentation(atLocalTime: end)
        lastPresentation = (end, layer)
        return layer
    }

    /// ∫ birthRate dt over (start, end] for every cell: each cell's presented rate times the
    /// layer's, zero where the cell's own timing is not active. Adaptive Simpson's rule: exact
    /// for rates that change linearly (the classic burst, 30 → 0 in 1 s, emits 15 particles at
    /// any step rate), and subdividing around jumps (a discrete keyframe, a cell's start) down
    /// to 1/4096 of a step. Every step is sampled at least 33 times, so a pulse longer than
    /// 1/32 of a step is not missed. Each sample presents only the ``rateModel``, once per
    /// sample time, and a step takes at most ``maxRateSamplesPerStep`` samples: past them, the
    /// parts not yet refined keep the estimate they have (a rate that stays rough all through
    /// the step — thousands of keyframes in it — cannot cost thousands of samples a step).
    func birthRateIntegrals(from start: Double, to end: Double) -> [Double] {
        var cache: [Double: [Double]] = [:]
        func rates(_ time: Double) -> [Double] {
            if let cached = cache[time] { return cached }
            let presentation = rateModel.presentation(atLocalTime: time)
            let emitter = presentation.emitter ?? EmitterProperties()
            let values = cells.indices.map { index -> Double in
                guard index < emitter.emitterCells.count else { return 0 }
                let cell = emitter.emitterCells[index]
                guard cell.enabled, cell.isActive(atLayerTime: time) else { return 0 }
                return cell.birthRate * emitter.birthRate
            }
            cache[time] = values
            return values
        }
        func simpson(_ a: Double, _ b: Double, _ fa: [Double], _ fm: [Double], _ fb: [Double]) -> [Double] {
            (0..<fa.count).map { (b - a) / 6 * (fa[$0] + 4 * fm[$0] + fb[$0]) }
        }
        func adaptive(_ a: Double, _ b: Double, _ fa: [Double], _ fm: [Double], _ fb: [Double], _ whole: [Double], _ depth: Int) -> [Double] {
            // Out of samples: this part keeps its estimate.
            if cache.count + 2 > Self.maxRateSamplesPerStep { return whole }
            let m = (a + b) / 2
            let lm = rates((a + m) / 2), rm = rates((m + b) / 2)
            let left = simpson(a, m, fa, lm, fm), right = simpson(m, b, fm, rm, fb)
            let refined = zip(left, right).map { $0 + $1 }
            let error = zip(refined, whole).map { abs($0 - $1) }.max() ?? 0
            if depth >= 12 || (depth >= 4 && error < 1e-9) { return refined }
            let l = adaptive(a, m, fa, lm, fm, left, depth + 1), r = adaptive(m, b, fm, rm, fb, right, depth + 1)
            return zip(l, r).map { $0 + $1 }
        }
        let fa = rates(start), fb = rates(end), fm = rates((start + end) / 2)
        return adaptive(start, end, fa, fm, fb, simpson(start, end, fa, fm, fb), 0).map { max(0, $0) }
    }

    /// The most samples of the birth rates ``birthRateIntegrals(from:to:)`` takes in one step:
    /// enough for every shipped effect's refinement (their goldens are the same with and
    /// without the bound), and a bound on the cost of a rate animated with thousands of
    /// keyframes within a step (which took up to 8 190 samples a step before).
    static let maxRateSamplesPerStep = 1024

    /// Each cell's birth rate times the layer's at layer time `time`, for rates that do not
    /// change within a step.
    private func steppedRates(_ emitter: EmitterProperties, at time: Double) -> [Double] {
        cells.indices.map { index in
            guard index < emitter.emitterCells.count else { return 0 }
            let cell = emitter.emitterCells[index]
            guard cell.enabled, cell.isActive(atLayerTime: time) else { return 0 }
            return cell.birthRate * emitter.birthRate
        }
    }

    func reset() {
        simulatedTime = 0
        emissionStart = 0
        prewarmPlan = nil
        lastPresentation = nil
        pendingBursts.removeAll()
        for cell in cells { cell.reset() }
    }
}

/// When something of an emitter layer can change, in its time: the active intervals of some of
/// its animations (outside one, an animation holds a value or is gone) and the moments its cells
/// start or stop emitting. A step that meets none of them sees that thing hold still.
struct ChangeTimes {
    /// Layer-time intervals in which an animation is active.
    var intervals: [ClosedRange<Double>] = []
    /// Layer times at which a top-level cell starts or stops emitting.
    var moments: [Double] = []

    /// When the birth rates can change: animations of a `birthRate` or `enabled` (in groups
    /// too), and the cells' own timing. Nil when such an animation never ends or runs at a
    /// speed ≤ 0 (the rates must then always be integrated).
    static func ofRates(in layer: Layer) -> ChangeTimes? {
        guard var times = ChangeTimes(animations: layer.animations.filter(\.changesBirthRate)), times.addCellTiming(of: layer) else {
            return nil
        }
        return times
    }

    /// When the layer's presentation can change: any of its animations.
    static func ofPresentation(of layer: Layer) -> ChangeTimes? {
        ChangeTimes(animations: layer.animations)
    }

    private init?(animations: [Animation]) {
        for animation in animations {
            let timing = animation.timing
            let active = timing.activeDuration(duration: animation.duration)
            guard timing.speed > 0, active.isFinite, timing.beginTime.isFinite else { return nil }
            intervals.append(timing.beginTime...(timing.beginTime + active / timing.speed))
        }
    }

    /// Adds the moments the top-level cells start and stop emitting; false when one cannot be
    /// known.
    private mutating func addCellTiming(of layer: Layer) -> Bool {
        for cell in layer.emitter?.emitterCells ?? [] where cell.timing != MediaTiming() {
            // Active while 0 < (t − beginTime) · speed + timeOffset ≤ active duration.
            let timing = cell.timing
            guard timing.speed != 0 else { continue }
            let start = cell.emissionStart
            guard start.isFinite else { return false }
            moments.append(start)
            let active = timing.activeDuration(duration: timing.duration > 0 ? timing.duration : .infinity)
            if active.isFinite { moments.append(start + active / timing.speed) }
        }
        return true
    }

    /// Whether no rate can change within the step (start, end]: it meets no animation's active
    /// interval and passes no cell's start or stop (with a margin for rounding).
    func holdStill(from start: Double, to end: Double) -> Bool {
        func margin(_ t: Double) -> Double { 1e-9 * (1 + abs(t)) }
        for interval in intervals where !(end < interval.lowerBound - margin(interval.lowerBound) || start > interval.upperBound + margin(interval.upperBound)) {
            return false
        }
        for moment in moments where start - margin(moment) < moment && moment < end + margin(moment) {
            return false
        }
        return true
    }
}

extension Animation {
    /// Whether the animation (or a child of a group) animates a birth rate or a cell's
    /// `enabled`: what the rate integral must follow.
    var changesBirthRate: Bool {
        if case .group(let children) = spec { return children.contains(where: \.changesBirthRate) }
        return keyPath?.changesBirthRate ?? false
    }
}

extension EmitterCell {
    /// When a top-level cell starts emitting, in its layer's time: its `beginTime`, moved
    /// back by its `timeOffset` (at its `speed`).
    var emissionStart: Double {
        let timing = self.timing
        guard timing.speed != 0 else { return timing.beginTime }
        return timing.beginTime - timing.timeOffset / timing.speed
    }

    /// Whether a top-level cell emits at the layer's time `time`: between its `beginTime` and
    /// the end of its active duration (forever when it has no `duration`).
    func isActive(atLayerTime time: Double) -> Bool {
        guard timing != MediaTiming() else { return true }
        let local = timing.timeIgnoringRepeats(parentTime: time)
        let duration = timing.duration > 0 ? timing.duration : .infinity
        return local > 0 && local <= timing.activeDuration(duration: duration)
    }
}
