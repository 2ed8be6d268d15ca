import Foundation

/// A running effect, for programs that embed fx: load an effect, drive its clock, change it
/// while it runs, and draw it.
///
/// A player owns one simulation. It is a reference type used from one thread at a time;
/// everything it takes and gives back (``Effect``, ``AnimatableValue``, ``Point``,
/// ``Stats``) is a value.
///
/// Time moves only when you say so, in one of two ways:
/// - ``step(count:)`` advances by whole fixed steps (`1 / stepRate` seconds each), for tests,
///   tools and renders;
/// - ``advance(by:)`` takes the real seconds since your last frame, times ``speed``, into an
///   accumulator and steps while a whole step is due. ``interpolation`` is what is left over,
///   and ``buildDrawList(into:pixelsPerPoint:)`` draws the state that far between the last two
///   steps, so motion is smooth at any frame rate.
///
/// Changes made while the effect runs (`setValue(_:forKeyPath:)`, ``addAnimation(_:toLayer:forKey:)``,
/// ``burst(layer:at:count:)``, ``pointerMoved(to:)``) take effect on the next step, and are
/// recorded with the step they were made at: ``seek(to:)`` replays them, so the state at any
/// moment is a function of the effect, the seed and that list of changes. The same calls at the
/// same steps give the same ``stateHash()`` on every run and machine.
///
/// ```swift
/// let player = try EffectPlayer(contentsOfFile: "effects/confetti.json")
/// player.loops = false
/// try player.setValue(0, forKeyPath: "confetti.emitterCells.blue.birthRate")
/// player.advance(by: 1.0 / 60)
/// ```
public final class EffectPlayer {
    /// The effect as loaded, before any change made at run time.
    public let loadedEffect: Effect
    /// The steps per second of the fixed step.
    public let stepRate: Double
    /// The seed of every random value of the run.
    public var seed: UInt64 { world.seed }

    /// The simulation now: its emitters, particles and budget, to read (as `fx inspect` and
    /// headless renders do). Change the run through the player's methods, which are recorded
    /// and replayed by ``seek(to:)``; a change made on the world directly is lost when a seek
    /// back replays the run.
    public private(set) var world: World
    /// The model a replay starts from: the loaded effect, with the changes folded in by
    /// ``restart()`` and by a full timeline.
    var startingModel: Effect
    /// The changes since the starting model, in step order (and call order within a step).
    var timeline: [TimedChange] = []
    /// The timeline entries already applied to ``world``.
    var applied = 0

    /// The most threads the simulation uses (``World/threads``) and ``buildDrawList(into:pixelsPerPoint:)``
    /// writes particle quads on, kept when a seek or a restart makes a new world. Starts as ``World/defaultThreads`` (every core unless the
    /// program changed it). The results are the same with any number: only the speed changes.
    public var threads: Int {
        didSet {
            threads = max(threads, 1)
            world.threads = threads
        }
    }

    /// Whether ``advance(by:)`` lets time pass. Stepping and seeking work while paused.
    public var isPaused = false
    /// How fast ``advance(by:)`` plays: 1 is real time, 0.5 half speed, at most
    /// ``maxSpeed``. Negative and non-finite speeds count as 0.
    public var speed = 1.0
    /// The fastest ``speed``: 16 times real time.
    public static let maxSpeed = 16.0
    /// Whether ``advance(by:)`` starts over (``restart()``) when the time reaches the effect's
    /// ``Effect/duration``. Starts as the effect's own `loop`; a program firing one-shot
    /// bursts usually sets it to false.
    public var loops: Bool
    /// The most real time one ``advance(by:)`` catches up, in seconds: after a stall (a
    /// breakpoint, a dragged window) the player does not spiral trying to simulate the lost
    /// time.
    public var maxCatchUp = 0.25
    /// Real seconds (times speed) not yet stepped, below one step.
    private var accumulator = 0.0
    /// Whether the state was put exactly on a step (by stepping or seeking) and no advance has
    /// stepped since: then it is drawn as it is, not interpolated.
    private var landedOnStep = true
    /// Reads a monotonic clock in seconds, to measure ``Stats/lastStepDuration``; nil (the
    /// default) leaves it nil. The engine itself never reads a clock: FXSDL's
    /// `SDLClock.seconds` is one to pass.
    public var clock: (() -> Double)?
    private var lastStepDuration: Double?
    private var lastAdvanceSteps = 0
    /// Whether the worlds this player makes leave their prewarm to be done in slices
    /// (``seek(to:maxSteps:)``) instead of at once.
    public let defersPrewarm: Bool
    /// The pointer positions to give the emitters once the world is prewarmed (a restart
    /// keeps them; they must not reach the world's settling step).
    private var pointersAfterPrewarm: [(String, Point?)] = []
    /// A seek done in slices: its target tick and the steps done when it began.
    private var slicedSeek: (target: Int, startedAt: Int)?

    // MARK: - Loading

    /// A player of `effect` at time 0.
    /// - Parameters:
    ///   - effect: the effect, decoded from a file or built in code.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate` (steps per second, 1…1000).
    ///   - defersPrewarm: false (the default) prewarms the effect's layers now, which for a
    ///     heavy effect (a long `prewarm` of many particles) can take long; true leaves it,
    ///     here and after every restart and seek back, to ``seek(to:maxSteps:)``, so that a
    ///     program can do it in slices between frames and show its ``isPrewarmed`` progress.
    ///     Stepping, seeking at once and changes finish it first. The states are the same.
    public init(effect: Effect, seed: UInt64? = nil, stepRate: Double? = nil, defersPrewarm: Bool = false) {
        loadedEffect = effect
        startingModel = effect
        self.defersPrewarm = defersPrewarm
        let rate = stepRate.map { min(max($0.isFinite ? $0 : Effect.defaultStepRate, Effect.stepRateRange.lowerBound),
                                      Effect.stepRateRange.upperBound) }
        world = World(effect: effect, seed: seed, stepRate: rate, defersPrewarm: defersPrewarm)
        threads = world.threads
        self.stepRate = world.stepRate
        loops = effect.loop
    }

    /// Loads the effect file at `path`.
    /// - Parameters:
    ///   - path: the effect file.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate`.
    ///   - resources: where the effect's textures and fonts are read, relative to its folder:
    ///     files on disk and no installed fonts by default; FXEffects' `SystemResources` also
    ///     finds the system's DejaVu fonts, as `fx` does.
    /// - Throws: ``EffectLoadError``, with every problem of the file, each with its line,
    ///   column and JSON path.
    public convenience init(contentsOfFile path: String, seed: UInt64? = nil, stepRate: Double? = nil,
                            resources: any EffectResources = FileResources()) throws {
        self.init(effect: try EffectDecoder.load(path: path, resources: resources), seed: seed, stepRate: stepRate)
    }

    /// Loads an effect from JSON text (the effect file format).
    /// - Parameters:
    ///   - json: the effect file's text.
    ///   - baseDirectory: where relative texture and font paths are found.
    ///   - file: how the text is named in error messages.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate`.
    ///   - resources: where textures and fonts are read (files on disk by default; your own
    ///     ``EffectResources`` to keep them in memory).
    public convenience init(json: String, baseDirectory: String = ".", file: String = "<json>", seed: UInt64? = nil,
                            stepRate: Double? = nil, resources: any EffectResources = FileResources()) throws {
        try self.init(data: Array(json.utf8), baseDirectory: baseDirectory, file: file, seed: seed, stepRate: stepRate,
                      resources: resources)
    }

    /// Loads an effect from the bytes of an effect file (UTF-8 JSON), such as `Data` read by
    /// your program.
    /// - Parameters:
    ///   - data: the effect file's bytes.
    ///   - baseDirectory: where relative texture and font paths are found.
    ///   - file: how the bytes are named in error messages.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate`.
    ///   - resources: where textures and fonts are read (files on disk by default; your own
    ///     ``EffectResources`` to keep them in memory).
    public convenience init<Bytes: Collection>(data: Bytes, baseDirectory: String = ".", file: String = "<data>",
                                              seed: UInt64? = nil, stepRate: Double? = nil,
                                              resources: any EffectResources = FileResources()) throws where Bytes.Element == UInt8 {
        let effect = try EffectDecoder.decode(bytes: Array(data), file: file, baseDirectory: baseDirectory, resources: resources)
        self.init(effect: effect, seed: seed, stepRate: stepRate)
    }

    // MARK: - Time

    /// The model now: the loaded effect with the changes made so far.
    public var effect: Effect { world.effect }
    /// The effect time of the current state, in seconds (`tick / stepRate`).
    public var time: Double { world.time }
    /// Steps taken since time 0.
    public var tick: Int { world.tick }
    /// Seconds per step.
    public var stepDuration: Double { world.stepDuration }
    /// Where between the last step (0) and the next (1) real time stands after
    /// ``advance(by:)``: the fraction of a step the accumulator holds. 1 after
    /// ``step(count:)`` and ``seek(to:)``, which land exactly on a step.
    public var interpolation: Double { landedOnStep ? 1 : accumulator / world.stepDuration }

    /// Advances by `count` fixed steps, whatever ``isPaused`` says (the window's → key).
    public func step(count: Int = 1) {
        for _ in 0..<max(0, count) { stepOnce() }
        accumulator = 0
        landedOnStep = true
    }

    /// Lets `seconds` of real time pass (the time since your last frame): times ``speed``,
    /// into the accumulator, stepping while a whole step is due. Nothing moves while
    /// ``isPaused``. At most ``maxCatchUp`` seconds are caught up at once. A player made with
    /// `defersPrewarm` does not move while its prewarm is pending (after loading, a restart —
    /// a loop's too — or a seek back): ``seek(to:maxSteps:)`` finishes it in slices.
    /// - Returns: the number of steps taken.
    @discardableResult
    public func advance(by seconds: Double) -> Int {
        lastAdvanceSteps = 0
        guard !isPaused, world.isPrewarmed, seconds.isFinite, seconds > 0 else { return 0 }
        let rate = speed.isFinite ? min(max(0, speed), Self.maxSpeed) : 0
        let catchUp = maxCatchUp.isFinite ? max(0, maxCatchUp) : 0.25
        accumulator += min(seconds, catchUp) * rate
        let duration = world.stepDuration
        while accumulator >= duration {
            accumulator -= duration
            stepOnce()
            lastAdvanceSteps += 1
            landedOnStep = false
            // A loop starts over but keeps the real time not yet stepped.
            if loops && world.time >= effect.duration && effect.duration > 0 {
                startOver(seed: world.seed)
                if !world.isPrewarmed {
                    accumulator = 0
                    break
                }
            }
        }
        return lastAdvanceSteps
    }

    /// Shows the moment `time` (rounded to the nearest step; 0…one day): forward by stepping,
    /// back by replaying from time 0 with the changes recorded on the way. Changes recorded
    /// for later moments stay recorded and happen again when play reaches them.
    public func seek(to time: Double) {
        let target = world.tick(for: time)
        if target < world.tick { replayFromStart() }
        finishPrewarm()
        while world.tick < target { stepOnce() }
        accumulator = 0
        landedOnStep = true
    }

    /// Whether the world is prewarmed and at a step: false while a player made with
    /// `defersPrewarm` has prewarm work left (after loading, a restart or a seek back), which
    /// ``seek(to:maxSteps:)`` does in slices.
    public var isPrewarmed: Bool { world.isPrewarmed }

    /// Goes toward the moment `time` as ``seek(to:)`` does, taking at most `maxSteps`
    /// simulation steps (prewarm steps included), and returns how far it is. Call it again
    /// with the same time until the progress is complete: the state reached is the same, to
    /// the bit, as one ``seek(to:)`` (the same ``stateHash()``). For a heavy effect — a long
    /// prewarm, or a far moment, of many particles — a program keeps drawing frames, taking
    /// input and reading the progress between slices; the engine never reads a clock, the
    /// caller sizes the slices. Stepping, advancing or another seek in between is allowed
    /// (each finishes the prewarm first if it must).
    /// - Parameters:
    ///   - time: the moment, as for ``seek(to:)``.
    ///   - maxSteps: the most steps to take now (at least 1 while any is left).
    /// - Returns: the steps done and to do since this seek began (the first call with this
    ///   target).
    @discardableResult
    public func seek(to time: Double, maxSteps: Int) -> SimulationProgress {
        let target = world.tick(for: time)
        if target < world.tick {
            replayFromStart()
            slicedSeek = nil
        }
        // Steps done so far, counted from a fresh world: its prewarm steps then its ticks.
        func done() -> Int { world.prewarmProgress.completedSteps + world.tick }
        if slicedSeek?.target != target { slicedSeek = (target, done()) }
        var allowance = max(maxSteps, 1)
        if !world.isPrewarmed {
            let before = world.prewarmProgress.completedSteps
            world.prewarm(maxSteps: allowance)
            allowance -= world.prewarmProgress.completedSteps - before
            if world.isPrewarmed { afterPrewarm() }
        }
        while allowance > 0, world.isPrewarmed, world.tick < target {
            stepOnce()
            allowance -= 1
        }
        accumulator = 0
        landedOnStep = true
        let total = world.prewarmProgress.totalSteps + target
        let startedAt = slicedSeek?.startedAt ?? 0
        let progress = SimulationProgress(completedSteps: done() - startedAt, totalSteps: total - startedAt)
        if progress.isComplete { slicedSeek = nil }
        return progress
    }

    /// Finishes the world's prewarm if it is not done (a player made with `defersPrewarm`).
    func finishPrewarm() {
        guard !world.isPrewarmed else { return }
        world.prewarm(maxSteps: .max)
        afterPrewarm()
    }

    /// What waits for the world to be at time 0: the pointers a restart kept, and the changes
    /// recorded for time 0.
    private func afterPrewarm() {
        for (name, position) in pointersAfterPrewarm { world.emitter(named: name)?.pointerPosition = position }
        pointersAfterPrewarm = []
        applyRecordedChanges()
    }

    /// Starts over at time 0 from the model as it is now: the values set and the animations
    /// added so far stay (added animations keep their begin times), and so does the pointer;
    /// their history and pending bursts are forgotten.
    public func restart() {
        reseed(world.seed)
    }

    /// Starts over at time 0 (as ``restart()``) with another seed: every random value of the
    /// run changes (the window's s key).
    public func reseed(_ seed: UInt64) {
        startOver(seed: seed)
        accumulator = 0
        landedOnStep = true
    }

    /// A new world at time 0 from the model as it is now. The pointer stays where it is: it is
    /// the user's, not the effect's.
    private func startOver(seed: UInt64) {
        let pointers = world.emitters.map { ($0.name, $0.pointerPosition) }
        startingModel = world.effect
        timeline.removeAll()
        applied = 0
        world = World(effect: startingModel, seed: seed, stepRate: stepRate, defersPrewarm: defersPrewarm)
        world.threads = threads
        pointersAfterPrewarm = pointers
        if world.isPrewarmed { afterPrewarm() }
    }

    /// One step of the world, then the recorded changes of the step it lands on (a replay
    /// meets them there).
    private func stepOnce() {
        finishPrewarm()
        if let clock {
            let start = clock()
            world.step()
            lastStepDuration = clock() - start
        } else {
            world.step()
        }
        applyRecordedChanges()
    }

    /// Back to time 0 with the starting model and the changes recorded for time 0.
    private func replayFromStart() {
        world = World(effect: startingModel, seed: world.seed, stepRate: stepRate, defersPrewarm: defersPrewarm)
        world.threads = threads
        applied = 0
        pointersAfterPrewarm = []
        if world.isPrewarmed { afterPrewarm() }
    }

    private func applyRecordedChanges() {
        while applied < timeline.count, timeline[applied].tick <= world.tick {
            apply(timeline[applied].change)
            applied += 1
        }
    }

    // MARK: - Reading the state

    /// What a program may want to show or log about the run.
    public struct Stats: Sendable, Equatable {
        /// The effect time, in seconds.
        public var time: Double
        /// Steps since time 0.
        public var tick: Int
        /// Live particles of every emitter layer.
        public var liveParticles: Int
        /// Live particles by emitter layer (its unique name).
        public var particlesByLayer: [String: Int]
        /// Whether emission has paused at least once because the effect's `maxParticles`
        /// budget was reached.
        public var budgetReached: Bool
        /// Steps the last ``EffectPlayer/advance(by:)`` took.
        public var stepsInLastAdvance: Int
        /// How long the last step took, in seconds, when the player has a
        /// ``EffectPlayer/clock``.
        public var lastStepDuration: Double?
        /// Changes recorded since the last restart (what ``EffectPlayer/seek(to:)`` replays).
        public var recordedChanges: Int
    }

    /// The run's numbers now.
    public var stats: Stats {
        Stats(time: world.time, tick: world.tick, liveParticles: world.liveParticles,
              particlesByLayer: Dictionary(world.emitters.map { ($0.name, $0.liveParticles) }, uniquingKeysWith: +),
              budgetReached: world.budgetReached, stepsInLastAdvance: lastAdvanceSteps, lastStepDuration: lastStepDuration,
              recordedChanges: timeline.count)
    }

    /// A hash of the whole simulation state (the step, and every particle's every value): equal
    /// states give equal hashes, on every run and machine. What `fx hash` prints, and printed
    /// the same way: 16 hex digits (its ``StateHasher/value`` is the number).
    public func stateHash() -> StateHasher {
        snapshot().stateHash()
    }

    /// The simulation now, for reading: what drawing, `fx inspect` and the hash read (valid
    /// until the player steps again).
    public func snapshot() -> SimulationSnapshot {
        world.snapshot()
    }

    /// The unique names of the layers, in file order: the first part of every key path.
    public var layerNames: [String] {
        effect.allLayers().map(\.layer.identifier)
    }

    // MARK: - Drawing

    /// Fills `list` with what the effect shows now, interpolated by ``interpolation``: the
    /// backend-free triangles, images and text, in canvas points, for any renderer. FXSDL's
    /// `SDLEffectRenderer` draws it with an `SDL_Renderer`.
    /// - Parameters:
    ///   - list: the list to fill; reuse one across frames, so that its buffers are reused.
    ///   - pixelsPerPoint: the output pixels one canvas point covers, to pick the texture size
    ///     that suits each particle and to rasterize vector content sharply.
    public func buildDrawList(into list: DrawList, pixelsPerPoint: Double = 1) {
        // The draw list splits each cell's particles over the simulation's threads: the same
        // bytes with any number (DrawListBuilder.threads).
        DrawListBuilder(threads: threads).build(snapshot(), into: list, interpolation: isPaused ? 1 : interpolation, pixelsPerPoint: pixelsPerPoint)
    }
}
