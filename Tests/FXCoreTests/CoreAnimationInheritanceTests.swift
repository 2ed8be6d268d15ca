import XCTest
import FXCore

/// Core Animation's rules a port of Apple's own sample code meets first (issue 33): sub-cells
/// inherit their parent particle's scale and color, the circle's radius is `emitterSize.width`,
/// and the layer's multipliers act on new particles only.
final class CoreAnimationInheritanceTests: XCTestCase {
    /// A parent cell and its one sub-cell, emitting from the parent's life.
    private func parentAndChild(parent: String, child: String, layer: String = "") -> String {
        """
        {"fx": 1, "canvas": {"size": [400, 300]},
         "layers": [{"type": "emitter", "name": "e", "emitterPosition": [200, 150]\(layer.isEmpty ? "" : ", " + layer),
           "emitterCells": [{"name": "parent", "contents": "circle", \(parent),
             "emitterCells": [{"name": "child", "contents": "circle", \(child)}]}]}]}
        """
    }

    /// Apple's fireworks idiom: a rocket at scale 0.2 and a burst at 2.5 draw sparks at 0.5;
    /// the parent's alpha (0.5) and colors multiply the sub-particle's.
    func testSubParticlesTakeTheirParentsScaleAndColorMultiplied() throws {
        let json = parentAndChild(parent: "\"birthRate\": 2, \"lifetime\": 5, \"scale\": 0.2, \"color\": [0.5, 1, 0.8, 0.5]",
                                  child: "\"birthRate\": 20, \"lifetime\": 3, \"scale\": 2.5, \"color\": [1, 0.5, 1, 1]")
        try assertSimulation(json, steps: 120) { world in
            let children = world.emitters[0].cells[0].subcells[0].particles
            XCTAssertGreaterThan(children.count, 10)
            for i in 0..<children.count {
                XCTAssertEqual(children.scale[i], 0.5, accuracy: 1e-6)
                XCTAssertEqual(children.alpha[i], 0.5, accuracy: 1e-6)
                XCTAssertEqual(children.red[i], 0.5, accuracy: 1e-6)
                XCTAssertEqual(children.green[i], 0.5, accuracy: 1e-6)
                XCTAssertEqual(children.blue[i], 0.8, accuracy: 1e-6)
            }
        }
    }

    /// The parent's scale multiplies the sub-cell's scale range and scale speed too: each
    /// sub-particle's scale is 0.2 × (2.5 ± 0.5) − 0.2 × age, kept per particle as its parents
    /// differ.
    func testTheParentsScaleMultipliesTheRangeAndTheSpeed() throws {
        let json = parentAndChild(parent: "\"birthRate\": 1, \"lifetime\": 5, \"scale\": 0.2",
                                  child: "\"birthRate\": 10, \"lifetime\": 3, \"scale\": 2.5, \"scaleRange\": 1, \"scaleSpeed\": -1")
        try assertSimulation(json, steps: 240) { world in
            let children = world.emitters[0].cells[0].subcells[0].particles
            XCTAssertGreaterThan(children.count, 10)
            var spread = (Float.infinity, -Float.infinity)
            for i in 0..<children.count {
                let birthScale = children.scale[i] + 0.2 * children.age[i]
                XCTAssertGreaterThanOrEqual(birthScale, 0.4 - 1e-4)
                XCTAssertLessThanOrEqual(birthScale, 0.6 + 1e-4)
                spread = (min(spread.0, birthScale), max(spread.1, birthScale))
            }
            XCTAssertGreaterThan(spread.1 - spread.0, 0.1, "the range, times 0.2, spreads the birth scales")
        }
    }

    /// Drawn half a step back, a sub-particle's own rate (its parent's scale times the cell's
    /// scale speed) is undone: each quad is midway between its sizes at the two steps.
    func testADrawnSubParticleIsRewoundAtItsOwnRate() throws {
        let json = parentAndChild(parent: "\"birthRate\": 1, \"lifetime\": 10, \"scale\": 0.2",
                                  child: "\"birthRate\": 10, \"lifetime\": 10, \"scale\": 2.5, \"scaleSpeed\": -1")
            .replacingOccurrences(of: "\"contents\": \"circle\", \"birthRate\": 1,", with: "\"birthRate\": 1,")
        let loaded = try effect(json)
        func sides(steps: Int, interpolation: Double) -> [Float] {
            let world = World(effect: loaded)
            for _ in 0..<steps { world.step() }
            let list = DrawList()
            DrawListBuilder().build(world, into: list, interpolation: interpolation)
            return stride(from: 0, to: list.vertices.count, by: 4).map { quad in
                let v0 = list.vertices[quad], v1 = list.vertices[quad + 1]
                return ((v1.x - v0.x) * (v1.x - v0.x) + (v1.y - v0.y) * (v1.y - v0.y)).squareRoot()
            }
        }
        let before = sides(steps: 179, interpolation: 1), after = sides(steps: 180, interpolation: 1)
        let between = sides(steps: 180, interpolation: 0.5)
        XCTAssertGreaterThan(before.count, 10)
        XCTAssertGreaterThanOrEqual(between.count, before.count)
        for quad in 0..<before.count {
            XCTAssertLessThan(after[quad], before[quad], "the sub-particles shrink")
            XCTAssertEqual(between[quad], (before[quad] + after[quad]) / 2, accuracy: 1e-3 * before[quad])
        }
    }

    /// A top-level cell's particles inherit nothing: its scale speed is its own; its
    /// sub-particles' scale speed is the parent's scale times theirs, whatever the parent's
    /// own scale speed.
    func testATopLevelCellInheritsNothing() throws {
        let json = parentAndChild(parent: "\"birthRate\": 1, \"lifetime\": 5, \"scale\": 0.5, \"scaleSpeed\": 0.1",
                                  child: "\"birthRate\": 10, \"lifetime\": 3, \"scaleSpeed\": 1")
        try assertSimulation(json, steps: 240) { world in
            let parents = world.emitters[0].cells[0].particles
            for i in 0..<parents.count {
                XCTAssertEqual(parents.scale[i], 0.5 + 0.1 * parents.age[i], accuracy: 1e-5)
            }
            let children = world.emitters[0].cells[0].subcells[0].particles
            XCTAssertGreaterThan(children.count, 10)
            for i in 0..<children.count {
                // Born at its parent's scale then (1 × that), growing at that scale a second.
                let rate = (children.scale[i]) / (1 + children.age[i])
                XCTAssertGreaterThan(rate, 0.5 - 1e-4)
                XCTAssertLessThan(rate, 0.5 + 0.1 * 2 + 1e-4)
            }
        }
    }

    /// Apple: a circle "of radius emitterSize.width"; the sphere's is the same.
    func testTheCircleAndSpheresRadiusIsTheWidth() throws {
        for shape in ["circle", "sphere"] {
            let json = singleCellEffect(cell: "\"birthRate\": 400, \"lifetime\": 5",
                                        layer: "\"emitterShape\": \"\(shape)\", \"emitterMode\": \"outline\", \"emitterSize\": [100, 100], \"preservesDepth\": true")
            try assertSimulation(json, steps: 30) { world in
                let store = world.emitters[0].cells[0].particles
                for i in 0..<store.count {
                    let dx = Double(store.x[i]) - 200, dy = Double(store.y[i]) - 150, dz = Double(store.z[i])
                    XCTAssertEqual((dx * dx + dy * dy + dz * dz).squareRoot(), 100, accuracy: 1e-3, shape)
                }
            }
        }
    }

    /// Apple's CAEmitterLayer: "Emitter cell attribute multipliers only affect newly created
    /// particles, leaving existing particles unchanged". The layer's scale, velocity, spin and
    /// lifetime jump to 3 at t = 1: particles born before keep what they were born with.
    func testLayerMultipliersChangeOnlyNewParticles() throws {
        let jumps = ["scale", "velocity", "spin", "lifetime"].map {
            "{\"type\": \"basic\", \"keyPath\": \"\($0)\", \"fromValue\": 3, \"toValue\": 3, \"beginTime\": 1, \"duration\": 10}"
        }
        let json = singleCellEffect(cell: "\"birthRate\": 10, \"lifetime\": 4, \"velocity\": 20, \"scale\": 0.5, \"spin\": 1",
                                    layer: "\"animations\": [\(jumps.joined(separator: ", "))]")
        try assertSimulation(json, steps: 240) { world in
            let store = world.emitters[0].cells[0].particles
            var before = 0, after = 0
            for i in 0..<store.count {
                let age = Double(store.age[i])
                let birth = world.time - age
                let speed = (Double(store.vx[i]) * Double(store.vx[i]) + Double(store.vy[i]) * Double(store.vy[i])).squareRoot()
                let lifetime = store.deathTime[i] - birth
                if birth < 1 - 1e-6 {
                    before += 1
                    XCTAssertEqual(store.scale[i], 0.5, accuracy: 1e-6)
                    XCTAssertEqual(speed, 20, accuracy: 1e-3)
                    XCTAssertEqual(Double(store.spin[i]), 1, accuracy: 1e-6)
                    XCTAssertEqual(lifetime, 4, accuracy: 1e-4)
                } else if birth > 1 + 1e-6 {
                    after += 1
                    XCTAssertEqual(store.scale[i], 1.5, accuracy: 1e-6)
                    XCTAssertEqual(speed, 60, accuracy: 1e-3)
                    XCTAssertEqual(Double(store.spin[i]), 3, accuracy: 1e-6)
                    XCTAssertEqual(lifetime, 12, accuracy: 1e-4)
                }
            }
            XCTAssertGreaterThan(before, 5)
            XCTAssertGreaterThan(after, 5)
        }
    }
}
