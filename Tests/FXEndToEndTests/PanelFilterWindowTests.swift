import FXCore
import Foundation
import XCTest

/// Finding a property (issue 34): the panel's filter shows only the rows whose key holds what
/// is typed, Ctrl+F types there and Escape clears it; and the rows keep their place when the
/// status line ("unsaved edits…") appears. Driven like ``WindowTests`` (xdotool on Xvfb,
/// waiting for what fx reports), photographed at each step.
final class PanelFilterWindowTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    func testTypingVelShowsOnlyTheVelocityRowsAndEscapeClearsIt() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let file = try FXProcess.sprayEffect(named: "finding")
        let shots = FXProcess.temporaryDirectory()
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "finding")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        // velocity is below the rows that fit: out of sight.
        let velocityKey = "spray.emitterCells.dot.velocity"
        let birthRate = try fx.settledPanelRow("spray.emitterCells.dot.birthRate")
        try fx.waitForLine("fx: panel row \(velocityKey) hidden")
        try fx.photograph("1-unfiltered.png", window: window, on: screen, in: shots)

        // Ctrl+F puts the keyboard in the filter; "vel" leaves the velocity rows.
        try screen.xdotool("key", "--window", window, "ctrl+f")
        try fx.waitForFrames(6, "frames with the filter focused")
        try screen.xdotool("type", "--window", window, "--delay", "40", "vel")
        let filtered = try fx.waitForLine(#"fx: panel filter "vel" shows "#)
        let shown = fx.lines[filtered].dropFirst(#"fx: panel filter "vel" shows "#.count).components(separatedBy: ", ")
        XCTAssertTrue(shown.contains("velocity") && shown.contains("velocityRange"), "\(shown)")
        XCTAssertTrue(shown.allSatisfy { $0.lowercased().contains("vel") }, "a row without vel shows: \(shown)")
        XCTAssertFalse(shown.contains("birthRate"), "\(shown)")
        // The velocity row came into sight at the top of the properties, where birthRate was.
        let after = try fx.settledPanelRow(velocityKey)
        XCTAssertLessThanOrEqual(after.y, birthRate.y + birthRate.height, "rows above velocity still show")
        try fx.photograph("2-filtered-vel.png", window: window, on: screen, in: shots)

        // q typed into the filter is text, not a quit; Escape clears the filter.
        try screen.xdotool("type", "--window", window, "--delay", "40", "q")
        try fx.waitForLine(#"fx: panel filter "velq" shows nothing"#)
        try fx.photograph("3-filtered-nothing.png", window: window, on: screen, in: shots)
        try screen.xdotool("key", "--window", window, "Escape")
        try fx.waitForLine("fx: panel filter cleared")
        // The rows are all back: velocity out of sight again (reported in the frame that cleared).
        XCTAssertNil(fx.panelRow(velocityKey), "velocity is still at the top: \(fx.log)")
        XCTAssertEqual(try fx.settledPanelRow("spray.emitterCells.dot.birthRate").y, birthRate.y, "the rows are not back in place")
        try fx.photograph("4-filter-cleared.png", window: window, on: screen, in: shots)
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }

    func testRowsKeepTheirPlaceWhenTheStatusLineAppears() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let file = try FXProcess.sprayEffect(named: "steady")
        let shots = FXProcess.temporaryDirectory()
        let screen = try VirtualScreen.shared(by: self)
        let fx = try screen.startFX(["play", file.path, "--panel", "--quit-after", "120"])
        let window = try fx.waitForWindow(named: "steady")
        try fx.waitForFrame("a frame with the panel") { $0.showsPanel }
        let keys = ["spray.emitterCells.dot.birthRate", "spray.emitterCells.dot.lifetime", "filter"]
        var places: [String: WindowProgram.Place] = [:]
        for key in keys { places[key] = try fx.settledPanelRow(key) }
        try fx.photograph("5-no-status.png", window: window, on: screen, in: shots)

        // A drag of birthRate: "unsaved edits" shows in the status line.
        let rate = try XCTUnwrap(places[keys[0]])
        try screen.drag(window, from: (rate.x + 4, rate.y + rate.height / 2), dx: 80,
                        until: "fx: panel set spray.emitterCells.dot.birthRate = ", fx: fx)
        for key in keys {
            let now = try fx.settledPanelRow(key)
            XCTAssertEqual(now.y, try XCTUnwrap(places[key]).y, "\(key) moved when the status line appeared")
        }
        try fx.photograph("6-unsaved-status.png", window: window, on: screen, in: shots)
        // Saved: the status line changes again; the rows stay.
        try screen.xdotool("key", "--window", window, "ctrl+s")
        try fx.waitForLine("fx: saved ")
        for key in keys {
            XCTAssertEqual(try fx.settledPanelRow(key).y, try XCTUnwrap(places[key]).y, "\(key) moved when the save was reported")
        }
        try fx.photograph("7-saved-status.png", window: window, on: screen, in: shots)
        try screen.xdotool("key", "--window", window, "q")
        XCTAssertEqual(try fx.waitForExit("fx to close"), 0, fx.log)
    }
}
