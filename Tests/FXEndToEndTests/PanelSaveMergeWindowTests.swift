import FXCore
import Foundation
import XCTest

/// A panel save a moment after `fx set` changed the file (before the window noticed) keeps the
/// outside edit: the panel's edit is merged onto the file's new text. Driven like
/// ``WindowTests`` (xdotool on Xvfb, waiting for what fx reports).
final class PanelSaveMergeWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    func testASaveRightAfterAnOutsideFxSetKeepsBothEdits() throws {
        guard try requireTools(["Xvfb", "xdotool"]) else { return }
        let file = try FXProcess.sprayEffect(named: "merging")
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        defer { fx.stop() }
        let window = try fx.waitForWindow(named: "merging")
        let shown = try fx.waitForFrame("a frame with the panel") { $0.showsPanel }

        // The birthRate field, once its place held for ten frames (the panel lays out again
        // after the window's resize reaches it).
        let rowPrefix = "fx: panel row spray.emitterCells.dot.birthRate "
        try fx.waitForLine(rowPrefix, after: shown.line)
        func fieldPlace() -> (line: Int, x: Int, y: Int, height: Int)? {
            guard let index = fx.lines.lastIndex(where: { $0.hasPrefix(rowPrefix) }) else { return nil }
            var field: [String: Int] = [:]
            for pair in fx.lines[index].dropFirst(rowPrefix.count).split(separator: " ") {
                let parts = pair.split(separator: "=")
                if parts.count == 2 { field[String(parts[0])] = Int(parts[1]) }
            }
            guard let x = field["x"], let y = field["y"], let height = field["h"] else { return nil }
            return (index, x, y, height)
        }
        var place = try XCTUnwrap(fieldPlace(), fx.log)
        while true {
            try fx.waitForFrames(10, "frames with the field in place")
            let now = try XCTUnwrap(fieldPlace(), fx.log)
            if now.line == place.line { break }
            place = now
        }
        let setPrefix = "fx: panel set spray.emitterCells.dot.birthRate = "
        try screen.drag(window, from: (place.x + 4, place.y + place.height / 2), dx: 150, until: setPrefix, fx: fx)
        let lastSet = try XCTUnwrap(fx.lines.last { $0.hasPrefix(setPrefix) }, fx.log)
        let rate = try XCTUnwrap(Double(lastSet.dropFirst(setPrefix.count)), lastSet)

        // fx set changes another key, and Ctrl+S follows at once, before the window's file
        // watcher (which waits for the file to stay still a quarter of a second) noticed.
        let mark = try fx.waitForFrames(1, "a frame before the outside edit").line
        let outside = try FXProcess.run(["set", file.path, "spray.emitterCells.dot.lifetime", "0.7"])
        XCTAssertEqual(outside.status, 0, outside.stderr)
        try screen.xdotool("key", "--window", window, "ctrl+s")
        let outcome = try fx.wait(for: "the save (or the watcher's reload first)") {
            fx.lines.dropFirst(mark + 1).first { $0.hasPrefix("fx: saved ") || $0.contains("the file changed on disk") }
        }
        print("PanelSaveMergeWindowTests: \(outcome)")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let cell = try XCTUnwrap(try EffectDecoder.decode(bytes: Array(saved.utf8)).layers.first?.emitter?.emitterCells.first)
        XCTAssertEqual(Double(cell.lifetime), 0.7, accuracy: 1e-9, "the outside edit was lost:\n\(saved)\n\(fx.log)")
        if outcome.hasPrefix("fx: saved ") {
            // The usual case: the save merged the panel's edit onto the file's new text.
            XCTAssertTrue(outcome.contains("merged with a change made to it on disk"), outcome)
            XCTAssertEqual(Double(cell.birthRate), rate, accuracy: rate * 0.01, "the panel's edit:\n\(saved)")
        } else {
            // A loaded machine: the watcher saw the change first, and the panel named the edit
            // it dropped (never silently).
            XCTAssertTrue(outcome.contains("dropped: spray.emitterCells.dot.birthRate"), outcome)
        }
    }
}
