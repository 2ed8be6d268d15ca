import FXCore
import FXSDL
import XCTest

/// Headless renders go to a time the one way fx has: `EffectPlayer.seek(to:)`, which replays
/// the changes made at run time. A frame sequence scrubbed back and forth keeps them.
final class HeadlessSeekTests: XCTestCase {
    private let json = """
        {"fx": 1, "canvas": {"size": [200, 150], "background": "black"}, "layers": [
          {"type": "emitter", "name": "e", "emitterPosition": [100, 75],
           "emitterCells": [{"name": "c", "contents": "disc", "birthRate": 60, "lifetime": 3, "velocity": 40,
                             "emissionRange": "360deg", "color": "white", "scale": 0.5}]}]}
        """

    func testARunTimeChangeSurvivesSeekingBackAndForth() throws {
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8))
        let sequence = try FrameSequence(effect: effect, seed: 3, size: (100, 75))
        _ = try sequence.frame(at: 0.5)
        // From 0.5 s on, particles are born red and the emitter moves.
        try sequence.player.setValue(Color(red: 1, green: 0, blue: 0), forKeyPath: "e.emitterCells.c.color")
        try sequence.player.setValue(Point(x: 40, y: 40), forKeyPath: "e.emitterPosition")
        let late = try sequence.frame(at: 1.5)
        let lateHash = sequence.world.stateHash().value

        // Back before the change: the frame is the unchanged effect's, and so is the model.
        let early = try sequence.frame(at: 0.25)
        XCTAssertEqual(try sequence.player.value(forKeyPath: "e.emitterPosition"), .point(Point(x: 100, y: 75)))
        XCTAssertEqual(early.pixels, try EffectRenderer().render(effect, time: 0.25, seed: 3, size: (100, 75)).image.pixels)

        // Forward again: the change is made again at its step, so the frame is the same.
        let again = try sequence.frame(at: 1.5)
        XCTAssertEqual(sequence.world.stateHash().value, lateHash)
        XCTAssertEqual(again.pixels, late.pixels)
        XCTAssertEqual(try sequence.player.value(forKeyPath: "e.emitterPosition"), .point(Point(x: 40, y: 40)))

        // And the change shows: without it, 1.5 s looks different.
        let unchanged = try EffectRenderer().render(effect, time: 1.5, seed: 3, size: (100, 75))
        XCTAssertNotEqual(unchanged.image.pixels, late.pixels)
        XCTAssertNotEqual(unchanged.world.stateHash().value, lateHash)
    }
}
