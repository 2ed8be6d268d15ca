import Foundation

/// A running effect: the fixed-step simulation of every emitter layer in the layer tree.
///
/// Time is counted in integer ticks; `time == Double(tick) / stepRate`. Only ``step()``
/// advances it, one tick at a time, so a run is a pure function of (effect, seed, step rate,
/// number of steps). Nothing here reads a clock or an unseeded generator.
public final class World {
    /// The model: the effect as loaded, with the changes made at run time (an
    /// ``EffectPlayer``'s `setValue(_:forKeyPath:)`).
    public private(set) var effect: Effect
    /// The seed every random draw is keyed by: the one passed in, else the effect's `seed`.
    public let seed: UInt64
    /// Simulation steps per second: the one passed in, else the effect's `stepRate`.
    public let stepRate: Double
    /// Steps taken since time 0; the current time is `tick / stepRate` seconds.
    public private(set) var tick = 0
    /// Every emitter layer of the tree, in drawing order.
    public private(set) var emitters: [EmitterSimulation] = []
    /// True once emission has paused at least once because `maxParticles` was reached.
    public private(set) var budgetReached = false
    /// The most threads a step uses: each cell's particles are split into contiguous ranges
    /// (of at least 16 384 particles each, so small effects stay on one thread) moved at once on
    /// that many threads; which particle is born into which slot, and which moves removal makes,
    /// are decided on the caller's thread, in order (the births' columns are written, and the
    /// dead found, on the threads). The results are the
    /// same with any number (the same state hash and pixels): it changes only how fast a step
    /// is. Starts as ``defaultThreads``; values below 1 count as 1.
    public var threads: Int {
        didSet {
            threads = max(threads, 1)
            applyThreads()
        }
    }

    /// The thread count new worlds start with: every core of the machine
    /// (``ParallelChunks/processorCount``) unless changed. The `fx` command sets it from
    /// `--threads N` or the `FX_THREADS` environment variable; values below 1 count as 1.
    public static var defaultThreads: Int {
        get { defaultThreadStorage.value }
        set { defaultThreadStorage.value = max(newValue, 1) }
    }
    private static let defaultThreadStorage = ThreadCountSetting()

    /// - Parameters:
    ///   - effect: the effect to run.
    ///   - seed: overrides the effect's `seed`.
    ///   - stepRate: overrides the effect's `stepRate` (steps per second).
    ///   - defersPrewarm: false (the default) brings the world to time 0 now, its layers'
    ///     `prewarm` done, which for a heavy effect can take long; true leaves that work to
    ///     ``prewarm(maxSteps:)``, to be done in slices (the first ``step()`` finishes it).
    public init(effect: Effect, seed: UInt64? = nil, stepRate: Double? = nil, defersPrewarm: Bool = false) {
        self.effect = effect
        self.seed = seed ?? effect.seed
        self.stepRate = stepRate ?? effect.stepRate
        threads = World.defaultThreads
        emitters = World.collectEmitters(effect: effect, seed: self.seed)
        applyThreads()
        planSettling()
        if !defersPrewarm { prewarm(maxSteps: .max) }
    }

    /// The fewest particles of a cell one thread takes in a step: a cell with fewer than twice
    /// as many runs on one thread, as waking another costs more than the work it would take
    /// over. ``defaultMinimumChunk`` unless changed; a smaller value (down to 1) splits even
    /// small effects, which gives the same results too — the tests use it to check that.
    public var minimumChunk = World.defaultMinimumChunk {
        didSet {
            minimumChunk = max(minimumChunk, 1)
            applyThreads()
        }
    }

    /// The ``minimumChunk`` every world starts with: 16 384 particles.
    public static let defaultMinimumChunk = CellSimulation.minimumChunk

    /// Gives every cell of every emitter the world's thread count.
    private func applyThreads() {
        for emitter in emitters {
            for cell in emitter.allCells {
                cell.threads = threads
                cell.minimumChunkSize = minimumChunk
            }
        }
    }

    /// Brings every emitter to its state at effect time 0. An emitter whose layer time is
    /// already past 0 then — a `timeOffset` (or a negative `beginTime`) pre-simulates it —
    /// shows at time 0 the particles it has at that offset, not an empty layer until the first
    /// step. Layers whose time starts at 0 have nothing to do here. A prewarmed layer starts
    /// full: its particles as after `prewarm` seconds.
    ///
    /// The work is planned here and done by ``prewarm(maxSteps:)``: all at once unless the
    /// world was made with `defersPrewarm`.
    private func planSettling() {
        settlingSteps = emitters.reduce(0) { $0 + $1.plannedPrewarmSteps(stepDuration: stepDuration) + 1 }
        settling = SettlingState(budget: effect.maxParticles, emitterIndex: 0, began: false, completed: 0)
    }

    /// The steps that bring the world to time 0 (see ``prewarmProgress``).
    private var settlingSteps = 0

    /// The work that brings the world to time 0, while it is not done: the budget it spends,
    /// the emitter it is at, and its steps (each emitter's prewarm steps, and one more for
    /// its step to time 0).
    private struct SettlingState {
        var budget: Int
        var emitterIndex: Int
        var began: Bool
        var completed: Int
    }

    private var settling: SettlingState?

    /// Whether the world is at time 0 with every layer's prewarm done, ready to ``step()``.
    /// Always true for a world made without `defersPrewarm`.
    public var isPrewarmed: Bool { settling == nil }

    /// How far the work that brings the world to time 0 has come, in simulation steps: the
    /// prewarm steps of every emitter layer, and one step per layer to time 0. Complete once
    /// the world ``isPrewarmed``.
    public var prewarmProgress: SimulationProgress {
        SimulationProgress(completedSteps: settling?.completed ?? settlingSteps, totalSteps: settlingSteps)
    }

    /// Takes up to `maxSteps` steps of the work that brings the world to time 0 (the layers'
    /// prewarms, see ``prewarmProgress``), and returns how far it is. Call it again until the
    /// world ``isPrewarmed``: the state it reaches is the same, to the bit, however the work
    /// is sliced (the same ``stateHash()`` as a world prewarmed at once). A caller that
    /// must stay responsive (a window drawing frames, a command that can be interrupted)
    /// chooses the slice in steps; the engine never reads a clock.
    /// - Parameter maxSteps: the most steps to take now (at least 1 is taken while any is left).
    @discardableResult
    public func prewarm(maxSteps: Int) -> SimulationProgress {
        guard var state = settling else { return prewarmProgress }
        var allowance = max(maxSteps, 1)
        while allowance > 0, state.emitterIndex < emitters.count {
            let emitter = emitters[state.emitterIndex]
            if !state.began {
                emitter.beginPrewarm(stepDuration: stepDuration)
                state.began = true
            }
            let taken = emitter.continuePrewarm(maxSteps: allowance, budget: &state.budget)
            state.completed += taken
            allowance -= taken
            guard emitter.remainingPrewarmSteps == 0, allowance > 0 else { continue }
            emitter.step(to: 0, budget: &state.budget)
            state.completed += 1
            allowance -= 1
            state.emitterIndex += 1
            state.began = false
        }
        if state.emitterIndex < emitters.count {
            settling = state
        } else {
            settling = nil
            if state.budget <= 0 { budgetReached = true }
        }
        return prewarmProgress
    }

    /// Seconds per step.
    public var stepDuration: Double { 1 / stepRate }

    /// The effect time of the current state.
    public var time: Double { Double(tick) / stepRate }

    /// The number of particles alive now, summed over every emitter and cell.
    public var liveParticles: Int { emitters.reduce(0) { $0 + $1.liveParticles } }

    /// Advances the simulation by one tick (after finishing the prewarm of a world made with
    /// `defersPrewarm`, if it is not done).
    public func step() {
        if !isPrewarmed { prewarm(maxSteps: .max) }
        tick += 1
        let time = self.time
        var budget = effect.maxParticles - liveParticles
        for emitter in emitters {
            emitter.step(to: time, budget: &budget)
        }
        if budget <= 0 {
            budgetReached = true
        }
    }

    /// The tick nearest to `time` (clamped to 0…``Effect/maxDuration``): the step that shows
    /// that moment. Going to a time is ``EffectPlayer/seek(to:)``'s job, which replays the
    /// changes made at run time; a world only steps forward.
    public func tick(for time: Double) -> Int {
        let clamped = time.isNaN ? 0 : min(max(0, time), Effect.maxDuration)
        return Int((clamped * stepRate).rounded())
    }

    /// A hash of the whole simulation state: tick, and every particle's every column (the
    /// hash of its ``snapshot()``).
    public func stateHash() -> StateHasher {
        snapshot().stateHash()
    }

    /// A simulation for every emitter layer of the tree (hidden ones too: an animation may
    /// show them), in file order.
    static func collectEmitters(effect: Effect, seed: UInt64) -> [EmitterSimulation] {
        effect.allLayers().filter { $0.layer.type == .emitter }.map {
            EmitterSimulation(layer: $0.layer, timingChain: $0.timingChain, seed: seed, capacityLimit: effect.maxParticles)
        }
    }

    /// Changes the model of the layer with this unique name from
    /// the next step on, for the tree that is drawn and for the emitter simulation that runs
    /// it. Particles already alive keep what they were born with, as in Core Animation.
    /// - Returns: false when no layer has that name.
    @discardableResult
    func modifyLayer(named name: String, _ change: (inout Layer) -> Void) -> Bool {
        var changed: Layer?
        var timingChanged = false
        effect.modifyLayer(named: name) { layer in
            let timing = layer.timing
            change(&layer)
            changed = layer
            timingChanged = layer.timing != timing
        }
        guard let changed else { return false }
        emitter(named: name)?.replaceModel(changed)
        if timingChanged {
            // A layer's time changed (a drag set its timeOffset): the emitters in it follow
            // their new time from the next step (forward only, as ever).
            for (layer, chain) in effect.allLayers() where layer.type == .emitter {
                emitter(named: layer.identifier)?.timingChain = chain
            }
        }
        return true
    }

    /// The emitter simulation of the layer with this unique name.
    public func emitter(named name: String) -> EmitterSimulation? {
        emitters.first { $0.name == name }
    }
}

extension Effect {
    /// Changes the layer with this unique name in the tree (as ``World/modifyLayer(named:_:)``
    /// does for a running world); nothing when no layer has that name.
    mutating func modifyLayer(named name: String, _ change: (inout Layer) -> Void) {
        func visit(_ layers: inout [Layer]) -> Bool {
            for index in layers.indices {
                if layers[index].identifier == name {
                    change(&layers[index])
                    return true
                }
                if var mask = layers[index].mask {
                    var masks = [mask]
                    if visit(&masks) {
                        mask = masks[0]
                        layers[index].mask = mask
                        return true
                    }
                }
                if visit(&layers[index].sublayers) { return true }
            }
            return false
        }
        _ = visit(&layers)
    }
}

/// The process-wide default thread count, behind a lock: any thread may make a world.
private final class ThreadCountSetting: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ParallelChunks.processorCount

    var value: Int {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
