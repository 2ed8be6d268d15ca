import FXCore
import FXImport
import Foundation
import XCTest

/// `fx import` of Core Animation set-up code (Swift and Objective-C), judged side by side with
/// what Core Animation does with the source's numbers: the real binary imports, the result
/// validates, and the simulated particles have the counts, speeds, angles, colors and scales
/// the code gives its cells. Lines it cannot read are warned with their file and line.
final class CoreAnimationCodeImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    /// Imports `sources` with the fx binary into a new folder; returns the effect's path and the run.
    func importFiles(_ sources: [String], named name: String, arguments: [String] = []) throws -> (URL, FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(name + ".json")
        let result = try FXProcess.run(["import"] + sources + ["--out", out.path] + arguments)
        return (out, result)
    }

    func assertImportedAndValid(_ out: URL, _ result: FXProcess.Result, sources: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let pattern = "^.*(" + sources.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + #"):\d+: warning: \w+: .+"#
        for warning in result.stderr.split(separator: "\n") where warning.contains(": warning: ") {
            XCTAssertNotNil(warning.range(of: pattern, options: .regularExpression), String(warning), file: file, line: line)
        }
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr, file: file, line: line)
        XCTAssertEqual(validation.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(out.path): ok", file: file, line: line)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n  \"$schema\": "), text, file: file, line: line)
        XCTAssertTrue(text.contains("\"//\": \"Imported by fx import from \(sources.joined(separator: ", ")) (Core Animation code"), text, file: file, line: line)
    }

    /// The cells of `fx inspect` at `time`, by path (`emitterCells.flake`).
    func inspect(_ path: URL, at time: Double) throws -> [String: [String: Any]] {
        let result = try FXProcess.run(["inspect", path.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        var cells: [String: [String: Any]] = [:]
        for layer in (report?["layers"] as? [[String: Any]]) ?? [] {
            for cell in (layer["cells"] as? [[String: Any]]) ?? [] { cells[cell["path"] as? String ?? ""] = cell }
        }
        return cells
    }

    /// Every cell's particles at `time`, by cell path, simulated in-process.
    func cells(of path: URL, at time: Double) throws -> [String: ParticleStore] {
        let player = EffectPlayer(effect: try EffectDecoder.load(path: path.path))
        player.seek(to: time)
        var result: [String: ParticleStore] = [:]
        for emitter in player.snapshot().emitters {
            for cell in emitter.cells { result[cell.path] = cell.particles }
        }
        return result
    }

    /// Birth speeds and emission angles (degrees, y down) of a cell's particles, with the
    /// constant acceleration undone.
    func birthMotion(_ store: ParticleStore, xAcceleration: Double = 0, yAcceleration: Double) -> (speeds: [Double], angles: [Double]) {
        var speeds: [Double] = [], angles: [Double] = []
        for i in 0..<store.count {
            let age = Double(store.age[i])
            let vx = Double(store.vx[i]) - xAcceleration * age, vy = Double(store.vy[i]) - yAcceleration * age
            speeds.append((vx * vx + vy * vy).squareRoot())
            angles.append(atan2(vy, vx) * 180 / .pi)
        }
        return (speeds, angles)
    }

    func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

    /// ConfettiView.swift: five cells made by a factory from a color list, on a line across the
    /// top of a view whose bounds become a 390 × 844 canvas; a CABasicAnimation tapers the
    /// layer's birthRate from 1 to 0 over 2 s; stopConfetti() is not run.
    func testConfettiViewImportsLikeCoreAnimationEmitsIt() throws {
        let source = examples.appendingPathComponent("ConfettiView.swift").path
        let (out, result) = try importFiles([source], named: "confetti")
        try assertImportedAndValid(out, result, sources: ["ConfettiView.swift"])
        for expected in ["ConfettiView.swift:28: warning: canvas: bounds depends on the app's view, whose size is known only when the app runs: the view is taken as an iPhone's screen, 390 × 844 points",
                         "ConfettiView.swift:62: warning: contents: the image \"confetti\" is not beside the source: the built-in \"rect\" is used (chosen by the name: \"confetti\")",
                         "ConfettiView.swift:63: warning: particleType: dropped",
                         "ConfettiView.swift:67: warning: stopConfetti: not run"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        }
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"size\": [390, 844]", "\"emitterPosition\": [195, -10]", "\"emitterSize\": [390, 1]", "\"emitterShape\": \"line\"",
                         "\"emissionLongitude\": \"90deg\"", "\"emissionRange\": \"45deg\"", "\"keyPath\": \"birthRate\""] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        XCTAssertFalse(text.contains("beginTime"), "CACurrentMediaTime() is now: the effect's start")

        // Each cell emits 12 a second times the layer's birthRate, 1 − t/2 until 2 s: 12 in all,
        // all alive at 3 s (lifetime 6 ± 0.5).
        let report = try inspect(out, at: 3)
        XCTAssertEqual(report.count, 5)
        for (_, cell) in report {
            XCTAssertEqual(try XCTUnwrap(cell["alive"] as? Double), 12, accuracy: 1.5)
        }
        // At 1 s: 12 × (1 − 1/4) = 9 each.
        for (_, cell) in try inspect(out, at: 1) {
            XCTAssertEqual(try XCTUnwrap(cell["alive"] as? Double), 9, accuracy: 1.5)
        }

        let stores = try cells(of: out, at: 2)
        let colors: [String: [Float]] = [
            "emitterCells.confetti": [0.95, 0.26, 0.21], "emitterCells.confetti2": [1, 0.76, 0.03],
            "emitterCells.confetti3": [52 / 255, 199 / 255, 89 / 255], "emitterCells.confetti4": [0.13, 0.59, 0.95],
            "emitterCells.confetti5": [1, 45 / 255, 85 / 255],
        ]
        var speeds: [Double] = [], angles: [Double] = [], scales: [Double] = []
        for (path, store) in stores {
            let motion = birthMotion(store, yAcceleration: 40)
            speeds += motion.speeds
            angles += motion.angles
            let color = try XCTUnwrap(colors[path], path)
            for i in 0..<store.count {
                XCTAssertEqual(store.red[i], color[0], accuracy: 0.01, path)
                XCTAssertEqual(store.green[i], color[1], accuracy: 0.01, path)
                XCTAssertEqual(store.blue[i], color[2], accuracy: 0.01, path)
                scales.append(Double(store.scale[i]))
            }
        }
        XCTAssertGreaterThan(speeds.count, 40)
        // velocity = fallSpeed = 180, velocityRange = fallSpeed / 3 = 60: 150…210.
        XCTAssertEqual(mean(speeds), 180, accuracy: 6)
        XCTAssertGreaterThanOrEqual(speeds.min()!, 150 - 1)
        XCTAssertLessThanOrEqual(speeds.max()!, 210 + 1)
        // emissionLongitude = .pi / 2 (down), emissionRange = CGFloat.pi / 4: 67.5…112.5 degrees.
        XCTAssertEqual(mean(angles), 90, accuracy: 3)
        XCTAssertGreaterThanOrEqual(angles.min()!, 67.5 - 0.5)
        XCTAssertLessThanOrEqual(angles.max()!, 112.5 + 0.5)
        XCTAssertGreaterThan(angles.max()! - angles.min()!, 35, "the spread is used")
        // scale = ConfettiView.pieceScale = 0.12, scaleRange 0.04: 0.10…0.14.
        XCTAssertEqual(mean(scales), 0.12, accuracy: 0.005)
        XCTAssertGreaterThanOrEqual(scales.min()!, 0.1 - 1e-4)
        XCTAssertLessThanOrEqual(scales.max()!, 0.14 + 1e-4)
    }

    /// SnowEmitter.m: Objective-C with #define and static const, [CAEmitterLayer layer],
    /// kCAEmitterLayer constants, [flake setScale:0.1], [[UIColor colorWithRed:…] CGColor],
    /// @[flake, bigFlake], a frame that makes the canvas.
    func testSnowEmitterObjectiveCImportsLikeCoreAnimationEmitsIt() throws {
        let source = examples.appendingPathComponent("SnowEmitter.m").path
        let (out, result) = try importFiles([source], named: "snow")
        try assertImportedAndValid(out, result, sources: ["SnowEmitter.m"])
        XCTAssertTrue(result.stderr.contains("SnowEmitter.m:60: warning: magnificationFilter: dropped: fx filters textures linearly"), result.stderr)
        XCTAssertTrue(result.stderr.contains("SnowEmitter.m:72: warning: xAcceleration: could not read"), result.stderr)
        XCTAssertTrue(result.stderr.contains("SnowEmitter.m:47: warning: contents: the image \"snowflake\" is not beside the source: the built-in \"snowflake\""), result.stderr)
        XCTAssertFalse(result.stderr.contains("SnowEmitter.m:21:"), "self.view.backgroundColor is not the emitter's: no warning")
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"size\": [360, 640]", "\"position\": [180, 320]", "\"bounds\": [360, 640]", "\"emitterPosition\": [180, -20]",
                         "\"emitterSize\": [432, 0]", "\"emitterShape\": \"line\"", "\"emitterMode\": \"outline\"", "\"renderMode\": \"oldestFirst\"",
                         "\"seed\": 42", "\"shadowOffset\": [0, 1]", "\"lifetime\": 7,", "\"spin\": -0.4"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        // flake: 20 a second living FLAKE_LIFETIME = 14 s; bigFlake: 2 a second for 14 / 2 = 7 s.
        let report = try inspect(out, at: 10)
        XCTAssertEqual(try XCTUnwrap(report["emitterCells.flake"]?["alive"] as? Double), 200, accuracy: 200 * 0.05)
        XCTAssertEqual(try XCTUnwrap(report["emitterCells.bigFlake"]?["alive"] as? Double), 14, accuracy: 3)

        let stores = try cells(of: out, at: 10)
        let flakes = try XCTUnwrap(stores["emitterCells.flake"])
        let motion = birthMotion(flakes, xAcceleration: 2.5, yAcceleration: 6)
        // velocity 40 ± 10; emissionLongitude M_PI_2, emissionRange DRIFT = M_PI / 12: 82.5…97.5 degrees.
        XCTAssertEqual(mean(motion.speeds), 40, accuracy: 2)
        XCTAssertGreaterThanOrEqual(motion.speeds.min()!, 30 - 0.5)
        XCTAssertLessThanOrEqual(motion.speeds.max()!, 50 + 0.5)
        XCTAssertEqual(mean(motion.angles), 90, accuracy: 1.5)
        XCTAssertGreaterThanOrEqual(motion.angles.min()!, 82.5 - 0.3)
        XCTAssertLessThanOrEqual(motion.angles.max()!, 97.5 + 0.3)
        for i in 0..<flakes.count {
            // colorWithRed:0.9 green:0.95 blue:1.0 alpha:0.9, alpha falling 0.03 a second.
            XCTAssertEqual(flakes.red[i], 0.9, accuracy: 0.01)
            XCTAssertEqual(flakes.green[i], 0.95, accuracy: 0.01)
            XCTAssertEqual(flakes.alpha[i], 0.9 - 0.03 * flakes.age[i], accuracy: 0.01)
            // setScale:0.1, setScaleRange:0.05.
            XCTAssertGreaterThanOrEqual(flakes.scale[i], 0.075 - 1e-4)
            XCTAssertLessThanOrEqual(flakes.scale[i], 0.125 + 1e-4)
        }
    }

    /// FireworksLayer.swift and FireworksCells.swift: a CAEmitterLayer subclass whose init sets
    /// its own properties (no self.), and CAEmitterCell subclasses with their own initialisers
    /// in another file, read as one effect; a CABasicAnimation on a cell's key path.
    func testSubclassPairInTwoFilesImportsAsOneEffect() throws {
        let layerSource = examples.appendingPathComponent("FireworksLayer.swift").path
        let cellSource = examples.appendingPathComponent("FireworksCells.swift").path
        let (out, result) = try importFiles([layerSource, cellSource], named: "fireworks")
        try assertImportedAndValid(out, result, sources: ["FireworksLayer.swift", "FireworksCells.swift"])
        for expected in ["FireworksLayer.swift:7: warning: FireworksLayer: nothing in the given files makes this CAEmitterLayer subclass",
                         "FireworksCells.swift:67: warning: style: could not read"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        }
        XCTAssertFalse(result.stderr.contains("wobble"), result.stderr)
        // The CAKeyframeAnimation of emitterPosition, two values over Core Animation's default
        // 0.25 s, linear: halfway between them at 0.125 s.
        let wobble = try FXProcess.run(["inspect", out.path, "--time", "0.125", "--keypath", "fireworks.emitterPosition"])
        XCTAssertTrue(wobble.stdout.contains("\"fireworks.emitterPosition\": [200, 600]"), wobble.stdout + wobble.stderr)
        let effect = try EffectDecoder.load(path: out.path)
        let layer = try XCTUnwrap(effect.layers.first)
        XCTAssertEqual(layer.emitter?.emitterShape, .line)
        XCTAssertEqual(layer.emitter?.renderMode, .additive)
        XCTAssertEqual(layer.emitter?.emitterPosition, Point(x: 200, y: 600))
        let rocket = try XCTUnwrap(layer.emitter?.emitterCells.first)
        XCTAssertEqual(rocket.name, "rocket")
        // velocity = burstHeight / rocketLife + 0.5 × 120 × rocketLife = 380 / 1.6 + 96.
        XCTAssertEqual(rocket.velocity, 380 / 1.6 + 96, accuracy: 1e-6)
        XCTAssertEqual(rocket.emissionLongitude, -.pi / 2, accuracy: 1e-9)
        XCTAssertEqual(rocket.emissionRange, .pi / 10, accuracy: 1e-9)
        XCTAssertEqual(rocket.emitterCells.map(\.name), ["trail", "burst"])
        let trail = rocket.emitterCells[0], burst = rocket.emitterCells[1]
        // TrailCell(color: .systemOrange) with alpha 0.8.
        XCTAssertEqual(trail.color.red, 1, accuracy: 1e-6)
        XCTAssertEqual(trail.color.green, 149 / 255, accuracy: 1e-6)
        XCTAssertEqual(trail.color.alpha, 0.8, accuracy: 1e-6)
        // UIColor(hue: 0.12, saturation: 0.6, brightness: 1).
        XCTAssertEqual(burst.color.red, 1, accuracy: 1e-6)
        XCTAssertEqual(burst.color.green, 1 - 0.6 * (1 - 0.72), accuracy: 1e-6)
        XCTAssertEqual(burst.color.blue, 0.4, accuracy: 1e-6)
        XCTAssertEqual(burst.timing.beginTime, 1.55, accuracy: 1e-6)

        // The burst emits 4000 a second for 0.05 s of each rocket's life from 1.55 s: 200 per
        // rocket. Every rocket born by 1.45 s has burst by 3 s.
        let early = try inspect(out, at: 1.45), late = try inspect(out, at: 3)
        let rockets = try XCTUnwrap(early["emitterCells.rocket"]?["born"] as? Double)
        let sparks = try XCTUnwrap(late["emitterCells.rocket.emitterCells.burst"]?["born"] as? Double)
        XCTAssertGreaterThan(rockets, 2)
        XCTAssertEqual(sparks, 200 * rockets, accuracy: 200 * rockets * 0.03)
        // The animation starts the rockets at 3 a second, easing out to 1.5 over 4 s.
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"keyPath\": \"emitterCells.rocket.birthRate\"", "\"fromValue\": 3", "\"toValue\": 1.5", "\"timingFunction\": \"easeOut\""] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }

        // The cells' file alone: no layer, so fx makes one and says so.
        let (cellsOnly, cellsRun) = try importFiles([cellSource], named: "rockets")
        try assertImportedAndValid(cellsOnly, cellsRun, sources: ["FireworksCells.swift"])
        XCTAssertTrue(cellsRun.stderr.contains("warning: CAEmitterLayer: no emitter layer is made in the given files"), cellsRun.stderr)
    }

    /// The expressions the importer evaluates, each checked against the number Core Animation
    /// would get: π in its spellings, arithmetic, constants (let, #define, static const),
    /// colors, geometry and enumerations in Swift and Objective-C spellings.
    func testExpressionsConstantsColorsAndEnumerations() throws {
        let swift = """
            import UIKit
            let baseRate: Float = 4
            let spread = CGFloat.pi / 8
            func setUp() {
                let emitter = CAEmitterLayer()
                emitter.emitterPosition = CGPoint(x: 100 + 20 * 2, y: (300 - 100) / 4)
                emitter.emitterSize = CGSize(width: 50, height: -(-10))
                emitter.emitterShape = CAEmitterLayerEmitterShape.circle
                emitter.emitterMode = .surface
                emitter.renderMode = kCAEmitterLayerAdditive
                let a = CAEmitterCell()
                a.name = "a"
                a.birthRate = baseRate * 2.5
                a.lifetime = 3
                a.emissionLongitude = Float.pi
                a.emissionRange = spread * 2
                a.spin = -.pi / 2
                a.color = UIColor(white: 0.5, alpha: 0.25).cgColor
                a.contents = UIImage(named: "star")?.cgImage
                let b = CAEmitterCell()
                b.name = "b"
                b.birthRate = 1
                b.lifetime = 1
                b.color = UIColor.systemPink.cgColor
                b.redRange = Float(0x0F) / 100
                b.isEnabled = false
                b.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
                b.contents = UIImage(named: "ember")!.cgImage
                a.emitterCells = [b]
                emitter.emitterCells = [a]
                let c = CAEmitterCell()
                c.contents = #imageLiteral(resourceName: "heart")
                c.color = #colorLiteral(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
                let h = CAEmitterCell()
                h.color = UIColor(hex: "#33ff66", alpha: 0.5).cgColor
                emitter.emitterCells?.append(h)
                emitter.emitterCells?.append(c)
                let pulse = CABasicAnimation(keyPath: #keyPath(CAEmitterLayer.birthRate))
                pulse.fromValue = 1
                pulse.toValue = NSNumber(value: 0.5)
                pulse.autoreverses = true
                pulse.repeatCount = .infinity
                emitter.add(pulse, forKey: nil)
            }
            """
        let objectiveC = """
            #define RATE (3 + 1) * 2
            #define DEGREES(x) ((x) * M_PI / 180)
            #define UIColorFromRGB(v) [UIColor colorWithRed:((float)((v & 0xFF0000) >> 16)) / 255.0 green:((float)((v & 0xFF00) >> 8)) / 255.0 blue:((float)(v & 0xFF)) / 255.0 alpha:1.0]
            static const CGFloat kSpeed = 25.0;
            - (void)setUp {
                CAEmitterLayer *emitter = [CAEmitterLayer layer];
                emitter.emitterPosition = CGPointMake(10, 20);
                emitter.emitterShape = kCAEmitterLayerCuboid;
                [emitter setRenderMode:kCAEmitterLayerBackToFront];
                CAEmitterCell *c = [CAEmitterCell emitterCell];
                c.name = @"c";
                [c setBirthRate:RATE];
                c.lifetime = 2;
                c.velocity = kSpeed * -2;
                c.emissionLatitude = M_PI_4;
                c.emissionRange = DEGREES(60);
                c.spin = DEGREES(-45) * 2;
                CAEmitterCell *d = [CAEmitterCell emitterCell];
                d.name = @"d";
                d.color = UIColorFromRGB(0x3366FF).CGColor;
                [c setScale:0.1];
                c.color = [[UIColor colorWithRed:1.0 green:0.5 blue:0.0 alpha:1.0] CGColor];
                c.contents = (id)[[UIImage imageNamed:@"blob"] CGImage];
                emitter.emitterCells = @[c, d];
            }
            """
        func imported(_ text: String, _ name: String) throws -> (String, [ImportWarning]) {
            let source = ImportSource(path: name, data: Data(text.utf8))
            XCTAssertEqual(try EffectImport.detectFormat(of: [source]), .swift)
            let result = try EffectImport.run([source], name: "test")
            return (result.effect.serialized(), result.warnings)
        }
        let (fromSwift, swiftWarnings) = try imported(swift, "Setup.swift")
        for expected in ["\"emitterPosition\": [140, 50]", "\"emitterSize\": [50, 10]", "\"emitterShape\": \"circle\"", "\"emitterMode\": \"surface\"",
                         "\"renderMode\": \"additive\"", "\"birthRate\": 10", "\"emissionLongitude\": \"180deg\"", "\"emissionRange\": \"45deg\"",
                         "\"spin\": \"-90deg\"", "\"color\": [0.5, 0.5, 0.5, 0.25]", "\"contents\": \"star\"", "\"enabled\": false",
                         "\"color\": [1, 0.176471, 0.333333, 1]", "\"contentsRect\": [0, 0, 0.5, 1]", "\"contents\": \"spark\"",
                         "\"name\": \"c\"", "\"contents\": \"heart\"", "\"color\": [0.25, 0.5, 0.75, 1]", "\"keyPath\": \"birthRate\"",
                         "\"toValue\": 0.5", "\"autoreverses\": true", "\"repeatCount\": \"infinity\"", "\"redRange\": 0.15",
                         "\"name\": \"h\"", "\"color\": [0.2, 1, 0.4, 0.5]"] {
            XCTAssertTrue(fromSwift.contains(expected), "\(expected) in\n\(fromSwift)")
        }
        // Sub-cell b is inside a's emitterCells.
        XCTAssertNotNil(fromSwift.range(of: #""name": "a",[\s\S]*"emitterCells": \[\s*\{\s*"name": "b""#, options: .regularExpression), fromSwift)
        XCTAssertTrue(swiftWarnings.contains { $0.line == 19 && $0.key == "contents" && $0.message.contains("the built-in \"star\"") }, "\(swiftWarnings)")
        XCTAssertTrue(swiftWarnings.contains { $0.line == 5 && $0.key == "canvas" }, "\(swiftWarnings)")
        XCTAssertTrue(swiftWarnings.contains { $0.key == "hex" && $0.message.contains("UIColor(hex:) is the app's own extension: read as the hex color \"#33ff66\"") }, "\(swiftWarnings)")

        let (fromObjectiveC, _) = try imported(objectiveC, "Setup.m")
        for expected in ["\"emitterPosition\": [10, 20]", "\"emitterShape\": \"cuboid\"", "\"renderMode\": \"backToFront\"", "\"birthRate\": 8",
                         "\"velocity\": -50", "\"emissionLatitude\": \"45deg\"", "\"scale\": 0.1", "\"color\": [1, 0.5, 0, 1]", "\"contents\": \"disc\"",
                         "\"emissionRange\": \"60deg\"", "\"spin\": \"-90deg\"", "\"color\": [0.2, 0.4, 1, 1]"] {
            XCTAssertTrue(fromObjectiveC.contains(expected), "\(expected) in\n\(fromObjectiveC)")
        }
    }

    /// Hostile set-ups finish, warned, in bounded memory: a string doubled in a loop is cut,
    /// nested loops of a billion passes stop at the step budget, branching recursion is not
    /// followed, and a while loop is named as not run.
    /// Objective-C's loops: C's `for (int i = 0; i < 3; i++)` runs its body three times (three
    /// cells named by `stringWithFormat:`, colored by `[colors[i] CGColor]`, whose birth rates follow i, so Core Animation has 10, 20 and 30 a second alive
    /// after 1 s of 2 s lives), `k -= 5` steps count down, fast enumeration
    /// (`for (CAEmitterCell *cell in cells)`) binds the last word, a loop that never ends stops
    /// at 1000 passes, and one whose condition is known only at run time is warned.
    func testObjectiveCLoopsRunAsCWouldRunThem() throws {
        let directory = FXProcess.temporaryDirectory()
        let source = directory.appendingPathComponent("Loops.m")
        try """
            #import <UIKit/UIKit.h>
            @implementation LoopsView
            - (void)viewDidLoad {
                [super viewDidLoad];
                CAEmitterLayer *emitter = [CAEmitterLayer layer];
                emitter.frame = CGRectMake(0, 0, 300, 300);
                emitter.emitterPosition = CGPointMake(150, 150);
                NSMutableArray *cells = [NSMutableArray array];
                NSArray *colors = @[[UIColor redColor], [UIColor greenColor], [UIColor blueColor]];
                for (int i = 0; i < 3; i++) {
                    CAEmitterCell *cell = [CAEmitterCell emitterCell];
                    cell.name = [NSString stringWithFormat:@"spark%d-%.1f%%", i, i / 2.0];
                    cell.color = [colors[i] CGColor];
                    cell.birthRate = 10 * (i + 1);
                    cell.lifetime = 2;
                    cell.contents = (id)[[UIImage imageNamed:@"dot"] CGImage];
                    [cells addObject:cell];
                }
                CGFloat spin = 0;
                for (NSInteger k = 10; k > 0; k -= 5) { spin += 1; }
                for (int forever = 0; forever >= 0; ++forever) { spin += 0; }
                for (CAEmitterCell *cell in cells) { cell.spin = spin; }
                for (int j = 0; j < self.count; j++) { [cells addObject:[CAEmitterCell emitterCell]]; }
                emitter.emitterCells = cells;
                [self.view.layer addSublayer:emitter];
            }
            @end
            """.write(to: source, atomically: true, encoding: .utf8)
        let (out, result) = try importFiles([source.path], named: "loops")
        try assertImportedAndValid(out, result, sources: ["Loops.m"])
        XCTAssertTrue(result.stderr.contains("Loops.m:23: warning: for: could not read the loop's condition"), result.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let written = try XCTUnwrap((object["layers"] as? [[String: Any]])?.first?["emitterCells"] as? [[String: Any]])
        XCTAssertEqual(written.map { $0["birthRate"] as? Double }, [10, 20, 30], "i = 0, 1, 2")
        XCTAssertEqual(written.map { $0["name"] as? String }, ["spark0-0-0%", "spark1-0-5%", "spark2-1-0%"], "stringWithFormat: %d, %.1f and %% (dots become -, as in every imported name)")
        XCTAssertEqual(written.map { $0["color"] as? [Double] }, [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1]], "[colors[i] CGColor]")
        XCTAssertEqual(written.compactMap { $0["spin"] as? Double }, [2, 2, 2], "k = 10, 5: two passes; every cell of the enumeration")
        let cells = try inspect(out, at: 1)
        XCTAssertEqual(cells.values.map { $0["alive"] as? Double ?? 0 }.sorted(), [10, 20, 30])
    }

    func testHostileSetUpsAreCutShortAndWarned() throws {
        let directory = FXProcess.temporaryDirectory()
        func setUp(_ body: String, extra: String = "") -> String {
            """
            import UIKit
            \(extra)
            final class HostileView: UIView {
                override func awakeFromNib() {
                    let emitter = CAEmitterLayer()
                    emitter.emitterPosition = CGPoint(x: 100, y: 100)
                    let cell = CAEmitterCell()
                    cell.birthRate = 10
                    cell.lifetime = 1
                    cell.contents = UIImage(named: "dot")?.cgImage
            \(body)
                    emitter.emitterCells = [cell]
                    layer.addSublayer(emitter)
                }
            }
            """
        }
        let cases: [(String, String, String, String)] = [
            ("Doubling", setUp("""
                        var s = "ab"
                        for _ in 0..<60 { s = s + s }
                        cell.name = s
                """), "", "a string longer than 65536 bytes"),
            ("Nested", setUp("""
                        var many: [CAEmitterCell] = []
                        for _ in 0..<1000 { for _ in 0..<1000 { for _ in 0..<1000 { let c = CAEmitterCell(); c.birthRate = 1; c.lifetime = 1; c.contents = UIImage(named: "dot")?.cgImage; many.append(c) } } }
                """), "", "stopped after 20000 statements and calls"),
            ("Branching", setUp("""
                        cell.emitterCells = [a(), a()]
                """, extra: """
                func a() -> CAEmitterCell { let c = CAEmitterCell(); c.emitterCells = [b(), b()]; return c }
                func b() -> CAEmitterCell { let c = CAEmitterCell(); c.emitterCells = [a(), a()]; return c }
                """), "", "a recursive call of a"),
            ("Forever", setUp("""
                        var x = 0
                        while true { x += 1 }
                """), "", "while: not run: fx follows only for … in loops"),
        ]
        for (name, code, _, expected) in cases {
            let source = directory.appendingPathComponent(name + ".swift")
            try code.write(to: source, atomically: true, encoding: .utf8)
            let (out, result) = try importFiles([source.path], named: name.lowercased())
            try assertImportedAndValid(out, result, sources: [name + ".swift"])
            XCTAssertTrue(result.stderr.contains(expected), "\(name): \(result.stderr)")
        }
    }

    /// Lines touching an emitter or cell that the importer cannot read are warned with their
    /// line; a file with no emitter, a file that is not text, and a missing file exit 1.
    func testUnreadableLinesAreWarnedAndUnreadableFilesFail() throws {
        let directory = FXProcess.temporaryDirectory()
        let source = directory.appendingPathComponent("Partial.swift")
        try """
            import UIKit

            final class PartialViewController: UIViewController {
                let emitter = CAEmitterLayer()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let cell = CAEmitterCell()
                    cell.birthRate = Float(loadRateFromServer())
                    cell.lifetime = 2
                    cell.velocity = Float.random(in: 100...200)
                    cell.emissionRange = .pi * 2
                    cell.contents = renderedDot().cgImage
                    cell.frobnicate(3)
                    emitter.emitterPosition = CGPoint(x: 100, y: 100)
                    emitter.emitterCells = [cell]
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                        self.emitter.birthRate = 0
                    }
                    view.layer.addSublayer(emitter)
                }
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let (out, result) = try importFiles([source.path], named: "partial")
        try assertImportedAndValid(out, result, sources: ["Partial.swift"])
        for expected in ["Partial.swift:9: warning: birthRate: could not read Float(loadRateFromServer())",
                         "Partial.swift:11: warning: random: a random number at set-up (100…200): the middle, 150, is used",
                         "Partial.swift:13: warning: contents: could not read renderedDot().cgImage",
                         "Partial.swift:14: warning: cell: could not read cell.frobnicate(3)",
                         "Partial.swift:17: warning: asyncAfter: not read: this block runs later"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        }
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"velocity\": 150"), text)
        XCTAssertFalse(text.contains("\"birthRate\": 0"), "the later stop is not applied")

        // A Swift file with no emitter: exit 1, naming the file.
        let plain = directory.appendingPathComponent("Plain.swift")
        try "import Foundation\nlet greeting = \"hello\"\nprint(greeting)\n".write(to: plain, atomically: true, encoding: .utf8)
        let none = try FXProcess.run(["import", plain.path])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("\(plain.path):1: error: no layer (CALayer, CAShapeLayer, CATextLayer, CAGradientLayer, CAReplicatorLayer, CAEmitterLayer…) and no CAEmitterCell is set up in Plain.swift"), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Plain.fx.json").path), "nothing written on error")

        // Not text: exit 1.
        let binary = directory.appendingPathComponent("Binary.m")
        try Data([0xFF, 0xFE, 0x00, 0xC3, 0x28, 0xA0, 0xA1]).write(to: binary)
        let unreadable = try FXProcess.run(["import", binary.path])
        XCTAssertEqual(unreadable.status, 1)
        XCTAssertTrue(unreadable.stderr.contains("\(binary.path): not UTF-8 text"), unreadable.stderr)

        // Missing: exit 1.
        let missing = try FXProcess.run(["import", directory.appendingPathComponent("Nowhere.swift").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("Nowhere.swift: no such file"), missing.stderr)

        // Detected by content without a Swift extension; --from swift names it.
        let snippet = directory.appendingPathComponent("snippet.txt")
        try "let cell = CAEmitterCell()\ncell.birthRate = 5\ncell.lifetime = 1\n".write(to: snippet, atomically: true, encoding: .utf8)
        let (fromText, textRun) = try importFiles([snippet.path], named: "snippet")
        try assertImportedAndValid(fromText, textRun, sources: ["snippet.txt"])
        let (forced, forcedRun) = try importFiles([snippet.path], named: "forced", arguments: ["--from", "swift"])
        try assertImportedAndValid(forced, forcedRun, sources: ["snippet.txt"])
    }

    /// An image named by the code with a PNG of that name beside the source, or in an asset
    /// catalog beside it, is copied beside the effect and used, not replaced by a built-in shape.
    func testAnImageBesideTheSourceIsCopied() throws {
        let directory = FXProcess.temporaryDirectory()
        // Any PNG: a golden thumbnail of the repository, named as an @2x asset.
        let png = directory.appendingPathComponent("glow@2x.png")
        try FileManager.default.copyItem(at: FXProcess.packageRoot.appendingPathComponent("Tests/Goldens/thumbnails/bubbles.png"), to: png)
        let source = directory.appendingPathComponent("Glow.swift")
        try """
            let emitter = CAEmitterLayer()
            emitter.emitterPosition = CGPoint(x: 195, y: 400)
            let cell = CAEmitterCell()
            cell.birthRate = 10
            cell.lifetime = 1
            cell.contents = UIImage(named: "glow")?.cgImage
            emitter.emitterCells = [cell]
            """.write(to: source, atomically: true, encoding: .utf8)
        let (out, result) = try importFiles([source.path], named: "glow")
        try assertImportedAndValid(out, result, sources: ["Glow.swift"])
        XCTAssertFalse(result.stderr.contains("warning: contents"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"glow\": \"glow-glow@2x.png\""), text)
        XCTAssertTrue(text.contains("\"contents\": \"glow\""), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.deletingLastPathComponent().appendingPathComponent("glow-glow@2x.png").path))

        // In an asset catalog, the @3x image is an iPhone's; UIScreen.main.scale is 3. Two cells
        // sharing a name: the second is renamed, warned.
        let catalog = directory.appendingPathComponent("App/Assets.xcassets/Icons/coin.imageset")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let thumbnails = FXProcess.packageRoot.appendingPathComponent("Tests/Goldens/thumbnails")
        try FileManager.default.copyItem(at: thumbnails.appendingPathComponent("bubbles.png"), to: catalog.appendingPathComponent("coin@3x.png"))
        try FileManager.default.copyItem(at: thumbnails.appendingPathComponent("card-flip.png"), to: catalog.appendingPathComponent("coin@2x.png"))
        let coins = directory.appendingPathComponent("App/Coins.swift")
        try """
            let emitter = CAEmitterLayer()
            emitter.emitterPosition = CGPoint(x: 195, y: 100)
            let coin = CAEmitterCell()
            coin.name = "coin"
            coin.birthRate = 3
            coin.lifetime = 2
            coin.contents = UIImage(named: "coin")?.cgImage
            coin.contentsScale = UIScreen.main.scale
            let shine = CAEmitterCell()
            shine.name = "coin"
            emitter.emitterCells = [coin, shine]
            """.write(to: coins, atomically: true, encoding: .utf8)
        let (coinsOut, coinsRun) = try importFiles([coins.path], named: "coins")
        try assertImportedAndValid(coinsOut, coinsRun, sources: ["Coins.swift"])
        let coinsText = try String(contentsOf: coinsOut, encoding: .utf8)
        XCTAssertTrue(coinsText.contains("\"coin\": \"coins-coin@3x.png\""), coinsText)
        XCTAssertTrue(coinsText.contains("\"contentsScale\": 3"), coinsText)
        XCTAssertEqual(try Data(contentsOf: coinsOut.deletingLastPathComponent().appendingPathComponent("coins-coin@3x.png")),
                       try Data(contentsOf: catalog.appendingPathComponent("coin@3x.png")))
        XCTAssertTrue(coinsRun.stderr.contains("Coins.swift:8: warning: UIScreen: UIScreen.main.scale is the device's: 3"), coinsRun.stderr)
        XCTAssertTrue(coinsRun.stderr.contains("Coins.swift:10: warning: name: another cell beside it is named \"coin\": this one is \"coin2\""), coinsRun.stderr)
    }

    /// A view whose layerClass is CAEmitterLayer (`layer as!` in a computed property, with
    /// Swift's implicit return), constants in an enum declared after the view, `if let` taken,
    /// `viewDidDisappear` not run; an Objective-C cell subclass made with
    /// `[[SnowCell alloc] initWithColor:]` and a `(CAEmitterLayer *)self.layer` cast.
    func testLayerBackedViewsAndObjectiveCSubclasses() throws {
        let directory = FXProcess.temporaryDirectory()
        let swift = directory.appendingPathComponent("Backed.swift")
        try """
            class EmitterView: UIView {
                override class var layerClass: AnyClass { CAEmitterLayer.self }
                var emitterLayer: CAEmitterLayer { layer as! CAEmitterLayer }

                override func awakeFromNib() {
                    super.awakeFromNib()
                    emitterLayer.emitterPosition = CGPoint(x: Constants.x, y: 50)
                    emitterLayer.emitterShape = "rectangle"
                    let cell = CAEmitterCell()
                    cell.birthRate = Constants.rate
                    cell.lifetime = 1
                    cell.contents = UIImage(named: "coin")?.cgImage
                    if let image = UIImage(named: "star") {
                        cell.contents = image.cgImage
                    } else {
                        cell.birthRate = 0
                    }
                    emitterLayer.emitterCells = [cell]
                    emitterLayer.setValue(42, forKeyPath: "emitterCells.cell.velocity")
                }

                override func viewDidDisappear(_ animated: Bool) {
                    emitterLayer.birthRate = 0
                }
            }
            enum Constants {
                static let rate: Float = 7
                static let x: CGFloat = 33
            }
            """.write(to: swift, atomically: true, encoding: .utf8)
        let (out, result) = try importFiles([swift.path], named: "backed")
        try assertImportedAndValid(out, result, sources: ["Backed.swift"])
        let effect = try EffectDecoder.load(path: out.path)
        XCTAssertEqual(effect.layers.count, 1, "one layer: the view's")
        let emitter = try XCTUnwrap(effect.layers.first?.emitter)
        XCTAssertEqual(emitter.emitterPosition, Point(x: 33, y: 50))
        XCTAssertEqual(emitter.emitterShape, .rectangle)
        XCTAssertEqual(emitter.emitterCells.first?.birthRate, 7)
        XCTAssertEqual(emitter.emitterCells.first?.contents, .builtin(.star))
        XCTAssertEqual(emitter.birthRate, 1, "viewDidDisappear's birthRate = 0 is not applied")
        XCTAssertTrue(result.stderr.contains("Backed.swift:22: warning: viewDidDisappear: not run"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Backed.swift:19: warning: velocity: could not read setValue(_:forKeyPath: \"emitterCells.cell.velocity\"): no cell named \"cell\""), result.stderr)

        let objectiveC = directory.appendingPathComponent("Cells.m")
        try """
            @interface SnowCell : CAEmitterCell
            @end
            @implementation SnowCell
            - (instancetype)initWithColor:(UIColor *)color {
                self = [super init];
                if (self) {
                    self.birthRate = 3;
                    self.lifetime = 2;
                    self.color = color.CGColor;
                }
                return self;
            }
            @end
            @implementation SnowView
            + (Class)layerClass { return [CAEmitterLayer class]; }
            - (void)awakeFromNib {
                CAEmitterLayer *emitter = (CAEmitterLayer *)self.layer;
                emitter.emitterPosition = CGPointMake(10, 10);
                emitter.frame = [UIScreen mainScreen].bounds;
                emitter.emitterCells = @[[[SnowCell alloc] initWithColor:[UIColor orangeColor]]];
            }
            @end
            """.write(to: objectiveC, atomically: true, encoding: .utf8)
        let (fromObjectiveC, objectiveCRun) = try importFiles([objectiveC.path], named: "cells")
        try assertImportedAndValid(fromObjectiveC, objectiveCRun, sources: ["Cells.m"])
        let cellsEffect = try EffectDecoder.load(path: fromObjectiveC.path)
        XCTAssertEqual(cellsEffect.canvas.size, Size(width: 390, height: 844))
        let cell = try XCTUnwrap(cellsEffect.layers.first?.emitter?.emitterCells.first)
        XCTAssertEqual(cell.birthRate, 3)
        XCTAssertEqual(cell.lifetime, 2)
        XCTAssertEqual(cell.color, Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        XCTAssertTrue(objectiveCRun.stderr.contains("Cells.m:19: warning: canvas: UIScreen.main.bounds depends on the app's view"), objectiveCRun.stderr)
    }


    /// A snippet pasted without its class (self is the missing class), cells whose image is
    /// drawn in code from a color and a size (a tinted built-in square brought to that size),
    /// and a CAAnimationGroup of CABasicAnimations (fx's group).
    func testImagesDrawnInCodeAndAnimationGroups() throws {
        let directory = FXProcess.temporaryDirectory()
        let source = directory.appendingPathComponent("Streamers.m")
        try """
            - (void)showStreamers {
                CAEmitterLayer *streamers = [CAEmitterLayer layer];
                streamers.emitterPosition = self.view.center;
                streamers.emitterShape = kCAEmitterLayerPoint;
                CAEmitterCell *green = [self streamerWithImage:[self imageOfColor:[UIColor greenColor] size:CGSizeMake(10, 40)]];
                green.name = @"green";
                CAEmitterCell *pink = [self streamerWithImage:[self imageOfColor:[UIColor magentaColor] size:CGSizeMake(30, 15)]];
                pink.name = @"pink";
                pink.color = [UIColor colorWithWhite:1 alpha:0.5].CGColor;
                streamers.emitterCells = @[green, pink];
                [streamers addAnimation:[self fadeOut] forKey:@"fade"];
                [self.view.layer addSublayer:streamers];
            }

            - (CAEmitterCell *)streamerWithImage:(UIImage *)image {
                CAEmitterCell *cell = [CAEmitterCell emitterCell];
                cell.contents = (__bridge id)image.CGImage;
                cell.birthRate = 20;
                cell.lifetime = 3;
                cell.velocity = 120;
                cell.emissionRange = M_PI * 2;
                return cell;
            }

            - (UIImage *)imageOfColor:(UIColor *)color size:(CGSize)size {
                UIGraphicsBeginImageContext(size);
                [color setFill];
                UIRectFill(CGRectMake(0, 0, size.width, size.height));
                UIImage *image = UIGraphicsGetImageFromCurrentImageContext();
                UIGraphicsEndImageContext();
                return image;
            }

            - (CAAnimationGroup *)fadeOut {
                CABasicAnimation *green = [CABasicAnimation animation];
                green.keyPath = @"emitterCells.green.birthRate";
                green.fromValue = @20;
                green.toValue = @0;
                CABasicAnimation *pink = [CABasicAnimation animationWithKeyPath:@"emitterCells.pink.birthRate"];
                pink.toValue = @0;
                CAAnimationGroup *group = [CAAnimationGroup animation];
                group.animations = @[green, pink];
                group.duration = 2;
                group.fillMode = kCAFillModeForwards;
                group.removedOnCompletion = NO;
                return group;
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let (out, result) = try importFiles([source.path], named: "streamers")
        try assertImportedAndValid(out, result, sources: ["Streamers.m"])
        XCTAssertTrue(result.stderr.contains("Streamers.m:17: warning: contents: an image drawn in code, which the importer cannot run: the built-in \"square\" is used, tinted with the color it is drawn in, 0, 1, 0, 1 and brought to its 10 × 40 points by contentsScale"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Streamers.m:3: warning: canvas: self.view.center depends on the app's view"), result.stderr)
        let effect = try EffectDecoder.load(path: out.path)
        let layer = try XCTUnwrap(effect.layers.first)
        XCTAssertEqual(layer.emitter?.emitterPosition, Point(x: 195, y: 422))
        let cells = try XCTUnwrap(layer.emitter?.emitterCells)
        XCTAssertEqual(cells.map(\.name), ["green", "pink"])
        // 10 × 40 points: a 64-pixel square at contentsScale 64 / √(10 × 40) = 3.2 is 20 points, the same area.
        XCTAssertEqual(cells[0].contents, .builtin(.square))
        XCTAssertEqual(cells[0].contentsScale, 3.2, accuracy: 1e-6)
        XCTAssertEqual(cells[0].color, Color(red: 0, green: 1, blue: 0, alpha: 1))
        // 30 × 15 points is wide: the 64 × 32 rect at 64 / 30; magenta times the cell's half-transparent white.
        XCTAssertEqual(cells[1].contents, .builtin(.rect))
        XCTAssertEqual(cells[1].contentsScale, 64.0 / 30, accuracy: 1e-6)
        XCTAssertEqual(cells[1].color, Color(red: 1, green: 0, blue: 1, alpha: 0.5))
        let size = try XCTUnwrap(cells[1].contents?.pixelSize)
        XCTAssertEqual(size.width / cells[1].contentsScale, 30, accuracy: 1e-4, "the particle is the image's width")
        // The group: birth rates from 20 to 0 over 2 s; at 1 s each cell has made 20 × (1 − t/2) integrated: 15.
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"type\": \"group\""), text)
        let report = try inspect(out, at: 1)
        XCTAssertEqual(try XCTUnwrap(report["emitterCells.green"]?["born"] as? Double), 15, accuracy: 2)
        XCTAssertEqual(try XCTUnwrap(report["emitterCells.pink"]?["born"] as? Double), 15, accuracy: 2)
        let later = try inspect(out, at: 2.5)
        XCTAssertEqual(try XCTUnwrap(later["emitterCells.green"]?["born"] as? Double), 20, accuracy: 2, "nothing born after the fade")
    }


    /// A view controller's methods run in UIKit's order whatever their order in the file; a
    /// property set again by a later one keeps its first value, warned; teardown methods are
    /// found by the words of their names (sendConfetti runs, tearDownEmitter does not).
    func testEntryPointsRunInUIKitOrder() throws {
        let directory = FXProcess.temporaryDirectory()
        let source = directory.appendingPathComponent("Order.swift")
        try """
            final class OrderViewController: UIViewController {
                let emitter = CAEmitterLayer()
                let cell = CAEmitterCell()

                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    cell.birthRate = 8
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    emitter.emitterPosition = CGPoint(x: 100, y: 100)
                    cell.birthRate = 5
                    cell.contents = UIImage(named: "dot")?.cgImage
                    emitter.emitterCells = [cell]
                }

                func sendConfetti() {
                    cell.lifetime = 3
                }

                func tearDownEmitter() {
                    cell.lifetime = 0
                }
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let (out, result) = try importFiles([source.path], named: "order")
        try assertImportedAndValid(out, result, sources: ["Order.swift"])
        let cell = try XCTUnwrap(try EffectDecoder.load(path: out.path).layers.first?.emitter?.emitterCells.first)
        XCTAssertEqual(cell.birthRate, 5)
        XCTAssertEqual(cell.lifetime, 3)
        XCTAssertTrue(result.stderr.contains("Order.swift:7: warning: birthRate: set again in viewDidAppear (first set in viewDidLoad): the first value is kept"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Order.swift:22: warning: tearDownEmitter: not run"), result.stderr)
        XCTAssertFalse(result.stderr.contains("sendConfetti"), result.stderr)
    }

}
