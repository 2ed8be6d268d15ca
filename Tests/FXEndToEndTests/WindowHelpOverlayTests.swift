import FXCore
import FXSDL
import Foundation
import XCTest

/// The `?` list of keys and gestures over the window, under Xvfb.
final class WindowHelpOverlayTests: XCTestCase {
    /// The class's tests share one Xvfb (``VirtualScreen/shared(by:)``), stopped here.
    override class func tearDown() {
        VirtualScreen.closeShared(by: self)
        super.tearDown()
    }

    func testQuestionMarkShowsEveryKeyOverTheWindowAndClosesAgain() throws {
        guard try requireTools(["Xvfb", "import", "xdotool"]) else { return }
        let screen = try VirtualScreen.shared(by: self)
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("plain.json")
        try """
            {"fx": 1, "name": "plain", "canvas": {"size": [560, 480], "background": "#f1f3f8"}, "duration": 2, "layers": []}
            """.write(to: file, atomically: true, encoding: .utf8)
        let fx = try screen.startFX(["play", file.path, "--quit-after", "60"])
        let window = try fx.waitForWindow(named: "plain")
        func photograph(_ name: String, after frame: WindowProgram.Frame) throws -> RGBAImage {
            try fx.waitForFrame("the frame after it", after: frame)
            let path = directory.appendingPathComponent(name).path
            try screen.run("import", ["-window", window, path])
            return try PNGFile.read(path)
        }
        func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
            (0..<3).map { Int(image.pixels[(y * image.width + x) * 4 + $0]) }
        }
        /// Light text pixels over the panel's dark area.
        func textPixels(_ image: RGBAImage) -> Int {
            (16..<340).reduce(0) { sum, y in
                sum + (16..<400).filter { x in pixel(image, x, y).allSatisfy { $0 > 150 } && pixel(image, x, y) != [0xf1, 0xf3, 0xf8] }.count
            }
        }
        // The panel: from (8, 8) to the canvas' right edge less 8; its bottom right corner.
        let inside = (x: 548, y: 20)

        try screen.xdotool("key", "--window", window, "question")
        let shown = try fx.waitForFrame("a frame with the key list") { $0.showsHelp }
        let open = try photograph("help.png", after: shown)
        XCTAssertLessThan(pixel(open, inside.x, inside.y).max()!, 60, "no dark panel under the list: \(pixel(open, inside.x, inside.y))")
        XCTAssertGreaterThan(textPixels(open), 2000, "no text on the key list")

        try screen.xdotool("key", "--window", window, "question")
        let hidden = try fx.waitForFrame("a frame without the key list", after: shown) { !$0.showsHelp }
        let closed = try photograph("closed.png", after: hidden)
        XCTAssertEqual(pixel(closed, inside.x, inside.y), [0xf1, 0xf3, 0xf8], "the list stayed after a second ?")

        // Esc closes the list without quitting; the next Esc quits.
        try screen.xdotool("key", "--window", window, "question")
        let again = try fx.waitForFrame("the key list again", after: hidden) { $0.showsHelp }
        try screen.xdotool("key", "--window", window, "Escape")
        try fx.waitForFrame("the key list closed by Esc", after: again) { !$0.showsHelp }
        try screen.xdotool("key", "--window", window, "Escape")
        XCTAssertEqual(try fx.waitForExit("fx to close on the second Esc"), 0, fx.log)
    }
}
