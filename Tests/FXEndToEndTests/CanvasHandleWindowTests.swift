import FXCore
import Foundation
import XCTest

/// Handles on the canvas (issue 34): with the panel showing, the selected emitter layer's
/// `emitterPosition` and the edges of its `emitterSize` are dragged on the canvas, another
/// layer's `position` too; each drag is one edit, saved with Ctrl+S as that value's tokens
/// alone and undone with Ctrl+Z in one step; a press away from the handles still scrubs.
/// Driven like ``WindowTests`` (xdotool on Xvfb, waiting for what fx reports), photographed.
final class CanvasHandleWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// An emitter nested in a layer scaled 2× about its top-left corner at (100, 50): the
    /// emitter's coordinates are half the canvas's, from there. Its centre (50, 50) is the
    /// canvas's (200, 150); its 40 × 20 rectangle's right edge is at (240, 150).
    private let nested = """
        {"fx": 1, "name": "handles", "canvas": {"size": [400, 300], "background": "black"}, "layers": [
          {"type": "layer", "name": "stage", "position": [100, 50], "anchorPoint": [0, 0], "bounds": [150, 100],
           "transform": [{"scale": 2}], "sublayers": [
            {"type": "emitter", "name": "spray", "position": [0, 0], "anchorPoint": [0, 0], "bounds": [150, 100],
             "emitterPosition": [50, 50], "emitterShape": "rectangle", "emitterSize": [40, 20], "emitterCells": [
              {"name": "dot", "contents": "square", "birthRate": 60, "lifetime": 0.5, "velocity": 20,
               "emissionRange": "360deg", "scale": 0.1, "color": "#00ff00"}]}]}
        ]}
        """

    func testDraggingTheEmitterHandlesSavesOnlyTheirValues() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("handles.json")
        try nested.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "handles")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }

        // The first cell is selected: its layer's handles show. The 400 × 300 canvas is at 1×,
        // 120 pixels down in the 720 × 540 window (centred in the panel's height).
        let center = try settledHandle(fx, "emitterPosition of spray")
        XCTAssertEqual(center.x, 200, accuracy: 1)
        XCTAssertEqual(center.y, 270, accuracy: 1)
        let right = try settledHandle(fx, "emitterSize right of spray")
        XCTAssertEqual(right.x, 240, accuracy: 1)
        XCTAssertEqual(right.y, 270, accuracy: 1)
        try fx.photograph("1-handles.png", window: window, on: screen, in: directory)

        // Dragged 80 pixels right and 60 up: 40 and 30 of the emitter's points (it is scaled 2×).
        let press = try drag(from: center, by: (80, -60), fx: fx, screen: screen, window: window,
                             photographing: ("2-dragging-position.png", directory))
        XCTAssertFalse(fx.lines[press...].contains { WindowProgram.Frame(line: 0, text: $0)?.isScrubbing == true },
                       "the press on the handle scrubbed")
        let moved = try settledHandle(fx, "emitterPosition of spray")
        XCTAssertEqual(moved.x, 280, accuracy: 2)
        XCTAssertEqual(moved.y, 210, accuracy: 2)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        var saved = try fx.waitForLine("fx: saved ")
        let first = try String(contentsOf: file, encoding: .utf8)
        let position = try XCTUnwrap(Self.value(of: EmitterLayerKeys.emitterPosition.name, in: first), first)
        XCTAssertEqual(position[0], 90, accuracy: 1, first)
        XCTAssertEqual(position[1], 20, accuracy: 1, first)
        XCTAssertEqual(Self.blanking(EmitterLayerKeys.emitterPosition.name, in: first),
                       Self.blanking(EmitterLayerKeys.emitterPosition.name, in: nested),
                       "the save changed more than emitterPosition's tokens:\n\(first)")

        // The right edge, 30 pixels further right: the rectangle grows by 2 × 15 of its points
        // (it stays centred); the handle moved with the centre.
        let edge = try settledHandle(fx, "emitterSize right of spray")
        XCTAssertEqual(edge.x, 320, accuracy: 2)
        XCTAssertEqual(edge.y, 210, accuracy: 2)
        try drag(from: edge, by: (30, 0), fx: fx, screen: screen, window: window,
                 photographing: ("3-dragging-size.png", directory))
        XCTAssertEqual(try settledHandle(fx, "emitterSize right of spray").x, 350, accuracy: 2)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        saved = try fx.waitForLine("fx: saved ", after: saved)
        let second = try String(contentsOf: file, encoding: .utf8)
        let size = try XCTUnwrap(Self.value(of: EmitterLayerKeys.emitterSize.name, in: second), second)
        XCTAssertEqual(size[0], 70, accuracy: 1, second)
        XCTAssertEqual(size[1], 20, second)
        XCTAssertEqual(Self.blanking(EmitterLayerKeys.emitterSize.name, in: second),
                       Self.blanking(EmitterLayerKeys.emitterSize.name, in: first),
                       "the save changed more than emitterSize's tokens:\n\(second)")

        // One drag is one edit: one Ctrl+Z takes the size back, byte for byte.
        try screen.xdotool("key", "--window", window, "ctrl+z")
        try fx.waitForLine("fx: panel undo spray.emitterSize", after: saved)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ", after: saved)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), first, "one undo did not take the whole drag back")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// By keyboard: Alt+arrow moves the selected emitter's position a canvas point, Shift+Alt
    /// ten; each press is an edit, saved as emitterPosition's tokens alone.
    func testAltArrowsMoveTheSelectedEmittersPosition() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let file = try FXProcess.sprayEffect(named: "nudged")
        let original = try String(contentsOf: file, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "nudged")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        _ = try settledHandle(fx, "emitterPosition of spray")
        for keys in ["alt+Right", "alt+Right", "alt+Right", "shift+alt+Down"] {
            let mark = fx.lines.count
            try screen.xdotool("key", "--window", window, keys)
            try fx.waitForLine("fx: handle release emitterPosition of spray", after: mark - 1)
        }
        XCTAssertTrue(fx.lines.contains("fx: handle set spray.emitterPosition = [203, 160]"), fx.log)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(saved, original.replacingOccurrences(of: "\"emitterPosition\": [200, 150]", with: "\"emitterPosition\": [203, 160]"),
                       "the save changed more than emitterPosition's tokens")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    func testAPlainLayersPositionIsAHandleAndAPressElsewhereScrubs() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("box.json")
        let original = """
            {"fx": 1, "name": "box", "duration": 4, "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "layer", "name": "card", "position": [120, 100], "bounds": [60, 40], "backgroundColor": "#3080ff"}
            ]}
            """
        try original.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "box")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }

        // The only layer is selected: its position (its centre) is a handle.
        let handle = try settledHandle(fx, "position of card")
        XCTAssertEqual(handle.x, 120, accuracy: 1)
        XCTAssertEqual(handle.y, 220, accuracy: 1)
        try drag(from: handle, by: (100, 50), fx: fx, screen: screen, window: window,
                 photographing: ("4-dragging-layer.png", directory))
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let position = try XCTUnwrap(Self.value(of: LayerKeys.position.name, in: saved), saved)
        XCTAssertEqual(position[0], 220, accuracy: 1, saved)
        XCTAssertEqual(position[1], 150, accuracy: 1, saved)
        XCTAssertEqual(Self.blanking(LayerKeys.position.name, in: saved), Self.blanking(LayerKeys.position.name, in: original),
                       "the save changed more than position's tokens:\n\(saved)")

        // A press away from the handle scrubs: x = 40 of 400 points is t = 0.4 s of 4.
        let before = fx.lines.count
        try screen.movePointer(in: window, x: 40, y: 300)
        try fx.waitForFrames(3, "frames after moving away from the handle")
        try screen.xdotool("mousedown", "1")
        try fx.waitForFrame("a frame scrubbed to t = 0.4") { $0.isScrubbing && abs($0.time - 0.4) < 1e-6 }
        try screen.xdotool("mouseup", "1")
        try fx.waitForFrame("a frame after the scrub") { !$0.isScrubbing }
        XCTAssertFalse(fx.lines[before...].contains { $0.hasPrefix("fx: handle press") }, "the press away from the handle took it")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), saved, "scrubbing edited the file")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// A position an animation holds (a basic animation's end, filled forwards): the drag
    /// edits its `toValue`, never the model value it overrides, and the card follows.
    func testDraggingAnAnimatedPositionEditsWhatDrivesIt() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("slide.json")
        let original = """
            {"fx": 1, "name": "slide", "duration": 4, "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "layer", "name": "card", "position": [120, 100], "bounds": [60, 40], "backgroundColor": "#3080ff",
               "animations": [{"type": "basic", "keyPath": "position", "fromValue": [120, 100], "toValue": [200, 100],
                               "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}
            ]}
            """
        try original.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "slide")
        try fx.waitForFrame("a frame past the slide") { $0.showsPanel && $0.time > 1.2 }
        let handle = try settledHandle(fx, "position of card")
        XCTAssertEqual(handle.x, 200, accuracy: 1)
        XCTAssertEqual(handle.y, 220, accuracy: 1)
        let press = try drag(from: handle, by: (0, 60), fx: fx, screen: screen, window: window,
                             photographing: ("5-dragging-animated.png", directory))
        XCTAssertTrue(fx.lines[press].hasSuffix("animated: edits card.animations[0].toValue"), fx.lines[press])
        let moved = try settledHandle(fx, "position of card")
        XCTAssertEqual(moved.y, 280, accuracy: 2, "the card did not follow the drag")
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let toValue = try XCTUnwrap(Self.value(of: BasicAnimationKeys.toValue.name, in: saved), saved)
        XCTAssertEqual(toValue[0], 200, saved)
        XCTAssertEqual(toValue[1], 160, accuracy: 1, saved)
        XCTAssertEqual(Self.blanking(BasicAnimationKeys.toValue.name, in: saved),
                       Self.blanking(BasicAnimationKeys.toValue.name, in: original),
                       "the save changed more than the animation's toValue:\n\(saved)")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// A position animated on one axis only (`position.y`, the rise idiom): the drag moves the
    /// model value, which shows on x, and the press says that the animation keeps y.
    func testAPositionAnimatedOnOneAxisSaysTheAnimationKeepsIt() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("rise.json")
        try """
            {"fx": 1, "name": "rise", "duration": 4, "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "layer", "name": "card", "position": [120, 100], "bounds": [60, 40], "backgroundColor": "#3080ff",
               "animations": [{"type": "basic", "keyPath": "position.y", "toValue": 200, "duration": 1,
                               "fillMode": "forwards", "removedOnCompletion": false}]}
            ]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "rise")
        try fx.waitForFrame("a frame past the rise") { $0.showsPanel && $0.time > 1.2 }
        let handle = try settledHandle(fx, "position of card")
        XCTAssertEqual(handle.y, 320, accuracy: 1)
        let press = try drag(from: handle, by: (60, -60), fx: fx, screen: screen, window: window,
                             photographing: ("9-dragging-one-axis.png", directory))
        XCTAssertTrue(fx.lines[press].hasSuffix("animated: position.y overrides it"), fx.lines[press])
        let moved = try settledHandle(fx, "position of card")
        XCTAssertEqual(moved.x, handle.x + 60, accuracy: 2, "the card did not follow the drag on x")
        XCTAssertEqual(moved.y, 320, accuracy: 1, "the animation no longer holds y")
        try screen.xdotool("key", "--window", window, "q")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// The window made wider: the canvas shows at 1.8×, and a handle is where the pointer
    /// finds it, its drag the pointer's distance in canvas points. A circle's edge handle is
    /// its radius, `emitterSize.width`.
    func testInAResizedWindowHandlesFollowThePointerAndACirclesEdgeIsItsRadius() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("handles.json")
        let circle = nested.replacingOccurrences(of: #""emitterShape": "rectangle", "emitterSize": [40, 20]"#,
                                                 with: #""emitterShape": "circle", "emitterSize": [20, 20]"#)
        try circle.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "handles")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        _ = try settledHandle(fx, "emitterPosition of spray")
        // 1120 × 540: the canvas takes 800 of the width less the panel's 320, at 540 / 300 = 1.8×
        // (SDL rounds the logical width up: 1120 / 623 ≈ 1.798).
        try screen.xdotool("windowsize", window, "1120", "540")
        let scale = 1120.0 / 623
        let center = try fx.wait(for: "the handle at the new scale") { () -> (x: Double, y: Double)? in
            guard let place = self.lastHandle(fx, "emitterPosition of spray"), abs(place.x - 200 * scale) < 2 else { return nil }
            return place
        }
        XCTAssertEqual(center.y, 150 * scale, accuracy: 2)
        // The radius is 20 of the emitter's points, 40 of the canvas's.
        let edge = try settledHandle(fx, "emitterSize right of spray")
        XCTAssertEqual(edge.x, 240 * scale, accuracy: 2)
        try fx.photograph("6-resized.png", window: window, on: screen, in: directory)
        // 36 pixels right: 20 canvas points, 10 of the emitter's: the radius is 30.
        try drag(from: edge, by: (36, 0), fx: fx, screen: screen, window: window,
                 photographing: ("7-dragging-radius.png", directory))
        // 90 pixels right: 50 canvas points, 25 of the emitter's.
        try drag(from: try settledHandle(fx, "emitterPosition of spray"), by: (90, 0), fx: fx, screen: screen, window: window,
                 photographing: ("8-dragging-resized.png", directory))
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let size = try XCTUnwrap(Self.value(of: EmitterLayerKeys.emitterSize.name, in: saved), saved)
        XCTAssertEqual(size[0], 30, accuracy: 1, saved)
        XCTAssertEqual(size[1], 20, saved)
        let position = try XCTUnwrap(Self.value(of: EmitterLayerKeys.emitterPosition.name, in: saved), saved)
        XCTAssertEqual(position[0], 75, accuracy: 1, saved)
        XCTAssertEqual(position[1], 50, saved)
        XCTAssertEqual(Self.blanking(EmitterLayerKeys.emitterPosition.name, in: Self.blanking(EmitterLayerKeys.emitterSize.name, in: saved)),
                       Self.blanking(EmitterLayerKeys.emitterPosition.name, in: Self.blanking(EmitterLayerKeys.emitterSize.name, in: circle)),
                       "the save changed more than the two values:\n\(saved)")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    // MARK: - Helpers

    /// The place (window pixels) last logged for the handle `name`, nil before any.
    private func lastHandle(_ fx: WindowProgram, _ name: String) -> (x: Double, y: Double)? {
        let prefix = "fx: handle \(name) "
        guard let line = fx.lines.last(where: { $0.hasPrefix(prefix) }) else { return nil }
        var field: [String: Double] = [:]
        for pair in line.dropFirst(prefix.count).split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2 { field[String(parts[0])] = Double(parts[1]) }
        }
        guard let x = field["x"], let y = field["y"] else { return nil }
        return (x, y)
    }

    /// The place (window pixels) last logged for the handle `name` (`emitterPosition of spray`),
    /// once it has held for ten frames (the window lays out again after growing for the panel).
    private func settledHandle(_ fx: WindowProgram, _ name: String) throws -> (x: Double, y: Double) {
        let prefix = "fx: handle \(name) "
        func place() -> (x: Double, y: Double)? { lastHandle(fx, name) }
        try fx.waitForLine(prefix)
        var last = try XCTUnwrap(place(), fx.log)
        while true {
            try fx.waitForFrames(10, "frames with the handle \(name) in place")
            let now = try XCTUnwrap(place(), fx.log)
            if now == last { return now }
            last = now
        }
    }

    /// Presses on `from`, moves by `by` in six steps with frames between (photographing the
    /// window halfway), and releases: the handle's press, edits and release are logged.
    /// Returns the log line of the press.
    @discardableResult
    private func drag(from: (x: Double, y: Double), by: (dx: Int, dy: Int), fx: WindowProgram, screen: VirtualScreen, window: String,
                      photographing shot: (name: String, directory: URL)) throws -> Int {
        let x = Int(from.x.rounded()), y = Int(from.y.rounded())
        let before = fx.lines.count - 1
        try screen.movePointer(in: window, x: x, y: y)
        try fx.waitForFrames(4, "frames after moving onto the handle")
        try screen.xdotool("mousedown", "1")
        let press = try fx.waitForLine("fx: handle press ", after: before)
        for step in 1...6 {
            try screen.movePointer(in: window, x: x + step * by.dx / 6, y: y + step * by.dy / 6)
            try fx.waitForFrames(3, "frames after a move")
            if step == 3 { try fx.photograph(shot.name, window: window, on: screen, in: shot.directory) }
        }
        try screen.xdotool("mouseup", "1")
        try fx.waitForLine("fx: handle release ", after: press)
        XCTAssertTrue(fx.lines[press...].contains { $0.hasPrefix("fx: handle set ") }, "the drag made no edit: \(fx.log)")
        return press
    }

    /// The numbers of `"KEY": [a, b]` in `text`.
    static func value(of key: String, in text: String) -> [Double]? {
        guard let range = text.range(of: "\"\(key)\": \\[[^\\]]*\\]", options: .regularExpression) else { return nil }
        let list = text[range].drop { $0 != "[" }.dropFirst().dropLast()
        return list.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `text` with the value of `"KEY": [...]` taken out: what must stay byte for byte.
    static func blanking(_ key: String, in text: String) -> String {
        text.replacingOccurrences(of: "\"\(key)\": \\[[^\\]]*\\]", with: "\"\(key)\": []", options: .regularExpression)
    }
}
