import Foundation
import XCTest
import FXCore

/// Core Animation's undocumented emitter keys that real `.ca` documents set (issue 33): the ones
/// fx has a feature for load under Core Animation's names onto it; the others are named with
/// what fx lacks, and docs/core-animation.md lists every one.
final class CoreAnimationEmitterKeysTests: XCTestCase {
    private func cell(_ keys: String, layer: String = "") throws -> (cell: EmitterCell, warnings: [Diagnostic]) {
        let loaded = try effect(singleCellEffect(cell: "\"birthRate\": 10, \"lifetime\": 2, \(keys)", layer: layer))
        return (try XCTUnwrap(loaded.layers.first?.emitter?.emitterCells.first), loaded.warnings)
    }

    private func messages(_ keys: String, layer: String = "") -> String {
        diagnostics(singleCellEffect(cell: "\"birthRate\": 10, \"lifetime\": 2" + (keys.isEmpty ? "" : ", " + keys), layer: layer))
            .map { "\($0.path): \($0.message)" }.joined(separator: "\n")
    }

    // MARK: - Sprite sheets

    func testSequentialContentsFramesPlayAsSpriteFrames() throws {
        let sequential = try cell("\"contentsFrameCount\": 6, \"contentsFramesPerRow\": 4, \"contentsFrameMode\": \"sequential\", \"contentsFramesPerSecond\": 8")
        XCTAssertEqual(sequential.cell.extensions.spriteFrames, SpriteFrames(columns: 4, rows: 2, count: 6, framesPerSecond: 8))
        // No frame rate: once over the particle's life.
        let overLife = try cell("\"contentsFrameCount\": 3, \"contentsFramesPerRow\": 3, \"contentsFrameMode\": \"sequential\"")
        XCTAssertEqual(overLife.cell.extensions.spriteFrames, SpriteFrames(columns: 3, rows: 1, count: 3, framesPerSecond: nil))
    }

    /// `single`, Core Animation's default, shows one frame: fx shows the first (and says the
    /// frame rate does nothing).
    func testSingleShowsTheFirstFrame() throws {
        let single = try cell("\"contentsFrameCount\": 4, \"contentsFramesPerRow\": 2, \"contentsFramesPerSecond\": 10")
        XCTAssertEqual(single.cell.extensions.spriteFrames, SpriteFrames(columns: 2, rows: 2, count: 1, framesPerSecond: nil))
        XCTAssertEqual(single.warnings.map(\.path), ["$.layers[0].emitterCells[0].contentsFramesPerSecond"])
    }

    func testRandomFramesAndBothSpellingsAreRefused() {
        XCTAssertTrue(messages("\"contentsFrameCount\": 4, \"contentsFrameMode\": \"random\"").contains("is not one fx has"))
        XCTAssertTrue(messages("\"contentsFrameCount\": 4, \"spriteFrames\": {\"columns\": 2, \"rows\": 2}")
            .contains("contentsFrameCount is Core Animation's name for a part of \"spriteFrames\""))
    }

    func testPlaneParticlesAreDrawnAsSpritesWithAWarning() throws {
        XCTAssertEqual(try cell("\"particleType\": \"plane\"").warnings.map(\.path), ["$.layers[0].emitterCells[0].particleType"])
        XCTAssertTrue(try cell("\"particleType\": \"point\"").warnings.isEmpty)
        XCTAssertTrue(messages("\"particleType\": \"cube\"").contains("particleType"))
    }

    // MARK: - emitterBehaviors

    func testACellsBehaviorsBecomeItsKeys() throws {
        let mapped = try cell("""
            "scale": 0.5, "emitterBehaviors": [
              {"type": "drag", "drag": 0.5}, {"type": "drag", "drag": 0.25},
              {"type": "valueOverLife", "keyPath": "scale", "values": [0.5, 1, 0]},
              {"type": "valueOverLife", "keyPath": "color.alpha", "values": [1, 0], "locations": [0.2, 1]},
              {"type": "alignToMotion", "rotation": 0.25},
              {"type": "colorOverLife", "name": "off", "enabled": false, "colors": ["#ff0000"]}]
            """)
        let extensions = mapped.cell.extensions
        // Drags add: forces −d·v on a mass of 1.
        XCTAssertEqual(extensions.linearDamping, 0.75)
        // Core Animation's scales replace the scale; fx's are factors of the cell's 0.5.
        XCTAssertEqual(extensions.scaleOverLife?.values, [1, 2, 0])
        XCTAssertEqual(extensions.scaleOverLife?.times, [0, 0.5, 1])
        XCTAssertEqual(extensions.alphaOverLife?.values, [1, 0])
        XCTAssertEqual(extensions.alphaOverLife?.times, [0.2, 1])
        XCTAssertTrue(extensions.alignsToVelocity)
        XCTAssertNil(extensions.colorOverLife, "a disabled behavior is left out")
        XCTAssertTrue(mapped.warnings.isEmpty, "\(mapped.warnings)")
    }

    /// Core Animation turns the image's y axis to the motion: fx, its x axis — a quarter turn
    /// apart unless `rotation` is 0.25.
    func testAlignToMotionWarnsOfTheQuarterTurn() throws {
        let aligned = try cell("\"emitterBehaviors\": [{\"type\": \"alignToMotion\"}]")
        XCTAssertTrue(aligned.cell.extensions.alignsToVelocity)
        XCTAssertEqual(aligned.warnings.count, 1)
        XCTAssertTrue(aligned.warnings[0].message.contains("0.25 turns off"), aligned.warnings[0].message)
    }

    /// A layer's behaviors act on every cell and sub-cell that does not set the same key.
    func testALayersBehaviorsReachEveryCellThatLeavesTheKeyUnset() throws {
        let loaded = try effect("""
            {"fx": 1, "canvas": {"size": [400, 300]},
             "layers": [{"type": "emitter", "name": "e",
               "emitterBehaviors": [{"type": "colorOverLife", "colors": ["#ffffff", "#ff000000"]}, {"type": "drag", "drag": 2}],
               "emitterCells": [
                 {"name": "a", "birthRate": 1, "lifetime": 1, "emitterCells": [{"name": "sub", "birthRate": 1, "lifetime": 1}]},
                 {"name": "b", "birthRate": 1, "lifetime": 1, "linearDamping": 0.1, "colorOverLife": {"values": ["#00ff00"]}}]}]}
            """)
        let cells = try XCTUnwrap(loaded.layers.first?.emitter?.emitterCells)
        XCTAssertEqual(cells[0].extensions.colorOverLife?.values, [Color(red: 1, green: 1, blue: 1, alpha: 1), Color(red: 1, green: 0, blue: 0, alpha: 0)])
        XCTAssertEqual(cells[0].extensions.linearDamping, 2)
        XCTAssertEqual(cells[0].emitterCells[0].extensions.linearDamping, 2)
        XCTAssertNotNil(cells[0].emitterCells[0].extensions.colorOverLife)
        XCTAssertEqual(cells[1].extensions.linearDamping, 0.1)
        XCTAssertEqual(cells[1].extensions.colorOverLife?.values, [Color(red: 0, green: 1, blue: 0, alpha: 1)])
    }

    func testBehaviorsFXDoesNotHaveAreNamed() {
        let text = messages("", layer: """
            "emitterBehaviors": [{"type": "attractor", "attractorType": "radial", "stiffness": 10, "radius": 300, "falloff": -290},
                                 {"type": "wave", "force": [0, 500, 0], "frequency": 3}, {"type": "light"}]
            """)
        XCTAssertTrue(text.contains("an attractor behavior (Core Animation's spring pull"), text)
        XCTAssertTrue(text.contains("a wave behavior"), text)
        XCTAssertTrue(text.contains("a light behavior"), text)
        XCTAssertFalse(text.contains("unknown key"), "a missing behavior's own keys are not listed one by one: \(text)")
        XCTAssertTrue(messages("\"emitterBehaviors\": [{\"type\": \"valueOverLife\", \"keyPath\": \"spin\", \"values\": [1]}]")
            .contains("fx has values over life only for color.alpha and scale"))
        XCTAssertTrue(messages("\"linearDamping\": 1, \"emitterBehaviors\": [{\"type\": \"drag\", \"drag\": 1}]")
            .contains("which it also writes"))
        XCTAssertTrue(messages("\"emitterBehaviors\": [{\"type\": \"drag\", \"colors\": [\"#fff\"]}]")
            .contains("a drag behavior has no \"colors\""))
    }

    // MARK: - What fx does not have

    func testCoreAnimationKeysFXLacksAreNamedNotUnknown() {
        for (keys, layer, name) in [("\"mass\": 3", "", "mass"), ("\"orientationRange\": 3.14", "", "orientationRange"),
                                    ("", "\"spinBias\": 1", "spinBias"), ("", "\"cullRect\": [0, 0, 10, 10]", "cullRect")] {
            let text = messages(keys, layer: layer)
            XCTAssertTrue(text.contains("\"\(name)\" is Core Animation's"), text)
            XCTAssertFalse(text.contains("unknown key"), text)
        }
    }

    /// Every Core Animation emitter key fx maps or lacks is in docs/core-animation.md.
    func testTheDocsListEveryKey() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/core-animation.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let names = PropertyRegistry.coreAnimationGaps.map(\.name)
            + [EmitterCellKeys.contentsFrameCount, EmitterCellKeys.contentsFramesPerRow, EmitterCellKeys.contentsFramesPerSecond,
               EmitterCellKeys.contentsFrameMode, EmitterCellKeys.particleType, EmitterCellKeys.emitterBehaviors].map(\.name)
            + EmitterBehaviorType.allCases.map(\.rawValue)
        for name in names {
            XCTAssertTrue(text.contains("`\(name)`"), "docs/core-animation.md does not name `\(name)`")
        }
    }
}
