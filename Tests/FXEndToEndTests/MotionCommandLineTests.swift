import Foundation
import XCTest

/// The motion extensions through the command line: a field's key path in `fx inspect`, `fx plot`
/// and `fx set`, and the shipped effects that use them validating.
final class MotionCommandLineTests: XCTestCase {
    private let effects = FXProcess.packageRoot.appendingPathComponent("effects")

    func testInspectAndPlotReadAFieldsAnimatedStrength() throws {
        let result = try FXProcess.run(["inspect", "gusty-snow", "--time", "1.75", "--keypath", "snow.fields.gust.strength",
                                        "--keypath", "snow.fields.gust.position.x"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let values = try XCTUnwrap(json["values"] as? [String: Any])
        // A quarter of the 7 s gust: its first keyframe, 110 pt/s², halfway across from −300 to 1100.
        XCTAssertEqual(try XCTUnwrap(values["snow.fields.gust.strength"] as? Double), 110, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(values["snow.fields.gust.position.x"] as? Double), 50, accuracy: 1e-6)
        let out = FXProcess.temporaryDirectory().appendingPathComponent("gust.png").path
        let plot = try FXProcess.run(["plot", "gusty-snow", "--keypath", "snow.fields.gust.strength", "--to", "7", "--out", out])
        XCTAssertEqual(plot.status, 0, plot.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        let wrong = try FXProcess.run(["inspect", "gusty-snow", "--keypath", "snow.fields.gist.strength"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("fields.gust.strength"), wrong.stderr)
    }

    func testFxSetReachesAFieldAndAColliderByName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-motion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let snow = directory.appendingPathComponent("gusty-snow.json"), sparks = directory.appendingPathComponent("sparks.json")
        try Data(contentsOf: effects.appendingPathComponent("gusty-snow.json")).write(to: snow)
        try Data(contentsOf: effects.appendingPathComponent("sparks.json")).write(to: sparks)
        var result = try FXProcess.run(["set", snow.path, "snow.fields.breeze.strength", "12"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOf: snow, encoding: .utf8).contains(#""strength": 12"#))
        result = try FXProcess.run(["set", sparks.path, "sparks.colliders.floor.bounce", "0.8"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOf: sparks, encoding: .utf8).contains(#""bounce": 0.8"#))
        XCTAssertEqual(try FXProcess.run(["validate", snow.path, sparks.path]).status, 0)
        // Out of range: refused by the decoder's check, the file left as it was.
        let before = try Data(contentsOf: sparks)
        result = try FXProcess.run(["set", sparks.path, "sparks.colliders.floor.bounce", "3"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("colliders[0].bounce"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: sparks), before)
        result = try FXProcess.run(["set", sparks.path, "sparks.colliders.flor.bounce", "0.3"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no collider named \"flor\""), result.stderr)
    }
}
