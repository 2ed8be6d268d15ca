import FXCore
import XCTest

/// The registry's typed defaults against what the decoder makes of objects that write none of
/// their keys: a default declared in a descriptor (or read from the model) that the decoder did
/// not produce would be a second, silent truth.
final class PropertyDefaultsTests: XCTestCase {
    /// Every descriptor of `properties` that has a typed default holds it on `model` (decoded
    /// from an object that writes none of them), and every one whose default is an absence is
    /// absent there. Returns how many were checked.
    @discardableResult
    private func assertDefaults<Model>(_ properties: [PropertyDescriptor], on model: Model, skipping: [PropertyDescriptor] = [],
                                       file: StaticString = #filePath, line: UInt = #line) -> Int {
        var checked = 0
        for property in properties where !skipping.contains(property) {
            if let expected = property.defaultValue, let actual = property.value(on: model) {
                XCTAssertEqual(actual, expected, "\(property): the decoder gives \(actual), the registry says \(expected)", file: file, line: line)
                checked += 1
            } else if let expected = property.defaultChoice, let actual = property.choice(on: model) {
                XCTAssertEqual(actual, expected, "\(property): the decoder gives \"\(actual)\", the registry says \"\(expected)\"",
                               file: file, line: line)
                checked += 1
            } else if case .none = property.default, property.value(on: model) != nil || property.choice(on: model) != nil {
                XCTAssertFalse(property.isSet(on: model), "\(property) is absent by default, but the decoder sets it", file: file, line: line)
                checked += 1
            }
        }
        return checked
    }

    private func decode(_ text: String) throws -> Effect {
        let resources = MemoryResources(files: [:], fonts: ["DejaVuSans.ttf": "memory:DejaVuSans.ttf"])
        return try EffectDecoder.decode(bytes: Array(text.utf8), resources: resources)
    }

    func testAnEmptyEffectHoldsTheRegistrysDefaults() throws {
        let effect = try decode(#"{"fx": 1, "canvas": {}, "reducedMotion": {}}"#)
        // `name` defaults to the file's name; the effect decoded from bytes has none.
        XCTAssertEqual(assertDefaults(PropertyRegistry.properties(of: .effect), on: effect, skipping: [EffectKeys.name]), 6)
        XCTAssertEqual(assertDefaults([CanvasKeys.size, CanvasKeys.background], on: effect.canvas), 2)
        XCTAssertEqual(assertDefaults([ReducedMotionKeys.birthRate, ReducedMotionKeys.speed, ReducedMotionKeys.still],
                                      on: try XCTUnwrap(effect.reducedMotion)), 3)
    }

    func testAnEmptyLayerOfEveryTypeHoldsTheRegistrysDefaults() throws {
        for type in Layer.LayerType.allCases {
            let effect = try decode(#"{"fx": 1, "layers": [{"type": "\#(type.rawValue)"}]}"#)
            let layer = try XCTUnwrap(effect.layers.first)
            let properties = PropertyRegistry.layerProperties(for: type)
            XCTAssertGreaterThan(assertDefaults(properties, on: layer, skipping: [LayerKeys.type]), 15, "\(type)")
            XCTAssertEqual(assertDefaults(PropertyRegistry.properties(of: .mediaTiming), on: layer.timing), 8, "\(type)")
        }
    }

    func testAnEmptyCellHoldsTheRegistrysDefaults() throws {
        let effect = try decode(#"{"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{}]}]}"#)
        let cell = try XCTUnwrap(effect.layers.first?.emitter?.emitterCells.first)
        XCTAssertGreaterThan(assertDefaults(PropertyRegistry.properties(of: .emitterCell), on: cell), 55)
        XCTAssertEqual(assertDefaults(PropertyRegistry.properties(of: .mediaTiming), on: cell.timing), 8)
    }

    func testEmptyStructuresHoldTheirMembersDefaults() throws {
        let effect = try decode("""
            {"fx": 1, "layers": [{"type": "emitter",
              "fields": [{"name": "pull", "type": "attractor"}],
              "colliders": [{"name": "floor", "type": "line", "from": [0, 0], "to": [1, 0]}],
              "emitterCells": [{"turbulence": {}, "orbit": {}, "flutter": {}, "spriteFrames": {}, "trail": {"length": 0.5}}]},
             {"type": "layer", "timeOffsetFollowsPointer": {"axis": "x", "from": 0, "to": 100}, "speed": 0},
             {"type": "text", "transitions": [{"time": 1, "string": "b"}]}]}
            """)
        let emitter = try XCTUnwrap(effect.layers[0].emitter)
        let extensions = try XCTUnwrap(emitter.emitterCells.first?.extensions)
        let checks = [
            assertDefaults(EmitterLayerKeys.fields.members, on: try XCTUnwrap(emitter.fields.first),
                           skipping: [ForceFieldKeys.name, ForceFieldKeys.type]),
            assertDefaults(EmitterLayerKeys.colliders.members, on: try XCTUnwrap(emitter.colliders.first), skipping: [ColliderKeys.name]),
            assertDefaults(EmitterCellKeys.turbulence.members, on: try XCTUnwrap(extensions.turbulence)),
            assertDefaults(EmitterCellKeys.orbit.members, on: try XCTUnwrap(extensions.orbit)),
            assertDefaults(EmitterCellKeys.flutter.members, on: try XCTUnwrap(extensions.flutter)),
            assertDefaults(EmitterCellKeys.spriteFrames.members, on: try XCTUnwrap(extensions.spriteFrames)),
            assertDefaults(EmitterCellKeys.trail.members, on: try XCTUnwrap(extensions.trail), skipping: [TrailKeys.length]),
            assertDefaults(LayerKeys.timeOffsetFollowsPointer.members, on: try XCTUnwrap(effect.layers[1].timeOffsetFollowsPointer)),
            assertDefaults(TextLayerKeys.transitions.members, on: try XCTUnwrap(effect.layers[2].contentTransitions.first),
                           skipping: [ContentTransitionKeys.time]),
        ]
        XCTAssertEqual(checks, [5, 3, 4, 5, 5, 4, 4, 0, 3])
    }

    func testAnimationsHoldTheRegistrysDefaults() throws {
        let effect = try decode("""
            {"fx": 1, "layers": [{"type": "layer", "animations": [
              {"type": "basic", "keyPath": "opacity"},
              {"type": "spring", "keyPath": "opacity"},
              {"type": "transition"}]}]}
            """)
        let animations = try XCTUnwrap(effect.layers.first?.animations)
        XCTAssertEqual(assertDefaults(PropertyRegistry.properties(of: .animation), on: animations[0]), 3)
        guard case .spring(let spring) = animations[1].spec, case .transition(let transition) = animations[2].spec else {
            return XCTFail("expected a spring and a transition")
        }
        XCTAssertEqual(assertDefaults(PropertyRegistry.properties(of: .springAnimation), on: spring), 4)
        XCTAssertEqual(assertDefaults(PropertyRegistry.properties(of: .transitionAnimation), on: transition), 4)
    }

    /// The defaults declared as names for keys decoded by code of their own: the decoder's
    /// choice when the key is left out is the registry's.
    func testNamedDefaultsOfKeysDecodedApartAreTheDecoders() throws {
        let effect = try decode("""
            {"fx": 1, "layers": [{"type": "text"}, {"type": "layer", "animations": [
              {"type": "keyframe", "keyPath": "opacity", "values": [0, 1]}]},
             {"type": "emitter", "emitterCells": [{"alphaOverLife": {"values": [1, 0]}}]}]}
            """)
        XCTAssertEqual(KeyframeAnimationKeys.calculationMode.defaultChoice, "linear")
        guard case .keyframe(let keyframes) = try XCTUnwrap(effect.layers[1].animations.first).spec else { return XCTFail("a keyframe animation") }
        XCTAssertEqual(keyframes.calculationMode.rawValue, KeyframeAnimationKeys.calculationMode.defaultChoice)
        XCTAssertNil(effect.layers[1].animations.first?.timingFunction, "no timing function: linear")
        XCTAssertEqual(AnimationKeys.timingFunction.defaultChoice.flatMap { TimingFunction.named[$0] }, .linear)
        let sequence = try XCTUnwrap(effect.layers[2].emitter?.emitterCells.first?.extensions.alphaOverLife)
        XCTAssertEqual(sequence.interpolation.rawValue, LifeSequenceKeys.interpolation.defaultChoice)
        XCTAssertEqual(effect.layers[0].text?.fontPath, "memory:DejaVuSans.ttf")
        XCTAssertEqual(TextLayerKeys.font.defaultChoice, "DejaVu Sans")
    }

    /// A key a behaviour declares for itself (`maxSpeed`) is kept in the cell's behaviour values
    /// under its name: absent while a file does not write it, read as its declared default
    /// then; written, it reads as written.
    func testABehavioursOwnKeyIsKeptUnderItsNameAndReadsItsDefault() throws {
        let effect = try decode("""
            {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"name": "plain"}, {"name": "limited", "maxSpeed": 150}]}]}
            """)
        let cells = try XCTUnwrap(effect.layers.first?.emitter?.emitterCells)
        XCTAssertEqual(cells[0].extensions.behaviorValues, [:])
        XCTAssertEqual(EmitterCellKeys.maxSpeed.value(on: cells[0]), .number(0))
        XCTAssertEqual(EmitterCellKeys.maxSpeed.defaultValue, .number(0))
        XCTAssertEqual(cells[1].extensions.behaviorValues, [EmitterCellKeys.maxSpeed.name: .number(150)])
        XCTAssertEqual(EmitterCellKeys.maxSpeed.value(on: cells[1]), .number(150))
    }

    /// A default read from the model needs somewhere to read it: every descriptor whose default
    /// is the model's reaches a model value or name (so its documentation is a value, not "—").
    func testEveryModelDefaultIsAValue() {
        func all(_ properties: [PropertyDescriptor]) -> [PropertyDescriptor] {
            properties.flatMap { [$0] + all($0.members) }
        }
        for property in all(PropertyRegistry.all) where property.default == .model {
            XCTAssertTrue(property.defaultValue != nil || property.defaultChoice != nil,
                          "\(property) takes its default from the model, but reaches no model value")
        }
    }
}
