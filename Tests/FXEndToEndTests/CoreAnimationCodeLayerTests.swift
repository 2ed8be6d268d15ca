import Foundation
import XCTest

/// `fx import` of Core Animation layer code (no emitter): shape, gradient, text, replicator and
/// plain layers, their paths, transforms and sublayer trees, and basic, keyframe, spring and
/// group animations on them. The expectations are Core Animation's rules applied to the code's
/// numbers (a keyframe animation interpolates linearly between its values at its keyTimes; an
/// autoreversing animation runs back over its duration; a replicator's copy k starts k ·
/// instanceDelay later), read back with `fx inspect --time T --keypath …` on the real binary.
/// The seeds' own code (Tests/Corpus/seeds-code, extracted from ../shared/seeds) is imported
/// and compared with the shipped effects (effects/*.json) on its key numbers.
final class CoreAnimationCodeLayerTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }
    var seedsCode: URL { FXProcess.packageRoot.appendingPathComponent("Tests/Corpus/seeds-code") }

    /// Imports `source` and validates the effect; returns it, its JSON and the run.
    func importFile(_ source: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (URL, [String: Any], FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(source.deletingPathExtension().lastPathComponent + ".json")
        let result = try FXProcess.run(["import", source.path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr, file: file, line: line)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any], file: file, line: line)
        return (out, json, result)
    }

    /// The layer named `name` anywhere in the tree (sublayers and masks).
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

    /// `fx inspect --time T --keypath …`: the presentation values.
    func values(_ effect: URL, at time: Double, _ keyPaths: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try FXProcess.run(["inspect", effect.path, "--time", "\(time)"] + keyPaths.flatMap { ["--keypath", $0] })
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file: file, line: line)
        return try XCTUnwrap(report["values"] as? [String: Any], file: file, line: line)
    }

    func number(_ effect: URL, _ keyPath: String, at time: Double, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try XCTUnwrap(try values(effect, at: time, [keyPath], file: file, line: line)[keyPath] as? Double, keyPath, file: file, line: line)
    }

    /// Core Animation's linear keyframe interpolation at unit time `u`.
    func keyframe(_ values: [Double], _ keyTimes: [Double], at u: Double) -> Double {
        for k in 1..<keyTimes.count where u <= keyTimes[k] {
            let span = keyTimes[k] - keyTimes[k - 1]
            return span == 0 ? values[k] : values[k - 1] + (values[k] - values[k - 1]) * (u - keyTimes[k - 1]) / span
        }
        return values.last!
    }

    /// A basic animation from → to over `duration`, autoreversing, repeating: linear.
    func autoreversing(_ from: Double, _ to: Double, duration: Double, at time: Double) -> Double {
        let phase = time.truncatingRemainder(dividingBy: 2 * duration)
        let u = phase <= duration ? phase / duration : 2 - phase / duration
        return from + (to - from) * u
    }

    /// The numbers of an SVG path string.
    func numbers(_ path: String) -> [Double] {
        path.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    }

    /// LoadingRingView.swift: a gradient backdrop, a shape-layer ring (UIBezierPath arc of
    /// radius 50 from the top, clockwise) turned by a CAKeyframeAnimation of
    /// transform.rotation.z and grown by an autoreversing CABasicAnimation of strokeEnd, three
    /// replicated dots pulsing 0.2 s apart, and a CATextLayer caption.
    func testLayerExampleRunsAsCoreAnimationRunsIt() throws {
        let (out, effect, result) = try importFile(examples.appendingPathComponent("LoadingRingView.swift"))
        XCTAssertTrue(result.stderr.contains("LoadingRingView.swift:79: warning: contentsScale: dropped"), result.stderr)
        XCTAssertEqual((effect["canvas"] as? [String: Any])?["size"] as? [Double], [300, 300], "the backdrop's frame")
        let backdrop = try XCTUnwrap(layer("backdrop", in: effect))
        XCTAssertEqual(backdrop["type"] as? String, "gradient")
        XCTAssertEqual(backdrop["locations"] as? [Double], [0, 1])
        let ring = try XCTUnwrap(layer("ring", in: effect))
        XCTAssertEqual(ring["type"] as? String, "shape")
        // frame (150 − 60, 60, 120, 120): position at its centre, bounds its size.
        XCTAssertEqual(ring["position"] as? [Double], [150, 120])
        XCTAssertEqual(ring["bounds"] as? [Double], [0, 0, 120, 120])
        XCTAssertEqual(ring["lineCap"] as? String, "round")
        XCTAssertEqual(ring["strokeEnd"] as? Double, 0.25)
        // The arc starts at the top, (60, 10), and every end point lies on the circle of radius 50.
        let path = try XCTUnwrap(ring["path"] as? String)
        XCTAssertTrue(path.hasPrefix("M 60 10 C"), path)
        let points = numbers(path)
        for index in stride(from: 6, to: points.count, by: 6) {
            XCTAssertEqual(hypot(points[index] - 60, points[index + 1] - 60), 50, accuracy: 1e-3, path)
        }
        let dots = try XCTUnwrap(layer("dots", in: effect))
        XCTAssertEqual(dots["instanceCount"] as? Double, 3)
        XCTAssertEqual(dots["instanceDelay"] as? Double, 0.2)
        let caption = try XCTUnwrap(layer("caption", in: effect))
        XCTAssertEqual(caption["string"] as? String, "Loading")
        XCTAssertEqual(caption["alignmentMode"] as? String, "center")

        // The keyframes: values 0, π/2, π, 2π at keyTimes 0, 0.5, 0.75, 1 over 2 s, repeating.
        let angles = [0, Double.pi / 2, .pi, 2 * .pi], keyTimes = [0, 0.5, 0.75, 1]
        for time in [0.5, 1.25, 1.75, 2.5] {
            let expected = keyframe(angles, keyTimes, at: time.truncatingRemainder(dividingBy: 2) / 2)
            XCTAssertEqual(try number(out, "ring.transform.rotation.z", at: time), expected, accuracy: 1e-3, "at \(time) s")
            // strokeEnd 0.25 → 0.9 in 1 s and back, linear.
            XCTAssertEqual(try number(out, "ring.strokeEnd", at: time), autoreversing(0.25, 0.9, duration: 1, at: time), accuracy: 1e-3, "at \(time) s")
            // The dot's opacity 1 → 0.2 in 0.6 s and back.
            XCTAssertEqual(try number(out, "dots.sublayers.dot.opacity", at: time), autoreversing(1, 0.2, duration: 0.6, at: time), accuracy: 1e-3, "at \(time) s")
        }
        let png = FXProcess.temporaryDirectory().appendingPathComponent("ring.png")
        let render = try FXProcess.run(["render", out.path, "--time", "1", "--out", png.path])
        XCTAssertEqual(render.status, 0, render.stderr)
    }

    /// The iQiyi loader's drawing (seed 002, lines 14–57): an oval 70 × 70 in the middle of
    /// the view, rotated −π/2, and a triangle from the seed's formulas, on the 390 × 844 view.
    func testSeedIQiyiShapesImportWithTheSeedsGeometry() throws {
        let (_, effect, _) = try importFile(seedsCode.appendingPathComponent("002-iqiyi-shapes.m"))
        let (width, height) = (390.0, 844.0)
        let ring = try XCTUnwrap(layer("layer1", in: effect))
        // bezierPathWithOvalInRect: starts at the rect's rightmost point, (x + 70, y + 35).
        let x = (width - 70) / 2, y = (height - 70) / 2
        XCTAssertTrue((ring["path"] as? String)?.hasPrefix("M \(Int(x + 70)) \(Int(y + 35)) C") == true, "\(ring)")
        XCTAssertEqual(ring["lineWidth"] as? Double, 7)
        XCTAssertEqual(ring["strokeEnd"] as? Double, 0)
        XCTAssertEqual(ring["lineCap"] as? String, "round")
        let stroke = try XCTUnwrap(ring["strokeColor"] as? [Double])
        for (component, expected) in zip(stroke, [64.0 / 255, 168.0 / 255, 59.0 / 255, 1]) { XCTAssertEqual(component, expected, accuracy: 1e-4) }
        let rotation = try XCTUnwrap((ring["transform"] as? [[String: Any]])?.first?["rotate"] as? Double)
        XCTAssertEqual(rotation, -Double.pi / 2, accuracy: 1e-5)
        // one = (midX + 20, centre.y); two, three = (one.x − 30, one.y ± 10 / tan(π/6)).
        let triangle = try XCTUnwrap(layer("layer2", in: effect))
        let offset = 20.0, one = (width / 2 + offset, height / 2)
        let expected = [one.0, one.1, one.0 - offset / 2 * 3, one.1 + offset / 2 / tan(Double.pi / 2 / 3), one.0 - offset / 2 * 3, one.1 - offset / 2 / tan(Double.pi / 2 / 3)]
        let points = numbers(try XCTUnwrap(triangle["path"] as? String))
        XCTAssertEqual(points.count, expected.count)
        for (point, value) in zip(points, expected) { XCTAssertEqual(point, value, accuracy: 1e-3) }
        XCTAssertTrue((triangle["path"] as? String)?.hasSuffix("Z") == true)
    }

    /// The interactive avatar (seed 003): the layer's frame, position and anchor point, speed 0,
    /// and the group of a cornerRadius and a position.y animation, as effects/interactive-avatar.json.
    func testSeedAvatarMatchesTheShippedEffect() throws {
        let (out, effect, result) = try importFile(seedsCode.appendingPathComponent("003-avatar-layer-and-group.m"))
        XCTAssertTrue(result.stderr.contains("containerView is a view the given files do not make"), result.stderr)
        let shipped = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: FXProcess.packageRoot.appendingPathComponent("effects/interactive-avatar.json"))) as? [String: Any])
        let imported = try XCTUnwrap(layer("headerLayer", in: effect)), reference = try XCTUnwrap(layer("headerLayer", in: shipped))
        // frame (0, 0, 120, 120), then position (40, 40), then anchorPoint (0, 0.5): Core Animation
        // keeps the position and moves the layer.
        XCTAssertEqual(imported["position"] as? [Double], reference["position"] as? [Double])
        XCTAssertEqual(imported["anchorPoint"] as? [Double], reference["anchorPoint"] as? [Double])
        XCTAssertEqual((imported["bounds"] as? [Double])?.suffix(2), (reference["bounds"] as? [Double])?.suffix(2))
        for key in ["speed", "cornerRadius", "masksToBounds"] {
            XCTAssertEqual(imported[key] as? Double, reference[key] as? Double, key)
        }
        let group = try XCTUnwrap((imported["animations"] as? [[String: Any]])?.first), shippedGroup = try XCTUnwrap((reference["animations"] as? [[String: Any]])?.first)
        for key in ["type", "fillMode"] { XCTAssertEqual(group[key] as? String, shippedGroup[key] as? String, key) }
        XCTAssertEqual(group["duration"] as? Double, 2)
        XCTAssertEqual(group["removedOnCompletion"] as? Bool, false)
        let children = try XCTUnwrap(group["animations"] as? [[String: Any]]), shippedChildren = try XCTUnwrap(shippedGroup["animations"] as? [[String: Any]])
        XCTAssertEqual(children.count, 2)
        for (child, shippedChild) in zip(children, shippedChildren) {
            XCTAssertEqual(child["keyPath"] as? String, shippedChild["keyPath"] as? String)
            XCTAssertEqual(child["toValue"] as? Double, shippedChild["toValue"] as? Double, "cornerRadius → w / 2; position.y → 40 − w")
            XCTAssertEqual(child["duration"] as? Double, shippedChild["duration"] as? Double)
            XCTAssertEqual(child["timingFunction"] as? String, shippedChild["timingFunction"] as? String)
        }
        // speed 0: the layer's time stands at its timeOffset, 0: the model values show.
        XCTAssertEqual(try number(out, "containerView-layer.sublayers.headerLayer.cornerRadius", at: 1.5), 0, accuracy: 1e-9)
    }

    /// The replicator (seed 004, lines 1108–1154): the circle is added to two replicators in turn
    /// and, as in Core Animation, ends in the second (a layer has one superlayer); the first is
    /// never added to the view and is not shown. Compared with effects/replicator-loading-balls.json,
    /// and the group's scale at times from Core Animation's rules (0.8 s, autoreversing).
    func testSeedReplicatorMatchesTheShippedEffect() throws {
        let (out, effect, result) = try importFile(seedsCode.appendingPathComponent("004-replicator.m"))
        XCTAssertTrue(result.stderr.contains("004-replicator.m:16: warning: opacity: this animation is never added to a layer"), result.stderr)
        XCTAssertTrue(result.stderr.contains("gradientLayer: this layer is never added to a view's layer or to another layer"), result.stderr)
        XCTAssertTrue(result.stderr.contains("fillColor: could not read ThemeColor.CGColor"), result.stderr)
        XCTAssertEqual((effect["layers"] as? [[String: Any]])?.count, 1)
        let shipped = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: FXProcess.packageRoot.appendingPathComponent("effects/replicator-loading-balls.json"))) as? [String: Any])
        let imported = try XCTUnwrap(layer("instanceGradient", in: effect)), reference = try XCTUnwrap(layer("instanceGradient", in: shipped))
        for key in ["instanceCount", "instanceDelay"] { XCTAssertEqual(imported[key] as? Double, reference[key] as? Double, key) }
        XCTAssertEqual((imported["instanceTransform"] as? [[String: [Double]]])?.first?["translate"], [50, 0])
        let circle = try XCTUnwrap(layer("circle", in: effect)), shippedCircle = try XCTUnwrap(layer("circle", in: shipped))
        XCTAssertEqual((circle["bounds"] as? [Double])?.suffix(2), (shippedCircle["bounds"] as? [Double])?.suffix(2))
        let group = try XCTUnwrap((circle["animations"] as? [[String: Any]])?.first), shippedGroup = try XCTUnwrap((shippedCircle["animations"] as? [[String: Any]])?.first)
        XCTAssertEqual(group["duration"] as? Double, shippedGroup["duration"] as? Double)
        XCTAssertEqual(group["autoreverses"] as? Bool, true)
        XCTAssertEqual(group["repeatCount"] as? String, "infinity")
        for time in [0.2, 0.4, 1.2, 2.0] {
            XCTAssertEqual(try number(out, "instanceGradient.sublayers.circle.transform.scale", at: time), autoreversing(1, 0.3, duration: 0.8, at: time),
                           accuracy: 1e-3, "at \(time) s")
        }
    }

    /// The shape layers (seed 004, lines 1023–1102): a UIBezierPath curve and two CGPaths built
    /// with CGPathMoveToPoint/CGPathAddLineToPoint on the screen's bounds; the slider's later
    /// changes are warned, not applied.
    func testSeedShapePathsImportWithTheSeedsPaths() throws {
        let (_, effect, result) = try importFile(seedsCode.appendingPathComponent("004-shape-paths.m"))
        XCTAssertTrue(result.stderr.contains("strokeEnd: could not read slider.value"), result.stderr)
        let width = 390.0, height = 844.0
        let curve = try XCTUnwrap(layer("shapeLayer", in: effect))
        XCTAssertEqual(numbers(try XCTUnwrap(curve["path"] as? String)), [20, 200, width / 2, 50, width / 2, 350, width - 20, 200])
        let lines = try XCTUnwrap(layer("shapeLayer2", in: effect))
        XCTAssertEqual(lines["path"] as? String, "M 20 200 L \(Int(width / 2)) 50 L \(Int(width / 2)) 350 L \(Int(width - 20)) 200")
        XCTAssertEqual(lines["lineCap"] as? String, "round")
        XCTAssertEqual(lines["lineJoin"] as? String, "bevel")
        XCTAssertEqual(lines["strokeEnd"] as? Double, 0)
        let stem = try XCTUnwrap(layer("shapeLayer3", in: effect))
        XCTAssertEqual(stem["path"] as? String, "M \(Int(width / 2)) \(Int(height - 50)) L \(Int(width / 2)) 380")
        XCTAssertEqual(stem["lineWidth"] as? Double, 20)
    }

    /// The keyframe animation along a CGPath and the CASpringAnimation (seed 004) on the
    /// button's layer, which the snippet does not make (a layer stands in for it): the path's
    /// first point at 0 s and last at 5 s (fillMode forwards, not removed); the spring's numbers
    /// as effects/basic-animation.json, settled at 15 after 2 s.
    func testSeedKeyframePathAndSpringOnAViewsLayer() throws {
        let (path, pathEffect, _) = try importFile(seedsCode.appendingPathComponent("004-keyframe-path.m"))
        let keyframe = try XCTUnwrap((layer("testButton-layer", in: pathEffect)?["animations"] as? [[String: Any]])?.first)
        XCTAssertEqual(keyframe["calculationMode"] as? String, "cubic")
        // CGPathAddArc(path, NULL, 200, 350, 100, 0, M_PI, NO): in a layer (y down) the angle
        // grows from 0 to π, through (200, 450), below the centre.
        let svg = try XCTUnwrap(keyframe["path"] as? String)
        XCTAssertTrue(svg.hasPrefix("M 100 100 L 100 200 L 200 350 L 300 350 C"), svg)
        XCTAssertTrue(svg.contains(" 200 450 C"), svg)
        let start = try XCTUnwrap(try values(path, at: 0, ["testButton-layer.position"])["testButton-layer.position"] as? [Double])
        XCTAssertEqual(start[0], 100, accuracy: 1e-3)
        XCTAssertEqual(start[1], 100, accuracy: 1e-3)
        let end = try XCTUnwrap(try values(path, at: 6, ["testButton-layer.position"])["testButton-layer.position"] as? [Double])
        XCTAssertEqual(end[0], 100, accuracy: 1e-3)
        XCTAssertEqual(end[1], 350, accuracy: 1e-3)

        let (spring, springEffect, _) = try importFile(seedsCode.appendingPathComponent("004-basic-spring.m"))
        let shipped = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: FXProcess.packageRoot.appendingPathComponent("effects/basic-animation.json"))) as? [String: Any])
        let imported = try XCTUnwrap((layer("UIButton-layer", in: springEffect)?["animations"] as? [[String: Any]])?.first)
        let reference = try XCTUnwrap((layer("button", in: shipped)?["animations"] as? [[String: Any]])?.first)
        for key in ["toValue", "duration", "damping", "initialVelocity", "mass"] {
            XCTAssertEqual(imported[key] as? Double, reference[key] as? Double, key)
        }
        XCTAssertEqual(imported["type"] as? String, "spring")
        // ζ = 6 / (2 √(100 · 0.5)) ≈ 0.42, ζω₀ = 6 /s: after 2 s the spring is within e^−12 of 15.
        XCTAssertEqual(try number(spring, "UIButton-layer.cornerRadius", at: 2), 15, accuracy: 1e-3)
    }

    /// The seeds' examples that do not import say why, naming the file.
    func testSeedExamplesThatDoNotImportSayWhy() throws {
        for name in ["001-cat-rotation.m", "001-cat-eyelid-group.m", "002-iqiyi-timer.m"] {
            let source = seedsCode.appendingPathComponent(name)
            let result = try FXProcess.run(["import", source.path, "--out", FXProcess.temporaryDirectory().appendingPathComponent("x.json").path])
            XCTAssertEqual(result.status, 1, name)
            XCTAssertTrue(result.stderr.contains("\(source.path):1: error: no layer"), result.stderr)
        }
        // The preloader's moving spots: its C loop runs for i = 0, 1, 2; what stops the rest is
        // the seed's off-page constants, each warned.
        let spots = seedsCode.appendingPathComponent("000-preloader-moving-spots.m")
        let result = try FXProcess.run(["import", spots.path, "--out", FXProcess.temporaryDirectory().appendingPathComponent("spots.json").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        for i in 0..<3 {
            XCTAssertTrue(result.stderr.contains("000-preloader-moving-spots.m:16: warning: beginTime: could not read CACurrentMediaTime() + i * SPOT_DELAY_RATIO * PROCESS_DURING (arithmetic on \(i) and SPOT_DELAY_RATIO)"), result.stderr)
        }
    }

    /// Hostile layer code: a layer added inside itself, a path grown in a loop, sublayers nested
    /// past the limit, a rotation about an odd axis: warned and bounded, never a crash or hang.
    func testHostileLayerCodeIsBounded() throws {
        let source = FXProcess.temporaryDirectory().appendingPathComponent("Hostile.swift")
        try """
        let a = CALayer()
        let b = CALayer()
        a.addSublayer(b)
        b.addSublayer(a)
        let shape = CAShapeLayer()
        shape.transform = CATransform3DMakeRotation(1, 1, 1, 0)
        var parent = CALayer()
        for k in 0..<200 {
            let child = CALayer()
            parent.addSublayer(child)
            parent = child
        }
        let odd = UIBezierPath(arcCenter: CGPoint(x: 0, y: 0), radius: 5, startAngle: .infinity, endAngle: -.infinity, clockwise: true)
        shape.path = odd.cgPath
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        for i in 0..<1000 {
            for j in 0..<20 {
                path.addLine(to: CGPoint(x: i, y: j))
            }
        }
        shape.path = path.cgPath
        """.write(to: source, atomically: true, encoding: .utf8)
        let out = FXProcess.temporaryDirectory().appendingPathComponent("hostile.json")
        let result = try FXProcess.run(["import", source.path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("stopped after 20000 statements"), result.stderr)
        XCTAssertTrue(result.stderr.contains("a rotation about an axis other than x, y or z"), result.stderr)
        XCTAssertTrue(result.stderr.contains("layers nested more than 30 deep"), result.stderr)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
    }
}
