import FXCore
import XCTest

/// A cell's `turbulence`: a curl-noise acceleration, seeded, without mean drift, and the same
/// motion at every step rate.
final class TurbulenceTests: XCTestCase {
    /// Particles at rest spread over a 4000-point square, pushed only by turbulence.
    static func restingCrowd(turbulence: String, count: Int = 20_000, stepRate: Double = 120, seed: Int = 0) -> String {
        """
        {"fx": 1, "seed": \(seed), "stepRate": \(stepRate), "canvas": {"size": [400, 300]},
         "layers": [{"type": "emitter", "name": "e", "emitterPosition": [0, 0], "emitterSize": [4000, 4000],
                     "emitterShape": "rectangle",
                     "emitterCells": [{"name": "c", "contents": "circle", "burstCount": \(count), "lifetime": 100,
                                       "turbulence": \(turbulence)}]}]}
        """
    }

    func testRootMeanSquareAccelerationIsTheStrength() throws {
        // After one step of 1 ms from rest, v = a · dt (the acceleration taken at the midpoint).
        for octaves in 1...4 {
            let world = World(effect: try effect(Self.restingCrowd(turbulence: "{\"strength\": 200, \"scale\": 60, \"octaves\": \(octaves)}",
                                                                    stepRate: 1000)))
            world.step()
            let store = world.emitters[0].cells[0].particles
            var sum = 0.0
            for i in 0..<store.count {
                let ax = Double(store.vx[i]) / 0.001, ay = Double(store.vy[i]) / 0.001
                sum += ax * ax + ay * ay
            }
            let rms = (sum / Double(store.count)).squareRoot()
            XCTAssertEqual(rms, 200, accuracy: 200 * 0.08, "octaves \(octaves)")
        }
    }

    func testNoMeanDrift() throws {
        try assertSimulation(Self.restingCrowd(turbulence: "{\"strength\": 300, \"scale\": 80, \"speed\": 1, \"octaves\": 2}"), steps: 240) { world in
            let store = world.emitters[0].cells[0].particles
            var start: [UInt32: (Float, Float)] = [:]
            // Where each particle was born: the same burst, without turbulence.
            let still = World(effect: try effect(Self.restingCrowd(turbulence: "{\"strength\": 0}")))
            still.step()
            let born = still.emitters[0].cells[0].particles
            for i in 0..<born.count { start[born.serial[i]] = (born.x[i], born.y[i]) }
            var meanX = 0.0, meanY = 0.0, squares = 0.0
            for i in 0..<store.count {
                let origin = try XCTUnwrap(start[store.serial[i]])
                let dx = Double(store.x[i] - origin.0), dy = Double(store.y[i] - origin.1)
                meanX += dx
                meanY += dy
                squares += dx * dx + dy * dy
            }
            let n = Double(store.count)
            let rms = (squares / n).squareRoot()
            let mean = ((meanX / n) * (meanX / n) + (meanY / n) * (meanY / n)).squareRoot()
            // Two seconds at 300 pt/s² move particles hundreds of points; their mean hardly at all.
            XCTAssertGreaterThan(rms, 100)
            XCTAssertLessThan(mean, 0.05 * rms, "mean drift \(mean) against an RMS displacement of \(rms)")
        }
    }

    func testSameSeedSameHashOtherSeedOtherHash() throws {
        let json = Self.restingCrowd(turbulence: "{\"strength\": 300, \"scale\": 80, \"octaves\": 3}", count: 2000)
        func hash(_ seed: UInt64) throws -> UInt64 {
            let world = World(effect: try effect(json), seed: seed)
            world.stepForward(to: 1)
            return world.stateHash().value
        }
        XCTAssertEqual(try hash(7), try hash(7))
        XCTAssertNotEqual(try hash(7), try hash(8))
        // The field itself depends on the seed, not only the birth places: the same particles
        // with and without turbulence part ways differently under two seeds.
        let still = Self.restingCrowd(turbulence: "{\"strength\": 0}", count: 2000)
        func displacement(_ seed: UInt64) throws -> [Float] {
            let moved = World(effect: try effect(json), seed: seed), resting = World(effect: try effect(still), seed: seed)
            moved.stepForward(to: 1)
            resting.stepForward(to: 1)
            let a = moved.emitters[0].cells[0].particles.positionsBySerial, b = resting.emitters[0].cells[0].particles.positionsBySerial
            return zip(a, b).prefix(20).map { $0.x - $1.x }
        }
        XCTAssertNotEqual(try displacement(7), try displacement(8))
    }

    func testStrengthZeroIsNoTurbulence() throws {
        let cell = "\"birthRate\": 50, \"lifetime\": 2, \"velocity\": 80, \"emissionRange\": 6.28"
        func hash(_ extra: String) throws -> UInt64 {
            let world = World(effect: try effect(singleCellEffect(cell: cell + extra)))
            world.stepForward(to: 1)
            return world.stateHash().value
        }
        // No pass and no previous-position column: the very same state.
        XCTAssertEqual(try hash(""), try hash(", \"turbulence\": {\"strength\": 0, \"scale\": 40}"))
        XCTAssertNotEqual(try hash(""), try hash(", \"turbulence\": {\"strength\": 100, \"scale\": 40}"))
    }

    /// The largest distance between the same particles of a run at `stepRate` and at 1000 Hz
    /// after two seconds.
    static func largestDeviation(_ json: (Double) -> String, stepRate: Double) throws -> (deviation: Float, travelled: Float) {
        let reference = World(effect: try effect(json(1000)))
        let run = World(effect: try effect(json(stepRate)))
        reference.stepForward(to: 2)
        run.stepForward(to: 2)
        var deviation: Float = 0, travelled: Float = 0
        for (cellIndex, cell) in reference.emitters[0].allCells.enumerated() {
            let a = cell.particles.positionsBySerial, b = run.emitters[0].allCells[cellIndex].particles.positionsBySerial
            XCTAssertEqual(a.count, b.count)
            XCTAssertGreaterThan(a.count, 10)
            for (p, q) in zip(a, b) {
                XCTAssertEqual(p.serial, q.serial)
                deviation = max(deviation, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
                travelled = max(travelled, abs(p.x - 200) + abs(p.y - 150))
            }
        }
        return (deviation, travelled)
    }

    func testStepRatesAgreeWithAThousandStepsASecond() throws {
        // The tolerance docs/effect-format.md states: within 0.3 pt at 240 Hz, 3 pt at 60 Hz,
        // for particles that travel hundreds of points in 2 s.
        func json(_ rate: Double) -> String {
            singleCellEffect(cell: """
                "birthRate": 30, "lifetime": 4, "velocity": 60, "emissionRange": "360deg", "yAcceleration": 20,
                "turbulence": {"strength": 250, "scale": 90, "speed": 0.8, "octaves": 2}
                """, stepRate: rate)
        }
        for (rate, tolerance) in [(240.0, Float(0.3)), (60, 3)] {
            let (deviation, travelled) = try Self.largestDeviation(json, stepRate: rate)
            XCTAssertGreaterThan(travelled, 100)
            XCTAssertLessThan(deviation, tolerance, "at \(rate) Hz")
            print("turbulence: largest deviation from 1000 Hz at \(rate) Hz: \(deviation) pt (travelled up to \(travelled) pt)")
        }
    }

    func testDecodingErrorsNameThePathAndTheRange() {
        let found = diagnostics(singleCellEffect(cell: "\"birthRate\": 1, \"lifetime\": 1, \"turbulence\": {\"strength\": 10, \"octaves\": 5}"))
        let octaves = found.first { $0.path == "$.layers[0].emitterCells[0].turbulence.octaves" }
        XCTAssertNotNil(octaves, "\(found)")
        XCTAssertTrue(octaves?.message.contains("1…4") ?? false, octaves?.message ?? "")
        XCTAssertEqual(octaves?.file, "bad.json")
        XCTAssertEqual(octaves?.line, 3)
        XCTAssertNotNil(octaves?.column)
        let unknown = diagnostics(singleCellEffect(cell: "\"birthRate\": 1, \"lifetime\": 1, \"turbulence\": {\"strenght\": 10}"))
        XCTAssertTrue(unknown.contains { $0.path == "$.layers[0].emitterCells[0].turbulence.strenght" && $0.suggestion == "did you mean \"strength\"?" },
                      "\(unknown)")
        let scale = diagnostics(singleCellEffect(cell: "\"birthRate\": 1, \"lifetime\": 1, \"turbulence\": {\"strength\": 10, \"scale\": 0}"))
        XCTAssertTrue(scale.contains { $0.path == "$.layers[0].emitterCells[0].turbulence.scale" }, "\(scale)")
    }
}
