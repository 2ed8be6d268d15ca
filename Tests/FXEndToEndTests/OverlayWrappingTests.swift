import FXWindow
import XCTest

/// The window's error overlay wraps a message at spaces.
final class OverlayWrappingTests: XCTestCase {

    func testLinesBreakAtSpacesAndNeverInsideAWord() {
        let message = "live.json:1:27: error: $.layers[0].type: unknown layer type \"emiter\"; did you mean \"emitter\"?"
        let lines = WindowPlayer.wrap(message, columns: 30)
        XCTAssertEqual(lines, ["live.json:1:27: error:", "$.layers[0].type: unknown", "layer type \"emiter\"; did you", "mean \"emitter\"?"])
        XCTAssertTrue(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        // Every word of the message is whole on some line.
        let words = Set(lines.flatMap { $0.split(separator: " ") })
        for word in message.split(separator: " ") { XCTAssertTrue(words.contains(word), "\(word) was cut: \(lines)") }
    }

    func testOnlyAWordWiderThanALineIsCut() {
        XCTAssertEqual(WindowPlayer.wrap("see /a/very/long/path/to/effect.json now", columns: 10),
                       ["see", "/a/very/lo", "ng/path/to", "/effect.js", "on now"])
        XCTAssertEqual(WindowPlayer.wrap("short", columns: 40), ["short"])
        XCTAssertEqual(WindowPlayer.wrap("", columns: 40), [""])
    }
}
