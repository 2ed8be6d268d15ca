import FXCore
import XCTest

/// `CATransition` as an animation (`"type": "transition"`): its progress through its timing and
/// its progress range, the appearance it moves away from, which transition a layer shows, the
/// meshes of each type, and the file's errors.
final class TransitionAnimationTests: XCTestCase {
    /// A 100 × 100 red layer at (0, 0)…(100, 100) that turns blue at 1 s (a basic animation of
    /// backgroundColor held from 1 s on), with `transition` (JSON members) added to its
    /// animations.
    func effectJSON(_ transition: String, extra: String = "") -> String {
        """
        {"fx": 1, "canvas": {"size": [300, 200]}, "layers": [{"type": "layer", "name": "card", "position": [50, 50], "bounds": [100, 100],
          "backgroundColor": "red", \(extra)
          "animations": [
            {"type": "basic", "keyPath": "backgroundColor", "fromValue": "blue", "toValue": "blue", "beginTime": 1, "duration": 100},
            {"type": "transition", \(transition)}]}]}
        """
    }

    func placed(_ json: String, at time: Double) throws -> PlacedLayer {
        let fx = try effect(json)
        return try XCTUnwrap(fx.presentationLayers(at: time).first { $0.name == "card" })
    }

    func drawList(_ json: String, at time: Double) throws -> DrawList {
        let world = World(effect: try effect(json))
        world.stepForward(to: time)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        return list
    }

    func testTheTransitionMovesAwayFromTheAppearanceJustBeforeItsBeginTime() throws {
        let json = effectJSON(#""transitionType": "push", "subtype": "fromRight", "beginTime": 1, "duration": 1"#)
        XCTAssertNil(try placed(json, at: 0.5).transition, "not begun")
        let half = try XCTUnwrap(try placed(json, at: 1.5).transition)
        XCTAssertEqual(half.type, .push)
        XCTAssertEqual(half.subtype, .fromRight)
        XCTAssertEqual(half.progress, 0.5, accuracy: 1e-9, "linear without a timing function, as CATransition")
        XCTAssertEqual(half.changeTime, 1)
        XCTAssertEqual(half.previous.backgroundColor, Color(red: 1, green: 0, blue: 0), "the red of before 1 s")
        XCTAssertEqual(try placed(json, at: 1.5).layer.backgroundColor, Color(red: 0, green: 0, blue: 1), "the live blue")
        XCTAssertNil(try placed(json, at: 2.5).transition, "over: removed on completion")

        // The draw list: the red background in the old snapshot, the blue in the new, each moved half a width.
        let list = try drawList(json, at: 1.5)
        XCTAssertEqual(list.transitionGroups.count, 1)
        let group = list.transitionGroups[0]
        func color(_ batches: Range<Int>) -> [UInt8]? {
            guard let image = list.batches[batches].compactMap(\.image).first.map({ list.images[$0].image }) else { return nil }
            let middle = (image.height / 2 * image.width + image.width / 2) * 4
            return Array(image.pixels[middle..<middle + 4])
        }
        XCTAssertEqual(color(group.previousBatches), [255, 0, 0, 255])
        XCTAssertEqual(color(group.currentBatches), [0, 0, 255, 255])
        XCTAssertEqual(group.pieces.map(\.source), [.previous, .current])
        XCTAssertEqual(group.pieces[0].vertices.map(\.x).min(), -50)
        XCTAssertEqual(group.pieces[1].vertices.map(\.x).min(), 50)
    }

    func testTimingFunctionAndProgressRangeShapeTheProgress() throws {
        let json = effectJSON(#""transitionType": "moveIn", "beginTime": 1, "duration": 2, "timingFunction": "easeIn", "startProgress": 0.2, "endProgress": 0.6"#)
        for time in [1.0, 1.5, 2.0, 2.9] {
            let expected = 0.2 + 0.4 * TimingFunction.easeIn.value(at: (time - 1) / 2)
            XCTAssertEqual(try XCTUnwrap(try placed(json, at: time).transition).progress, expected, accuracy: 1e-9, "at \(time) s")
        }
        XCTAssertNil(try placed(json, at: 3.5).transition, "removed on completion")
        // Held at its end: a transition stopped at 0.6 stays there.
        let held = effectJSON(#""transitionType": "moveIn", "beginTime": 1, "duration": 2, "endProgress": 0.6, "fillMode": "forwards", "removedOnCompletion": false"#)
        XCTAssertEqual(try XCTUnwrap(try placed(held, at: 10).transition).progress, 0.6, accuracy: 1e-9)
        // Repeating and autoreversing run the transition back and forth.
        let reversing = effectJSON(#""transitionType": "fade", "beginTime": 1, "duration": 1, "autoreverses": true, "repeatCount": 2"#)
        XCTAssertEqual(try XCTUnwrap(try placed(reversing, at: 1.25).transition).progress, 0.25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(try placed(reversing, at: 2.25).transition).progress, 0.75, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(try placed(reversing, at: 3.25).transition).progress, 0.25, accuracy: 1e-9)
    }

    func testTheLatestBegunTransitionIsShown() throws {
        // A scheduled change of an image-less text layer at 0.5 s (1 s long) and a transition
        // animation at 1 s: from 1 s the animation's, as Core Animation keeps one per layer.
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "text", "name": "card", "bounds": [100, 40], "string": "a",
              "transitions": [{"time": 0.5, "string": "b", "type": "push", "duration": 1}],
              "animations": [{"type": "transition", "transitionType": "cube", "beginTime": 1, "duration": 1}]}]}
            """, resources: MemoryResources(files: [:], fonts: ["DejaVuSans.ttf": "memory:DejaVuSans.ttf"]))
        func state(_ time: Double) throws -> TransitionState {
            try XCTUnwrap(fx.presentationLayers(at: time).first { $0.name == "card" }?.transition, "at \(time)")
        }
        XCTAssertEqual(try state(0.75).type, .push)
        XCTAssertEqual(try state(0.75).previous.text?.string, "a")
        XCTAssertEqual(try state(0.75).subtype, .fromLeft, "Core Animation's default, no subtype")
        XCTAssertEqual(try state(1.25).type, .cube)
        XCTAssertEqual(try state(1.25).previous.text?.string, "b", "the string just before the animation's begin")
    }

    func testATransitionAddedAtRunTimeMovesAwayFromTheLayerAsItWasWhenAdded() throws {
        let player = EffectPlayer(effect: try effect("""
            {"fx": 1, "layers": [{"type": "layer", "name": "card", "position": [50, 50], "bounds": [100, 100], "backgroundColor": "red"}]}
            """))
        player.seek(to: 1)
        // Core Animation's idiom: add the transition, change the layer.
        try player.addAnimation(json: #"{"type": "transition", "transitionType": "push", "subtype": "fromTop", "duration": 1}"#,
                                toLayer: "card")
        try player.setValue(Color(red: 0, green: 0, blue: 1), forKeyPath: "card.backgroundColor")
        player.seek(to: 1.5)
        let card = try XCTUnwrap(player.effect.presentationLayers(at: player.time).first { $0.name == "card" })
        let transition = try XCTUnwrap(card.transition)
        XCTAssertEqual(transition.progress, 0.5, accuracy: 0.01)
        XCTAssertEqual(transition.previous.backgroundColor, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(card.layer.backgroundColor, Color(red: 0, green: 0, blue: 1))
        // Seeking back replays it the same way.
        player.seek(to: 0.5)
        player.seek(to: 1.5)
        let replayed = try XCTUnwrap(player.effect.presentationLayers(at: player.time).first { $0.name == "card" }?.transition)
        XCTAssertEqual(replayed.previous.backgroundColor, Color(red: 1, green: 0, blue: 0))
        XCTAssertThrowsError(try player.addAnimation(json: #"{"type": "group", "animations": [{"type": "transition"}]}"#, toLayer: "card"))
    }

    /// Each type's meshes at chosen moments, on a 100 × 100 layer at (0, 0): the defining
    /// geometry of each.
    func testEveryTypeHasItsGeometry() throws {
        func group(_ type: String, _ subtype: String = "fromRight", at time: Double) throws -> DrawList.TransitionGroup {
            let list = try drawList(effectJSON(#""transitionType": "\#(type)", "subtype": "\#(subtype)", "beginTime": 1, "duration": 1"#), at: time)
            return try XCTUnwrap(list.transitionGroups.first, type)
        }
        func extent(_ piece: DrawList.TransitionGroup.Piece) -> (x: ClosedRange<Float>, y: ClosedRange<Float>) {
            let used = Set(piece.indices).map { piece.vertices[Int($0)] }
            return (used.map(\.x).min()!...used.map(\.x).max()!, used.map(\.y).min()!...used.map(\.y).max()!)
        }
        // cube, half-way from the right: two faces meeting at the centre line, turned 45°, each
        // shaded; the trailing edges come nearer the eye (taller than the layer).
        let cube = try group("cube", at: 1.5)
        XCTAssertEqual(cube.pieces.map(\.source).sorted { "\($0)" < "\($1)" }, [.current, .previous])
        let old = try XCTUnwrap(cube.pieces.first { $0.source == .previous }), new = try XCTUnwrap(cube.pieces.first { $0.source == .current })
        XCTAssertEqual(extent(old).x.upperBound, 50, accuracy: 0.01, "the faces' shared edge")
        XCTAssertEqual(extent(new).x.lowerBound, 50, accuracy: 0.01)
        XCTAssertLessThan(extent(old).y.lowerBound, 0, "the old face's far-left edge has come forward")
        XCTAssertTrue(old.vertices.allSatisfy { $0.red < 255 && $0.red == $0.green }, "shaded grey")
        // oglFlip: the old face until half-way (narrower as it turns), then the new.
        let flipEarly = try group("oglFlip", at: 1.25), flipLate = try group("oglFlip", at: 1.75)
        XCTAssertEqual(flipEarly.pieces.map(\.source), [.previous])
        XCTAssertEqual(flipLate.pieces.map(\.source), [.current])
        let width = extent(flipEarly.pieces[0]).x
        XCTAssertLessThan(width.upperBound - width.lowerBound, 80, "cos 45° of 100, widened a little by the perspective")
        XCTAssertGreaterThan(width.upperBound - width.lowerBound, 70)
        // rippleEffect: both drawings displaced alike and dissolved (added, alphas summing to 1).
        let ripple = try group("rippleEffect", at: 1.5)
        XCTAssertEqual(ripple.pieces.map(\.compositing), [.add, .add])
        XCTAssertEqual(ripple.pieces[0].vertices.map(\.x), ripple.pieces[1].vertices.map(\.x))
        XCTAssertTrue(ripple.pieces[0].vertices.contains { abs($0.x - $0.x.rounded()) > 0.01 }, "displaced")
        XCTAssertTrue(zip(ripple.pieces[0].vertices, ripple.pieces[1].vertices).allSatisfy { abs(Int($0.alpha) + Int($1.alpha) - 255) <= 1 })
        // suckEffect: the new drawing still, the old pulled towards the bottom-left corner.
        let suck = try group("suckEffect", at: 1.75)
        XCTAssertEqual(suck.pieces.map(\.source), [.current, .previous])
        XCTAssertLessThan(extent(suck.pieces[1]).x.upperBound, 60, "the right side has been pulled in")
        XCTAssertEqual(extent(suck.pieces[1]).y.upperBound, 100, accuracy: 0.01, "towards the bottom edge")
        // pageCurl: the new drawing under, a shadow, the sheet's front, its pale back and its
        // back's faint drawing; cut to the bounds.
        let curl = try group("pageCurl", at: 1.5)
        XCTAssertEqual(curl.pieces.map(\.source), [.current, .solid, .previous, .solid, .previous])
        XCTAssertNotNil(curl.clip)
        let unCurl = try group("pageUnCurl", at: 1.5)
        XCTAssertEqual(unCurl.pieces.map(\.source), [.previous, .solid, .current, .solid, .current], "the new page lies down over the old")
        // pageUnCurl at p is pageCurl at 1 − p with the roles swapped.
        let curlAt30 = try group("pageCurl", at: 1.3), unCurlAt70 = try group("pageUnCurl", at: 1.7)
        XCTAssertEqual(curlAt30.pieces.map { $0.vertices.map(\.x) }, unCurlAt70.pieces.map { $0.vertices.map(\.x) })
        // The irises: the opening's radius is the progress of the way to the corners.
        let open = try group("cameraIrisHollowOpen", at: 1.5)
        XCTAssertEqual(open.pieces.map(\.source), [.previous, .current, .solid])
        let reach = Float((50.0 * 50 + 50 * 50).squareRoot() * 0.5)
        let inside = open.pieces[1].vertices.map { (($0.x - 50) * ($0.x - 50) + ($0.y - 50) * ($0.y - 50)).squareRoot() }
        XCTAssertEqual(inside.max()!, reach, accuracy: 0.01, "the new drawing fills the opening")
        let close = try group("cameraIrisHollowClose", at: 1.75)
        XCTAssertEqual(close.pieces.map(\.source), [.current, .previous, .solid])
        let shrinking = close.pieces[1].vertices.map { (($0.x - 50) * ($0.x - 50) + ($0.y - 50) * ($0.y - 50)).squareRoot() }
        XCTAssertEqual(shrinking.max()!, reach / 2, accuracy: 0.01, "the old drawing in a closing opening")
        // The 3-D types turn about the axis the subtype names.
        let fromTop = try group("oglFlip", "fromTop", at: 1.25)
        let turned = extent(fromTop.pieces[0])
        XCTAssertLessThan(turned.y.upperBound - turned.y.lowerBound, 80)
        XCTAssertGreaterThan(turned.x.upperBound - turned.x.lowerBound, 99)
    }

    func testTransitionAnimationErrors() {
        func paths(_ json: String) -> [String] { diagnostics(json).map(\.path) }
        func messages(_ json: String) -> [String] { diagnostics(json).map { $0.message + " " + ($0.suggestion ?? "") } }
        let layer = #"{"fx": 1, "layers": [{"type": "layer", "animations": [%@]}]}"#
        func file(_ animation: String) -> String { layer.replacingOccurrences(of: "%@", with: animation) }
        XCTAssertEqual(paths(file(#"{"type": "group", "animations": [{"type": "transition"}]}"#)), ["$.layers[0].animations[0].animations[0]"])
        XCTAssertEqual(paths(file(#"{"type": "transition", "startProgress": 0.8, "endProgress": 0.2}"#)), ["$.layers[0].animations[0].endProgress"])
        XCTAssertEqual(paths(file(#"{"type": "transition", "startProgress": 1.5}"#)), ["$.layers[0].animations[0].startProgress"])
        XCTAssertEqual(paths(file(#"{"type": "transition", "keyPath": "opacity"}"#)), ["$.layers[0].animations[0].keyPath"])
        XCTAssertEqual(paths(file(#"{"type": "transition", "additive": true}"#)), ["$.layers[0].animations[0].additive"])
        let push = messages(file(#"{"type": "push"}"#))
        XCTAssertEqual(push.count, 1)
        XCTAssertTrue(push[0].contains(#""type": "transition", "transitionType": "push""#), push[0])
        let misspelled = messages(file(#"{"type": "transition", "transitionType": "stuckEffect"}"#))
        XCTAssertTrue(misspelled.first?.contains("suckEffect") ?? false, "\(misspelled)")
        let wrongKey = messages(file(#"{"type": "transition", "transition": "push"}"#))
        XCTAssertTrue(wrongKey.first?.contains("transitionType") ?? false, "\(wrongKey)")
        let scheduled = diagnostics(#"{"fx": 1, "layers": [{"type": "text", "transitions": [{"time": 1, "string": "b", "type": "pageCurll"}]}]}"#,
                                    resources: MemoryResources(files: [:], fonts: ["DejaVuSans.ttf": "memory:DejaVuSans.ttf"]))
        XCTAssertEqual(scheduled.map(\.path), ["$.layers[0].transitions[0].type"])
        XCTAssertTrue(scheduled.first?.suggestion?.contains("pageCurl") ?? false)
    }
}
