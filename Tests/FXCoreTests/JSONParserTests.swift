import FXCore
import XCTest

final class JSONParserTests: XCTestCase {
    func testValuesAndLocations() throws {
        let bytes = Array("{\n  \"a\": [1, -2.5e1, true, null],\n  \"é\": \"x\\u00e9\\ud83d\\ude00\"\n}".utf8)
        let root = try JSONParser.parse(bytes)
        guard case .object(let members) = root.value else { return XCTFail() }
        XCTAssertEqual(members.map(\.key), ["a", "é"])
        XCTAssertEqual(members[0].keyLocation.line, 2)
        XCTAssertEqual(members[0].keyLocation.column(in: bytes), 3)
        guard case .array(let elements) = members[0].value.value else { return XCTFail() }
        XCTAssertEqual(elements.map(\.value), [.number(1), .number(-25), .bool(true), .null])
        XCTAssertEqual(members[1].value.value, .string("xé😀"))
        // Columns count characters: "é" is two bytes but one column.
        XCTAssertEqual(members[1].value.location.column(in: bytes), 8)
    }

    func testRejectsWhatJSONDoesNotAllow() {
        for text in ["", "{", "{\"a\" 1}", "[1,]", "{'a': 1}", "01", "1.", "\"\u{01}\"", "[1] 2", "\"\\x\"", "tru", "{\"a\":1,}"] {
            XCTAssertThrowsError(try JSONParser.parse(Array(text.utf8)), "accepted \(text.debugDescription)")
        }
    }

    func testInvalidUTF8IsAnError() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]))
    }
}
