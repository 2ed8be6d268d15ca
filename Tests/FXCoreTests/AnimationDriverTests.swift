import XCTest
import FXCore

/// What an edit of an animated value changes (issue 34): the member of the animation that
/// drives it at that moment.
final class AnimationDriverTests: XCTestCase {
    private func layer(_ animations: String) throws -> Layer {
        let loaded = try effect("""
            {"fx": 1, "canvas": {"size": [100, 100]},
             "layers": [{"type": "layer", "name": "box", "bounds": [10, 10], "animations": [\(animations)]}]}
            """)
        return try XCTUnwrap(loaded.layers.first)
    }

    func testABasicAnimationsStartThenItsEnd() throws {
        let box = try layer(#"{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.2, "duration": 2}"#)
        let early = box.animationDrivers(of: "opacity", atLocalTime: 0.5)
        XCTAssertEqual(early.map(\.member), [.fromValue])
        XCTAssertEqual(early.first?.value, .number(1))
        XCTAssertEqual(early.first?.path, "animations[0].fromValue")
        XCTAssertEqual(box.animationDrivers(of: "opacity", atLocalTime: 1.5).map(\.member), [.toValue])
        // Over (and removed) or not begun: the end, what a user sets the animation toward.
        XCTAssertEqual(box.animationDrivers(of: "opacity", atLocalTime: 5).map(\.member), [.toValue])
        XCTAssertTrue(box.animationDrivers(of: "position", atLocalTime: 0.5).isEmpty)
    }

    func testAKeyframeAnimationsKeyAtOrBeforeTheMoment() throws {
        let box = try layer(#"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0.5, 0], "keyTimes": [0, 0.1, 0.6, 1], "duration": 2}"#)
        XCTAssertEqual(box.animationDrivers(of: "opacity", atLocalTime: 0.1).map(\.member), [.keyframe(0)])
        XCTAssertEqual(box.animationDrivers(of: "opacity", atLocalTime: 1.0).map(\.member), [.keyframe(1)])
        let late = box.animationDrivers(of: "opacity", atLocalTime: 1.5)
        XCTAssertEqual(late.map(\.member), [.keyframe(2)])
        XCTAssertEqual(late.first?.path, "animations[0].values[2]")
    }

    /// A group's child, timed in the group's time: confetti's burst holds its end after 1 s.
    func testAGroupsChildInTheGroupsTime() throws {
        let box = try layer("""
            {"type": "group", "beginTime": 1, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false, "animations": [
              {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1},
              {"type": "basic", "keyPath": "position", "fromValue": [0, 0], "toValue": [5, 5], "duration": 1}]}
            """)
        XCTAssertEqual(box.animationDrivers(of: "opacity", atLocalTime: 1.2).map(\.member), [.fromValue])
        let held = box.animationDrivers(of: "opacity", atLocalTime: 3)
        XCTAssertEqual(held.map(\.member), [.toValue])
        XCTAssertEqual(held.first?.indexes, [0, 0])
        XCTAssertEqual(held.first?.path, "animations[0].animations[0].toValue")
        XCTAssertEqual(box.animationDrivers(of: "position", atLocalTime: 1.7).first?.path, "animations[0].animations[1].toValue")
    }
}
