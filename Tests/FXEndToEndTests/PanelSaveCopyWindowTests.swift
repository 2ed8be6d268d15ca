import FXCore
import Foundation
import XCTest

/// Saves go where they belong (issue 34): Ctrl+S on a shipped effect, or on a file fx may not
/// write, saves a copy in the working folder (with its textures, never over a file there), and
/// the copy is then the file edited and watched; Save as… (Ctrl+Shift+S) writes anywhere but
/// fx's install, and replaces a file only when asked twice. Driven like ``WindowTests``
/// (xdotool on Xvfb, waiting for what fx reports), photographed at each step.
final class PanelSaveCopyWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// The shipped `confetti.json` the built fx plays: in the resource bundle beside the binary.
    private func shippedConfetti() throws -> URL {
        let binary = URL(fileURLWithPath: try FXProcess.binary()).resolvingSymlinksInPath()
        let file = binary.deletingLastPathComponent().appendingPathComponent("fx_FXEffects.resources/effects/confetti.json")
        guard FileManager.default.fileExists(atPath: file.path) else { throw XCTSkip("no resource bundle beside \(binary.path)") }
        return file
    }

    func testCtrlSOnAShippedEffectSavesACopyInTheWorkingFolderAndEditsIt() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let shipped = try shippedConfetti()
        let shippedBytes = try Data(contentsOf: shipped)
        let folder = FXProcess.temporaryDirectory()
        let shots = FXProcess.temporaryDirectory()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "the working folder starts empty")
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", "confetti", "--panel", "--quit-after", "120"], in: folder)
        let window = try fx.waitForWindow(named: "confetti")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        try fx.photograph("1-shipped.png", window: window, on: screen, in: shots)

        try screen.xdotool("key", "--window", window, "ctrl+s")
        let saved = try fx.waitForLine("fx: saved ")
        let copy = folder.appendingPathComponent("confetti.json")
        XCTAssertTrue(fx.lines[saved].contains("\(copy.lastPathComponent), a copy of"), fx.lines[saved])
        XCTAssertEqual(try Data(contentsOf: copy), shippedBytes, "the copy holds the shipped text")
        XCTAssertEqual(try Data(contentsOf: shipped), shippedBytes, "the shipped file changed")
        try fx.photograph("2-copy-saved.png", window: window, on: screen, in: shots)

        // The copy is the file now: Ctrl+S again writes nothing new (nothing to save), and a
        // change made to it on disk is played.
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForFrames(6, "frames after the second Ctrl+S")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["confetti.json"])
        let set = try FXProcess.run(["set", copy.path, "confetti.emitterCells.red.birthRate", "45"])
        XCTAssertEqual(set.status, 0, set.stderr)
        let reloaded = try fx.waitForLine("fx: reloaded ", after: saved)
        XCTAssertTrue(fx.lines[reloaded].contains(copy.path), "the watcher did not follow the copy: \(fx.lines[reloaded])")
        XCTAssertEqual(try Data(contentsOf: shipped), shippedBytes, "the shipped file changed")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)

        // From the same folder again: the name is taken, so the copy is confetti-2.json.
        let again = try screen.startFX(["play", "confetti", "--panel", "--quit-after", "120"], in: folder)
        let secondWindow = try again.waitForWindow(named: "confetti")
        try again.waitForFrame("a frame with the panel") { $0.showsPanel }
        try again.waitForFrames(10, "frames with the panel")
        try screen.xdotool("key", "--window", secondWindow, "ctrl+s")
        let second = try again.waitForLine("fx: saved ")
        XCTAssertTrue(again.lines[second].contains("confetti-2.json, a copy of"), again.lines[second])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("confetti-2.json")), shippedBytes)
        XCTAssertNotEqual(try Data(contentsOf: copy), shippedBytes, "the first copy (edited by fx set) was overwritten")
        try screen.xdotool("key", "--window", secondWindow, "q")
        XCTAssertEqual(try again.waitForExit("fx to close"), 0, again.log)
        XCTAssertEqual(try Data(contentsOf: shipped), shippedBytes, "the shipped file changed")
    }

    func testAFileFxMayNotWriteIsCopiedWithItsTexturesNeverOverAFileThere() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        // The effect, read-only, in a folder of its own with two textures.
        let source = FXProcess.temporaryDirectory()
        let textures = FXProcess.packageRoot.appendingPathComponent("effects/textures")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("textures"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: textures.appendingPathComponent("confetti-red.png"),
                                         to: source.appendingPathComponent("textures/a.png"))
        try FileManager.default.copyItem(at: textures.appendingPathComponent("confetti-blue.png"),
                                         to: source.appendingPathComponent("textures/b.png"))
        let file = source.appendingPathComponent("locked.json")
        let text = """
            {"fx": 1, "name": "locked", "canvas": {"size": [400, 300], "background": "black"},
             "textures": {"a": "textures/a.png", "b": "textures/b.png"}, "layers": [
              {"type": "emitter", "name": "spray", "emitterPosition": [200, 150], "emitterCells": [
                {"name": "dot", "contents": "a", "birthRate": 40, "lifetime": 1, "velocity": 60, "emissionRange": "360deg"},
                {"name": "other", "contents": "b", "birthRate": 40, "lifetime": 1, "velocity": 60, "emissionRange": "360deg"}]}
            ]}
            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(file.path, 0o444), 0)
        // The working folder already has a textures/b.png of its own.
        let folder = FXProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("textures"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: textures.appendingPathComponent("confetti-yellow.png"),
                                         to: folder.appendingPathComponent("textures/b.png"))
        let theirs = try Data(contentsOf: folder.appendingPathComponent("textures/b.png"))

        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"], in: folder)
        let window = try fx.waitForWindow(named: "locked")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        try fx.photograph("0-locked.png", window: window, on: screen, in: FXProcess.temporaryDirectory())
        try screen.xdotool("key", "--window", window, "ctrl+s")
        let saved = try fx.waitForLine("fx: saved ")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("locked.json"), encoding: .utf8), text)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text, "the read-only file changed")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("textures/a.png")),
                       try Data(contentsOf: source.appendingPathComponent("textures/a.png")), "textures/a.png was not copied beside the copy")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("textures/b.png")), theirs, "a file in the folder was overwritten")
        XCTAssertTrue(fx.lines[saved].contains("textures/b.png kept as it was there"), fx.lines[saved])
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    func testSaveAsRefusesToReplaceAFileUntilAskedTwice() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let file = try FXProcess.sprayEffect(named: "saving")
        let folder = file.deletingLastPathComponent()
        let shots = FXProcess.temporaryDirectory()
        let original = try String(contentsOf: file, encoding: .utf8)
        let taken = folder.appendingPathComponent("taken.json")
        try "keep me".write(to: taken, atomically: true, encoding: .utf8)
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"], in: folder)
        let window = try fx.waitForWindow(named: "saving")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        try fx.waitForFrames(10, "frames with the panel")

        // Ctrl+Shift+S opens the field with a free name beside the file, the keyboard in it
        // and the name selected: typing replaces it.
        try screen.xdotool("key", "--window", window, "ctrl+shift+s")
        try fx.waitForLine("fx: panel row save as ")
        try fx.photograph("3-save-as-open.png", window: window, on: screen, in: shots)
        try screen.xdotool("type", "--window", window, "--delay", "40", "taken")
        try fx.waitForFrames(4, "frames after typing")
        try screen.xdotool("key", "--window", window, "Return")
        try fx.waitForLine("fx: panel save as taken exists")
        XCTAssertEqual(try String(contentsOf: taken, encoding: .utf8), "keep me", "Save as replaced a file unasked")
        try fx.photograph("4-save-as-exists.png", window: window, on: screen, in: shots)

        // Enter again replaces it; the copy is then the file being edited.
        try screen.xdotool("key", "--window", window, "Return")
        let saved = try fx.waitForLine("fx: saved \(taken.path)")
        XCTAssertEqual(try String(contentsOf: taken, encoding: .utf8), original)
        try fx.photograph("5-saved-as.png", window: window, on: screen, in: shots)
        let set = try FXProcess.run(["set", taken.path, "spray.emitterCells.dot.lifetime", "0.7"])
        XCTAssertEqual(set.status, 0, set.stderr)
        let reloaded = try fx.waitForLine("fx: reloaded ", after: saved)
        XCTAssertTrue(fx.lines[reloaded].contains(taken.path), fx.lines[reloaded])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), original, "the first file changed")

        // fx's install is refused.
        let install = URL(fileURLWithPath: try FXProcess.binary()).resolvingSymlinksInPath().deletingLastPathComponent()
        try screen.xdotool("key", "--window", window, "ctrl+shift+s")
        try fx.waitForFrames(10, "frames with the field open")
        try screen.xdotool("type", "--window", window, "--delay", "20", install.appendingPathComponent("mine.json").path)
        try fx.waitForFrames(4, "frames after typing")
        try screen.xdotool("key", "--window", window, "Return")
        try fx.waitForLine("fx: panel save as \(install.path)/mine.json refused: ")
        XCTAssertFalse(FileManager.default.fileExists(atPath: install.appendingPathComponent("mine.json").path))
        // Escape closes the field (and does not quit).
        try screen.xdotool("key", "--window", window, "Escape")
        try fx.waitForLine("fx: panel save as cancelled")
        try fx.waitForFrames(6, "frames after Escape")
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }
}
