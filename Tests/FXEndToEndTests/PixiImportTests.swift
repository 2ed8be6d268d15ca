import FXCore
import FXImport
import FXSDL
import Foundation
import XCTest

/// `fx import` of pixi-particle-emitter configs (legacy and v5 behaviors), judged side by side
/// with pixi's own semantics: the real binary imports, the result validates, and the simulated
/// particles have the counts, speeds, angles, colors and sizes pixi gives them, computed here
/// from the source file's numbers.
final class PixiImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    typealias Particle = MovingParticle

    /// Imports `source` with the fx binary into a new folder.
    func importFile(_ source: String, arguments: [String] = []) throws -> (URL, FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + ".json")
        let result = try FXProcess.run(["import", source, "--out", out.path] + arguments)
        return (out, result)
    }

    /// The import ran, every warning is `file:line: warning: key: why`, and `fx validate` passes.
    func assertImportedAndValid(_ out: URL, _ result: FXProcess.Result, source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        for warning in result.stderr.split(separator: "\n") where warning.contains(": warning: ") {
            XCTAssertNotNil(warning.range(of: #"^.*\#(source):\d+: warning: \w+: .+"#, options: .regularExpression), String(warning), file: file, line: line)
        }
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"//\": \"Imported by fx import from \(URL(fileURLWithPath: source).lastPathComponent) (pixi-particle-emitter"), text, file: file, line: line)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr, file: file, line: line)
        XCTAssertEqual(validation.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(out.path): ok", file: file, line: line)
    }

    /// The particles of the only cell at `time` and, by serial, where each is `step` later: the
    /// velocity it really moves at (velocityOverLife included) is the difference over `step`.
    func particles(of path: URL, at time: Double, step: Double = 1.0 / 120) throws -> [Particle] {
        try MovingParticle.sample(path, at: time, step: step)
    }

    func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

    /// A pixi value list `[(time, value)]` at normalized age t, blended.
    func pixiList(_ steps: [(Double, Double)], at t: Double) -> Double {
        var index = 0
        while index + 2 < steps.count && t > steps[index + 1].0 { index += 1 }
        let (t0, v0) = steps[index], (t1, v1) = steps[index + 1]
        return v0 + (v1 - v0) * min(max((t - t0) / (t1 - t0), 0), 1)
    }

    /// flame.json (v5): a wave of 1 every 0.004 s, life 0.5…0.9, moveSpeed 180 → 60 × (0.8…1),
    /// rotation start −100…−80 (straight up ± 10°), scale 0.6 → 0.15 × (0.6…1), colors fff4b0 →
    /// ff9a2e → c0261b, alpha 0.5 → 0.3 → 0, additive, at most 300.
    func testFlameImportsLikePixiEmitsIt() throws {
        let source = examples.appendingPathComponent("flame.json").path
        let (out, result) = try importFile(source)
        XCTAssertTrue(result.stderr.contains("flame.json:61: warning: textureRandom: no image of that name beside the source"), result.stderr)
        XCTAssertTrue(result.stderr.contains("flame.json:65: warning: spawnShape: approximated: pixi picks the radius uniformly in 0…25"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"emitterPosition\": [300, 420]", "\"birthRate\": 250,", "\"lifetime\": 0.7,", "\"lifetimeRange\": 0.4,",
                         "\"emissionLongitude\": \"-90deg\",", "\"emissionRange\": \"20deg\",", "\"velocity\": 162,", "\"velocityRange\": 36,",
                         "\"scale\": 0.48,", "\"scaleRange\": 0.24,", "\"renderMode\": \"additive\"", "\"maxParticles\": 300,", "\"rotatesToEmissionAngle\": true"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        try assertImportedAndValid(out, result, source: "flame.json")

        // pixi holds (1 / frequency) × mean life = 250 × 0.7 = 175 once full (under the 300 cap).
        XCTAssertEqual(try alive(inspecting: out, at: 2), 175, accuracy: 175 * 0.08)

        let particles = try particles(of: out, at: 2)
        XCTAssertGreaterThan(particles.count, 100)
        let speedList = [(0.0, 180.0), (1.0, 60.0)]
        var ratios: [Double] = [], angles: [Double] = []
        for particle in particles {
            // The speed now, over the list's speed at this age, is the particle's multiplier.
            let speed = (particle.vx * particle.vx + particle.vy * particle.vy).squareRoot()
            ratios.append(speed / pixiList(speedList, at: particle.normalizedAge))
            angles.append(atan2(particle.vy, particle.vx) * 180 / .pi)
        }
        XCTAssertEqual(mean(ratios), 0.9, accuracy: 0.02, "minMult 0.8: multipliers uniform in 0.8…1")
        XCTAssertGreaterThanOrEqual(ratios.min()!, 0.8 - 0.02)
        XCTAssertLessThanOrEqual(ratios.max()!, 1 + 0.02)
        XCTAssertEqual(mean(angles), -90, accuracy: 1.5, "rotation start −100…−80: up the screen")
        XCTAssertGreaterThanOrEqual(angles.min()!, -100 - 0.5)
        XCTAssertLessThanOrEqual(angles.max()!, -80 + 0.5)
        // Sprites start turned to where they were sent: rotation − spin × age lies in −100…−80 (spin 0…60 °/s).
        for particle in particles where particle.age < 0.02 {
            XCTAssertEqual(remainder(particle.rotation * 180 / .pi + 90, 360), 0, accuracy: 10 + 60 * 0.02 + 0.5)
        }

        let young = particles.filter { $0.normalizedAge < 0.02 }, old = particles.filter { $0.normalizedAge > 0.97 }
        XCTAssertFalse(young.isEmpty)
        XCTAssertFalse(old.isEmpty)
        for particle in young {
            XCTAssertEqual(particle.red, 1, accuracy: 0.02)
            XCTAssertEqual(particle.green, 0xF4 / 255.0, accuracy: 0.03)
            XCTAssertEqual(particle.blue, 0xB0 / 255.0, accuracy: 0.03)
            XCTAssertEqual(particle.alpha, 0.5, accuracy: 0.02)
            // Birth scale 0.6 × multiplier in 0.6…1.
            XCTAssertGreaterThanOrEqual(particle.scale, 0.6 * 0.6 * 0.98 - 0.01)
            XCTAssertLessThanOrEqual(particle.scale, 0.6 + 0.01)
        }
        for particle in old {
            XCTAssertEqual(particle.red, 0xC0 / 255.0, accuracy: 0.03)
            XCTAssertEqual(particle.green, 0x26 / 255.0, accuracy: 0.03)
            XCTAssertEqual(particle.blue, 0x1B / 255.0, accuracy: 0.03)
            XCTAssertLessThan(particle.alpha, 0.03)
            XCTAssertGreaterThanOrEqual(particle.scale, 0.15 * 0.6 - 0.01)
            XCTAssertLessThanOrEqual(particle.scale, 0.15 * 1.03 + 0.01)
        }
    }

    /// ring.json (v5): 3 waves (emitterLifetime 3.5, frequency 1) of 40 on a ring of radius 120,
    /// sent outward at 60…90, life 1.5; colors stepped white → 66ccff (0.5) → 3366ff (0.8);
    /// alpha 1 → 0 under a two-segment ease.
    func testRingBurstImportsLikePixiEmitsIt() throws {
        let source = examples.appendingPathComponent("ring.json").path
        let (out, result) = try importFile(source)
        XCTAssertTrue(result.stderr.contains("ring.json:12: warning: alpha: approximated: the list under its ease"), result.stderr)
        XCTAssertTrue(result.stderr.contains("star.png → \"star\", Sparks.png → \"spark\""), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"emitterShape\": \"circle\"", "\"emitterMode\": \"outline\"", "\"emitterSize\": [120, 120]", "\"emitsOutward\": true",
                         "\"compositingFilter\": \"screenBlendMode\"", "\"contentsChoices\": [\"star\", \"spark\"]", "\"paletteOrder\": \"sequential\"",
                         "\"burstCount\": 40,", "\"burstInterval\": 1,", "\"burstCycles\": 3,", "\"interpolation\": \"step\""] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        try assertImportedAndValid(out, result, source: "ring.json")

        // Waves at 0, 1 and 2 (pixi stops when 3.5 − 4 × 1 ≤ 0), each living 1.5 s.
        for (time, expected) in [(0.5, 40.0), (1.25, 80.0), (2.6, 40.0), (4.0, 0.0)] {
            XCTAssertEqual(try alive(inspecting: out, at: time), expected, "at \(time) s")
        }

        let particles = try particles(of: out, at: 2.6)
        XCTAssertEqual(particles.count, 40)
        var speeds: [Double] = []
        for particle in particles {
            let dx = particle.x - 300, dy = particle.y - 300
            let speed = (particle.vx * particle.vx + particle.vy * particle.vy).squareRoot()
            speeds.append(speed)
            // Born on the ring, moving straight out: radius = 120 + speed × age, velocity along it.
            XCTAssertEqual((dx * dx + dy * dy).squareRoot(), 120 + speed * particle.age, accuracy: 0.5)
            XCTAssertEqual((dx * particle.vy - dy * particle.vx) / ((dx * dx + dy * dy).squareRoot() * speed), 0, accuracy: 0.01, "outward")
            // The sprite is turned to its emission angle (no spin).
            let outward = atan2(dy, dx), turned = particle.rotation
            XCTAssertEqual(remainder(turned - outward, 2 * .pi), 0, accuracy: 0.01)
            // Stepped colors: age 0.6 / 1.5 = 0.4 of the life, still white.
            XCTAssertEqual(particle.red, 1, accuracy: 0.01)
            // alpha = 1 − ease(t), ease the two Bézier segments {0, 0.1, 0.3} and {0.3, 0.9, 1}.
            let t = particle.normalizedAge * 2, index = min(Int(t), 1), u = t - Double(index)
            let (s, cp, e) = index == 0 ? (0.0, 0.1, 0.3) : (0.3, 0.9, 1.0)
            let eased = (1 - u) * (1 - u) * s + 2 * u * (1 - u) * cp + u * u * e
            XCTAssertEqual(particle.alpha, 1 - eased, accuracy: 0.01)
        }
        XCTAssertEqual(mean(speeds), 75, accuracy: 4)
        XCTAssertGreaterThanOrEqual(speeds.min()!, 60 - 0.5)
        XCTAssertLessThanOrEqual(speeds.max()!, 90 + 0.5)
        // Later in life the colors step to 66ccff, then 3366ff.
        for (time, red, green) in [(2.0 + 0.65 * 1.5, 0x66 / 255.0, 0xCC / 255.0), (2.0 + 0.9 * 1.5, 0x33 / 255.0, 0x66 / 255.0)] {
            for particle in try self.particles(of: out, at: time) {
                XCTAssertEqual(particle.red, red, accuracy: 0.01, "at \(time) s")
                XCTAssertEqual(particle.green, green, accuracy: 0.01, "at \(time) s")
                XCTAssertEqual(particle.blue, 1, accuracy: 0.01)
            }
        }
    }

    /// sparkler.json (legacy): 6 waves (emitterLifetime 3.1, frequency 0.5) of 12 at 15° + 30°·i,
    /// speed 250 → 50 × (0.6…1), life 0.8…1.2, color fff191 → ff622c, alpha 1 → 0.
    func testSparklerLegacyImportsLikePixiEmitsIt() throws {
        let source = examples.appendingPathComponent("sparkler.json").path
        let (out, result) = try importFile(source)
        XCTAssertTrue(result.stderr.contains("sparkler.json:1: warning: art: a legacy config names no images"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(result.stderr.contains("the file's name suggests a spark; pixi's editor's image of one is Sparks.png → \"spark\", drawn 17 px wide"), result.stderr)
        for expected in ["\"contents\": \"spark\"", "\"emitterPosition\": [300, 260]", "\"burstCount\": 12,", "\"burstInterval\": 0.5,", "\"burstCycles\": 6,", "\"emissionLongitude\": \"15deg\",",
                         "\"burstSpacing\": \"30deg\",", "\"velocity\": 200,", "\"velocityRange\": 100,", "\"spin\": \"180deg\",", "\"spinRange\": \"180deg\","] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        try assertImportedAndValid(out, result, source: "sparkler.json")

        // One wave, its 12 angles exactly 15°, 45°, … 345°.
        let first = try particles(of: out, at: 0.2)
        XCTAssertEqual(first.count, 12)
        let angles = first.map { (atan2($0.vy, $0.vx) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360) }.sorted()
        for (i, angle) in angles.enumerated() { XCTAssertEqual(angle, 15 + 30 * Double(i), accuracy: 0.05) }
        let speedList = [(0.0, 250.0), (1.0, 50.0)]
        for particle in first {
            let ratio = (particle.vx * particle.vx + particle.vy * particle.vy).squareRoot() / pixiList(speedList, at: particle.normalizedAge)
            XCTAssertGreaterThanOrEqual(ratio, 0.6 - 0.02)
            XCTAssertLessThanOrEqual(ratio, 1 + 0.02)
            XCTAssertEqual(particle.red, 1, accuracy: 0.01)
            XCTAssertEqual(particle.green, pixiList([(0, 0xF1 / 255.0), (1, 0x62 / 255.0)], at: particle.normalizedAge), accuracy: 0.01)
            XCTAssertEqual(particle.alpha, 1 - particle.normalizedAge, accuracy: 0.01)
        }
        // Waves at 0, 0.5 … 2.5; at 2.1 s the waves aged 0.1 and 0.6 live, the one aged 1.1
        // keeps a quarter (life uniform in 0.8…1.2): 12 × 2.25 = 27; at 4 s none.
        XCTAssertEqual(try alive(inspecting: out, at: 2.1), 27, accuracy: 5)
        XCTAssertEqual(try alive(inspecting: out, at: 4), 0)
    }

    /// A legacy config and the v5 config pixi's upgradeConfig makes of it import to the same
    /// effect: both formats meet in one model. Covers acceleration (with maxSpeed and turning to
    /// the velocity), a rect spawn, static color and alpha, spawnChance and addAtBack.
    func testLegacyAndItsV5UpgradeImportAlike() throws {
        let directory = FXProcess.temporaryDirectory()
        let legacy = directory.appendingPathComponent("legacy/fountain.json")
        let upgraded = directory.appendingPathComponent("v5/fountain.json")
        try FileManager.default.createDirectory(at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: upgraded.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
            {
              "alpha": { "start": 0.8, "end": 0.8 },
              "scale": { "start": 0.25, "end": 0.25, "minimumScaleMultiplier": 0.5 },
              "color": { "start": "#3399ff", "end": "#3399ff" },
              "speed": { "start": 400, "end": 100, "minimumSpeedMultiplier": 0.75 },
              "acceleration": { "x": 0, "y": 600 },
              "maxSpeed": 500,
              "startRotation": { "min": 250, "max": 290 },
              "rotationSpeed": { "min": 0, "max": 0 },
              "lifetime": { "min": 1, "max": 2 },
              "blendMode": "normal",
              "frequency": 0.01,
              "emitterLifetime": -1,
              "maxParticles": 400,
              "pos": { "x": 0, "y": 200 },
              "addAtBack": true,
              "spawnType": "rect",
              "spawnRect": { "x": -20, "y": 0, "w": 40, "h": 4 }
            }
            """.write(to: legacy, atomically: true, encoding: .utf8)
        try """
            {
              "lifetime": { "min": 1, "max": 2 },
              "frequency": 0.01,
              "emitterLifetime": -1,
              "maxParticles": 400,
              "addAtBack": true,
              "pos": { "x": 0, "y": 200 },
              "behaviors": [
                { "type": "alphaStatic", "config": { "alpha": 0.8 } },
                { "type": "moveAcceleration", "config": { "accel": { "x": 0, "y": 600 }, "minStart": 300, "maxStart": 400, "rotate": true, "maxSpeed": 500 } },
                { "type": "scaleStatic", "config": { "min": 0.125, "max": 0.25 } },
                { "type": "colorStatic", "config": { "color": "3399ff" } },
                { "type": "rotationStatic", "config": { "min": 250, "max": 290 } },
                { "type": "spawnShape", "config": { "type": "rect", "data": { "x": -20, "y": 0, "w": 40, "h": 4 } } }
              ]
            }
            """.write(to: upgraded, atomically: true, encoding: .utf8)
        let (fromLegacy, legacyRun) = try importFile(legacy.path)
        let (fromV5, v5Run) = try importFile(upgraded.path)
        XCTAssertTrue(legacyRun.stderr.contains("fountain.json:5: warning: speed: its end value (or list) is ignored, as pixi ignores it when acceleration is set"), legacyRun.stderr)
        // The textures differ by design: the legacy file is what pixi's editor downloads from its
        // "fountain" preset (shown with Sparks.png), the v5 one names no texture behavior.
        func body(_ url: URL) throws -> String {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .filter { !$0.contains("\"$schema\"") && !$0.contains("\"//\"") && !$0.contains("\"description\"") && !$0.contains("\"contents") }
                .joined(separator: "\n")
        }
        XCTAssertEqual(try body(fromLegacy), try body(fromV5))
        XCTAssertTrue(try String(contentsOf: fromLegacy, encoding: .utf8).contains("\"contents\": \"spark\""))
        let text = try String(contentsOf: fromV5, encoding: .utf8)
        for expected in ["\"emitterPosition\": [300, 502]", "\"emitterShape\": \"rectangle\"", "\"emitterSize\": [40, 4]", "\"renderMode\": \"oldestFirst\"",
                         "\"birthRate\": 100,", "\"lifetime\": 1.5,", "\"lifetimeRange\": 1,", "\"emissionLongitude\": \"270deg\",",
                         "\"emissionRange\": \"40deg\",", "\"velocity\": 350,", "\"velocityRange\": 100,", "\"yAcceleration\": 600,", "\"maxSpeed\": 500,",
                         "\"alignsToVelocity\": true", "\"scale\": 0.1875,", "\"scaleRange\": 0.125,", "\"color\": [0.2, 0.6, 1, 0.8]"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        try assertImportedAndValid(fromV5, v5Run, source: "fountain.json")

        // Side by side: launched up at 300…400 within 270° ± 20°, gravity 600 down, never
        // faster than 500; 100 a second of 1…2 s lives: 150 alive, under the 400 cap.
        XCTAssertEqual(try alive(inspecting: fromV5, at: 3), 150, accuracy: 15)
        for particle in try particles(of: fromV5, at: 3) {
            let speed = (particle.storedVX * particle.storedVX + particle.storedVY * particle.storedVY).squareRoot()
            XCTAssertLessThanOrEqual(speed, 500 + 0.5)
            XCTAssertEqual(remainder(particle.rotation - atan2(particle.storedVY, particle.storedVX), 2 * .pi), 0, accuracy: 0.01, "turned to its velocity")
            XCTAssertEqual(particle.blue, 1, accuracy: 0.01)
            XCTAssertEqual(particle.alpha, 0.8, accuracy: 0.01)
        }
        for particle in try particles(of: fromV5, at: 3) where particle.age < 0.02 {
            // The birth velocity: gravity's part taken off.
            let vx = particle.storedVX, vy = particle.storedVY - 600 * particle.age
            let speed = (vx * vx + vy * vy).squareRoot()
            XCTAssertGreaterThanOrEqual(speed, 300 - 1)
            XCTAssertLessThanOrEqual(speed, 400 + 1)
            XCTAssertEqual((atan2(vy, vx) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360), 270, accuracy: 20.2)
        }
    }

    /// The emitter cells of the effect at `path`, as written.
    func cells(of path: URL) throws -> [[String: Any]] {
        let effect = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        return (effect["layers"] as? [[String: Any]] ?? []).flatMap { $0["emitterCells"] as? [[String: Any]] ?? [] }
    }

    /// The extent of what is drawn on the black canvas of `png` (pixels brighter than 8/255):
    /// its width and height in pixels.
    func drawnExtent(_ png: String) throws -> (width: Int, height: Int) {
        let image = try PNGFile.read(png)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4] > 8 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return (0, 0) }
        return (maxX - minX + 1, maxY - minY + 1)
    }

    /// A legacy config names no images: it is what pixi's editor downloads, tuned with the
    /// images of its preset (the file's name) or the editor's default particle.png. One white
    /// particle at scale 1 is drawn as big as those images are in pixi, measured from the
    /// editor's own files (pixijs/pixi-particles-editor, deploy/assets/images): Sparks.png is
    /// 17 × 5 pixels of streak, particle.png a soft dot 44 across (what pixi draws at scale 1,
    /// one pixel a point). fx's stand-ins: the built-in spark, a little shorter where its tips
    /// fade (16 × 4 measured), and the built-in disc, softer toward its rim (39 across above
    /// 8/255, where particle.png's last pixel is 15/255). Before, both were fx's 64 px disc.
    func testALegacyConfigIsDrawnWithTheEditorsImages() throws {
        let directory = FXProcess.temporaryDirectory()
        let config = """
            {"alpha": {"start": 1, "end": 1}, "scale": {"start": 1, "end": 1}, "color": {"start": "ffffff", "end": "ffffff"},
             "speed": {"start": 0, "end": 0}, "startRotation": {"min": 0, "max": 0}, "noRotation": true,
             "rotationSpeed": {"min": 0, "max": 0}, "lifetime": {"min": 10, "max": 10}, "frequency": 1,
             "emitterLifetime": -1, "maxParticles": 1, "pos": {"x": 0, "y": 0}, "addAtBack": false, "spawnType": "point"}
            """
        let cases: [(file: String, contents: String, image: (width: Int, height: Int), warning: String)] = [
            ("sparks.json", "spark", (17, 5), "the file is named after pixi's editor preset \"sparks\", shown there with Sparks.png → \"spark\", drawn 17 px wide"),
            ("emitter.json", "disc", (44, 44), "pixi's editor shows a new emitter with its default image, a soft dot 44 px across: particle.png → \"disc\", drawn 44 px wide"),
        ]
        for item in cases {
            let source = directory.appendingPathComponent(item.file)
            try config.write(to: source, atomically: true, encoding: .utf8)
            let (out, result) = try importFile(source.path)
            try assertImportedAndValid(out, result, source: item.file)
            XCTAssertTrue(result.stderr.contains("\(item.file):1: warning: art: a legacy config names no images"), result.stderr)
            XCTAssertTrue(result.stderr.contains(item.warning), result.stderr)
            let cell = try XCTUnwrap(try cells(of: out).first)
            XCTAssertEqual(cell["contents"] as? String, item.contents)
            XCTAssertEqual(cell["contentsScale"] as? Double ?? 0, 64 / Double(item.image.width), accuracy: 1e-5, "the built-in's 64 px drawn as the image's width")
            let png = directory.appendingPathComponent(item.file + ".png").path
            let render = try FXProcess.run(["render", out.path, "--time", "0.5", "--out", png])
            XCTAssertEqual(render.status, 0, render.stderr)
            let drawn = try drawnExtent(png)
            XCTAssertLessThanOrEqual(drawn.width, item.image.width + 1, "\(item.file): as wide as the editor's image, not fx's 64 px")
            XCTAssertGreaterThanOrEqual(drawn.width, item.image.width - 6, item.file)
            XCTAssertLessThanOrEqual(drawn.height, item.image.height + 1, item.file)
            XCTAssertGreaterThanOrEqual(drawn.height, item.image.height - 6, item.file)
        }
        // A v5 config naming an editor image that is not beside it keeps that image's width too.
        let named = directory.appendingPathComponent("named.json")
        try """
            {"lifetime": {"min": 1, "max": 1}, "frequency": 0.1, "emitterLifetime": -1, "maxParticles": 10, "pos": {"x": 0, "y": 0},
             "behaviors": [{"type": "textureSingle", "config": {"texture": "images/Bubbles99px.png"}}]}
            """.write(to: named, atomically: true, encoding: .utf8)
        let (namedOut, namedRun) = try importFile(named.path)
        try assertImportedAndValid(namedOut, namedRun, source: "named.json")
        XCTAssertTrue(namedRun.stderr.contains("drawn as wide as pixi's editor image of that name, 99 px): images/Bubbles99px.png → \"ring\""), namedRun.stderr)
        let cell = try XCTUnwrap(try cells(of: namedOut).first)
        XCTAssertEqual(cell["contents"] as? String, "ring")
        XCTAssertEqual(cell["contentsScale"] as? Double ?? 0, 64 / 99, accuracy: 1e-5)
    }

    /// Both formats are detected without --from; an fx effect, a plist and a JSON array are not
    /// pixi configs; a pixi config with no frequency is an error naming the file and line.
    func testDetectionAndErrors() throws {
        let pixi = ImportFormat.pixi.importer
        for name in ["flame.json", "ring.json", "sparkler.json"] {
            let source = try ImportSource(contentsOf: examples.appendingPathComponent(name).path)
            XCTAssertEqual(try EffectImport.detectFormat(of: [source]), .pixi, name)
        }
        let effect = try ImportSource(contentsOf: FXProcess.packageRoot.appendingPathComponent("effects/fireworks.json").path)
        XCTAssertFalse(pixi.detects(effect))
        XCTAssertFalse(pixi.detects(try ImportSource(contentsOf: examples.appendingPathComponent("campfire.plist").path)))
        XCTAssertFalse(pixi.detects(ImportSource(path: "x.json", data: Data("[{\"frequency\": 1, \"lifetime\": 2}]".utf8))))

        let directory = FXProcess.temporaryDirectory()
        let broken = directory.appendingPathComponent("broken.json")
        try "{\n  \"lifetime\": {\"min\": 1, \"max\": 2},\n  \"behaviors\": []\n}\n".write(to: broken, atomically: true, encoding: .utf8)
        let run = try FXProcess.run(["import", broken.path, "--from", "pixi"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("\(broken.path):1: error: missing \"frequency\" (a number)"), run.stderr)
        let wrongType = directory.appendingPathComponent("wrong.json")
        try "{\n  \"lifetime\": {\"min\": 1, \"max\": 2},\n  \"frequency\": 0.1,\n  \"behaviors\": [\n    {\"type\": \"alphaStatic\", \"config\": {\"alpha\": \"half\"}}\n  ]\n}\n"
            .write(to: wrongType, atomically: true, encoding: .utf8)
        let wrongRun = try FXProcess.run(["import", wrongType.path])
        XCTAssertEqual(wrongRun.status, 1)
        XCTAssertTrue(wrongRun.stderr.contains("\(wrongType.path):5: error: behaviors[0].config.alpha: expected a number, found a string"), wrongRun.stderr)
    }

    /// Images named by the config and found beside it are copied beside the effect and declared
    /// (two of them become `contentsChoices`); names not found become built-in shapes, warned.
    func testTexturesBesideTheSourceAreCopied() throws {
        let directory = FXProcess.temporaryDirectory()
        // A real PNG: the one the Particle Designer example embeds.
        let campfireRun = try FXProcess.run(["import", examples.appendingPathComponent("campfire.plist").path, "--out", directory.appendingPathComponent("cf/campfire.json").path])
        XCTAssertEqual(campfireRun.status, 0, campfireRun.stderr)
        let campfire = directory.appendingPathComponent("cf/campfire-texture.png")
        let png = try Data(contentsOf: campfire)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("art"), withIntermediateDirectories: true)
        try png.write(to: directory.appendingPathComponent("art/ember.png"))
        try png.write(to: directory.appendingPathComponent("art/spark.png"))
        let config = directory.appendingPathComponent("embers.json")
        try """
            {
              "lifetime": { "min": 1, "max": 1 },
              "frequency": 0.1,
              "behaviors": [
                { "type": "textureRandom", "config": { "textures": ["art/ember.png", "art/spark.png", "art/gone.png"] } },
                { "type": "moveSpeedStatic", "config": { "min": 50, "max": 50 } }
              ]
            }
            """.write(to: config, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out/embers.json")
        let run = try FXProcess.run(["import", config.path, "--out", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out/embers-ember.png")), png)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out/embers-spark.png")), png)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"ember\": \"embers-ember.png\""), text)
        XCTAssertTrue(text.contains("\"spark-image\": \"embers-spark.png\""), "a declared texture does not shadow the built-in spark:\n\(text)")
        XCTAssertTrue(text.contains("\"contentsChoices\": [\"ember\", \"spark-image\", \"disc\"]"), text)
        XCTAssertTrue(run.stderr.contains("embers.json:5: warning: textureRandom: no image of that name beside the source, drawn with a built-in shape instead (64 px wide, so sizes are scale × 64 points): art/gone.png → \"disc\""), run.stderr)
        XCTAssertFalse(run.stderr.contains("ember.png →"), run.stderr)
        try assertImportedAndValid(out, run, source: "embers.json")
    }

    /// Every key fx cannot carry over exactly is warned at its line: spawnChance, a polygonal
    /// chain, a path, an unknown behavior and blend mode, an emitter that never makes a wave, and
    /// a stepped list under the emitter's ease keeps exact steps, moved to the eased ages.
    func testApproximationsAreWarnedAtTheirLines() throws {
        let directory = FXProcess.temporaryDirectory()
        let config = directory.appendingPathComponent("odd.json")
        try """
            {
              "lifetime": { "min": 1, "max": 1 },
              "frequency": 0.5,
              "emitterLifetime": 0.4,
              "spawnChance": 0.5,
              "ease": [{ "s": 0, "cp": 0, "e": 1 }],
              "behaviors": [
                { "type": "alpha", "config": { "alpha": { "list": [{ "time": 0, "value": 1 }, { "time": 0.25, "value": 0.5 }, { "time": 1, "value": 0.5 }], "isStepped": true } } },
                { "type": "movePath", "config": { "path": "sin(x / 10) * 20", "speed": { "list": [{ "time": 0, "value": 100 }, { "time": 1, "value": 100 }] } } },
                { "type": "spawnShape", "config": { "type": "polygonalChain", "data": [{ "x": 0, "y": 0 }, { "x": 100, "y": 50 }, { "x": 200, "y": 0 }] } },
                { "type": "wiggle", "config": {} },
                { "type": "blendMode", "config": { "blendMode": "overlay" } },
                { "type": "textureSingle", "config": { "texture": "Bubbles99.png" } }
              ]
            }
            """.write(to: config, atomically: true, encoding: .utf8)
        let (out, run) = try importFile(config.path)
        XCTAssertEqual(run.status, 0, run.stderr)
        for expected in ["odd.json:4: warning: emitterLifetime: 0.4 s is not more than frequency (0.5 s): pixi makes no wave at all, so the cell is disabled",
                         "odd.json:5: warning: spawnChance: approximated: each particle of a wave is made with chance 0.5 in pixi; fx emits the same mean rate (1 a second)",
                         "odd.json:9: warning: movePath: approximated: fx has no motion along a path function",
                         "odd.json:10: warning: spawnShape: approximated: fx has no polyline emitter; particles are born anywhere in the chain's bounding box (200 × 50)",
                         "odd.json:11: warning: wiggle: dropped: not a behavior pixi-particle-emitter ships",
                         "odd.json:12: warning: blendMode: \"overlay\" has no fx equivalent",
                         "odd.json:13: warning: textureSingle: no image of that name beside the source, drawn with a built-in shape instead (64 px wide, so sizes are scale × 64 points): Bubbles99.png → \"ring\""] {
            XCTAssertTrue(run.stderr.contains(expected), "\(expected) in\n\(run.stderr)")
        }
        // The emitter's ease is e(t) = t² (one segment s 0, cp 0, e 1), so the step at list time
        // 0.25 comes at age √0.25 = 0.5; steps stay steps, not sampled.
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"values\": [1, 0.5],\n            \"times\": [0, 0.5],\n            \"interpolation\": \"step\""), text)
        XCTAssertFalse(run.stderr.contains("alpha: approximated"), run.stderr)
        XCTAssertTrue(text.contains("\"enabled\": false"), text)
        try assertImportedAndValid(out, run, source: "odd.json")
    }

    /// Numbers beyond what fx takes are clamped, warned where the meaning changes, never trapped
    /// on: a wave every 1e-300 s, 1e40 particles a wave and as a budget, an endless emitter life.
    func testAbsurdNumbersAreClamped() throws {
        let config = FXProcess.temporaryDirectory().appendingPathComponent("absurd.json")
        try """
            {
              "lifetime": { "min": 1, "max": 1 },
              "frequency": 1e-300,
              "particlesPerWave": 1e40,
              "maxParticles": 1e40,
              "emitterLifetime": 1e300,
              "behaviors": [{ "type": "textureSingle", "config": { "texture": "dot.png" } }]
            }
            """.write(to: config, atomically: true, encoding: .utf8)
        let (out, run) = try importFile(config.path)
        XCTAssertTrue(run.stderr.contains("absurd.json:3: warning: frequency: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("particles a second is more than fx's highest birthRate; 10000000 it is"), run.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"birthRate\": 10000000,", "\"maxParticles\": 4000000,", "\"contents\": \"circle\""] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        XCTAssertFalse(text.contains("burst"), text)
        XCTAssertEqual(text.components(separatedBy: "\"duration\"").count, 2, "a million waves or more is forever: only the effect's duration")
        try assertImportedAndValid(out, run, source: "absurd.json")
    }
}
