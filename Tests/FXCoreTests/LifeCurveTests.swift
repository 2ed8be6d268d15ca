import FXCore
import XCTest

/// Every particle — including one born inside the step that ends at the drawn moment, and one
/// drawn between two steps — has exactly the color, alpha and scale its cell's curves give at
/// its age.
final class LifeCurveTests: XCTestCase {
    /// Piecewise linear through evenly spaced values: the test's own reading of a curve.
    func curve(_ values: [Double], at t: Double) -> Double {
        let position = min(max(t, 0), 1) * Double(values.count - 1)
        let index = min(Int(position), values.count - 2)
        let fraction = position - Double(index)
        return values[index] + (values[index + 1] - values[index]) * fraction
    }

    let scales = [0.5, 3.0, 1.0], alphas = [1.0, 0.2], reds = [1.0, 0.0, 0.0], greens = [0.0, 1.0, 0.0], blues = [0.0, 0.0, 1.0]

    var curvedEffect: String {
        singleCellEffect(cell: """
            "birthRate": 37, "lifetime": 1.3, "lifetimeRange": 0.8, "scale": 0.4, "velocity": 40, "emissionRange": "360deg",
            "scaleOverLife": {"values": [0.5, 3, 1]}, "alphaOverLife": {"values": [1, 0.2]},
            "colorOverLife": {"values": ["#ff0000", "#00ff00", "#0000ff"]}
            """)
    }

    /// The issue's repro: birthRate 10, scale 0.3 × 2.5, alpha 0.3 — the newest particle too.
    func testAParticleBornInTheLastStepHasItsCurvesApplied() throws {
        let fx = try effect(singleCellEffect(cell: """
            "birthRate": 10, "lifetime": 2, "scale": 0.3, "scaleOverLife": {"values": [2.5, 2.5]}, "alphaOverLife": {"values": [0.3, 0.3]}
            """))
        let world = World(effect: fx)
        world.stepForward(to: 0.31)
        let store = world.emitters[0].cells[0].particles
        XCTAssertEqual(store.count, 4)
        for i in 0..<store.count {
            XCTAssertEqual(store.scale[i], 0.75, accuracy: 1e-6)
            XCTAssertEqual(store.alpha[i], 0.3, accuracy: 1e-6)
        }
    }

    func testEveryLiveParticleMatchesItsCurvesAtItsAgeAtAnyStepRate() throws {
        let fx = try effect(curvedEffect)
        for stepRate in [24.0, 60, 120, 240, 1000] {
            let world = World(effect: fx, stepRate: stepRate)
            for time in [0.013, 0.31, 0.77, 2.05, 3.3] {
                world.stepForward(to: time)
                let store = world.emitters[0].cells[0].particles
                let now = world.emitters[0].simulatedTime
                if world.tick > 0 { XCTAssertGreaterThan(store.count, 0) }
                for i in 0..<store.count {
                    let age = Double(store.age[i])
                    let t = age / (age + store.deathTime[i] - now)
                    let context = "step rate \(stepRate), time \(time), particle \(store.serial[i]) at t \(t)"
                    XCTAssertEqual(Double(store.scale[i]), 0.4 * curve(scales, at: t), accuracy: 1e-4, context)
                    XCTAssertEqual(Double(store.alpha[i]), curve(alphas, at: t), accuracy: 1e-4, context)
                    XCTAssertEqual(Double(store.red[i]), curve(reds, at: t), accuracy: 1e-4, context)
                    XCTAssertEqual(Double(store.green[i]), curve(greens, at: t), accuracy: 1e-4, context)
                    XCTAssertEqual(Double(store.blue[i]), curve(blues, at: t), accuracy: 1e-4, context)
                }
            }
        }
    }

    /// Drawn between two steps (the window's interpolation), a particle's vertex color and
    /// size are its curves at the drawn age, not at the step's.
    func testInterpolatedDrawingUsesTheCurvesAtTheDrawnAge() throws {
        // One second at 30 steps a second.
        try assertSimulation(curvedEffect, steps: 30, stepRate: 30) { world in
            let list = DrawList()
            let store = world.emitters[0].cells[0].particles
            let now = world.emitters[0].simulatedTime
            for interpolation in [0.0, 0.4, 1.0] {
                DrawListBuilder().build(world, into: list, interpolation: interpolation)
                let back = (1 - interpolation) / 30
                XCTAssertEqual(list.vertices.count, 4 * store.count)
                for i in 0..<store.count {
                    let age = Double(store.age[i]), drawnAge = max(0, age - back)
                    let t = drawnAge / (age + store.deathTime[i] - now)
                    let vertex = list.vertices[4 * i]
                    let context = "interpolation \(interpolation), particle \(i)"
                    XCTAssertEqual(Double(vertex.red), 255 * curve(reds, at: t), accuracy: 0.6, context)
                    XCTAssertEqual(Double(vertex.green), 255 * curve(greens, at: t), accuracy: 0.6, context)
                    XCTAssertEqual(Double(vertex.alpha), 255 * curve(alphas, at: t), accuracy: 0.6, context)
                    // The circle texture is 64 points at scale 1: the quad's side is 64 × scale.
                    let next = list.vertices[4 * i + 1]
                    let side = Double(((next.x - vertex.x) * (next.x - vertex.x) + (next.y - vertex.y) * (next.y - vertex.y)).squareRoot())
                    XCTAssertEqual(side, 64 * 0.4 * curve(scales, at: t), accuracy: 1e-3, context)
                }
            }
        }
    }

    /// Without curves, the speeds are undone for an interpolated draw: a particle drawn a
    /// fraction of a step back is as large and as opaque as it was then.
    func testInterpolatedDrawingUndoesTheSpeeds() throws {
        let cell = #""birthRate": 5, "lifetime": 3, "scale": 1, "scaleSpeed": 0.5, "alphaSpeed": -0.25, "redSpeed": -0.2"#
        // 1.2 s at 10 steps a second.
        try assertSimulation(singleCellEffect(cell: cell), steps: 12, stepRate: 10) { world in
            let list = DrawList()
            DrawListBuilder().build(world, into: list, interpolation: 0.5)
            let store = world.emitters[0].cells[0].particles
            for i in 0..<store.count {
                let drawnAge = max(0, Double(store.age[i]) - 0.05)
                let vertex = list.vertices[4 * i], next = list.vertices[4 * i + 1]
                XCTAssertEqual(Double(vertex.alpha), 255 * (1 - 0.25 * drawnAge), accuracy: 0.6)
                XCTAssertEqual(Double(vertex.red), 255 * (1 - 0.2 * drawnAge), accuracy: 0.6)
                XCTAssertEqual(Double(next.x - vertex.x), 64 * (1 + 0.5 * drawnAge), accuracy: 1e-3)
            }
        }
    }
}
