import FXCore
import FXImport
import Foundation
import XCTest

/// `fx import` of Particle Designer / cocos2d plists and Starling pex files, judged side by side
/// with the source's numbers: the real binary imports, the result validates, and the simulated
/// particles have the counts, speeds, angles and colors cocos2d gives them.
final class ImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    /// Imports `source` with the fx binary into a new folder; returns the effect's path and the run.
    func importFile(_ source: String, arguments: [String] = []) throws -> (URL, FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + ".json")
        let result = try FXProcess.run(["import", source, "--out", out.path] + arguments)
        return (out, result)
    }

    /// The particles of the effect's only cell at `time`, simulated in-process.
    func particles(of path: URL, at time: Double) throws -> ParticleStore {
        let effect = try EffectDecoder.load(path: path.path)
        let player = EffectPlayer(effect: effect)
        player.seek(to: time)
        return try XCTUnwrap(player.snapshot().emitters.first?.cells.first?.particles)
    }

    func assertImportedAndValid(_ out: URL, _ result: FXProcess.Result, source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        for warning in warnings {
            XCTAssertNotNil(warning.range(of: #"^.*\#(source):\d+: warning: \w+: .+"#, options: .regularExpression), String(warning), file: file, line: line)
        }
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr, file: file, line: line)
        XCTAssertEqual(validation.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(out.path): ok", file: file, line: line)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n  \"$schema\": "), text, file: file, line: line)
        XCTAssertTrue(text.contains("\"//\": \"Imported by fx import from \(URL(fileURLWithPath: source).lastPathComponent)"), text, file: file, line: line)
    }

    /// campfire.plist: gravity mode, maxParticles 240, lifespan 1.2 ± 0.3, angle 90 ± 10,
    /// speed 90 ± 20, gravity (0, 40), start color (1, 0.55, 0.12, 0.8), additive, an embedded
    /// gzip-compressed PNG.
    func testCampfireImportsLikeCocos2dEmitsIt() throws {
        let source = examples.appendingPathComponent("campfire.plist").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "campfire.plist")
        // The texture was inflated and written beside the effect: a 32-pixel PNG.
        let texture = try Data(contentsOf: out.deletingLastPathComponent().appendingPathComponent("campfire-texture.png"))
        XCTAssertEqual(Array(texture.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertTrue(result.stderr.contains("campfire.plist:37: warning: sourcePositionx: "), result.stderr)

        // cocos2d emits maxParticles / lifespan = 200 a second and holds at most 240: after 2 s,
        // min(t, life) × rate = 240, capped at 240.
        let alive = try alive(inspecting: out, at: 2)
        XCTAssertEqual(alive, 240, accuracy: 240 * 0.1)

        let store = try particles(of: out, at: 2)
        var speeds: [Double] = [], angles: [Double] = []
        var young: [(Float, Float, Float, Float)] = []
        for i in 0..<store.count {
            // Undo gravity (fx's y acceleration is −gravityy = −40) to get each birth velocity.
            let age = Double(store.age[i])
            let vx = Double(store.vx[i]), vy = Double(store.vy[i]) + 40 * age
            speeds.append((vx * vx + vy * vy).squareRoot())
            // Back to cocos2d's counterclockwise, y-up degrees.
            angles.append(atan2(-vy, vx) * 180 / .pi)
            if age < 0.03 { young.append((store.red[i], store.green[i], store.blue[i], store.alpha[i])) }
        }
        let meanSpeed = speeds.reduce(0, +) / Double(speeds.count)
        XCTAssertEqual(meanSpeed, 90, accuracy: 4, "speed 90 ± 20")
        XCTAssertGreaterThanOrEqual(speeds.min()!, 70 - 1)
        XCTAssertLessThanOrEqual(speeds.max()!, 110 + 1)
        let meanAngle = angles.reduce(0, +) / Double(angles.count)
        XCTAssertEqual(meanAngle, 90, accuracy: 1.5, "angle 90: straight up")
        XCTAssertGreaterThanOrEqual(angles.min()!, 80 - 0.5, "angleVariance 10")
        XCTAssertLessThanOrEqual(angles.max()!, 100 + 0.5, "angleVariance 10")
        XCTAssertGreaterThan(angles.max()! - angles.min()!, 17, "the spread is used")
        // At birth, the start color.
        XCTAssertFalse(young.isEmpty)
        for (red, green, blue, alpha) in young {
            XCTAssertEqual(red, 1, accuracy: 0.03)
            XCTAssertEqual(green, 0.55, accuracy: 0.03)
            XCTAssertEqual(blue, 0.12, accuracy: 0.03)
            XCTAssertEqual(alpha, 0.8, accuracy: 0.03)
        }
        // Scale: 48 px on a 32 px texture, ± 12 px.
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"scale\": 1.5,") && text.contains("\"scaleRange\": 0.75,"), text)
        XCTAssertTrue(text.contains("\"renderMode\": \"additive\""), text)
    }

    /// galaxy.plist: radial mode, exact through `orbit`: 300 particles over a 3 s life (100 a
    /// second), each on a circle around the emitter whose radius goes linearly from
    /// maxRadius ± variance (220 ± 20) to minRadius (10) over its life, turning counterclockwise
    /// on screen at rotatePerSecond ± variance (60 ± 10 °/s), as cocos2d moves it.
    func testGalaxyRadialModeImportsAsCocos2dMovesIt() throws {
        let source = examples.appendingPathComponent("galaxy.plist").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "galaxy.plist")
        XCTAssertFalse(result.stderr.contains("emitterType"), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: textureFileName: galaxy-star.png not found"), result.stderr)
        // min(2, 3) × 100 = 200.
        XCTAssertEqual(try alive(inspecting: out, at: 2), 200, accuracy: 200 * 0.05)

        // The same particles 0.25 s apart, by serial number.
        func polar(_ store: ParticleStore) -> [UInt32: (radius: Double, angle: Double, age: Double)] {
            var result: [UInt32: (Double, Double, Double)] = [:]
            for i in 0..<store.count {
                let dx = Double(store.x[i]) - 300, dy = Double(store.y[i]) - 300
                result[store.serial[i]] = ((dx * dx + dy * dy).squareRoot(), atan2(dy, dx), Double(store.age[i]))
            }
            return result
        }
        let first = polar(try particles(of: out, at: 2)), second = polar(try particles(of: out, at: 2.25))
        var turns: [Double] = [], checked = 0
        for (serial, a) in first {
            guard let b = second[serial], a.age > 0.05 else { continue }
            // cocos2d: r(age) = r0 + (minRadius − r0) · age / life, so r0 follows from r(a).
            let start = (a.radius - 10 * a.age / 3) / (1 - a.age / 3)
            XCTAssertGreaterThanOrEqual(start, 200 - 0.5, "maxRadius 220 − 20")
            XCTAssertLessThanOrEqual(start, 240 + 0.5, "maxRadius 220 + 20")
            XCTAssertEqual(b.radius, start + (10 - start) * b.age / 3, accuracy: 0.1, "the radius goes linearly to minRadius")
            var turn = (b.angle - a.angle) * 180 / .pi
            if turn > 180 { turn -= 360 }
            if turn < -180 { turn += 360 }
            // Counterclockwise on screen: the y-down angle decreases, by (60 ± 10) × 0.25 degrees.
            XCTAssertGreaterThanOrEqual(-turn / 0.25, 50 - 0.05)
            XCTAssertLessThanOrEqual(-turn / 0.25, 70 + 0.05)
            turns.append(-turn / 0.25)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertEqual(turns.reduce(0, +) / Double(turns.count), 60, accuracy: 1.5, "rotatePerSecond 60")
        XCTAssertGreaterThan(turns.max()! - turns.min()!, 15, "rotatePerSecondVariance 10 is used")
    }

    /// smoke.plist: an embedded gzip-compressed TIFF (decoded by SDL_image, written as a
    /// straight-alpha PNG), screen blending (GL_ONE / GL_ONE_MINUS_SRC_COLOR), and finish size,
    /// color and rotation each with their own variance: a particle about to die has the finish
    /// values within their variances, not the start values' spread.
    func testSmokeCarriesEndValuesWithTheirOwnSpreadAndItsTIFFTexture() throws {
        let source = examples.appendingPathComponent("smoke.plist").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "smoke.plist")
        let texture = out.deletingLastPathComponent().appendingPathComponent("smoke-texture.png")
        let png = try Data(contentsOf: texture)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertFalse(result.stderr.contains("textureImageData"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"compositingFilter\": \"screenBlendMode\"", "\"endScale\": 2,", "\"endScaleRange\": 1,", "\"endRotation\": \"90deg\"",
                         "\"endRotationRange\": \"90deg\"", "\"rotationRange\": \"360deg\"", "\"tangentialAccelerationRange\": 12,",
                         "\"endColor\": [0.85, 0.85, 0.88, 0]", "\"maxParticles\": 120,"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }

        // Particles within 2 % of their birth or death, over several moments (the layer's
        // budget of 120 is full, so births come only as particles die); the tolerances add the
        // change over 2 % of a life.
        var young = 0, old = 0
        for time in stride(from: 2.0, through: 6.9, by: 0.1) {
            let store = try particles(of: out, at: time)
            for i in 0..<store.count {
                let life = store.deathTime[i] - (time - Double(store.age[i]))
                let progress = Double(store.age[i]) / life
                if progress < 0.02 {
                    young += 1
                    // startParticleSize 18 ± 4 on a 32-pixel texture; start color 0.55 ± 0.05.
                    XCTAssertEqual(Double(store.scale[i]) * 32, 18, accuracy: 4 + 1.5)
                    XCTAssertEqual(Double(store.red[i]), 0.55, accuracy: 0.05 + 0.015)
                } else if progress > 0.98 {
                    old += 1
                    // finishParticleSize 64 ± 16; finish color 0.85 ± 0.05, alpha 0.
                    XCTAssertEqual(Double(store.scale[i]) * 32, 64, accuracy: 16 + 1.5)
                    XCTAssertEqual(Double(store.red[i]), 0.85, accuracy: 0.05 + 0.015)
                    XCTAssertEqual(Double(store.alpha[i]), 0, accuracy: 0.02)
                    // rotationEnd 90 ± 45 degrees (clockwise, as fx's).
                    let degrees = Double(store.rotation[i]) * 180 / .pi
                    XCTAssertGreaterThanOrEqual(degrees, 45 - 7)
                    XCTAssertLessThanOrEqual(degrees, 135 + 7)
                }
            }
        }
        XCTAssertGreaterThan(young, 10)
        XCTAssertGreaterThan(old, 10)
    }

    /// Two files read as one effect: a layer each, named after its file, with its own budget
    /// and texture; the effect's budget is their sum.
    func testSeveralFilesMakeOneEffectWithALayerEach() throws {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("chimney.json")
        let result = try FXProcess.run(["import", examples.appendingPathComponent("campfire.plist").path,
                                        examples.appendingPathComponent("smoke.plist").path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
        let effect = try EffectDecoder.load(path: out.path)
        XCTAssertEqual(effect.layers.map(\.name), ["campfire", "smoke"])
        XCTAssertEqual(effect.maxParticles, 240 + 120)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"campfire\": \"chimney-campfire-texture.png\"") && text.contains("\"smoke\": \"chimney-smoke-texture.png\""), text)
        for file in ["chimney-campfire-texture.png", "chimney-smoke-texture.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.deletingLastPathComponent().appendingPathComponent(file).path), file)
        }
        // Each layer keeps to its own budget: the campfire (240) is full after 2 s, the smoke
        // (40 a second for 3 ± 0.5 s, at most 120) too after 4 s.
        let report = try FXProcess.run(["inspect", out.path, "--time", "4"])
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let layers = try XCTUnwrap(json?["layers"] as? [[String: Any]])
        let alive = layers.map { (($0["cells"] as? [[String: Any]])?.first?["alive"] as? Double) ?? -1 }
        XCTAssertEqual(alive[0], 240, accuracy: 24)
        XCTAssertLessThanOrEqual(alive[1], 120)
        XCTAssertGreaterThan(alive[1], 100)
    }

    /// pixi configs and canvas-confetti options read several at a time make one effect too:
    /// each file's layers named after the file (without the dots a key path would split at).
    func testSeveralPixiAndConfettiFilesMakeOneEffect() throws {
        let directory = FXProcess.temporaryDirectory()
        for (files, expected) in [(["flame.json", "ring.json"], ["flame", "ring"]),
                                  (["basic.confetti.json", "school-pride.confetti.json"],
                                   ["basic-confetti", "school-pride-confetti-cannon1", "school-pride-confetti-cannon2"])] {
            let out = directory.appendingPathComponent(expected[0] + "-together.json")
            let result = try FXProcess.run(["import"] + files.map { examples.appendingPathComponent($0).path } + ["--out", out.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let validation = try FXProcess.run(["validate", out.path])
            XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
            let effect = try EffectDecoder.load(path: out.path)
            XCTAssertEqual(effect.layers.map(\.name), expected)
            // Each layer plays as it does alone: the same cells.
            let alone = try EffectDecoder.load(path: try importFile(examples.appendingPathComponent(files[0]).path).0.path)
            XCTAssertEqual(effect.layers[0].emitter?.emitterCells.map(\.name), alone.layers[0].emitter?.emitterCells.map(\.name))
        }
    }

    /// Absurd numbers in any family (1e308, 1e18, negative counts) still make an effect that
    /// `fx validate` accepts: each is brought into fx's range and warned, and no number is
    /// written as text JSON cannot read.
    func testAbsurdNumbersAreClampedIntoAValidEffect() throws {
        let directory = FXProcess.temporaryDirectory()
        let sources: [(String, String)] = [
            ("huge.confetti.json", #"{"particleCount": 1e15, "spread": 1e308, "ticks": 1e20, "decay": 0, "gravity": -1e300, "scalar": 1e9}"#),
            ("huge-pixi.json", #"{"lifetime": {"min": 1e300, "max": 1e308}, "frequency": 1e-300, "emitterLifetime": 1e300, "maxParticles": 1e300, "pos": {"x": 0, "y": 0}, "behaviors": [{"type": "spawnBurst", "config": {"spacing": 0, "start": 0, "distance": 1e300}}], "particlesPerWave": 1e20}"#),
            ("huge.plist", """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>maxParticles</key><real>1e18</real><key>particleLifespan</key><real>2</real>
                <key>emitterType</key><integer>1</integer><key>maxRadius</key><real>1e308</real><key>rotatePerSecond</key><real>1e308</real>
                <key>startParticleSize</key><real>1e308</real><key>finishParticleSize</key><real>-1e308</real>
                </dict></plist>
                """),
        ]
        for (name, text) in sources {
            let source = directory.appendingPathComponent(name)
            try text.write(to: source, atomically: true, encoding: .utf8)
            let out = directory.appendingPathComponent("out-" + name + ".json")
            let result = try FXProcess.run(["import", source.path, "--out", out.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("outside fx's range"), "\(name): \(result.stderr)")
            let validation = try FXProcess.run(["validate", out.path])
            XCTAssertEqual(validation.status, 0, "\(name): " + validation.stdout + validation.stderr)
            XCTAssertFalse(try String(contentsOf: out, encoding: .utf8).contains("inf"), name)
        }
    }

    /// bubbles.pex (Starling): (60 − 1) / 4 = 14.75 particles a second (Starling's
    /// `updateEmissionRate`) over 4 ± 1 s, sizes 14 ± 6 px at birth on the built-in 64-pixel disc
    /// (bubble.png is not there), rising (angle 270 in Starling's y-down space).
    func testBubblesPexImportsAsStarlingEmitsIt() throws {
        let source = examples.appendingPathComponent("bubbles.pex").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "bubbles.pex")
        XCTAssertTrue(result.stderr.contains("bubbles.pex:7: warning: textureFileName: bubble.png not found"), result.stderr)
        // min(t, life) × rate: 2 × 14.75 = 29.5 after 2 s (the shortest lives, 3 s, not yet over).
        XCTAssertEqual(try alive(inspecting: out, at: 2), 29.5, accuracy: 3)
        let store = try particles(of: out, at: 8)
        XCTAssertLessThanOrEqual(store.count, 60, "maxParticles")
        var ups = 0
        for i in 0..<store.count where store.age[i] < 0.2 {
            XCTAssertEqual(Double(store.scale[i]) * 64, 14, accuracy: 6 + 0.5)
            if store.vy[i] < 0 { ups += 1 }
        }
        XCTAssertGreaterThan(ups, 0, "rising: Starling's y-down angle 270 is up on screen")
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"endScale\": 0.46875,", "\"endScaleRange\": 0.3125,", "\"tangentialAccelerationRange\": 60,", "\"endGreenRange\": 0.2,"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
    }

    /// embers.plist: particleLifespan 0 ± 1.118 s, 809 max particles. cocos2d-x's rate,
    /// maxParticles / particleLifespan, is infinite: `update` refills the pool every frame and
    /// `initParticle` draws each life max(0, 0 + 1.118·u), u uniform in −1…1, so half die in the
    /// frame they are added. Run by those rules at 60 frames a second (the pool holds 809 before
    /// the frame's deaths; a living particle lives 0.559 s on average, so about 809 / 0.559 / 60
    /// ≈ 24 of them are replaced a frame), cocos2d has about 785 alive at 0.5 s (772–781 in a
    /// simulation of those rules). fx: within 10 %.
    func testZeroLifespanWithAVarianceKeepsThePoolFullAsCocos2dDoes() throws {
        let source = examples.appendingPathComponent("embers.plist").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "embers.plist")
        XCTAssertTrue(result.stderr.contains("warning: particleLifespan: is 0 with a variance of 1.118 s"), result.stderr)
        for time in [0.5, 2] {
            let alive = try alive(inspecting: out, at: time)
            XCTAssertEqual(alive, 785, accuracy: 785 * 0.1, "at \(time) s")
            XCTAssertLessThanOrEqual(alive, 809, "maxParticles")
        }
        // Lives as cocos2d draws them: uniform in 0…1.118 s among those that live.
        let store = try particles(of: out, at: 2)
        var lives: [Double] = []
        for i in 0..<store.count { lives.append(store.deathTime[i] - 2 + Double(store.age[i])) }
        XCTAssertLessThanOrEqual(lives.max()!, 1.118 + 0.01)
        XCTAssertGreaterThan(lives.max()!, 1.0)
        XCTAssertGreaterThan(lives.min()!, 0)
    }

    /// fire.pex (Starling): angle 270 ± 15 and gravity y −60 in Starling's y-down space
    /// (`PDParticleSystem.initParticle`: velocityY = speed · sin(angle); `advanceParticle`:
    /// velocityY += gravityY · dt), so every flame rises on fx's y-down canvas: its birth
    /// velocity's y is (90 ± 30) · sin(270° ± 15°), between −120 and −57.9, −88.97 on average
    /// (90 · sin 15° / 15° in radians), and gravity makes it rise faster. Rate (301 − 1) / 1.5 =
    /// 200 a second (`updateEmissionRate`); every life is at least 1 s, so 200 alive at 1 s.
    func testStarlingFireRises() throws {
        let source = examples.appendingPathComponent("fire.pex").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "fire.pex")
        XCTAssertEqual(try alive(inspecting: out, at: 1), 200, accuracy: 200 * 0.05)
        let store = try particles(of: out, at: 3)
        var birthVelocities: [Double] = []
        for i in 0..<store.count where store.age[i] > 0.05 {
            let age = Double(store.age[i])
            XCTAssertLessThan(store.y[i], 300, "above the emitter (300, 300): rising")
            XCTAssertLessThan(store.vy[i], 0, "moving up")
            let birth = Double(store.vy[i]) + 60 * age
            XCTAssertGreaterThanOrEqual(birth, -120 - 0.5)
            XCTAssertLessThanOrEqual(birth, -57.9 + 0.5)
            birthVelocities.append(birth)
        }
        XCTAssertGreaterThan(birthVelocities.count, 200)
        XCTAssertEqual(birthVelocities.reduce(0, +) / Double(birthVelocities.count), -88.97, accuracy: 3)
    }

    /// A Starling radial emitter (emitterType 1), as `PDParticleSystem.advanceParticle` moves
    /// it in its own y-down space: at emitter − (cos a, sin a) · r, with a = angle ±
    /// angleVariance turning at rotatePerSecond (90°/s here, clockwise on screen) and r going
    /// linearly from maxRadius (100) to minRadius ± minRadiusVariance (20 ± 10) over the life
    /// (2 s); `initParticle` draws both ends per particle. So the particle of age τ is at the
    /// screen angle 180° + 90°·τ from the emitter (angle 0, no variance) and at a radius between
    /// 100 − 90·τ/2 and 100 − 70·τ/2. A minRadius of −1 is a radius of −1 in Starling, not
    /// cocos2d's "keep the start radius".
    func testStarlingRadialModeTurnsClockwiseOnScreen() throws {
        let directory = FXProcess.temporaryDirectory()
        func pex(minRadius: Double) -> String {
            """
            <particleEmitterConfig>
              <sourcePosition x="300" y="300"/><sourcePositionVariance x="0" y="0"/>
              <speed value="0"/><speedVariance value="0"/>
              <particleLifeSpan value="2"/><particleLifespanVariance value="0"/>
              <angle value="0"/><angleVariance value="0"/><gravity x="0" y="0"/>
              <startColor red="1" green="1" blue="1" alpha="1"/><finishColor red="1" green="1" blue="1" alpha="1"/>
              <maxParticles value="51"/><startParticleSize value="8"/><finishParticleSize value="8"/>
              <duration value="-1"/><emitterType value="1"/>
              <maxRadius value="100"/><maxRadiusVariance value="0"/>
              <minRadius value="\(minRadius)"/><minRadiusVariance value="10"/>
              <rotatePerSecond value="90"/><rotatePerSecondVariance value="0"/>
              <blendFuncSource value="770"/><blendFuncDestination value="771"/>
            </particleEmitterConfig>
            """
        }
        let source = directory.appendingPathComponent("spiral.pex")
        try pex(minRadius: 20).write(to: source, atomically: true, encoding: .utf8)
        let (out, result) = try importFile(source.path)
        try assertImportedAndValid(out, result, source: "spiral.pex")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let layer = try XCTUnwrap((object["layers"] as? [[String: Any]])?.first)
        let emitter = try XCTUnwrap(layer["emitterPosition"] as? [Double])
        let store = try particles(of: out, at: 3)
        var checked = 0
        for i in 0..<store.count where store.age[i] > 0.05 {
            let age = Double(store.age[i])
            let dx = Double(store.x[i]) - emitter[0], dy = Double(store.y[i]) - emitter[1]
            let radius = (dx * dx + dy * dy).squareRoot()
            XCTAssertLessThanOrEqual(radius, 100 - 70 * age / 2 + 0.2, "age \(age)")
            XCTAssertGreaterThanOrEqual(radius, 100 - 90 * age / 2 - 0.2, "age \(age)")
            let expected = 180 + 90 * age
            let angle = atan2(dy, dx) * 180 / .pi
            XCTAssertEqual(remainder(angle - expected, 360), 0, accuracy: 0.5, "age \(age): clockwise on screen from the left")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30)

        try pex(minRadius: -1).write(to: source, atomically: true, encoding: .utf8)
        let (again, _) = try importFile(source.path)
        let orbit = try XCTUnwrap(((try JSONSerialization.jsonObject(with: Data(contentsOf: again)) as? [String: Any])?["layers"] as? [[String: Any]])?
            .first.flatMap { ($0["emitterCells"] as? [[String: Any]])?.first?["orbit"] as? [String: Any] })
        XCTAssertEqual(orbit["endRadius"] as? Double, -1, "Starling shrinks to −1 ± 10")

        // maxParticles 1: Starling's rate (1 − 1) / 2 is 0; said, not silently empty.
        try pex(minRadius: 20).replacingOccurrences(of: "<maxParticles value=\"51\"/>", with: "<maxParticles value=\"1\"/>")
            .write(to: source, atomically: true, encoding: .utf8)
        let (_, single) = try importFile(source.path)
        XCTAssertTrue(single.stderr.contains("spiral.pex:7: warning: maxParticles: is 1: Starling's emission rate, (maxParticles − 1) / particleLifespan, is 0"), single.stderr)
    }

    /// comet.plist, after cocos2d-x's Comet: lifespan 0.39 ± 1.98 s, 1000 max particles, speed
    /// 0 ± 203.95 at 46.85°, gravity (−276.32, 355.26). cocos2d's `initParticle` draws each life
    /// max(0, 0.39 + 1.98·u): lives reach 2.37 s, and the 40 % drawn below 0 die at birth. At
    /// 1000 / 0.39 = 2564 a second, P(life > a) = (2.37 − a) / 3.96, so
    /// 2564 · ∫₀^0.5 P = 686 alive at 0.5 s (679–698 simulated), and the pool is full (1000) by
    /// 2 s. A particle of age a is ½ · 450 · a² + v · a from where it was born: the oldest go
    /// well past 500 points (about 1000 at 2 s in a simulation of cocos2d's rules), and never
    /// past ½ · 450 · 2.37² + 204 · 2.37 + 4.5 = 1752.
    func testCometTailReachesAsFarAsCocos2dSendsIt() throws {
        let source = examples.appendingPathComponent("comet.plist").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "comet.plist")
        XCTAssertTrue(result.stderr.contains("warning: particleLifespanVariance: larger than particleLifespan: lives reach 2.37 s; the 40 %"), result.stderr)
        XCTAssertEqual(try alive(inspecting: out, at: 0.5), 686, accuracy: 686 * 0.05)
        XCTAssertEqual(try alive(inspecting: out, at: 2), 1000, accuracy: 1000 * 0.05)
        let store = try particles(of: out, at: 3)
        var farthest = 0.0, oldest = 0.0
        for i in 0..<store.count {
            let dx = Double(store.x[i]) - 300, dy = Double(store.y[i]) - 300
            let distance = (dx * dx + dy * dy).squareRoot()
            farthest = max(farthest, distance)
            oldest = max(oldest, Double(store.age[i]))
            if store.age[i] > 1.5 {
                // Gravity (−276.32, 355.26) y-up: left and up on fx's canvas, past what the
                // speed (at most 204 along 46.85°, either way) can undo by 1.5 s.
                XCTAssertLessThan(dx, 0)
                XCTAssertLessThan(dy, 0)
            }
        }
        XCTAssertGreaterThan(farthest, 500, "the tail")
        XCTAssertLessThanOrEqual(farthest, 1752)
        XCTAssertGreaterThan(oldest, 2.0, "lives reach 2.37 s")
        XCTAssertLessThanOrEqual(oldest, 2.37 + 0.01)
    }

    /// A binary plist imports as its XML twin does; a Starling pex maps its attributes to the
    /// same keys, y-down as Starling is: the angle, gravity's y and the tangential acceleration
    /// as written (a cocos2d plist turns them over), (50 − 1) / 2 particles a second.
    func testBinaryPlistAndPexImportAsTheirXMLTwin() throws {
        let directory = FXProcess.temporaryDirectory()
        let xml = try Data(contentsOf: examples.appendingPathComponent("campfire.plist"))
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let binaryPath = directory.appendingPathComponent("binary/campfire.plist")
        try FileManager.default.createDirectory(at: binaryPath.deletingLastPathComponent(), withIntermediateDirectories: true)
        try binary.write(to: binaryPath)
        let (fromBinary, binaryRun) = try importFile(binaryPath.path)
        try assertImportedAndValid(fromBinary, binaryRun, source: "campfire.plist")
        let (fromXML, _) = try importFile(examples.appendingPathComponent("campfire.plist").path)
        func body(_ url: URL) throws -> String {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.contains("\"$schema\"") && !$0.contains("\"//\"") }.joined(separator: "\n")
        }
        XCTAssertEqual(try body(fromBinary), try body(fromXML))

        let pex = directory.appendingPathComponent("sparks.pex")
        try """
            <?xml version="1.0"?>
            <particleEmitterConfig>
              <texture name="missing.png"/>
              <sourcePositionVariance x="10" y="0"/>
              <speed value="120"/>
              <speedVariance value="30"/>
              <particleLifeSpan value="2"/>
              <particleLifespanVariance value="0"/>
              <angle value="45"/>
              <angleVariance value="15"/>
              <gravity x="5" y="-100"/>
              <radialAcceleration value="0"/>
              <tangentialAcceleration value="20"/>
              <tangentialAccelVariance value="5"/>
              <startColor red="1" green="0.5" blue="0.25" alpha="1"/>
              <finishColor red="1" green="0.5" blue="0.25" alpha="1"/>
              <maxParticles value="50"/>
              <startParticleSize value="32"/>
              <finishParticleSize value="-1"/>
              <duration value="-1"/>
              <emitterType value="0"/>
              <blendFuncSource value="770"/>
              <blendFuncDestination value="771"/>
            </particleEmitterConfig>
            """.write(to: pex, atomically: true, encoding: .utf8)
        let (out, result) = try importFile(pex.path)
        try assertImportedAndValid(out, result, source: "sparks.pex")
        XCTAssertFalse(result.stderr.contains("tangentialAccelVariance"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sparks.pex:3: warning: textureFileName: missing.png not found"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"birthRate\": 24.5,", "\"emissionLongitude\": \"45deg\",", "\"emissionRange\": \"30deg\",", "\"velocityRange\": 60,",
                         "\"xAcceleration\": 5,", "\"yAcceleration\": -100,", "\"tangentialAcceleration\": 20,", "\"tangentialAccelerationRange\": 10,", "\"scale\": 0.5,",
                         "\"color\": [1, 0.5, 0.25, 1]", "\"emitterSize\": [20, 0]"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        XCTAssertFalse(text.contains("renderMode"), "770/771 is normal blending")
    }

    /// A PNG named by textureFileName beside the source is copied beside the effect and sizes
    /// the particles; embedded data that is neither PNG nor TIFF falls back to "disc", warned.
    func testTextureFilesAreCopiedAndUndecodableDataIsWarned() throws {
        let directory = FXProcess.temporaryDirectory()
        let (campfire, _) = try importFile(examples.appendingPathComponent("campfire.plist").path)
        let png = try Data(contentsOf: campfire.deletingLastPathComponent().appendingPathComponent("campfire-texture.png"))
        try png.write(to: directory.appendingPathComponent("blob.png"))
        func pex(_ texture: String) -> String {
            """
            <particleEmitterConfig>
              \(texture)
              <particleLifeSpan value="1"/>
              <maxParticles value="10"/>
              <speed value="10"/>
              <startParticleSize value="16"/>
              <startColor red="1" green="1" blue="1" alpha="1"/>
              <finishColor red="1" green="1" blue="1" alpha="1"/>
            </particleEmitterConfig>
            """
        }
        let withFile = directory.appendingPathComponent("file.pex")
        try pex(#"<texture name="blob.png"/>"#).write(to: withFile, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out/file.json")
        let run = try FXProcess.run(["import", withFile.path, "--out", out.path])
        try assertImportedAndValid(out, run, source: "file.pex")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out/file-blob.png")), png)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains(#""particle": "file-blob.png""#) && text.contains(#""scale": 0.5,"#), text)
        XCTAssertFalse(run.stderr.contains("textureFileName"), run.stderr)

        let withTIFF = directory.appendingPathComponent("tiff.pex")
        try pex(#"<texture name="gone.png" data="H4sIAAAAAAACA/P01GLgYCAMAK+bmHcoAAAA"/>"#).write(to: withTIFF, atomically: true, encoding: .utf8)
        let (tiffOut, tiffRun) = try importFile(withTIFF.path)
        try assertImportedAndValid(tiffOut, tiffRun, source: "tiff.pex")
        XCTAssertTrue(tiffRun.stderr.contains("tiff.pex:2: warning: textureImageData: neither a PNG nor a readable TIFF once inflated; the built-in \"disc\" is used instead"), tiffRun.stderr)
        let tiffText = try String(contentsOf: tiffOut, encoding: .utf8)
        XCTAssertTrue(tiffText.contains(#""contents": "disc""#) && tiffText.contains(#""scale": 0.25,"#), tiffText)
    }

    func testImportErrorsNameTheFileAndTheFormats() throws {
        let directory = FXProcess.temporaryDirectory()
        let notPlist = directory.appendingPathComponent("notes.plist")
        try "just some text\n".write(to: notPlist, atomically: true, encoding: .utf8)

        let undetected = try FXProcess.run(["import", notPlist.path])
        XCTAssertEqual(undetected.status, 1)
        XCTAssertTrue(undetected.stderr.contains("\(notPlist.path): not a format fx can import; fx imports plist (Particle Designer"), undetected.stderr)

        let forced = try FXProcess.run(["import", notPlist.path, "--from", "plist"])
        XCTAssertEqual(forced.status, 1)
        XCTAssertTrue(forced.stderr.contains("\(notPlist.path):1: error: not a property list"), forced.stderr)

        let unknown = try FXProcess.run(["import", notPlist.path, "--from", "flash"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("unknown format 'flash' for --from; fx imports plist (Particle Designer / cocos2d .plist, Starling .pex)"), unknown.stderr)

        let missing = try FXProcess.run(["import", directory.appendingPathComponent("nowhere.plist").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nowhere.plist: no such file"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("notes.fx.json").path), "nothing written on error")
    }

    /// Without --out the effect is written beside the source as NAME.fx.json.
    func testWithoutOutTheEffectIsWrittenBesideTheSource() throws {
        let directory = FXProcess.temporaryDirectory()
        let copy = directory.appendingPathComponent("galaxy.plist")
        try FileManager.default.copyItem(at: examples.appendingPathComponent("galaxy.plist"), to: copy)
        let result = try FXProcess.run(["import", copy.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = directory.appendingPathComponent("galaxy.fx.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: written.path))
        XCTAssertTrue(try String(contentsOf: written, encoding: .utf8).contains("\"name\": \"galaxy\""))
    }
}
