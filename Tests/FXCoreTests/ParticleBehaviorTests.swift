import FXCore
import XCTest

/// The cell keys imported effects need (issue 18, list A): a palette of colors picked at random
/// or in turn, end values with their own spread, an initial rotation, spin acceleration,
/// velocity over life, a speed limit and ranges on accelerations — each against its closed form.
final class ParticleBehaviorTests: XCTestCase {
    /// One cell bursting `count` particles at t = 0 from (200, 150), plus `cell`'s members.
    static func burst(_ cell: String, count: Int = 2000, lifetime: Double = 5, seed: Int = 0) -> String {
        singleCellEffect(cell: "\"burstCount\": \(count), \"lifetime\": \(lifetime), " + cell).replacingOccurrences(of: "\"fx\": 1,", with: "\"fx\": 1, \"seed\": \(seed),")
    }

    static let palette: [(Float, Float, Float)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    static let paletteJSON = "\"colors\": [\"#ff0000\", \"#00ff00\", \"#0000ff\"]"

    /// The index of the palette entry a particle's color is exactly, or nil.
    static func entry(_ store: ParticleStore, _ i: Int) -> Int? {
        palette.firstIndex { $0 == (store.red[i], store.green[i], store.blue[i]) }
    }

    // MARK: - Palette

    func testEveryColorIsAPaletteEntryAndEveryEntryOccurs() throws {
        try assertSimulation(Self.burst(Self.paletteJSON + ", \"velocity\": 50, \"emissionRange\": 6.28"), steps: 60) { world in
            let store = world.emitters[0].cells[0].particles
            var counts = [0, 0, 0]
            for i in 0..<store.count {
                let index = try XCTUnwrap(Self.entry(store, i), "particle \(i) has (\(store.red[i]), \(store.green[i]), \(store.blue[i]))")
                counts[index] += 1
            }
            // Uniform: 2000 particles, about 667 each.
            for count in counts { XCTAssertEqual(Double(count), 2000.0 / 3, accuracy: 100, "\(counts)") }
        }
    }

    func testSequentialOrderCyclesThroughThePaletteByBirth() throws {
        try assertSimulation(singleCellEffect(cell: Self.paletteJSON + ", \"paletteOrder\": \"sequential\", \"birthRate\": 100, \"lifetime\": 10"),
                             steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            XCTAssertGreaterThan(store.count, 90)
            for i in 0..<store.count {
                XCTAssertEqual(Self.entry(store, i), Int(store.serial[i]) % 3, "particle \(store.serial[i])")
            }
        }
    }

    func testTheColorRangesStillApplyOnTopOfThePalette() throws {
        try assertSimulation(Self.burst("\"colors\": [[0.5, 0.5, 0.5]], \"redRange\": 0.2"), steps: 2) { world in
            let store = world.emitters[0].cells[0].particles
            let reds = (0..<store.count).map { store.red[$0] }
            XCTAssertGreaterThanOrEqual(reds.min()!, 0.4 - 1e-6)
            XCTAssertLessThanOrEqual(reds.max()!, 0.6 + 1e-6)
            XCTAssertGreaterThan(reds.max()! - reds.min()!, 0.15)
            XCTAssertTrue((0..<store.count).allSatisfy { store.green[$0] == 0.5 })
        }
    }

    // MARK: - Contents choices

    /// Each textured batch's texture and quad count, in order.
    static func batches(_ world: World) -> [(TextureReference?, Int)] {
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        return list.batches.filter { $0.indexCount > 0 }.map { ($0.texture, $0.indexCount / 6) }
    }

    func testContentsChoicesDrawEveryChoiceAndOnlyThem() throws {
        let cell = "\"contentsChoices\": [\"square\", \"star\", \"heart\"], \"velocity\": 50, \"emissionRange\": 6.28"
        for renderMode in ["unordered", "oldestFirst"] {
            try assertSimulation(Self.burst(cell, count: 900) .replacingOccurrences(of: "\"emitterPosition\"", with: "\"renderMode\": \"\(renderMode)\", \"emitterPosition\""),
                                 steps: 30) { world in
                let batches = Self.batches(world)
                var quads: [TextureReference: Int] = [:]
                for (texture, count) in batches { quads[try XCTUnwrap(texture), default: 0] += count }
                XCTAssertEqual(Set(quads.keys), [.builtin(.square), .builtin(.star), .builtin(.heart)], renderMode)
                XCTAssertEqual(quads.values.reduce(0, +), 900, renderMode)
                for count in quads.values { XCTAssertEqual(Double(count), 300, accuracy: 60, "\(renderMode): \(quads)") }
            }
        }
    }

    func testSequentialContentsChoicesCycleIndependentlyOfColors() throws {
        let cell = "\"contentsChoices\": [\"square\", \"star\"], \"paletteOrder\": \"sequential\", \"colors\": [\"red\", \"lime\", \"blue\"]"
        try assertSimulation(Self.burst(cell, count: 12, lifetime: 5), steps: 2) { world in
            // Sorted by birth: square, star, square, …; colors cycle with period 3.
            let batches = Self.batches(world)
            XCTAssertEqual(batches.map(\.1).reduce(0, +), 12)
            XCTAssertEqual(batches.map { $0.0 }, [.builtin(.square), .builtin(.star)])
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count { XCTAssertEqual(Self.entry(store, i), Int(store.serial[i]) % 3) }
        }
    }

    func testContentsChoicesReplaceContentsAndBadNamesAreReported() throws {
        let messages = diagnostics(singleCellEffect(cell: "\"contentsChoices\": [\"square\", \"nonesuch\", 3]")).map(\.path)
        XCTAssertTrue(messages.contains("$.layers[0].emitterCells[0].contentsChoices[1]"), "\(messages)")
        XCTAssertTrue(messages.contains("$.layers[0].emitterCells[0].contentsChoices[2]"), "\(messages)")
        try assertSimulation(Self.burst("\"contentsChoices\": [\"star\"]", count: 10), steps: 2) { world in
            XCTAssertEqual(Self.batches(world).map { $0.0 }, [.builtin(.star)], "the cell's contents, a circle, is replaced")
        }
    }

    // MARK: - End values

    func testEndColorIsReachedAtDeathWithinItsRangeAndOverridesTheSpeeds() throws {
        // Born white, lifetime 1; the end red is 0.5 ± 0.2 and the red speed is overridden.
        let cell = "\"endColor\": [0.5, 0, 1, 0], \"endRedRange\": 0.4, \"redSpeed\": -5, \"greenSpeed\": 3"
        try assertSimulation(Self.burst(cell, lifetime: 1), steps: 119) { world in
            let store = world.emitters[0].cells[0].particles
            let t = Float(world.time)
            var reds: [Float] = []
            for i in 0..<store.count {
                // Linear from 1 at birth to its end value at death: extrapolate to the death.
                let end = (store.red[i] - (1 - t)) / t
                reds.append(end)
                XCTAssertEqual(store.green[i], 1 - t, accuracy: 1e-4)
                XCTAssertEqual(store.alpha[i], 1 - t, accuracy: 1e-4)
            }
            XCTAssertGreaterThanOrEqual(reds.min()!, 0.3 - 1e-3)
            XCTAssertLessThanOrEqual(reds.max()!, 0.7 + 1e-3)
            XCTAssertLessThan(reds.min()!, 0.35)
            XCTAssertGreaterThan(reds.max()!, 0.65)
        }
    }

    func testDrawnAStepBackTheEndValuesAreThePreviousSteps() throws {
        // The window draws between steps: a step back, each particle's color and size are its
        // own rates undone, exactly what the previous step had.
        let json = Self.burst("\"endColor\": [0, 0.5, 1, 0.2], \"endRedRange\": 0.5, \"endScale\": 3, \"endScaleRange\": 2, \"redSpeed\": 4",
                              count: 50, lifetime: 2)
        let previous = World(effect: try effect(json)), current = World(effect: try effect(json))
        for _ in 0..<60 { previous.step() }
        for _ in 0..<61 { current.step() }
        func quads(_ world: World, interpolation: Double) -> [(Float, Float, Float, Float, Float)] {
            let list = DrawList()
            DrawListBuilder().build(world, into: list, interpolation: interpolation)
            return stride(from: 0, to: list.vertices.count, by: 4).map { q in
                let v0 = list.vertices[q], v1 = list.vertices[q + 1]
                return (Float(v0.red), Float(v0.green), Float(v0.blue), Float(v0.alpha), hypotf(v1.x - v0.x, v1.y - v0.y))
            }
        }
        let expected = quads(previous, interpolation: 1), drawn = quads(current, interpolation: 0)
        XCTAssertEqual(drawn.count, 50)
        XCTAssertEqual(expected.count, drawn.count)
        for (a, b) in zip(expected, drawn) {
            XCTAssertEqual(a.0, b.0, accuracy: 1.01); XCTAssertEqual(a.1, b.1, accuracy: 1.01)
            XCTAssertEqual(a.2, b.2, accuracy: 1.01); XCTAssertEqual(a.3, b.3, accuracy: 1.01)
            XCTAssertEqual(a.4, b.4, accuracy: 1e-2)
        }
        // And the values do change over a step, so the comparison means something.
        XCTAssertGreaterThan(zip(expected, quads(current, interpolation: 1)).map { abs($0.4 - $1.4) }.max()!, 0.05)
    }

    func testEndScaleAndEndRotationGoLinearlyFromTheBirthValues() throws {
        let cell = "\"scale\": 1, \"scaleSpeed\": 10, \"endScale\": 3, \"rotation\": 0.5, \"endRotation\": 2.5, \"spin\": 40"
        try assertSimulation(Self.burst(cell, count: 10, lifetime: 2), steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                XCTAssertEqual(store.scale[i], 2, accuracy: 1e-4)
                XCTAssertEqual(store.rotation[i], 1.5, accuracy: 1e-4)
            }
        }
    }

    func testEndScaleRangeSpreadsTheEndScales() throws {
        try assertSimulation(Self.burst("\"scale\": 0, \"endScale\": 1, \"endScaleRange\": 1", lifetime: 1), steps: 60) { world in
            let store = world.emitters[0].cells[0].particles
            // At half the life, each scale is half its end scale, which is in 0.5…1.5.
            let ends = (0..<store.count).map { store.scale[$0] * 2 }
            XCTAssertGreaterThanOrEqual(ends.min()!, 0.5 - 1e-4)
            XCTAssertLessThanOrEqual(ends.max()!, 1.5 + 1e-4)
            XCTAssertEqual(Double(ends.reduce(0, +)) / Double(ends.count), 1, accuracy: 0.03)
        }
    }

    // MARK: - Rotation

    func testRotatesToEmissionAngleStartsTurnedByTheEmissionAngle() throws {
        let cell = "\"velocity\": 100, \"emissionRange\": 6.28, \"rotatesToEmissionAngle\": true, \"rotation\": 0.25, \"spin\": 1"
        try assertSimulation(Self.burst(cell, count: 200), steps: 12) { world in
            let store = world.emitters[0].cells[0].particles
            let age = Float(world.time)
            for i in 0..<store.count {
                let heading = atan2f(store.vy[i], store.vx[i])
                let expected = heading + 0.25 + 1 * age
                XCTAssertEqual(remainderf(store.rotation[i] - expected, 2 * .pi), 0, accuracy: 1e-4)
            }
        }
    }

    func testRotationRangeSpreadsTheBirthRotation() throws {
        try assertSimulation(Self.burst("\"rotation\": 1, \"rotationRange\": 0.5"), steps: 1) { world in
            let store = world.emitters[0].cells[0].particles
            let rotations = (0..<store.count).map { store.rotation[$0] }
            XCTAssertGreaterThanOrEqual(rotations.min()!, 0.75)
            XCTAssertLessThanOrEqual(rotations.max()!, 1.25)
            XCTAssertGreaterThan(rotations.max()! - rotations.min()!, 0.45)
        }
    }

    func testSpinAccelerationChangesTheSpin() throws {
        try assertSimulation(Self.burst("\"spin\": 1, \"spinAcceleration\": 2", count: 10), steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                XCTAssertEqual(store.spin[i], 3, accuracy: 1e-4)
                XCTAssertEqual(store.rotation[i], 2, accuracy: 1e-3)  // 1·t + ½·2·t² at t = 1
            }
        }
    }

    // MARK: - Motion

    func testVelocityOverLifeHalfHalvesTheDisplacement() throws {
        try assertSimulation(Self.burst("\"velocity\": 100, \"emissionRange\": 6.28, \"velocityOverLife\": {\"values\": [0.5]}", count: 100),
                             steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                let distance = hypotf(store.x[i] - 200, store.y[i] - 150)
                XCTAssertEqual(distance, 50, accuracy: 5e-3)  // single-precision positions
                XCTAssertEqual(hypotf(store.vx[i], store.vy[i]), 100, accuracy: 1e-3, "the velocity itself is unchanged")
            }
        }
    }

    func testVelocityOverLifeFollowsALinearCurveExactly() throws {
        // Factor 1 → 0 over a 2 s life: distance = v·(t − t²/4), 75 points at t = 1, at any step rate.
        for stepRate in [30.0, 120, 1000] {
            try assertSimulation(Self.burst("\"velocity\": 100, \"velocityOverLife\": {\"values\": [1, 0]}", count: 10, lifetime: 2),
                                 steps: Int(stepRate), stepRate: stepRate) { world in
                let store = world.emitters[0].cells[0].particles
                for i in 0..<store.count { XCTAssertEqual(store.x[i] - 200, 75, accuracy: 1e-2, "step rate \(stepRate)") }
            }
        }
    }

    func testMaxSpeedCapsTheSpeed() throws {
        let cell = "\"velocity\": 100, \"emissionRange\": 6.28, \"yAcceleration\": 1000, \"maxSpeed\": 150"
        try assertSimulation(Self.burst(cell, count: 200), steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                // Under 1000 pt/s² for a second, every particle has reached the limit.
                XCTAssertEqual(hypotf(store.vx[i], store.vy[i]), 150, accuracy: 1e-2)
            }
        }
        // Without the limit, the same particles go far faster.
        try assertSimulation(Self.burst("\"velocity\": 100, \"emissionRange\": 6.28, \"yAcceleration\": 1000", count: 200), steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            XCTAssertGreaterThan((0..<store.count).map { hypotf(store.vx[$0], store.vy[$0]) }.min()!, 800)
        }
    }

    func testAccelerationRangesProduceTheSpread() throws {
        // y: each particle's acceleration is 100 ± 100, so after 1 s its drop is ½·a in 0…100.
        try assertSimulation(Self.burst("\"yAcceleration\": 100, \"yAccelerationRange\": 200"), steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            let accelerations = (0..<store.count).map { Double(store.vy[$0]) }
            for i in 0..<store.count { XCTAssertEqual(Double(store.y[i] - 150), accelerations[i] / 2, accuracy: 5e-3) }
            XCTAssertGreaterThanOrEqual(accelerations.min()!, -1e-3)
            XCTAssertLessThanOrEqual(accelerations.max()!, 200 + 1e-3)
            let mean = accelerations.reduce(0, +) / Double(accelerations.count)
            let deviation = (accelerations.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(accelerations.count)).squareRoot()
            XCTAssertEqual(mean, 100, accuracy: 4)
            XCTAssertEqual(deviation, 200 / 12.0.squareRoot(), accuracy: 3)  // uniform over a width of 200
        }
        // Radial: 0 ± 5 for particles flying straight out at 10 pt/s (none turns back within the
        // second): their radial speed is 10 + a·t, in 5…15.
        try assertSimulation(Self.burst("\"velocity\": 10, \"emissionRange\": 6.28, \"radialAccelerationRange\": 10"), steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            let speeds = (0..<store.count).map { i -> Float in
                let dx = store.x[i] - 200, dy = store.y[i] - 150
                return (store.vx[i] * dx + store.vy[i] * dy) / hypotf(dx, dy)
            }
            XCTAssertGreaterThanOrEqual(speeds.min()!, 5 - 0.01)
            XCTAssertLessThanOrEqual(speeds.max()!, 15 + 0.01)
            XCTAssertLessThan(speeds.min()!, 5.5)
            XCTAssertGreaterThan(speeds.max()!, 14.5)
        }
    }

    // MARK: - Cost and determinism

    func testKeysOffKeepNoColumnAndOnlyWhatIsUsedIsKept() throws {
        func columns(_ cell: String) throws -> Int {
            let world = World(effect: try effect(Self.burst(cell, count: 1)))
            return world.emitters[0].cells[0].particles.extra.count
        }
        XCTAssertEqual(try columns("\"velocity\": 10"), 0)
        XCTAssertEqual(try columns(Self.paletteJSON + ", \"rotatesToEmissionAngle\": true, \"spinAcceleration\": 1, \"endRotation\": 1"), 0)
        XCTAssertEqual(try columns("\"endColor\": \"red\""), 4)
        XCTAssertEqual(try columns("\"contentsChoices\": [\"star\", \"square\"]"), 1)
        XCTAssertEqual(try columns("\"endScale\": 2"), 1)
        // Motion keys keep the previous position (2) and one column per acceleration range set.
        XCTAssertEqual(try columns("\"maxSpeed\": 10"), 2)
        XCTAssertEqual(try columns("\"xAccelerationRange\": 10, \"tangentialAccelerationRange\": 5"), 4)
    }

    func testSameSeedSameHashOtherSeedOtherHash() throws {
        let cell = Self.paletteJSON + ", \"velocity\": 80, \"emissionRange\": 6.28, \"endColor\": \"white\", \"endRedRange\": 0.3, "
            + "\"rotationRange\": 3, \"yAccelerationRange\": 50, \"velocityOverLife\": {\"values\": [1, 0.2]}"
        func hash(_ seed: Int) throws -> UInt64 {
            let world = World(effect: try effect(Self.burst(cell, count: 500, seed: seed)))
            for _ in 0..<90 { world.step() }
            return world.stateHash().value
        }
        XCTAssertEqual(try hash(3), try hash(3))
        XCTAssertNotEqual(try hash(3), try hash(4))
    }

    // MARK: - Decoding

    func testBadValuesAreReportedWithTheirPaths() {
        func messages(_ cell: String) -> [String] {
            diagnostics(singleCellEffect(cell: cell)).map { "\($0.path): \($0.message) \($0.suggestion ?? "")" }
        }
        XCTAssertTrue(messages("\"colors\": [\"red\", 7]").contains { $0.hasPrefix("$.layers[0].emitterCells[0].colors[1]") }, "\(messages("\"colors\": [\"red\", 7]"))")
        XCTAssertTrue(messages("\"paletteOrder\": \"shuffled\"").contains { $0.contains("paletteOrder") && $0.contains("sequential") },
                      "\(messages("\"paletteOrder\": \"shuffled\""))")
        XCTAssertTrue(messages("\"endColor\": \"nope\"").contains { $0.hasPrefix("$.layers[0].emitterCells[0].endColor") })
        XCTAssertTrue(messages("\"maxSpeed\": -1").contains { $0.hasPrefix("$.layers[0].emitterCells[0].maxSpeed") })
        XCTAssertTrue(messages("\"endRedRange\": -0.1, \"endColor\": \"red\"").contains { $0.hasPrefix("$.layers[0].emitterCells[0].endRedRange") })
        XCTAssertTrue(messages("\"velocityOverLife\": {\"values\": [1, \"fast\"]}")
            .contains { $0.hasPrefix("$.layers[0].emitterCells[0].velocityOverLife.values[1]") })
    }

    func testARangeWithoutItsEndValueIsWarnedAbout() throws {
        let loaded = try effect(singleCellEffect(cell: "\"endScaleRange\": 0.5, \"paletteOrder\": \"sequential\""))
        XCTAssertEqual(loaded.warnings.map(\.path).sorted(),
                       ["$.layers[0].emitterCells[0].endScaleRange", "$.layers[0].emitterCells[0].paletteOrder"])
    }
}
