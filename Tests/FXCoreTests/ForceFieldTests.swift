import FXCore
import XCTest

/// An emitter layer's `fields`: attractors, vortices and directional pushes acting on every
/// particle of the layer, animatable by key path.
final class ForceFieldTests: XCTestCase {
    /// Particles at rest around (200, 150) in a 300-point square, under `fields`.
    static func restingCrowd(fields: String, animations: String = "", stepRate: Double = 120, subcell: Bool = false) -> String {
        """
        {"fx": 1, "stepRate": \(stepRate), "canvas": {"size": [400, 300]},
         "layers": [{"type": "emitter", "name": "e", "emitterPosition": [200, 150], "emitterSize": [300, 300],
                     "emitterShape": "rectangle", "fields": \(fields) \(animations.isEmpty ? "" : ", \"animations\": " + animations),
                     "emitterCells": [{"name": "c", "contents": "circle", "burstCount": 400, "lifetime": 100
                       \(subcell ? ", \"emitterCells\": [{\"name\": \"s\", \"contents\": \"circle\", \"birthRate\": 1, \"lifetime\": 100}]" : "")}]}]}
        """
    }

    static func meanDistance(_ store: ParticleStore, to point: (Float, Float)) -> Float {
        var sum: Float = 0
        for i in 0..<store.count {
            let dx = store.x[i] - point.0, dy = store.y[i] - point.1
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return sum / Float(store.count)
    }

    func testAttractorParticlesAreCloserAfterOneSecond() throws {
        let still = World(effect: try effect(Self.restingCrowd(fields: "[]")))
        still.stepForward(to: 1)
        let before = Self.meanDistance(still.emitters[0].cells[0].particles, to: (250, 100))
        for falloff in ["none", "linear", "inverseSquare"] {
            let strength = falloff == "inverseSquare" ? 20_000 : 150
            try assertSimulation(Self.restingCrowd(fields: """
                [{"name": "pull", "type": "attractor", "position": [250, 100], "strength": \(strength), "radius": 400, "falloff": "\(falloff)"}]
                """), steps: 120) { world in
                let after = Self.meanDistance(world.emitters[0].cells[0].particles, to: (250, 100))
                XCTAssertLessThan(after, before * 0.8, falloff)
                for i in 0..<world.emitters[0].cells[0].particles.count {
                    XCTAssertTrue(world.emitters[0].cells[0].particles.x[i].isFinite, "an inverse square stays finite near its centre")
                }
            }
        }
        // A negative attractor repels.
        try assertSimulation(Self.restingCrowd(fields: "[{\"name\": \"push\", \"type\": \"attractor\", \"position\": [250, 100], \"strength\": -150}]"),
                             steps: 120) { world in
            XCTAssertGreaterThan(Self.meanDistance(world.emitters[0].cells[0].particles, to: (250, 100)), before * 1.2)
        }
    }

    func testFieldsActOnSubcellParticlesToo() throws {
        try assertSimulation(Self.restingCrowd(fields: "[{\"name\": \"wind\", \"type\": \"directional\", \"direction\": \"0deg\", \"strength\": 100}]",
                                               subcell: true), steps: 180) { world in
            let sub = world.emitters[0].allCells[1].particles
            XCTAssertGreaterThan(sub.count, 100)
            // Born at rest (a sub-cell's velocity is its own, 0) a second in, pushed for half a
            // second since.
            for i in 0..<sub.count { XCTAssertEqual(sub.vx[i], 50, accuracy: 0.5) }
        }
    }

    func testVortexMakesParticlesCircle() throws {
        // Angle swept around the centre by each particle, summed step by step.
        let world = World(effect: try effect(Self.restingCrowd(fields: """
            [{"name": "swirl", "type": "vortex", "position": [200, 150], "strength": 400, "radius": 250, "falloff": "linear"}]
            """)))
        world.step()
        let store = world.emitters[0].cells[0].particles
        func angles() -> [UInt32: Float] {
            Dictionary(uniqueKeysWithValues: (0..<store.count).map { (store.serial[$0], atan2f(store.y[$0] - 150, store.x[$0] - 200)) })
        }
        var last = angles()
        var swept: [UInt32: Float] = [:]
        for _ in 0..<180 {
            world.step()
            let now = angles()
            for (serial, angle) in now {
                var delta = angle - (last[serial] ?? angle)
                if delta > .pi { delta -= 2 * .pi }
                if delta < -.pi { delta += 2 * .pi }
                swept[serial, default: 0] += delta
            }
            last = now
        }
        // Positive strength turns clockwise on screen (y down): the angle grows.
        let turning = swept.values.filter { $0 > 0 }.count
        XCTAssertGreaterThan(Double(turning), Double(swept.count) * 0.95)
        let median = swept.values.sorted()[swept.count / 2]
        XCTAssertGreaterThan(median, 1, "most particles go more than a radian around in 1.5 s")
    }

    func testDirectionalPushesAlongItsDirection() throws {
        try assertSimulation(Self.restingCrowd(fields: "[{\"name\": \"wind\", \"type\": \"directional\", \"direction\": \"90deg\", \"strength\": 100}]"),
                             steps: 120) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                XCTAssertEqual(store.vx[i], 0, accuracy: 1e-3)
                XCTAssertEqual(store.vy[i], 100, accuracy: 0.01)
            }
        }
        // Bounded: only the particles within the radius feel it.
        try assertSimulation(Self.restingCrowd(fields: """
            [{"name": "gust", "type": "directional", "position": [100, 150], "radius": 60, "strength": 100}]
            """), steps: 1) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                let dx = store.x[i] - 100, dy = store.y[i] - 150
                let inside = (dx * dx + dy * dy).squareRoot() < 59
                let outside = (dx * dx + dy * dy).squareRoot() > 61
                if inside { XCTAssertGreaterThan(store.vx[i], 0) }
                if outside { XCTAssertEqual(store.vx[i], 0) }
            }
        }
    }

    func testStepRatesAgreeWithAThousandStepsASecond() throws {
        // The tolerance docs/effect-format.md states: within 0.1 pt at 240 Hz, 1 pt at 60 Hz.
        func json(_ rate: Double) -> String {
            singleCellEffect(cell: """
                "birthRate": 30, "lifetime": 4, "velocity": 80, "emissionRange": "360deg"
                """, layer: """
                "fields": [{"name": "pull", "type": "attractor", "position": [260, 120], "strength": 800, "falloff": "inverseSquare", "radius": 500},
                           {"name": "swirl", "type": "vortex", "position": [150, 180], "strength": 120, "radius": 200, "falloff": "linear"},
                           {"name": "wind", "type": "directional", "direction": "30deg", "strength": 40}]
                """, stepRate: rate)
        }
        for (rate, tolerance) in [(240.0, Float(0.1)), (60, 1)] {
            let (deviation, travelled) = try TurbulenceTests.largestDeviation(json, stepRate: rate)
            XCTAssertGreaterThan(travelled, 100)
            XCTAssertLessThan(deviation, tolerance, "at \(rate) Hz")
            print("fields: largest deviation from 1000 Hz at \(rate) Hz: \(deviation) pt (travelled up to \(travelled) pt)")
        }
    }

    func testAnimatedStrengthChangesTheMotion() throws {
        let gust = """
            [{"type": "basic", "keyPath": "fields.wind.strength", "fromValue": 0, "toValue": 400, "duration": 1, "fillMode": "forwards"}]
            """
        let fields = "[{\"name\": \"wind\", \"type\": \"directional\", \"strength\": 0}]"
        try assertSimulation(Self.restingCrowd(fields: fields, animations: gust), steps: 120) { world in
            // v = ∫ 400 t dt over a second = 200 (to within a step of the presented value).
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count { XCTAssertEqual(store.vx[i], 200, accuracy: 3) }
        }
        try assertSimulation(Self.restingCrowd(fields: fields), steps: 120) { world in
            XCTAssertEqual(world.emitters[0].cells[0].particles.vx[0], 0)
        }
        // The key path reads through the presentation, as inspect and plot show it.
        let placed = try effect(Self.restingCrowd(fields: fields, animations: gust))
        let series = try placed.sample(["e.fields.wind.strength"], from: 0, to: 0.5, count: 3)
        XCTAssertEqual(series.first?.values.first ?? [], [0, 100, 200])
        // A moving field: `position.x`.
        let move = """
            [{"type": "basic", "keyPath": "fields.pull.position.x", "fromValue": 0, "toValue": 400, "duration": 1, "fillMode": "forwards"}]
            """
        XCTAssertNoThrow(try effect(Self.restingCrowd(fields: "[{\"name\": \"pull\", \"type\": \"attractor\", \"strength\": 100}]", animations: move)))
    }

    func testSetValueMovesTheFieldFromTheNextStep() throws {
        let player = EffectPlayer(effect: try effect(Self.restingCrowd(fields: "[{\"name\": \"wind\", \"type\": \"directional\", \"strength\": 0}]")))
        player.step(count: 10)
        try player.setValue(.number(120), forKeyPath: "e.fields.wind.strength")
        try player.setValue(.number(Double.pi / 2), forKeyPath: "e.fields.wind.direction")
        player.step(count: 120)
        let store = player.world.emitters[0].cells[0].particles
        XCTAssertEqual(store.vy[0], 120, accuracy: 0.5)
        XCTAssertEqual(store.vx[0], 0, accuracy: 1e-3)
        XCTAssertThrowsError(try player.setValue(.number(1), forKeyPath: "e.fields.nope.strength"))
        XCTAssertThrowsError(try player.setValue(.number(-1), forKeyPath: "e.fields.wind.radius"))
    }

    func testDecodingErrorsNameThePath() {
        func errors(_ fields: String) -> [Diagnostic] {
            diagnostics(Self.restingCrowd(fields: fields))
        }
        let unknown = errors("[{\"name\": \"a\", \"type\": \"attracter\"}]")
        XCTAssertTrue(unknown.contains { $0.path == "$.layers[0].fields[0].type" && $0.suggestion == "did you mean \"attractor\"?" && $0.line == 3 },
                      "\(unknown)")
        let missing = errors("[{\"type\": \"vortex\", \"strength\": 1}]")
        XCTAssertTrue(missing.contains { $0.path == "$.layers[0].fields[0].name" && $0.message.contains("needs a \"name\"") }, "\(missing)")
        let duplicate = errors("[{\"name\": \"a\", \"type\": \"vortex\"}, {\"name\": \"a\", \"type\": \"attractor\"}]")
        XCTAssertTrue(duplicate.contains { $0.path == "$.layers[0].fields[1].name" && $0.message.contains("$.layers[0].fields[0]") }, "\(duplicate)")
        let linear = errors("[{\"name\": \"a\", \"type\": \"vortex\", \"falloff\": \"linear\"}]")
        XCTAssertTrue(linear.contains { $0.path == "$.layers[0].fields[0].falloff" && $0.message.contains("radius") }, "\(linear)")
        let radius = errors("[{\"name\": \"a\", \"type\": \"vortex\", \"radius\": -3}]")
        XCTAssertTrue(radius.contains { $0.path == "$.layers[0].fields[0].radius" && $0.message.contains("≥ 0") }, "\(radius)")
        let badAnimation = errors("[{\"name\": \"a\", \"type\": \"vortex\"}], \"animations\": [{\"type\": \"basic\", \"keyPath\": \"fields.b.strength\", \"toValue\": 1}]")
        XCTAssertTrue(badAnimation.contains { $0.path.hasPrefix("$.layers[0].animations[0]") }, "\(badAnimation)")
    }
}
