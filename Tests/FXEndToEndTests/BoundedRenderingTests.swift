import FXCore
import FXSDL
import Foundation
import XCTest

/// Text and gradients of any size render through the real binary under a memory limit, in the
/// time the lines and pixels on screen take (issue 32): a gradient of 100 000 stops, two
/// million lines of text, strings with no visible glyph.
final class BoundedRenderingTests: XCTestCase {
    /// A scan of the stops at each pixel took 1 000 000 × 50 000 steps here, minutes.
    func testAGradientOfAHundredThousandStopsRenders() throws {
        // Bands of 1000 stops, red and blue in turn, each about 10 pixels wide.
        let count = 100_000
        let colors = (0..<count).map { ($0 / 1000) % 2 == 0 ? "\"#ff0000\"" : "\"#0000ff\"" }
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [1024, 1024], "background": "#000000"}, "duration": 1, "previewTime": 0,
             "layers": [{"type": "gradient", "name": "stops", "position": [512, 512], "bounds": [1024, 1024],
               "startPoint": [0, 0.5], "endPoint": [1, 0.5], "colors": [\(colors.joined(separator: ","))]}]}
            """, name: "stops.json")
        let out = file.deletingLastPathComponent().appendingPathComponent("stops.png").path
        let result = try FXProcess.runLimited(["render", file.path, "--time", "0", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        var checked = 0
        for x in 0..<image.width {
            // The stop before the pixel's centre, evenly spread; pixels near a band's edge blend.
            let stop = (Double(x) + 0.5) / 1024 * Double(count - 1)
            let within = stop.truncatingRemainder(dividingBy: 1000)
            guard within > 50, within < 950 else { continue }
            let expected: [UInt8] = (Int(stop) / 1000) % 2 == 0 ? [255, 0, 0] : [0, 0, 255]
            let index = (300 * image.width + x) * 4
            XCTAssertEqual(Array(image.pixels[index..<index + 3]), expected, "at x \(x)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 800)
    }

    /// Two million lines where a string is written: a clear error (the string's limit), at
    /// once — reading the string took minutes when every escape copied the string so far.
    func testTwoMillionLinesInAStringAreRefusedAtOnce() throws {
        let lines = String(repeating: #"a\n"#, count: 2_000_000)
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [400, 400]}, "layers": [{"type": "text", "name": "lines", "position": [200, 200],
              "bounds": [400, 400], "string": "\(lines)"}]}
            """, name: "lines.json")
        let result = try FXProcess.runLimited(["render", file.path, "--out", file.path + ".png"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("$.layers[0].string"), result.stderr)
        XCTAssertTrue(result.stderr.contains("10 000 characters"), result.stderr)
    }

    /// Two million lines that reach the layer another way (a scheduled change), in bounds far
    /// taller than the canvas: only the lines on the canvas are drawn.
    func testTwoMillionLinesOfAScheduledChangeRender() throws {
        let lines = String(repeating: #"W\n"#, count: 2_000_000)
        let file = try FXProcess.writeTemporary("""
            {"fx": 1, "canvas": {"size": [300, 200], "background": "#ffffff"},
             "layers": [{"type": "text", "name": "lines", "position": [150, 20000000], "bounds": [300, 40000000],
               "string": "start", "fontSize": 20, "foregroundColor": "#000000",
               "transitions": [{"time": 0, "string": "\(lines)", "duration": 0}]}]}
            """, name: "lines.json")
        let out = file.deletingLastPathComponent().appendingPathComponent("lines.png").path
        let result = try FXProcess.runLimited(["render", file.path, "--time", "1", "--out", out])
        if result.status != 0 {
            // Also bounded: the change's string refused as the layer's own is.
            XCTAssertTrue(result.stderr.contains("10 000 characters"), result.stderr)
            return
        }
        let image = try PNGFile.read(out)
        // A column of W's down the left edge, from top to bottom.
        for band in stride(from: 0, to: 200, by: 40) {
            XCTAssertGreaterThan(image.count(x: 0..<30, y: band..<band + 40) { $0[$0.startIndex] < 128 }, 20, "lines at \(band)")
        }
    }

    /// A zero-width space, a lone combining mark and a line of them draw nothing; the other
    /// lines and layers are drawn (SDL_ttf refuses such text, which failed the whole render).
    func testTextWithNoVisibleGlyphDrawsNothingAndTheRestRenders() throws {
        let file = try FXProcess.writeTemporary(#"""
            {"fx": 1, "canvas": {"size": [240, 200], "background": "#ffffff"}, "layers": [
              {"type": "layer", "name": "box", "position": [200, 30], "bounds": [40, 40], "backgroundColor": "#ff0000"},
              {"type": "text", "name": "nothing", "position": [60, 20], "bounds": [120, 40], "string": "\u200b", "foregroundColor": "#000000"},
              {"type": "text", "name": "mark", "position": [60, 60], "bounds": [120, 40], "string": "\u0301\u200b", "foregroundColor": "#000000"},
              {"type": "text", "name": "lines", "position": [120, 150], "bounds": [240, 100], "fontSize": 24,
               "string": "MMM\n\u200b\u200b\nMMM", "foregroundColor": "#0000ff"}]}
            """#, name: "zero-width.json")
        let out = file.deletingLastPathComponent().appendingPathComponent("zero-width.png").path
        let result = try FXProcess.runLimited(["render", file.path, "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        let red = image.count(x: 185..<215, y: 15..<45) { $0[$0.startIndex] > 200 && $0[$0.startIndex + 1] < 50 }
        XCTAssertEqual(red, 900)
        func blue(_ rows: Range<Int>) -> Int {
            image.count(x: 0..<120, y: rows) { $0[$0.startIndex + 2] > 128 && $0[$0.startIndex] < 128 }
        }
        // The lines layer spans y 100…200: its first line, nothing in the second, its third.
        XCTAssertGreaterThan(blue(100..<128), 50)
        XCTAssertEqual(blue(131..<156), 0)
        XCTAssertGreaterThan(blue(156..<186), 50)
    }

    /// Lines starting below the layer's bounds are not drawn (Core Animation draws a text
    /// layer's text inside its bounds); those starting inside are.
    func testLinesBelowTheBoundsAreNotDrawn() throws {
        let file = try FXProcess.writeTemporary(#"""
            {"fx": 1, "canvas": {"size": [200, 200], "background": "#ffffff"}, "layers": [
              {"type": "text", "name": "lines", "position": [100, 40], "bounds": [200, 40], "fontSize": 24,
               "string": "MMM\nMMM\nMMM\nMMM", "foregroundColor": "#000000"}]}
            """#, name: "bounds.json")
        let out = file.deletingLastPathComponent().appendingPathComponent("bounds.png").path
        let result = try FXProcess.runLimited(["render", file.path, "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGFile.read(out)
        func dark(_ rows: Range<Int>) -> Int { image.count(x: 0..<200, y: rows) { $0[$0.startIndex] < 128 } }
        // Bounds y 20…60: the first line (top 20) and the second (top ≈ 48) are drawn, the
        // third (top ≈ 76) and fourth are not.
        XCTAssertGreaterThan(dark(20..<45), 50)
        XCTAssertGreaterThan(dark(50..<75), 50)
        XCTAssertEqual(dark(80..<200), 0)
    }
}
