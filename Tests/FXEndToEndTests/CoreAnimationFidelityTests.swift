import Foundation
import XCTest

/// Issue 33's Core Animation rules as a user checks them, through the real `fx inspect`.
final class CoreAnimationFidelityTests: XCTestCase {
    /// The cell at `path` in the first layer of `fx inspect FILE --time T`.
    private func inspectedCell(_ json: String, time: Double, path: String) throws -> [String: Any] {
        let file = try FXProcess.writeTemporary(json, name: "fidelity.json")
        let result = try FXProcess.run(["inspect", file.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let layer = try XCTUnwrap((report?["layers"] as? [[String: Any]])?.first)
        return try XCTUnwrap((layer["cells"] as? [[String: Any]])?.first { $0["path"] as? String == path }, "no \(path)")
    }

    private func statistic(_ cell: [String: Any], _ key: String) throws -> (min: Double, mean: Double, max: Double) {
        let value = try XCTUnwrap(cell[key] as? [String: Double], "\(key) in \(cell)")
        return (try XCTUnwrap(value["min"]), try XCTUnwrap(value["mean"]), try XCTUnwrap(value["max"]))
    }

    /// A parent cell at scale 0.2 and alpha 0.5 with a sub-cell of scale 2.5: its particles are
    /// at scale 0.5 and alpha 0.5 (Apple: "the scale and color of fireworkCell are inherited by
    /// trailCell").
    func testSubcellParticlesInheritScaleAndAlpha() throws {
        let cell = try inspectedCell("""
            {"fx": 1, "canvas": {"size": [400, 300]},
             "layers": [{"type": "emitter", "name": "fireworks", "emitterPosition": [200, 250],
               "emitterCells": [{"name": "rocket", "birthRate": 2, "lifetime": 3, "velocity": 50, "emissionLongitude": "-90deg",
                 "scale": 0.2, "color": [1, 1, 1, 0.5], "contents": "disc",
                 "emitterCells": [{"name": "spark", "birthRate": 30, "lifetime": 1, "scale": 2.5, "contents": "disc"}]}]}]}
            """, time: 1.5, path: "emitterCells.rocket.emitterCells.spark")
        XCTAssertGreaterThan(try XCTUnwrap(cell["alive"] as? Double), 10)
        let scale = try statistic(cell, "scale"), alpha = try statistic(cell, "alpha")
        XCTAssertEqual(scale.min, 0.5, accuracy: 1e-6)
        XCTAssertEqual(scale.max, 0.5, accuracy: 1e-6)
        XCTAssertEqual(alpha.min, 0.5, accuracy: 1e-6)
        XCTAssertEqual(alpha.max, 0.5, accuracy: 1e-6)
    }

    /// A circle emitter of `emitterSize` [100, 100] in `outline` mode puts its births at
    /// distance 100 from `emitterPosition` (Apple: "of radius emitterSize.width").
    func testACircleOutlineOfWidth100BirthsAtDistance100() throws {
        let cell = try inspectedCell("""
            {"fx": 1, "canvas": {"size": [400, 400]},
             "layers": [{"type": "emitter", "name": "ring", "emitterPosition": [200, 200], "emitterShape": "circle",
               "emitterMode": "outline", "emitterSize": [100, 100],
               "emitterCells": [{"name": "dot", "birthRate": 2000, "lifetime": 10, "contents": "disc"}]}]}
            """, time: 1, path: "emitterCells.dot")
        let x = try statistic(cell, "x"), y = try statistic(cell, "y")
        // Still particles on a circle of radius 100 about (200, 200): the extremes are 100 out.
        XCTAssertEqual(x.min, 100, accuracy: 0.5)
        XCTAssertEqual(x.max, 300, accuracy: 0.5)
        XCTAssertEqual(y.min, 100, accuracy: 0.5)
        XCTAssertEqual(y.max, 300, accuracy: 0.5)
    }
}
