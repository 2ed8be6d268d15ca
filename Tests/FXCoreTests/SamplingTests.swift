import FXCore
import XCTest

/// Core Animation's range rule, and color clamping.
final class SamplingTests: XCTestCase {
    func testRandomValuesStayInsideMeanPlusMinusHalfRange() {
        let key = RandomKey(seed: 42, emitter: 1, cell: 2)
        var low = Double.infinity, high = -Double.infinity
        for particle in 0..<20_000 as Range<UInt64> {
            let value = key.value(mean: 10, range: 4, particle: particle, .velocity)
            low = min(low, value)
            high = max(high, value)
        }
        XCTAssertGreaterThanOrEqual(low, 8)
        XCTAssertLessThanOrEqual(high, 12)
        // The whole range is used, not a corner of it.
        XCTAssertLessThan(low, 8.01)
        XCTAssertGreaterThan(high, 11.99)
    }

    func testDrawsAreIndependentPerPropertyAndParticle() {
        let key = RandomKey(seed: 1, emitter: 2, cell: 3)
        XCTAssertNotEqual(key.unit(particle: 5, .scale), key.unit(particle: 5, .spin))
        XCTAssertNotEqual(key.unit(particle: 5, .scale), key.unit(particle: 6, .scale))
        XCTAssertEqual(key.unit(particle: 5, .scale), RandomKey(seed: 1, emitter: 2, cell: 3).unit(particle: 5, .scale))
        XCTAssertNotEqual(key.unit(particle: 5, .scale), RandomKey(seed: 2, emitter: 2, cell: 3).unit(particle: 5, .scale))
    }

    func testParticlePropertiesFollowRangesAndLayerMultipliers() throws {
        let fx = try effect(singleCellEffect(
            cell: """
            "birthRate": 2000, "lifetime": 10, "lifetimeRange": 4, "velocity": 100, "velocityRange": 40,
            "emissionRange": "360deg", "scale": 0.5, "scaleRange": 0.2, "spin": 2, "spinRange": 1
            """,
            layer: "\"lifetime\": 2, \"scale\": 3, \"velocity\": 0.5, \"spin\": 2"))
        let world = World(effect: fx, seed: 9)
        world.stepForward(to: 0.5)
        let store = world.emitters[0].cells[0].particles
        XCTAssertGreaterThan(store.count, 900)
        for i in 0..<store.count {
            // lifetime (10 ± 2) × 2
            let lifetime = store.deathTime[i] - world.time + Double(store.age[i])
            XCTAssertGreaterThanOrEqual(lifetime, 16 - 1e-3)
            XCTAssertLessThanOrEqual(lifetime, 24 + 1e-3)
            // scale (0.5 ± 0.1) × 3
            XCTAssertGreaterThanOrEqual(store.scale[i], 1.2 - 1e-5)
            XCTAssertLessThanOrEqual(store.scale[i], 1.8 + 1e-5)
            // spin (2 ± 0.5) × 2
            XCTAssertGreaterThanOrEqual(store.spin[i], 3 - 1e-5)
            XCTAssertLessThanOrEqual(store.spin[i], 5 + 1e-5)
            // speed (100 ± 20) × 0.5, no acceleration
            let speed = (store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i]).squareRoot()
            XCTAssertGreaterThanOrEqual(speed, 40 - 1e-3)
            XCTAssertLessThanOrEqual(speed, 60 + 1e-3)
        }
    }

    func testColorsClampToUnitRangeAtBirthAndOverTime() throws {
        let fx = try effect(singleCellEffect(cell: """
            "birthRate": 500, "lifetime": 10, "color": [0.9, 0.1, 0.5, 1], "redRange": 1, "greenRange": 1,
            "blueSpeed": 2, "alphaSpeed": -3
            """))
        let world = World(effect: fx)
        world.stepForward(to: 1)
        let store = world.emitters[0].cells[0].particles
        var sawRedAtOne = false, sawGreenAtZero = false
        for i in 0..<store.count {
            for channel in [store.red[i], store.green[i], store.blue[i], store.alpha[i]] {
                XCTAssertGreaterThanOrEqual(channel, 0)
                XCTAssertLessThanOrEqual(channel, 1)
            }
            if store.red[i] == 1 { sawRedAtOne = true }
            if store.green[i] == 0 { sawGreenAtZero = true }
            if store.age[i] > 0.6 {
                XCTAssertEqual(store.alpha[i], 0, "alphaSpeed -3 empties alpha within 1/3 s")
                XCTAssertEqual(store.blue[i], 1, "blueSpeed 2 fills blue within 1/4 s")
            }
        }
        XCTAssertTrue(sawRedAtOne, "red 0.9 ± 0.5 must clamp at 1")
        XCTAssertTrue(sawGreenAtZero, "green 0.1 ± 0.5 must clamp at 0")
    }

    func testPerSecondSpeedsAccumulateLinearly() throws {
        let fx = try effect(singleCellEffect(cell: """
            "birthRate": 1, "lifetime": 10, "scale": 1, "scaleSpeed": 0.5, "spin": 2, "color": [1, 1, 1, 1], "alphaSpeed": -0.25
            """))
        let world = World(effect: fx)
        world.stepForward(to: 2)
        let store = world.emitters[0].cells[0].particles
        // The first particle is born at t = 0, so it is 2 s old.
        let first = (0..<store.count).first { store.serial[$0] == 0 }!
        XCTAssertEqual(store.age[first], 2, accuracy: 1e-4)
        XCTAssertEqual(store.scale[first], 2, accuracy: 1e-4)
        XCTAssertEqual(store.rotation[first], 4, accuracy: 1e-4)
        XCTAssertEqual(store.alpha[first], 0.5, accuracy: 1e-4)
    }
}
