import FXCore
import FXSDL
import Foundation
import XCTest

/// `fx play` in a real window on a virtual display, photographed from outside.
final class WindowTests: XCTestCase {
    func testPlayShowsConfettiInAWindowUnderXvfb() throws {
        let tools = ["xvfb-run", "import"]
        let missing = tools.filter { tool in
            !(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
        if !missing.isEmpty {
            let message = "the window test needs \(missing.joined(separator: " and ")) (Debian: xvfb, imagemagick); tools/test installs them"
            if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" { XCTFail(message); return }
            throw XCTSkip(message)
        }
        let binary = try FXProcess.binary()
        let shot = FXProcess.temporaryDirectory().appendingPathComponent("window.png").path
        // fx runs for 4 s; the screenshot of the whole virtual screen is taken after 2.5 s.
        let script = """
            "$FX" play confetti --quit-after 4 > "$OUT" 2>&1 & pid=$!
            sleep 2.5
            import -window root "$SHOT"
            wait $pid
            """
        let result = try FXProcess.run(["-a", "-s", "-screen 0 1024x768x24", "bash", "-c", script],
                                       environment: ["FX": binary, "SHOT": shot, "OUT": shot + ".log"],
                                       executable: "/usr/bin/xvfb-run")
        let log = (try? String(contentsOfFile: shot + ".log", encoding: .utf8)) ?? ""
        XCTAssertEqual(result.status, 0, "xvfb-run: \(result.stderr)\nfx: \(log)")
        XCTAssertFalse(log.contains("preview"), "fx fell back to a preview instead of opening a window: \(log)")
        let image = try PNGFile.read(shot)
        XCTAssertEqual([image.width, image.height], [1024, 768])
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
}
