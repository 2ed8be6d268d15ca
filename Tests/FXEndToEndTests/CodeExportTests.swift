import FXCore
import FXEffects
import FXExport
import Foundation
import XCTest

/// `fx export --to swift|objc`: the code reads back through `fx import` to the same effect. A
/// tree made by hand with every kind of value the writers print (emitter, cells and a built-in
/// texture, shape, gradient, text and replicator layers, a mask, transforms with perspective,
/// basic, keyframe, spring and group animations) is written for iOS and macOS and imported
/// back key by key; every shipped effect whose export has no warnings is exported, imported
/// and hashed at three times against the original (the image hash of `fx hash`).
final class CodeExportTests: XCTestCase {
    // MARK: - A tree by hand

    static func property(_ name: String, _ value: CoreAnimationValue, swift: String? = nil) -> CoreAnimationProperty {
        CoreAnimationProperty(name: name, swiftName: swift, value: value)
    }

    static func object(_ className: String, _ name: String, _ properties: [CoreAnimationProperty]) -> CoreAnimationObject {
        var object = CoreAnimationObject(className: className, variableName: name)
        object.properties = properties
        return object
    }

    /// Every kind of object and value the writers print.
    static func handMadeDocument(platform: ExportPlatform) -> CoreAnimationDocument {
        var root = object("CALayer", "rootLayer", [
            property("bounds", .rect(x: 0, y: 0, width: 300, height: 200)),
            property("position", .point(x: 150, y: 100)),
            property("backgroundColor", .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))),
        ])
        if platform == .macos { root.properties.append(property("geometryFlipped", .bool(true), swift: "isGeometryFlipped")) }

        var emitter = object("CAEmitterLayer", "sparkLayer", [
            property("emitterPosition", .point(x: 150, y: 50)),
            property("emitterSize", .size(width: 100, height: 0)),
            property("emitterShape", .enumeration(.emitterShape, "line")),
            property("renderMode", .enumeration(.renderMode, "additive")),
            property("seed", .integer(1234)),
        ])
        var cell = object("CAEmitterCell", "sparkCell", [
            property("name", .string("spark")),
            property("birthRate", .number(20)),
            property("lifetime", .number(1.5)),
            property("velocity", .number(80)),
            property("emissionLongitude", .number(1.5707963267948966)),
            property("color", .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1))),
            property("scale", .number(0.25)),
            property("contents", .image(.builtin(.star))),
        ])
        cell.comments = ["fx's over-life alpha became alphaSpeed."]
        emitter.children[.emitterCells] = [cell]
        emitter.animations = [(key: "pulse", animation: object("CABasicAnimation", "pulseAnimation", [
            property("keyPath", .string("emitterCells.spark.birthRate")),
            property("fromValue", .number(20)),
            property("toValue", .number(5)),
            property("duration", .number(2)),
            property("repeatCount", .number(.infinity)),
            property("autoreverses", .bool(true)),
        ]))]

        var ring = object("CAShapeLayer", "ringLayer", [
            property("bounds", .rect(x: 0, y: 0, width: 80, height: 80)),
            property("position", .point(x: 60, y: 140)),
            property("transform", .transform([.perspective(500), .translate(x: 5, y: 0), .rotateY(0.5)])),
            property("path", .path(Path([.move(Point(x: 0, y: 40)), .quad(control: Point(x: 40, y: 0), to: Point(x: 80, y: 40)),
                                        .cubic(control1: Point(x: 60, y: 80), control2: Point(x: 20, y: 80), to: Point(x: 0, y: 40)), .close]))),
            property("fillColor", .color(Color(red: 0, green: 0, blue: 0, alpha: 0))),
            property("strokeColor", .color(Color(red: 1, green: 1, blue: 1, alpha: 0.75))),
            property("lineWidth", .number(3)),
            property("lineCap", .enumeration(.lineCap, "round")),
            property("lineDashPattern", .numbers([4, 2])),
        ])
        ring.animations = [
            (key: "spin", animation: object("CABasicAnimation", "spinAnimation", [
                property("keyPath", .string("transform")),
                property("fromValue", .transformValue(.identity)),
                property("toValue", .transformValue({ var value = TransformValue(); value.rotationZ = 3.14; value.translationX = 4; return value }())),
                property("duration", .number(1.5)),
                property("beginTime", .number(0.5)),
                property("timingFunction", .timingFunction(.easeInEaseOut)),
                property("fillMode", .enumeration(.fillMode, "forwards")),
                property("removedOnCompletion", .bool(false), swift: "isRemovedOnCompletion"),
            ])),
            (key: "move", animation: object("CAKeyframeAnimation", "moveAnimation", [
                property("keyPath", .string("position")),
                property("values", .values([.point(x: 60, y: 140), .point(x: 240, y: 140), .point(x: 60, y: 150)])),
                property("keyTimes", .numbers([0, 0.4, 1])),
                property("timingFunctions", .timingFunctions([.easeIn, TimingFunction(0.1, 0.2, 0.3, 1)])),
                property("calculationMode", .enumeration(.calculationMode, "cubic")),
                property("duration", .number(3)),
            ])),
        ]

        var glow = object("CAGradientLayer", "glowLayer", [
            property("bounds", .rect(x: 0, y: 0, width: 120, height: 60)),
            property("position", .point(x: 220, y: 60)),
            property("colors", .colors([Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 0.5)])),
            property("locations", .numbers([0, 1])),
            property("startPoint", .point(x: 0.5, y: 0.5)),
            property("endPoint", .point(x: 1, y: 1)),
            property("type", .enumeration(.gradientType, "radial")),
        ])
        glow.mask = [object("CALayer", "glowMask", [
            property("bounds", .rect(x: 0, y: 0, width: 60, height: 60)),
            property("position", .point(x: 60, y: 30)),
            property("backgroundColor", .color(.white)),
            property("cornerRadius", .number(30)),
        ])]
        var group = object("CAAnimationGroup", "fadeAnimation", [property("duration", .number(2))])
        group.children[.animations] = [object("CABasicAnimation", "fadeOpacityAnimation", [
            property("keyPath", .string("opacity")),
            property("fromValue", .number(1)),
            property("toValue", .number(0.2)),
        ])]
        glow.animations = [
            (key: "bounce", animation: object("CASpringAnimation", "bounceAnimation", [
                property("keyPath", .string("position.y")),
                property("fromValue", .number(60)),
                property("toValue", .number(80)),
                property("damping", .number(8)),
                property("stiffness", .number(120)),
                property("mass", .number(1.5)),
            ])),
            (key: "fade", animation: group),
        ]

        var title = object("CATextLayer", "titleLayer", [
            property("bounds", .rect(x: 0, y: 0, width: 200, height: 30)),
            property("position", .point(x: 150, y: 185)),
            property("string", .string("fx \"export\"")),
            property("fontSize", .number(18)),
            property("foregroundColor", .color(Color(red: 1, green: 1, blue: 0.5, alpha: 1))),
            property("alignmentMode", .enumeration(.alignmentMode, "center")),
        ])
        title.animations = [(key: "swap", animation: object("CATransition", "swapAnimation", [
            property("type", .enumeration(.transitionType, "push")),
            property("subtype", .enumeration(.transitionSubtype, "fromLeft")),
            property("duration", .number(0.5)),
        ]))]

        var dots = object("CAReplicatorLayer", "dotsLayer", [
            property("bounds", .rect(x: 0, y: 0, width: 100, height: 10)),
            property("position", .point(x: 150, y: 120)),
            property("instanceCount", .integer(5)),
            property("instanceTransform", .transform([.translate(x: 20, y: 0)])),
            property("instanceDelay", .number(0.1)),
        ])
        dots.children[.sublayers] = [object("CALayer", "dotLayer", [
            property("bounds", .rect(x: 0, y: 0, width: 8, height: 8)),
            property("position", .point(x: 4, y: 5)),
            property("backgroundColor", .color(Color(red: 0.25, green: 1, blue: 0.5, alpha: 1))),
            property("cornerRadius", .number(4)),
            property("transform", .transform([.translateZ(3)])),
        ])]
        root.children[.sublayers] = [emitter, ring, glow, title, dots]
        return CoreAnimationDocument(effectName: "hand-made", summary: "Every kind of value the code writers print.", root: root,
                                     canvasSize: Size(width: 300, height: 200), platform: platform, images: [.builtin(.star)])
    }

    /// Writes the hand-made tree in `format` for `platform`, imports it, and returns the
    /// effect's JSON and the import's stderr.
    func importHandMade(_ format: ExportFormat, _ platform: ExportPlatform) throws -> ([String: Any], String, String) {
        let document = Self.handMadeDocument(platform: platform)
        let name = "hand-made." + (format == .swift ? "swift" : "m")
        let source = try XCTUnwrap(document.source(format, fileName: name))
        let folder = FXProcess.temporaryDirectory()
        let file = folder.appendingPathComponent(name)
        try source.write(to: file, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("hand-made.json")
        let result = try FXProcess.run(["import", file.path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr + "\n" + source)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        return (json, result.stderr, source)
    }

    func layer(_ name: String, in effect: [String: Any]) -> [String: Any]? {
        func find(_ layers: [[String: Any]]) -> [String: Any]? {
            for layer in layers {
                if layer["name"] as? String == name { return layer }
                if let found = find((layer["sublayers"] as? [[String: Any]] ?? []) + [layer["mask"] as? [String: Any]].compactMap { $0 }) { return found }
            }
            return nil
        }
        return find(effect["layers"] as? [[String: Any]] ?? [])
    }

    func testHandMadeTreeReadsBackFromEveryLanguageAndPlatform() throws {
        for format in [ExportFormat.swift, .objc] {
            for platform in ExportPlatform.allCases {
                let (effect, stderr, source) = try importHandMade(format, platform)
                let context = "\(format) \(platform):\n\(stderr)\n\(source)"
                XCTAssertFalse(stderr.contains("warning:"), context)
                let canvas = try XCTUnwrap(effect["canvas"] as? [String: Any], context)
                XCTAssertEqual(canvas["size"] as? [Double], [300, 200], context)
                XCTAssertEqual(canvas["background"] as? [Double], [0.1, 0.2, 0.3, 1], context)
                let layers = try XCTUnwrap(effect["layers"] as? [[String: Any]], context)
                XCTAssertEqual(layers.compactMap { $0["name"] as? String }, ["sparkLayer", "ringLayer", "glowLayer", "titleLayer", "dotsLayer"], context)

                let emitter = try XCTUnwrap(layer("sparkLayer", in: effect), context)
                XCTAssertEqual(emitter["seed"] as? Double, 1234, context)
                XCTAssertEqual(emitter["emitterShape"] as? String, "line", context)
                XCTAssertEqual(emitter["renderMode"] as? String, "additive", context)
                let cell = try XCTUnwrap((emitter["emitterCells"] as? [[String: Any]])?.first, context)
                XCTAssertEqual(cell["name"] as? String, "spark", context)
                XCTAssertEqual(cell["contents"] as? String, "star", context)
                XCTAssertEqual(cell["emissionLongitude"] as? String, "90deg", context)
                let pulse = try XCTUnwrap((emitter["animations"] as? [[String: Any]])?.first, context)
                XCTAssertEqual(pulse["keyPath"] as? String, "emitterCells.spark.birthRate", context)
                XCTAssertEqual(pulse["repeatCount"] as? String, "infinity", context)

                let ring = try XCTUnwrap(layer("ringLayer", in: effect), context)
                let transform = try XCTUnwrap(ring["transform"] as? [[String: Any]], context)
                XCTAssertEqual(transform.count, 3, context)
                XCTAssertEqual(transform.first?["perspective"] as? Double, 500, context)
                XCTAssertEqual(transform.last?["rotateY"] as? Double, 0.5, context)
                XCTAssertEqual(ring["path"] as? String, "M 0 40 Q 40 0 80 40 C 60 80 20 80 0 40 Z", context)
                XCTAssertEqual(ring["lineCap"] as? String, "round", context)
                XCTAssertEqual(ring["lineDashPattern"] as? [Double], [4, 2], context)
                let ringAnimations = try XCTUnwrap(ring["animations"] as? [[String: Any]], context)
                XCTAssertEqual(ringAnimations.count, 2, context)
                XCTAssertEqual(ringAnimations.first?["fillMode"] as? String, "forwards", context)
                XCTAssertEqual(ringAnimations.first?["beginTime"] as? Double, 0.5, context)
                XCTAssertEqual(ringAnimations.first?["removedOnCompletion"] as? Bool, false, context)
                XCTAssertEqual(ringAnimations.last?["calculationMode"] as? String, "cubic", context)
                XCTAssertEqual((ringAnimations.last?["values"] as? [[Double]])?.count, 3, context)

                let glow = try XCTUnwrap(layer("glowLayer", in: effect), context)
                XCTAssertEqual(glow["gradientType"] as? String, "radial", context)
                XCTAssertNotNil(glow["mask"], context)
                let glowAnimations = try XCTUnwrap(glow["animations"] as? [[String: Any]], context)
                XCTAssertEqual(glowAnimations.map { $0["type"] as? String }, ["spring", "group"], context)

                let title = try XCTUnwrap(layer("titleLayer", in: effect), context)
                XCTAssertEqual(title["string"] as? String, "fx \"export\"", context)
                XCTAssertEqual(title["alignmentMode"] as? String, "center", context)
                let swap = try XCTUnwrap((title["animations"] as? [[String: Any]])?.first, context)
                XCTAssertEqual(swap["type"] as? String, "transition", context)
                XCTAssertEqual(swap["transitionType"] as? String, "push", context)
                XCTAssertEqual(swap["subtype"] as? String, "fromLeft", context)

                let dots = try XCTUnwrap(layer("dotsLayer", in: effect), context)
                XCTAssertEqual(dots["instanceCount"] as? Double, 5, context)
                let dot = try XCTUnwrap(layer("dotLayer", in: effect), context)
                XCTAssertEqual((dot["transform"] as? [[String: Any]])?.count, 1, context)
            }
        }
    }

    // MARK: - Shipped effects

    /// The shipped effects, loaded.
    static func shippedEffects() throws -> [(name: String, path: String, document: EffectDocument)] {
        let folder = FXProcess.packageRoot.appendingPathComponent("effects")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            let path = folder.appendingPathComponent(file).path
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            let document = try EffectDocument(bytes: bytes, file: path, baseDirectory: folder.path, resources: SystemResources())
            return (String(file.dropLast(5)), path, document)
        }
    }

    // The round trip with the real binary (ExportRoundTrip): `fx export E --to F`, `fx import`
    // of that, and `fx hash` of both at three moments. Every effect whose export has no
    // warnings must come back with the same image; the issue's list must export without any.

    func roundTrip(_ format: String, platform: String = "ios", label: String) throws {
        let outcomes = try ExportRoundTrip.run(try ExportRoundTrip.shippedEffects(), format: format, platform: platform)
        ExportRoundTrip.assertExact(outcomes, required: ExportRoundTrip.requiredEffects, format: label)
        let exact = outcomes.filter { $0.isExpressible && $0.problems.isEmpty }.map(\.effect)
        print("\(label): \(exact.count) effects come back with the same image: \(exact.joined(separator: ", "))")
    }

    func testShippedEffectsRoundTripThroughSwift() throws {
        try roundTrip("swift", label: "swift")
    }

    func testShippedEffectsRoundTripThroughObjectiveC() throws {
        try roundTrip("objc", label: "objc")
    }

    func testShippedEffectsRoundTripThroughSwiftForMacOS() throws {
        try roundTrip("swift", platform: "macos", label: "swift (macOS)")
    }

    func testShippedEffectsRoundTripThroughObjectiveCForMacOS() throws {
        try roundTrip("objc", platform: "macos", label: "objc (macOS)")
    }
}
