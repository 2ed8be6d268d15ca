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

    func testTheClickConfettiExampleBurstsWhereTheUserClicks() throws {
        guard try requireTools(["xvfb-run", "xdotool"]) else { return }
        let program = try FXProcess.example("click-confetti")
        let directory = FXProcess.temporaryDirectory()
        let shot = directory.appendingPathComponent("click.png").path
        let log = shot + ".log"
        // A real click through the X server; q closes the program, which saves its last frame.
        let script = """
            "$PROGRAM" --quit-after 30 --screenshot "$SHOT" > "$OUT" 2>&1 & pid=$!
            for i in $(seq 1 50); do wid=$(xdotool search --name click-confetti 2>/dev/null | head -1); [ -n "$wid" ] && break; sleep 0.1; done
            sleep 1
            xdotool mousemove --window "$wid" 600 300
            sleep 0.2
            xdotool click 1
            sleep 0.6
            xdotool key --window "$wid" q
            wait $pid
            """
        let result = try FXProcess.run(["-a", "-s", "-screen 0 1024x768x24", "bash", "-c", script],
                                       environment: ["PROGRAM": program, "SHOT": shot, "OUT": log], executable: "/usr/bin/xvfb-run")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(result.status, 0, "\(result.stderr)\n\(output)")
        XCTAssertTrue(output.contains("burst at (600, 300)"), output)
        XCTAssertTrue(output.contains("bursts 1,"), output)
        let image = try PNGFile.read(shot)
        // The program's scene is there (the ground), and confetti colors are above the click:
        // nothing of the scene is that red or that blue right of the character.
        let ground = (550 * image.width + 100) * 4
        XCTAssertEqual(Array(image.pixels[ground..<ground + 3]), [34, 110, 60])
        let confetti = image.count(x: 450..<800, y: 0..<300) { $0[$0.startIndex] > 150 || $0[$0.startIndex + 2] > 150 }
        XCTAssertGreaterThan(confetti, 300, "no confetti above the click")

        // Its scripted mode clicks by itself.
        let scripted = try FXProcess.run(["-a", "-s", "-screen 0 1024x768x24", program, "--scripted", "--quit-after", "1.5"],
                                         executable: "/usr/bin/xvfb-run")
        XCTAssertEqual(scripted.status, 0, scripted.stderr)
        XCTAssertTrue(scripted.stdout.contains("bursts 3,"), scripted.stdout)
    }

    func testHotReloadKeepsTheLastGoodEffectAndShowsErrors() throws {
        guard try requireTools(["xvfb-run", "import", "xdotool"]) else { return }
        let binary = try FXProcess.binary()
        let directory = FXProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("live.json")
        func effect(_ background: String) -> String {
            """
            {"fx": 1, "name": "live", "canvas": {"size": [300, 200], "background": "\(background)"}, "layers": [
              {"type": "layer", "position": [150, 100], "bounds": [60, 60], "backgroundColor": "white"}]}
            """
        }
        try effect("#ff0000").write(to: file, atomically: false, encoding: .utf8)
        // Each step: change the file, wait for the reload, photograph the window.
        let script = """
            "$FX" play "$EFFECT" --quit-after 12 --hud > "$DIR/out.log" 2> "$DIR/err.log" & pid=$!
            for i in $(seq 1 50); do wid=$(xdotool search --name live 2>/dev/null | head -1); [ -n "$wid" ] && break; sleep 0.1; done
            sleep 1
            import -window "$wid" "$DIR/1-red.png"
            printf '%s' "$BLUE" > "$EFFECT"
            sleep 1.2
            import -window "$wid" "$DIR/2-blue.png"
            printf '{"fx": 1, "layers": [{"type": "emiter"}' > "$EFFECT"
            sleep 1.2
            import -window "$wid" "$DIR/3-broken.png"
            printf '%s' "$GREEN" > "$DIR/tmp.json"
            mv "$DIR/tmp.json" "$EFFECT"
            sleep 1.2
            import -window "$wid" "$DIR/4-green.png"
            kill $pid
            wait $pid
            exit 0
            """
        let result = try FXProcess.run(["-a", "-s", "-screen 0 800x600x24", "bash", "-c", script],
                                       environment: ["FX": binary, "EFFECT": file.path, "DIR": directory.path,
                                                     "BLUE": effect("#0000ff"), "GREEN": effect("#00ff00")],
                                       executable: "/usr/bin/xvfb-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        let log = (try? String(contentsOf: directory.appendingPathComponent("err.log"), encoding: .utf8)) ?? ""
        func corner(_ name: String) throws -> [UInt8] {
            let image = try PNGFile.read(directory.appendingPathComponent(name).path)
            let i = ((image.height - 40) * image.width + image.width - 10) * 4
            return Array(image.pixels[i..<i + 3])
        }
        XCTAssertEqual(try corner("1-red.png"), [255, 0, 0])
        XCTAssertEqual(try corner("2-blue.png"), [0, 0, 255], "the saved change did not show: \(log)")
        // The broken save keeps the blue effect running, with the error shown over the bottom.
        let broken = try PNGFile.read(directory.appendingPathComponent("3-broken.png").path)
        XCTAssertEqual(Array(broken.pixels[(20 * broken.width + broken.width - 10) * 4..<(20 * broken.width + broken.width - 10) * 4 + 3]), [0, 0, 255])
        let overlay = try corner("3-broken.png")
        XCTAssertGreaterThan(Int(overlay[0]), Int(overlay[2]), "no red error overlay: \(overlay)")
        XCTAssertTrue(log.contains("reload failed") && log.contains("live.json:1:"), log)
        // A good save by rename clears the error.
        XCTAssertEqual(try corner("4-green.png"), [0, 255, 0], log)
        // The HUD (--hud) is drawn top-left: a dark panel with light text.
        let hud = try PNGFile.read(directory.appendingPathComponent("2-blue.png").path)
        let lightPixels = (8..<40).flatMap { y in (8..<200).map { x in (x, y) } }.filter { x, y in
            let i = (y * hud.width + x) * 4
            return hud.pixels[i] > 200 && hud.pixels[i + 1] > 200 && hud.pixels[i + 2] > 200
        }
        XCTAssertGreaterThan(lightPixels.count, 80, "no HUD text")
    }

    func testTheGKeyRecordsTheWindowToAGIF() throws {
        guard try requireTools(["xvfb-run", "xdotool", "ffmpeg"]) else { return }
        let binary = try FXProcess.binary()
        let directory = FXProcess.temporaryDirectory()
        let script = """
            cd "$DIR"
            "$FX" play fire --quit-after 6 > out.log 2>&1 & pid=$!
            for i in $(seq 1 50); do wid=$(xdotool search --name fire 2>/dev/null | head -1); [ -n "$wid" ] && break; sleep 0.1; done
            sleep 1
            xdotool key --window "$wid" g
            sleep 1.5
            xdotool key --window "$wid" g
            sleep 0.5
            kill $pid
            wait $pid
            exit 0
            """
        let result = try FXProcess.run(["-a", "-s", "-screen 0 800x700x24", "bash", "-c", script],
                                       environment: ["FX": binary, "DIR": directory.path], executable: "/usr/bin/xvfb-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        let log = (try? String(contentsOf: directory.appendingPathComponent("out.log"), encoding: .utf8)) ?? ""
        let gif = directory.appendingPathComponent("fx-recording-fire-1.gif")
        XCTAssertTrue(log.contains("wrote fx-recording-fire-1.gif"), log)
        guard case .success(let info) = GIFInfo.read([UInt8](try Data(contentsOf: gif))) else { return XCTFail("no GIF written: \(log)") }
        XCTAssertEqual([info.width, info.height], [600, 600])
        XCTAssertGreaterThan(info.delays.count, 10, "about 15 frames a second for 1.5 s")
    }
}
