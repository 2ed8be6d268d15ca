import FXCore
import XCTest

/// `prewarm`: an emitter layer that starts full, as after emitting for that long.
final class PrewarmTests: XCTestCase {
    func testThePrewarmedAliveCountAtTimeZeroIsTheSteadyState() throws {
        // 50 a second living 2 s: 100 alive in the steady state (99 at the moments one is born
        // and one dies: the one born exactly now is made by the next step).
        let cell = "\"birthRate\": 50, \"lifetime\": 2, \"velocity\": 40"
        for rate in [37.0, 60, 240] {
            let world = World(effect: try effect(singleCellEffect(cell: cell, layer: "\"prewarm\": 3", stepRate: rate)))
            let steady = World(effect: try effect(singleCellEffect(cell: cell, stepRate: rate)))
            steady.stepForward(to: 3)
            XCTAssertEqual(Double(world.liveParticles), 100, accuracy: 1, "at time 0, \(rate) Hz")
            XCTAssertEqual(world.liveParticles, steady.liveParticles, "at time 0 as after 3 s, \(rate) Hz")
            // And it stays there: no dip, no second start.
            for time in [0.5, 1, 2.5, 4] {
                world.stepForward(to: time)
                XCTAssertEqual(Double(world.liveParticles), 100, accuracy: 1, "at \(time) s, \(rate) Hz")
            }
        }
    }

    func testAPrewarmedLayerIsTheSameAsOneStartedEarlier() throws {
        // prewarm 3 at time t = an unprewarmed layer at t + 3 (constant values: nothing else differs).
        let plain = World(effect: try effect(singleCellEffect(cell: "\"birthRate\": 30, \"lifetime\": 2, \"lifetimeRange\": 1, \"velocity\": 60, \"emissionRange\": 6.28, \"yAcceleration\": 20", stepRate: 60)))
        let warmed = World(effect: try effect(singleCellEffect(cell: "\"birthRate\": 30, \"lifetime\": 2, \"lifetimeRange\": 1, \"velocity\": 60, \"emissionRange\": 6.28, \"yAcceleration\": 20", layer: "\"prewarm\": 3", stepRate: 60)))
        plain.stepForward(to: 4)
        warmed.stepForward(to: 1)
        let a = plain.emitters[0].cells[0].particles.positionsBySerial, b = warmed.emitters[0].cells[0].particles.positionsBySerial
        XCTAssertEqual(a.count, b.count)
        for (p, q) in zip(a, b) {
            XCTAssertEqual(p.serial, q.serial)
            XCTAssertEqual(p.x, q.x, accuracy: 0.01)
            XCTAssertEqual(p.y, q.y, accuracy: 0.01)
        }
    }

    func testPrewarmUsesTheTimeZeroValuesAndIsDeterministic() throws {
        // The emitter is animated from x = 100 to 300 from time 0: the prewarm emits at 100.
        let json = singleCellEffect(cell: "\"birthRate\": 20, \"lifetime\": 5", layer: """
            "prewarm": 4, "animations": [{"type": "basic", "keyPath": "emitterPosition.x", "fromValue": 100, "toValue": 300, "duration": 1}]
            """)
        let world = World(effect: try effect(json))
        let store = world.emitters[0].cells[0].particles
        XCTAssertEqual(store.count, 80)
        for i in 0..<store.count { XCTAssertEqual(store.x[i], 100, accuracy: 1e-3) }
        XCTAssertEqual(World(effect: try effect(json)).stateHash().hex, world.stateHash().hex)
    }

    func testRepeatingBurstsKeepTheirPhaseThroughThePrewarm() throws {
        // Bursts every second from −2.5 s: at −2.5, −1.5, −0.5, then 0.5, 1.5…
        let json = singleCellEffect(cell: "\"lifetime\": 1.2, \"burstCount\": 10, \"burstInterval\": 1", layer: "\"prewarm\": 2.5", stepRate: 60)
        let world = World(effect: try effect(json))
        XCTAssertEqual(world.liveParticles, 10, "the burst at −0.5 s is alive, the one at −1.5 s is gone")
        world.stepForward(to: 0.5)
        XCTAssertEqual(world.liveParticles, 20)
        world.stepForward(to: 0.75)
        XCTAssertEqual(world.liveParticles, 10)
    }

    func testAHostilePrewarmIsBounded() throws {
        // 10 minutes of 10 million a second living 10 minutes: bounded by the budget and the
        // step limit, it loads at once.
        let json = singleCellEffect(cell: "\"birthRate\": 10000000, \"lifetime\": 600", layer: "\"prewarm\": 600", maxParticles: 20000)
        let world = World(effect: try effect(json))
        XCTAssertGreaterThanOrEqual(world.liveParticles, 19_990)
        XCTAssertTrue(world.budgetReached)
    }

    func testPrewarmOutOfRangeIsAnError() {
        let found = diagnostics(singleCellEffect(cell: "\"birthRate\": 1, \"lifetime\": 1", layer: "\"prewarm\": -1"))
        XCTAssertTrue(found.contains { $0.path.hasSuffix("prewarm") }, "\(found)")
    }
}

/// A prewarm (and a seek) done in slices, as the window and the command line do for heavy
/// effects: the same state, to the bit, as all at once.
final class SlicedPrewarmTests: XCTestCase {
    /// Two prewarmed layers (one with its own budget, one with turbulence and an animated
    /// birth rate), a third pre-simulated by its timeOffset, on a budget they exhaust.
    let json = """
        {"fx": 1, "stepRate": 60, "maxParticles": 900, "canvas": {"size": [400, 300]}, "layers": [
          {"type": "emitter", "name": "a", "emitterPosition": [100, 150], "prewarm": 3, "maxParticles": 300,
           "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 200, "lifetime": 2, "velocity": 40, "emissionRange": 6.28}]},
          {"type": "emitter", "name": "b", "emitterPosition": [300, 150], "prewarm": 2.5,
           "animations": [{"type": "basic", "keyPath": "emitterCells.c.birthRate", "fromValue": 400, "toValue": 100, "duration": 2}],
           "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 300, "lifetime": 1.5, "velocity": 30,
                             "turbulence": {"strength": 40, "scale": 80, "speed": 0.5, "octaves": 2}}]},
          {"type": "emitter", "name": "d", "emitterPosition": [200, 50], "timeOffset": 1.5,
           "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 50, "lifetime": 3, "velocity": 20}]}]}
        """

    func testASlicedPrewarmGivesTheStateOfAPrewarmAtOnce() throws {
        let effect = try effect(json)
        let once = World(effect: effect)
        XCTAssertTrue(once.isPrewarmed)
        XCTAssertGreaterThan(once.liveParticles, 0)
        for slice in [1, 2, 7, 50, 100_000] {
            let sliced = World(effect: effect, defersPrewarm: true)
            XCTAssertFalse(sliced.isPrewarmed)
            XCTAssertEqual(sliced.prewarmProgress.completedSteps, 0)
            var slices = 0, last = 0
            while !sliced.isPrewarmed {
                let progress = sliced.prewarm(maxSteps: slice)
                XCTAssertGreaterThan(progress.completedSteps, last, "every slice takes a step")
                XCTAssertLessThanOrEqual(progress.completedSteps - last, slice, "a slice takes at most its steps")
                last = progress.completedSteps
                slices += 1
                XCTAssertLessThan(slices, 10_000)
            }
            XCTAssertTrue(sliced.prewarmProgress.isComplete)
            XCTAssertEqual(sliced.stateHash().hex, once.stateHash().hex, "slices of \(slice) steps")
            XCTAssertEqual(sliced.budgetReached, once.budgetReached)
            // And on from there.
            let onward = World(effect: effect)
            onward.stepForward(to: 1)
            sliced.stepForward(to: 1)
            XCTAssertEqual(sliced.stateHash().hex, onward.stateHash().hex, "at 1 s, slices of \(slice) steps")
        }
    }

    func testThePrewarmProgressCountsEveryLayersStepsAndOneEachToTimeZero() throws {
        let world = World(effect: try effect(json), defersPrewarm: true)
        // a: 2 s of lifetimes (not its 3 s of prewarm) in steps of 1/60 s; b: 1.5 s; d: none;
        // and one step each to time 0.
        let total = Self.steps(2) + Self.steps(1.5) + 3
        XCTAssertEqual(world.prewarmProgress.totalSteps, total)
        XCTAssertEqual(world.prewarm(maxSteps: 100).completedSteps, 100)
        XCTAssertEqual(world.prewarm(maxSteps: 21).completedSteps, 121)
        XCTAssertEqual(world.prewarmProgress.fraction, 121.0 / Double(total), accuracy: 1e-12)
        XCTAssertEqual(world.prewarm(maxSteps: .max).completedSteps, total)
        XCTAssertTrue(world.isPrewarmed)
    }

    /// The prewarm steps of `seconds` at 60 steps a second, as the engine counts them.
    static func steps(_ seconds: Double) -> Int { Int((seconds / (1.0 / 60)).rounded(.up)) }

    func testAStepFinishesADeferredPrewarm() throws {
        let effect = try effect(json)
        let deferred = World(effect: effect, defersPrewarm: true)
        deferred.prewarm(maxSteps: 5)
        deferred.step()
        let once = World(effect: effect)
        once.step()
        XCTAssertEqual(deferred.stateHash().hex, once.stateHash().hex)
    }

    func testAPlayerSeekingInSlicesReachesTheStateOfOneSeek() throws {
        let effect = try effect(json)
        let once = EffectPlayer(effect: effect)
        once.seek(to: 2)
        let sliced = EffectPlayer(effect: effect, defersPrewarm: true)
        XCTAssertFalse(sliced.isPrewarmed)
        var progress = SimulationProgress(completedSteps: 0, totalSteps: 1)
        var calls = 0
        while !progress.isComplete {
            progress = sliced.seek(to: 2, maxSteps: 9)
            calls += 1
        }
        // The prewarm's steps and 120 ticks, 9 at a time.
        let total = Self.steps(2) + Self.steps(1.5) + 3 + 120
        XCTAssertEqual(progress.totalSteps, total)
        XCTAssertEqual(calls, (total + 8) / 9)
        XCTAssertEqual(sliced.stateHash().hex, once.stateHash().hex)
        // A change, then a seek back (a replay, prewarm again) in slices, and forward again.
        try once.setValue(20, forKeyPath: "b.emitterCells.c.birthRate")
        try sliced.setValue(20, forKeyPath: "b.emitterCells.c.birthRate")
        once.seek(to: 3)
        while !sliced.seek(to: 3, maxSteps: 4).isComplete {}
        XCTAssertEqual(sliced.stateHash().hex, once.stateHash().hex)
        once.seek(to: 2.5)
        let back = sliced.seek(to: 2.5, maxSteps: 1)
        XCTAssertFalse(back.isComplete)
        XCTAssertFalse(sliced.isPrewarmed, "a seek back replays from a fresh world, prewarm first")
        XCTAssertEqual(sliced.advance(by: 0.1), 0, "no advance while the prewarm is pending")
        while !sliced.seek(to: 2.5, maxSteps: 13).isComplete {}
        XCTAssertEqual(sliced.stateHash().hex, once.stateHash().hex)
        // A restart leaves the prewarm to the slices too.
        sliced.restart()
        once.restart()
        XCTAssertFalse(sliced.isPrewarmed)
        while !sliced.seek(to: 0, maxSteps: 10).isComplete {}
        XCTAssertEqual(sliced.stateHash().hex, once.stateHash().hex)
    }
}
