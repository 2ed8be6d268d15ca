import FXCore
import XCTest

/// Particles are born at their exact emission times, so counts depend only on time.
final class EmissionTests: XCTestCase {
    func testAliveCountIsBirthRateTimesMinOfTimeAndLifetime() throws {
        for birthRate in [0.5, 3, 1000] {
            let lifetime = 2.0
            let fx = try effect(singleCellEffect(cell: "\"birthRate\": \(birthRate), \"lifetime\": \(lifetime)"))
            let world = World(effect: fx)
            for time in [0.25, 1, 1.9, 2, 2.5, 4, 7.3] {
                world.stepForward(to: time)
                let alive = Double(world.emitters[0].cells[0].particles.count)
                let expected = birthRate * min(world.time, lifetime)
                XCTAssertEqual(alive, expected, accuracy: 1, "birthRate \(birthRate) at t = \(world.time)")
            }
        }
    }

    func testHalfAParticlePerSecondEmitsOneEveryTwoSeconds() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 0.5, \"lifetime\": 100"))
        let world = World(effect: fx)
        var bornAt: [Double] = []
        var last = 0
        while world.time < 9 {
            world.step()
            let born = world.emitters[0].cells[0].born
            if born > last {
                XCTAssertEqual(born, last + 1, "one at a time, never a burst")
                bornAt.append(world.time)
                last = born
            }
        }
        // Births at 0, 2, 4, 6, 8 s, each seen at the end of the step containing it.
        XCTAssertEqual(bornAt.count, 5)
        for (index, time) in bornAt.enumerated() {
            XCTAssertEqual(time, Double(index) * 2, accuracy: world.stepDuration + 1e-9)
        }
    }

    func testLayerBirthRateMultipliesAndDisabledCellsEmitNothing() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "emitter", "birthRate": 2.5, "emitterCells": [
              {"name": "on", "birthRate": 4, "lifetime": 10, "contents": "circle"},
              {"name": "off", "enabled": false, "birthRate": 4, "lifetime": 10, "contents": "circle"}]}]}
            """)
        let world = World(effect: fx)
        world.stepForward(to: 2)
        XCTAssertEqual(Double(world.emitters[0].cells[0].particles.count), 20, accuracy: 1)
        XCTAssertEqual(world.emitters[0].cells[1].particles.count, 0)
    }

    func testEmissionStartsAtTheLayersBeginTime() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 10, \"lifetime\": 10", layer: "\"beginTime\": 1.5"))
        let world = World(effect: fx)
        world.stepForward(to: 1.5)
        XCTAssertEqual(world.liveParticles, 0)
        world.stepForward(to: 2.5)
        XCTAssertEqual(Double(world.liveParticles), 10, accuracy: 1)
        // None looks older than the time since the layer began.
        let store = world.emitters[0].cells[0].particles
        for i in 0..<store.count { XCTAssertLessThanOrEqual(store.age[i], 1.0 + 1e-4) }
    }

    /// Steps in which no animation of a rate is active (and no cell starts or stops) take the
    /// rates as constant instead of integrating them: the particles are those of integration.
    /// A rate animated from 20 to 20 between 0.5 s and 1.5 s, held before and after, gives the
    /// particles of a constant 20; a cell emitting from 0.3 s for 0.5 s emits 10.
    func testStepsWhereRatesHoldStillGiveTheIntegratedParticles() throws {
        let cell = #""birthRate": 20, "lifetime": 5, "velocity": 40, "emissionRange": "360deg", "yAcceleration": 30"#
        let animated = try effect(singleCellEffect(cell: cell, layer: """
            "animations": [{"type": "basic", "keyPath": "emitterCells.c.birthRate", "fromValue": 20, "toValue": 20,
                            "beginTime": 0.5, "duration": 1, "fillMode": "both"},
                           {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.5, "beginTime": 2, "duration": 0.5}]
            """))
        let plain = try effect(singleCellEffect(cell: cell))
        for stepRate in [30.0, 120] {
            let a = World(effect: animated, stepRate: stepRate), b = World(effect: plain, stepRate: stepRate)
            for time in [0.4, 1.0, 1.77, 3.0] {
                a.stepForward(to: time)
                b.stepForward(to: time)
                let p = a.emitters[0].cells[0].particles.positionsBySerial, q = b.emitters[0].cells[0].particles.positionsBySerial
                XCTAssertFalse(q.isEmpty, "nothing to compare at step rate \(stepRate), time \(time)")
                XCTAssertEqual(p.map(\.serial), q.map(\.serial), "step rate \(stepRate), time \(time)")
                for (x, y) in zip(p, q) {
                    XCTAssertEqual(x.x, y.x, accuracy: 1e-3)
                    XCTAssertEqual(x.y, y.y, accuracy: 1e-3)
                }
            }
        }
        // 0 → 40 per second between 0.5 s and 1.5 s, held at 40 after: 20 + 40 × 1.5 = 80 by 3 s.
        let ramp = try effect(singleCellEffect(cell: #""birthRate": 0, "lifetime": 5"#, layer: """
            "animations": [{"type": "basic", "keyPath": "emitterCells.c.birthRate", "fromValue": 0, "toValue": 40,
                            "beginTime": 0.5, "duration": 1, "fillMode": "both", "removedOnCompletion": false}]
            """))
        for stepRate in [24.0, 60, 240] {
            let world = World(effect: ramp, stepRate: stepRate)
            world.stepForward(to: 1)
            XCTAssertEqual(world.emitters[0].cells[0].born, 5, "step rate \(stepRate)")
            world.stepForward(to: 3)
            XCTAssertEqual(world.emitters[0].cells[0].born, 80, "step rate \(stepRate)")
        }
        let timed = try effect(singleCellEffect(cell: #""birthRate": 20, "lifetime": 5, "beginTime": 0.3, "duration": 0.5"#))
        for stepRate in [24.0, 60, 240] {
            let world = World(effect: timed, stepRate: stepRate)
            world.stepForward(to: 0.29)
            XCTAssertEqual(world.emitters[0].cells[0].born, 0)
            world.stepForward(to: 2)
            XCTAssertEqual(world.emitters[0].cells[0].born, 10, "step rate \(stepRate)")
        }
    }

    func testParticleBudgetPausesEmission() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 1000, \"lifetime\": 10", maxParticles: 250))
        let world = World(effect: fx)
        world.stepForward(to: 2)
        XCTAssertEqual(world.liveParticles, 250)
        XCTAssertTrue(world.budgetReached)
    }

    func testAHugeBirthRateIsBoundedByTheBudgetAndDoesNotHang() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 10000000, \"lifetime\": 5", layer: "\"birthRate\": 1000000000", maxParticles: 5000))
        let world = World(effect: fx)
        world.stepForward(to: 3)
        XCTAssertEqual(world.liveParticles, 5000)
        XCTAssertTrue(world.budgetReached)
    }

    func testParticlesDieAtTheSameMomentAtEveryStepRate() throws {
        // Lifetime 0.5 s with births every 0.1 s: deaths fall exactly on step boundaries.
        for time in [1.5, 2.0, 3.25] {
            var counts: [Int] = []
            for rate in [60.0, 120, 240, 1000] {
                try assertSimulation(singleCellEffect(cell: "\"birthRate\": 10, \"lifetime\": 0.5", stepRate: rate),
                                     steps: Int((time * rate).rounded())) { world in
                    counts.append(world.liveParticles)
                }
            }
            XCTAssertEqual(Set(counts).count, 1, "alive at \(time) s by step rate: \(counts)")
        }
    }

    func testHugeRatesOfParticlesThatNeverLiveDoNotHang() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 10000000, \"lifetime\": 0", layer: "\"birthRate\": 1000000000"))
        let world = World(effect: fx)
        world.stepForward(to: 5)
        XCTAssertEqual(world.liveParticles, 0)
        let short = try effect(singleCellEffect(cell: "\"birthRate\": 10000000, \"lifetime\": 0.001", layer: "\"birthRate\": 1000000000", maxParticles: 1000))
        let other = World(effect: short)
        other.stepForward(to: 5)
        XCTAssertLessThanOrEqual(other.liveParticles, 1000)
    }

    func testStepRatesAgreeOnCountsAndPositions() throws {
        let cell = """
            "birthRate": 40, "lifetime": 3, "lifetimeRange": 1, "velocity": 180, "velocityRange": 60,
            "emissionRange": "360deg", "xAcceleration": 25, "yAcceleration": 140, "spin": 3, "spinRange": 2
            """
        let slow = World(effect: try effect(singleCellEffect(cell: cell, stepRate: 60)))
        let fast = World(effect: try effect(singleCellEffect(cell: cell, stepRate: 240)))
        slow.stepForward(to: 2)
        fast.stepForward(to: 2)
        XCTAssertEqual(slow.time, 2)
        XCTAssertEqual(fast.time, 2)
        let a = slow.emitters[0].cells[0].particles.positionsBySerial
        let b = fast.emitters[0].cells[0].particles.positionsBySerial
        XCTAssertEqual(a.count, b.count)
        XCTAssertGreaterThan(a.count, 60)
        for (p, q) in zip(a, b) {
            XCTAssertEqual(p.serial, q.serial)
            XCTAssertEqual(p.x, q.x, accuracy: 0.01, "particle \(p.serial)")
            XCTAssertEqual(p.y, q.y, accuracy: 0.01, "particle \(p.serial)")
        }
    }

    func testSameSeedSameHashOtherSeedOtherHash() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 100, \"lifetime\": 2, \"velocity\": 50, \"emissionRange\": 6.28"))
        func hash(_ seed: UInt64) -> UInt64 {
            let world = World(effect: fx, seed: seed)
            world.stepForward(to: 1.5)
            return world.stateHash().value
        }
        XCTAssertEqual(hash(3), hash(3))
        XCTAssertNotEqual(hash(3), hash(4))
    }

    func testEditingOneCellLeavesAnothersParticlesUnchanged() throws {
        func positions(_ extraCell: String) throws -> [(serial: UInt32, x: Float, y: Float)] {
            var positions: [(serial: UInt32, x: Float, y: Float)] = []
            // One second at the default 120 steps a second.
            try assertSimulation("""
                {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [
                  \(extraCell)
                  {"name": "kept", "birthRate": 30, "lifetime": 5, "velocity": 90, "emissionRange": 6.28, "contents": "circle"}]}]}
                """, steps: 120, seed: 5) { world in
                positions = world.emitters[0].cells.last!.particles.positionsBySerial
            }
            return positions
        }
        let alone = try positions("")
        let withOther = try positions(#"{"name": "other", "birthRate": 77, "lifetime": 1, "velocity": 20, "contents": "star"},"#)
        XCTAssertEqual(alone.count, withOther.count)
        for (p, q) in zip(alone, withOther) {
            XCTAssertEqual(p.x, q.x)
            XCTAssertEqual(p.y, q.y)
        }
    }

    func testGoingBackInTimeReplaysFromZero() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 50, \"lifetime\": 2, \"velocity\": 40, \"emissionRange\": 6.28"))
        let player = EffectPlayer(effect: fx)
        player.seek(to: 1)
        let first = player.stateHash()
        player.seek(to: 3)
        player.seek(to: 1)
        XCTAssertGreaterThan(player.world.liveParticles, 0, "a replay of nothing proves nothing")
        XCTAssertEqual(player.stateHash(), first)
        let fresh = World(effect: fx)
        fresh.stepForward(to: 1)
        XCTAssertEqual(first, fresh.stateHash(), "the replay is the run stepped straight to 1 s")
    }
}
