import FXCore
import FXSDL
import Foundation
import XCTest

/// `fx play` in a real window on a virtual display, photographed from outside.
final class WindowTests: XCTestCase {
    /// Fails (under tools/test) or skips (a bare `swift test`) when a tool is missing.
    func requireTools(_ tools: [String]) throws -> Bool {
        let missing = tools.filter { tool in
            !(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
        guard missing.isEmpty else {
            let message = "the window tests need \(missing.joined(separator: " and ")) (Debian: xvfb, imagemagick, xdotool); tools/test installs them"
            if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" { XCTFail(message); return false }
            throw XCTSkip(message)
        }
        return true
    }

    func testPlayShowsConfettiInAWindowUnderXvfb() throws {
        guard try requireTools(["xvfb-run", "import"]) else { return }
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

    func testDraggingScrubsTimeWithAVisibleIndicator() throws {
        guard try requireTools(["xvfb-run", "import", "xdotool"]) else { return }
        let binary = try FXProcess.binary()
        let shot = FXProcess.temporaryDirectory().appendingPathComponent("scrub.png").path
        // avatar-morph is 400 points wide and 2 s long: x = 200 is t = 1, the top of the morph,
        // where the avatar has risen to y = 170. Hold the button there and photograph the window.
        let script = """
            "$FX" play avatar-morph --quit-after 8 > "$OUT" 2>&1 & pid=$!
            for i in $(seq 1 50); do wid=$(xdotool search --name avatar-morph 2>/dev/null | head -1); [ -n "$wid" ] && break; sleep 0.1; done
            sleep 1
            xdotool mousemove --window "$wid" 20 300 mousedown 1
            sleep 0.3
            xdotool mousemove --window "$wid" 120 300
            sleep 0.2
            xdotool mousemove --window "$wid" 200 300
            sleep 0.6
            import -window "$wid" "$SHOT"
            xdotool mouseup 1
            kill $pid
            wait $pid
            exit 0
            """
        let result = try FXProcess.run(["-a", "-s", "-screen 0 800x700x24", "bash", "-c", script],
                                       environment: ["FX": binary, "SHOT": shot, "OUT": shot + ".log"],
                                       executable: "/usr/bin/xvfb-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(shot)
        XCTAssertEqual([image.width, image.height], [400, 600])
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        // The head (#dce7ff) is at the top position; the bottom position shows the background.
        XCTAssertEqual(pixel(200, 170), [0xdc, 0xe7, 0xff], "the avatar is not at its t = 1 s position")
        XCTAssertEqual(pixel(200, 420), [0xf1, 0xf3, 0xf8], "the avatar is still at its start position")
        // The time bar along the bottom: dark, with the blue progress filled to the middle.
        let bar = pixel(100, 598), empty = pixel(300, 598)
        XCTAssertGreaterThan(Int(bar[2]), Int(bar[0]) + 60, "no progress fill at the left of the time bar: \(bar)")
        XCTAssertLessThan(Int(empty[0]), 0xf1 - 40, "no time bar along the bottom: \(empty)")
    }

    func testAnEmitterFollowsThePointerAndAClickBursts() throws {
        guard try requireTools(["xvfb-run", "import", "xdotool"]) else { return }
        let binary = try FXProcess.binary()
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
        let script = """
            "$FX" play "$EFFECT" --quit-after 8 > "$OUT" 2>&1 & pid=$!
            for i in $(seq 1 50); do wid=$(xdotool search --name pointer 2>/dev/null | head -1); [ -n "$wid" ] && break; sleep 0.1; done
            sleep 1
            xdotool mousemove --window "$wid" 60 60
            sleep 0.3
            xdotool click 1
            sleep 0.2
            xdotool mousemove --window "$wid" 340 240
            sleep 0.8
            import -window "$wid" "$SHOT"
            kill $pid
            wait $pid
            exit 0
            """
        let result = try FXProcess.run(["-a", "-s", "-screen 0 800x700x24", "bash", "-c", script],
                                       environment: ["FX": binary, "EFFECT": file.path, "SHOT": shot, "OUT": shot + ".log"],
                                       executable: "/usr/bin/xvfb-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(shot)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        // The trail is where the pointer is now; the burst stayed where the click was.
        XCTAssertEqual(pixel(340, 240)[1], 255, "no trail at the pointer")
        XCTAssertEqual(pixel(60, 60), [255, 0, 0], "no burst where the click was")
        XCTAssertEqual(pixel(200, 150), [0, 0, 0], "the emitter stayed at its model position")
    }
}
