import FXCore
import XCTest

/// Animations evaluated through the effect file, as users write them.
final class AnimationTests: XCTestCase {
    /// A plain layer with the given animations; returns the presentation value of `keyPath` at each time.
    func values(_ animations: String, keyPath: String, at times: [Double], layerKeys: String = "\"opacity\": 0.5",
                file: StaticString = #filePath, line: UInt = #line) throws -> [AnimatableValue] {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "layer", "name": "box", "bounds": [100, 50], "position": [10, 20], \(layerKeys),
              "animations": [\(animations)]}]}
            """, file: file, line: line)
        let layer = fx.layers[0]
        let path = try XCTUnwrap(AnimatableKeyPath(keyPath, on: layer))
        return times.map { time in
            var presentation = layer
            for animation in layer.animations { animation.apply(to: &presentation, at: time) }
            return path.value(on: presentation)
        }
    }

    func numbers(_ values: [AnimatableValue]) -> [Double] { values.map { $0.components[0] } }

    func assertClose(_ a: [Double], _ b: [Double], accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line) }
    }

    func testTheSixFromToByCombinations() throws {
        let at = [0.0, 0.5, 1.0]
        let model = "\"duration\": 1, \"fillMode\": \"forwards\", \"removedOnCompletion\": false"
        func run(_ values: String) throws -> [Double] {
            numbers(try self.values(#"{"type": "basic", "keyPath": "opacity", \#(values), \#(model)}"#, keyPath: "opacity", at: at))
        }
        assertClose(try run(#""fromValue": 0.2, "toValue": 0.8"#), [0.2, 0.5, 0.8])
        assertClose(try run(#""fromValue": 0.2, "byValue": 0.4"#), [0.2, 0.4, 0.6])
        assertClose(try run(#""byValue": 0.4, "toValue": 0.8"#), [0.4, 0.6, 0.8])
        assertClose(try run(#""fromValue": 0.1"#), [0.1, 0.3, 0.5])   // to the model value 0.5
        assertClose(try run(#""toValue": 0.9"#), [0.5, 0.7, 0.9])     // from the model value
        assertClose(try run(#""byValue": 0.2"#), [0.5, 0.6, 0.7])     // model … model + by
    }

    func testAnimationsDoNotChangeTheModelAndAreRemovedOnCompletion() throws {
        let result = numbers(try values(#"{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}"#,
                                        keyPath: "opacity", at: [0.5, 1.5]))
        assertClose(result, [0.5, 0.5])  // 0.5 mid-way, then back to the model's 0.5
    }

    func testAdditiveAndCumulative() throws {
        let additive = numbers(try values(#"{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "additive": true}"#,
                                          keyPath: "position.x", at: [0.5]))
        assertClose(additive, [60])  // model 10 + 50
        let cumulative = numbers(try values(#"{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 10, "duration": 1, "cumulative": true, "repeatCount": 3}"#,
                                            keyPath: "position.x", at: [0.5, 1.5, 2.5]))
        assertClose(cumulative, [5, 15, 25])
    }

    func testParentSpeedAndTimeOffsetShiftAChildsAnimation() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "layer", "name": "parent", "speed": 2, "timeOffset": 0.5, "sublayers": [
              {"type": "layer", "name": "child", "opacity": 1, "animations": [
                {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 4}]}]}]}
            """)
        let tree = fx.presentationLayers(at: 1)
        let child = try XCTUnwrap(tree.first { $0.name == "child" })
        // Parent time 1 → local (1 − 0) · 2 + 0.5 = 2.5 → opacity 2.5 / 4.
        XCTAssertEqual(child.localTime, 2.5, accuracy: 1e-12)
        XCTAssertEqual(child.layer.opacity, 0.625, accuracy: 1e-12)
    }

    func testKeyframesLinearWithKeyTimes() throws {
        let result = numbers(try values("""
            {"type": "keyframe", "keyPath": "position.x", "values": [0, 100, 0], "keyTimes": [0, 0.2, 1], "duration": 1}
            """, keyPath: "position.x", at: [0.1, 0.2, 0.6]))
        assertClose(result, [50, 100, 50])
    }

    func testKeyframesDiscreteWithOneKeyTimeMoreThanValues() throws {
        let result = numbers(try values("""
            {"type": "keyframe", "keyPath": "position.x", "values": [1, 2, 3], "keyTimes": [0, 0.5, 0.75, 1], "calculationMode": "discrete",
             "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}
            """, keyPath: "position.x", at: [0.1, 0.49, 0.5, 0.8, 2]))
        assertClose(result, [1, 1, 2, 3, 3])
    }

    func testPacedKeyframesMoveAtConstantSpeed() throws {
        // Unevenly spaced values: 0 → 10 → 100. Paced ignores keyTimes: 1/10 of the time for the first 10.
        let result = numbers(try values("""
            {"type": "keyframe", "keyPath": "position.x", "values": [0, 10, 100], "keyTimes": [0, 0.5, 1], "calculationMode": "paced", "duration": 1}
            """, keyPath: "position.x", at: [0.05, 0.1, 0.5, 0.9]))
        assertClose(result, [5, 10, 50, 90])
    }

    func testCubicKeyframesPassThroughEveryValue() throws {
        let result = numbers(try values("""
            {"type": "keyframe", "keyPath": "position.y", "values": [0, 80, 20, 60], "calculationMode": "cubic", "duration": 3}
            """, keyPath: "position.y", at: [0, 1, 2, 2.9999999, 0.5]))
        assertClose(Array(result.prefix(4)), [0, 80, 20, 60], accuracy: 1e-4)
        XCTAssertGreaterThan(result[4], 40, "a Catmull-Rom curve overshoots the chord toward the next value")
    }

    func testCubicPacedAndPathAnimationsWithRotation() throws {
        let result = try values("""
            {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 100 0 L 100 100", "calculationMode": "paced", "rotationMode": "auto", "duration": 2}
            """, keyPath: "position", at: [0.5, 1.5])
        XCTAssertEqual(result[0], .point(Point(x: 50, y: 0)))
        XCTAssertEqual(result[1], .point(Point(x: 100, y: 50)))
        let turned = try values("""
            {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 100 0 L 100 100", "calculationMode": "paced", "rotationMode": "auto", "duration": 2}
            """, keyPath: "transform.rotation.z", at: [0.5, 1.5])
        assertClose(numbers(turned), [0, Double.pi / 2])
    }

    func testTransformsInterpolateByParts() throws {
        let result = try values(#"{"type": "basic", "keyPath": "transform", "fromValue": [{"rotate": 0}, {"scale": 1}], "toValue": [{"rotate": "180deg"}, {"scale": 3}], "duration": 1}"#,
                                keyPath: "transform", at: [0.5])
        guard case .transform(let halfway) = result[0] else { return XCTFail() }
        XCTAssertEqual(halfway.rotationZ, .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(halfway.scaleX, 2, accuracy: 1e-12)
        // A matrix blend of 0° and 180° would pass through a zero scale; parts do not.
    }

    func testColorsAndSubKeyPaths() throws {
        let color = try values(##"{"type": "basic", "keyPath": "backgroundColor", "fromValue": "#000000", "toValue": "#ffffff", "duration": 1}"##,
                               keyPath: "backgroundColor", at: [0.5])
        XCTAssertEqual(color[0], .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)))
        let scale = numbers(try values(#"{"type": "basic", "keyPath": "transform.scale", "fromValue": 1, "toValue": 2, "duration": 1}"#,
                                       keyPath: "transform.scale.y", at: [0.5]))
        assertClose(scale, [1.5])
    }

    func testSpringSettlingDurationsMatchApplesExamples() {
        var spring = Animation.Spring()
        spring.damping = 5
        XCTAssertEqual(spring.settlingDuration, 2.85, accuracy: 0.01)
        spring.damping = 15
        XCTAssertGreaterThan(spring.settlingDuration, 1.0)
        XCTAssertLessThan(spring.settlingDuration, 1.05)
    }

    func testSpringClosedFormAgreesWithNumericalIntegration() {
        for (damping, velocity) in [(5.0, 0.0), (20.0, 3.0), (40.0, -2.0), (10.0, 10.0)] {  // under, critical, over, under with a push
            var spring = Animation.Spring()
            spring.damping = damping
            spring.initialVelocity = velocity
            // m x'' + c x' + k x = 0 with x(0) = 1, x'(0) = −v0, by RK4 at 10 µs.
            var x = 1.0, v = -velocity, t = 0.0
            let h = 1e-5
            func accel(_ x: Double, _ v: Double) -> Double { -(spring.stiffness * x + spring.damping * v) / spring.mass }
            for checkpoint in [0.1, 0.3, 0.7, 1.5] {
                while t < checkpoint - h / 2 {
                    let k1x = v, k1v = accel(x, v)
                    let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
                    let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
                    let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
                    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                    t += h
                }
                XCTAssertEqual(spring.displacement(at: checkpoint), x, accuracy: 1e-6, "damping \(damping) at \(checkpoint)")
            }
        }
    }

    func testSpringDurationDefaultsToSettlingAndEndsOnTheTarget() throws {
        let result = numbers(try values(#"{"type": "spring", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1.5, "damping": 5, "fillMode": "forwards", "removedOnCompletion": false}"#,
                                        keyPath: "transform.scale", at: [0.1, 2.9]))
        XCTAssertGreaterThan(result[0], 0.5)
        XCTAssertEqual(result[1], 1.5, accuracy: 1e-3)
    }

    func testGroupsTimeChildrenInsideAndClipThem() throws {
        let result = numbers(try values("""
            {"type": "group", "duration": 1, "beginTime": 1, "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "beginTime": 0.5, "duration": 1}]}
            """, keyPath: "position.x", at: [1.25, 1.75, 2.25]))
        // The child starts 0.5 s into the group; the group ends at 2, cutting the child at 50.
        assertClose(result, [10, 25, 10])
    }

    func testAGroupsChildWithoutDurationSpansTheGroup() throws {
        // Seed 003's and 004's groups: a child without a duration runs the whole 2 s, not
        // Core Animation's stand-alone 0.25 s, and the group's fill holds its end.
        let result = numbers(try values("""
            {"type": "group", "duration": 2, "fillMode": "forwards", "removedOnCompletion": false, "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100}]}
            """, keyPath: "position.x", at: [0.5, 1.0, 1.9, 2.5]))
        assertClose(result, [25, 50, 95, 100])
        // A child's own duration is kept, and a group on its own without one is 0.25 s long,
        // and so is its child.
        let explicit = numbers(try values("""
            {"type": "group", "duration": 2, "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 0.5}]}
            """, keyPath: "position.x", at: [0.25, 1]))
        assertClose(explicit, [50, 10])
        let bare = numbers(try values("""
            {"type": "group", "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100}]}
            """, keyPath: "position.x", at: [0.125, 0.5]))
        assertClose(bare, [50, 10])
    }

    func testNestedGroupsPassTheirDurationDown() throws {
        // An inner group without a duration spans the outer 2 s, and its child spans that.
        let spanning = numbers(try values("""
            {"type": "group", "duration": 2, "animations": [{"type": "group", "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100}]}]}
            """, keyPath: "position.x", at: [0.5, 1.5]))
        assertClose(spanning, [25, 75])
        // An inner group of 1 s: its child spans that second, then the inner group is over.
        let inner = numbers(try values("""
            {"type": "group", "duration": 2, "animations": [{"type": "group", "duration": 1, "beginTime": 0.5, "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100}]}]}
            """, keyPath: "position.x", at: [0.75, 1.25, 1.75]))
        assertClose(inner, [25, 75, 10])
    }

    func testTheRepeatsOfAChildWithoutDurationCountInTheGroupsDuration() throws {
        // One pass spans the group, so the way back of an autoreversing child falls after the
        // group's end: clipped (and `fx validate` warns).
        let json = """
            {"fx": 1, "layers": [{"type": "layer", "name": "box", "position": [10, 20], "animations": [
              {"type": "group", "duration": 2, "animations": [
                {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "autoreverses": true}]}]}]}
            """
        let loaded = try effect(json)
        XCTAssertEqual(loaded.warnings.count, 1)
        XCTAssertEqual(loaded.warnings.first?.path, "$.layers[0].animations[0].animations[0].autoreverses")
        XCTAssertTrue(loaded.warnings.first?.message.contains("spans its group's 2 s") ?? false, loaded.warnings.first?.message ?? "")
        let clipped = numbers(try values("""
            {"type": "group", "duration": 2, "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "autoreverses": true}]}
            """, keyPath: "position.x", at: [1, 1.9]))
        assertClose(clipped, [50, 95])
        // At twice the speed the child goes and comes back within the group: no warning.
        let fast = try effect("""
            {"fx": 1, "layers": [{"type": "layer", "position": [10, 20], "animations": [
              {"type": "group", "duration": 2, "animations": [
                {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "autoreverses": true, "speed": 2}]}]}]}
            """)
        XCTAssertEqual(fast.warnings.count, 0)
        let reversing = numbers(try values("""
            {"type": "group", "duration": 2, "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "autoreverses": true, "speed": 2}]}
            """, keyPath: "position.x", at: [0.5, 1, 1.5]))
        assertClose(reversing, [50, 100, 50])
        let repeating = try effect("""
            {"fx": 1, "layers": [{"type": "layer", "position": [10, 20], "animations": [
              {"type": "group", "duration": 2, "animations": [
                {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "repeatCount": 3}]}]}]}
            """)
        XCTAssertEqual(repeating.warnings.first?.path, "$.layers[0].animations[0].animations[0].repeatCount")
    }

    /// `CASpringAnimation(perceptualDuration:bounce:)`: a unit mass, ω₀ = 2π / duration, a
    /// damping ratio of 1 − bounce (or 1 / (1 + bounce) below 0), computed here from those rules.
    func testASpringByPerceptualDurationAndBounce() throws {
        for (duration, bounce) in [(0.5, 0.3), (1.0, 0.0), (0.8, -0.5)] {
            let json = #"{"fx": 1, "layers": [{"name": "l", "animations": [{"type": "spring", "keyPath": "position.x", "toValue": 100, "perceptualDuration": \#(duration), "bounce": \#(bounce)}]}]}"#
            let decoded = try effect(json)
            guard case .spring(let spring) = try XCTUnwrap(decoded.layers.first?.animations.first).spec else { return XCTFail("not a spring") }
            let omega = 2 * Double.pi / duration, ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            XCTAssertEqual(spring.mass, 1)
            XCTAssertEqual(spring.stiffness, omega * omega, accuracy: 1e-9)
            XCTAssertEqual(spring.damping, 2 * ratio * omega, accuracy: 1e-9)
            XCTAssertEqual(spring.dampingRatio, ratio, accuracy: 1e-9)
        }
        let both = diagnostics(#"{"fx": 1, "layers": [{"animations": [{"type": "spring", "keyPath": "position.x", "toValue": 1, "perceptualDuration": 0.5, "damping": 3}]}]}"#)
        XCTAssertEqual(both.first?.path, "$.layers[0].animations[0].damping")
        let stuck = diagnostics(#"{"fx": 1, "layers": [{"animations": [{"type": "spring", "keyPath": "position.x", "toValue": 1, "perceptualDuration": 0.5, "bounce": -1}]}]}"#)
        XCTAssertEqual(stuck.first?.path, "$.layers[0].animations[0].bounce")
    }

    func testASpringInAGroupSpansItWithoutADuration() throws {
        // Undamped, it never settles, but in a group it has the group's duration.
        let result = numbers(try values("""
            {"type": "group", "duration": 1, "animations": [
              {"type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "damping": 0}]}
            """, keyPath: "position.x", at: [0.5, 1.5]))
        var spring = Animation.Spring()
        spring.damping = 0
        assertClose(result, [100 * (1 - spring.displacement(at: 0.5)), 10])
        let alone = diagnostics(#"{"fx": 1, "layers": [{"animations": [{"type": "spring", "keyPath": "position.x", "toValue": 1, "damping": 0}]}]}"#)
        XCTAssertEqual(alone.first?.path, "$.layers[0].animations[0].damping")
    }

    func testAnAutoreversingGroupShowsItsChildrenAtTheTurn() throws {
        let result = numbers(try values("""
            {"type": "group", "duration": 1, "autoreverses": true, "repeatCount": "infinity", "animations": [
              {"type": "basic", "keyPath": "position.y", "fromValue": 400, "toValue": 200, "duration": 1}]}
            """, keyPath: "position.y", at: [0.5, 1, 1.5, 2]))
        assertClose(result, [300, 200, 300, 400])
    }

    func testTimeOffsetWrapsWithinTheActiveDuration() throws {
        let result = numbers(try values(#"{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "timeOffset": 0.5}"#,
                                        keyPath: "position.x", at: [0.25, 0.75]))
        assertClose(result, [75, 25])
    }

    func testAGroupHoldingItsEndDoesNotBringBackFinishedChildren() throws {
        let result = numbers(try values("""
            {"type": "group", "duration": 1, "fillMode": "forwards", "removedOnCompletion": false, "animations": [
              {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 0.5}]}
            """, keyPath: "position.x", at: [0.25, 0.75, 1, 2]))
        assertClose(result, [50, 10, 10, 10])
    }

    func testCumulativeTransformsKeepTheirScale() throws {
        let result = try values(#"{"type": "basic", "keyPath": "transform", "fromValue": [{"rotate": 0}], "toValue": [{"rotate": "90deg"}], "duration": 1, "cumulative": true, "repeatCount": 4}"#,
                                keyPath: "transform", at: [2.5])
        guard case .transform(let t) = result[0] else { return XCTFail() }
        XCTAssertEqual(t.scaleX, 1, accuracy: 1e-12)
        XCTAssertEqual(t.rotationZ, .pi * 1.25, accuracy: 1e-9)
    }

    func testArrayAnimationsNeedNoModelValue() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "gradient", "name": "g", "colors": ["red", "blue"], "animations": [
              {"type": "basic", "keyPath": "locations", "fromValue": [0, 0.2], "toValue": [0.8, 1], "duration": 1}]}]}
            """)
        var layer = fx.layers[0]
        for animation in layer.animations { animation.apply(to: &layer, at: 0.5) }
        XCTAssertEqual(AnimatableKeyPath("locations", on: layer)!.value(on: layer), .numbers([0.4, 0.6]))
        let mismatch = diagnostics(#"{"fx": 1, "layers": [{"type": "gradient", "animations": [{"type": "basic", "keyPath": "locations", "fromValue": [0, 1], "toValue": [0, 0.5, 1]}]}]}"#)
        XCTAssertEqual(mismatch.first?.path, "$.layers[0].animations[0].toValue")
    }

    func testPerspectiveInterpolatesAsM34() throws {
        let result = try values(#"{"type": "basic", "keyPath": "sublayerTransform", "fromValue": [], "toValue": [{"perspective": 500}], "duration": 1}"#,
                                keyPath: "sublayerTransform", at: [0.5])
        guard case .transform(let t) = result[0] else { return XCTFail() }
        XCTAssertEqual(t.perspective, 1000, accuracy: 1e-9)   // m34 halfway: −1/1000
    }

    func testHostileTimingAndSpringsAreBounded() throws {
        // The shortest allowed duration repeated forever must not crash; a vanishing one is an
        // error that says what is allowed; an absurd spring is an error.
        _ = try values(#"{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "duration": 1e-6, "repeatCount": "infinity"}"#,
                       keyPath: "position.x", at: [0.5, 1e6])
        let vanishing = diagnostics(#"{"fx": 1, "layers": [{"animations": [{"type": "basic", "keyPath": "position.x", "toValue": 1, "duration": 1e-300}]}]}"#)
        XCTAssertEqual(vanishing.first?.path, "$.layers[0].animations[0].duration")
        XCTAssertTrue(vanishing.first?.message.contains("at least a microsecond") ?? false, vanishing.first?.message ?? "no error")
        _ = try values(#"{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "duration": 1, "speed": 1e9, "repeatCount": "infinity"}"#,
                       keyPath: "position.x", at: [0.5, 1e6])
        let absurd = diagnostics(#"{"fx": 1, "layers": [{"animations": [{"type": "basic", "keyPath": "position.x", "toValue": 1, "speed": 1e300}]}]}"#)
        XCTAssertEqual(absurd.first?.path, "$.layers[0].animations[0].speed")
        var spring = Animation.Spring()
        spring.stiffness = 1e36
        spring.damping = 1e36
        XCTAssertTrue(spring.settlingDuration.isFinite)
        let found = diagnostics(#"{"fx": 1, "layers": [{"animations": [{"type": "spring", "keyPath": "opacity", "toValue": 1, "mass": 1e9, "stiffness": 1e-9, "damping": 1e-9}]}]}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("does not settle"), found[0].message)
    }

    func testOverdampedAndCriticalSpringsSettle() {
        for damping in [20.0, 40, 400] {
            var spring = Animation.Spring()
            spring.damping = damping
            let settle = spring.settlingDuration
            XCTAssertLessThanOrEqual(abs(spring.displacement(at: settle)), 8.3e-4 * 1.01, "damping \(damping)")
            XCTAssertGreaterThan(abs(spring.displacement(at: settle * 0.8)), 8.3e-4, "damping \(damping) settles later than it says")
        }
    }

    func testKeyPathErrorsNameThePath() {
        let found = diagnostics("""
            {"fx": 1, "layers": [{"type": "emitter", "name": "e", "emitterCells": [{"name": "blue"}],
              "animations": [{"type": "basic", "keyPath": "emitterCells.bleu.birthRate", "toValue": 1},
                             {"type": "basic", "keyPath": "opacty", "toValue": 1},
                             {"type": "basic", "keyPath": "emitterShape", "toValue": 1}]}]}
            """)
        XCTAssertEqual(found.count, 3)
        XCTAssertTrue(found[0].message.contains("\"emitterCells.bleu.birthRate\" names nothing animatable"), found[0].message)
        XCTAssertEqual(found[0].suggestion, "did you mean \"emitterCells.blue.birthRate\"?")
        XCTAssertEqual(found[1].suggestion, "did you mean \"opacity\"?")
        XCTAssertEqual(found[0].path, "$.layers[0].animations[0].keyPath")
    }

    func testValuesMustFitTheKeyPath() {
        let found = diagnostics(#"{"fx": 1, "layers": [{"animations": [{"type": "basic", "keyPath": "position", "toValue": 3}]}]}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("expected a point [x, y], got 3"), found[0].message)
    }
}

/// Animated emission: the birth rate is integrated over time.
final class AnimatedEmissionTests: XCTestCase {
    func burst(stepRate: Double) throws -> [Int] {
        let fx = try effect("""
            {"fx": 1, "stepRate": \(stepRate), "layers": [{"type": "emitter", "name": "burst", "emitterCells": [
              {"name": "red", "birthRate": 30, "lifetime": 10, "contents": "rect"},
              {"name": "blue", "birthRate": 30, "lifetime": 10, "contents": "rect"}],
             "animations": [{"type": "group", "duration": 1, "fillMode": "forwards", "removedOnCompletion": false, "animations": [
               {"type": "basic", "keyPath": "emitterCells.red.birthRate", "fromValue": 30, "toValue": 0, "duration": 1},
               {"type": "basic", "keyPath": "emitterCells.blue.birthRate", "fromValue": 30, "toValue": 0, "duration": 1}]}]}]}
            """)
        let world = World(effect: fx)
        world.stepForward(to: 3)
        return world.emitters[0].cells.map(\.born)
    }

    func testTheSeedsBurstWithoutChildDurationsEmitsFifteenThenStops() throws {
        // Seed 004's burst: a 1 s group, held, with `emitterCells.blue.birthRate` 30 → 0 and no
        // child duration, over a model rate of 10: ∫ 30·(1 − t) dt = 15 particles, then none.
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "emitter", "name": "burst", "birthRate": 1, "emitterCells": [
              {"name": "blue", "birthRate": 10, "lifetime": 40, "contents": "rect"}],
             "animations": [{"type": "group", "duration": 1, "fillMode": "forwards", "removedOnCompletion": false, "animations": [
               {"type": "basic", "keyPath": "emitterCells.blue.birthRate", "fromValue": 30, "toValue": 0}]}]}]}
            """)
        let world = World(effect: fx)
        var born: [Double: Int] = [:]
        for time in [0.5, 1, 2, 4] {
            world.stepForward(to: time)
            born[time] = world.emitters[0].cells[0].born
        }
        XCTAssertEqual(born[0.5], Int((30 * 0.5 - 15 * 0.25).rounded(.up)))
        XCTAssertEqual(born[1], 15)
        XCTAssertEqual(born[2], 15)
        XCTAssertEqual(born[4], 15)
    }

    func testTheBurstIsIntegratedExactlyMidWay() throws {
        // At 0.5 s, 30·0.5 − 15·0.25 = 11.25 particles are due: births 0…11.
        for rate in [60.0, 240, 7] {
            let fx = try effect("""
                {"fx": 1, "stepRate": \(rate), "layers": [{"type": "emitter", "emitterCells": [
                  {"name": "red", "birthRate": 30, "lifetime": 10, "contents": "rect"}],
                 "animations": [{"type": "basic", "keyPath": "emitterCells.red.birthRate", "fromValue": 30, "toValue": 0, "duration": 1,
                                 "fillMode": "forwards", "removedOnCompletion": false}]}]}
                """)
            let world = World(effect: fx)
            world.stepForward(to: 0.5 + (rate == 7 ? 1.0 / 14 : 0))
            let due = 30 * world.time - 15 * world.time * world.time
            XCTAssertEqual(world.emitters[0].cells[0].born, Int(due.rounded(.up)), "at \(rate) Hz")
        }
    }

    func testARateThatJumpsInsideAStepIsIntegrated() throws {
        // A 50 ms pulse of 2000 per second (100 particles), placed across step boundaries.
        for rate in [7.0, 13, 24, 60] {
            let fx = try effect("""
                {"fx": 1, "stepRate": \(rate), "layers": [{"type": "emitter", "emitterCells": [
                  {"name": "c", "birthRate": 0, "lifetime": 10, "contents": "disc"}],
                 "animations": [{"type": "keyframe", "keyPath": "emitterCells.c.birthRate", "values": [0, 2000, 0],
                                 "keyTimes": [0, 0.33, 0.355, 1], "calculationMode": "discrete", "duration": 1}]}]}
                """)
            let world = World(effect: fx)
            world.stepForward(to: 2)
            XCTAssertEqual(Double(world.emitters[0].cells[0].born), 50, accuracy: 1, "at \(rate) Hz")
        }
    }

    func testAnEmitterInARepeatingLayerKeepsRunning() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "emitter", "duration": 1, "repeatCount": "infinity", "emitterCells": [
              {"name": "c", "birthRate": 10, "lifetime": 1, "contents": "disc"}]}]}
            """)
        let world = World(effect: fx)
        world.stepForward(to: 3)
        XCTAssertEqual(Double(world.emitters[0].cells[0].born), 30, accuracy: 1)
        XCTAssertEqual(Double(world.liveParticles), 10, accuracy: 1)
    }

    func testTheBurstEmitsFifteenPerCellAtAnyStepRate() throws {
        for rate in [60.0, 240, 120, 37] {
            for born in try burst(stepRate: rate) {
                XCTAssertEqual(Double(born), 15, accuracy: 1, "at \(rate) Hz")
            }
        }
    }

    func testAnimatedLayerBirthRateMultiplierAndCellTiming() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [
              {"name": "late", "birthRate": 10, "lifetime": 10, "beginTime": 1, "duration": 2, "contents": "circle"}],
             "animations": [{"type": "basic", "keyPath": "birthRate", "fromValue": 2, "toValue": 2, "duration": 10}]}]}
            """)
        let world = World(effect: fx)
        world.stepForward(to: 1)
        XCTAssertEqual(world.emitters[0].cells[0].born, 0, "the cell begins at 1 s")
        world.stepForward(to: 5)
        // Active from 1 s to 3 s at 10 × 2 per second.
        XCTAssertEqual(Double(world.emitters[0].cells[0].born), 40, accuracy: 1)
    }

    func testAFrozenLayerFreezesItsParticles() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "emitter", "speed": 0, "timeOffset": 1.5, "emitterCells": [
              {"name": "c", "birthRate": 10, "lifetime": 10, "velocity": 50, "contents": "circle"}]}]}
            """)
        let world = World(effect: fx)
        XCTAssertEqual(Double(world.liveParticles), 15, accuracy: 1, "the layer shows its moment at 1.5 s from time 0")
        world.stepForward(to: 0.5)
        let first = world.emitters[0].cells[0].particles.positionsBySerial
        let alive = world.liveParticles
        world.stepForward(to: 2)
        XCTAssertEqual(Double(alive), 15, accuracy: 1, "the layer shows its moment at 1.5 s")
        XCTAssertEqual(world.stateHash().value, { let w = World(effect: fx); w.stepForward(to: 2); return w.stateHash().value }())
        XCTAssertEqual(world.liveParticles, alive)
        // Frozen: every particle where it was at 0.5 s.
        let later = world.emitters[0].cells[0].particles.positionsBySerial
        XCTAssertEqual(later.map(\.serial), first.map(\.serial))
        XCTAssertEqual(later.map(\.x), first.map(\.x))
        XCTAssertEqual(later.map(\.y), first.map(\.y))
    }
}
