import FXCore
import XCTest

/// Hostile or odd effect files: bounded work, stable names, clear errors.
final class RobustnessTests: XCTestCase {
    func testLayerNamesAreUniqueStableAndNeverCollideWithWrittenNames() throws {
        let fx = try effect("""
            {"fx": 1, "layers": [{"type": "emitter", "name": "burst"}, {"type": "emitter", "name": "burst", "hidden": true},
                                 {"type": "emitter", "name": "burst#2"}, {"type": "emitter", "name": "burst"}]}
            """)
        XCTAssertEqual(fx.layers.map(\.identifier), ["burst", "burst#3", "burst#2", "burst#4"])
        // Hidden emitters are simulated too (an animation may show them), under the same names.
        XCTAssertEqual(World(effect: fx).emitters.map(\.name), ["burst", "burst#3", "burst#2", "burst#4"])
        XCTAssertEqual(fx.presentationLayers(at: 0).map(\.name), ["burst", "burst#2", "burst#4"])
    }

    func testContentsRectMustLieInsideTheImage() {
        let found = diagnostics(#"{"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"contentsRect": [0.5, 0, 1, 1]}]}]}"#)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].path, "$.layers[0].emitterCells[0].contentsRect")
    }

    func testDurationIsBoundedAndTimeSaturates() throws {
        XCTAssertEqual(diagnostics(#"{"fx": 1, "duration": 1e300, "layers": []}"#).first?.path, "$.duration")
        let world = World(effect: try effect(#"{"fx": 1, "layers": []}"#))
        XCTAssertEqual(world.tick(for: 1e300), Int(Effect.maxDuration * 120))
        XCTAssertEqual(world.tick(for: .nan), 0)
    }

    func testAbsurdParticlesAreNotDrawn() throws {
        let fx = try effect(singleCellEffect(cell: "\"birthRate\": 10, \"lifetime\": 5, \"scale\": 100000, \"spin\": 0.3"))
        let world = World(effect: fx)
        world.stepForward(to: 1)
        let list = DrawList()
        DrawListBuilder().build(world, into: list)
        XCTAssertEqual(list.quadCount, 0)
    }

    func testLongStringsGetNoQuadraticSuggestionsAndAreShortenedInMessages() {
        let long = String(repeating: "x", count: 200_000)
        let found = diagnostics("{\"fx\": 1, \"canvas\": {\"background\": \"\(long)\"}, \"layers\": []}")
        XCTAssertEqual(found.count, 1)
        XCTAssertLessThan(found[0].description.count, 300)
        XCTAssertNil(found[0].suggestion)
    }

    func testNumbersBeyondAMillionMillionAreRejected() {
        let found = diagnostics(#"{"fx": 1, "layers": [{"bounds": [1e19, 1e19], "backgroundColor": "red"}, {"type": "shape", "path": "M 0 0 L 1e300 1e300"}]}"#)
        XCTAssertEqual(found.map(\.path), ["$.layers[0].bounds", "$.layers[1].path"])
        XCTAssertTrue(found.allSatisfy { $0.message.contains("±1e9") }, found.map(\.message).joined(separator: "\n"))
    }

    func testHugeGeometryRasterizesWithoutOverflow() {
        let mask = PathRasterizer.coverage(of: [[Point(x: -1e300, y: -1e300), Point(x: 1e300, y: -1e300), Point(x: 0, y: 1e300)]],
                                           rule: .nonZero, clip: (x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(mask.width, 10)
    }
}
