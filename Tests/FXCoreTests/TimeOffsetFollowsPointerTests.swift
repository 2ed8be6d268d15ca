import FXCore
import XCTest

/// A layer whose time a drag sets (`timeOffsetFollowsPointer`, seed 003's pan-driven avatar):
/// through the embedding API, as the window drives it.
final class TimeOffsetFollowsPointerTests: XCTestCase {
    /// Seed 003's avatar, paused, in a 400-point canvas whose x drives its 2 s group: a
    /// `cornerRadius` child of 1 s and a `position.y` child without a duration (spanning the
    /// group, eased in); and a spinner beside it that plays on its own.
    static func avatar(follow: String = #"{"axis": "x", "from": 0, "to": 400, "duration": 2}"#, avatarKeys: String = #""speed": 0"#) -> String {
        """
        {"fx": 1, "canvas": {"size": [400, 300]}, "layers": [
          {"name": "avatar", "position": [200, 150], "bounds": [120, 120], "backgroundColor": "white", \(avatarKeys),
           "timeOffsetFollowsPointer": \(follow),
           "animations": [{"type": "group", "duration": 2, "fillMode": "forwards", "removedOnCompletion": false, "animations": [
             {"type": "basic", "keyPath": "cornerRadius", "toValue": 60, "duration": 1},
             {"type": "basic", "keyPath": "position.y", "toValue": 30, "timingFunction": "easeIn"}]}]},
          {"name": "spinner", "position": [50, 50], "bounds": [10, 10],
           "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 4}]}]}
        """
    }

    /// What evaluating the avatar's animations at its local time `time` gives for `keyPath`.
    func expected(_ keyPath: String, at time: Double, in effect: Effect) throws -> Double {
        let layer = try XCTUnwrap(effect.layers.first { $0.name == "avatar" })
        let path = try XCTUnwrap(AnimatableKeyPath(keyPath, on: layer))
        return path.value(on: layer.presentation(atLocalTime: time)).components[0]
    }

    func number(_ player: EffectPlayer, _ keyPath: String) throws -> Double {
        try player.presentationValue(forKeyPath: keyPath).components[0]
    }

    func testADragSetsTheLayersTimeAndTheRestPlaysOn() throws {
        let loaded = try effect(Self.avatar())
        let player = EffectPlayer(effect: loaded)
        XCTAssertTrue(player.usesPointer)
        player.step(count: 60)
        // No drag yet: the file's timeOffset (0), whatever the effect's time.
        XCTAssertEqual(try number(player, "avatar.cornerRadius"), 0)
        XCTAssertEqual(try number(player, "avatar.position.y"), 150)
        // x 100 of 0…400 is 0.5 s of 0…2 s; x 300 is 1.5 s; past the end it holds 2 s.
        for (x, time) in [(100.0, 0.5), (300, 1.5), (250, 1.25), (520, 2), (-40, 0)] {
            player.pointerDragged(to: Point(x: x, y: 200))
            player.step()
            XCTAssertEqual(player.effect.layers[0].timing.timeOffset, time, accuracy: 1e-12, "x \(x)")
            for keyPath in ["cornerRadius", "position.y"] {
                XCTAssertEqual(try number(player, "avatar." + keyPath), try expected(keyPath, at: time, in: loaded), accuracy: 1e-9,
                               "\(keyPath) at x \(x)")
            }
        }
        // Half way through the pan: the corner is round (60, the end of its 1 s), and
        // position.y, spanning the group, is eased in over 2 s: 150 − 120 · easeIn(0.5).
        player.pointerDragged(to: Point(x: 200, y: 0))
        player.step()
        XCTAssertEqual(try number(player, "avatar.cornerRadius"), 60, accuracy: 1e-9)
        XCTAssertEqual(try number(player, "avatar.position.y"), 150 - 120 * TimingFunction.easeIn.value(at: 0.5), accuracy: 1e-9)
        // The rest of the effect kept its own time: the spinner fades in over 4 s of effect time.
        XCTAssertEqual(try number(player, "spinner.opacity"), player.time / 4, accuracy: 1e-9)
        // A seek replays the drags at their steps: the drags were made at steps 60 to 65, and
        // step 62's set 1.25 s.
        let now = player.time
        player.seek(to: 62.0 / 120)
        XCTAssertEqual(player.effect.layers[0].timing.timeOffset, 1.25, accuracy: 1e-12)
        // (The 1 s corner child has ended then, and does not hold its end: the model's 0.)
        XCTAssertEqual(try number(player, "avatar.cornerRadius"), 0)
        XCTAssertEqual(try number(player, "avatar.position.y"), try expected("position.y", at: 1.25, in: loaded), accuracy: 1e-9)
        player.seek(to: now)
        XCTAssertEqual(try number(player, "avatar.cornerRadius"), 60, accuracy: 1e-9)
    }

    func testTheAxisTheDirectionAndTheDefaultDuration() throws {
        // Along y, from 300 up to 0 (a drag up plays forward), over the animations' own end:
        // the 2 s group.
        let player = EffectPlayer(effect: try effect(Self.avatar(follow: #"{"axis": "y", "from": 300, "to": 0}"#)))
        player.pointerDragged(to: Point(x: 0, y: 225))
        XCTAssertEqual(player.effect.layers[0].timing.timeOffset, 0.5, accuracy: 1e-12)
        player.pointerDragged(to: Point(x: 999, y: 0))
        XCTAssertEqual(player.effect.layers[0].timing.timeOffset, 2, accuracy: 1e-12)
        // A move without the button pressed is not a drag.
        player.pointerMoved(to: Point(x: 0, y: 300))
        XCTAssertEqual(player.effect.layers[0].timing.timeOffset, 2, accuracy: 1e-12)
        XCTAssertEqual(player.stats.recordedChanges, 2)
        // The same position again records nothing more.
        player.pointerDragged(to: Point(x: 5, y: 0))
        XCTAssertEqual(player.stats.recordedChanges, 2)
    }

    func testTheEndOfTheAnimationsCountsSublayersAndOneRepeatOfForever() throws {
        let loaded = try effect("""
            {"fx": 1, "layers": [{"name": "a", "speed": 0, "animations": [
                {"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 0.5, "repeatCount": "infinity", "autoreverses": true}],
              "sublayers": [{"name": "b", "beginTime": 1, "speed": 2, "animations": [
                {"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 3, "beginTime": 0.5}]}]}]}
            """)
        // Forever: one repeat there and back, 1 s. The sublayer's 0.5 + 3 s of its own time,
        // at twice the speed from 1 s on: 1 + 3.5 / 2 = 2.75 s of the layer's.
        var alone = loaded.layers[0]
        alone.sublayers = []
        XCTAssertEqual(alone.animationsEnd, 1, accuracy: 1e-12)
        XCTAssertEqual(loaded.layers[0].animationsEnd, 2.75, accuracy: 1e-12)
        XCTAssertEqual(Layer(type: .layer).animationsEnd, 0)
    }

    func testHeadlessTheLayerShowsItsFilesTimeOffset() throws {
        let loaded = try effect(Self.avatar(avatarKeys: #""speed": 0, "timeOffset": 0.5"#))
        let player = EffectPlayer(effect: loaded)
        player.seek(to: 3)
        XCTAssertEqual(try number(player, "avatar.cornerRadius"), try expected("cornerRadius", at: 0.5, in: loaded), accuracy: 1e-9)
        XCTAssertEqual(try number(player, "avatar.cornerRadius"), 30, accuracy: 1e-9)
    }

    func testAnEmitterInADrivenLayerFollowsItsNewTime() throws {
        // A paused layer holding an emitter of 100 a second: a drag to 1 s lets the emitter
        // simulate that second, at once; a drag back leaves its particles waiting.
        let player = EffectPlayer(effect: try effect("""
            {"fx": 1, "canvas": {"size": [400, 300]}, "layers": [{"name": "host", "speed": 0,
              "timeOffsetFollowsPointer": {"axis": "x", "from": 0, "to": 400, "duration": 4},
              "sublayers": [{"type": "emitter", "name": "e", "emitterPosition": [200, 150],
                "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 100, "lifetime": 10}]}]}]}
            """))
        player.step(count: 30)
        XCTAssertEqual(player.stats.liveParticles, 0, "a paused layer's emitter waits")
        player.pointerDragged(to: Point(x: 100, y: 0))
        player.step()
        XCTAssertEqual(player.stats.liveParticles, 100)
        player.pointerDragged(to: Point(x: 0, y: 0))
        player.step(count: 10)
        XCTAssertEqual(player.stats.liveParticles, 100)
    }

    func testBadValuesAreErrorsThatSayWhatIsExpected() {
        func first(_ follow: String) -> Diagnostic? {
            diagnostics(Self.avatar(follow: follow)).first
        }
        let axis = first(#"{"axis": "z", "from": 0, "to": 400}"#)
        XCTAssertEqual(axis?.path, "$.layers[0].timeOffsetFollowsPointer.axis")
        XCTAssertEqual(axis?.message, "\"z\" is not a valid axis")
        XCTAssertNotNil(axis?.suggestion)
        let same = first(#"{"axis": "x", "from": 50, "to": 50}"#)
        XCTAssertEqual(same?.path, "$.layers[0].timeOffsetFollowsPointer.to")
        XCTAssertTrue(same?.message.contains("\"from\" and \"to\" are both 50") ?? false, same?.message ?? "")
        let negative = first(#"{"axis": "x", "from": 0, "to": 400, "duration": -1}"#)
        XCTAssertEqual(negative?.path, "$.layers[0].timeOffsetFollowsPointer.duration")
        XCTAssertTrue(negative?.message.contains("got -1") ?? false, negative?.message ?? "")
        let zero = first(#"{"axis": "x", "from": 0, "to": 400, "duration": 0}"#)
        XCTAssertEqual(zero?.path, "$.layers[0].timeOffsetFollowsPointer.duration")
        let missing = first(#"{"axis": "x", "from": 0}"#)
        XCTAssertEqual(missing?.path, "$.layers[0].timeOffsetFollowsPointer")
        XCTAssertTrue(missing?.message.contains("needs \"to\"") ?? false, missing?.message ?? "")
        XCTAssertNotNil(missing?.line)
        let unknown = first(#"{"axis": "x", "from": 0, "to": 400, "durations": 2}"#)
        XCTAssertEqual(unknown?.suggestion, "did you mean \"duration\"?")
        let notAnObject = first("true")
        XCTAssertEqual(notAnObject?.path, "$.layers[0].timeOffsetFollowsPointer")
    }

    func testALayerThatKeepsPlayingOrHasNothingToDriveIsWarnedOf() throws {
        let playing = try effect(Self.avatar(avatarKeys: #""speed": 1"#))
        XCTAssertEqual(playing.warnings.map(\.path), ["$.layers[0].speed"])
        XCTAssertTrue(playing.warnings[0].message.contains("its time keeps running"), playing.warnings[0].message)
        let unset = try effect(Self.avatar(avatarKeys: #""opacity": 1"#))
        XCTAssertEqual(unset.warnings.map(\.path), ["$.layers[0].timeOffsetFollowsPointer"])
        let empty = try effect(#"{"fx": 1, "layers": [{"speed": 0, "timeOffsetFollowsPointer": {"axis": "x", "from": 0, "to": 1}}]}"#)
        XCTAssertEqual(empty.warnings.count, 1)
        XCTAssertTrue(empty.warnings[0].message.contains("no animations"), empty.warnings[0].message)
        XCTAssertEqual(try effect(Self.avatar()).warnings.count, 0)
    }
}
