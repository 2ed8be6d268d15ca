import FXCore
import XCTest

/// Every mistake gets a message with file:line:column, the JSON path, what was expected, and a
/// suggestion where one can be made.
final class DecodingErrorTests: XCTestCase {
    func testUnknownKeySuggestsTheNearestKey() {
        let json = """
            {"fx": 1, "layers": [
              {"type": "emitter", "emitterCells": [
                {"name": "blue", "birthrate": 30}]}]}
            """
        let found = diagnostics(json)
        XCTAssertEqual(found.count, 1)
        let message = found[0].description
        XCTAssertEqual(found[0].line, 3)
        XCTAssertEqual(found[0].column, 22)
        XCTAssertEqual(found[0].path, "$.layers[0].emitterCells[0].birthrate")
        XCTAssertTrue(message.hasPrefix("bad.json:3:22: error: $.layers[0].emitterCells[0].birthrate: unknown key \"birthrate\""), message)
        XCTAssertTrue(message.contains("did you mean \"birthRate\"?"), message)
    }

    func testWrongTypeSaysWhatWasExpected() {
        let found = diagnostics(#"{"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"velocity": "fast"}]}]}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].path, "$.layers[0].emitterCells[0].velocity")
        XCTAssertTrue(found[0].message.contains("expected a number, got \"fast\""), found[0].message)
        XCTAssertEqual(found[0].line, 1)
        XCTAssertEqual(found[0].column, 72)
    }

    func testNegativeBirthRate() {
        let found = diagnostics(#"{"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": -3}]}]}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].path, "$.layers[0].emitterCells[0].birthRate")
        XCTAssertTrue(found[0].message.contains("≥ 0") || found[0].message.contains("in 0…"), found[0].message)
        XCTAssertTrue(found[0].message.contains("-3"), found[0].message)
    }

    func testNaNAndInfinityAreRejectedWithAPosition() {
        for literal in ["NaN", "Infinity", "-Infinity", "1e999"] {
            let found = diagnostics("{\"fx\": 1,\n \"duration\": \(literal)}")
            XCTAssertEqual(found.count, 1, literal)
            XCTAssertEqual(found.first?.line, 2, literal)
            XCTAssertEqual(found.first?.column, 14, literal)
            XCTAssertTrue(found.first?.message.contains("finite") == true || found.first?.message.contains("too large") == true,
                          found.first?.message ?? "")
        }
    }

    func testMissingFormatVersion() {
        let found = diagnostics(#"{"layers": []}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("missing \"fx\""), found[0].message)
        XCTAssertEqual(found[0].suggestion, "add \"fx\": 1 as the first key")
    }

    func testEveryProblemIsReportedNotJustTheFirst() {
        let found = diagnostics("""
            {"fx": 1, "stepRate": 0, "layers": [{"type": "emitter", "emitterShape": "circel",
              "emitterCells": [{"lifetime": -1, "color": "#12345z", "contents": "sparkel"}]}]}
            """)
        let paths = found.map(\.path)
        XCTAssertEqual(paths, ["$.stepRate", "$.layers[0].emitterShape", "$.layers[0].emitterCells[0].lifetime",
                               "$.layers[0].emitterCells[0].color", "$.layers[0].emitterCells[0].contents"])
        XCTAssertEqual(found[1].suggestion, "did you mean \"circle\"?")
        XCTAssertEqual(found[4].suggestion, "did you mean \"spark\"?")
        // The bad hex digit is pointed at inside the string: the "z" of "#12345z" is at column 53.
        XCTAssertEqual(found[3].column, 53)
        XCTAssertTrue(found[3].message.contains("not a hex digit"), found[3].message)
    }

    func testSyntaxErrorsHaveLineAndColumn() {
        let found = diagnostics("{\"fx\": 1,\n  \"layers\": [1, 2,]\n}")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].line, 2)
        XCTAssertEqual(found[0].column, 19)
        XCTAssertTrue(found[0].message.contains("trailing comma"), found[0].message)
    }

    func testColorsOutOfUnitRangeSuggestTheScaledValue() {
        let found = diagnostics(#"{"fx": 1, "canvas": {"background": [255, 128, 0]}, "layers": []}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].suggestion, "did you mean [1, 0.502, 0]? (components are 0…1, not 0…255)")
    }

    func testDuplicateCellNamesAndUnknownLayerType() {
        let found = diagnostics("""
            {"fx": 1, "layers": [{"type": "emiter"}, {"type": "emitter", "emitterCells": [{"name": "a"}, {"name": "a"}]}]}
            """)
        XCTAssertEqual(found.count, 2)
        XCTAssertEqual(found[0].suggestion, "did you mean \"emitter\"?")
        XCTAssertTrue(found[1].message.contains("also named \"a\""), found[1].message)
    }

    func testHostileNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let found = diagnostics("{\"fx\": 1, \"layers\": \(deep)}")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("nesting deeper"), found[0].message)
    }

    func testSuspiciousValuesAreWarnings() throws {
        let fx = try effect(#"{"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": 10, "contents": "circle"}]}]}"#)
        XCTAssertEqual(fx.warnings.count, 1)
        XCTAssertEqual(fx.warnings[0].severity, .warning)
        XCTAssertTrue(fx.warnings[0].message.contains("lifetime 0"), fx.warnings[0].message)
    }
}
