import FXCore
import FXSDL
import Foundation
import XCTest

/// The panel's transport (issue 34): play/pause, one step, restart, speed and a scrubber over
/// the duration drive the window's own playback — the frames fx reports (`paused=`, `t=`,
/// `speed=`, `scrubbing=`) show each click — and the scrubber ticks where the animations'
/// keyframes fall, their repeats too. Driven like ``WindowTests`` (xdotool on Xvfb, waiting for
/// what fx reports, never for a fixed time), photographed at each step.
final class PanelTransportWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// A 20 s effect at 60 steps a second whose animations fall at 2, 3, 4 and 5 s (a basic
    /// animation of 1 s from 2 s, repeated three times), at 6.5, 7 and 7.5 s (a group from 6 s
    /// whose child of 0.5 s starts 0.5 s in and autoreverses) and at 10, 14 and 18 s (a
    /// keyframe animation of 8 s from 10 s, keyTimes 0, 0.5, 1).
    static func timedEffect(named name: String) throws -> URL {
        let file = FXProcess.temporaryDirectory().appendingPathComponent("\(name).json")
        try """
            {"fx": 1, "name": "\(name)", "canvas": {"size": [400, 300], "background": "black"}, "duration": 20, "loop": true,
             "stepRate": 60, "layers": [
              {"type": "emitter", "name": "spray", "emitterPosition": [200, 150], "emitterCells": [
                {"name": "dot", "contents": "square", "birthRate": 100, "lifetime": 0.5, "velocity": 60,
                 "emissionRange": "360deg", "scale": 0.2, "color": "#00ff00"}],
               "animations": [
                {"type": "basic", "keyPath": "emitterCells.dot.scale", "fromValue": 0.2, "toValue": 0.4, "beginTime": 2,
                 "duration": 1, "repeatCount": 3},
                {"type": "group", "beginTime": 6, "duration": 2, "animations": [
                  {"type": "basic", "keyPath": "emitterCells.dot.birthRate", "fromValue": 100, "toValue": 50, "beginTime": 0.5,
                   "duration": 0.5, "autoreverses": true}]},
                {"type": "keyframe", "keyPath": "emitterCells.dot.velocity", "values": [60, 120, 60], "keyTimes": [0, 0.5, 1],
                 "beginTime": 10, "duration": 8}]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func testTheTransportPausesStepsScrubsRestartsAndChangesTheSpeed() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let file = try Self.timedEffect(named: "transport")
        let shots = FXProcess.temporaryDirectory()
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "150"])
        let window = try fx.waitForWindow(named: "transport")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        let play = try fx.settledPanelRow("transport play")
        let step = try fx.settledPanelRow("transport step")
        let restart = try fx.settledPanelRow("transport restart")
        let speed = try fx.settledPanelRow("transport speed")
        let reset = try fx.settledPanelRow("transport reset speed")
        let scrubber = try fx.settledPanelRow("transport scrubber")
        // Under the numbers, above the tree: the buttons on one line, the scrubber under them.
        XCTAssertEqual(play.y, step.y)
        XCTAssertEqual(play.y, restart.y)
        XCTAssertGreaterThan(scrubber.y, play.y)
        XCTAssertLessThan(scrubber.y, try fx.settledPanelRow("filter").y)
        XCTAssertGreaterThan(scrubber.width, 250, "the scrubber is not the panel's width")
        try fx.photograph("transport-1-playing.png", window: window, on: screen, in: shots)

        func click(_ place: WindowProgram.Place, atX fraction: Double = 0.5) throws {
            try screen.movePointer(in: window, x: place.x + Int(Double(place.width) * fraction), y: place.y + place.height / 2)
            try fx.waitForFrames(4, "frames with the pointer over the control")
            try screen.xdotool("click", "1")
        }

        // Pause: the frames say paused=1, and the time stands still.
        try click(play)
        let paused = try fx.waitForFrame("a paused frame", after: try fx.waitForLine("fx: panel transport pause")) { $0.isPaused(in: fx) }
        let still = try fx.waitForFrames(12, "frames while paused")
        XCTAssertTrue(still.isPaused(in: fx), fx.log)
        XCTAssertEqual(still.time, paused.time, "the time moved while paused")
        try fx.photograph("transport-2-paused.png", window: window, on: screen, in: shots)

        // One step: exactly one 1/60 s step, still paused; → does the same.
        try click(step)
        let stepped = try fx.waitForFrame("a frame a step on", after: try fx.waitForLine("fx: panel transport step")) {
            $0.time != paused.time
        }
        XCTAssertEqual(stepped.time - paused.time, 1.0 / 60, accuracy: 0.0015, "a step is not 1/60 s")
        XCTAssertTrue(stepped.isPaused(in: fx))
        try screen.xdotool("key", "--window", window, "Right")
        let keyed = try fx.waitForFrame("a frame a step on by →", after: stepped) { $0.time != stepped.time }
        XCTAssertEqual(keyed.time - stepped.time, 1.0 / 60, accuracy: 0.0015, "→ after the panel's step is not one step")

        // A click on the scrubber at three quarters: 15 s, exactly (paused, the seek lands there).
        try click(scrubber, atX: 0.75)
        let scrubLine = try fx.waitForLine("fx: panel transport scrub ")
        let target = try XCTUnwrap(Double(fx.lines[scrubLine].split(separator: " ").last ?? ""), fx.lines[scrubLine])
        XCTAssertEqual(target, 15, accuracy: 0.3, "the scrubber's three quarters is not near 15 s")
        let ended = try fx.waitForLine("fx: panel transport scrub end", after: scrubLine)
        let scrubbed = try fx.waitForFrame("a frame at the scrubbed moment", after: ended) { !$0.isScrubbing && !$0.isSimulating(in: fx) }
        XCTAssertEqual(scrubbed.time, target, accuracy: 1.0 / 60 + 0.001, "the click did not seek there")
        XCTAssertTrue(scrubbed.isPaused(in: fx), "a scrub unpaused the effect")
        try fx.photograph("transport-3-scrubbed.png", window: window, on: screen, in: shots)
        // The ticks: 2, 3, 4, 5 s (a repeated basic animation), 6.5, 7, 7.5 s (a group's child, there
        // and back), 10, 14, 18 s (keyframes), and none between.
        let image = try PNGFile.read(shots.appendingPathComponent("transport-3-scrubbed.png").path)
        for moment in [2.0, 3, 4, 5, 6.5, 7, 7.5, 10, 14, 18] {
            XCTAssertTrue(Self.tick(in: image, scrubber: scrubber, at: moment / 20), "no tick at \(moment) s")
        }
        for moment in [8.5, 12, 16] {
            XCTAssertFalse(Self.tick(in: image, scrubber: scrubber, at: moment / 20), "a tick at \(moment) s, where nothing falls")
        }

        // A drag along it, back from a quarter to half: scrubbing=1 while held, then 10 s.
        try screen.drag(window, from: (scrubber.x + scrubber.width / 4, scrubber.y + scrubber.height / 2), dx: scrubber.width / 4,
                        until: "fx: panel transport scrub end", fx: fx)
        XCTAssertTrue(fx.lines.contains { $0.hasPrefix("fx: frame ") && $0.contains(" scrubbing=1 ") }, "no frame was scrubbing")
        let dragLine = try XCTUnwrap(fx.lines.lastIndex { $0.hasPrefix("fx: panel transport scrub ") && !$0.hasSuffix(" end") })
        let dragTarget = try XCTUnwrap(Double(fx.lines[dragLine].split(separator: " ").last ?? ""))
        XCTAssertEqual(dragTarget, 10, accuracy: 0.6)
        let dragged = try fx.waitForFrame("a frame where the drag left it", after: dragLine) { !$0.isScrubbing && !$0.isSimulating(in: fx) }
        XCTAssertEqual(dragged.time, dragTarget, accuracy: 1.0 / 60 + 0.001)

        // Restart: time 0, still paused.
        try click(restart)
        let restarted = try fx.waitForFrame("a frame at 0", after: try fx.waitForLine("fx: panel transport restart")) {
            $0.time < 0.05 && !$0.isSimulating(in: fx)
        }
        XCTAssertTrue(restarted.isPaused(in: fx))

        // Play, then a faster speed: the time runs at that rate against the window's clock.
        try click(play)
        let playing = try fx.waitForFrame("a playing frame", after: try fx.waitForLine("fx: panel transport play")) { !$0.isPaused(in: fx) }
        try fx.waitForFrame("the time running", after: playing) { $0.time > playing.time }
        // (From its left edge: the window ends a little right of the field.)
        try screen.drag(window, from: (speed.x + 3, speed.y + speed.height / 2), dx: 96, until: "fx: panel transport speed ", fx: fx)
        let speedLine = try XCTUnwrap(fx.lines.lastIndex { $0.hasPrefix("fx: panel transport speed ") })
        let chosen = try XCTUnwrap(Double(fx.lines[speedLine].split(separator: " ").last ?? ""))
        XCTAssertGreaterThanOrEqual(chosen, 2, "a drag of 96 pixels did not speed up")
        let fast = try fx.waitForFrame("a frame at the new speed", after: speedLine) { abs($0.speed(in: fx) - chosen) < 0.01 }
        let later = try fx.waitForFrame("a frame 1.5 s later", after: fast) { $0.clock(in: fx) >= fast.clock(in: fx) + 1.5 }
        let rate = (later.time - fast.time) / (later.clock(in: fx) - fast.clock(in: fx))
        // A loaded machine loses time (the player catches up at most 0.25 s at once), never gains it.
        XCTAssertGreaterThan(rate, chosen * 0.55, "the time ran at \(rate)× at speed \(chosen)")
        XCTAssertLessThan(rate, chosen * 1.15, "the time ran at \(rate)× at speed \(chosen)")
        XCTAssertGreaterThan(rate, 1.2, "the time ran at \(rate)×, not faster than real time")
        try fx.photograph("transport-4-fast.png", window: window, on: screen, in: shots)
        // 1× gives real time back.
        try click(reset)
        try fx.waitForLine("fx: panel transport speed 1.00", after: speedLine)
        try fx.waitForFrame("a frame at 1×", after: speedLine) { $0.speed(in: fx) == 1 }

        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// gusty-snow's wind repeats a keyframe animation of 7 s forever: the scrubber over its
    /// 14 s ticks each key time of both repeats (1.75, 3.5, 5.6 s, then 8.75, 10.5, 12.6 s).
    func testTheScrubberTicksTheKeyframesOfEveryRepeat() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let shots = FXProcess.temporaryDirectory()
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", "gusty-snow", "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "gusty-snow")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        let scrubber = try fx.settledPanelRow("transport scrubber")
        try fx.photograph("transport-5-gusty-snow.png", window: window, on: screen, in: shots)
        let image = try PNGFile.read(shots.appendingPathComponent("transport-5-gusty-snow.png").path)
        for moment in [1.75, 3.5, 5.6, 8.75, 10.5, 12.6] {
            XCTAssertTrue(Self.tick(in: image, scrubber: scrubber, at: moment / 14), "no tick at \(moment) s")
        }
        XCTAssertFalse(Self.tick(in: image, scrubber: scrubber, at: 2.6 / 14), "a tick at 2.6 s, where nothing falls")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// Whether the scrubber in `image` has a keyframe's tick (amber, along its top edge) within
    /// a pixel of `fraction` of its width.
    static func tick(in image: RGBAImage, scrubber: WindowProgram.Place, at fraction: Double) -> Bool {
        let center = scrubber.x + Int((Double(scrubber.width) * fraction).rounded())
        return (center - 1...center + 1).contains { x in
            (scrubber.y..<scrubber.y + 3).contains { y in
                let offset = (y * image.width + x) * 4
                let (red, green, blue) = (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])
                return red > 200 && (140...235).contains(green) && blue < 140
            }
        }
    }
}

extension WindowProgram.Frame {
    /// A field of the frame's line (`paused`, `speed`, `clock`, `simulating`), as fx wrote it.
    func field(_ name: String, in program: WindowProgram) -> String? {
        program.lines[line].split(separator: " ").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    func isPaused(in program: WindowProgram) -> Bool { field("paused", in: program) == "1" }
    func speed(in program: WindowProgram) -> Double { field("speed", in: program).flatMap(Double.init) ?? .nan }
    func clock(in program: WindowProgram) -> Double { field("clock", in: program).flatMap(Double.init) ?? .nan }
    /// Whether a seek was under way (the effect is not at its time yet).
    func isSimulating(in program: WindowProgram) -> Bool { field("simulating", in: program) != nil }
}
