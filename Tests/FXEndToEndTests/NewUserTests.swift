import FXCore
import Foundation
import XCTest

/// What a new user met trying fx (issue 32's list), each through the real binary: the moment
/// render, hash and inspect show by default, a render with no particle in it, other engines' key
/// names, the `"$schema"` an installed fx writes, a type error's one message, `fx list`'s
/// descriptions, the binary tools/fx runs while a build goes on, and the messages for a
/// negative time, a zero frame rate and a missing file.
final class NewUserTests: XCTestCase {
    /// A one-shot burst: 20 particles born at 0 that live 1.5 s, best seen at 0.5 s.
    private let oneShot = """
        {"fx": 1, "name": "pop", "duration": 3, "previewTime": 0.5, "canvas": {"size": [200, 200]},
         "layers": [{"type": "emitter", "name": "pop", "emitterPosition": [100, 100],
                     "emitterCells": [{"name": "bit", "contents": "circle", "burstCount": 20, "lifetime": 1.5,
                                       "velocity": 40, "scale": 0.1}]}]}
        """

    private func write(_ text: String, as name: String, in directory: URL = FXProcess.temporaryDirectory()) throws -> URL {
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    private func hash(_ arguments: [String]) throws -> String {
        let result = try FXProcess.run(["hash"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    // MARK: - The moment shown by default, and a frame with no particle

    func testRenderHashAndInspectDefaultToThePreviewTime() throws {
        let file = try write(oneShot, as: "pop.json")
        XCTAssertEqual(try hash([file.path]), try hash([file.path, "--time", "0.5"]), "fx hash defaults to previewTime")
        XCTAssertNotEqual(try hash([file.path]), try hash([file.path, "--time", "2"]))
        let inspected = try FXProcess.run(["inspect", file.path])
        XCTAssertEqual(inspected.status, 0, inspected.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(inspected.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["time"] as? Double, 0.5)
        let cell = try XCTUnwrap(((report["layers"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])?.first)
        XCTAssertEqual(cell["alive"] as? Double, 20)
        // Without previewTime: half the duration.
        let plain = try write(oneShot.replacingOccurrences(of: "\"previewTime\": 0.5, ", with: ""), as: "plain.json")
        XCTAssertEqual(try hash([plain.path]), try hash([plain.path, "--time", "1.5"]))
        // The PNG of the default render is the one at previewTime, and says nothing on stderr.
        let directory = file.deletingLastPathComponent()
        let byDefault = try FXProcess.run(["render", file.path, "--out", "a.png"], in: directory)
        XCTAssertEqual(byDefault.status, 0, byDefault.stderr)
        XCTAssertEqual(byDefault.stderr, "")
        XCTAssertEqual(try FXProcess.run(["render", file.path, "--time", "0.5", "--out", "b.png"], in: directory).status, 0)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("a.png")),
                       try Data(contentsOf: directory.appendingPathComponent("b.png")))
    }

    func testRenderAndRecordWarnWhenNoParticleIsDrawn() throws {
        let file = try write(oneShot, as: "pop.json")
        let directory = file.deletingLastPathComponent()
        let late = try FXProcess.run(["render", file.path, "--time", "2", "--out", "late.png"], in: directory)
        XCTAssertEqual(late.status, 0, late.stderr)
        XCTAssertTrue(late.stderr.contains("fx: warning: the effect has emitters, but no particle is alive at 2 s"), late.stderr)
        XCTAssertTrue(late.stderr.contains("try --time 0.5"), late.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("late.png").path))
        // A recording in which particles show says nothing; one with none in any frame warns.
        let shown = try FXProcess.run(["record", file.path, "--seconds", "0.3", "--fps", "10", "--quiet", "--out", "shown/"], in: directory)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertFalse(shown.stderr.contains("no particle"), shown.stderr)
        let empty = try write(oneShot.replacingOccurrences(of: "\"burstCount\": 20", with: "\"birthRate\": 0"), as: "empty.json")
        let none = try FXProcess.run(["record", empty.path, "--seconds", "0.3", "--fps", "10", "--quiet", "--out", "none/"], in: directory)
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertTrue(none.stderr.contains("no particle is alive in any recorded frame (0 to 0.2 s)"), none.stderr)
        // An effect with no emitter draws no particle by design: no warning.
        let still = try FXProcess.run(["render", "basic-animation", "--out", "still.png"], in: directory)
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertFalse(still.stderr.contains("no particle"), still.stderr)
    }

    // MARK: - Other engines' names

    func testOtherEnginesNamesGetTheCoreAnimationKey() throws {
        let directory = FXProcess.temporaryDirectory()
        let cases: [(String, String)] = [
            ("gravity", "yAcceleration"), ("emissionRate", "birthRate"), ("startColor", "color"), ("startSize", "scale"),
            ("startSpeed", "velocity"), ("lifespan", "lifetime"), ("angle", "emissionLongitude"), ("direction", "emissionLongitude"),
            ("spread", "emissionRange"), ("angularVelocity", "spin"), ("amount", "birthRate"), ("initial_velocity", "velocity"),
            ("texture", "contents"), ("endSize", "endScale"), ("damping", "linearDamping"),
        ]
        for (name, key) in cases {
            let value = name == "startColor" ? "\"red\"" : name == "texture" ? "\"circle\"" : "1"
            let file = try write("""
                {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 10, "lifetime": 1, "\(name)": \(value)}]}]}
                """, as: "\(name).json", in: directory)
            let result = try FXProcess.run(["validate", file.path])
            XCTAssertEqual(result.status, 1, result.stdout)
            XCTAssertTrue(result.stdout.contains("unknown key \"\(name)\" in an emitter cell; did you mean \"\(key)\"?"), "\(name): \(result.stdout)")
            XCTAssertFalse(result.stdout.contains("accepts:"), "\(name): the list of every key instead of a suggestion: \(result.stdout)")
        }
        // A cell's key written on the layer, and a layer's on a cell, say where the key goes.
        let misplaced = try write("""
            {"fx": 1, "layers": [{"type": "emitter", "gravity": 98, "emitterCells": [{"birthRate": 10, "lifetime": 1, "maxParticles": 50}]}]}
            """, as: "misplaced.json", in: directory)
        let result = try FXProcess.run(["validate", misplaced.path])
        XCTAssertTrue(result.stdout.contains("\"gravity\" (as Godot, Unity, Particle Designer, LÖVE, pixi-particles and canvas-confetti call it) is \"yAcceleration\", a key of an emitter cell"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\"maxParticles\" is a key of an emitter layer or the effect (the file's top level), not of an emitter cell"), result.stdout)
        // A typo still gets the nearest key.
        let typo = try write(#"{"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRat": 10}]}]}"#, as: "typo.json", in: directory)
        XCTAssertTrue(try FXProcess.run(["validate", typo.path]).stdout.contains("did you mean \"birthRate\"?"))
    }

    /// `fx set` (and the panel's key paths) answer another engine's name with the key too.
    func testFxSetSuggestsTheCoreAnimationKeyForAnotherEnginesName() throws {
        let directory = FXProcess.temporaryDirectory()
        XCTAssertEqual(try FXProcess.run(["new", "sparks"], in: directory).status, 0)
        let before = try Data(contentsOf: directory.appendingPathComponent("sparks.json"))
        let result = try FXProcess.run(["set", "sparks.json", "emitter.emitterCells.spark.gravity", "98"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("did you mean \"emitter.emitterCells.spark.yAcceleration\"? fx uses Core Animation's names: \"gravity\" is \"yAcceleration\" here"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("sparks.json")), before)
    }

    func testACellSpeedWithoutVelocityIsCalledOut() throws {
        let file = try write("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 10, "lifetime": 1, "speed": 200}]}]}
            """, as: "speed.json")
        let result = try FXProcess.run(["validate", file.path])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("speed 200 runs the cell's time 200× as fast"), result.stdout)
        XCTAssertTrue(result.stdout.contains("write \"velocity\": 200 instead"), result.stdout)
    }

    // MARK: - A type error reports itself only

    func testATypeErrorDoesNotCascade() throws {
        let file = try write("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 10, "lifetime": "long"}]}]}
            """, as: "long.json")
        let result = try FXProcess.run(["validate", file.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("$.layers[0].emitterCells[0].lifetime: expected"), result.stdout)
        XCTAssertFalse(result.stdout.contains("never appear"), result.stdout)
        XCTAssertFalse(result.stdout.contains("warning"), result.stdout)
        XCTAssertTrue(result.stdout.contains("long.json: 1 error"), result.stdout)
        // The lint itself still speaks when lifetime is really 0.
        let zero = try write("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 10, "lifetime": 0}]}]}
            """, as: "zero.json")
        XCTAssertTrue(try FXProcess.run(["validate", zero.path]).stdout.contains("never appear"))
        // A wrong end color is not also "endRedRange spreads endColor, but the cell has none".
        let end = try write("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 10, "lifetime": 1, "endColor": "bluu", "endRedRange": 0.2}]}]}
            """, as: "end.json")
        let endResult = try FXProcess.run(["validate", end.path])
        XCTAssertFalse(endResult.stdout.contains("spreads"), endResult.stdout)
        XCTAssertTrue(endResult.stdout.contains("end.json: 1 error"), endResult.stdout)
    }

    // MARK: - fx list

    func testFxListNamesSeedsByTheirSubject() throws {
        let result = try FXProcess.run(["list"], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let fileName = try NSRegularExpression(pattern: "[0-9]{3}_[0-9a-f]{16}")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for line in lines {
            XCTAssertNil(fileName.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "a seed's file name: \(line)")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("preloader ") && $0.contains("(seed 0, the Preloader write-up)") }, result.stdout)
    }

    // MARK: - Messages for wrong arguments

    func testNegativeTimeZeroFpsAndAMissingFileSayWhatToDo() throws {
        let directory = FXProcess.temporaryDirectory()
        for command in [["render", "fire", "--out", "x.png"], ["hash", "fire"], ["inspect", "fire"]] {
            let result = try FXProcess.run(command + ["--time", "-1"], in: directory)
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.contains("--time must be a number of seconds in 0…86400, got -1"), "\(command): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("Missing value"), result.stderr)
        }
        let fps = try FXProcess.run(["record", "fire", "--fps", "0", "--out", "x.gif"], in: directory)
        XCTAssertEqual(fps.status, 64, fps.stderr)
        XCTAssertTrue(fps.stderr.contains("--fps must be more than 0 and at most 240 frames per second, got 0"), fps.stderr)
        XCTAssertFalse(fps.stderr.contains("0…240"), fps.stderr)

        let missing = try FXProcess.run(["render", "confeti.json", "--out", "x.png"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("the file \"confeti.json\" does not exist; did you mean the effect \"confetti\""), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("fx list shows the effects by name, and fx new confeti writes a new one"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains("effect file's folder"), missing.stderr)
        // An effect file read directly (as fx set reads it) is not "resolved against the effect file's folder".
        let set = try FXProcess.run(["set", "nothere.json", "layers[0].opacity", "1"], in: directory)
        XCTAssertNotEqual(set.status, 0)
        XCTAssertFalse(set.stderr.contains("effect file's folder"), set.stderr)
    }

    // MARK: - The schema an installed fx writes

    func testAnInstalledFxWritesASchemaThatResolves() throws {
        let shared = FXProcess.packageRoot.appendingPathComponent(".build/fx-bin/fx").path
        guard ProcessInfo.processInfo.environment["FX_BINARY"] == shared else {
            if FXProcess.isComplete { XCTFail("FX_BINARY is not the published build \(shared)") }
            throw XCTSkip("runs under tools/test, after the shared build")
        }
        let prefix = FXProcess.temporaryDirectory().appendingPathComponent("prefix")
        let install = try FXProcess.run([prefix.path], environment: ["FX_NO_BUILD": "1"],
                                        executable: FXProcess.packageRoot.appendingPathComponent("tools/install").path)
        XCTAssertEqual(install.status, 0, install.stderr)
        defer { _ = try? FXProcess.run(["--uninstall", prefix.path], executable: FXProcess.packageRoot.appendingPathComponent("tools/install").path) }
        let fx = prefix.appendingPathComponent("bin/fx").path
        let installedSchema = prefix.appendingPathComponent("lib/fx/schema/\(EffectSchema.fileName)")
        let printed = try FXProcess.run(["schema"], executable: fx)
        XCTAssertEqual(try String(contentsOf: installedSchema, encoding: .utf8), printed.stdout, "the installed schema is fx schema's")

        // A folder outside any checkout: the installed schema, by file URL.
        let elsewhere = FXProcess.temporaryDirectory()
        let made = try FXProcess.run(["new", "sparkles"], in: elsewhere, executable: fx)
        XCTAssertEqual(made.status, 0, made.stderr)
        let effect = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: elsewhere.appendingPathComponent("sparkles.json"))) as? [String: Any])
        let schema = try XCTUnwrap(effect["$schema"] as? String)
        XCTAssertEqual(schema, installedSchema.standardizedFileURL.resolvingSymlinksInPath().absoluteString)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try XCTUnwrap(URL(string: schema)).path), schema)
        // The note names the installed reference, which exists, not the checkout's docs/ path.
        let note = try XCTUnwrap(effect["//"] as? String)
        let reference = prefix.appendingPathComponent("lib/fx/docs/effect-format.md").resolvingSymlinksInPath().path
        XCTAssertTrue(note.contains(reference), note)
        XCTAssertTrue(FileManager.default.fileExists(atPath: reference))
        XCTAssertEqual(try FXProcess.run(["validate", "sparkles.json"], in: elsewhere, executable: fx).status, 0)

        // fx import writes the same reference.
        let source = FXProcess.packageRoot.appendingPathComponent("Examples/imports/campfire.plist").path
        let imported = try FXProcess.run(["import", source, "--out", "campfire.json"], in: elsewhere, executable: fx)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let importedEffect = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: elsewhere.appendingPathComponent("campfire.json"))) as? [String: Any])
        XCTAssertEqual(importedEffect["$schema"] as? String, schema)

        // A folder under one holding schema/ (a project with the schema, a checkout): a relative path.
        let project = FXProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: project.appendingPathComponent("schema"), withIntermediateDirectories: true)
        try printed.stdout.write(to: project.appendingPathComponent("schema/\(EffectSchema.fileName)"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("effects"), withIntermediateDirectories: true)
        XCTAssertEqual(try FXProcess.run(["new", "effects/rain"], in: project, executable: fx).status, 0)
        let rain = try String(contentsOf: project.appendingPathComponent("effects/rain.json"), encoding: .utf8)
        XCTAssertTrue(rain.contains("\"$schema\": \"../schema/\(EffectSchema.fileName)\""), rain)
    }

    // MARK: - The binary tools/fx runs

    /// tools/lib/build.sh's fx_publish, run over and over as builds do, while fx-bin/fx is run
    /// as fast as possible: it is never missing, and old copies do not pile up.
    func testThePublishedBinaryIsNeverMissingWhileABuildPublishes() throws {
        let root = FXProcess.temporaryDirectory()
        let output = root.appendingPathComponent(".build/release")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("fx_FXEffects.resources"), withIntermediateDirectories: true)
        try "#!/bin/sh\necho ran\n".write(to: output.appendingPathComponent("fx"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: output.appendingPathComponent("fx").path)
        let build = FXProcess.packageRoot.appendingPathComponent("tools/lib/build.sh").path
        let script = """
            set -euo pipefail
            root="$1"
            source "\(build)"
            fx_publish
            [ "$(fx_binary)" = "$root/.build/fx-bin/fx" ]
            ( for i in $(seq 40); do fx_publish; done ) &
            publisher=$!
            runs=0 failures=0
            while kill -0 "$publisher" 2>/dev/null; do
              if [ "$("$root/.build/fx-bin/fx" 2>/dev/null)" = ran ]; then runs=$((runs + 1)); else failures=$((failures + 1)); fi
            done
            wait "$publisher"
            [ -d "$root/.build/fx-bin/fx_FXEffects.resources" ]
            echo "$runs $failures $(find "$root/.build" -maxdepth 1 -name 'fx-bin.*' -type d | wc -l)"
            """
        let result = try FXProcess.run(["-c", script, "publish", root.path], executable: "/bin/bash")
        XCTAssertEqual(result.status, 0, result.stderr)
        let numbers = result.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 3, result.stdout)
        XCTAssertGreaterThan(numbers.first ?? 0, 0, "fx-bin/fx never ran")
        XCTAssertEqual(numbers.dropFirst().first, 0, "fx-bin/fx was missing \(numbers.dropFirst().first ?? -1) times")
        XCTAssertEqual(numbers.last, 3, "the published copies kept")
    }
}
