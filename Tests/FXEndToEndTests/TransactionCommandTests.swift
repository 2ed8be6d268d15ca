import Foundation
import XCTest

/// The effect format's `transactions`, through the real binary: `fx inspect` reads an implicit
/// action's presentation value while it runs and after, `fx validate` places a bad one.
final class TransactionCommandTests: XCTestCase {
    /// A shape layer whose strokeEnd goes 0.2 → 0.9 at 1 s, implicitly or (`options`) not.
    private func effect(_ options: String = "") throws -> URL {
        try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [200, 200]}, "duration": 2,
             "layers": [{"type": "shape", "name": "ring", "path": "M 20 100 L 180 100", "strokeColor": "#ff0000",
                         "lineWidth": 6, "strokeEnd": 0.2}],
             "transactions": [{"time": 1, "set": {"ring.strokeEnd": 0.9}\(options)}]}
            """, name: "transaction.json")
    }

    private func strokeEnd(_ file: URL, at time: Double) throws -> Double {
        let result = try FXProcess.run(["inspect", file.path, "--time", String(time), "--keypath", "ring.strokeEnd"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let values = try XCTUnwrap(json["values"] as? [String: Any], result.stdout)
        return try XCTUnwrap(values["ring.strokeEnd"] as? Double, result.stdout)
    }

    func testInspectShowsTheImplicitAnimationHalfwayAndTheNewValueAfter() throws {
        let file = try effect()
        XCTAssertEqual(try strokeEnd(file, at: 0.9), 0.2, accuracy: 1e-9)
        let halfway = try strokeEnd(file, at: 1.125)
        XCTAssertTrue(halfway > 0.2 && halfway < 0.9, "halfway through the 0.25 s action: \(halfway)")
        XCTAssertEqual(try strokeEnd(file, at: 1.25), 0.9, accuracy: 1e-9)
        XCTAssertEqual(try strokeEnd(file, at: 1.5), 0.9, accuracy: 1e-9)
    }

    func testWithActionsDisabledTheValueJumps() throws {
        let file = try effect(#", "disableActions": true"#)
        XCTAssertEqual(try strokeEnd(file, at: 0.9), 0.2, accuracy: 1e-9)
        XCTAssertEqual(try strokeEnd(file, at: 1.125), 0.9, accuracy: 1e-9)
    }

    func testValidatePlacesABadTransaction() throws {
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "layers": [{"type": "shape", "name": "ring", "path": "M 0 0 L 10 0"}],
             "transactions": [{"time": 1, "set": {"ring.strokeEnd": 1}},
                              {"time": 2, "set": {"rng.strokeEnd": 0}, "animationDuration": -1}]}
            """, name: "bad-transaction.json")
        let result = try FXProcess.run(["validate", file.path])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let output = result.stdout + result.stderr
        XCTAssertTrue(output.contains("bad-transaction.json:3:"), output)
        XCTAssertTrue(output.contains(#"$.transactions[1].set["rng.strokeEnd"]"#), output)
        XCTAssertTrue(output.contains(#"did you mean "ring"?"#), output)
        XCTAssertTrue(output.contains("$.transactions[1].animationDuration"), output)
    }
}
