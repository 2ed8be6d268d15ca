import Foundation
import XCTest

/// `fx import` of Core Animation code whose set-up method takes parameters: a called one is
/// followed with its arguments, one nothing calls runs with a `CGRect` parameter bound to the
/// view's bounds, and an unreadable line names what is unknown. Judged by where Core Animation
/// puts the particles: a `line` emitter (`CAEmitterLayer.emitterShape`) of width `emitterSize.width`
/// centred on `emitterPosition` births particles uniformly along that line, so snow set up across
/// a 390-point view covers x = 0…390.
final class CoreAnimationCodeSetupTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    /// The canvas the importer takes for the app's view: an iPhone's 390 × 844 points.
    let view = (width: 390.0, height: 844.0)

    func importFile(_ source: URL, named name: String) throws -> (URL, FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(name + ".json")
        let result = try FXProcess.run(["import", source.path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
        return (out, result)
    }

    /// Writes `text` to a new file called `name` and imports it.
    func importSource(_ text: String, _ name: String) throws -> (URL, FXProcess.Result) {
        let source = FXProcess.temporaryDirectory().appendingPathComponent(name)
        try text.write(to: source, atomically: true, encoding: .utf8)
        return try importFile(source, named: "setup")
    }

    /// One cell's report from `fx inspect --time`.
    func inspectCell(_ effect: URL, _ path: String, at time: Double) throws -> [String: Any] {
        let result = try FXProcess.run(["inspect", effect.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for layer in (report["layers"] as? [[String: Any]]) ?? [] {
            for cell in (layer["cells"] as? [[String: Any]]) ?? [] where cell["path"] as? String == path { return cell }
        }
        XCTFail("no cell \(path) in \(result.stdout)")
        return [:]
    }

    func range(_ cell: [String: Any], _ axis: String) throws -> (min: Double, mean: Double, max: Double) {
        let stats = try XCTUnwrap(cell[axis] as? [String: Any], "\(axis) in \(cell)")
        return (try XCTUnwrap(stats["min"] as? Double), try XCTUnwrap(stats["mean"] as? Double), try XCTUnwrap(stats["max"] as? Double))
    }

    /// Snow on a line across the view's top edge: Core Animation births along x = 0…width,
    /// uniformly, so with hundreds alive the leftmost is within 10 % of the left edge, the
    /// rightmost within 10 % of the right, and the mean near the middle; all fall (y grows).
    func assertSpansTheView(_ effect: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try String(contentsOf: effect, encoding: .utf8)
        // emitterPosition = (rect.midX, rect.minY), emitterSize.width = rect.width.
        for expected in ["\"emitterPosition\": [\(Int(view.width / 2)), 0]", "\"emitterSize\": [\(Int(view.width)), 1]", "\"emitterShape\": \"line\""] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)", file: file, line: line)
        }
        // 60 a second living 12 s: 480 alive at 8 s.
        let cell = try inspectCell(effect, "emitterCells.flake", at: 8)
        XCTAssertEqual(try XCTUnwrap(cell["alive"] as? Double), 480, accuracy: 480 * 0.05, file: file, line: line)
        let x = try range(cell, "x"), y = try range(cell, "y")
        XCTAssertLessThan(x.min, 0.1 * view.width, "the leftmost flake", file: file, line: line)
        XCTAssertGreaterThan(x.max, 0.9 * view.width, "the rightmost flake", file: file, line: line)
        XCTAssertEqual(x.mean, view.width / 2, accuracy: 0.08 * view.width, file: file, line: line)
        // Born at y = 0 falling at 50 ± 15 pt/s plus 10 pt/s²: ages 0…8 s reach y = 0…(65·8 + 5·64).
        XCTAssertGreaterThanOrEqual(y.min, -2, file: file, line: line)
        XCTAssertGreaterThan(y.mean, 100, file: file, line: line)
        XCTAssertLessThanOrEqual(y.max, 65 * 8 + 5 * 64 + 2, file: file, line: line)
    }

    /// SnowfallView.swift: `init(frame:)` (nothing calls it: the view's frame is the canvas)
    /// calls `setup(rect: frame)`, which places the emitter with `rect.midX`, `rect.minY` and
    /// `max(rect.width, 1)`; `init?(coder:)` is not the one run.
    func testCalledSetUpWithARectangleSpansTheView() throws {
        let (out, result) = try importFile(examples.appendingPathComponent("SnowfallView.swift"), named: "snowfall")
        XCTAssertTrue(result.stderr.contains("SnowfallView.swift:11: warning: frame: init(frame:) is not called in the given files: it is run as set-up with frame = the view's bounds"), result.stderr)
        XCTAssertFalse(result.stderr.contains("could not read"), result.stderr)
        XCTAssertFalse(result.stderr.contains("emitterPosition: not set"), result.stderr)
        try assertSpansTheView(out)
    }

    /// SnowfallViewController.m: `[self setupWithRect:self.view.bounds]` from viewDidLoad, the
    /// method measuring the rectangle with CGRectGetMidX/MinY/Width/Height, MAX and MIN.
    func testObjectiveCSetUpWithARectangleSpansTheView() throws {
        let (out, result) = try importFile(examples.appendingPathComponent("SnowfallViewController.m"), named: "snowfall-objc")
        XCTAssertFalse(result.stderr.contains("could not read"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        // MIN(0.08, CGRectGetHeight(rect) / 1000.0) = MIN(0.08, 0.844).
        XCTAssertTrue(text.contains("\"scale\": 0.08"), text)
        try assertSpansTheView(out)
    }

    /// A set-up method nothing calls, taking the rectangle: run with the view's bounds, warned;
    /// a parameter of another type is unknown and the warning says which.
    func testUncalledSetUpMethodsRunWithTheViewsBounds() throws {
        let swift = """
        import UIKit

        class SnowController: UIViewController {
            let snow = CAEmitterLayer()

            func startSnow(in rect: CGRect) {
                snow.emitterPosition = CGPoint(x: rect.midX, y: rect.minY)
                snow.emitterSize = CGSize(width: rect.width, height: 1)
                snow.emitterShape = .line
                let flake = CAEmitterCell()
                flake.name = "flake"
                flake.birthRate = 60
                flake.lifetime = 12
                flake.velocity = 50
                flake.velocityRange = 15
                flake.yAcceleration = 10
                flake.emissionLongitude = .pi / 2
                flake.emissionRange = .pi / 16
                snow.emitterCells = [flake]
                view.layer.addSublayer(snow)
            }

            func windChanged(strength: CGFloat) {
                snow.emitterCells?.first?.xAcceleration = strength
            }
        }
        """
        let (out, result) = try importSource(swift, "SnowController.swift")
        XCTAssertTrue(result.stderr.contains("SnowController.swift:6: warning: rect: startSnow(in:) is not called in the given files: it is run as set-up with rect = the view's bounds"), result.stderr)
        XCTAssertTrue(result.stderr.contains("SnowController.swift:23: warning: strength: windChanged(strength:) is not called in the given files: it is run as set-up, but its parameter strength (CGFloat) is given only when the app runs"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\"emitterSize\": [390, 1]"), text)
        try assertSpansTheView(out)

        let objectiveC = """
        @implementation SnowController
        - (void)startSnowInSize:(CGSize)size {
            CAEmitterLayer *snow = [CAEmitterLayer layer];
            snow.emitterPosition = CGPointMake(size.width / 2, 0);
            snow.emitterSize = CGSizeMake(size.width, 1);
            snow.emitterShape = kCAEmitterLayerLine;
            CAEmitterCell *flake = [CAEmitterCell emitterCell];
            flake.name = @"flake";
            flake.birthRate = 60;
            flake.lifetime = 12;
            flake.velocity = 50;
            flake.velocityRange = 15;
            flake.yAcceleration = 10;
            flake.emissionLongitude = M_PI_2;
            flake.emissionRange = M_PI / 16;
            snow.emitterCells = @[flake];
        }
        @end
        """
        let (objectiveCOut, objectiveCResult) = try importSource(objectiveC, "SnowController.m")
        XCTAssertTrue(objectiveCResult.stderr.contains("SnowController.m:2: warning: size: startSnowInSize: is not called in the given files: it is run as set-up with size = the view's size"), objectiveCResult.stderr)
        try assertSpansTheView(objectiveCOut)
    }

    /// An unreadable line names what is unknown: the unset view, the parameter, the function
    /// given something it cannot use; not the CGPointMake around them.
    func testUnknownsAreNamedNotTheirEnclosingCall() throws {
        let objectiveC = """
        @interface SnowMaker : NSObject
        @property (nonatomic, strong) UIView *view;
        @end
        @implementation SnowMaker
        - (void)makeSnow {
            CAEmitterLayer *snow = [CAEmitterLayer layer];
            snow.emitterPosition = CGPointMake(CGRectGetWidth(_view.bounds) / 2, 0);
            snow.emitterSize = CGSizeMake(CGRectGetWidth(CGSizeMake(3, 4)), 1);
            CAEmitterCell *flake = [CAEmitterCell emitterCell];
            flake.birthRate = 10;
            flake.lifetime = 2;
            snow.emitterCells = @[flake];
        }
        @end
        """
        let (_, result) = try importSource(objectiveC, "SnowMaker.m")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let position = try XCTUnwrap(lines.first { $0.contains("SnowMaker.m:7: warning: emitterPosition: could not read") }, result.stderr)
        XCTAssertTrue(position.contains("_view is not defined") || position.contains("_view has no value"), position)
        let size = try XCTUnwrap(lines.first { $0.contains("SnowMaker.m:8: warning: emitterSize: could not read") }, result.stderr)
        XCTAssertTrue(size.contains("(CGRectGetWidth(a size) is not read)"), size)
        XCTAssertFalse(result.stderr.contains("the function CGPointMake"), result.stderr)
        XCTAssertFalse(result.stderr.contains("the function CGSizeMake"), result.stderr)
    }
}
