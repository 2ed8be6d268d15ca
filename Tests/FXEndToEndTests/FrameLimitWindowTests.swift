import FXSDL
import Foundation
import XCTest

/// `fx play` on a frame past the renderer's memory limits (issue 32): the window shows the
/// error naming the layer and keeps running, and a fixed save reloads and plays.
final class FrameLimitWindowTests: XCTestCase {
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    /// Five thousand canvas-wide sheets: their backgrounds pass the frame's 1 GiB of vector
    /// images (this ended `fx play` with the error).
    static func sheets(_ count: Int) -> String {
        """
        {"fx": 1, "name": "sheets", "canvas": {"size": [400, 300], "background": "#102040"}, "previewTime": 0,
         "layers": [{"type": "replicator", "name": "copies", "position": [200, 150], "bounds": [400, 300], "instanceCount": \(count),
           "sublayers": [{"type": "layer", "name": "sheet", "position": [200, 150], "bounds": [400, 300], "backgroundColor": "#ff000004"}]}]}
        """
    }

    func testAFramePastALimitShowsItsErrorAndTheWindowReloadsWhenFixed() throws {
        guard try requireTools(["Xvfb", "import"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let path = FXProcess.temporaryDirectory().appendingPathComponent("sheets.json").path
        try Self.sheets(5000).write(toFile: path, atomically: true, encoding: .utf8)
        let fx = try screen.startFX(["play", path, "--quit-after", "40"])
        let window = try fx.waitForWindow(named: "sheets")
        let failed = try fx.waitForLine("fx: frame not drawn: ")
        XCTAssertTrue(fx.lines[failed].contains(#"layer "sheet"'s background"#), fx.lines[failed])
        XCTAssertTrue(fx.lines[failed].contains("limit of 1024 MB"), fx.lines[failed])
        // The window goes on: frames after the failed one, the error logged once.
        let next = try fx.waitForFrame("a frame after the one not drawn", after: failed)
        try fx.waitForFrame("another", after: next)
        XCTAssertEqual(fx.lines.filter { $0.hasPrefix("fx: frame not drawn: ") }.count, 1, fx.log)
        // The error's red panel over the bottom of the canvas (120, 10, 20 at 225/255 over the
        // frame), with its light text.
        let shot = FXProcess.temporaryDirectory().appendingPathComponent("frame-not-drawn.png").path
        try screen.run("import", ["-window", window, shot])
        let image = try PNGFile.read(shot)
        let panel = image.count(x: 0..<400, y: 240..<265) { pixel in
            let rgb = Array(pixel.prefix(3))
            return rgb[0] >= 95 && rgb[0] <= 145 && rgb[1] < 30 && rgb[2] < 30
        }
        XCTAssertGreaterThan(panel, 4000, "no red error panel at the bottom of the window")
        let text = image.count(x: 0..<400, y: 150..<270) { $0.prefix(3).allSatisfy { $0 > 200 } }
        XCTAssertGreaterThan(text, 100, "no text on the error panel")
        // Fixed: a few sheets. It reloads and draws.
        try Self.sheets(3).write(toFile: path, atomically: true, encoding: .utf8)
        let reloaded = try fx.waitForLine("fx: reloaded ")
        let drawn = try fx.waitForFrame("a frame of the fixed effect", after: reloaded)
        try fx.waitForFrame("the next", after: drawn)
        XCTAssertEqual(fx.lines.filter { $0.hasPrefix("fx: frame not drawn: ") }.count, 1, fx.log)
        fx.stop()
        XCTAssertEqual(try fx.waitForExit("fx to close on SIGTERM"), 0, fx.log)
    }
}
