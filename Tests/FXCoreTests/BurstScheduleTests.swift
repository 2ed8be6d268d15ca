import FXCore
import XCTest

/// Repeating bursts (`burstCount`, `burstInterval`, `burstCycles`) and emission on a parent's
/// birth or death (`emitOn`): exact counts and places at any step rate.
final class BurstScheduleTests: XCTestCase {
    private func born(at time: Double, stepRate: Double, cell: String) throws -> Int {
        let world = World(effect: try effect(singleCellEffect(cell: cell, stepRate: stepRate)))
        world.stepForward(to: time)
        return world.emitters[0].cells[0].born
    }

    func testRepeatingBurstsBornCountsAreExactAtAnyStepRate() throws {
        let cell = "\"lifetime\": 10, \"burstCount\": 40, \"burstInterval\": 0.5, \"burstCycles\": 3"
        for rate in [37.0, 60, 240] {
            XCTAssertEqual(try born(at: 0.25, stepRate: rate, cell: cell), 40, "one burst by 0.25 s at \(rate) Hz")
            XCTAssertEqual(try born(at: 0.75, stepRate: rate, cell: cell), 80, "two by 0.75 s at \(rate) Hz")
            XCTAssertEqual(try born(at: 2, stepRate: rate, cell: cell), 120, "three bursts in all at \(rate) Hz")
            XCTAssertEqual(try born(at: 5, stepRate: rate, cell: cell), 120, "no fourth burst at \(rate) Hz")
        }
    }

    func testBurstsAtTheirExactTimes() throws {
        // 60 Hz: the burst at 0.5 s is made by the step that ends at 0.5 s, born at 0.5 s.
        let world = World(effect: try effect(singleCellEffect(cell: "\"lifetime\": 10, \"burstCount\": 5, \"burstInterval\": 0.5", stepRate: 60)))
        world.stepForward(to: 0.5)
        let store = world.emitters[0].cells[0].particles
        XCTAssertEqual(store.count, 10)
        let ages = (0..<store.count).map { Double(store.age[$0]) }.sorted()
        XCTAssertEqual(ages[0], 0, accuracy: 1e-6)
        XCTAssertEqual(ages[9], 0.5, accuracy: 1e-6)
    }

    func testWithoutCyclesBurstsRepeatWhileTheCellIsActive() throws {
        let forever = "\"lifetime\": 0.1, \"burstCount\": 10, \"burstInterval\": 1"
        XCTAssertEqual(try born(at: 9.5, stepRate: 60, cell: forever), 100, "bursts at 0, 1, …, 9")
        // Active from 1 s for 2.5 s: bursts at 1, 2 and 3.
        let timed = "\"lifetime\": 0.1, \"burstCount\": 10, \"burstInterval\": 1, \"beginTime\": 1, \"duration\": 2.5"
        for rate in [37.0, 60, 240] {
            XCTAssertEqual(try born(at: 9.5, stepRate: rate, cell: timed), 30, "at \(rate) Hz")
        }
    }

    func testASubcellBurstsOnItsParentsLifeAtAnyStepRate() throws {
        // A parent living 2 s whose sub-cell bursts 6 at age 0.5 s, then every 0.5 s, 3 times.
        func json(_ rate: Double) -> String {
            """
            {"fx": 1, "stepRate": \(rate), "layers": [{"type": "emitter", "emitterCells": [
              {"name": "parent", "birthRate": 0, "burstCount": 1, "lifetime": 2, "velocity": 100, "contents": "circle",
               "emitterCells": [{"name": "child", "beginTime": 0.5, "burstCount": 6, "burstInterval": 0.5, "burstCycles": 3,
                                 "lifetime": 5, "contents": "circle"}]}]}]}
            """
        }
        for rate in [37.0, 60, 240] {
            let world = World(effect: try effect(json(rate)))
            world.stepForward(to: 0.6)
            let child = world.emitters[0].cells[0].subcells[0]
            XCTAssertEqual(child.born, 6, "at \(rate) Hz")
            world.stepForward(to: 1.9)
            XCTAssertEqual(child.born, 18, "at \(rate) Hz")
            // Born where the parent was at ages 0.5, 1 and 1.5: x = 100 · age along +x.
            let xs = Set(child.particles.positionsBySerial.map { ($0.x * 10).rounded() / 10 })
            XCTAssertEqual(xs.count, 3, "three bursts at three places at \(rate) Hz: \(xs.sorted())")
        }
    }

    func testDeathEmissionIsWhereAndWhenTheParentDies() throws {
        // Rockets under gravity, lifetimes spread: each explodes where it dies.
        func json(_ rate: Double) -> String {
            """
            {"fx": 1, "stepRate": \(rate), "layers": [{"type": "emitter", "emitterPosition": [0, 0], "emitterCells": [
              {"name": "rocket", "birthRate": 3, "lifetime": 1, "lifetimeRange": 0.5, "velocity": 300, "emissionLongitude": "-90deg",
               "emissionRange": 0.5, "yAcceleration": 200, "contents": "circle",
               "emitterCells": [{"name": "spark", "emitOn": "death", "burstCount": 12, "lifetime": 3, "velocity": 0, "contents": "circle"}]}]}]}
            """
        }
        var reference: [UInt32: (Float, Float)] = [:]
        for rate in [240.0, 60, 37] {
            let fx = try effect(json(rate))
            let world = World(effect: fx)
            // Follow every rocket's exact position at its death (constant acceleration: exact).
            world.stepForward(to: 2.5)
            let sparks = world.emitters[0].cells[0].subcells[0]
            XCTAssertGreaterThan(sparks.particles.count, 12)
            XCTAssertEqual(sparks.particles.count % 12, 0, "whole bursts at \(rate) Hz")
            // Sparks have no velocity: each stays where its rocket died, the same place at every step rate.
            var places: [String: Int] = [:]
            for i in 0..<sparks.particles.count {
                let key = String(format: "%.2f,%.2f", sparks.particles.x[i], sparks.particles.y[i])
                places[key, default: 0] += 1
            }
            XCTAssertTrue(places.values.allSatisfy { $0 == 12 }, "12 sparks per place at \(rate) Hz")
            let positions = sparks.particles.positionsBySerial
            let bySerial = Dictionary(positions.map { ($0.serial / 12, ($0.x, $0.y)) }, uniquingKeysWith: { first, _ in first })
            if reference.isEmpty {
                reference = bySerial
            } else {
                for (serial, place) in bySerial {
                    guard let expected = reference[serial] else { continue }
                    XCTAssertEqual(place.0, expected.0, accuracy: 0.01, "explosion \(serial) at \(rate) Hz")
                    XCTAssertEqual(place.1, expected.1, accuracy: 0.01, "explosion \(serial) at \(rate) Hz")
                }
            }
        }
    }

    func testDeathEmissionPositionsEqualTheParentsLastPositions() throws {
        // One rocket, followed step by step: the sparks are born where it was at its death.
        let json = """
            {"fx": 1, "stepRate": 60, "layers": [{"type": "emitter", "emitterPosition": [10, 20], "emitterCells": [
              {"name": "rocket", "birthRate": 0, "burstCount": 1, "lifetime": 1.013, "velocity": 120, "emissionLongitude": 0.3,
               "xAcceleration": -30, "yAcceleration": 90, "contents": "circle",
               "emitterCells": [{"name": "spark", "emitOn": "death", "burstCount": 8, "lifetime": 2, "velocity": 0, "contents": "circle"}]}]}]}
            """
        let world = World(effect: try effect(json))
        world.stepForward(to: 1.5)
        let sparks = world.emitters[0].cells[0].subcells[0].particles
        XCTAssertEqual(sparks.count, 8)
        // x(t) = x0 + v·cos(0.3)·t + ½·ax·t², at t = 1.013.
        let t = 1.013
        let x = 10 + 120 * cos(0.3) * t - 0.5 * 30 * t * t, y = 20 + 120 * sin(0.3) * t + 0.5 * 90 * t * t
        for i in 0..<sparks.count {
            XCTAssertEqual(Double(sparks.x[i]), x, accuracy: 0.01)
            XCTAssertEqual(Double(sparks.y[i]), y, accuracy: 0.01)
            XCTAssertEqual(Double(sparks.age[i]), 1.5 - t, accuracy: 1e-4, "born at the death, not at the step's end")
        }
    }

    func testBirthEmissionIsWhereTheParentIsBorn() throws {
        let json = """
            {"fx": 1, "stepRate": 37, "layers": [{"type": "emitter", "emitterPosition": [50, 60], "emitterCells": [
              {"name": "p", "birthRate": 4, "lifetime": 3, "velocity": 100, "contents": "circle",
               "emitterCells": [{"name": "puff", "emitOn": "birth", "burstCount": 3, "lifetime": 10, "velocity": 0, "contents": "circle"}]}]}]}
            """
        let world = World(effect: try effect(json))
        world.stepForward(to: 2)
        let parents = world.emitters[0].cells[0], puffs = parents.subcells[0]
        XCTAssertEqual(puffs.born, 3 * parents.born)
        for i in 0..<puffs.particles.count {
            XCTAssertEqual(puffs.particles.x[i], 50, accuracy: 1e-3)
            XCTAssertEqual(puffs.particles.y[i], 60, accuracy: 1e-3)
        }
    }

    func testEmitOnIsRefusedOnATopLevelCellAndWarnedWithoutABurstCount() throws {
        let refused = diagnostics(singleCellEffect(cell: "\"lifetime\": 1, \"emitOn\": \"death\", \"burstCount\": 3"))
        XCTAssertTrue(refused.contains { $0.path.hasSuffix("emitOn") && $0.message.contains("sub-cells") }, "\(refused)")
        let wrongName = diagnostics(singleCellEffect(cell: "\"lifetime\": 1, \"emitOn\": \"dying\""))
        XCTAssertTrue(wrongName.contains { "\($0)".contains("\"death\"") && $0.path.hasSuffix("emitOn") }, "\(wrongName)")
        let fx = try EffectDecoder.decode(bytes: Array("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"name": "p", "birthRate": 1, "lifetime": 1, "contents": "circle",
              "emitterCells": [{"name": "s", "emitOn": "death", "lifetime": 1, "contents": "circle"}]}]}]}
            """.utf8), file: "w.json", resources: FileResources())
        XCTAssertTrue(fx.warnings.contains { $0.message.contains("burstCount is 0") }, "\(fx.warnings)")
    }
}

extension BurstScheduleTests {
    func testATinyBurstIntervalIsRefused() {
        let found = diagnostics(singleCellEffect(cell: "\"lifetime\": 1, \"burstCount\": 5, \"burstInterval\": 0.0000001"))
        XCTAssertTrue(found.contains { $0.path.hasSuffix("burstInterval") && $0.message.contains("0.001") }, "\(found)")
    }
}

extension BurstScheduleTests {
    func testAParentKilledByAColliderBurstsAtTheHit() throws {
        // Drops fall from y = 0 at 100 pt/s onto a killing floor at y = 100: their death
        // particles are born on the floor, at every step rate.
        for rate in [37.0, 60, 240] {
            let json = """
                {"fx": 1, "stepRate": \(rate), "layers": [{"type": "emitter", "emitterPosition": [50, 0],
                  "colliders": [{"name": "floor", "type": "line", "from": [-1000, 100], "to": [1000, 100], "kills": true}],
                  "emitterCells": [{"name": "drop", "birthRate": 0, "burstCount": 1, "lifetime": 5, "velocity": 100,
                    "emissionLongitude": "90deg", "contents": "circle",
                    "emitterCells": [{"name": "splash", "emitOn": "death", "burstCount": 4, "lifetime": 3, "velocity": 0, "contents": "circle"}]}]}]}
                """
            let world = World(effect: try effect(json))
            world.stepForward(to: 1.5)
            let splash = world.emitters[0].cells[0].subcells[0].particles
            XCTAssertEqual(splash.count, 4, "at \(rate) Hz")
            for i in 0..<splash.count {
                XCTAssertEqual(Double(splash.y[i]), 100, accuracy: 0.05, "at \(rate) Hz")
                XCTAssertEqual(Double(splash.x[i]), 50, accuracy: 0.05, "at \(rate) Hz")
                XCTAssertEqual(Double(splash.age[i]), world.time - 1, accuracy: 1e-3, "born at the hit, 1 s after the drop, at \(rate) Hz")
            }
        }
    }
}

extension BurstScheduleTests {
    func testBurstsThatDieWithinTheStepAreCountedNotMade() throws {
        // A million particles living a tenth of a millisecond, every 10 ms: each burst is
        // counted as born; only one made at a step's very end is alive then.
        let world = World(effect: try effect(singleCellEffect(cell: "\"lifetime\": 0.0001, \"burstCount\": 1000000, \"burstInterval\": 0.01",
                                                              stepRate: 60)))
        world.stepForward(to: 0.1)
        XCTAssertEqual(world.emitters[0].cells[0].born, 11_000_000, "bursts at 0, 0.01, …, 0.1")
        XCTAssertEqual(world.liveParticles, 1_000_000, "only the burst made at the step's very end, at 0.1 s, is alive")
    }
}

extension BurstScheduleTests {
    func testKeysThatWouldDoNothingAreWarned() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [
              {"name": "p", "birthRate": 1, "lifetime": 1, "contents": "circle", "burstCount": 3, "burstCycles": 4,
               "emitterCells": [{"name": "s", "emitOn": "death", "burstCount": 5, "birthRate": 10, "burstInterval": 0.5,
                                 "lifetime": 1, "contents": "circle"}]}]}]}
            """)
        let paths = fx.warnings.map(\.path)
        XCTAssertTrue(paths.contains("$.layers[0].emitterCells[0].burstCycles"), "\(fx.warnings)")
        XCTAssertTrue(paths.contains("$.layers[0].emitterCells[0].emitterCells[0].birthRate"), "\(fx.warnings)")
        XCTAssertTrue(paths.contains("$.layers[0].emitterCells[0].emitterCells[0].burstInterval"), "\(fx.warnings)")
        // On a top-level cell, emitOn is an error, and no warning about a sub-cell follows.
        let refused = diagnostics(singleCellEffect(cell: "\"lifetime\": 1, \"emitOn\": \"death\""))
        XCTAssertFalse(refused.contains { $0.message.contains("the sub-cell") }, "\(refused)")
    }
}
