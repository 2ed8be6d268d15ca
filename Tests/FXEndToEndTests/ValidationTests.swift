import FXCore
import Foundation
import XCTest

/// `fx validate`, the JSON Schema and the hostile corpus.
final class ValidationTests: XCTestCase {
    var effectsDirectory: URL { FXProcess.packageRoot.appendingPathComponent("effects") }

    func testTheShippedEffectsValidateCleanly() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: effectsDirectory.path).filter { $0.hasSuffix(".json") }.sorted()
        let result = try FXProcess.run(["validate"] + files.map { effectsDirectory.appendingPathComponent($0).path })
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, files.count, "only one ok line per file, no warnings:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(": ok") }, result.stdout)
    }

    func testValidateReportsEveryErrorAndTheSuspiciousValues() throws {
        let directory = FXProcess.temporaryDirectory()
        let broken = directory.appendingPathComponent("broken.json"), odd = directory.appendingPathComponent("odd.json")
        try #"{"fx": 1, "layers": [{"type": "emitter", "emitterShape": "circel", "emitterCells": [{"birthrate": 3, "contents": "sparkel"}]}]}"#
            .write(to: broken, atomically: true, encoding: .utf8)
        try """
            {"fx": 1, "canvas": {"size": [200, 200]}, "layers": [{"type": "emitter", "emitterPosition": [5000, 5000], "emitterCells": [
              {"name": "far", "birthRate": 5, "lifetime": 1, "velocity": 10, "contents": "circle"}]},
              {"type": "emitter", "emitterPosition": [100, 100], "emitterCells": [
              {"name": "ghost", "birthRate": 5, "lifetime": 1, "color": [1, 1, 1, 0], "contents": "circle"},
              {"name": "flash", "birthRate": 5, "lifetime": 1, "alphaSpeed": -500, "contents": "circle"},
              {"name": "never", "birthRate": 5, "contents": "circle"}]}]}
            """.write(to: odd, atomically: true, encoding: .utf8)
        let result = try FXProcess.run(["validate", broken.path, odd.path])
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("broken.json:1:58: error: $.layers[0].emitterShape") && $0.contains("did you mean \"circle\"?") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("unknown key \"birthrate\"") && $0.contains("did you mean \"birthRate\"?") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("\"sparkel\"") && $0.contains("did you mean \"spark\"?") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasSuffix("broken.json: 3 errors") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("odd.json:2:3: warning: $.layers[0].emitterCells[0]: the emitter is") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("odd.json:4:61: warning: $.layers[1].emitterCells[0].color: particles are born with alpha 0") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("$.layers[1].emitterCells[1].alphaSpeed: alphaSpeed -500") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("$.layers[1].emitterCells[2].birthRate") && $0.contains("lifetime 0") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasSuffix("odd.json: ok, 4 warnings") }, result.stdout)
    }

    func testTheShippedSchemaIsTheGeneratedOneAndCoversEveryKey() throws {
        XCTAssertEqual(EffectSchema.untypedKeys, [], "keys the decoder accepts with no type in the schema")
        let shipped = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("schema/\(EffectSchema.fileName)"), encoding: .utf8)
        XCTAssertEqual(shipped, EffectSchema.json(), "schema/\(EffectSchema.fileName) is stale: regenerate it with `fx schema`")
        let printed = try FXProcess.run(["schema"])
        XCTAssertEqual(printed.stdout, shipped)
    }

    func testAJSONSchemaValidatorAcceptsEveryShippedEffectAndRejectsMistakes() throws {
        let script = """
            import glob, json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1]))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema)
            files = sorted(glob.glob(sys.argv[2] + "/*.json"))
            bad = [f for f in files if list(validator.iter_errors(json.load(open(f))))]
            effect = json.load(open(files[0]))
            effect["layrs"] = []
            wrong_type = {"fx": 1, "layers": [{"type": "text", "path": "M 0 0", "instanceCount": 3}]}
            plain = {"fx": 1, "layers": [{"position": [1, 2], "emitterCells": []}]}
            rejected = bool(list(validator.iter_errors(effect))) and bool(list(validator.iter_errors(wrong_type))) \
                and bool(list(validator.iter_errors(plain)))
            print(len(files), len(bad), rejected)
            """
        let result = try FXProcess.run(["python3", "-c", script, FXProcess.packageRoot.appendingPathComponent("schema/\(EffectSchema.fileName)").path,
                                        effectsDirectory.path], executable: "/usr/bin/env")
        if result.stderr.contains("No module named 'jsonschema'") {
            if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" { return XCTFail("jsonschema is missing; tools/test installs it") }
            throw XCTSkip("the Python package jsonschema is not installed")
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        let fields = result.stdout.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard fields.count == 3 else { return XCTFail("unexpected output: \(result.stdout)") }
        XCTAssertGreaterThan(Int(fields[0]) ?? 0, 20)
        XCTAssertEqual(fields[1], "0", "shipped effects the schema rejects")
        XCTAssertEqual(fields[2], "True", "the schema accepted a misspelled key, or a key of another layer type")
    }

    /// A directory, a FIFO or a device where a file is expected — on the command line or named
    /// inside an effect — is an error naming it (file:line:column and JSON path inside an
    /// effect), from every command: never a crash, never a blocked read.
    func testPathsThatAreNotFilesAreClearErrorsFromEveryCommand() throws {
        let directory = FXProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("effect-pipe.json").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let effect = directory.appendingPathComponent("folder-texture.json")
        try #"{"fx": 1, "textures": {"b": "/tmp"}, "layers": [{"type": "emitter", "emitterCells": [{"contents": "b", "birthRate": 1}]}]}"#
            .write(to: effect, atomically: true, encoding: .utf8)
        let cases: [(argument: String, expected: String)] = [
            (effect.path, "folder-texture.json:1:99: error: $.layers[0].emitterCells[0].contents: texture \"b\" cannot be used: /tmp: is a directory, not a file; name a file"),
            (directory.path + "/", "error: is a directory, not a file"),
            (fifo, "error: is a FIFO (named pipe), not a regular file"),
            ("/dev/null", "error: is a character device, not a regular file"),
        ]
        for (argument, expected) in cases {
            for command in [["validate"], ["hash", "--time", "0.1"], ["render", "--time", "0.1", "--out", directory.appendingPathComponent("x.png").path],
                            ["inspect", "--time", "0.1"]] {
                let result = try FXProcess.run(Array(command.prefix(1)) + [argument] + command.dropFirst())
                XCTAssertEqual(result.status, 1, "\(command) \(argument): \(result.stderr)")
                XCTAssertTrue((result.stdout + result.stderr).contains(expected), "\(command) \(argument):\n\(result.stdout)\(result.stderr)")
            }
        }
    }

    func testEveryHostileFileGivesAClearErrorOrABoundedRun() throws {
        let corpus = FXProcess.packageRoot.appendingPathComponent("Tests/Corpus/hostile")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 15)
        for file in files {
            let path = corpus.appendingPathComponent(file).path
            let validation = try FXProcess.run(["validate", path])
            XCTAssertTrue(validation.status == 0 || validation.status == 1, "\(file): exit \(validation.status)\n\(validation.stderr)")
            XCTAssertFalse((validation.stdout + validation.stderr).contains("Fatal error"), file)
            if validation.status == 1 {
                XCTAssertTrue(validation.stdout.contains(": error: "), "\(file) failed without an error message:\n\(validation.stdout)")
                XCTAssertLessThan(validation.stdout.count, 40_000, "\(file): the messages are not bounded")
                continue
            }
            // A file that loads runs within its limits.
            let run = try FXProcess.run(["hash", path, "--time", "0.5"])
            XCTAssertEqual(run.status, 0, "\(file): \(run.stderr)")
        }
    }
}
