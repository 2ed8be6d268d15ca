import FXCore
import FXEffects
import FXExport
import Foundation
import XCTest

/// The Core Animation tree `fx export` builds from an effect, before any writer prints it:
/// which properties are set (only those that differ from Core Animation's defaults, under Core
/// Animation's names), how the seeds combine, and what fx's own keys become.
final class CoreAnimationTreeTests: XCTestCase {
    private func tree(_ json: String, format: ExportFormat = .swift) throws -> (CoreAnimationDocument, [ExportWarning]) {
        let document = try EffectDocument(bytes: Array(json.utf8), file: "test.json", resources: SystemResources())
        return EffectExport.tree(of: document, format: format)
    }

    /// The root is the canvas; a cell sets only what differs from Core Animation's defaults;
    /// Swift's `isEnabled` is Objective-C's and CAML's `enabled`.
    func testTheRootIsTheCanvasAndOnlyChangedPropertiesAreSet() throws {
        let (document, warnings) = try tree("""
            {"fx": 1, "canvas": {"size": [300, 200], "background": "#102030"}, "layers": [
              {"type": "emitter", "name": "sparks", "emitterPosition": [150, 100], "emitterShape": "circle",
               "emitterCells": [{"name": "spark", "birthRate": 20, "lifetime": 2, "enabled": false, "emissionRange": "180deg"}]}]}
            """)
        XCTAssertEqual(warnings, [])
        let root = document.root
        XCTAssertEqual(root.className, "CALayer")
        XCTAssertEqual(root.property("bounds")?.value, .rect(x: 0, y: 0, width: 300, height: 200))
        XCTAssertEqual(root.property("position")?.value, .point(x: 150, y: 100))
        XCTAssertEqual(root.property("backgroundColor")?.value, .color(Color(red: 16 / 255, green: 32 / 255, blue: 48 / 255, alpha: 1)))
        let layer = try XCTUnwrap(root.children(.sublayers).first)
        XCTAssertEqual(layer.className, "CAEmitterLayer")
        XCTAssertEqual(layer.variableName, "sparksLayer")
        XCTAssertEqual(layer.properties.map(\.name), ["name", "emitterPosition", "emitterShape"])
        XCTAssertEqual(layer.property("emitterShape")?.value, .enumeration(.emitterShape, "circle"))
        let cell = try XCTUnwrap(layer.children(.emitterCells).first)
        XCTAssertEqual(cell.variableName, "sparkCell")
        XCTAssertEqual(cell.properties.map(\.name), ["name", "enabled", "birthRate", "lifetime", "emissionRange"])
        XCTAssertEqual(cell.property("enabled")?.swiftName, "isEnabled")
        XCTAssertEqual(cell.property("emissionRange")?.value, .number(Double.pi))
    }

    /// The effect's seed and the layer's add into CAEmitterLayer.seed, and the engine combines
    /// them the same way: the effect with its seed moved into the layer gives the same particles.
    func testTheSeedsAddAndTheEngineAgrees() throws {
        func effect(seed: Int, layerSeed: Int) -> String {
            """
            {"fx": 1, "seed": \(seed), "canvas": {"size": [200, 200]}, "layers": [
              {"type": "emitter", "name": "e", "seed": \(layerSeed), "emitterPosition": [100, 100],
               "emitterCells": [{"name": "c", "birthRate": 50, "lifetime": 3, "velocity": 40, "emissionRange": 3.14}]}]}
            """
        }
        let (document, _) = try tree(effect(seed: 4_000_000_000, layerSeed: 500_000_000))
        let layer = try XCTUnwrap(document.root.children(.sublayers).first)
        XCTAssertEqual(layer.property("seed")?.value, .integer((4_000_000_000 + 500_000_000) % (1 << 32)))
        let folder = FXProcess.temporaryDirectory()
        let split = folder.appendingPathComponent("split.json"), moved = folder.appendingPathComponent("moved.json")
        try Data(effect(seed: 4_000_000_000, layerSeed: 500_000_000).utf8).write(to: split)
        try Data(effect(seed: 0, layerSeed: (4_000_000_000 + 500_000_000) % (1 << 32)).utf8).write(to: moved)
        let a = try FXProcess.run(["hash", split.path, "--time", "1"]), b = try FXProcess.run(["hash", moved.path, "--time", "1"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        let other = try FXProcess.run(["hash", split.path, "--time", "1", "--seed", "1"])
        XCTAssertNotEqual(a.stdout, other.stdout, "another seed must give other particles")
    }

    /// fx's own keys: prewarm becomes a negative beginTime; in code a linear fade over life
    /// becomes alphaSpeed and damping is dropped; in CAML both become CAEmitterBehaviors; each
    /// approximated or dropped key is warned once, at its line.
    func testOwnKeysAreApproximatedOrDroppedWithAWarningEach() throws {
        let json = """
            {"fx": 1, "layers": [
              {"type": "emitter", "name": "e", "prewarm": 2,
               "emitterCells": [{"name": "c", "birthRate": 10, "lifetime": 4, "color": [1, 1, 1, 0.5],
                 "alphaOverLife": {"values": [1, 0]},
                 "linearDamping": 0.5,
                 "trail": {"length": 0.2}}]}]}
            """
        let (code, codeWarnings) = try tree(json)
        let layer = try XCTUnwrap(code.root.children(.sublayers).first)
        XCTAssertEqual(layer.property("beginTime")?.value, .number(-2))
        let cell = try XCTUnwrap(layer.children(.emitterCells).first)
        XCTAssertEqual(cell.property("alphaSpeed")?.value, .number(-0.25))
        XCTAssertTrue(cell.children(.emitterBehaviors).isEmpty)
        XCTAssertEqual(codeWarnings.map(\.key), ["e.prewarm", "e.emitterCells.c.alphaOverLife", "e.emitterCells.c.linearDamping",
                                                 "e.emitterCells.c.trail"])
        XCTAssertEqual(codeWarnings.map(\.line), [2, 4, 5, 6])
        XCTAssertEqual(codeWarnings.map { $0.message.prefix(12) }, ["approximated", "approximated", "dropped: Cor", "dropped: Cor"])

        let (caml, camlWarnings) = try tree(json, format: .caml)
        let camlCell = try XCTUnwrap(caml.root.children(.sublayers).first?.children(.emitterCells).first)
        XCTAssertNil(camlCell.property("alphaSpeed"))
        let behaviors = camlCell.children(.emitterBehaviors)
        XCTAssertEqual(behaviors.map { $0.property("type")?.value }, [.string("drag"), .string("valueOverLife")])
        XCTAssertEqual(behaviors[0].property("drag")?.value, .number(0.5))
        XCTAssertEqual(behaviors[1].property("keyPath")?.value, .string("color.alpha"))
        XCTAssertEqual(behaviors[1].property("values")?.value, .numbers([1, 0]))
        XCTAssertEqual(camlWarnings.map(\.key), ["e.prewarm", "e.emitterCells.c.trail"])
    }
}
