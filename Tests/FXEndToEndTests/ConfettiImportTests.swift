import FXCore
import FXImport
import Foundation
import XCTest

/// `fx import` of canvas-confetti options, judged side by side with canvas-confetti's own
/// per-frame update (its `randomPhysics` and `updateFetti`, run here): the real binary imports,
/// the result validates, and the simulated pieces have canvas-confetti's counts, life, fade,
/// colors and mean positions (to the sampling error: gravity and drift are the layer's slide).
final class ConfettiImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    /// Imports `source` with the fx binary into a new folder; returns the effect's path and the run.
    func importFile(_ source: String, arguments: [String] = []) throws -> (URL, FXProcess.Result) {
        let base = URL(fileURLWithPath: source).deletingPathExtension().deletingPathExtension().lastPathComponent
        let out = FXProcess.temporaryDirectory().appendingPathComponent(base + ".json")
        let result = try FXProcess.run(["import", source, "--out", out.path] + arguments)
        return (out, result)
    }

    /// Writes `json` to a new folder as `name` and imports it.
    func importText(_ json: String, name: String = "options.confetti.json") throws -> (URL, FXProcess.Result) {
        let source = FXProcess.temporaryDirectory().appendingPathComponent(name)
        try json.write(to: source, atomically: true, encoding: .utf8)
        return try importFile(source.path)
    }

    func assertImportedAndValid(_ out: URL, _ result: FXProcess.Result, source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        for warning in result.stderr.split(separator: "\n") where warning.contains(": warning: ") {
            XCTAssertNotNil(warning.range(of: #"^.*\#(source):\d+: warning: [\w.]+: .+"#, options: .regularExpression), String(warning), file: file, line: line)
        }
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(out.path): ok", validation.stderr, file: file, line: line)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"//\": \"Imported by fx import from \(source) (canvas-confetti options, JSON)"), text, file: file, line: line)
    }

    /// `fx inspect`'s cells at `time`: path, alive, mean x, mean y, mean alpha, per layer.
    func inspect(_ path: URL, at time: Double) throws -> [(layer: String, cell: String, alive: Double, x: Double, y: Double, alpha: Double)] {
        let result = try FXProcess.run(["inspect", path.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var cells: [(String, String, Double, Double, Double, Double)] = []
        for layer in report["layers"] as? [[String: Any]] ?? [] {
            for cell in layer["cells"] as? [[String: Any]] ?? [] {
                func mean(_ key: String) -> Double { ((cell[key] as? [String: Any])?["mean"] as? Double) ?? .nan }
                cells.append((layer["name"] as? String ?? "", cell["path"] as? String ?? "", cell["alive"] as? Double ?? -1,
                              mean("x"), mean("y"), mean("alpha")))
            }
        }
        return cells
    }

    /// The effect's cells as written (by layer), for reading the mapped numbers.
    func cells(of path: URL) throws -> [[String: Any]] {
        let effect = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        return (effect["layers"] as? [[String: Any]] ?? []).flatMap { $0["emitterCells"] as? [[String: Any]] ?? [] }
    }

    // MARK: - canvas-confetti, as its source computes it

    /// canvas-confetti's options, with its defaults.
    struct Options {
        var particleCount = 50, angle = 90.0, spread = 45.0, startVelocity = 45.0, decay = 0.9, gravity = 1.0, drift = 0.0
        var ticks = 200.0, originX = 0.5, originY = 0.5
    }

    /// The mean position of `count` pieces after `frames` calls of canvas-confetti's
    /// `updateFetti` (x += cos(angle2D)·velocity + drift; y += sin(angle2D)·velocity + 3·gravity;
    /// velocity *= decay), born as its `randomPhysics` makes them, on a 1280 × 800 canvas. A
    /// seeded generator stands for Math.random.
    func canvasConfettiMean(_ options: Options, frames: Int, count: Int = 20_000) -> (x: Double, y: Double) {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let radAngle = options.angle * .pi / 180, radSpread = options.spread * .pi / 180
        var sumX = 0.0, sumY = 0.0
        for _ in 0..<count {
            var velocity = options.startVelocity * 0.5 + random() * options.startVelocity
            let angle2D = -radAngle + (0.5 * radSpread - random() * radSpread)
            var x = 1280 * options.originX, y = 800 * options.originY
            for _ in 0..<frames {
                x += cos(angle2D) * velocity + options.drift
                y += sin(angle2D) * velocity + options.gravity * 3
                velocity *= options.decay
            }
            sumX += x
            sumY += y
        }
        return (sumX / Double(count), sumY / Double(count))
    }

    /// The layers' `animations` (the slide that carries canvas-confetti's gravity and drift), by layer.
    func layerAnimations(of path: URL) throws -> [[[String: Any]]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any]
        let layers = try XCTUnwrap(object?["layers"] as? [[String: Any]])
        return layers.map { $0["animations"] as? [[String: Any]] ?? [] }
    }

    // MARK: - Tests

    /// The mean position of 20 000 pieces after 30, 60 and 120 frames is canvas-confetti's, read
    /// with `fx inspect` at 0.5, 1 and 2 s, to the sampling error alone (5 pt: the two means'
    /// standard error is 1.4 pt): the decay, the start speed's factor, the angle and spread, the
    /// origin, and the constant fall and drift (the layer's slide) are exact. Before the slide,
    /// fx gave the pieces an acceleration instead and was up to 28 pt off at 0.5 s.
    func testTheMeanPositionFollowsCanvasConfettisFrames() throws {
        var options = Options()
        options.particleCount = 20_000; options.angle = 60; options.spread = 50; options.startVelocity = 40
        options.decay = 0.92; options.gravity = 0.8; options.drift = 1; options.ticks = 150
        options.originX = 0.2; options.originY = 0.9
        let (out, result) = try importText("""
            {"particleCount": 20000, "angle": 60, "spread": 50, "startVelocity": 40, "decay": 0.92, "gravity": 0.8,
             "drift": 1, "ticks": 150, "shapes": ["square"], "colors": ["#ff0000"], "origin": {"x": 0.2, "y": 0.9}}
            """)
        try assertImportedAndValid(out, result, source: "options.confetti.json")
        XCTAssertFalse(result.stderr.contains(": warning: "), "nothing approximated: \(result.stderr)")
        for frames in [30, 60, 120] {
            let time = Double(frames) / 60
            let canvas = canvasConfettiMean(options, frames: frames)
            let cell = try XCTUnwrap(try inspect(out, at: time).first)
            XCTAssertEqual(cell.alive, 20_000)
            XCTAssertEqual(cell.x, canvas.x, accuracy: 5, "frame \(frames): mean x")
            XCTAssertEqual(cell.y, canvas.y, accuracy: 5, "frame \(frames): mean y")
        }
        let slide = try XCTUnwrap(try layerAnimations(of: out).first?.first)
        XCTAssertEqual(slide["keyPath"] as? String, "transform.translation")
        XCTAssertEqual(slide["toValue"] as? [Double], [60 * 1 * 2.5, 180 * 0.8 * 2.5], "(60·drift, 180·gravity) pt a second over the 2.5 s life")
        XCTAssertEqual(slide["duration"] as? Double, 2.5)
        // Without gravity and drift there is nothing approximated: fx's mean is canvas-confetti's.
        var still = options
        still.gravity = 0; still.drift = 0
        let (exact, exactRun) = try importText("""
            {"particleCount": 20000, "angle": 60, "spread": 50, "startVelocity": 40, "decay": 0.92, "gravity": 0,
             "ticks": 150, "shapes": ["square"], "colors": ["#ff0000"], "origin": {"x": 0.2, "y": 0.9}}
            """)
        XCTAssertFalse(exactRun.stderr.contains(": warning: "), exactRun.stderr)
        let canvas = canvasConfettiMean(still, frames: 45)
        let cell = try XCTUnwrap(try inspect(exact, at: 0.75).first)
        XCTAssertEqual(cell.x, canvas.x, accuracy: 5)
        XCTAssertEqual(cell.y, canvas.y, accuracy: 5)
    }

    /// The per-frame numbers become per-second ones as docs/importing.md's table says.
    func testTheMappedNumbers() throws {
        let (out, result) = try importText(##"{"particleCount": 10, "startVelocity": 30, "decay": 0.8, "ticks": 120, "angle": 45, "spread": 90, "shapes": ["square"], "colors": ["#00ff00"]}"##)
        XCTAssertEqual(result.status, 0, result.stderr)
        let cell = try XCTUnwrap(try cells(of: out).first)
        let k = -60 * log(0.8)
        XCTAssertEqual(cell["linearDamping"] as? Double ?? 0, k, accuracy: 1e-5, "decay per frame: e^(−k/60) = 0.8")
        XCTAssertEqual(cell["velocity"] as? Double ?? 0, 60 * 30 * -log(0.8) / 0.2, accuracy: 1e-4)
        XCTAssertEqual(cell["velocityRange"] as? Double ?? 0, 60 * 30 * -log(0.8) / 0.2, accuracy: 1e-4, "uniform on [0.5, 1.5) × startVelocity")
        XCTAssertEqual(cell["lifetime"] as? Double, 2)
        XCTAssertEqual(cell["alphaSpeed"] as? Double ?? 0, -0.5, accuracy: 1e-6)
        XCTAssertEqual(cell["emissionLongitude"] as? String, "-45deg")
        XCTAssertEqual(cell["emissionRange"] as? String, "90deg")
        XCTAssertEqual(cell["burstCount"] as? Double, 10)
        XCTAssertEqual(cell["color"] as? String, "#00ff00")
        let flutter = try XCTUnwrap(cell["flutter"] as? [String: Double])
        XCTAssertEqual(flutter["wobble"], 5, "a square's centre circles 5·scalar px from its position")
        XCTAssertEqual(flutter["tiltSpeed"], 5.52)
        XCTAssertEqual(cell["scale"] as? Double ?? 0, 10 / 2.0.squareRoot() / 61, accuracy: 1e-6)
        // gravity 1 (the default), not written: the layer slides 180 pt a second for the 2 s life.
        XCTAssertNil(cell["yAcceleration"], "the fall is the layer's, not the pieces' acceleration")
        let slide = try XCTUnwrap(try layerAnimations(of: out).first?.first)
        XCTAssertEqual(slide["toValue"] as? [Double], [0, 360])
        XCTAssertEqual(slide["fillMode"] as? String, "forwards")
    }

    /// `flat` pieces do not tumble: no flutter, no turning, and their whole size (a square of
    /// 10·scalar, a circle 12·scalar across).
    func testFlatPiecesDoNotTumble() throws {
        let (out, result) = try importText(##"{"particleCount": 11, "flat": true, "scalar": 2, "shapes": ["circle", "square"], "colors": ["#123456"]}"##)
        try assertImportedAndValid(out, result, source: "options.confetti.json")
        let written = try cells(of: out)
        XCTAssertEqual(written.map { $0["name"] as? String }, ["square", "circle"])
        XCTAssertEqual(written.map { $0["burstCount"] as? Double }, [6, 5], "11 split in half, the remainder to the first")
        for cell in written {
            XCTAssertNil(cell["flutter"])
            XCTAssertNil(cell["spin"])
            XCTAssertNil(cell["rotation"])
        }
        XCTAssertEqual(written[0]["scale"] as? Double ?? 0, 20.0 / 61, accuracy: 1e-6)
        XCTAssertEqual(written[1]["scale"] as? Double ?? 0, 24.0 / 60, accuracy: 1e-6)
    }

    /// basic.confetti.json: 120 pieces (60 squares, 60 circles: canvas-confetti's default shapes),
    /// all alive until ticks / 60 = 3.33 s and none after; the alpha falls as 1 − t / life.
    func testBasicLivesAndFadesAsCanvasConfetti() throws {
        let source = examples.appendingPathComponent("basic.confetti.json").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "basic.confetti.json")
        XCTAssertTrue(result.stderr.contains("basic.confetti.json:1: warning: shapes: canvas-confetti picks each piece's shape at random"), result.stderr)
        for time in [0.5, 1.0, 2.5, 3.3] {
            let cells = try inspect(out, at: time)
            XCTAssertEqual(cells.map(\.cell), ["emitterCells.square", "emitterCells.circle"])
            XCTAssertEqual(cells.map(\.alive).reduce(0, +), 120, "t = \(time)")
            for cell in cells { XCTAssertEqual(cell.alpha, 1 - time / (200.0 / 60), accuracy: 0.002, "t = \(time)") }
        }
        XCTAssertEqual(try inspect(out, at: 3.35).map(\.alive).reduce(0, +), 0, "gone after 200 frames")
        // Emitted at origin (0.5, 0.6) of 1280 × 800.
        let effect = try EffectDecoder.load(path: out.path)
        XCTAssertEqual(effect.canvas.size, Size(width: 1280, height: 800))
    }

    /// school-pride.confetti.json: two calls, two layers, from the bottom corners toward the
    /// middle; every newborn piece is exactly one of the three colors, each used by 20 of a
    /// cannon's 60 pieces (canvas-confetti's colors[i mod 3]).
    func testSchoolPrideIsTwoCannonsInTheGivenColors() throws {
        let source = examples.appendingPathComponent("school-pride.confetti.json").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "school-pride.confetti.json")
        XCTAssertFalse(result.stderr.contains(": warning: "), "one shape, no gravity key: nothing approximated to warn of: \(result.stderr)")
        let effect = try EffectDecoder.load(path: out.path)
        let player = EffectPlayer(effect: effect)
        player.seek(to: 1.0 / 120)
        let palette: [(Float, Float, Float)] = [(0xbb / 255, 0, 0), (0xf2 / 255, 0xb7 / 255, 0x05 / 255), (0x1d / 255, 0x3f / 255, 0x8f / 255)]
        let emitters = player.snapshot().emitters
        XCTAssertEqual(emitters.map(\.name), ["cannon1", "cannon2"])
        for emitter in emitters {
            let store = try XCTUnwrap(emitter.cells.first?.particles)
            XCTAssertEqual(store.count, 60)
            var uses = [0, 0, 0]
            for i in 0..<store.count {
                let match = palette.firstIndex { abs($0.0 - store.red[i]) < 1e-3 && abs($0.1 - store.green[i]) < 1e-3 && abs($0.2 - store.blue[i]) < 1e-3 }
                XCTAssertNotNil(match, "piece \(i) of \(emitter.name) is \(store.red[i]), \(store.green[i]), \(store.blue[i])")
                if let match { uses[match] += 1 }
                XCTAssertEqual(store.alpha[i], 1, accuracy: 0.01)
            }
            XCTAssertEqual(uses, [20, 20, 20], emitter.name)
        }
        // The left cannon fires up and right (angle 60), the right one up and left (120).
        let cells = try inspect(out, at: 0.5)
        XCTAssertEqual(cells.map(\.layer), ["cannon1", "cannon2"])
        XCTAssertGreaterThan(cells[0].x, 0 + 100)
        XCTAssertLessThan(cells[1].x, 1280 - 100)
        XCTAssertLessThan(cells[0].y, 640 - 100)
        XCTAssertEqual(cells[0].x + cells[1].x, 1280, accuracy: 40, "mirror images")
    }

    /// stars.confetti.json: shapes [star, star, circle] split 27 / 13 of 40; stars do not
    /// flutter, circles tilt and turn; zIndex is warned on its line; gravity 0 is exact.
    func testStarsSplitTheShapesAndWarnZIndex() throws {
        let source = examples.appendingPathComponent("stars.confetti.json").path
        let (out, result) = try importFile(source)
        try assertImportedAndValid(out, result, source: "stars.confetti.json")
        XCTAssertTrue(result.stderr.contains("stars.confetti.json:12: warning: zIndex: ignored"), result.stderr)
        XCTAssertTrue(result.stderr.contains("stars.confetti.json:9: warning: shapes:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("27 stars"), result.stderr)
        let written = try cells(of: out)
        XCTAssertEqual(written.map { $0["name"] as? String }, ["circle", "star"])
        XCTAssertEqual(written.map { $0["burstCount"] as? Double }, [13, 27])
        XCTAssertNil(written[1]["flutter"], "canvas-confetti never squashes a star")
        XCTAssertNotNil(written[0]["flutter"])
        XCTAssertNil(written[0]["yAcceleration"], "gravity 0")
        XCTAssertEqual(try layerAnimations(of: out).first?.count, 0, "gravity 0, no drift: the layer stays")
        XCTAssertEqual(written[1]["scale"] as? Double ?? 0, 8 * 1.4 / 30, accuracy: 1e-6, "8·scalar to the points")
        XCTAssertEqual(try inspect(out, at: 1.0).map(\.alive).reduce(0, +), 40)
        XCTAssertEqual(try inspect(out, at: 1.55).map(\.alive).reduce(0, +), 0, "ticks 90: 1.5 s")
    }

    /// Detection: an object or list of objects with canvas-confetti's keys; not an fx effect,
    /// not a plist. Errors name the file and line; wrong values are warned and defaulted.
    func testDetectionErrorsAndWarnings() throws {
        func source(_ text: String) -> ImportSource { ImportSource(path: "x.json", data: Data(text.utf8)) }
        XCTAssertTrue(CanvasConfettiImporter.detects(source(#"{"particleCount": 100}"#)))
        XCTAssertTrue(CanvasConfettiImporter.detects(source(#"[{"angle": 60, "spread": 55}, {"angle": 120}]"#)))
        XCTAssertFalse(CanvasConfettiImporter.detects(source(#"{"fx": 1, "layers": [], "particleCount": 3}"#)))
        XCTAssertFalse(CanvasConfettiImporter.detects(source(#"{"angle": 60}"#)), "no key only canvas-confetti uses")
        XCTAssertFalse(CanvasConfettiImporter.detects(source("<plist></plist>")))
        XCTAssertEqual(try EffectImport.detectFormat(of: [source(#"{"ticks": 100}"#)]), .confetti)

        let directory = FXProcess.temporaryDirectory()
        let broken = directory.appendingPathComponent("broken.json")
        try "{\n  \"particleCount\": 100,\n  \"spread\": \n}\n".write(to: broken, atomically: true, encoding: .utf8)
        let failed = try FXProcess.run(["import", broken.path, "--from", "confetti"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("\(broken.path):4: error: not JSON"), failed.stderr)
        let scalar = directory.appendingPathComponent("number.json")
        try "42\n".write(to: scalar, atomically: true, encoding: .utf8)
        let notObject = try FXProcess.run(["import", scalar.path, "--from", "confetti"])
        XCTAssertEqual(notObject.status, 1)
        XCTAssertTrue(notObject.stderr.contains("canvas-confetti options are a JSON object, or a list of objects"), notObject.stderr)

        let (out, result) = try importText("""
            {"particleCount": "lots",
             "colors": ["#f00", "nope", 7],
             "shapes": ["square", "heart"],
             "decay": 1.2,
             "useWorker": true,
             "ticks": "60"}
            """, name: "odd.json")
        XCTAssertEqual(result.status, 0, result.stderr)
        for expected in ["odd.json:1: warning: particleCount: expected a number, got a string: canvas-confetti's default 50 is used",
                         "odd.json:2: warning: colors: \"nope\" is not a hex color",
                         "odd.json:2: warning: colors: a value that is not a string",
                         "odd.json:3: warning: shapes: \"heart\" is not a shape fx draws: drawn as a square",
                         "odd.json:4: warning: decay: 1.2 makes the pieces speed up",
                         "odd.json:5: warning: useWorker: not a canvas-confetti option: it is an option of confetti.create()"] {
            XCTAssertTrue(result.stderr.contains(expected), "missing \(expected) in\n\(result.stderr)")
        }
        let cell = try XCTUnwrap(try cells(of: out).first)
        XCTAssertEqual(cell["burstCount"] as? Double, 50)
        XCTAssertEqual(cell["color"] as? String, "#ff0000", "#f00 doubled, as hexToRgb reads it")
        XCTAssertEqual(cell["lifetime"] as? Double, 1, "\"60\" read as Number(\"60\")")
        XCTAssertNil(cell["linearDamping"], "decay 1: no damping")
    }
}
