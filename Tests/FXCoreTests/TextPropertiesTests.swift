import FXCore
import XCTest

/// A text layer's line breaks and string limit, as the model and the registry declare them.
final class TextPropertiesTests: XCTestCase {
    func testLinesBreakAtLineFeedCarriageReturnAndBoth() {
        XCTAssertEqual(TextProperties.lines(of: "a\nb\r\nc\rd"), ["a", "b", "c", "d"])
        // CR LF is one break; LF CR is two (an empty line between).
        XCTAssertEqual(TextProperties.lines(of: "a\r\n\r\nb"), ["a", "", "b"])
        XCTAssertEqual(TextProperties.lines(of: "a\n\rb"), ["a", "", "b"])
        XCTAssertEqual(TextProperties.lines(of: ""), [""])
        XCTAssertEqual(TextProperties.lines(of: "a\r"), ["a", ""])
        // A combining mark after a break starts the next line; it does not join the break.
        XCTAssertEqual(TextProperties.lines(of: "a\r\n\u{301}b"), ["a", "\u{301}b"])
    }

    func testBothStringsDeclareTheTextLimit() {
        XCTAssertEqual(TextLayerKeys.string.maxLength, TextProperties.maxStringLength)
        XCTAssertEqual(ContentTransitionKeys.string.maxLength, TextProperties.maxStringLength)
        XCTAssertNil(ContentTransitionKeys.contents.maxLength)
    }
}
