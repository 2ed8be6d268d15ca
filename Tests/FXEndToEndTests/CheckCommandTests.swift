import Foundation
import XCTest

/// `fx check`, the CI command: every effect's declared moments rendered in one process and
/// compared with an expectations file, with a JUnit report and difference pictures.
final class CheckCommandTests: XCTestCase {
    /// The PNG files in `folder`, sorted.
    private func pngs(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// The "done when": the shipped effects, `--update` then a check: exit 0; one
    /// effect's value changed: exit 1, a JUnit report naming it, and three PNGs in the diff folder.
    func testUpdateThenCheckPassesAndAChangedValueFailsWithAReportAndThreePictures() throws {
        let folder = FXProcess.temporaryDirectory()
        let shipped = FXProcess.packageRoot.appendingPathComponent("effects")
        let environment: [String: String?] = ["FX_EFFECTS_PATH": nil, "FX_REDUCED_MOTION": nil]
        // --update keeps each frame beside the expectations file, for --diff-dir's expected picture.
        let updated = try FXProcess.run(["check", "--update"], environment: environment, in: folder)
        XCTAssertEqual(updated.status, 0, updated.stderr + updated.stdout)
        XCTAssertTrue(updated.stdout.contains("wrote the hashes of"), updated.stdout)
        let text = try String(contentsOf: folder.appendingPathComponent("fx-check.json"), encoding: .utf8)
        let effectCount = try FileManager.default.contentsOfDirectory(atPath: shipped.path).filter { $0.hasSuffix(".json") }.count
        // fire's previewTime is 3: one line for that moment, naming its reference frame.
        XCTAssertTrue(text.contains("      \"3\": {\"simulation\": \""), text)
        XCTAssertTrue(text.contains("\"reference\": \"fx-check-frames/fire@3.png\""), text)
        XCTAssertEqual(pngs(in: folder.appendingPathComponent("fx-check-frames")).count, effectCount)
        // The fire hashes are `fx hash fire`'s.
        let hash = try FXProcess.run(["hash", "fire"], environment: environment, in: folder)
        let hashLine = hash.stdout.trimmingCharacters(in: .newlines).split(separator: " ")
        XCTAssertTrue(text.contains("\"3\": {\"simulation\": \"\(hashLine[1])\", \"image\": \"\(hashLine[3])\""), text)

        let passed = try FXProcess.run(["check", "--junit", "report.xml"], environment: environment, in: folder)
        XCTAssertEqual(passed.status, 0, passed.stdout + passed.stderr)
        XCTAssertTrue(passed.stdout.contains("moments of \(effectCount) effects") && passed.stdout.contains("match fx-check.json"), passed.stdout)
        let cleanReport = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertTrue(cleanReport.contains("failures=\"0\" errors=\"0\""), cleanReport)

        // ./effects/fire.json (found before the shipped one) with a flame born faster.
        let effects = folder.appendingPathComponent("effects")
        try FileManager.default.createDirectory(at: effects, withIntermediateDirectories: true)
        let fire = try String(contentsOf: shipped.appendingPathComponent("fire.json"), encoding: .utf8)
        XCTAssertTrue(fire.contains("\"birthRate\": 170"))
        try fire.replacingOccurrences(of: "\"birthRate\": 170", with: "\"birthRate\": 171")
            .write(to: effects.appendingPathComponent("fire.json"), atomically: true, encoding: .utf8)
        let failed = try FXProcess.run(["check", "--junit", "report.xml", "--diff-dir", "diff"], environment: environment, in: folder)
        XCTAssertEqual(failed.status, 1, failed.stdout + failed.stderr)
        XCTAssertTrue(failed.stdout.contains("FAIL fire at 3 s: the hashes differ from fx-check.json"), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("simulation expected "), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("fx check: 1 of "), failed.stdout)
        XCTAssertEqual(pngs(in: folder.appendingPathComponent("diff")), ["fire@3-actual.png", "fire@3-difference.png", "fire@3-expected.png"])
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("<?xml"), report)
        XCTAssertTrue(report.contains("<testsuite name=\"fire\" tests=\"1\" failures=\"1\""), report)
        XCTAssertTrue(report.contains("<testcase classname=\"fire\" name=\"fire at 3 s\""), report)
        XCTAssertTrue(report.contains("<failure message=\"fire at 3 s: the hashes differ from fx-check.json\">"), report)
        XCTAssertEqual(report.components(separatedBy: "<failure ").count, 2, "one failure:\n\(report)")
        // The report is well-formed XML.
        let parser = Process()
        parser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        parser.arguments = ["python3", "-c", "import sys, xml.etree.ElementTree as tree; tree.parse(sys.argv[1])",
                            folder.appendingPathComponent("report.xml").path]
        try parser.run()
        parser.waitUntilExit()
        XCTAssertEqual(parser.terminationStatus, 0, "report.xml is not well-formed XML")
    }

    /// `checkTimes` adds moments to `previewTime`; each moment's hashes are `fx hash`'s at that
    /// time; a moment the file lacks, or one it has that is no longer checked, fails.
    func testCheckTimesAreCheckedAndAMissingOrStaleMomentFails() throws {
        let folder = FXProcess.temporaryDirectory()
        func write(checkTimes: String) throws {
            try """
            {"fx": 1, "duration": 4, "previewTime": 1, "checkTimes": \(checkTimes),
             "layers": [{"type": "emitter", "emitterPosition": [400, 300],
                         "emitterCells": [{"contents": "spark", "birthRate": 80, "lifetime": 2, "velocity": 90, "emissionRange": 6.28}]}]}
            """.write(to: folder.appendingPathComponent("sparks.json"), atomically: true, encoding: .utf8)
        }
        try write(checkTimes: "[2.5, 0.5]")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        // Hashes alone (--no-references): no frames kept.
        let made = try FXProcess.run(["check", "sparks.json", "--update", "--no-references", "--expect", "out/expect.json"], in: folder)
        XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("out/expect.json"), encoding: .utf8)
        var lines: [String] = [], simulationAt1 = ""
        for time in ["0.5", "1", "2.5"] {
            let hash = try FXProcess.run(["hash", "sparks.json", "--time", time], in: folder)
            let fields = hash.stdout.trimmingCharacters(in: .newlines).split(separator: " ")
            if time == "1" { simulationAt1 = String(fields[1]) }
            lines.append("      \"\(time)\": {\"simulation\": \"\(fields[1])\", \"image\": \"\(fields[3])\"}")
        }
        XCTAssertEqual(text, "{\n  \"fx-check\": 1,\n  \"effects\": {\n    \"sparks\": {\n" + lines.joined(separator: ",\n") + "\n    }\n  }\n}\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/expect-frames").path))
        XCTAssertEqual(try FXProcess.run(["check", "sparks.json", "--expect", "out/expect.json"], in: folder).status, 0)

        try write(checkTimes: "[0.5, 3]")
        let changed = try FXProcess.run(["check", "sparks.json", "--expect", "out/expect.json", "--junit", "report.xml"], in: folder)
        XCTAssertEqual(changed.status, 1, changed.stdout)
        XCTAssertTrue(changed.stdout.contains("FAIL sparks at 3 s: no expectation in out/expect.json"), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("FAIL sparks at 2.5 s: out/expect.json expects this moment, which is no longer checked"), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("fx check: 2 of 4 moments of 1 effect"), changed.stdout)
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertEqual(report.components(separatedBy: "<failure ").count, 3, report)
        // A mismatch without reference frames says how to keep them.
        try write(checkTimes: "[0.5, 2.5]")
        let wrong = (simulationAt1.hasPrefix("0") ? "1" : "0") + simulationAt1.dropFirst()
        try text.replacingOccurrences(of: simulationAt1, with: wrong)
            .write(to: folder.appendingPathComponent("out/expect.json"), atomically: true, encoding: .utf8)
        let differs = try FXProcess.run(["check", "sparks.json", "--expect", "out/expect.json", "--diff-dir", "diff"], in: folder)
        XCTAssertEqual(differs.status, 1, differs.stdout + differs.stderr)
        XCTAssertTrue(differs.stdout.contains("FAIL sparks at 1 s"), differs.stdout)
        XCTAssertTrue(differs.stdout.contains("no reference frame is kept for this moment"), differs.stdout)
        XCTAssertEqual(pngs(in: folder.appendingPathComponent("diff")), ["sparks@1-actual.png"])

        // --seed and --times are kept in the file and used by a check without them.
        let seeded = try FXProcess.run(["check", "sparks.json", "--expect", "seeded.json", "--update", "--seed", "7", "--times", "1,2"], in: folder)
        XCTAssertEqual(seeded.status, 0, seeded.stdout + seeded.stderr)
        let seededText = try String(contentsOf: folder.appendingPathComponent("seeded.json"), encoding: .utf8)
        XCTAssertTrue(seededText.contains("\"seed\": 7,\n  \"times\": [1, 2],"), seededText)
        let hashAt2 = try FXProcess.run(["hash", "sparks.json", "--time", "2", "--seed", "7"], in: folder).stdout.split(separator: " ")
        XCTAssertTrue(seededText.contains("\"2\": {\"simulation\": \"\(hashAt2[1])\""), seededText)
        XCTAssertEqual(try FXProcess.run(["check", "sparks.json", "--expect", "seeded.json"], in: folder).status, 0)
        let otherSeed = try FXProcess.run(["check", "sparks.json", "--expect", "seeded.json", "--seed", "3"], in: folder)
        XCTAssertEqual(otherSeed.status, 1)
        XCTAssertTrue(otherSeed.stderr.contains("seeded.json holds hashes made with --seed 7 and --times 1,2"), otherSeed.stderr)
    }

    /// A bad expectations file, a missing one, an unknown effect and an effect that does not
    /// load are each said clearly: the file, the place, what is wrong.
    func testBadInputIsAClearError() throws {
        let folder = FXProcess.temporaryDirectory()
        let cases: [(json: String, says: [String])] = [
            ("{\"fx-check\": 1, \"effects\": {\"fire\": {\"3\": {\"simulation\": 12, \"image\": \"00\"}}}}",
             ["bad.json:1:", "$.effects.fire[\"3\"].simulation: expected a string, found a number", "fx check --update"]),
            ("{\"fx-check\": 1, \"effects\": {\"fire\": {\"soon\": {}}}}", ["$.effects.fire[\"soon\"]: \"soon\" is not a time in seconds"]),
            ("{\"fx-check\": 2, \"effects\": {}}", ["$.fx-check: expected 1"]),
            ("{\"effects\": {}}", ["missing \"fx-check\": 1"]),
            ("{\"fx-check\": 1, \"effects\": {\"fire\": {\"3\": {\"simulation\": \"zz\", \"image\": \"0123456789abcdef\"}}}}",
             ["expected 16 hex digits"]),
            ("{\"fx-check\": 1,\n \"effects\": {\"fire\": ", ["bad.json:2:"]),
            ("[]", ["$: expected an object"]),
            ("{\"fx-check\": 1, \"effects\": {}, \"extra\": true}", ["unknown key \"extra\""]),
        ]
        for (json, says) in cases {
            try json.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
            let result = try FXProcess.run(["check", "fire", "--expect", "bad.json"], in: folder)
            XCTAssertEqual(result.status, 1, json)
            for phrase in says {
                XCTAssertTrue(result.stderr.contains(phrase), "\(phrase) not in:\n\(result.stderr)\nfor \(json)")
            }
            XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
        }
        let missing = try FXProcess.run(["check", "fire"], in: folder)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("there is no expectations file fx-check.json; make it with `fx check --update`"), missing.stderr)

        for (arguments, says) in [(["--no-references"], "give them with --update"), (["--references", "frames"], "give them with --update"),
                                  (["--update", "--references", "frames", "--no-references"], "give one of them")] {
            let refused = try FXProcess.run(["check", "fire"] + arguments, in: folder)
            XCTAssertNotEqual(refused.status, 0, arguments.joined(separator: " "))
            XCTAssertTrue(refused.stderr.contains(says), refused.stderr)
        }

        let unknown = try FXProcess.run(["check", "fier", "--update"], in: folder)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no effect named \"fier\""), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("fire"), "the closest name is suggested: \(unknown.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("fx-check.json").path))

        // A folder with an effect that does not load: that effect fails, named, the other passes.
        let effects = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: effects, withIntermediateDirectories: true)
        try "{\"fx\": 1, \"layers\": []}".write(to: effects.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        try "{\"fx\": 1, \"layers\": [{\"type\": \"emitter\", \"opacity\": \"high\"}]}".write(to: effects.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let mixed = try FXProcess.run(["check", "mine", "--update", "--junit", "report.xml"], in: folder)
        XCTAssertEqual(mixed.status, 1, mixed.stdout)
        XCTAssertTrue(mixed.stdout.contains("FAIL broken: the effect does not load: "), mixed.stdout)
        XCTAssertTrue(mixed.stdout.contains("opacity"), mixed.stdout)
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertTrue(report.contains("<error message=\"broken: the effect does not load: "), report)
        let written = try String(contentsOf: folder.appendingPathComponent("fx-check.json"), encoding: .utf8)
        XCTAssertTrue(written.contains("\"good\": {") && !written.contains("broken"), written)
        let empty = FXProcess.temporaryDirectory()
        let none = try FXProcess.run(["check", empty.path, "--update"], in: folder)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("has no *.json effect file"), none.stderr)
    }
}
