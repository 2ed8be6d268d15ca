import FXCore
import XCTest

/// Every layer is addressable: key paths reach masks and sublayers by `mask`, `sublayers.NAME`
/// and `sublayers[INDEX]` after a unique name, and an animation's key path may go down to them.
final class LayerKeyPathTests: XCTestCase {
    /// `title` animates its mask's locations; `ring` animates its sublayer `dot` (whose own
    /// time begins at 1 s) and dot's mask; `bar` is a second sublayer.
    static let json = """
        {"fx": 1, "canvas": {"size": [200, 100]}, "duration": 2, "layers": [
          {"name": "title", "position": [100, 30], "bounds": [200, 40], "backgroundColor": "#ffffff",
           "mask": {"type": "gradient", "name": "fade", "position": [100, 20], "bounds": [200, 40],
                    "colors": ["transparent", "#ffffff", "transparent"], "locations": [0, 0.1, 0.2]},
           "animations": [{"type": "basic", "keyPath": "mask.locations", "fromValue": [0, 0.1, 0.2], "toValue": [0.8, 0.9, 1], "duration": 2}]},
          {"name": "ring", "position": [100, 75], "bounds": [60, 40],
           "sublayers": [
             {"name": "dot", "position": [15, 20], "bounds": [20, 20], "backgroundColor": "#ff0000", "beginTime": 1,
              "mask": {"name": "dotMask", "position": [10, 10], "bounds": [20, 20], "backgroundColor": "#ffffff"}},
             {"name": "bar", "position": [45, 20], "bounds": [20, 20], "backgroundColor": "#00ff00"}],
           "animations": [
             {"type": "basic", "keyPath": "sublayers.dot.opacity", "fromValue": 1, "toValue": 0, "duration": 2},
             {"type": "keyframe", "keyPath": "sublayers[0].mask.opacity", "values": [1, 0], "duration": 2}]}]}
        """

    private func player() throws -> EffectPlayer {
        EffectPlayer(effect: try effect(Self.json))
    }

    private func number(_ value: AnimatableValue, file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard case .number(let number) = value else {
            XCTFail("not a number: \(value)", file: file, line: line)
            return .nan
        }
        return number
    }

    func testStructuralKeyPathsNameTheSameLayerAsItsUniqueName() throws {
        let player = try self.player()
        player.seek(to: 0.5)
        for (structural, unique) in [("title.mask.locations", "fade.locations"), ("ring.sublayers.dot.opacity", "dot.opacity"),
                                     ("ring.sublayers[0].opacity", "dot.opacity"), ("ring.sublayers.dot.mask.opacity", "dotMask.opacity"),
                                     ("ring.sublayers[1].bounds.size.width", "bar.bounds.size.width"), ("dot.mask.opacity", "dotMask.opacity")] {
            XCTAssertEqual(try player.presentationValue(forKeyPath: structural), try player.presentationValue(forKeyPath: unique), structural)
            XCTAssertEqual(try player.value(forKeyPath: structural), try player.value(forKeyPath: unique), structural)
        }
    }

    /// Core Animation evaluates an animation in the time of the layer it is added to: `dot`
    /// begins at 1 s, yet `ring`'s animation of `sublayers.dot.opacity` is at 0.75 at 0.5 s.
    func testAnAnimationThroughAMaskOrSublayerRunsInItsOwnLayersTime() throws {
        let effect = try effect(Self.json)
        let values = effect.allPresentationLayers(at: 0.5)
        func presented(_ name: String) throws -> Layer { try XCTUnwrap(values.first { $0.name == name }).layer }
        let locations = try XCTUnwrap(presented("fade").gradient?.locations)
        for (value, expected) in zip(locations, [0.2, 0.3, 0.4]) { XCTAssertEqual(value, expected, accuracy: 1e-12) }
        XCTAssertEqual(try presented("dot").opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(try presented("dotMask").opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(try presented("ring").opacity, 1, "the animation changes the sublayer, not its own layer")
        XCTAssertEqual(try presented("bar").opacity, 1)
        // What is drawn agrees: the placed dot and title's placed mask.
        let drawn = effect.presentationLayers(at: 0.5)
        XCTAssertEqual(try XCTUnwrap(drawn.first { $0.name == "dot" }).layer.opacity, 0.75, accuracy: 1e-12)
        let mask = try XCTUnwrap(drawn.first { $0.name == "title" }?.maskLayers.first)
        XCTAssertEqual(try XCTUnwrap(mask.layer.gradient?.locations.first), 0.2, accuracy: 1e-12)
        XCTAssertEqual(mask.model.gradient?.locations, [0, 0.1, 0.2], "the placed mask's model is the file's")
        // The host lists the animated key path as written, so `inspect` reports `ring.sublayers.dot.opacity`.
        XCTAssertEqual(effect.layers[1].animatedKeyPaths, ["sublayers.dot.opacity", "sublayers[0].mask.opacity"])
        // `fx plot`'s samples follow it.
        let series = try effect.sample(["ring.sublayers.dot.opacity", "title.mask.locations"], from: 0, to: 1.6, count: 5)
        for (value, expected) in zip(series[0].values[0], [1, 0.8, 0.6, 0.4, 0.2]) { XCTAssertEqual(value, expected, accuracy: 1e-9) }
        XCTAssertEqual(series[1].values.count, 3, "one series per location")
        XCTAssertEqual(try XCTUnwrap(series[1].values[2].last), 0.2 + 0.8 * 0.8, accuracy: 1e-9)
    }

    /// A path animation with a rotation mode turns the layer that moves: the sublayer.
    func testAPathAnimationOfASublayerTurnsTheSublayer() throws {
        let effect = try effect("""
            {"fx": 1, "layers": [{"name": "ring", "sublayers": [{"name": "dot", "bounds": [10, 10]}],
              "animations": [{"type": "keyframe", "keyPath": "sublayers.dot.position", "path": "M 0 0 L 0 100",
                              "rotationMode": "auto", "duration": 2}]}]}
            """)
        XCTAssertEqual(effect.layers[0].animatedKeyPaths, ["sublayers.dot.position", "sublayers.dot.transform"])
        let layers = effect.allPresentationLayers(at: 1)
        let dot = try XCTUnwrap(layers.first { $0.name == "dot" }).layer
        XCTAssertEqual(dot.position.y, 50, accuracy: 1e-9)
        XCTAssertEqual(TransformValue(dot.transform).rotationZ, .pi / 2, accuracy: 1e-9, "heading down the y axis")
        XCTAssertTrue(try XCTUnwrap(layers.first { $0.name == "ring" }).layer.transform.isEmpty, "ring itself does not turn")
    }

    func testSetValueReachesAMaskAndASublayer() throws {
        let player = try self.player()
        try player.setValue(.numbers([0, 0.4, 0.6]), forKeyPath: "title.mask.locations")
        try player.setValue(0.5, forKeyPath: "ring.sublayers.bar.opacity")
        try player.setValue(Color(red: 0, green: 0, blue: 1), forKeyPath: "ring.sublayers[0].mask.backgroundColor")
        player.step()
        XCTAssertEqual(try player.value(forKeyPath: "fade.locations"), .numbers([0, 0.4, 0.6]))
        XCTAssertEqual(try player.value(forKeyPath: "bar.opacity"), .number(0.5))
        XCTAssertEqual(try player.value(forKeyPath: "dotMask.backgroundColor"), .color(Color(red: 0, green: 0, blue: 1)))
        XCTAssertThrowsError(try player.setValue(2, forKeyPath: "ring.sublayers.bar.opacity"), "the range still holds")
    }

    func testAnAnimationAddedAtRunTimeMayGoDownToASublayer() throws {
        let player = try self.player()
        try player.addAnimation(json: #"{"type": "basic", "keyPath": "sublayers.bar.opacity", "fromValue": 1, "toValue": 0, "duration": 1}"#,
                                toLayer: "ring")
        let keyPath = try player.keyPath("mask.opacity", onLayer: "title")
        XCTAssertEqual(keyPath.route, [.mask])
        XCTAssertEqual(keyPath.propertyPath, "opacity")
        var fade = Animation(keyPath: keyPath, spec: .basic(fromValue: .number(1), toValue: .number(0), byValue: nil))
        fade.timing.duration = 1
        try player.addAnimation(fade, toLayer: "title")
        // A layer may also be named by its steps.
        try player.addAnimation(json: #"{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}"#,
                                toLayer: "ring.sublayers.dot.mask")
        player.step(count: 60)
        XCTAssertEqual(number(try player.presentationValue(forKeyPath: "bar.opacity")), 0.5, accuracy: 1e-9)
        XCTAssertEqual(number(try player.presentationValue(forKeyPath: "fade.opacity")), 0.5, accuracy: 1e-9)
        XCTAssertEqual(number(try player.presentationValue(forKeyPath: "dotMask.opacity")), 0.5, accuracy: 1e-9)
        XCTAssertEqual(try player.value(forKeyPath: "bar.opacity"), .number(1), "animations do not change the model")
    }

    func testMissingMasksAndSublayersAreClearErrors() throws {
        let player = try self.player()
        func message(_ keyPath: String) -> String {
            do {
                _ = try player.value(forKeyPath: keyPath)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(message("ring.mask.opacity"), #"ring.mask.opacity: layer "ring" has no mask (its sublayers: dot, bar)"#)
        XCTAssertEqual(message("ring.sublayers.dto.opacity"),
                       #"ring.sublayers.dto.opacity: layer "ring" has no sublayer named "dto"; did you mean "dot"? (its sublayers: dot, bar)"#)
        XCTAssertEqual(message("ring.sublayers[2].opacity"), #"ring.sublayers[2].opacity: layer "ring" has 2 sublayers, sublayers[0]…[1]; there is no sublayers[2]"#)
        XCTAssertEqual(message("title.mask"), #"title.mask: names the layer "fade", not one of its properties; add one, as in title.mask.opacity"#)
        XCTAssertTrue(message("title.mask.locatons").contains(#"did you mean "locations"?"#), message("title.mask.locatons"))
        XCTAssertTrue(message("titel.mask.opacity").contains(#"no layer named "titel"; did you mean "title"?"#))
        XCTAssertThrowsError(try player.addAnimation(json: #"{"type": "basic", "keyPath": "opacity", "toValue": 0}"#, toLayer: "title.sublayers.x")) {
            XCTAssertEqual("\($0)", #"title.sublayers.x: layer "title" has no sublayer named "x" (it has no sublayers; its mask: "fade")"#)
        }
        // Two sublayers of one name: chosen by index.
        let twins = try effect("""
            {"fx": 1, "layers": [{"name": "row", "sublayers": [{"name": "dot"}, {"name": "dot"}]}]}
            """)
        XCTAssertThrowsError(try twins.layerReference("row.sublayers.dot.opacity")) {
            XCTAssertEqual("\($0)", #"row.sublayers.dot.opacity: layer "row" has 2 sublayers named "dot"; choose one by index: sublayers[0], sublayers[1]"#)
        }
        XCTAssertEqual(try twins.layerReference("row.sublayers[1].opacity").layer.identifier, "dot#2")
    }

    func testAnAnimationsKeyPathIsCheckedAgainstTheLayersBelow() throws {
        func errors(_ animation: String, sublayers: String = #"[{"name": "dot"}]"#) -> [String] {
            diagnostics("""
                {"fx": 1, "layers": [{"name": "ring", "sublayers": \(sublayers), "animations": [\(animation)]}]}
                """).map { "\($0.path): \($0.message)" + ($0.suggestion.map { " / \($0)" } ?? "") }
        }
        XCTAssertEqual(errors(#"{"type": "basic", "keyPath": "mask.opacity", "toValue": 0}"#),
                       [#"$.layers[0].animations[0].keyPath: "mask.opacity": layer "ring" has no mask (its sublayers: dot)"#])
        XCTAssertEqual(errors(#"{"type": "basic", "keyPath": "sublayers.dto.opacity", "toValue": 0}"#),
                       [#"$.layers[0].animations[0].keyPath: "sublayers.dto.opacity": layer "ring" has no sublayer named "dto"; did you mean "dot"? (its sublayers: dot)"#])
        XCTAssertEqual(errors(#"{"type": "basic", "keyPath": "sublayers.dot.opactiy", "toValue": 0}"#),
                       [#"$.layers[0].animations[0].keyPath: "sublayers.dot.opactiy" names nothing animatable on layer layer "dot" (sublayers.dot) / did you mean "sublayers.dot.opacity"?"#])
        // An emitter's particles follow only its own animations: its emitter and cell
        // properties cannot be animated from above; its layer properties can.
        let emitter = #"[{"name": "snow", "type": "emitter", "emitterCells": [{"name": "flake", "birthRate": 5, "lifetime": 1, "contents": "circle"}]}]"#
        XCTAssertEqual(errors(#"{"type": "basic", "keyPath": "sublayers.snow.emitterCells.flake.birthRate", "toValue": 0}"#, sublayers: emitter),
                       [#"$.layers[0].animations[0].keyPath: "sublayers.snow.emitterCells.flake.birthRate" reaches emitter layer "snow", whose particles follow only its own animations; add this animation to that layer, with key path "emitterCells.flake.birthRate""#])
        XCTAssertEqual(errors(#"{"type": "basic", "keyPath": "sublayers.snow.birthRate", "toValue": 0}"#, sublayers: emitter).count, 1)
        XCTAssertNoThrow(try effect("""
            {"fx": 1, "layers": [{"name": "ring", "sublayers": \(emitter),
              "animations": [{"type": "basic", "keyPath": "sublayers.snow.opacity", "toValue": 0}]}]}
            """))
    }
}
