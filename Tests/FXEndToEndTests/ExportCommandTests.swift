import FXCore
import FXExport
import Foundation
import XCTest

/// `fx export` as a user runs it: warnings per key, --strict, the format from --out, no file
/// overwritten, and the docs' key table made from the registry.
final class ExportCommandTests: XCTestCase {
    /// gusty-snow uses fx's own keys: each approximated or dropped one is one warning naming
    /// its line, and the export still imports back and renders.
    func testGustySnowWarnsOncePerApproximatedOrDroppedKey() throws {
        let folder = FXProcess.temporaryDirectory()
        let out = folder.appendingPathComponent("Snow.swift").path
        let result = try FXProcess.run(["export", "gusty-snow", "--to", "swift", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
        // One per key the file writes that Core Animation cannot express (effects/gusty-snow.json).
        let keys = warnings.compactMap { $0.components(separatedBy: ": warning: ").last?.components(separatedBy: ": ").first }
        XCTAssertEqual(keys, ["snow.prewarm", "snow.fields", "snow.emitterCells.far.linearDamping", "snow.emitterCells.far.turbulence",
                              "snow.emitterCells.flake.linearDamping", "snow.emitterCells.flake.turbulence",
                              "snow.animations[0]", "snow.animations[1]"], result.stderr)
        for warning in warnings {
            XCTAssertNotNil(warning.range(of: #"gusty-snow\.json:[0-9]+: warning: "#, options: .regularExpression), warning)
        }
        XCTAssert(warnings[0].contains("approximated: beginTime = -14"), warnings[0])
        XCTAssert(result.stderr.contains("fx: wrote \(out) (8 warnings)"), result.stderr)
        // The result builds and plays in fx when imported back.
        let imported = folder.appendingPathComponent("snow.json").path
        let back = try FXProcess.run(["import", out, "--out", imported])
        XCTAssertEqual(back.status, 0, back.stderr)
        let png = folder.appendingPathComponent("snow.png").path
        let render = try FXProcess.run(["render", imported, "--time", "2", "--out", png])
        XCTAssertEqual(render.status, 0, render.stderr)
        let inspect = try FXProcess.run(["inspect", imported, "--time", "2"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let state = try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any]
        let cells = (state?["layers"] as? [[String: Any]] ?? []).flatMap { $0["cells"] as? [[String: Any]] ?? [] }
        let alive = cells.reduce(0) { $0 + ($1["alive"] as? Int ?? 0) }
        XCTAssertGreaterThan(alive, 100, "the imported snow should be snowing: \(inspect.stdout.prefix(300))")
    }

    /// --strict turns the warnings into errors and writes nothing.
    func testStrictMakesWarningsErrorsAndWritesNothing() throws {
        let folder = FXProcess.temporaryDirectory()
        let out = folder.appendingPathComponent("Snow.swift").path
        let result = try FXProcess.run(["export", "gusty-snow", "--to", "swift", "--out", out, "--strict"])
        XCTAssertEqual(result.status, 1)
        XCTAssert(result.stderr.contains("gusty-snow.json:22: error: snow.prewarm: approximated"), result.stderr)
        XCTAssert(result.stderr.contains("--strict makes them errors; nothing was written"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // An effect Core Animation expresses exports under --strict.
        let ring = try FXProcess.run(["export", "spinner-ring", "--to", "swift", "--out", out, "--strict"])
        XCTAssertEqual(ring.status, 0, ring.stderr)
        XCTAssert(FileManager.default.fileExists(atPath: out))
    }

    /// The format comes from --to, else from the --out extension; neither is a clear error.
    func testTheFormatComesFromToOrTheOutExtension() throws {
        let folder = FXProcess.temporaryDirectory()
        let bundle = folder.appendingPathComponent("Ring.ca")
        let caml = try FXProcess.run(["export", "spinner-ring", "--out", bundle.path])
        XCTAssertEqual(caml.status, 0, caml.stderr)
        XCTAssert(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("main.caml").path))
        let objc = try FXProcess.run(["export", "spinner-ring", "--out", folder.appendingPathComponent("Ring.m").path])
        XCTAssertEqual(objc.status, 0, objc.stderr)
        let unknown = try FXProcess.run(["export", "spinner-ring", "--to", "kotlin"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssert(unknown.stderr.contains("unknown --to \"kotlin\": use swift, objc, caml"), unknown.stderr)
        let none = try FXProcess.run(["export", "spinner-ring", "--out", folder.appendingPathComponent("ring.txt").path])
        XCTAssertEqual(none.status, 1)
        XCTAssert(none.stderr.contains("say what to write: --to swift|objc|caml"), none.stderr)
        let missing = try FXProcess.run(["export", "no-such-effect", "--to", "swift"])
        XCTAssertEqual(missing.status, 1)
        XCTAssert(missing.stderr.contains("no-such-effect"), missing.stderr)
        // Without --out, code goes to stdout.
        let printed = try FXProcess.run(["export", "spinner-ring", "--to", "swift"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssert(printed.stdout.contains("makeSpinnerRingLayer"), String(printed.stdout.prefix(400)))
    }

    /// An existing file is replaced only with --force.
    func testNothingIsOverwrittenWithoutForce() throws {
        let folder = FXProcess.temporaryDirectory()
        let out = folder.appendingPathComponent("Ring.swift")
        try Data("mine\n".utf8).write(to: out)
        let refused = try FXProcess.run(["export", "spinner-ring", "--to", "swift", "--out", out.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssert(refused.stderr.contains("already exists"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "mine\n")
        let forced = try FXProcess.run(["export", "spinner-ring", "--to", "swift", "--out", out.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(try String(contentsOf: out, encoding: .utf8), "mine\n")
    }

    /// docs/exporting.md's key table is the registry's (tools/docs --sync writes it), and
    /// lists every key.
    func testTheDocsKeyTableIsCurrent() throws {
        let path = FXProcess.packageRoot.appendingPathComponent("docs/exporting.md")
        let text = try String(contentsOf: path, encoding: .utf8)
        XCTAssertEqual(ExportKeyTable.updatingTables(in: text), text, "docs/exporting.md's key table is stale: run tools/docs --sync")
        for key in [EmitterCellKeys.birthRate, EmitterCellKeys.linearDamping, EmitterLayerKeys.prewarm, ReplicatorLayerKeys.instanceCount] {
            XCTAssert(text.contains("| `\(key.name)` | \(key.owner.rawValue) |"), "no row for \(key)")
        }
    }
}
