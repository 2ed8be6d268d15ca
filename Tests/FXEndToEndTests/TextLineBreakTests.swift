import FXCore
import FXSDL
import Foundation
import XCTest

/// A text layer's line breaks and its string's limit, through the real binary: `\r\n` and a lone
/// `\r` break lines as `\n` does (Core Text takes CR LF as one break), in the layer's own string
/// and in a scheduled change's; and a scheduled change's `string` has the limit of the layer's
/// own, 10 000 characters.
final class TextLineBreakTests: XCTestCase {
    /// A text layer whose string is `string`, or is changed to it at time 0 by a scheduled change.
    private func effect(_ string: String, scheduled: Bool = false) -> String {
        let escaped = string.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        let text = scheduled ? #""string": "-", "transitions": [{"time": 0, "string": "\#(escaped)", "duration": 0}]"#
            : #""string": "\#(escaped)""#
        return """
            {"fx": 1, "canvas": {"size": [200, 160], "background": "#ffffff"}, "duration": 1, "previewTime": 0.5,
             "layers": [{"type": "text", "name": "lines", "position": [100, 80], "bounds": [200, 160], "fontSize": 30,
               "foregroundColor": "#000000", \(text)}]}
            """
    }

    private func render(_ json: String, name: String) throws -> RGBAImage {
        let folder = FXProcess.temporaryDirectory()
        let file = folder.appendingPathComponent(name + ".json")
        try Data(json.utf8).write(to: file)
        let out = folder.appendingPathComponent(name + ".png").path
        let result = try FXProcess.run(["render", file.path, "--out", out])
        XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        return try PNGFile.read(out)
    }

    func testCarriageReturnsBreakLinesAsLineFeedsDo() throws {
        let lineFeed = try render(effect("MMM\nWWW"), name: "lf")
        // Two lines: ink in the first line's band and in the second's (a line is about 35 pt).
        let ink = { (rows: Range<Int>) in lineFeed.count(x: 0..<200, y: rows) { $0[$0.startIndex] < 128 } }
        XCTAssertGreaterThan(ink(0..<35), 100)
        XCTAssertGreaterThan(ink(36..<70), 100)
        for (name, string) in [("crlf", "MMM\r\nWWW"), ("cr", "MMM\rWWW")] {
            XCTAssertEqual(try render(effect(string), name: name).pixels, lineFeed.pixels, "\(name) breaks lines as \\n does")
            XCTAssertEqual(try render(effect(string, scheduled: true), name: name + "-scheduled").pixels, lineFeed.pixels,
                           "\(name) in a scheduled change breaks lines as \\n does")
        }
        // CR LF is one break, not two: no empty line between.
        XCTAssertNotEqual(try render(effect("MMM\n\nWWW"), name: "two").pixels, lineFeed.pixels)
    }

    func testAScheduledChangesStringHasTheLayersLimit() throws {
        let folder = FXProcess.temporaryDirectory()
        let long = folder.appendingPathComponent("long.json")
        try Data(effect(String(repeating: "a", count: 10_001), scheduled: true).utf8).write(to: long)
        let refused = try FXProcess.run(["validate", long.path])
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        let output = refused.stdout + refused.stderr
        XCTAssertTrue(output.contains("$.layers[0].transitions[0].string"), output)
        XCTAssertTrue(output.contains("at most 10 000 characters expected, got 10 001 characters"), output)
        // The layer's own string: the same limit and words.
        let own = folder.appendingPathComponent("own.json")
        try Data(effect(String(repeating: "a", count: 10_001)).utf8).write(to: own)
        let ownRun = try FXProcess.run(["validate", own.path])
        XCTAssertEqual(ownRun.status, 1)
        XCTAssertTrue((ownRun.stdout + ownRun.stderr).contains("$.layers[0].string"), ownRun.stdout + ownRun.stderr)
        XCTAssertTrue((ownRun.stdout + ownRun.stderr).contains("at most 10 000 characters expected"), ownRun.stdout + ownRun.stderr)
        // 10 000 characters are accepted; they are counted as JSON Schema counts them (an accent
        // written as a combining mark is a character of its own), so the schema agrees.
        let longest = folder.appendingPathComponent("longest.json")
        try Data(effect(String(repeating: "e\u{301}", count: 5_000), scheduled: true).utf8).write(to: longest)
        let accepted = try FXProcess.run(["validate", longest.path])
        XCTAssertEqual(accepted.status, 0, accepted.stdout + accepted.stderr)
        let combining = folder.appendingPathComponent("combining.json")
        try Data(effect(String(repeating: "e\u{301}", count: 5_000) + "x", scheduled: true).utf8).write(to: combining)
        let tooMany = try FXProcess.run(["validate", combining.path])
        XCTAssertEqual(tooMany.status, 1, tooMany.stdout + tooMany.stderr)
    }
}
