import FXCore
import Foundation
import XCTest

/// The property panel's editors that write into the file's structures: a stop of
/// `colorOverLife` dragged along its gradient bar, and an animation's `duration` dragged — each
/// saved as a patch of that structure alone, each undone in one step. Driven like
/// ``WindowTests`` (xdotool on Xvfb, waiting for what fx reports).
final class PanelEditorWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    private let original = """
        {"fx": 1, "name": "editors", "canvas": {"size": [400, 300], "background": "black"}, "layers": [
          {"type": "emitter", "name": "spray", "emitterPosition": [200, 150], "emitterCells": [
            {"name": "dot", "contents": "square", "birthRate": 40, "lifetime": 1, "velocity": 60,
             "emissionRange": "360deg", "scale": 0.2,
             "colorOverLife": {"values": ["#ff0000", "#0000ff"]}}]},
          {"type": "layer", "name": "box", "position": [60, 60], "bounds": [40, 40], "backgroundColor": "#ffffff",
           "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.2, "duration": 2}]}
        ]}
        """

    /// Turns the wheel over the properties (by the row `pastRow`, in sight) until the row `key`
    /// shows, and returns its settled place.
    private func scroll(to key: String, pastRow: String, screen: VirtualScreen, window: String,
                        fx: WindowProgram) throws -> WindowProgram.Place {
        let row = try fx.settledPanelRow(pastRow)
        try screen.movePointer(in: window, x: row.x - 60, y: row.y + row.height / 2)
        for _ in 1...30 where fx.panelRow(key) == nil {
            try screen.xdotool("click", "5")
            try fx.waitForFrames(6, "frames after scrolling the properties")
        }
        return try fx.settledPanelRow(key)
    }

    /// Plays `file` (its effect named `name`) with the panel, and once the panel shows makes the
    /// window 760 pixels tall at the screen's top, its width as it is (the canvas keeps its
    /// scale): room for the panel's rows under its header, transport and tree, all of the window
    /// clickable, and a combo's list opening below it.
    private func playTall(_ file: URL, named name: String, on screen: VirtualScreen) throws -> (WindowProgram, String) {
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: name)
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        let size = try screen.windowSize(window)
        try screen.xdotool("windowmove", window, "0", "0")
        try screen.xdotool("windowsize", window, String(size.width), "760")
        try fx.waitForFrames(10, "frames in the taller window")
        return (fx, window)
    }

    func testDraggingAStopAndAnAnimationsDurationPatchesTheFile() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("editors.json")
        try original.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let (fx, window) = try playTall(file, named: "editors", on: screen)

        // The gradient bar of the selected cell (dot): its second stop sits at the bar's right
        // end, under it; dragged halfway left, the stops get times.
        let stopKey = "spray.emitterCells.dot.colorOverLife"
        let bar = try fx.settledPanelRow(stopKey)
        XCTAssertGreaterThanOrEqual(bar.x, 400, "the gradient bar is over the canvas")
        let setStop = "fx: panel set \(stopKey) = "
        try screen.drag(window, from: (bar.x + bar.width - 6, bar.y + 28), dx: -(bar.width / 2), until: setStop, fx: fx)
        let stopEdit = try XCTUnwrap(fx.lines.last { $0.hasPrefix(setStop) }, "no colorOverLife edit: \(fx.log)")
        XCTAssertTrue(stopEdit.contains("\"times\": [0, 0."), stopEdit)

        // The animation: selected in the tree, its duration dragged to the right.
        let node = try fx.settledPanelRow("node box.animations[0]")
        try screen.movePointer(in: window, x: node.x + 20, y: node.y + node.height / 2)
        try fx.waitForFrames(4, "frames over the node")
        try screen.xdotool("click", "1")
        let durationKey = "box.animations[0].duration"
        // The animation's media timing is below its own rows: the wheel over the properties
        // scrolls it into sight.
        let field = try scroll(to: durationKey, pastRow: "box.animations[0].keyPath", screen: screen, window: window, fx: fx)
        let setDuration = "fx: panel set \(durationKey) = "
        try screen.drag(window, from: (field.x + 4, field.y + field.height / 2), dx: 120, until: setDuration, fx: fx)
        let durationEdit = try XCTUnwrap(fx.lines.last { $0.hasPrefix(setDuration) }, "no duration edit: \(fx.log)")
        let duration = try XCTUnwrap(Double(durationEdit.dropFirst(setDuration.count)), durationEdit)
        XCTAssertGreaterThan(duration, 2, durationEdit)

        // Saved: the colorOverLife object and the duration's token changed, nothing else.
        try screen.xdotool("key", "--window", window, "ctrl+s")
        let savedLine = try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let effect = try EffectDecoder.decode(bytes: Array(saved.utf8), file: file.path)
        let cell = try XCTUnwrap(effect.layers.first?.emitter?.emitterCells.first)
        let times = try XCTUnwrap(cell.extensions.colorOverLife?.times)
        XCTAssertEqual(times.count, 2)
        XCTAssertEqual(times[1], 0.5, accuracy: 0.15, "the stop was dragged to the middle: \(times)")
        XCTAssertEqual(try XCTUnwrap(effect.layers.last?.animations.first).timing.duration, duration, accuracy: 1e-9)
        var expected = original.replacingOccurrences(of: "{\"values\": [\"#ff0000\", \"#0000ff\"]}", with: "")
        expected = expected.replacingOccurrences(of: "\"duration\": 2}", with: "\"duration\": }")
        var actual = saved
        if let range = actual.range(of: ##"\{"values": \["#ff0000", "#0000ff"\], "times": \[[^\]]*\]\}"##, options: .regularExpression) {
            actual.removeSubrange(range)
        }
        if let range = actual.range(of: #""duration": [0-9.]+\}"#, options: .regularExpression) {
            actual.replaceSubrange(range, with: "\"duration\": }")
        }
        XCTAssertEqual(actual, expected, "the save changed more than the stop's times and the duration:\n\(saved)")

        // Two undos take both edits back, in the text byte for byte.
        try screen.xdotool("key", "--window", window, "ctrl+z")
        try fx.waitForLine("fx: panel undo \(durationKey)", after: savedLine)
        try screen.xdotool("key", "--window", window, "ctrl+z")
        try fx.waitForLine("fx: panel undo \(stopKey)", after: savedLine)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ", after: savedLine)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), original, "undone and saved: the file is the original again")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// Confetti's birthRate is driven by a group animation (30 → 0 in its first second, then
    /// held): dragging the model value would change nothing that shows. The row is marked
    /// animated, with the animation one click away, and past the first second a drag edits the
    /// child animation's toValue — saved as that token alone, and the effect changes.
    func testDraggingAnAnimatedValueEditsWhatDrivesIt() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("confetti.json")
        try FileManager.default.copyItem(at: FXProcess.packageRoot.appendingPathComponent("effects/confetti.json"), to: file)
        let original = try String(contentsOf: file, encoding: .utf8)
        let hashBefore = try FXProcess.run(["hash", file.path, "--time", "3"])
        let screen = try VirtualScreen.shared(by: self)
        let (fx, window) = try playTall(file, named: "confetti", on: screen)
        let key = "confetti.emitterCells.red.birthRate"
        // The filter brings the row into sight; the mark under it: the animation, one click away.
        try screen.xdotool("key", "--window", window, "ctrl+f")
        try fx.waitForFrames(6, "frames with the filter focused")
        try screen.xdotool("type", "--window", window, "--delay", "40", "birthRate")
        try fx.waitForLine(#"fx: panel filter "birthrate" shows "#)
        _ = try fx.settledPanelRow(key + "#animation")
        // Past the group's first second, the end it holds is what shows.
        try fx.waitForFrames(90, "frames past the burst's first second")
        let field = try fx.settledPanelRow(key)
        try fx.photograph("animated-row.png", window: window, on: screen, in: directory)
        let setPrefix = "fx: panel set confetti.animations[0].animations[0].toValue = "
        try screen.drag(window, from: (field.x + 4, field.y + field.height / 2), dx: 120, until: setPrefix, fx: fx)
        let edit = try XCTUnwrap(fx.lines.last { $0.hasPrefix(setPrefix) }, fx.log)
        let value = try XCTUnwrap(Double(edit.dropFirst(setPrefix.count)), edit)
        XCTAssertGreaterThan(value, 0, edit)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
        // Only red's toValue changed in the text, and the particles with it.
        let saved = try String(contentsOf: file, encoding: .utf8)
        let red = #"{ "type": "basic", "keyPath": "emitterCells.red.birthRate",    "fromValue": 30, "toValue": "#
        XCTAssertTrue(saved.contains(red), saved)
        var restored = saved
        if let range = restored.range(of: NSRegularExpression.escapedPattern(for: red) + "[0-9.]+", options: .regularExpression) {
            restored.replaceSubrange(range, with: red + "0")
        }
        XCTAssertEqual(restored, original, "the save changed more than red's toValue")
        let hashAfter = try FXProcess.run(["hash", file.path, "--time", "3"])
        XCTAssertEqual(hashAfter.status, 0, hashAfter.stderr)
        XCTAssertNotEqual(hashAfter.stdout, hashBefore.stdout, "the edit changed nothing at 3 s")
    }

    /// The contents control offers the effect's own textures (its `textures` names, sorted)
    /// before the built-in shapes, shows the current one by its name, and writes the name chosen.
    func testTheContentsControlOffersTheEffectsTextures() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let shots = FXProcess.temporaryDirectory()
        // c.png is beside the effect, named under no texture: the control lists it after them.
        for (source, name) in [("confetti-red.png", "a.png"), ("confetti-blue.png", "b.png"), ("confetti-red.png", "c.png")] {
            try FileManager.default.copyItem(at: FXProcess.packageRoot.appendingPathComponent("effects/textures/" + source),
                                             to: directory.appendingPathComponent(name))
        }
        let file = directory.appendingPathComponent("pictures.json")
        try """
            {"fx": 1, "name": "pictures", "canvas": {"size": [400, 300], "background": "black"},
             "textures": {"zigzag": "a.png", "arrow": "b.png"},
             "layers": [{"type": "emitter", "name": "spray", "emitterPosition": [200, 150], "emitterCells": [
               {"name": "dot", "contents": "arrow", "birthRate": 20, "lifetime": 1, "velocity": 60, "emissionRange": "360deg", "scale": 0.5}]}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let (fx, window) = try playTall(file, named: "pictures", on: screen)
        // The filter brings the contents row to the top.
        try screen.xdotool("key", "--window", window, "ctrl+f")
        try fx.waitForFrames(6, "frames with the filter focused")
        try screen.xdotool("type", "--window", window, "--delay", "40", "contents")
        try fx.waitForLine(#"fx: panel filter "contents" shows "#)
        let key = "spray.emitterCells.dot.contents"
        let combo = try fx.settledPanelRow(key)
        // Opens the list (it starts at the current entry), photographed, and clicks the entry
        // after the current one: entries are a line (about 19 pixels) each, below the control.
        func chooseTheEntryAfterTheCurrentOne(photograph name: String) throws {
            try screen.movePointer(in: window, x: combo.x + combo.width / 2, y: combo.y + combo.height / 2)
            try fx.waitForFrames(4, "frames over the control")
            try screen.xdotool("click", "1")
            try fx.photograph(name, window: window, on: screen, in: shots)
            try screen.movePointer(in: window, x: combo.x + combo.width / 2, y: combo.y + combo.height + 10 + 19)
            try fx.waitForFrames(4, "frames over the next entry")
            try screen.xdotool("click", "1")
        }
        // The list starts at "arrow" (shown by its name, not its file); the effect's textures
        // come first, sorted, so the next one is "zigzag".
        try chooseTheEntryAfterTheCurrentOne(photograph: "contents-open.png")
        let set = try fx.waitForLine("fx: panel set \(key) = ")
        XCTAssertEqual(fx.lines[set], "fx: panel set \(key) = \"zigzag\"", fx.log)

        // Open again (the list starts at "zigzag" now): the entry after it is the file c.png;
        // choosing it names it under "textures" as c and sets contents to c, one edit.
        try fx.waitForFrames(20, "frames after the first choice")
        try chooseTheEntryAfterTheCurrentOne(photograph: "contents-files.png")
        try fx.waitForLine("fx: panel set \(key) = image c.png", after: set)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(saved.contains(#""textures": {"zigzag": "a.png", "arrow": "b.png", "c": "c.png"}"#), saved)
        XCTAssertTrue(saved.contains(#"{"name": "dot", "contents": "c", "birthRate""#), saved)
        try screen.xdotool("key", "--window", window, "q")
        _ = try? fx.waitForExit("fx to close")
    }

    func testATransformIsEditedByItsPartsLive() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("ring.json")
        let text = """
            {"fx": 1, "name": "ring", "canvas": {"size": [300, 300], "background": "black"}, "layers": [
              {"type": "replicator", "name": "dots", "position": [150, 150], "bounds": [300, 300], "instanceCount": 6,
               "instanceTransform": [{"translate": [20, 0]}],
               "sublayers": [{"type": "layer", "name": "dot", "position": [150, 150], "bounds": [10, 10], "backgroundColor": "#ffffff"}]}
            ]}
            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let (fx, window) = try playTall(file, named: "ring", on: screen)
        // The replicator is selected (no cells); its instanceTransform's rotate row is below
        // the layer's rows: the wheel brings it into sight.
        let rotateKey = "dots.instanceTransform.rotate"
        let field = try scroll(to: rotateKey, pastRow: "dots.position", screen: screen, window: window, fx: fx)
        let setPrefix = "fx: panel set dots.instanceTransform = "
        try screen.drag(window, from: (field.x + 4, field.y + field.height / 2), dx: 90, until: setPrefix, fx: fx)
        XCTAssertNotNil(fx.lines.last { $0.hasPrefix(setPrefix) }, "no transform edit: \(fx.log)")
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let effect = try EffectDecoder.decode(bytes: Array(saved.utf8), file: file.path)
        let transform = TransformValue(try XCTUnwrap(effect.layers.first?.replicator?.instanceTransform))
        XCTAssertGreaterThan(transform.rotationZ, 0.05, "the drag did not rotate the instances: \(saved)")
        XCTAssertEqual(transform.translationX, 20, accuracy: 1e-9, "the translation was kept")
        // Only the transform's value changed in the text.
        let untouched = text.replacingOccurrences(of: "[{\"translate\": [20, 0]}]", with: "")
        var rest = saved
        if let range = rest.range(of: #""instanceTransform": \[[^\n]*\],\n"#, options: .regularExpression) {
            rest.replaceSubrange(range, with: "\"instanceTransform\": ,\n")
        }
        XCTAssertEqual(rest, untouched, "the save changed more than the transform:\n\(saved)")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }
    /// A cell's palettes open onto a control per entry: "remove" takes an entry of `colors` out
    /// of the file, "add" appends a copy of the last `contentsChoices` entry, and the effect
    /// plays again from the text with the new palettes.
    func testAPalettesEntriesAreRemovedAndAddedInTheFile() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("palette.json")
        let text = """
            {"fx": 1, "name": "palette", "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "emitter", "name": "spray", "emitterPosition": [200, 150], "emitterCells": [
                {"name": "dot", "contents": "square", "birthRate": 40, "lifetime": 1, "velocity": 60, "scale": 0.2,
                 "colors": ["#ff0000", "#00ff00", "#0000ff"], "contentsChoices": ["square", "star"]}]}
            ]}
            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let (fx, window) = try playTall(file, named: "palette", on: screen)

        let removeKey = "spray.emitterCells.dot.colors[1] remove"
        _ = try scroll(to: removeKey, pastRow: "spray.emitterCells.dot.enabled", screen: screen, window: window, fx: fx)
        let remove = try fx.settledPanelRow(removeKey)
        try screen.movePointer(in: window, x: remove.x + remove.width / 2, y: remove.y + remove.height / 2)
        try fx.waitForFrames(4, "frames over the button")
        try screen.xdotool("click", "1")
        try fx.waitForLine("fx: panel remove spray.emitterCells.dot.colors[1]")

        let addKey = "spray.emitterCells.dot.contentsChoices add"
        _ = try scroll(to: addKey, pastRow: "spray.emitterCells.dot.colors[0]", screen: screen, window: window, fx: fx)
        let add = try fx.settledPanelRow(addKey)
        try screen.movePointer(in: window, x: add.x + add.width / 2, y: add.y + add.height / 2)
        try fx.waitForFrames(4, "frames over the button")
        try screen.xdotool("click", "1")
        try fx.waitForLine(#"fx: panel add spray.emitterCells.dot.contentsChoices = "star""#)

        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let cell = try XCTUnwrap(try EffectDecoder.decode(bytes: Array(saved.utf8), file: file.path)
            .layers.first?.emitter?.emitterCells.first)
        XCTAssertEqual(cell.extensions.colors, [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)], saved)
        XCTAssertEqual(cell.extensions.contentsChoices.map(\.description), ["square", "star", "star"], saved)
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    /// A structured key declared member by member (a cell's spriteFrames) opens onto a control
    /// per member: a member dragged and one the file leaves out ticked are written into the
    /// file as that token and that inserted member; "remove" takes the key out of the file.
    func testAStructuredKeysMembersAreEditedInTheFile() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("frames.json")
        let text = """
            {"fx": 1, "name": "frames", "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "emitter", "name": "spray", "emitterPosition": [200, 150], "emitterCells": [
                {"name": "dot", "contents": "square", "birthRate": 40, "lifetime": 1, "velocity": 60,
                 "spriteFrames": {"columns": 2, "rows": 1}}]}
            ]}
            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let (fx, window) = try playTall(file, named: "frames", on: screen)

        // spriteFrames is below the cell's other rows: the wheel brings its last member into
        // sight, and the rows above it with it.
        let loopsKey = "spray.emitterCells.dot.spriteFrames.loops"
        _ = try scroll(to: loopsKey, pastRow: "spray.emitterCells.dot.enabled", screen: screen, window: window, fx: fx)
        // On until the last member is well inside the 760-pixel window (the status line has its
        // room whether or not it shows, so the first edit moves no row), with the first member
        // still in sight above it.
        var loopsPlace = try fx.settledPanelRow(loopsKey)
        for _ in 1...10 where loopsPlace.y > 680 {
            try screen.xdotool("click", "5")
            try fx.waitForFrames(6, "frames after scrolling the properties")
            loopsPlace = try fx.settledPanelRow(loopsKey)
        }
        let columnsKey = "spray.emitterCells.dot.spriteFrames.columns"
        let columns = try fx.settledPanelRow(columnsKey)
        XCTAssertGreaterThanOrEqual(columns.x, 400, "the member's field is over the canvas")
        let setColumns = "fx: panel set \(columnsKey) = "
        try screen.drag(window, from: (columns.x + 4, columns.y + columns.height / 2), dx: 60, until: setColumns, fx: fx)
        let columnsEdit = try XCTUnwrap(fx.lines.last { $0.hasPrefix(setColumns) }, "no columns edit: \(fx.log)")
        let count = try XCTUnwrap(Int(columnsEdit.dropFirst(setColumns.count)), columnsEdit)
        XCTAssertGreaterThan(count, 2, columnsEdit)

        // loops is not in the file (dimmed at its default, true): ticking it off adds it.
        let loops = try fx.settledPanelRow(loopsKey)
        try screen.movePointer(in: window, x: loops.x + loops.width / 2, y: loops.y + loops.height / 2)
        try fx.waitForFrames(4, "frames over the checkbox")
        try screen.xdotool("click", "1")
        try fx.waitForLine("fx: panel set spray.emitterCells.dot.spriteFrames.loops = false")

        try screen.xdotool("key", "--window", window, "ctrl+s")
        let savedLine = try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(saved, text.replacingOccurrences(of: #""spriteFrames": {"columns": 2, "rows": 1}"#,
                                                        with: #""spriteFrames": {"columns": \#(count), "rows": 1, "loops": false}"#),
                       "the save changed more than the member's token and the added member")
        let frames = try XCTUnwrap(try EffectDecoder.decode(bytes: Array(saved.utf8), file: file.path)
            .layers.first?.emitter?.emitterCells.first?.extensions.spriteFrames)
        XCTAssertEqual(frames.columns, count)
        XCTAssertFalse(frames.loops)

        // "remove" takes the key out, with its separator. The wheel turns back a little first:
        // scrolled to the end, the cell's later rows (trail, turbulence, orbit, …) leave the
        // structure's own row at the panel's top edge, under its header.
        for _ in 1...2 {
            try screen.xdotool("click", "4")
            try fx.waitForFrames(6, "frames after scrolling the properties back")
        }
        let remove = try fx.settledPanelRow("spray.emitterCells.dot.spriteFrames remove")
        try screen.movePointer(in: window, x: remove.x + remove.width / 2, y: remove.y + remove.height / 2)
        try fx.waitForFrames(4, "frames over the button")
        try screen.xdotool("click", "1")
        try fx.waitForLine("fx: panel remove spray.emitterCells.dot.spriteFrames", after: savedLine)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ", after: savedLine)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       text.replacingOccurrences(of: #",\#n     "spriteFrames": {"columns": 2, "rows": 1}"#, with: ""))
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    func testABurstIntervalIsEditedInTheFileAndTheEffectReplays() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("cannon.json")
        let text = """
            {"fx": 1, "name": "cannon", "canvas": {"size": [400, 300], "background": "black"}, "layers": [
              {"type": "emitter", "name": "cannon", "emitterPosition": [200, 150], "emitterCells": [
                {"name": "shot", "contents": "disc", "burstCount": 10, "burstInterval": 0.5, "lifetime": 1, "velocity": 60}]}
            ]}
            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let (fx, window) = try playTall(file, named: "cannon", on: screen)
        // burstInterval does not animate: its row is a control all the same, whose edit is
        // written into the file (and the effect plays again from it).
        let key = "cannon.emitterCells.shot.burstInterval"
        let row = try scroll(to: key, pastRow: "cannon.emitterCells.shot.enabled", screen: screen, window: window, fx: fx)
        XCTAssertGreaterThanOrEqual(row.x, 400, "the field is over the canvas")
        let setLine = "fx: panel set \(key) = "
        try screen.drag(window, from: (row.x + 4, row.y + row.height / 2), dx: 60, until: setLine, fx: fx)
        let edit = try XCTUnwrap(fx.lines.last { $0.hasPrefix(setLine) }, "no burstInterval edit: \(fx.log)")
        let interval = try XCTUnwrap(Double(edit.dropFirst(setLine.count)), edit)
        XCTAssertGreaterThan(interval, 0.5, edit)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        _ = try fx.waitForLine("fx: saved ")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let cell = try XCTUnwrap(try EffectDecoder.decode(bytes: Array(saved.utf8), file: file.path)
            .layers.first?.emitter?.emitterCells.first)
        XCTAssertEqual(cell.extensions.burstInterval, interval, accuracy: 1e-9)
        XCTAssertEqual(cell.extensions.burstCount, 10, "only the interval changed")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }
}
