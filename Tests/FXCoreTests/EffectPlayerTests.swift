import FXCore
import XCTest

/// The embedding API: loading, the clock, runtime changes and their determinism.
final class EffectPlayerTests: XCTestCase {
    private func player(cell: String = #""birthRate": 100, "lifetime": 10, "velocity": 50"#, layer: String = "",
                        seed: UInt64 = 1) throws -> EffectPlayer {
        EffectPlayer(effect: try effect(singleCellEffect(cell: cell, layer: layer)), seed: seed)
    }

    /// A script of runtime calls at given steps, as a program would make them.
    private func scriptedHash(seed: UInt64 = 1) throws -> StateHasher {
        let player = try self.player(cell: #""birthRate": 100, "lifetime": 10, "velocity": 50, "velocityRange": 20, "emissionRange": 3"#,
                                     seed: seed)
        player.step(count: 30)
        try player.setValue(0, forKeyPath: "e.emitterCells.c.birthRate")
        player.step(count: 30)
        try player.setValue(250, forKeyPath: "e.emitterCells.c.birthRate")
        try player.setValue(Point(x: 50, y: 60), forKeyPath: "e.emitterPosition")
        try player.burst(layer: "e", at: Point(x: 300, y: 200), count: 40)
        player.step(count: 25)
        try player.addAnimation(json: #"{"type": "basic", "keyPath": "emitterCells.c.velocity", "fromValue": 0, "toValue": 300, "duration": 0.5}"#,
                                toLayer: "e")
        player.step(count: 40)
        return player.stateHash()
    }

    func testTheSameCallsGiveTheSameHash() throws {
        let first = try scriptedHash()
        XCTAssertEqual(first, try scriptedHash())
        XCTAssertNotEqual(first, try scriptedHash(seed: 2))
        // And the calls matter: without them the hash differs.
        let plain = try player(cell: #""birthRate": 100, "lifetime": 10, "velocity": 50, "velocityRange": 20, "emissionRange": 3"#)
        plain.step(count: 125)
        XCTAssertNotEqual(first, plain.stateHash())
    }

    func testASetValueTakesEffectOnTheNextStep() throws {
        let player = try self.player()
        player.step(count: 120)
        let before = player.stats.liveParticles
        XCTAssertEqual(before, 100, accuracy: 1)
        try player.setValue(0, forKeyPath: "e.emitterCells.c.birthRate")
        XCTAssertEqual(player.stats.liveParticles, before, "the change waits for the next step")
        player.step(count: 120)
        XCTAssertEqual(player.stats.liveParticles, before, "no births after the rate went to 0; none die within their 10 s")
        try player.setValue(30, forKeyPath: "e.emitterCells.c.birthRate")
        player.step(count: 120)
        // The new rate applies from now, without making up for the second at 0.
        XCTAssertEqual(player.stats.liveParticles, before + 30, accuracy: 1)
        XCTAssertEqual(try player.value(forKeyPath: "e.emitterCells.c.birthRate"), .number(30))
    }

    /// A mask is a layer like the others for key paths: read (as `inspect` and `plot` do),
    /// animated in its masked layer's time, and set at run time.
    func testKeyPathsReachAMask() throws {
        let json = """
            {"fx": 1, "canvas": {"size": [200, 100]}, "layers": [
              {"type": "layer", "name": "label", "position": [100, 50], "bounds": [200, 40], "backgroundColor": "#ffffff", "beginTime": 1,
               "mask": {"type": "gradient", "name": "light", "position": [100, 20], "bounds": [200, 40],
                        "colors": ["transparent", "white", "transparent"], "locations": [0, 0, 0.3],
                        "animations": [{"type": "basic", "keyPath": "locations", "toValue": [0.7, 1, 1], "duration": 2}]}}]}
            """
        let player = EffectPlayer(effect: try EffectDecoder.decode(bytes: Array(json.utf8), file: "mask.json"))
        // The mask's time is its layer's: begun at 1 s, halfway through its 2 s at 2 s.
        player.seek(to: 2)
        XCTAssertEqual(try player.presentationValue(forKeyPath: "light.locations"), .numbers([0.35, 0.5, 0.65]))
        try player.setValue(.numbers([0, 0.1, 0.2]), forKeyPath: "light.locations")
        XCTAssertEqual(try player.value(forKeyPath: "light.locations"), .numbers([0, 0.1, 0.2]))
        // `fx plot`'s samples: the model before 1 s, the animation after.
        let series = try player.effect.sample(["light.locations"], from: 0, to: 2, count: 3)
        XCTAssertEqual(series.count, 1, "the mask's key path is sampled")
    }

    func testARuntimeChangeMatchesTheSameChangeInTheFile() throws {
        // Setting the rate before the first step is the same as writing it in the file.
        let changed = try player()
        try changed.setValue(40, forKeyPath: "e.emitterCells.c.birthRate")
        changed.step(count: 240)
        let written = try player(cell: #""birthRate": 40, "lifetime": 10, "velocity": 50"#)
        written.step(count: 240)
        XCTAssertEqual(changed.stats.liveParticles, written.stats.liveParticles)
    }

    func testSeekingBackReplaysTheChanges() throws {
        let player = try self.player()
        player.step(count: 60)
        try player.setValue(0, forKeyPath: "e.emitterCells.c.birthRate")
        try player.burst(layer: "e", count: 25)
        player.step(count: 60)
        let atOneSecond = player.stateHash()
        player.seek(to: 0.25)
        XCTAssertEqual(player.tick, 30)
        XCTAssertEqual(try player.value(forKeyPath: "e.emitterCells.c.birthRate"), .number(100), "before the change, the loaded value")
        player.seek(to: 1)
        XCTAssertEqual(player.stateHash(), atOneSecond, "replaying gives the same state")
        XCTAssertEqual(player.stats.recordedChanges, 2)
    }

    func testRestartKeepsValuesAndForgetsTheirHistory() throws {
        let player = try self.player()
        player.step(count: 60)
        try player.setValue(10, forKeyPath: "e.emitterCells.c.birthRate")
        player.restart()
        XCTAssertEqual(player.tick, 0)
        XCTAssertEqual(player.stats.recordedChanges, 0)
        player.step(count: 120)
        XCTAssertEqual(player.stats.liveParticles, 10, accuracy: 1)
        player.reseed(99)
        XCTAssertEqual(player.seed, 99)
        XCTAssertEqual(player.tick, 0)
    }

    func testAdvanceAccumulatesRealTime() throws {
        let player = try self.player()  // 120 steps a second
        XCTAssertEqual(player.advance(by: 1.0 / 60), 2)
        XCTAssertEqual(player.advance(by: 0.004), 0, "less than a step is kept")
        XCTAssertEqual(player.interpolation, 0.48, accuracy: 1e-9)
        XCTAssertEqual(player.advance(by: 0.005), 1)
        player.isPaused = true
        XCTAssertEqual(player.advance(by: 1), 0)
        player.isPaused = false
        player.speed = 0.5
        XCTAssertEqual(player.advance(by: 0.1), 6)
        XCTAssertEqual(player.advance(by: 10), 15, "a stall catches up at most maxCatchUp (0.25 s × speed 0.5)")
        XCTAssertEqual(player.stats.stepsInLastAdvance, 15)
    }

    func testAdvanceLoopsAtTheDurationWhenAsked() throws {
        let looping = EffectPlayer(effect: try effect(#"{"fx": 1, "duration": 1, "loop": true, "layers": []}"#))
        XCTAssertTrue(looping.loops)
        for _ in 0..<6 { looping.advance(by: 0.25) }
        XCTAssertEqual(looping.time, 0.5, accuracy: 1e-9)
        looping.loops = false
        for _ in 0..<6 { looping.advance(by: 0.25) }
        XCTAssertEqual(looping.time, 2, accuracy: 1e-9)
    }

    func testTheClockMeasuresStepsOnlyWhenGiven() throws {
        let player = try self.player()
        player.step()
        XCTAssertNil(player.stats.lastStepDuration)
        var now = 10.0
        player.clock = {
            now += 0.003
            return now
        }
        player.step()
        XCTAssertEqual(try XCTUnwrap(player.stats.lastStepDuration), 0.003, accuracy: 1e-12)
    }

    func testBadCallsAreClearErrorsAndChangeNothing() throws {
        let player = try self.player()
        XCTAssertThrowsError(try player.setValue(1, forKeyPath: "e.emitterCells.c.birthRat")) { error in
            XCTAssertTrue("\(error)".contains("did you mean \"emitterCells.c.birthRate\""), "\(error)")
        }
        XCTAssertThrowsError(try player.setValue(1, forKeyPath: "f.opacity")) { error in
            XCTAssertTrue("\(error)".contains("no layer named \"f\""), "\(error)")
        }
        XCTAssertThrowsError(try player.setValue(true, forKeyPath: "e.emitterCells.c.birthRate")) { error in
            XCTAssertEqual("\(error)", "e.emitterCells.c.birthRate holds a number, not a bool")
        }
        XCTAssertThrowsError(try player.setValue(-1, forKeyPath: "e.emitterCells.c.birthRate")) { error in
            XCTAssertTrue("\(error)".contains("must be 0 or more"), "\(error)")
        }
        XCTAssertThrowsError(try player.setValue(2, forKeyPath: "e.opacity"))
        XCTAssertThrowsError(try player.setValue(.nan, forKeyPath: "e.emitterCells.c.velocity"))
        XCTAssertThrowsError(try player.burst(layer: "e", count: -3))
        XCTAssertThrowsError(try player.addAnimation(json: #"{"type": "basic", "keyPath": "opacty", "toValue": 0}"#, toLayer: "e")) { error in
            XCTAssertTrue("\(error)".contains("did you mean \"opacity\""), "\(error)")
        }
        XCTAssertThrowsError(try player.addAnimation(json: #"{"type": "basic", "#, toLayer: "e")) { error in
            XCTAssertTrue("\(error)".contains("<animation>:1:"), "\(error)")
        }
        XCTAssertEqual(player.stats.recordedChanges, 0)
        XCTAssertThrowsError(try EffectPlayer(json: #"{"fx": 1, "layers": [{"type": "emiter"}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("<json>:1:"), "\(error)")
        }
    }

    func testAnAddedAnimationStartsNowAndIsReplacedByKey() throws {
        let player = try self.player(layer: #""opacity": 1"#)
        player.step(count: 120)
        try player.addAnimation(json: #"{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1}"#,
                                toLayer: "e", forKey: "fade")
        player.step(count: 60)
        XCTAssertEqual(try player.presentationValue(forKeyPath: "e.opacity"), .number(0.5))
        XCTAssertEqual(try player.value(forKeyPath: "e.opacity"), .number(1), "animations do not change the model")
        let keyPath = try player.keyPath("opacity", onLayer: "e")
        var hold = Animation(keyPath: keyPath, spec: .basic(fromValue: .number(0.2), toValue: .number(0.2), byValue: nil))
        hold.timing.duration = 10
        try player.addAnimation(hold, toLayer: "e", forKey: "fade")
        player.step()
        XCTAssertEqual(try player.presentationValue(forKeyPath: "e.opacity"), .number(0.2), "the same key replaces the animation")
        try player.removeAnimation(forKey: "fade", fromLayer: "e")
        player.step()
        XCTAssertEqual(try player.presentationValue(forKeyPath: "e.opacity"), .number(1))
    }

    func testBurstsAndThePointer() throws {
        let player = try self.player(cell: #""birthRate": 0, "lifetime": 5, "velocity": 0"#,
                                     layer: #""followsPointer": true, "burstsOnClick": true"#)
        XCTAssertTrue(player.usesPointer)
        try player.burst(at: Point(x: 10, y: 20), count: 12)
        player.step()
        XCTAssertEqual(player.stats.liveParticles, 12)
        XCTAssertEqual(player.stats.particlesByLayer, ["e": 12])
        player.pointerClicked(at: Point(x: 0, y: 0))
        player.step()
        XCTAssertEqual(player.stats.liveParticles, 12, "the cell's burstCount is 0")
        let list = DrawList()
        player.buildDrawList(into: list)
        XCTAssertEqual(list.quadCount, 12)
    }

    // MARK: - Found in review

    func testAdvancingByWholeStepsDrawsSteadily() throws {
        let player = try self.player()  // 120 steps a second
        XCTAssertEqual(player.interpolation, 1, "a fresh player is drawn as it is")
        for _ in 0..<6 {
            XCTAssertEqual(player.advance(by: 1.0 / 120), 1)
            XCTAssertEqual(player.interpolation, 0, accuracy: 1e-9, "every frame draws one step behind real time, never jumping ahead")
        }
        player.seek(to: 1)
        XCTAssertEqual(player.interpolation, 1)
    }

    func testAHighSpeedIsCapped() throws {
        let player = try self.player()
        player.speed = 1e6
        XCTAssertEqual(player.advance(by: 10), Int(EffectPlayer.maxSpeed * 0.25 * 120))
        player.maxCatchUp = -.infinity
        player.speed = 1
        XCTAssertEqual(player.advance(by: 1), 30, "a nonsensical maxCatchUp falls back to 0.25 s")
    }

    func testTheTimelineFoldsOnlyWhatIsBehindAfterASeekBack() throws {
        let player = try self.player(cell: #""birthRate": 0, "lifetime": 1"#)
        for index in 0...EffectPlayer.maxRecordedChanges {
            player.step()
            try player.setValue(Point(x: Double(index % 400), y: 10), forKeyPath: "e.emitterPosition")
        }
        player.seek(to: 0)
        try player.setValue(Point(x: 1, y: 1), forKeyPath: "e.emitterPosition")
        player.step(count: 3)
        XCTAssertEqual(player.tick, 3)
        XCTAssertLessThanOrEqual(player.stats.recordedChanges, EffectPlayer.maxRecordedChanges)
    }

    func testThePointerSurvivesALoopAndANewMoveReplacesRecordedOnes() throws {
        let player = EffectPlayer(effect: try effect(#"""
            {"fx": 1, "duration": 1, "loop": true, "canvas": {"size": [400, 300]},
             "layers": [{"type": "emitter", "name": "e", "emitterPosition": [200, 150], "followsPointer": true,
                         "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 0, "burstCount": 1, "lifetime": 5}]}]}
            """#))
        player.pointerMoved(to: Point(x: 10, y: 20))
        for _ in 0..<6 { player.advance(by: 0.25) }
        XCTAssertLessThan(player.time, 1, "the effect looped")
        try player.burst(layer: "e", count: 1)
        player.step()
        let list = DrawList()
        player.buildDrawList(into: list)
        let xs = list.vertices.map(\.x)
        XCTAssertEqual(Double(xs.reduce(0, +)) / Double(xs.count), 10, accuracy: 2, "the burst is at the pointer, kept across the loop")

        let scrubbed = try self.player(layer: #""followsPointer": true"#)
        scrubbed.step(count: 10)
        scrubbed.pointerMoved(to: Point(x: 1, y: 1))
        scrubbed.step(count: 10)
        scrubbed.pointerMoved(to: Point(x: 2, y: 2))
        scrubbed.seek(to: 5.0 / 120)
        scrubbed.pointerMoved(to: Point(x: 99, y: 99))
        scrubbed.step(count: 20)
        XCTAssertEqual(scrubbed.stats.recordedChanges, 1, "the moves recorded ahead of the seek gave way to the new one")
    }

    func testABurstWithACountSkipsDisabledCells() throws {
        let player = try self.player(cell: #""birthRate": 0, "lifetime": 5"#)
        try player.setValue(false, forKeyPath: "e.emitterCells.c.enabled")
        try player.burst(count: 20)
        player.step()
        XCTAssertEqual(player.stats.liveParticles, 0)
    }

    func testFinishedAnimationsAddedAtRunTimeAreDropped() throws {
        let player = try self.player(layer: #""opacity": 1"#)
        for _ in 0..<50 {
            try player.addAnimation(json: #"{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.1}"#, toLayer: "e")
            player.step(count: 24)
        }
        XCTAssertLessThanOrEqual(player.effect.layers[0].animations.count, 2)
        let kept = try self.player(layer: #""opacity": 1"#)
        try kept.addAnimation(json: #"{"type": "basic", "keyPath": "opacity", "toValue": 0.5, "duration": 0.1, "fillMode": "forwards", "removedOnCompletion": false}"#,
                              toLayer: "e")
        kept.step(count: 60)
        try kept.addAnimation(json: #"{"type": "basic", "keyPath": "zPosition", "toValue": 1, "duration": 0.1}"#, toLayer: "e")
        XCTAssertEqual(kept.effect.layers[0].animations.count, 2, "an animation that holds its end is kept")
    }
}
