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
