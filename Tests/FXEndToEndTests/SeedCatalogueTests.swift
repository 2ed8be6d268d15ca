import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// The effects built from the catalogue seed (`shared/seeds/004_b7b8b4341c73f734.txt`): at the
/// seed's key moments each presents the value the seed's code gives, computed here from the
/// seed's own numbers (durations, keyTimes, values, timing functions, delays).
///
/// Four of them write group children without a `duration`, as the seed does, and so depend on
/// the rule that such a child spans its group: `group-path-color`, `emitter-rect-burst`,
/// `replicator-loading-balls` and `replicator-sound-wave` (the tests named …SpanningTheGroup…).
final class SeedCatalogueTests: XCTestCase {
    // MARK: - Helpers

    private func effect(_ name: String) throws -> Effect {
        try EffectDecoder.load(path: FXProcess.packageRoot.appendingPathComponent("effects/\(name).json").path,
                               resources: SystemResources())
    }

    /// The presentation value of `LAYER.KEYPATH` at effect time `time`, as numbers.
    private func value(_ effect: Effect, _ qualified: String, at time: Double) throws -> [Double] {
        let layers = effect.allPresentationLayers(at: time)
        let (placed, keyPath) = try effect.resolve(qualified, in: layers)
        return keyPath.value(on: placed.layer).components
    }

    private func assertValue(_ effect: Effect, _ qualified: String, at time: Double, _ expected: [Double],
                             accuracy: Double = 1e-6, _ message: String = "", line: UInt = #line) throws {
        let actual = try value(effect, qualified, at: time)
        XCTAssertEqual(actual.count, expected.count, "\(qualified) at \(time) s: \(actual)", line: line)
        for (a, e) in zip(actual, expected) {
            XCTAssertEqual(a, e, accuracy: accuracy, "\(qualified) at \(time) s: \(actual), expected \(expected) \(message)", line: line)
        }
    }

    /// A cubic Bézier timing function (0,0) (x1,y1) (x2,y2) (1,1), solved here independently of fx.
    private struct Bezier {
        var x1, y1, x2, y2: Double
        static let easeInEaseOut = Bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        /// `kCAMediaTimingFunctionDefault`, "the curve used by implicit animations created by Core Animation".
        static let coreAnimationDefault = Bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

        private func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }

        private func parameter(_ target: Double, _ a: Double, _ b: Double) -> Double {
            var low = 0.0, high = 1.0
            for _ in 0..<80 {
                let middle = (low + high) / 2
                if coordinate(middle, a, b) < target { low = middle } else { high = middle }
            }
            return (low + high) / 2
        }

        /// The progress at the fraction `x` of the duration.
        func progress(_ x: Double) -> Double { coordinate(parameter(x, x1, x2), y1, y2) }

        /// The fraction of the duration at which the progress is `y`.
        func time(ofProgress y: Double) -> Double { coordinate(parameter(y, y1, y2), x1, x2) }
    }

    private func mix(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
        zip(a, b).map { $0 + ($1 - $0) * f }
    }

    private let lightGray = [2.0 / 3, 2.0 / 3, 2.0 / 3, 1]
    private let white = [1.0, 1, 1, 1]

    // MARK: - 004-1 UIView basic animations

    func testUIViewBasicColorEasesToWhiteOverTwoSecondsAndBackOverAThirdOfASecond() throws {
        let effect = try effect("uiview-basic-color")
        let ease = Bezier.easeInEaseOut
        try assertValue(effect, "testButton.backgroundColor", at: 0.2, lightGray, "before the touch")
        for fraction in [0.25, 0.5, 0.8] {
            try assertValue(effect, "testButton.backgroundColor", at: 0.5 + 2 * fraction,
                            mix(lightGray, white, ease.progress(fraction)), accuracy: 1e-4)
        }
        try assertValue(effect, "testButton.backgroundColor", at: 2.9, white, "the block form's end holds")
        try assertValue(effect, "testButton.backgroundColor", at: 3 + 0.35 * 0.3, mix(white, lightGray, ease.progress(0.3)), accuracy: 1e-4)
        try assertValue(effect, "testButton.backgroundColor", at: 3.8, lightGray, "the begin/commit form's end holds")
        try assertValue(effect, "titleLabel.foregroundColor", at: 1, [128.0 / 255, 0, 128.0 / 255, 1], accuracy: 1e-3)
    }

    // MARK: - 004-2 UIView keyframe animation

    /// The seed's frames (x, y, 50, 50) as centres, reached at relative start k/5 + 1/5.
    private let keyframeCentres: [[Double]] = [[25, 25], [75, 225], [125, 275], [175, 300], [225, 375], [275, 525]]

    func testUIViewKeyframeCubicPassesEachFrameAtItsKeyTimeOnUIKitsEasedClock() throws {
        let effect = try effect("uiview-keyframe-cubic")
        // UIKit's keyframe animation runs its keyTimes on an ease-in-ease-out clock: keyTime k/5
        // comes when easeInEaseOut(t / 10) = k/5, 0.5 s after the touch.
        for (index, centre) in keyframeCentres.enumerated() {
            let time = 0.5 + 10 * Bezier.easeInEaseOut.time(ofProgress: Double(index) / 5)
            try assertValue(effect, "redCircle.position", at: time, centre, accuracy: 1e-3, "keyTime \(Double(index) / 5)")
        }
        try assertValue(effect, "redCircle.position", at: 0.2, [25, 25], "the first frame fills backwards")
        try assertValue(effect, "redCircle.position", at: 11.5, [275, 525], "the last frame holds")
        // Cubic, not linear: half-way between keyTimes 0.4 and 0.6 the square is off the straight line.
        let middle = try value(effect, "redCircle.position", at: 0.5 + 10 * Bezier.easeInEaseOut.time(ofProgress: 0.5))
        let straight = mix([125, 275], [175, 300], 0.5)
        XCTAssertGreaterThan(hypot(middle[0] - straight[0], middle[1] - straight[1]), 0.5, "\(middle)")
    }

    func testUIViewKeyframeCubicPacedKeepsAConstantSpeedThroughTheSameFrames() throws {
        let effect = try effect("uiview-keyframe-cubic-paced")
        let ease = Bezier.easeInEaseOut
        try assertValue(effect, "redCircle.position", at: 0.2, [25, 25])
        try assertValue(effect, "redCircle.position", at: 11.5, [275, 525])
        // Equal steps of eased progress cover equal lengths of the curve.
        var points: [[Double]] = []
        for step in 0...200 {
            points.append(try value(effect, "redCircle.position", at: 0.5 + 10 * ease.time(ofProgress: Double(step) / 200)))
        }
        let steps = zip(points, points.dropFirst()).map { hypot($1[0] - $0[0], $1[1] - $0[1]) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        for (index, length) in steps.enumerated() {
            XCTAssertEqual(length, mean, accuracy: 0.03 * mean, "step \(index)")
        }
        // The curve still runs through every frame, but not at the frames' keyTimes.
        for centre in keyframeCentres {
            let nearest = points.map { hypot($0[0] - centre[0], $0[1] - centre[1]) }.min()!
            XCTAssertLessThan(nearest, mean, "\(centre)")
        }
        let atKeyTime = try value(effect, "redCircle.position", at: 0.5 + 10 * ease.time(ofProgress: 0.4))
        XCTAssertGreaterThan(hypot(atKeyTime[0] - 125, atKeyTime[1] - 275), 5, "cubicPaced ignores the keyTimes: \(atKeyTime)")
    }

    // MARK: - 004-3 Frame-by-frame animation

    func testImageSequenceShowsSixtySixFramesInSixtySevenThirtiethsOfASecond() throws {
        let effect = try effect("image-sequence")
        let cycle = 67.0 / 30, frame = cycle / 66
        for repeatIndex in [0.0, 1, 3] {
            for k in [0, 1, 10, 11, 32, 65] {
                let time = repeatIndex * cycle + (Double(k) + 0.5) * frame
                // The presented contents: the seed's image m2_1%04d of k + 1.
                let view = try XCTUnwrap(effect.allPresentationLayers(at: time).first { $0.name == "animationView" })
                let shown = view.layer.image?.contents?.description ?? "none"
                XCTAssertTrue(shown.hasSuffix(String(format: "m2_1%04d.png", k + 1)), "frame \(k) at \(time) s shows \(shown)")
            }
        }
    }

    // MARK: - 004-4 GIF through ImageIO

    func testGIFImageIOPlaysEveryFrameForATenthOfASecondAndTheStillLayerStays() throws {
        let effect = try effect("gif-imageio")
        /// The lit dot of the GIF's frame counter: dot k is at (60 + 22k, 220) of the 540 × 243
        /// pixel GIF, drawn at half size with its top-left corner at `origin`.
        func litDot(_ image: RGBAImage, origin: (Double, Double)) -> Int {
            let brightness = (0..<20).map { k -> Int in
                let x = Int(origin.0 + 30 + 11 * Double(k)), y = Int(origin.1 + 110)
                return (0..<3).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }.reduce(0, +)
            }
            return brightness.indices.max { brightness[$0] < brightness[$1] }!
        }
        let animated = (187.5 - 135, 333.5 - 60.75), still = (187.5 - 135, 150 - 60.75)
        // Frame 7 is stored with a delay of 0 and plays 0.1 s, as the seed's rule says.
        for (time, frame) in [(0.05, 0), (0.65, 6), (0.75, 7), (0.85, 8), (1.95, 19), (2.05, 0), (2.75, 7)] {
            let image = try EffectRenderer().render(effect, time: time).image
            XCTAssertEqual(litDot(image, origin: animated), frame, "the ImageIO view at \(time) s")
            XCTAssertEqual(litDot(image, origin: still), 0, "the imageWithContentsOfFile view at \(time) s")
        }
    }

    // MARK: - 004-6 Implicit animation

    func testImplicitStrokeCircleDrawsInCoreAnimationsDefaultQuarterSecond() throws {
        let effect = try effect("implicit-stroke-circle")
        try assertValue(effect, "testLayer.strokeEnd", at: 0.4, [0])
        // The touch's transaction: Core Animation's implicit action, 0.25 s on its default curve.
        for fraction in [0.2, 0.5, 0.8] {
            try assertValue(effect, "testLayer.strokeEnd", at: 0.5 + 0.25 * fraction, [Bezier.coreAnimationDefault.progress(fraction)],
                            "kCAMediaTimingFunctionDefault, 0.25 s")
        }
        try assertValue(effect, "testLayer.strokeEnd", at: 1.2, [1])
        // The arc starts at 12 o'clock of a radius-100 circle about the view's centre.
        let path = try value(effect, "testLayer.path", at: 0)
        XCTAssertEqual(path[0], 187.5, accuracy: 1e-9)
        XCTAssertEqual(path[1], 333.5 - 100, accuracy: 1e-9)
    }

    // MARK: - 004-8 CAKeyframeAnimation along a path, 004-9 CAAnimationGroup

    /// The ends of the path's elements: CG's lines, its line to the arc's start, its two
    /// quarter-circle pieces; one second each in a 5 s animation.
    private let pathEnds: [[Double]] = [[100, 100], [100, 200], [200, 350], [300, 350], [200, 450], [100, 350]]

    func testKeyframePathButtonReachesEachElementsEndEverySecond() throws {
        let effect = try effect("keyframe-path-button")
        try assertValue(effect, "testButton.position", at: 0.4, [187.5, 333.5], "the model, before the start")
        for (second, end) in pathEnds.enumerated() {
            try assertValue(effect, "testButton.position", at: 0.5 + Double(second), end, accuracy: 1e-6)
        }
        try assertValue(effect, "testButton.position", at: 6.4, [100, 350], "held by fillMode forwards")
    }

    func testGroupPathColorChildrenWithoutDurationSpanningTheGroup() throws {
        // Needs the rule that a group's child without a duration spans the group (5 s here).
        let effect = try effect("group-path-color")
        for (second, end) in pathEnds.enumerated() {
            try assertValue(effect, "testButton.position", at: 0.5 + Double(second), end, accuracy: 1e-6)
        }
        let colors: [[Double]] = [[1, 0, 0, 1], [1, 1, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [128.0 / 255, 0, 128.0 / 255, 1]]
        for (index, color) in colors.enumerated() {
            try assertValue(effect, "testButton.backgroundColor", at: 0.5 + 1.25 * Double(index), color, accuracy: 1e-6)
        }
        try assertValue(effect, "testButton.backgroundColor", at: 0.5 + 1.25 * 1.5, mix(colors[1], colors[2], 0.5), accuracy: 1e-6)
        try assertValue(effect, "testButton.position", at: 6.4, [100, 350], "the group holds")
        try assertValue(effect, "testButton.backgroundColor", at: 6.4, colors[4])
    }

    // MARK: - 004-11 CAEmitterLayer

    func testEmitterRectBurstBirthRatesSpanningTheGroupMakeFifteenOfEachColor() throws {
        // Needs the rule that a group's child without a duration spans the group (1 s here).
        let effect = try effect("emitter-rect-burst")
        for cell in ["blue", "yellow", "red"] {
            try assertValue(effect, "emitterLayer.emitterCells.\(cell).birthRate", at: 0.5 + 0.25, [22.5])
            try assertValue(effect, "emitterLayer.emitterCells.\(cell).birthRate", at: 0.5 + 0.5, [15])
            try assertValue(effect, "emitterLayer.emitterCells.\(cell).birthRate", at: 3, [0], "held at the end")
        }
        // 30 → 0 over 1 s: 15 particles a cell, times the layer's birthRate 1, then none.
        let result = try FXProcess.run(["inspect", "emitter-rect-burst", "--time", "3.4"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cells = try XCTUnwrap((json["layers"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.map { $0["path"] as? String }, ["emitterCells.blue", "emitterCells.yellow", "emitterCells.red"])
        for cell in cells {
            XCTAssertEqual(Double(cell["born"] as? Int ?? -1), 15, accuracy: 1, "\(cell["path"] ?? "")")
            XCTAssertEqual(cell["alive"] as? Int, cell["born"] as? Int, "lifetimes of 300 … 500 s: none has died")
        }
    }

    // MARK: - 004-12 CAGradientLayer

    func testSlideToUnlockLocationsGoFromTheModelToTheSeedsValuesEveryThreeSeconds() throws {
        let effect = try effect("slide-to-unlock")
        // The gradient is the label's mask, presented with the label (key paths name no masks).
        func locations(at time: Double) throws -> [Double] {
            let label = try XCTUnwrap(effect.presentationLayers(at: time).first { $0.name == "label" })
            let mask = try XCTUnwrap(label.maskLayers.first)
            XCTAssertEqual(mask.name, "gradientLayer")
            return try XCTUnwrap(AnimatableKeyPath("locations", on: mask.layer)).value(on: mask.layer).components
        }
        let from = [0.0, 0, 0.3], to = [0.7, 1, 1]
        for time in [0.0, 0.75, 1.5, 2.25, 4.5, 7.2] {
            let fraction = time.truncatingRemainder(dividingBy: 3) / 3
            for (actual, expected) in zip(try locations(at: time), mix(from, to, fraction)) {
                XCTAssertEqual(actual, expected, accuracy: 1e-9, "at \(time) s")
            }
        }
        XCTAssertEqual(try locations(at: 1.5).map { ($0 * 1e9).rounded() / 1e9 }, [0.35, 0.5, 0.65])
    }

    // MARK: - 004-13 CAShapeLayer

    func testStrokePathsFollowTheSliderAcrossTheEffectsTwoSeconds() throws {
        let effect = try effect("stroke-paths-slider")
        for time in [0.0, 0.5, 1, 1.5, 2] {
            let slider = time / 2
            try assertValue(effect, "sliderMinimumTrack.strokeEnd", at: time, [slider])
            try assertValue(effect, "sliderThumb.position.x", at: time, [34 + 307 * slider])
            // valueChanged: every 1/60 s sets the three strokeEnds, each change an implicit
            // 0.25 s animation from the value shown, which starts slowly on Core Animation's
            // default curve: they follow the slider behind (by about 0.16 once it moves steadily).
            let shown = try value(effect, "testLayer.strokeEnd", at: time)[0]
            XCTAssertTrue(shown <= slider + 1e-9 && shown > slider - 0.2, "testLayer.strokeEnd at \(time) s: \(shown), slider \(slider)")
            for layer in ["testLayer2", "testLayer3"] {
                try assertValue(effect, "\(layer).strokeEnd", at: time, [shown])
            }
        }
        // The last change, at 2 s (the slider at 1), has landed a quarter second later.
        try assertValue(effect, "testLayer.strokeEnd", at: 2.25, [1])
        // The seed's paths for a 375 × 667 view: W/2 = 187.5, W − 20 = 355, H − 50 = 617.
        XCTAssertEqual(try value(effect, "testLayer.path", at: 0), [20, 200, 187.5, 50, 187.5, 350, 355, 200])
        XCTAssertEqual(try value(effect, "testLayer3.path", at: 0), [187.5, 617, 187.5, 380])
    }

    // MARK: - 004-14 CAReplicatorLayer

    /// The ball's scale at its own time: 1 → 0.3 over 0.8 s and back (autoreverses), forever.
    private func ballScale(_ time: Double) -> Double {
        guard time >= 0 else { return 1 }
        let phase = time.truncatingRemainder(dividingBy: 1.6)
        let fraction = phase < 0.8 ? phase / 0.8 : (1.6 - phase) / 0.8
        return 1 - 0.7 * fraction
    }

    private func replicatedBalls(_ effect: Effect, at time: Double) throws -> [(centre: Point, scale: Double)] {
        let copies = effect.presentationLayers(at: time).filter { $0.name == "circle" }.sorted { $0.instancePath.lexicographicallyPrecedes($1.instancePath) }
        return try copies.map { placed in
            let scale = try XCTUnwrap(AnimatableKeyPath("transform.scale", on: placed.layer)).value(on: placed.layer).components[0]
            return (placed.transformToCanvas.apply(to: Point(x: 50, y: 50)), scale)
        }
    }

    func testReplicatorLoadingBallsScaleSpanningTheGroupEachCopyTwoTenthsBehind() throws {
        // Needs the rule that a group's child without a duration spans the group (0.8 s here).
        let effect = try effect("replicator-loading-balls")
        for time in [0.1, 0.3, 0.5, 0.9, 1.3, 2.0, 3.7] {
            let balls = try replicatedBalls(effect, at: time)
            XCTAssertEqual(balls.count, 3)
            for (k, ball) in balls.enumerated() {
                XCTAssertEqual(ball.centre.x, 187.5 + 50 * Double(k), accuracy: 1e-6, "copy \(k)")
                XCTAssertEqual(ball.centre.y, 333.5, accuracy: 1e-6)
                XCTAssertEqual(ball.scale, ballScale(time - 0.2 * Double(k)), accuracy: 1e-6, "copy \(k) at \(time) s")
            }
        }
    }

    func testReplicatorSoundWaveCopiesSpanningTheGroupInOnePlaceThreeTenthsApart() throws {
        // Needs the rule that a group's child without a duration spans the group (0.8 s here).
        let effect = try effect("replicator-sound-wave")
        for time in [0.1, 0.4, 0.7, 1.0, 1.9, 3.3] {
            let balls = try replicatedBalls(effect, at: time)
            XCTAssertEqual(balls.count, 3)
            for (k, ball) in balls.enumerated() {
                XCTAssertEqual(ball.centre.x, 187.5, accuracy: 1e-6)
                XCTAssertEqual(ball.centre.y, 333.5, accuracy: 1e-6)
                XCTAssertEqual(ball.scale, ballScale(time - 0.3 * Double(k)), accuracy: 1e-6, "copy \(k) at \(time) s")
            }
        }
    }

    // MARK: - 004-15 The practice button

    func testRippleCheckButtonFollowsTheDemosTimers() throws {
        let effect = try effect("ripple-check-button")
        let ease = Bezier.easeInEaseOut
        // The ripple: radius 5 points and alpha − 1/50 every 0.01 s.
        try assertValue(effect, "wave.transform.scale", at: 0.255, [0.5], accuracy: 1e-9, "radius 127.5 of 255")
        try assertValue(effect, "wave.opacity", at: 0.2, [1 - 20.0 / 50], accuracy: 1e-9)
        try assertValue(effect, "wave.opacity", at: 0.6, [0], "the ripple has gone")
        // From 0.5 s: 0.25 s to a 60-point circle.
        try assertValue(effect, "waveButton.bounds.size.width", at: 0.5 + 0.25 * 0.3, [200 - 140 * ease.progress(0.3)], accuracy: 1e-4)
        try assertValue(effect, "waveButton.cornerRadius", at: 0.5 + 0.125, [15], accuracy: 1e-9)
        try assertValue(effect, "waveButton.borderWidth", at: 0.5 + 0.125, [2.5], accuracy: 1e-9)
        try assertValue(effect, "waveButton.borderColor", at: 0.5 + 0.25 * 0.4, [30.0 / 255 * 0.5, 144.0 / 255 * 0.5, 0.5, 0.5], accuracy: 1e-6)
        try assertValue(effect, "waveButton.borderColor", at: 0.5 + 0.25 * 0.9, [0, 0, 0, 0])
        try assertValue(effect, "waveButton.bounds.size.width", at: 2, [60])
        try assertValue(effect, "waveButton.cornerRadius", at: 2, [30])
        try assertValue(effect, "waveButton.backgroundColor", at: 2, [0, 0, 0, 0])
        try assertValue(effect, "titleLabel.opacity", at: 0.4, [1])
        try assertValue(effect, "titleLabel.opacity", at: 0.6, [0])
        // The spinner from 0.75 s, one turn a second: the end goes round while the start waits half
        // a second, then follows. Until 3.5 s.
        for (time, start, end) in [(1.0, 0.0, 0.25), (1.25, 0, 0.5), (1.5, 0.5, 0.75), (2.1, 0, 0.35), (3.4, 0.3, 0.65)] {
            try assertValue(effect, "circleView.strokeStart", at: time, [start], accuracy: 1e-9, "at \(time) s")
            try assertValue(effect, "circleView.strokeEnd", at: time, [end], accuracy: 1e-9, "at \(time) s")
        }
        // From 3.5 s the circle closes in 30 frames (0.5 s); at frame 15 the tick draws in 0.35 s.
        try assertValue(effect, "circleView.strokeStart", at: 3.6, [0])
        try assertValue(effect, "circleView.strokeEnd", at: 3.75, [0.5], accuracy: 1e-9)
        try assertValue(effect, "tick.strokeEnd", at: 3.7, [0])
        try assertValue(effect, "tick.strokeEnd", at: 3.75 + 0.35 / 2, [0.5], accuracy: 1e-9)
        try assertValue(effect, "circleView.strokeEnd", at: 4.8, [1])
        try assertValue(effect, "tick.strokeEnd", at: 4.8, [1])
    }

    // MARK: - 004-16 The draggable badge

    func testStickyBadgeBridgeIsTheSeedsConstructionAtEveryDragDistance() throws {
        let effect = try effect("sticky-badge")
        let angle = 30.0 * Double.pi / 180
        let u = (cos(angle), -sin(angle)), n = (sin(angle), cos(angle))
        func bridge(_ d: Double) throws -> [Double] {
            let r1 = 12 - d / 10, r2 = 12.0
            let c1 = (120.0, 420.0), c2 = (120 + d * u.0, 420 + d * u.1)
            let a = (c1.0 + r1 * n.0, c1.1 + r1 * n.1), b = (c1.0 - r1 * n.0, c1.1 - r1 * n.1)
            let c = (c2.0 - r2 * n.0, c2.1 - r2 * n.1), dd = (c2.0 + r2 * n.0, c2.1 + r2 * n.1)
            let o = (a.0 + d / 2 * u.0, a.1 + d / 2 * u.1), p = (b.0 + d / 2 * u.0, b.1 + d / 2 * u.1)
            let svg = "M \(a.0) \(a.1) L \(b.0) \(b.1) Q \(p.0) \(p.1) \(c.0) \(c.1) L \(dd.0) \(dd.1) Q \(o.0) \(o.1) \(a.0) \(a.1) Z"
            return try PathParser.parse(svg).get().points.flatMap { [$0.x, $0.y] }
        }
        // The finger: 80 points a second along 30° up and to the right, for 2 s.
        for time in [0.0, 0.25, 0.5625, 0.9, 1.1] {
            let d = 80 * time
            try assertValue(effect, "bridge.path", at: time, try bridge(d), accuracy: 2e-3, "d = \(d)")
            try assertValue(effect, "dragBall.position", at: time, [120 + d * u.0, 420 + d * u.1], accuracy: 1e-5)
            try assertValue(effect, "fixedBall.transform.scale", at: time, [(12 - d / 10) / 12], accuracy: 1e-9)
            try assertValue(effect, "bridge.opacity", at: time, [1])
        }
        // Beyond 90 points the bridge breaks: the fixed ball and the region are gone.
        for time in [1.2, 2.3] {
            try assertValue(effect, "bridge.opacity", at: time, [0])
            try assertValue(effect, "fixedBall.opacity", at: time, [0])
        }
        try assertValue(effect, "dragBall.position", at: 2.3, [120 + 160 * u.0, 420 + 160 * u.1], accuracy: 1e-5)
    }
}
