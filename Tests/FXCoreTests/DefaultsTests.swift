import FXCore
import XCTest

/// Defaults as SEMANTICS.md lists them.
final class DefaultsTests: XCTestCase {
    func testCellDefaultsMatchCoreAnimation() throws {
        let fx = try effect(#"{"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{}]}]}"#)
        let layer = fx.layers[0]
        let emitter = try XCTUnwrap(layer.emitter)
        let cell = emitter.emitterCells[0]
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(cell.lifetime, 0)
        XCTAssertEqual(cell.lifetimeRange, 0)
        XCTAssertEqual(cell.velocity, 0)
        XCTAssertEqual(cell.velocityRange, 0)
        XCTAssertEqual(cell.xAcceleration, 0)
        XCTAssertEqual(cell.yAcceleration, 0)
        XCTAssertEqual(cell.zAcceleration, 0)
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.scaleRange, 0)
        XCTAssertEqual(cell.scaleSpeed, 0)
        XCTAssertEqual(cell.spin, 0)
        XCTAssertEqual(cell.spinRange, 0)
        XCTAssertEqual(cell.color, Color(red: 1, green: 1, blue: 1, alpha: 1))
        XCTAssertEqual([cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange], [0, 0, 0, 0])
        XCTAssertEqual([cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed], [0, 0, 0, 0])
        XCTAssertEqual(cell.emissionLongitude, 0)
        XCTAssertEqual(cell.emissionLatitude, 0)
        XCTAssertEqual(cell.emissionRange, 0)
        XCTAssertEqual(cell.contentsRect, Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(cell.contentsScale, 1)
        XCTAssertTrue(cell.enabled)
        XCTAssertNil(cell.contents)
    }

    func testEmitterLayerDefaultsMatchCoreAnimation() throws {
        let fx = try effect(#"{"fx": 1, "layers": [{"type": "emitter"}]}"#)
        let emitter = try XCTUnwrap(fx.layers[0].emitter)
        XCTAssertEqual(emitter.emitterShape, .point)
        XCTAssertEqual(emitter.emitterMode, .volume)
        XCTAssertEqual(emitter.renderMode, .unordered)
        XCTAssertFalse(emitter.preservesDepth)
        XCTAssertEqual([emitter.birthRate, emitter.lifetime, emitter.velocity, emitter.scale, emitter.spin], [1, 1, 1, 1, 1])
        XCTAssertEqual(emitter.seed, 0)
        XCTAssertEqual(fx.layers[0].anchorPoint, Point(x: 0.5, y: 0.5))
        XCTAssertEqual(fx.layers[0].opacity, 1)
    }

    func testEffectDefaults() throws {
        let fx = try effect(#"{"fx": 1, "layers": []}"#)
        XCTAssertEqual(fx.stepRate, 120)
        XCTAssertEqual(fx.maxParticles, 1_000_000)
        XCTAssertEqual(fx.canvas.size, Size(width: 800, height: 600))
        XCTAssertEqual(fx.seed, 0)
        XCTAssertTrue(fx.loop)
    }

    func testValueSyntax() throws {
        let fx = try effect("""
            {"fx": 1, "canvas": {"background": "#f80"}, "layers": [{"type": "emitter", "emitterCells": [
              {"name": "a", "emissionLongitude": "90deg", "color": "#11223344"},
              {"name": "b", "emissionLongitude": 1.5, "color": "rebeccapurple", "spin": "0.5turn"},
              {"name": "c", "color": [0.5, 0.25, 1]}]}]}
            """)
        XCTAssertEqual(fx.canvas.background, Color(red: 1, green: 0x88 / 255, blue: 0))
        let cells = fx.layers[0].emitter!.emitterCells
        XCTAssertEqual(cells[0].emissionLongitude, .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(cells[0].color, Color(red: 0x11 / 255, green: 0x22 / 255, blue: 0x33 / 255, alpha: 0x44 / 255))
        XCTAssertEqual(cells[1].emissionLongitude, 1.5)
        XCTAssertEqual(cells[1].color, Color(red: 0x66 / 255, green: 0x33 / 255, blue: 0x99 / 255))
        XCTAssertEqual(cells[1].spin, .pi, accuracy: 1e-12)
        XCTAssertEqual(cells[2].color, Color(red: 0.5, green: 0.25, blue: 1))
    }
}
