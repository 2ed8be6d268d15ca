import FXCore
import Foundation
import XCTest

/// The property registry is the one place a key is declared: every key it lists decodes from a
/// file into the model, reads back through its key path, takes a run-time change, and is in
/// the schema; nothing else lists a key it lacks.
final class PropertyRegistryTests: XCTestCase {
    /// A value for `property` that is not its default and lies in its range, as JSON text and
    /// as the value the model then holds.
    private func sample(_ property: PropertyDescriptor) -> (json: String, value: AnimatableValue)? {
        switch property.form {
        case .number, .angle, .integer:
            let number: Double
            switch property.range {
            case .closed(let low, let high): number = min(low + 3, high)
            case .unit: number = 0.25
            // 3 unless that is the default (`shadowRadius`).
            default: number = property.defaultValue == .number(3) ? 4 : 3
            }
            return ("\(number)", .number(number))
        case .boolean:
            guard case .bool(let flag)? = property.defaultValue else { return nil }
            return ("\(!flag)", .bool(!flag))
        case .color: return ("[0.25, 0.5, 0.75, 1]", .color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)))
        case .point: return ("[3, 4]", .point(Point(x: 3, y: 4)))
        case .size: return ("[5, 6]", .size(Size(width: 5, height: 6)))
        case .rect, .bounds: return ("[0, 0.25, 0.5, 0.75]", .rect(Rect(x: 0, y: 0.25, width: 0.5, height: 0.75)))
        case .transform:
            var transform = TransformValue()
            transform.rotationZ = 0.5
            return ("[{\"rotate\": 0.5}]", .transform(transform))
        case .colors: return ("[\"#ff0000\", [0, 1, 0, 1]]", .colors([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0)]))
        case .numbers: return ("[0, 0.5]", .numbers([0, 0.5]))
        default: return nil
        }
    }

    /// The layer JSON and key-path prefix under which `owner`'s properties are written.
    private func host(_ owner: PropertyOwner, key: String, value: String) -> (layer: String, prefix: String)? {
        let member = "\"\(key)\": \(value)"
        switch owner {
        case .layer: return ("{\"name\": \"l\", \(member)}", "l.")
        case .emitterLayer: return ("{\"type\": \"emitter\", \"name\": \"l\", \(member), \"emitterCells\": [{\"name\": \"c\"}]}", "l.")
        case .emitterCell: return ("{\"type\": \"emitter\", \"name\": \"l\", \"emitterCells\": [{\"name\": \"c\", \(member)}]}", "l.emitterCells.c.")
        case .replicatorLayer: return ("{\"type\": \"replicator\", \"name\": \"l\", \(member)}", "l.")
        case .gradientLayer: return ("{\"type\": \"gradient\", \"name\": \"l\", \(member)}", "l.")
        case .shapeLayer: return ("{\"type\": \"shape\", \"name\": \"l\", \(member)}", "l.")
        case .textLayer: return ("{\"type\": \"text\", \"name\": \"l\", \(member)}", "l.")
        case .imageLayer: return ("{\"type\": \"image\", \"name\": \"l\", \(member)}", "l.")
        default: return nil
        }
    }

    func testEveryAnimatablePropertyDecodesReadsBackAndTakesARunTimeChange() throws {
        var checked = 0
        for property in PropertyRegistry.all where property.isAnimatable {
            guard let (json, expected) = sample(property),
                  let (layer, prefix) = host(property.owner, key: property.name, value: json) else {
                // Paths are checked in VectorTests; every other animatable form has a sample.
                XCTAssertEqual(property.form, .path, "\(property) has no sample value")
                continue
            }
            // Text layers name the default font family, which FXCore finds only through a resolver.
            let fonts = MemoryResources(files: ["memory:DejaVuSans.ttf": [0]], fonts: ["DejaVuSans.ttf": "memory:DejaVuSans.ttf"])
            let player = try EffectPlayer(json: "{\"fx\": 1, \"layers\": [\(layer)]}", resources: fonts)
            XCTAssertEqual(try player.value(forKeyPath: prefix + property.name), expected, "\(property) as decoded")
            XCTAssertNotEqual(property.defaultValue, expected, "\(property): the sample must differ from the default")
            // Back to the default at run time, through setValue.
            if let defaultValue = property.defaultValue {
                try player.setValue(defaultValue, forKeyPath: prefix + property.name)
                player.step()
                XCTAssertEqual(try player.value(forKeyPath: prefix + property.name), defaultValue, "\(property) after setValue")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 70)
    }

    func testEveryLayerEnumerationDecodesThroughItsAccessor() throws {
        var checked = 0
        for type in Layer.LayerType.allCases {
            for property in PropertyRegistry.layerProperties(for: type) where property.name != "type" {
                // A name other than the default, so that decoding it is seen.
                guard case .enumeration(let names) = property.form,
                      let last = names.last(where: { $0 != property.choice(on: Layer(type: type)) }) else { continue }
                let layer = try XCTUnwrap(host(property.owner, key: property.name, value: "\"\(last)\""), "\(property)").layer
                let fonts = MemoryResources(files: ["memory:DejaVuSans.ttf": [0]], fonts: ["DejaVuSans.ttf": "memory:DejaVuSans.ttf"])
                let decoded = try EffectDecoder.decode(bytes: Array("{\"fx\": 1, \"layers\": [\(layer)]}".utf8), resources: fonts)
                XCTAssertEqual(property.choice(on: decoded.layers[0]), last, "\(property)")
                XCTAssertNotEqual(property.choice(on: Layer(type: type)), last, "\(property): the sample must differ from the default")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 10)
    }

    func testNumbersOutsideAPropertysRangeAreRefusedInFilesAndAtRunTime() throws {
        let player = try EffectPlayer(json: """
            {"fx": 1, "layers": [{"type": "emitter", "name": "l", "emitterCells": [{"name": "c"}]}]}
            """)
        var refused = 0
        for property in PropertyRegistry.properties(of: .emitterCell) where property.isAnimatable && property.kind == .number {
            let below: Double
            switch property.range {
            case .nonNegative, .positive: below = -1
            case .closed(let low, _): below = low - 1
            default: continue
            }
            XCTAssertThrowsError(try player.setValue(below, forKeyPath: "l.emitterCells.c." + property.name), "\(property)")
            let errors = diagnostics("""
                {"fx": 1, "layers": [{"type": "emitter", "emitterCells": [{"\(property.name)": \(below)}]}]}
                """)
            XCTAssertTrue(errors.contains { $0.path.hasSuffix(".\(property.name)") }, "\(property): \(errors)")
            refused += 1
        }
        XCTAssertGreaterThan(refused, 10)
    }

    func testKeyPathsReachFieldsOfPointsSizesAndRectsAndRefuseWhatIsNotThere() throws {
        let player = try EffectPlayer(json: """
            {"fx": 1, "layers": [{"type": "emitter", "name": "l", "bounds": [1, 2, 30, 40], "emitterSize": [7, 8],
              "emitterCells": [{"name": "c", "contentsRect": [0, 0, 0.5, 1]}]}]}
            """)
        XCTAssertEqual(try player.value(forKeyPath: "l.bounds.size.width"), .number(30))
        XCTAssertEqual(try player.value(forKeyPath: "l.bounds.origin"), .point(Point(x: 1, y: 2)))
        XCTAssertEqual(try player.value(forKeyPath: "l.emitterSize.height"), .number(8))
        XCTAssertEqual(try player.value(forKeyPath: "l.emitterCells.c.contentsRect.size.width"), .number(0.5))
        try player.setValue(12, forKeyPath: "l.emitterSize.width")
        player.step()
        XCTAssertEqual(try player.value(forKeyPath: "l.emitterSize"), .size(Size(width: 12, height: 8)))
        for missing in ["l.bounds.size.depth", "l.position.z", "l.emitterCells.c.lifetime.x", "l.birthRateX", "l.instanceCount"] {
            XCTAssertThrowsError(try player.value(forKeyPath: missing), missing)
        }
    }

    func testTheSchemaHasEveryRegisteredKeyAndNoOther() throws {
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(EffectSchema.json().utf8)) as? [String: Any])
        let definitions = try XCTUnwrap(schema["$defs"] as? [String: Any])
        func keys(_ object: Any?) -> Set<String> {
            Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.filter { $0 != "$schema" } ?? [])
        }
        let owners: [(Any?, [PropertyOwner])] = [
            (schema, [.effect]),
            (definitions["layer"], [.layer, .mediaTiming] + Layer.LayerType.allCases.compactMap(PropertyOwner.layer)),
            (definitions["cell"], [.emitterCell, .mediaTiming]),
            (definitions["animation"], [.animation, .mediaTiming, .basicAnimation, .keyframeAnimation, .springAnimation, .groupAnimation,
                                         .transitionAnimation]),
        ]
        for (object, list) in owners {
            let registered = Set(list.flatMap { PropertyRegistry.properties(of: $0).map(\.name) })
            XCTAssertEqual(keys(object), registered, "\(list)")
        }
        XCTAssertEqual(EffectSchema.untypedKeys, [])
    }

    func testEveryEntryIsDescribedAndNamesItsOrigin() {
        var seen = Set<String>()
        for property in PropertyRegistry.all {
            XCTAssertTrue(seen.insert(property.description).inserted, "\(property) is declared twice")
            XCTAssertFalse(property.summary.isEmpty, "\(property)")
            XCTAssertFalse(property.summary.hasSuffix("."), "\(property): summaries are phrases, the schema adds the stop")
            if let name = property.coreAnimationName { XCTAssertTrue(name.hasPrefix("CA"), "\(property): \(name)") }
            if property.isAnimatable { XCTAssertNotNil(property.kind, "\(property) animates but holds no value") }
            if let spread = property.spreadKey {
                XCTAssertEqual(PropertyRegistry.property(spread, of: property.owner)?.kind, property.kind, "\(property)'s spread \(spread)")
            }
        }
    }
}
