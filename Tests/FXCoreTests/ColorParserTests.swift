import FXCore
import XCTest

/// The hex spellings CSS accepts, read as CSS reads them.
final class ColorParserTests: XCTestCase {

    func testEveryCSSHexLengthParsesAsCSSReadsIt() throws {
        // The short forms double each digit: #f80c is #ff8800cc, #f80 is #ff8800.
        let long = try ColorParser.parse("#ff8800cc").get()
        XCTAssertEqual(try ColorParser.parse("#f80c").get(), long)
        XCTAssertEqual(try ColorParser.parse("#F80C").get(), long)
        XCTAssertEqual(long, Color(red: 1, green: 0x88 / 255, blue: 0, alpha: 0xcc / 255))
        XCTAssertEqual(try ColorParser.parse("#f80").get(), try ColorParser.parse("#ff8800").get())
        XCTAssertEqual(try ColorParser.parse("#f80").get().alpha, 1)
        XCTAssertEqual(try ColorParser.parse("#0000").get(), Color(red: 0, green: 0, blue: 0, alpha: 0))
    }

    func testOtherLengthsAreRejectedNamingTheFourThatWork() {
        for text in ["#", "#12", "#12345", "#1234567", "#123456789"] {
            guard case .failure(let error) = ColorParser.parse(text) else { return XCTFail("\(text) parsed") }
            XCTAssertTrue(error.message.contains("3, 4, 6 or 8 digits"), error.message)
        }
    }

    func testAFourDigitColorLoadsFromAnEffectFile() throws {
        let effect = try EffectDecoder.decode(bytes: Array(##"{"fx": 1, "canvas": {"size": [10, 10], "background": "#0f08"}, "layers": []}"##.utf8))
        XCTAssertEqual(effect.canvas.background, Color(red: 0, green: 1, blue: 0, alpha: 0x88 / 255))
    }
}
