import FXCore
import FXSDL
import Foundation
import XCTest

/// `fx play` in a real window on a virtual display, driven with xdotool and photographed from
/// outside. Nothing here sleeps a fixed time and hopes: every step waits for what fx reports
/// (`FX_WINDOW_EVENTS=1`: a line per frame shown, per pointer move and click; reloads and
/// recordings are logged anyway) or polls the screen, each with a deadline that fails the test
/// saying what did not happen.
final class WindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    func testPlayShowsConfettiInAWindowUnderXvfb() throws {
        guard try requireTools(["Xvfb", "import"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let shot = FXProcess.temporaryDirectory().appendingPathComponent("window.png").path
        // Photographed once confetti has fallen for 2 s of effect time; fx then closes by
        // itself at 4 s of real time (--quit-after).
        let fx = try screen.startFX(["play", "confetti", "--quit-after", "4"])
        let falling = try fx.waitForFrame("a frame at t ≥ 2 s") { $0.time >= 2 }
        try fx.waitForFrame("the frame after it", after: falling)
        try screen.run("import", ["-window", "root", shot])
        let status = try fx.waitForExit("fx to close by itself after --quit-after 4")
        XCTAssertEqual(status, 0, fx.log)
        XCTAssertFalse(fx.log.contains("preview"), "fx fell back to a preview instead of opening a window: \(fx.log)")
        let image = try PNGFile.read(shot)
        XCTAssertEqual([image.width, image.height], [screen.width, screen.height])
        // The 800×600 window shows confetti: the effect's background and its five ribbon colors.
        let statistics = ImageStatistics(image)
        XCTAssertGreaterThan(statistics.saturatedHues, 4, "the screenshot shows no confetti")
        let background = (0x0b, 0x10, 0x20)
        var backgroundPixels = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4)
        where abs(Int(image.pixels[i]) - background.0) < 4 && abs(Int(image.pixels[i + 1]) - background.1) < 4 && abs(Int(image.pixels[i + 2]) - background.2) < 4 {
            backgroundPixels += 1
        }
        XCTAssertGreaterThan(backgroundPixels, 300_000, "the effect's background is not on the screen")
    }

    func testDraggingScrubsTimeWithAVisibleIndicator() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let directory = FXProcess.temporaryDirectory()
        let shot = directory.appendingPathComponent("scrub.png").path
        let file = directory.appendingPathComponent("rise.json")
        try """
            {"fx": 1, "name": "rise", "canvas": {"size": [400, 600], "background": "#f1f3f8"}, "duration": 2, "layers": [
              {"type": "layer", "name": "avatar", "position": [200, 420], "bounds": [160, 160], "backgroundColor": "#dce7ff",
               "animations": [{"type": "basic", "keyPath": "position.y", "fromValue": 420, "toValue": 170, "duration": 1,
                               "autoreverses": true, "repeatCount": "infinity"}]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let fx = try screen.startFX(["play", file.path, "--quit-after", "60"])
        let window = try fx.waitForWindow(named: "rise")
        // The effect is 400 points wide and 2 s long: x = 20 is t = 0.1, x = 120 is t = 0.6,
        // x = 200 is t = 1, the top of the rise, where the square is at y = 170. Drag there,
        // holding the button, and photograph the window.
        try screen.xdotool("mousemove", "--window", window, "20", "300", "mousedown", "1")
        try fx.waitForFrame("a frame scrubbed to t = 0.1") { $0.isScrubbing && abs($0.time - 0.1) < 1e-6 }
        try screen.xdotool("mousemove", "--window", window, "120", "300")
        try fx.waitForFrame("a frame scrubbed to t = 0.6") { $0.isScrubbing && abs($0.time - 0.6) < 1e-6 }
        try screen.xdotool("mousemove", "--window", window, "200", "300")
        let top = try fx.waitForFrame("a frame scrubbed to t = 1") { $0.isScrubbing && abs($0.time - 1) < 1e-6 }
        try fx.waitForFrame("the frame after it", after: top)
        try screen.run("import", ["-window", window, shot])
        try screen.xdotool("mouseup", "1")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on q"), 0, fx.log)
        let image = try PNGFile.read(shot)
        XCTAssertEqual([image.width, image.height], [400, 600])
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        // The square (#dce7ff) is at the top position; the bottom position shows the background.
        XCTAssertEqual(pixel(200, 170), [0xdc, 0xe7, 0xff], "the square is not at its t = 1 s position")
        XCTAssertEqual(pixel(200, 420), [0xf1, 0xf3, 0xf8], "the square is still at its start position")
        // The time bar along the bottom: dark, with the blue progress filled to the middle.
        let bar = pixel(100, 598), empty = pixel(300, 598)
        XCTAssertGreaterThan(Int(bar[2]), Int(bar[0]) + 60, "no progress fill at the left of the time bar: \(bar)")
        XCTAssertLessThan(Int(empty[0]), 0xf1 - 40, "no time bar along the bottom: \(empty)")
    }

    func testAnEmitterFollowsThePointerAndAClickBursts() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        // A layer whose emitter follows the pointer and bursts on click, with nothing to emit otherwise.
        let file = directory.appendingPathComponent("pointer.json")
        try """
            {"fx": 1, "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "emitter", "name": "wand", "emitterPosition": [200, 150], "followsPointer": true, "burstsOnClick": true,
               "emitterCells": [
                 {"name": "trail", "contents": "square", "birthRate": 60, "lifetime": 0.4, "scale": 0.2, "color": "#00ff00"},
                 {"name": "pop", "contents": "square", "burstCount": 40, "lifetime": 30, "velocity": 0, "scale": 0.2, "color": "#ff0000",
                  "beginTime": 100}]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let shot = directory.appendingPathComponent("pointer.png").path
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--quit-after", "60"])
        let window = try fx.waitForWindow(named: "pointer")
        try screen.xdotool("mousemove", "--window", window, "60", "60")
        try fx.waitForLine("fx: pointer x=60 y=60")
        try screen.xdotool("click", "1")
        try fx.waitForLine("fx: click x=60 y=60")
        try screen.xdotool("mousemove", "--window", window, "340", "240")
        let moved = try fx.waitForLine("fx: pointer x=340 y=240")
        // The trail left behind at the click and at the model position lives 0.4 s: after half
        // a second of effect time only the burst is left there.
        let followed = try fx.waitForFrame("a frame after the move", after: moved)
        let later = try fx.waitForFrame("a frame 0.5 s of effect time after the move", after: followed) { $0.time >= followed.time + 0.5 }
        try fx.waitForFrame("the frame after it", after: later)
        try screen.run("import", ["-window", window, shot])
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on q"), 0, fx.log)
        let image = try PNGFile.read(shot)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        // The trail is where the pointer is now; the burst stayed where the click was.
        XCTAssertEqual(pixel(340, 240)[1], 255, "no trail at the pointer")
        XCTAssertEqual(pixel(60, 60), [255, 0, 0], "no burst where the click was")
        XCTAssertEqual(pixel(200, 150), [0, 0, 0], "the emitter stayed at its model position")
    }

    func testADragDrivesTheTimeOfALayerThatFollowsThePointerWhileTheRestPlays() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        // Seed 003's idiom: a paused layer whose timeOffset the drag's x sets (0…400 points is
        // 0…2 s of its slide from x 50 to 350), beside a bar that grows with the effect's time.
        let file = directory.appendingPathComponent("pan.json")
        try """
            {"fx": 1, "duration": 30, "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"name": "avatar", "position": [50, 150], "bounds": [40, 40], "backgroundColor": "#00ff00", "speed": 0,
               "timeOffsetFollowsPointer": {"axis": "x", "from": 0, "to": 400},
               "animations": [{"type": "basic", "keyPath": "position.x", "toValue": 350, "duration": 2,
                               "fillMode": "forwards", "removedOnCompletion": false}]},
              {"name": "bar", "position": [0, 20], "anchorPoint": [0, 0.5], "bounds": [0, 10], "backgroundColor": "#ff0000",
               "animations": [{"type": "basic", "keyPath": "bounds.size.width", "toValue": 400, "duration": 30}]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let shot = directory.appendingPathComponent("pan.png").path
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--quit-after", "60"])
        let window = try fx.waitForWindow(named: "pan")
        try screen.xdotool("mousemove", "--window", window, "100", "150", "mousedown", "1")
        try fx.waitForLine("fx: drag x=100 y=150 avatar.timeOffset=0.500")
        try screen.xdotool("mousemove", "--window", window, "300", "150")
        let dragged = try fx.waitForLine("fx: drag x=300 y=150 avatar.timeOffset=1.500")
        // The effect's own time plays on through the drag: no scrubbing, and it keeps going.
        let first = try fx.waitForFrame("a frame after the drag", after: dragged)
        XCTAssertFalse(first.isScrubbing, "the drag scrubbed the timeline")
        let later = try fx.waitForFrame("a frame 0.5 s of effect time later", after: first) { $0.time >= first.time + 0.5 }
        XCTAssertFalse(later.isScrubbing)
        try fx.waitForFrame("the frame after it", after: later)
        try screen.run("import", ["-window", window, shot])
        try screen.xdotool("mouseup", "1")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on q"), 0, fx.log)
        let image = try PNGFile.read(shot)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        // 1.5 s of the 2 s slide: x = 50 + 300 · 0.75 = 275; nothing left at the start.
        XCTAssertEqual(pixel(275, 150), [0, 255, 0], "the avatar is not at its 1.5 s place")
        XCTAssertEqual(pixel(50, 150), [0, 0, 0], "the avatar stayed at its model place")
        // The bar has grown with the effect's time (400 points in 30 s).
        let grown = Int(later.time / 30 * 400)
        XCTAssertEqual(pixel(max(grown - 3, 0), 20), [255, 0, 0], "the rest of the effect did not play on")
    }

    func testTheClickConfettiExampleBurstsWhereTheUserClicks() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let program = try FXProcess.example("click-confetti")
        let directory = FXProcess.temporaryDirectory()
        let shot = directory.appendingPathComponent("click.png").path
        let screen = try VirtualScreen.shared(by: self)
        // A real click through the X server; q closes the program, which saves its last frame.
        let clicked = try screen.start(program, ["--quit-after", "60", "--screenshot", shot], in: directory)
        let window = try clicked.waitForWindow(named: "click-confetti")
        // The example writes nothing until it closes, so its window is watched instead. First for
        // its first frame (the scene's ground): a click that comes before it is read together with
        // the focus the window took when it was mapped under the pointer, and SDL drops a click
        // within 10 ms of a focus change (5 of 20 clicks sent as soon as the window showed were
        // lost, on a loaded machine; none with SDL_MOUSE_FOCUS_CLICKTHROUGH=1, none after the
        // first frame). The pointer stays in the window from then on: no other focus change.
        let polled = directory.appendingPathComponent("polled.png").path
        try clicked.wait(for: "the example's first frame (its ground) in the window") { () -> Bool? in
            try screen.run("import", ["-window", window, polled])
            return Self.groundPixel(try PNGFile.read(polled)) == [34, 110, 60] ? true : nil
        }
        try screen.xdotool("mousemove", "--window", window, "600", "300")
        try screen.xdotool("click", "1")
        // Then for the burst.
        try clicked.wait(for: "confetti above the click in the window") { () -> Bool? in
            try screen.run("import", ["-window", window, polled])
            return Self.confettiAboveTheClick(try PNGFile.read(polled)) > 300 ? true : nil
        }
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try clicked.waitForExit("the example to close on q"), 0, clicked.log)
        XCTAssertTrue(clicked.log.contains("burst at (600, 300)"), clicked.log)
        XCTAssertTrue(clicked.log.contains("bursts 1,"), clicked.log)
        let image = try PNGFile.read(shot)
        // The program's scene is there (the ground), and confetti colors are above the click.
        XCTAssertEqual(Self.groundPixel(image), [34, 110, 60])
        XCTAssertGreaterThan(Self.confettiAboveTheClick(image), 300, "no confetti above the click")

        // Its scripted mode clicks by itself.
        let scripted = try screen.start(program, ["--scripted", "--quit-after", "1.5"], in: directory)
        XCTAssertEqual(try scripted.waitForExit("the scripted example to close after 1.5 s"), 0, scripted.log)
        XCTAssertTrue(scripted.log.contains("bursts 3,"), scripted.log)
    }

    /// The example's ground, at (100, 550) of its 800 × 600 window.
    static func groundPixel(_ image: RGBAImage) -> [UInt8] {
        let ground = (550 * image.width + 100) * 4
        return Array(image.pixels[ground..<ground + 3])
    }

    /// Pixels of confetti colors above and right of the click at (600, 300): nothing of the
    /// example's scene is that red or that blue there.
    static func confettiAboveTheClick(_ image: RGBAImage) -> Int {
        image.count(x: 450..<800, y: 0..<300) { $0[$0.startIndex] > 150 || $0[$0.startIndex + 2] > 150 }
    }

    func testHotReloadKeepsTheLastGoodEffectAndShowsErrors() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("live.json")
        func effect(_ background: String) -> String {
            """
            {"fx": 1, "name": "live", "canvas": {"size": [300, 200], "background": "\(background)"}, "layers": [
              {"type": "layer", "position": [150, 100], "bounds": [60, 60], "backgroundColor": "white"}]}
            """
        }
        try effect("#ff0000").write(to: file, atomically: false, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--quit-after", "60", "--hud"])
        let window = try fx.waitForWindow(named: "live")
        /// Photographs the window once a frame drawn after log line `line` is on the screen.
        func photograph(_ name: String, after line: Int) throws {
            let drawn = try fx.waitForFrame("a frame for \(name)", after: line)
            try fx.waitForFrame("the frame after it", after: drawn)
            try screen.run("import", ["-window", window, directory.appendingPathComponent(name).path])
        }
        // Each step: change the file, wait for fx to say it reloaded (or failed to), photograph.
        try photograph("1-red.png", after: -1)
        try effect("#0000ff").write(to: file, atomically: false, encoding: .utf8)
        let blue = try fx.waitForLine("fx: reloaded ")
        try photograph("2-blue.png", after: blue)
        try #"{"fx": 1, "layers": [{"type": "emiter"}"#.write(to: file, atomically: false, encoding: .utf8)
        let broken = try fx.waitForLine("fx: reload failed", after: blue)
        try photograph("3-broken.png", after: broken)
        // A good save by rename (as many editors save).
        let temporary = directory.appendingPathComponent("tmp.json")
        try effect("#00ff00").write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, file.path), 0)
        let green = try fx.waitForLine("fx: reloaded ", after: broken)
        try photograph("4-green.png", after: green)
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on q"), 0, fx.log)
        let log = fx.log
        func corner(_ name: String) throws -> [UInt8] {
            let image = try PNGFile.read(directory.appendingPathComponent(name).path)
            let i = ((image.height - 40) * image.width + image.width - 10) * 4
            return Array(image.pixels[i..<i + 3])
        }
        XCTAssertEqual(try corner("1-red.png"), [255, 0, 0])
        XCTAssertEqual(try corner("2-blue.png"), [0, 0, 255], "the saved change did not show: \(log)")
        // The broken save keeps the blue effect running, with the error shown over the bottom.
        let brokenShot = try PNGFile.read(directory.appendingPathComponent("3-broken.png").path)
        let top = (20 * brokenShot.width + brokenShot.width - 10) * 4
        XCTAssertEqual(Array(brokenShot.pixels[top..<top + 3]), [0, 0, 255])
        let overlay = try corner("3-broken.png")
        XCTAssertGreaterThan(Int(overlay[0]), Int(overlay[2]), "no red error overlay: \(overlay)")
        XCTAssertTrue(log.contains("reload failed") && log.contains("live.json:1:"), log)
        // A good save clears the error.
        XCTAssertEqual(try corner("4-green.png"), [0, 255, 0], log)
        // The HUD (--hud) is drawn top-left: a dark panel with light text.
        let hud = try PNGFile.read(directory.appendingPathComponent("2-blue.png").path)
        let lightPixels = (8..<40).flatMap { y in (8..<200).map { x in (x, y) } }.filter { x, y in
            let i = (y * hud.width + x) * 4
            return hud.pixels[i] > 200 && hud.pixels[i + 1] > 200 && hud.pixels[i + 2] > 200
        }
        XCTAssertGreaterThan(lightPixels.count, 80, "no HUD text")
    }

    func testThePanelDocksRightOfTheCanvasAndEditsTheRunningEffect() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        // One cell, 100 particles a second living half a second each: about 50 alive, until the
        // panel raises its birth rate.
        let file = try FXProcess.sprayEffect(named: "tuning")
        let directory = file.deletingLastPathComponent()
        let original = try String(contentsOf: file, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "tuning")
        /// Waits until the X server has the window at this size.
        func waitForSize(_ width: Int, _ height: Int, _ what: String) throws {
            try fx.wait(for: "\(what): a window \(width)×\(height) (xdotool: \((try? screen.windowSize(window)).map { "\($0.width)×\($0.height)" } ?? "?"))") {
                try screen.windowSize(window) == (width, height) ? true : nil
            }
        }
        // --panel: the 400-point canvas plus the 320-pixel panel, and tall enough for the panel
        // (the canvas keeps its scale, centred in the height).
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        try waitForSize(720, 540, "--panel")
        // Tab hides it and the window shrinks back to the canvas; Tab again shows it.
        try screen.xdotool("key", "--window", window, "Tab")
        try fx.waitForFrame("a frame without the panel") { !$0.showsPanel }
        try waitForSize(400, 300, "the panel hidden")
        try screen.xdotool("key", "--window", window, "Tab")
        let shown = try fx.waitForFrame("a frame with the panel again") { $0.showsPanel }
        try waitForSize(720, 540, "the panel shown again")

        // The first cell is selected; the panel says where its birthRate field is, again each
        // time it moves. The window's new size reaches the panel a few frames after the resize
        // (later on a loaded machine), so the place is taken once it held for ten frames.
        let rowPrefix = "fx: panel row spray.emitterCells.dot.birthRate "
        try fx.waitForLine(rowPrefix, after: shown.line)
        func fieldPlace() -> (line: Int, x: Int, y: Int, width: Int, height: Int)? {
            guard let index = fx.lines.lastIndex(where: { $0.hasPrefix(rowPrefix) }) else { return nil }
            var field: [String: Int] = [:]
            for pair in fx.lines[index].dropFirst(rowPrefix.count).split(separator: " ") {
                let parts = pair.split(separator: "=")
                if parts.count == 2 { field[String(parts[0])] = Int(parts[1]) }
            }
            guard let x = field["x"], let y = field["y"], let width = field["w"], let height = field["h"] else { return nil }
            return (index, x, y, width, height)
        }
        var place = try XCTUnwrap(fieldPlace(), fx.log)
        while true {
            try fx.waitForFrames(10, "frames with the field in place")
            let now = try XCTUnwrap(fieldPlace(), fx.log)
            if now.line == place.line { break }
            place = now
        }
        let (x, y, width, height) = (place.x, place.y, place.width, place.height)
        XCTAssertGreaterThanOrEqual(x, 400, "the birthRate field is over the canvas: \(fx.lines[place.line])")
        XCTAssertLessThanOrEqual(x + width, 720, fx.lines[place.line])
        let before = try fx.waitForFrames(2, "a frame before the drag")
        XCTAssertLessThan(before.particles, 60, "more particles than 100/s × 0.5 s before any edit")

        // Drag the field to the right, frames between each move, as a hand would.
        let setPrefix = "fx: panel set spray.emitterCells.dot.birthRate = "
        let released = try screen.drag(window, from: (x + 4, y + height / 2), dx: 150, until: setPrefix, fx: fx)
        // The edits went through setValue(_:forKeyPath:): the last one set a higher birth rate…
        guard let lastSet = fx.lines.last(where: { $0.hasPrefix(setPrefix) }), let rate = Double(lastSet.dropFirst(setPrefix.count)) else {
            return XCTFail("no birthRate edit logged: \(fx.log)")
        }
        XCTAssertGreaterThan(rate, 150, lastSet)
        // …and half a second later (a whole lifetime) more particles are alive.
        let after = try fx.waitForFrame("a frame a lifetime after the drag", after: released) { $0.time >= released.time + 0.6 || $0.time < released.time }
        let settled = try fx.waitForFrame("the frames after it", after: after) { $0.time > after.time }
        XCTAssertGreaterThan(settled.particles, 75, "no more particles after dragging birthRate up to \(rate): \(settled)")
        // Dragging on the panel did not scrub the canvas.
        XCTAssertFalse(fx.lines.contains { $0.contains("scrubbing=1") }, "the drag on the panel scrubbed the effect")
        let shot = directory.appendingPathComponent("panel.png").path
        try screen.run("import", ["-window", window, shot])

        // Ctrl+S writes the edit into the file: the birth rate's token alone changed.
        try screen.xdotool("key", "--window", window, "ctrl+s")
        let savedLine = try fx.waitForLine("fx: saved ")
        let saved = Array(try String(contentsOf: file, encoding: .utf8).utf8), originalBytes = Array(original.utf8)
        let prefix = zip(originalBytes, saved).prefix { $0 == $1 }.count
        let suffix = zip(originalBytes.reversed(), saved.reversed()).prefix { $0 == $1 }.count
        let removed = String(decoding: originalBytes[prefix..<(originalBytes.count - suffix)], as: UTF8.self)
        let written = String(decoding: saved[prefix..<(saved.count - suffix)], as: UTF8.self)
        XCTAssertEqual(removed, "100", "the save changed more than the birth rate: \(written)")
        let savedRate = Double(String(decoding: saved[(prefix - 2)..<(saved.count - suffix)], as: UTF8.self).filter { $0.isNumber || $0 == "." }) ?? 0
        XCTAssertEqual(savedRate, rate, accuracy: rate * 0.01, "the file holds the rate the panel set")
        // The window sees its own save: a second of frames (four polls of the file) and no reload.
        try fx.waitForFrames(60, "frames after the save")
        XCTAssertFalse(fx.lines.dropFirst(savedLine).contains { $0.hasPrefix("fx: reloaded") }, "the window reloaded its own save: \(fx.log)")

        // Ctrl+Z takes the edit back: a lifetime later, the count is as before the drag.
        try screen.xdotool("key", "--window", window, "ctrl+z")
        let undoLine = try fx.waitForLine("fx: panel undo spray.emitterCells.dot.birthRate", after: savedLine)
        try fx.waitForFrames(50, "frames a lifetime after the undo")
        let undone = try fx.waitForFrame("a frame after the undo", after: undoLine) { _ in true }
        let late = try fx.waitForFrames(2, "the latest frames")
        XCTAssertLessThan(late.particles, 65, "the undo did not bring the birth rate back (\(undone.particles) → \(late.particles))")

        // The undo is not saved: q asks once, then quits, and says the file is as last saved.
        try screen.xdotool("key", "--window", window, "q")
        try fx.waitForLine("fx: unsaved edits to", after: undoLine)
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on the second q"), 0, fx.log)
        XCTAssertTrue(fx.lines.contains { $0.contains("quit with unsaved edits") }, fx.log)
        XCTAssertEqual(Array(try String(contentsOf: file, encoding: .utf8).utf8), saved, "quitting without saving left the file as saved")
        // The canvas is drawn at scale 1 at the left, centred in the 540-pixel height (from
        // y = 120): the spray of green squares around its middle. The panel's strip is its own
        // dark grey, with light text, and no particle in it.
        let image = try PNGFile.read(shot)
        XCTAssertEqual([image.width, image.height], [720, 540])
        let green = image.count(x: 150..<250, y: 220..<320) { $0[$0.startIndex + 1] > 200 && $0[$0.startIndex] < 60 }
        XCTAssertGreaterThan(green, 200, "no particles around the canvas's middle")
        let panelGrey = image.count(x: 400..<720, y: 0..<540) { pixel in
            let i = pixel.startIndex
            return (20...40).contains(pixel[i]) && (20...45).contains(pixel[i + 1]) && (25...50).contains(pixel[i + 2])
        }
        XCTAssertGreaterThan(panelGrey, 320 * 540 / 4, "the panel's strip is not the panel")
        let panelText = image.count(x: 400..<720, y: 0..<540) { $0[$0.startIndex] > 180 && $0[$0.startIndex + 2] > 180 }
        XCTAssertGreaterThan(panelText, 500, "no text on the panel")
        XCTAssertEqual(image.count(x: 400..<720, y: 0..<540) { $0[$0.startIndex + 1] > 200 && $0[$0.startIndex] < 60 }, 0,
                       "particles drawn over the panel")
    }

    func testTheGKeyRecordsTheWindowToAGIF() throws {
        guard try requireTools(["Xvfb", "xdotool", "ffmpeg"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", "fire", "--quit-after", "60"], in: directory)
        let window = try fx.waitForWindow(named: "fire")
        try screen.xdotool("key", "--window", window, "g")
        let started = try fx.waitForLine("fx: recording to fx-recording-fire-1.gif")
        // The recorder takes 15 frames a second of real time: 16 is over a second's worth.
        try fx.waitForFrame("16 frames recorded", after: started) { $0.recorded >= 16 }
        try screen.xdotool("key", "--window", window, "g")
        let wrote = try fx.waitForLine("fx: wrote fx-recording-fire-1.gif", after: started)
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close on q"), 0, fx.log)
        let gif = directory.appendingPathComponent("fx-recording-fire-1.gif")
        guard case .success(let info) = GIFInfo.read([UInt8](try Data(contentsOf: gif))) else { return XCTFail("no GIF written: \(fx.log)") }
        XCTAssertEqual([info.width, info.height], [600, 600])
        // Every frame recorded is in the GIF, which fx's last line counts.
        XCTAssertGreaterThanOrEqual(info.delays.count, 16)
        XCTAssertTrue(fx.lines[wrote].hasSuffix("(\(info.delays.count) frames)"), fx.lines[wrote])
    }
}

extension VirtualScreen {
    /// Presses at `from` in `window`, moves `dx` to the right in six steps with frames between,
    /// as a hand would, and releases; returns a frame after the release. Each step waits until
    /// the server has the pointer where it was sent and fx has drawn frames since (the panel
    /// reads the pointer's place and buttons as each frame starts); a drag after which fx logged
    /// no line starting with `logged` fails, with the end of fx's log.
    @discardableResult
    func drag(_ window: String, from: (x: Int, y: Int), dx: Int, until logged: String, fx: WindowProgram) throws -> WindowProgram.Frame {
        try movePointer(in: window, x: from.x, y: from.y)
        try fx.waitForFrames(6, "frames after moving onto the control")
        try xdotool("mousedown", "1")
        try fx.waitForFrames(4, "frames after pressing")
        for step in 1...6 {
            try movePointer(in: window, x: from.x + step * dx / 6, y: from.y)
            try fx.waitForFrames(3, "frames after a move")
        }
        try xdotool("mouseup", "1")
        let released = try fx.waitForFrames(3, "frames after releasing")
        guard fx.lines.contains(where: { $0.hasPrefix(logged) }) else {
            let tail = fx.log.split(separator: "\n").suffix(15).joined(separator: "\n")
            throw WaitFailure("a drag from (\(from.x), \(from.y)) by \(dx) in the window made no line '\(logged)…'; fx's log ends:\n\(tail)")
        }
        return released
    }
}

/// A virtual X screen (Xvfb), and the programs and tools run on it. A test class shares one
/// (``shared(by:)``): each test's programs are stopped when the test ends, and ``close()``
/// stops whatever still runs and the server, so a failed test leaves nothing behind.
final class VirtualScreen {
    /// How long any one wait may take before the test fails: generous for a loaded CI machine,
    /// yet a window that never comes fails in half a minute, not at FXProcess's 300 s watchdog.
    static let deadline: TimeInterval = 30

    /// The size of the screen a test class shares: room for every window the tests open (the
    /// panel's 720 × 540, the 800 × 600 of confetti, …), which the server centres on it.
    static let sharedSize = (width: 1400, height: 800)

    /// The display, as `DISPLAY` names it (":3").
    let display: String
    /// The screen's size in pixels.
    let width: Int, height: Int
    private let server: Process
    private var programs: [WindowProgram] = []

    /// The screen each test class shares, by the class.
    private static var screens: [ObjectIdentifier: VirtualScreen] = [:]

    /// The screen `test`'s class shares (``sharedSize``), started for the first test of the class
    /// that asks. Every test starts on it as on a new server: the programs a test started are
    /// stopped when it ends, and the pointer goes back to the middle, where a new server has it.
    /// The class's `tearDown()` stops the server (``closeShared(by:)``).
    static func shared(by test: XCTestCase) throws -> VirtualScreen {
        let key = ObjectIdentifier(type(of: test))
        let screen = try screens[key] ?? VirtualScreen(size: "\(sharedSize.width)x\(sharedSize.height)x24")
        screens[key] = screen
        test.addTeardownBlock { screen.endTest() }
        return screen
    }

    /// Stops the screen `testClass` shared, if one was started.
    static func closeShared(by testClass: XCTestCase.Type) {
        screens.removeValue(forKey: ObjectIdentifier(testClass))?.close()
    }

    /// Stops every program the test started here, releases the buttons a failed drag may have
    /// left pressed, and puts the pointer back in the middle.
    private func endTest() {
        for program in programs { program.stop() }
        programs = []
        // (Not `mousemove --sync`, which waits 15 s for a move to where the pointer is already;
        // the location asked for on the same connection comes after the move.)
        if let xdotool = Self.path(of: "xdotool") {
            _ = try? FXProcess.run(["mouseup", "1", "mouseup", "3", "mousemove", "\(width / 2)", "\(height / 2)", "getmouselocation"],
                                   environment: ["DISPLAY": display], executable: xdotool, timeout: Self.deadline)
        }
    }

    /// The executable `tool` on `PATH`, or nil.
    static func path(of tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/\(tool)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts an Xvfb server with one screen of `size` (`WIDTHxHEIGHTxDEPTH`) and waits until
    /// it takes connections.
    init(size: String) throws {
        guard let xvfb = Self.path(of: "Xvfb") else { throw WaitFailure("Xvfb is not on PATH") }
        server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        let dimensions = size.split(separator: "x").compactMap { Int($0) }
        guard dimensions.count == 3 else { throw WaitFailure("not a screen size WIDTHxHEIGHTxDEPTH: \(size)") }
        (width, height) = (dimensions[0], dimensions[1])
        // Xvfb picks a free display itself and writes its number to -displayfd once it accepts
        // connections: no fixed number to collide with another test run, no sleep. -noreset:
        // by default an X server resets when its last client leaves (an `xdotool search` that
        // found no window yet), and a program connecting during the reset finds no display
        // (SDL then falls back to its offscreen driver, and fx to a preview).
        server.arguments = ["-displayfd", "1", "-screen", "0", size, "-nolisten", "tcp", "-noreset"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        let announced = DataBox()
        let ready = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                data += chunk
            }
            announced.data = data
            ready.signal()
        }
        let number = ready.wait(timeout: .now() + Self.deadline) == .success
            ? String(decoding: announced.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        guard !number.isEmpty, Int(number) != nil else {
            server.stop()
            throw WaitFailure("Xvfb did not announce a display within \(Int(Self.deadline)) s")
        }
        display = ":" + number
    }

    /// Written by one thread, read by another after the semaphore.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    deinit { close() }

    /// Stops every program started here that still runs, then the server.
    func close() {
        for program in programs { program.stop() }
        server.stop()
    }

    /// Starts `executable` on this screen, its output (stdout and stderr) written to a log that
    /// the test reads while it runs.
    func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
               in directory: URL = FXProcess.temporaryDirectory()) throws -> WindowProgram {
        let program = try WindowProgram(executable: executable, arguments: arguments,
                                         environment: environment.merging(["DISPLAY": display]) { $1 }, directory: directory)
        programs.append(program)
        return program
    }

    /// Starts fx on this screen, reporting its frames and pointer events (`FX_WINDOW_EVENTS=1`).
    func startFX(_ arguments: [String], in directory: URL = FXProcess.temporaryDirectory()) throws -> WindowProgram {
        try start(FXProcess.binary(), arguments, environment: ["FX_WINDOW_EVENTS": "1"], in: directory)
    }

    /// Runs `tool` on this screen and waits for it; a failure (or a tool that hangs past the
    /// deadline) fails the test with what the tool said.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> FXProcess.Result {
        guard let path = Self.path(of: tool) else { throw WaitFailure("\(tool) is not on PATH") }
        let result = try FXProcess.run(arguments, environment: ["DISPLAY": display], executable: path, timeout: Self.deadline)
        guard result.status == 0 else {
            throw WaitFailure("\(tool) \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.stderr)")
        }
        return result
    }

    /// Moves the pointer to (`x`, `y`) in `window` (an xdotool window id), and returns once the
    /// server has it there: the location asked for on the same connection comes after the move.
    /// (Not `mousemove --sync`, which waits 15 s when the pointer is there already.)
    func movePointer(in window: String, x: Int, y: Int) throws {
        try run("xdotool", ["mousemove", "--window", window, "\(x)", "\(y)", "getmouselocation"])
    }

    /// Runs xdotool with these arguments on this screen.
    func xdotool(_ arguments: String...) throws {
        try run("xdotool", arguments)
    }

    /// The size of `window` (an xdotool window id) as the X server has it.
    func windowSize(_ window: String) throws -> (width: Int, height: Int) {
        let output = try run("xdotool", ["getwindowgeometry", window]).stdout
        // "  Geometry: 720x300"
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Geometry:") }),
              let size = line.split(separator: " ").last?.split(separator: "x").compactMap({ Int($0) }), size.count == 2 else {
            throw WaitFailure("no geometry in xdotool's output: \(output)")
        }
        return (size[0], size[1])
    }
}

/// A program running on a ``VirtualScreen``: its log, read as it grows, and waits on it.
final class WindowProgram {
    /// A frame fx reported (`fx: frame n=… t=… clock=… particles=… paused=… scrubbing=… recorded=…`).
    struct Frame {
        /// Its line in the log.
        var line: Int
        var number: Int
        /// The effect time it shows.
        var time: Double
        var isScrubbing: Bool
        /// GIF frames recorded so far.
        var recorded: Int
        /// Live particles.
        var particles: Int
        /// Whether the property panel showed.
        var showsPanel: Bool
        /// Whether the `?` list of keys and gestures showed.
        var showsHelp: Bool

        init?(line: Int, text: String) {
            guard text.hasPrefix("fx: frame ") else { return nil }
            var fields: [String: String] = [:]
            for word in text.split(separator: " ") {
                let pair = word.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
            }
            guard let number = fields["n"].flatMap({ Int($0) }), let time = fields["t"].flatMap({ Double($0) }),
                  let scrubbing = fields["scrubbing"], let recorded = fields["recorded"].flatMap({ Int($0) }),
                  let particles = fields["particles"].flatMap({ Int($0) }), let panel = fields["panel"] else { return nil }
            self.line = line
            self.number = number
            self.time = time
            isScrubbing = scrubbing == "1"
            self.recorded = recorded
            self.particles = particles
            showsPanel = panel == "1"
            showsHelp = fields["help"] == "1"
        }
    }

    private let process: Process
    private let name: String
    private let reader: FileHandle
    /// The log's complete lines so far (read on each look), and an unfinished last line.
    private(set) var lines: [String] = []
    private var partial = Data()

    init(executable: String, arguments: [String], environment: [String: String], directory: URL) throws {
        name = URL(fileURLWithPath: executable).lastPathComponent
        let logURL = FXProcess.temporaryDirectory().appendingPathComponent("\(name).log")
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw WaitFailure("cannot create \(logURL.path) for \(name)'s output")
        }
        let writer = try FileHandle(forWritingTo: logURL)
        reader = try FileHandle(forReadingFrom: logURL)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = directory
        process.standardOutput = writer
        process.standardError = writer
        try process.run()
        try writer.close()
    }

    /// The whole log so far, for failure messages.
    var log: String {
        readNewLines()
        return (lines + [String(decoding: partial, as: UTF8.self)]).joined(separator: "\n")
    }

    private func readNewLines() {
        partial += reader.readDataToEndOfFile()
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial = Data(partial[(newline + 1)...])
        }
    }

    /// Stops the program if it still runs.
    func stop() {
        process.stop()
    }

    /// Looks every 20 ms until `condition` gives a value, and returns it. Fails (throws) naming
    /// `what` with the end of the log when the deadline passes or the program ends first.
    @discardableResult
    func wait<T>(for what: String, timeout: TimeInterval = VirtualScreen.deadline, until condition: () throws -> T?) throws -> T {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let running = process.isRunning
            readNewLines()
            if let value = try condition() { return value }
            var tail: String { log.split(separator: "\n", omittingEmptySubsequences: false).suffix(15).joined(separator: "\n") }
            if !running {
                throw WaitFailure("\(name) exited (status \(process.terminationStatus)) before \(what); its log ends:\n\(tail)")
            }
            if Date() > deadline {
                throw WaitFailure("waited \(Int(timeout)) s for \(what) from \(name); its log ends:\n\(tail)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Waits for a log line after line `after` that starts with `prefix`, and returns its index.
    @discardableResult
    func waitForLine(_ prefix: String, after: Int = -1) throws -> Int {
        var next = after + 1
        return try wait(for: "a line '\(prefix)…'") {
            // Only the lines that came since the last look.
            defer { next = lines.count }
            return lines.indices.dropFirst(next).first { lines[$0].hasPrefix(prefix) }
        }
    }

    /// Waits for a frame reported after log line `after` that satisfies `condition`.
    @discardableResult
    func waitForFrame(_ what: String, after: Int = -1, where condition: (Frame) -> Bool = { _ in true }) throws -> Frame {
        var next = after + 1
        return try wait(for: what) {
            // Only the lines that came since the last look.
            defer { next = lines.count }
            return lines.indices.dropFirst(next).lazy.compactMap { Frame(line: $0, text: self.lines[$0]) }.first(where: condition)
        }
    }

    /// Waits for a frame reported after `frame` that satisfies `condition`. The next frame
    /// reported means `frame` has been presented: a screenshot then shows it (or a later one).
    @discardableResult
    func waitForFrame(_ what: String, after frame: Frame, where condition: (Frame) -> Bool = { _ in true }) throws -> Frame {
        try waitForFrame(what, after: frame.line, where: condition)
    }

    /// Waits for `count` frames reported after everything logged so far: the window has then
    /// taken the input sent before (it reads its events at the start of a frame).
    @discardableResult
    func waitForFrames(_ count: Int, _ what: String) throws -> Frame {
        readNewLines()
        var frame = try waitForFrame(what, after: lines.count - 1)
        for _ in 1..<max(count, 1) { frame = try waitForFrame(what, after: frame) }
        return frame
    }

    /// Waits until a visible window whose title contains `title` is on the screen, and returns
    /// its id for xdotool and import. With fx, waits for its first frame too: then the window
    /// takes input and shows the effect.
    func waitForWindow(named title: String) throws -> String {
        let window = try wait(for: "a window named '\(title)'") { () -> String? in
            let found = try FXProcess.run(["search", "--onlyvisible", "--name", title], environment: ["DISPLAY": display],
                                          executable: VirtualScreen.path(of: "xdotool") ?? "/usr/bin/xdotool", timeout: VirtualScreen.deadline)
            return found.stdout.split(separator: "\n").first.map(String.init)
        }
        if process.environment?["FX_WINDOW_EVENTS"] == "1" { try waitForFrame("the first frame") }
        return window
    }

    private var display: String { process.environment?["DISPLAY"] ?? "" }

    /// Waits for the program to end, and returns its exit status.
    func waitForExit(_ what: String) throws -> Int32 {
        try wait(for: what) { process.isRunning ? nil : process.terminationStatus }
    }
}

extension XCTestCase {
    /// Fails (under tools/test) or skips (a bare `swift test`) when a tool is missing.
    func requireTools(_ tools: [String]) throws -> Bool {
        let missing = tools.filter { VirtualScreen.path(of: $0) == nil }
        guard missing.isEmpty else {
            let message = "the window tests need \(missing.joined(separator: " and ")) (Debian: xvfb, imagemagick, xdotool); tools/test installs them"
            if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" { XCTFail(message); return false }
            throw XCTSkip(message)
        }
        return true
    }
}

extension Process {
    /// Ends the process if it still runs: SIGTERM (fx and SDL programs close their window on it),
    /// then SIGKILL if it is still there after 5 s, so that stopping cannot hang a test either.
    func stop() {
        guard isRunning else { return }
        terminate()
        let deadline = Date(timeIntervalSinceNow: 5)
        while isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if isRunning { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
    }
}

/// A wait that ran out, or a tool that failed: the test fails with this description.
struct WaitFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
