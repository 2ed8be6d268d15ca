import Foundation
import XCTest

/// `fx import` of SpriteKit particle files (`.sks`), judged by SpriteKit's own rules as Apple's
/// SKEmitterNode documentation states them: a particle lives `particleLifetime` ±
/// `particleLifetimeRange` / 2 (uniform), leaves at `particleSpeed` in the direction
/// `emissionAngle` (radians, counterclockwise, y up) ± `emissionAngleRange` / 2, accelerates by
/// (xAcceleration, yAcceleration) in points per second², and the emitter stops after
/// `numParticlesToEmit` particles. So at time t after the start, with birth rate r: alive =
/// r ∫₀ᵗ P(life > s) ds (r · min(t, L) for a fixed life), and the mean position of the living is
/// the emitter plus v · E[age] · direction + a · E[age²] / 2 — y up in SpriteKit, so an emission
/// angle of π/2 moves particles toward −y on fx's screen. The `.sks` files are written by
/// tools/make-sks.py (an NSKeyedArchiver archive with SpriteKit's coder keys, as Xcode saves it);
/// the real binary imports, validates and simulates them (`fx inspect`).
final class SpriteKitImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }
    /// The canvas an imported emitter sits in the middle of (SpriteKitMapping.canvasSize).
    let centre = 300.0

    /// Writes the emitter `spec` describes (coder keys over Xcode's defaults; see
    /// tools/make-sks.py) as `name` in a new folder.
    func makeSKS(_ spec: [String: Any], name: String = "Emitter.sks", in folder: URL = FXProcess.temporaryDirectory()) throws -> URL {
        let out = folder.appendingPathComponent(name)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", FXProcess.packageRoot.appendingPathComponent("tools/make-sks.py").path, "--spec", json, "--out", out.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "tools/make-sks.py failed for \(json)")
        return out
    }

    /// Imports `source` into a new folder; returns the effect's path and the run.
    func importFile(_ source: URL, arguments: [String] = []) throws -> (URL, FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(source.deletingPathExtension().lastPathComponent.lowercased() + ".json")
        return (out, try FXProcess.run(["import", source.path, "--out", out.path] + arguments))
    }

    /// Imports `source`, checks the run, the warnings' form and `fx validate`; returns the effect.
    func importValid(_ source: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (URL, FXProcess.Result) {
        let (out, result) = try importFile(source)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        for warning in result.stderr.split(separator: "\n") where warning.contains(": warning: ") {
            XCTAssertNotNil(warning.range(of: #"^.*\.sks:1: warning: \w+: .+"#, options: .regularExpression), String(warning), file: file, line: line)
        }
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(out.path): ok", validation.stderr, file: file, line: line)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("(SpriteKit particle file .sks (Xcode's particle editor))"), text, file: file, line: line)
        return (out, result)
    }

    /// The first cell as written.
    func cell(of path: URL) throws -> [String: Any] {
        let effect = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        let layer = try XCTUnwrap((effect["layers"] as? [[String: Any]])?.first)
        return try XCTUnwrap((layer["emitterCells"] as? [[String: Any]])?.first)
    }

    /// The first layer as written.
    func layer(of path: URL) throws -> [String: Any] {
        let effect = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        return try XCTUnwrap((effect["layers"] as? [[String: Any]])?.first)
    }

    /// `fx inspect`'s first cell at `time`: alive, born, mean x, y, scale and alpha.
    func inspect(_ path: URL, at time: Double) throws -> (alive: Double, born: Double, x: Double, y: Double, scale: Double, alpha: Double) {
        let result = try FXProcess.run(["inspect", path.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let layer = try XCTUnwrap((report["layers"] as? [[String: Any]])?.first)
        let cell = try XCTUnwrap((layer["cells"] as? [[String: Any]])?.first)
        func mean(_ key: String) -> Double { ((cell[key] as? [String: Any])?["mean"] as? Double) ?? .nan }
        return (cell["alive"] as? Double ?? -1, cell["born"] as? Double ?? -1, mean("x"), mean("y"), mean("scale"), mean("alpha"))
    }

    // MARK: - The examples

    /// Every example imports without an error, validates and renders; Spark finds its image
    /// beside the file, Magic's is embedded in it, Snow's is in the asset catalog beside it.
    func testExamplesImportValidateAndRender() throws {
        for (name, texture) in [("Spark", "spark.png"), ("Magic", "texture.png"), ("Snow", "flake.png")] {
            let (out, _) = try importValid(examples.appendingPathComponent(name + ".sks"))
            let folder = out.deletingLastPathComponent()
            let written = folder.appendingPathComponent(out.deletingPathExtension().lastPathComponent + "-" + texture)
            XCTAssertTrue(FileManager.default.fileExists(atPath: written.path), "\(name): no \(written.lastPathComponent)")
            XCTAssertEqual(try cell(of: out)["contents"] as? String, "particle", name)
            let png = folder.appendingPathComponent(name + ".png")
            let render = try FXProcess.run(["render", out.path, "--time", "1", "--out", png.path])
            XCTAssertEqual(render.status, 0, "\(name): \(render.stderr)")
            XCTAssertGreaterThan((try? Data(contentsOf: png).count) ?? 0, 1000, name)
        }
    }

    /// The examples' numbers, by SpriteKit's rules. Magic: r = 90, lives 2.4 ± 0.6 s: at 6 s
    /// r · L = 216 alive. Snow: r = 40, lives 9 ± 1 s: at 4 s all 160 born are alive, and they
    /// fall (emission angle −π/2 is down the screen, +y). Spark: 300 particles at 1500 a second
    /// (0.2 s), no more.
    func testExamplesFollowSpriteKitsNumbers() throws {
        let (magic, _) = try importValid(examples.appendingPathComponent("Magic.sks"))
        let magicState = try inspect(magic, at: 6)
        XCTAssertEqual(magicState.alive, 216, accuracy: 216 * 0.12)
        let (snow, _) = try importValid(examples.appendingPathComponent("Snow.sks"))
        let snowState = try inspect(snow, at: 4)
        XCTAssertEqual(snowState.alive, 160, accuracy: 4)
        // Born at y = 400 − 300 = 100 (particlePosition y 300, up), falling at 60 pt/s for a mean 2 s.
        XCTAssertGreaterThan(snowState.y, 100 + 60)
        let (spark, _) = try importValid(examples.appendingPathComponent("Spark.sks"))
        let sparkState = try inspect(spark, at: 0.5)
        XCTAssertEqual(sparkState.born, 300, accuracy: 1)
        // Thrown up (π/2 ± 0.6) at 420 pt/s, pulled down at 600 pt/s², born evenly over 0.2 s:
        // at 0.5 s ages are uniform in 0.3…0.5 (E[age] 0.4, E[age²] 0.16333), so the mean height
        // is 420 · sin(0.6)/0.6 · 0.4 − 600 · 0.16333 / 2 = 109.1 above the emitter.
        let rise = 420 * (sin(0.6) / 0.6) * 0.4 - 600 * ((0.125 - 0.027) / 0.6) / 2
        XCTAssertEqual(sparkState.y, centre - rise, accuracy: 3, "sparks thrown up (emissionAngle π/2) are above the emitter on screen")
        XCTAssertEqual(sparkState.x, centre, accuracy: 3)
        XCTAssertEqual(try inspect(spark, at: 1.0).born, 300, accuracy: 1)
    }

    // MARK: - SpriteKit's rules against fx inspect

    /// A fixed life: alive = r · min(t, L); straight up (emissionAngle π/2) is −y on fx's screen,
    /// the mean travel v · t / 2 after t seconds of steady emission.
    func testBirthRateLifetimeAndEmissionAngleUp() throws {
        let source = try makeSKS(["_birthrate": 200, "_lifetime": 2, "_startSpeed": 100, "_emissionAngle": Double.pi / 2])
        let (out, _) = try importValid(source)
        let early = try inspect(out, at: 1)
        XCTAssertEqual(early.alive, 200, accuracy: 200 * 0.02)
        XCTAssertEqual(early.x, centre, accuracy: 0.5)
        XCTAssertEqual(early.y, centre - 100 * 1 / 2, accuracy: 2)
        XCTAssertEqual(try inspect(out, at: 3).alive, 400, accuracy: 400 * 0.02)
    }

    /// Acceleration y is up in SpriteKit: (0, −200) pulls down the screen. Emitted right
    /// (angle 0) at 100 pt/s, after 1 s of emission the mean is v · E[age] = 50 to the right and
    /// 200 · E[age²] / 2 = 100 / 3 down.
    func testAccelerationAndEmissionAngleRight() throws {
        let source = try makeSKS(["_birthrate": 300, "_lifetime": 2, "_startSpeed": 100, "_emissionAngle": 0, "_acceleration": "{0, -200}"])
        let (out, _) = try importValid(source)
        let state = try inspect(out, at: 1)
        XCTAssertEqual(state.x, centre + 50, accuracy: 2)
        XCTAssertEqual(state.y, centre + 100.0 / 3, accuracy: 2)
    }

    /// particleLifetimeRange R spreads lives uniformly over L ± R/2: with L = 1, R = 1 and
    /// r = 400, at 1 s alive = r ∫₀¹ P(life > s) ds = 400 · 0.875 = 350; steady r · L = 400.
    func testLifetimeRangeIsUniformAboutTheLifetime() throws {
        let source = try makeSKS(["_birthrate": 400, "_lifetime": 1, "_lifetimeVariance": 1])
        let (out, _) = try importValid(source)
        XCTAssertEqual(try inspect(out, at: 1).alive, 350, accuracy: 350 * 0.05)
        XCTAssertEqual(try inspect(out, at: 4).alive, 400, accuracy: 400 * 0.06)
    }

    /// A lifetime of 0 with a range (a real file's 0 ± 500 s): SpriteKit's lives are uniform in
    /// −R/2…R/2 and half never show; those that do live 0…R/2. r = 200, R = 4: at 1 s alive =
    /// r ∫₀¹ P(life > s) ds = 200 · ∫₀¹ (2 − s)/4 ds = 200 · 0.375 = 75.
    func testALifetimeOfZeroWithARangeShowsTheParticlesThatLive() throws {
        let source = try makeSKS(["_birthrate": 200, "_lifetime": 0, "_lifetimeVariance": 4])
        let (out, result) = try importValid(source)
        XCTAssertTrue(result.stderr.contains("warning: particleLifetime: "), result.stderr)
        XCTAssertEqual(try inspect(out, at: 1).alive, 75, accuracy: 75 * 0.1)
    }

    /// numParticlesToEmit N stops emission once N particles were made: with r = 100 and N = 50,
    /// 30 are born by 0.3 s and 50 by 1 s, and no more afterwards.
    func testNumParticlesToEmitStopsEmission() throws {
        let source = try makeSKS(["_birthrate": 100, "_numParticlesToEmit": 50, "_lifetime": 10])
        let (out, _) = try importValid(source)
        XCTAssertEqual(try inspect(out, at: 0.3).born, 30, accuracy: 1)
        let later = try inspect(out, at: 2)
        XCTAssertEqual(later.born, 50, accuracy: 1)
        XCTAssertEqual(later.alive, 50, accuracy: 1)
        XCTAssertEqual(try cell(of: out)["duration"] as? Double ?? 0, 0.5, accuracy: 1e-9)
    }

    // MARK: - Sequences, colors, scale

    /// Magic's three sequences land in the file as over-life sequences with SpriteKit's times;
    /// its scale is particleSize (40 pt) over the embedded image's 48 pixels.
    func testKeyframeSequencesBecomeOverLifeSequences() throws {
        let (out, _) = try importValid(examples.appendingPathComponent("Magic.sks"))
        let cell = try cell(of: out)
        let colors = try XCTUnwrap(cell["colorOverLife"] as? [String: Any])
        XCTAssertEqual(colors["times"] as? [Double], [0, 0.45, 1])
        let first = try XCTUnwrap((colors["values"] as? [[Double]])?.first)
        XCTAssertEqual(first, [0.55, 0.3, 1, 1])
        let scales = try XCTUnwrap(cell["scaleOverLife"] as? [String: Any])
        XCTAssertEqual(scales["values"] as? [Double], [0.1, 1, 0.6, 0])
        XCTAssertEqual(scales["times"] as? [Double], [0, 0.3, 0.7, 1])
        XCTAssertEqual((cell["alphaOverLife"] as? [String: Any])?["values"] as? [Double], [0, 1, 1, 0])
        XCTAssertEqual(cell["scale"] as? Double ?? 0, 40.0 / 48, accuracy: 1e-6)
        // Alive particles are mid-life on average: alpha between the sequence's ends.
        let state = try inspect(out, at: 6)
        XCTAssertGreaterThan(state.alpha, 0.4)
        XCTAssertLessThan(state.alpha, 1)
    }

    /// A step sequence of UIColors (as an iOS-made archive holds them), mixed into the texture
    /// at a blend factor of 0.5: each channel c is drawn 1 − f + f · c; particleAlpha rides in it.
    func testStepColorSequenceWithBlendFactor() throws {
        let source = try makeSKS(["_startColorMix": 0.5, "_startOpacity": 0.8,
                                  "_particleTexture": ["name": "missing"],
                                  "_particleColorSequence": ["values": [[1, 0, 0, 1], [0, 0, 1, 1]], "times": [0, 0.5],
                                                             "interpolation": 3, "colors": "UIColor"]])
        let (out, result) = try importValid(source)
        let colors = try XCTUnwrap(try cell(of: out)["colorOverLife"] as? [String: Any])
        XCTAssertEqual(colors["interpolation"] as? String, "step")
        XCTAssertEqual(colors["values"] as? [[Double]], [[1, 0.5, 0.5, 0.8], [0.5, 0.5, 1, 0.8]])
        XCTAssertTrue(result.stderr.contains("warning: particleTexture: the image \"missing\" was not found"), result.stderr)
        XCTAssertEqual(try cell(of: out)["contents"] as? String, "disc")
    }

    /// A blend factor sequence on a constant color is a color over life at the factor's keys,
    /// exact (the tint 1 − f + f · c is linear in f): red mixed in from 0 to 1 goes white → red.
    func testBlendFactorSequenceBecomesAColorOverLife() throws {
        let source = try makeSKS(["_startColorR": 1, "_startColorG": 0, "_startColorB": 0, "_startColorMix": 0,
                                  "_particleTexture": ["name": "missing"],
                                  "_particleColorBlendFactorSequence": ["values": [0, 1], "times": [0, 1]]])
        let (out, result) = try importValid(source)
        let colors = try XCTUnwrap(try cell(of: out)["colorOverLife"] as? [String: Any])
        XCTAssertEqual(colors["values"] as? [[Double]], [[1, 1, 1, 1], [1, 0, 0, 1]])
        XCTAssertEqual(colors["times"] as? [Double], [0, 1])
        XCTAssertFalse(result.stderr.contains("particleColorBlendFactorSequence"), result.stderr)
    }

    /// Scale, its range and speed are relative to particleSize; rotation and spin turn over
    /// (counterclockwise y-up is clockwise y-down).
    func testScaleAndRotationCarryOver() throws {
        let source = try makeSKS(["_startSize": "{32, 32}", "_startScale": 2, "_startScaleVariance": 1, "_scaleSpeed": -0.5,
                                  "_startRotation": Double.pi / 2, "_rotationSpeed": 1, "_particleTexture": ["name": "missing"]])
        let (out, _) = try importValid(source)
        let cell = try cell(of: out)
        // The built-in disc is 64 px: particleSize 32 is half of it.
        XCTAssertEqual(cell["scale"] as? Double ?? 0, 1, accuracy: 1e-9)
        XCTAssertEqual(cell["scaleRange"] as? Double ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(cell["scaleSpeed"] as? Double ?? 0, -0.25, accuracy: 1e-9)
        XCTAssertEqual(cell["rotation"] as? String, "-90deg")
        XCTAssertEqual(cell["spin"] as? String, "-57.29578deg")
        XCTAssertEqual(try inspect(out, at: 0.5).scale, 1 - 0.25 * 0.25, accuracy: 0.03)
    }

    /// A linear rotation sequence from 0 to π (counterclockwise) over the life is fx's rotation
    /// 0 turning to endRotation −180° (clockwise on a y-down screen), exact; one with three keys
    /// is approximated by its ends, warned.
    func testRotationSequenceBecomesAnEndRotation() throws {
        let (out, result) = try importValid(try makeSKS(["_particleRotationSequence": ["values": [0, Double.pi], "times": [0, 1]]]))
        let cell = try cell(of: out)
        XCTAssertEqual(cell["rotation"] as? String, "0deg")
        XCTAssertEqual(cell["endRotation"] as? String, "-180deg")
        XCTAssertFalse(result.stderr.contains("particleRotationSequence"), result.stderr)
        let (_, approximated) = try importValid(try makeSKS(["_particleRotationSequence": ["values": [0, 1, 0], "times": [0, 0.5, 1]]]))
        XCTAssertTrue(approximated.stderr.contains("warning: particleRotationSequence: approximated"), approximated.stderr)
    }

    /// Blend modes: add is additive; subtract has no equivalent and says so; physics fields and
    /// a target node are dropped with a warning each; the position range is a rectangle.
    func testBlendModePositionRangeAndDroppedKeys() throws {
        let additive = try makeSKS(["_particleBlendMode": 1, "_startPositionVariance": "{200, 40}"])
        let (out, _) = try importValid(additive)
        let layer = try layer(of: out)
        XCTAssertEqual(layer["renderMode"] as? String, "additive")
        XCTAssertEqual(layer["emitterShape"] as? String, "rectangle")
        XCTAssertEqual(layer["emitterSize"] as? [Double], [200, 40])
        let other = try makeSKS(["_particleBlendMode": 2, "_fieldBitMask": 1, "_target": ["$self": true]])
        let (_, result) = try importValid(other)
        for key in ["particleBlendMode", "fieldBitMask", "targetNode"] {
            XCTAssertTrue(result.stderr.contains("Emitter.sks:1: warning: \(key): "), "\(key): \(result.stderr)")
        }
    }

    /// A .sks is found by its content too, and `--from spritekit` names the format.
    func testDetectionByContentAndFromName() throws {
        let folder = FXProcess.temporaryDirectory()
        let renamed = folder.appendingPathComponent("particles.bin")
        try FileManager.default.copyItem(at: examples.appendingPathComponent("Magic.sks"), to: renamed)
        let (out, result) = try importFile(renamed)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("SpriteKit particle file"))
        let (_, named) = try importFile(examples.appendingPathComponent("Magic.sks"), arguments: ["--from", "spritekit"])
        XCTAssertEqual(named.status, 0, named.stderr)
    }

    // MARK: - Hostile files

    /// Damaged and hostile archives are refused with the file and the reason, never a crash or
    /// a hang: cut short, a UID past $objects, an object whose sequence is itself (a cycle),
    /// arrays nested 300 deep, an array claiming 2⁶² elements, not a plist, a scene, NaN.
    func testHostileArchivesAreRefusedClearly() throws {
        let folder = FXProcess.temporaryDirectory()
        let spark = try Data(contentsOf: examples.appendingPathComponent("Spark.sks"))
        let truncated = folder.appendingPathComponent("Truncated.sks")
        try spark.prefix(spark.count / 2).write(to: truncated)
        // A binary plist of one array object that claims 2⁶² elements.
        var huge = Data("bplist00".utf8) + Data([0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0])
        huge += Data([8])
        var trailer = Data(repeating: 0, count: 6) + Data([1, 1])
        trailer += Data([0, 0, 0, 0, 0, 0, 0, 1]) + Data(repeating: 0, count: 8) + Data([0, 0, 0, 0, 0, 0, 0, 18])
        huge += trailer
        let hugeURL = folder.appendingPathComponent("Huge.sks")
        try huge.write(to: hugeURL)
        let text = folder.appendingPathComponent("Text.sks")
        try Data("<plist><dict/></plist>".utf8).write(to: text)
        let cases: [(URL, String)] = [
            (truncated, "Truncated.sks:1: error: "),
            (try makeSKS(["_particleTexture": ["$uid": 99999]], name: "OutOfRange.sks", in: folder), "UID 99999 refers past the archive's"),
            (try makeSKS(["_particleColorSequence": ["$self": true]], name: "Cycle.sks", in: folder), "particleColorSequence: the keyframe sequence has no _values or _times array"),
            (try makeSKS(["$nest": 300], name: "Deep.sks", in: folder), "nested deeper than 100 levels"),
            (hugeURL, "runs past the object area"),
            (text, "not a binary property list (bplist00)"),
            (try makeSKS(["$root": "SKScene"], name: "Scene.sks", in: folder), "the archive's root is an SKScene, not an SKEmitterNode"),
        ]
        for (source, reason) in cases {
            let (out, result) = try importFile(source)
            XCTAssertEqual(result.status, 1, "\(source.lastPathComponent): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(source.lastPathComponent + ":1: error: ") && result.stderr.contains(reason),
                          "\(source.lastPathComponent): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), source.lastPathComponent)
        }
        // A texture that is the emitter itself is no image: the import goes on with a warning.
        let (_, cyclicTexture) = try importValid(try makeSKS(["_particleTexture": ["$self": true]], name: "SelfTexture.sks", in: folder))
        XCTAssertTrue(cyclicTexture.stderr.contains("warning: particleTexture: "), cyclicTexture.stderr)
    }

    /// Numbers SpriteKit could not use: NaN is refused at the key, a numParticlesToEmit past any
    /// count is clamped with a warning.
    func testNumbersOutOfReach() throws {
        let folder = FXProcess.temporaryDirectory()
        let nan = folder.appendingPathComponent("NaN.sks")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", FXProcess.packageRoot.appendingPathComponent("tools/make-sks.py").path, "--spec", "{\"_birthrate\": NaN}", "--out", nan.path]
        try process.run()
        process.waitUntilExit()
        let (_, refused) = try importFile(nan)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("NaN.sks:1: error: particleBirthRate: nan is not a number fx can use"), refused.stderr)
        let (_, clamped) = try importValid(try makeSKS(["_numParticlesToEmit": 1e18, "_birthrate": 10], name: "Many.sks", in: folder))
        XCTAssertTrue(clamped.stderr.contains("Many.sks:1: warning: numParticlesToEmit: "), clamped.stderr)
    }
}
