import FXCore
import XCTest

/// fx's emitter-layer and burst extensions of issue 18: `emitsOutward`, `emitterInnerRadius`,
/// `burstSpacing`, `orbit` and an emitter layer's own `maxParticles`.
final class EmitterExtensionTests: XCTestCase {
    /// The angle of (x, y) minus `reference`, wrapped into (−π, π].
    private func angleDifference(_ x: Double, _ y: Double, from reference: Double) -> Double {
        remainder(atan2(y, x) - reference, 2 * .pi)
    }

    // MARK: - emitsOutward

    func testCircleOutlineEmitsAlongTheRadiusThroughItsBirthPoint() throws {
        // No acceleration: a particle keeps its birth velocity, so its direction of travel is
        // the emission angle, and its position lies on the line from its birth point.
        for longitude in [0.0, Double.pi / 2, -0.7] {
            let json = singleCellEffect(
                cell: "\"birthRate\": 500, \"lifetime\": 5, \"velocity\": 80, \"emissionLongitude\": \(longitude)",
                layer: "\"emitterShape\": \"circle\", \"emitterMode\": \"outline\", \"emitterSize\": [50, 50], \"emitsOutward\": true")
            try assertSimulation(json, steps: 60) { world in
                let store = world.emitters[0].cells[0].particles
                XCTAssertGreaterThan(store.count, 200)
                for i in 0..<store.count {
                    let vx = Double(store.vx[i]), vy = Double(store.vy[i])
                    // Back to the birth point on the circle of radius 50 (emitterSize.width) about (200, 150).
                    let age = Double(store.age[i])
                    let birthX = Double(store.x[i]) - vx * age - 200, birthY = Double(store.y[i]) - vy * age - 150
                    XCTAssertEqual((birthX * birthX + birthY * birthY).squareRoot(), 50, accuracy: 1e-2)
                    let outward = atan2(birthY, birthX)
                    XCTAssertEqual(angleDifference(vx, vy, from: outward + longitude), 0, accuracy: 1e-4,
                                   "particle \(store.serial[i]) born at angle \(outward)")
                }
            }
        }
    }

    func testRectangleAndSphereEmitOutwardAndTheCentreUsesThePlainLongitude() throws {
        for (shape, mode) in [("rectangle", "volume"), ("sphere", "volume"), ("circle", "surface")] {
            let json = singleCellEffect(
                cell: "\"birthRate\": 400, \"lifetime\": 5, \"velocity\": 60",
                layer: "\"emitterShape\": \"\(shape)\", \"emitterMode\": \"\(mode)\", \"emitterSize\": [120, 80], \"emitterDepth\": 30, \"emitsOutward\": true")
            try assertSimulation(json, steps: 40) { world in
                let store = world.emitters[0].cells[0].particles
                for i in 0..<store.count {
                    let age = Double(store.age[i])
                    let vx = Double(store.vx[i]), vy = Double(store.vy[i])
                    let birthX = Double(store.x[i]) - vx * age - 200, birthY = Double(store.y[i]) - vy * age - 150
                    guard birthX * birthX + birthY * birthY > 1e-2 else { continue }
                    XCTAssertEqual(angleDifference(vx, vy, from: atan2(birthY, birthX)), 0, accuracy: 1e-3, shape)
                }
            }
        }
        // Born at the centre (a point shape, a circle's `points` mode): the plain longitude.
        for layer in ["\"emitsOutward\": true", "\"emitterShape\": \"circle\", \"emitterMode\": \"points\", \"emitterSize\": [100, 100], \"emitsOutward\": true"] {
            let json = singleCellEffect(cell: "\"birthRate\": 100, \"lifetime\": 5, \"velocity\": 60, \"emissionLongitude\": 1.1", layer: layer)
            try assertSimulation(json, steps: 40) { world in
                let store = world.emitters[0].cells[0].particles
                for i in 0..<store.count {
                    XCTAssertEqual(angleDifference(Double(store.vx[i]), Double(store.vy[i]), from: 1.1), 0, accuracy: 1e-5)
                }
            }
        }
    }

    // MARK: - emitterInnerRadius

    func testInnerRadiusMakesARingUniformByArea() throws {
        let json = singleCellEffect(
            cell: "\"birthRate\": 20000, \"lifetime\": 10",
            layer: "\"emitterShape\": \"circle\", \"emitterMode\": \"volume\", \"emitterSize\": [100, 100], \"emitterInnerRadius\": 60")
        try assertSimulation(json, steps: 60) { world in
            let store = world.emitters[0].cells[0].particles
            XCTAssertGreaterThan(store.count, 9000)
            var inner = 0
            for i in 0..<store.count {
                let dx = Double(store.x[i]) - 200, dy = Double(store.y[i]) - 150
                let r = (dx * dx + dy * dy).squareRoot()
                XCTAssertGreaterThanOrEqual(r, 60 - 1e-3)
                XCTAssertLessThanOrEqual(r, 100 + 1e-3)
                if r < 80 { inner += 1 }
            }
            // Uniform by area: the share inside radius 80 is (80² − 60²) / (100² − 60²).
            XCTAssertEqual(Double(inner) / Double(store.count), 2800.0 / 6400.0, accuracy: 0.015)
        }
    }

    func testInnerRadiusMakesASphericalShellUniformByVolume() throws {
        let json = singleCellEffect(
            cell: "\"birthRate\": 20000, \"lifetime\": 10",
            layer: "\"emitterShape\": \"sphere\", \"emitterMode\": \"surface\", \"emitterSize\": [100, 100], \"emitterInnerRadius\": 50, \"preservesDepth\": true")
        try assertSimulation(json, steps: 60) { world in
            let store = world.emitters[0].cells[0].particles
            var inner = 0
            for i in 0..<store.count {
                let dx = Double(store.x[i]) - 200, dy = Double(store.y[i]) - 150, dz = Double(store.z[i])
                let r = (dx * dx + dy * dy + dz * dz).squareRoot()
                XCTAssertGreaterThanOrEqual(r, 50 - 1e-3)
                XCTAssertLessThanOrEqual(r, 100 + 1e-3)
                if r < 75 { inner += 1 }
            }
            XCTAssertEqual(Double(inner) / Double(store.count), (pow(75, 3) - pow(50, 3)) / (pow(100, 3) - pow(50, 3)), accuracy: 0.015)
        }
    }

    // MARK: - burstSpacing

    func testBurstSpacingTurnsEachParticleOfABurstByExactlyItsIndex() throws {
        let spacing = Double.pi / 4, longitude = 0.1
        let json = singleCellEffect(
            cell: "\"burstCount\": 8, \"burstInterval\": 0.5, \"burstSpacing\": \(spacing), \"emissionLongitude\": \(longitude), \"lifetime\": 5, \"velocity\": 100")
        try assertSimulation(json, steps: 70) { world in
            let store = world.emitters[0].cells[0].particles
            XCTAssertEqual(store.count, 16, "two bursts of 8")
            for i in 0..<store.count {
                let index = Double(Int(store.serial[i]) % 8)
                XCTAssertEqual(angleDifference(Double(store.vx[i]), Double(store.vy[i]), from: longitude + index * spacing), 0, accuracy: 1e-6,
                               "particle \(store.serial[i])")
            }
        }
    }

    func testBurstSpacingKeepsTheEmissionRangeSpreadAndAppliesToEventBursts() throws {
        let json = singleCellEffect(
            cell: "\"burstCount\": 6, \"burstSpacing\": 1, \"emissionRange\": 0.2, \"lifetime\": 5, \"velocity\": 100")
        try assertSimulation(json, steps: 10) { world in
            let store = world.emitters[0].cells[0].particles
            var offsets: [Double] = []
            for i in 0..<store.count {
                let offset = angleDifference(Double(store.vx[i]), Double(store.vy[i]), from: Double(store.serial[i]))
                XCTAssertLessThanOrEqual(abs(offset), 0.1 + 1e-6)
                offsets.append(offset)
            }
            XCTAssertGreaterThan(Set(offsets.map { ($0 * 1e4).rounded() }).count, 3, "the range still spreads them")
        }
        // A sub-cell bursting at its parent's birth: spaced from the parent's heading.
        let events = """
        {"fx": 1, "canvas": {"size": [400, 300]}, "layers": [{"type": "emitter", "emitterPosition": [200, 150],
          "emitterCells": [{"name": "p", "burstCount": 1, "lifetime": 5, "velocity": 10, "emissionLongitude": 0.5,
            "emitterCells": [{"name": "s", "emitOn": "birth", "burstCount": 4, "burstSpacing": 1.5, "lifetime": 5, "velocity": 50}]}]}]}
        """
        try assertSimulation(events, steps: 10) { world in
            let store = world.emitters[0].cells[0].subcells[0].particles
            XCTAssertEqual(store.count, 4)
            for i in 0..<store.count {
                XCTAssertEqual(angleDifference(Double(store.vx[i]), Double(store.vy[i]), from: 0.5 + Double(i) * 1.5), 0, accuracy: 1e-5)
            }
        }
    }

    // MARK: - orbit

    /// A burst of 6 orbiting particles spaced 1 rad apart from 0.3, each at the closed form of
    /// Particle Designer's radial mode, whatever the step rate; velocity and gravity ignored.
    func testOrbitFollowsTheClosedFormAtAnyStepRate() throws {
        let (start, end, speed, life) = (100.0, 20.0, 1.5, 2.0)
        for stepRate in [30.0, 120.0, 1000.0] {
            for time in [0.25, 1.0, 1.7] {
                let json = singleCellEffect(
                    cell: """
                    "burstCount": 6, "burstSpacing": 1, "emissionLongitude": 0.3, "lifetime": \(life), "velocity": 300,
                    "yAcceleration": 500, "orbit": {"startRadius": \(start), "endRadius": \(end), "rotationSpeed": \(speed)}
                    """, stepRate: stepRate)
                let world = World(effect: try effect(json))
                world.stepForward(to: time)
                let store = world.emitters[0].cells[0].particles
                XCTAssertEqual(store.count, 6)
                let age = world.time
                let radius = start + (end - start) * age / life
                for i in 0..<store.count {
                    let theta = 0.3 + Double(store.serial[i]) + speed * age
                    XCTAssertEqual(Double(store.x[i]), 200 + radius * cos(theta), accuracy: 2e-3, "step rate \(stepRate), t \(time)")
                    XCTAssertEqual(Double(store.y[i]), 150 + radius * sin(theta), accuracy: 2e-3, "step rate \(stepRate), t \(time)")
                    // The velocity columns hold the orbit's own velocity.
                    let dr = (end - start) / life
                    XCTAssertEqual(Double(store.vx[i]), dr * cos(theta) - radius * speed * sin(theta), accuracy: 1e-2)
                    XCTAssertEqual(Double(store.vy[i]), dr * sin(theta) + radius * speed * cos(theta), accuracy: 1e-2)
                }
            }
        }
    }

    func testOrbitRangesAndAMissingEndRadiusKeepEachParticlesOwnRadius() throws {
        let json = singleCellEffect(
            cell: """
            "birthRate": 300, "lifetime": 4, "emissionRange": 6.283185307179586,
            "orbit": {"startRadius": 50, "startRadiusRange": 20, "rotationSpeed": -2, "rotationSpeedRange": 1}
            """,
            layer: "\"emitterShape\": \"rectangle\", \"emitterSize\": [40, 40]")
        try assertSimulation(json, steps: 240) { world in
            let store = world.emitters[0].cells[0].particles
            var radii: [Double] = []
            for i in 0..<store.count {
                // Each particle's distance from its birth origin (moving back along its speed
                // is not possible: the orbit's speed is |v| = r·|ω| with no radial part).
                let speed = (Double(store.vx[i]) * Double(store.vx[i]) + Double(store.vy[i]) * Double(store.vy[i])).squareRoot()
                let omegaRange = 1.5...2.5
                let radiusBounds = 40.0...60.0
                XCTAssertTrue(speed >= radiusBounds.lowerBound * omegaRange.lowerBound - 1e-2
                              && speed <= radiusBounds.upperBound * omegaRange.upperBound + 1e-2, "speed \(speed)")
                radii.append(speed)
            }
            XCTAssertGreaterThan(Set(radii.map { $0.rounded() }).count, 20, "ranges spread the orbits")
        }
        // Born at the emitter position with no range: the distance from it stays the start radius.
        let fixed = singleCellEffect(cell: "\"birthRate\": 50, \"lifetime\": 3, \"orbit\": {\"startRadius\": 42, \"rotationSpeed\": 3}")
        try assertSimulation(fixed, steps: 200) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                let dx = Double(store.x[i]) - 200, dy = Double(store.y[i]) - 150
                XCTAssertEqual((dx * dx + dy * dy).squareRoot(), 42, accuracy: 1e-3)
            }
        }
    }

    /// An orbiting particle's trail follows its circle from where it was born on it: no ribbon
    /// reaches in to the origin (its history before the first step is not a straight flight
    /// from there).
    func testAnOrbitsTrailStaysOnItsOrbit() throws {
        let json = singleCellEffect(cell: """
            "burstCount": 6, "burstSpacing": 1, "burstInterval": 0.25, "lifetime": 2, "velocity": 200,
            "trail": {"length": 0.5, "segments": 12, "width": 2}, "orbit": {"startRadius": 40, "rotationSpeed": 2}
            """, stepRate: 60)
        for time in [0.1, 0.3, 1.0] {
            let world = World(effect: try effect(json))
            world.stepForward(to: time)
            let list = DrawList()
            DrawListBuilder().build(world, into: list)
            let ribbons = list.batches.filter { $0.texture == nil && $0.vertexCount > 0 }
            XCTAssertFalse(ribbons.isEmpty)
            for batch in ribbons {
                for vertex in list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)] {
                    let dx = Double(vertex.x) - 200, dy = Double(vertex.y) - 150
                    XCTAssertEqual((dx * dx + dy * dy).squareRoot(), 40, accuracy: 2.5, "t \(time)")
                }
            }
        }
    }

    // MARK: - A layer's own maxParticles

    func testALayersBudgetIsNeverExceededWhileAnotherLayerStillEmits() throws {
        let json = """
        {"fx": 1, "canvas": {"size": [400, 300]}, "layers": [
          {"type": "emitter", "name": "full", "maxParticles": 50, "emitterPosition": [100, 150],
           "emitterCells": [{"name": "a", "contents": "circle", "birthRate": 1000, "lifetime": 10},
                            {"name": "b", "contents": "circle", "birthRate": 500, "lifetime": 10,
                             "emitterCells": [{"name": "s", "birthRate": 10, "lifetime": 10}]}]},
          {"type": "emitter", "name": "free", "emitterPosition": [300, 150],
           "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 100, "lifetime": 10}]}]}
        """
        let world = World(effect: try effect(json))
        var freeCounts: [Int] = []
        for _ in 0..<240 {
            world.step()
            XCTAssertLessThanOrEqual(world.emitter(named: "full")!.liveParticles, 50)
            freeCounts.append(world.emitter(named: "free")!.liveParticles)
        }
        XCTAssertEqual(world.emitter(named: "full")!.liveParticles, 50, "the layer fills its budget")
        XCTAssertEqual(freeCounts.last!, 200, "the other layer keeps emitting at its rate: 100 a second for 2 s")
        XCTAssertFalse(world.budgetReached, "the effect's own budget is not reached")
    }

    func testTheEffectsBudgetStillCapsTheTotal() throws {
        let json = """
        {"fx": 1, "maxParticles": 30, "canvas": {"size": [400, 300]}, "layers": [
          {"type": "emitter", "maxParticles": 100, "emitterCells": [{"birthRate": 1000, "lifetime": 10}]}]}
        """
        let world = World(effect: try effect(json))
        world.stepForward(to: 1)
        XCTAssertEqual(world.liveParticles, 30)
    }

    // MARK: - Decoding

    func testBadValuesAreReportedWithTheirPath() {
        func messages(_ layer: String, cell: String = "\"birthRate\": 1, \"lifetime\": 1") -> String {
            diagnostics(singleCellEffect(cell: cell, layer: layer)).map(\.description).joined(separator: "\n")
        }
        XCTAssertTrue(messages("\"compositingFilter\": \"screen\"").contains("expected one of \"screenBlendMode\", \"multiplyBlendMode\""))
        XCTAssertTrue(messages("\"maxParticles\": 0").contains("maxParticles"))
        XCTAssertTrue(messages("\"emitsOutward\": 1").contains("emitsOutward"))
        XCTAssertTrue(messages("", cell: "\"orbit\": 3").contains("orbit"))
        let unknown = messages("", cell: "\"orbit\": {\"radius\": 3}")
        XCTAssertTrue(unknown.contains("layers[0].emitterCells[0].orbit"), unknown)
        XCTAssertTrue(messages("", cell: "\"orbit\": {\"startRadiusRange\": -1}").contains("startRadiusRange"))
        XCTAssertTrue(messages("", cell: "\"burstSpacing\": \"wide\"").contains("burstSpacing"))
    }

    func testAnInnerRadiusPastTheOuterOneOrOnAnotherShapeIsWarnedAbout() throws {
        let json = singleCellEffect(
            cell: "\"birthRate\": 1000, \"lifetime\": 5",
            layer: "\"emitterShape\": \"circle\", \"emitterSize\": [25, 25], \"emitterInnerRadius\": 30")
        let loaded = try effect(json)
        XCTAssertEqual(loaded.warnings.map(\.path), ["$.layers[0].emitterInnerRadius"])
        XCTAssertTrue(loaded.warnings.first?.message.contains("born on the outer circle") ?? false)
        // Which they are.
        try assertSimulation(json, steps: 30) { world in
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                let dx = Double(store.x[i]) - 200, dy = Double(store.y[i]) - 150
                XCTAssertEqual((dx * dx + dy * dy).squareRoot(), 25, accuracy: 1e-3)
            }
        }
        let rectangle = try effect(singleCellEffect(cell: "\"birthRate\": 1, \"lifetime\": 1",
                                                    layer: "\"emitterShape\": \"rectangle\", \"emitterInnerRadius\": 3"))
        XCTAssertTrue(rectangle.warnings.first?.message.contains("does nothing") ?? false)
    }

    func testTheKeysAreDeclaredInTheRegistry() {
        for name in ["emitsOutward", "emitterInnerRadius", "maxParticles", "compositingFilter"] {
            XCTAssertNotNil(PropertyRegistry.property(name, of: .emitterLayer), name)
        }
        XCTAssertNotNil(PropertyRegistry.property("burstSpacing", of: .emitterCell))
        XCTAssertEqual(PropertyRegistry.property("orbit", of: .emitterCell)?.members.map(\.name),
                       ["startRadius", "startRadiusRange", "endRadius", "endRadiusRange", "rotationSpeed", "rotationSpeedRange"])
        XCTAssertEqual(PropertyRegistry.property("compositingFilter", of: .emitterLayer)?.coreAnimationName, "CALayer.compositingFilter")
    }
}
