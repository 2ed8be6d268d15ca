import Foundation
import XCTest
import FXCore

/// The JSON Schema's words, which an editor shows on hover: every key is described, with the
/// registry's unit, range, default and Core Animation name, and has examples.
final class SchemaDescriptionTests: XCTestCase {
    /// Every `properties` entry of the schema, by its JSON Pointer-like place, outside the
    /// `if` conditions (which only test a layer's `type`, and are never hovered).
    private func everyProperty() throws -> [(place: String, shape: [String: Any])] {
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(EffectSchema.json().utf8)) as? [String: Any])
        var found: [(String, [String: Any])] = []
        func walk(_ node: Any, _ place: String) {
            if let object = node as? [String: Any] {
                for (key, value) in object where key != "if" {
                    if key == "properties", let properties = value as? [String: Any] {
                        for (name, shape) in properties {
                            found.append((place + "/properties/" + name, shape as? [String: Any] ?? [:]))
                        }
                    }
                    walk(value, place + "/" + key)
                }
            } else if let list = node as? [Any] {
                for (index, element) in list.enumerated() { walk(element, place + "/\(index)") }
            }
        }
        walk(schema, "#")
        return found
    }

    func testEveryKeyHasADescriptionAndExamples() throws {
        let properties = try everyProperty()
        XCTAssertGreaterThan(properties.count, 290, "the walk found too few keys")
        for (place, shape) in properties {
            let description = shape["description"] as? String ?? ""
            XCTAssertGreaterThan(description.count, 10, "\(place) has no description")
            XCTAssertFalse((shape["examples"] as? [Any] ?? []).isEmpty, "\(place) has no examples")
        }
        // Every key whose default a file can write carries it (a required key, "none" or "the
        // file name" has none).
        XCTAssertGreaterThan(properties.filter { $0.shape["default"] != nil }.count, 200, "too few defaults")
    }

    func testDescriptionsCarryTheRegistrysUnitRangeDefaultAndCoreAnimationName() throws {
        let shapes = Dictionary(try everyProperty().map { ($0.place, $0.shape) }, uniquingKeysWith: { first, _ in first })
        func shape(_ place: String) throws -> [String: Any] { try XCTUnwrap(shapes[place], place) }
        let birthRate = try shape("#/$defs/cell/properties/birthRate")
        XCTAssertEqual(birthRate["description"] as? String,
                       "Particles per second (× the layer's `birthRate`). Range: 0…10000000. Unit: 1/s. Default: 0. Core Animation: CAEmitterCell.birthRate.")
        XCTAssertEqual(birthRate["default"] as? Double, 0)
        XCTAssertEqual(birthRate["examples"] as? [Double], [50])
        let shape = try shape("#/$defs/layer/properties/emitterShape")
        XCTAssertEqual(shape["default"] as? String, "point")
        XCTAssertEqual(shape["examples"] as? [String], ["point", "line", "rectangle"])
        XCTAssertEqual(try self.shape(shapes, "#/properties/stepRate")["default"] as? Double, 120)
        XCTAssertEqual(try self.shape(shapes, "#/$defs/animation/properties/timingFunction")["default"] as? String, "linear")
        XCTAssertEqual(try self.shape(shapes, "#/$defs/layer/properties/fillMode")["default"] as? String, "removed")
        XCTAssertEqual(try self.shape(shapes, "#/$defs/layer/properties/shadowOffset")["default"] as? [Double], [0, -3])
        XCTAssertEqual(try self.shape(shapes, "#/$defs/layer/properties/position")["default"] as? [Double], [0, 0])
        let keyPath = try self.shape(shapes, "#/$defs/animation/properties/keyPath")
        XCTAssertTrue((keyPath["examples"] as? [String] ?? []).contains("transform.rotation.z"))
        XCTAssertNil(keyPath["default"], "a required key has no default")
        // fx's own keys say so; structured members are described as their keys are.
        XCTAssertTrue((try self.shape(shapes, "#/$defs/layer/properties/prewarm")["description"] as? String ?? "").hasSuffix("An fx extension."))
        let turbulence = try self.shape(shapes, "#/$defs/cell/properties/turbulence")
        let members = try XCTUnwrap(turbulence["properties"] as? [String: [String: Any]])
        XCTAssertFalse(members.isEmpty)
        for (name, member) in members { XCTAssertNotNil(member["description"], "turbulence.\(name)") }
        // A structure the schema shapes by hand keeps the registry's words.
        let canvas = try self.shape(shapes, "#/properties/canvas")
        XCTAssertTrue((canvas["description"] as? String ?? "").hasPrefix("`{\"size\": [w, h], \"background\": color}` in points."))
        XCTAssertNotNil((canvas["properties"] as? [String: [String: Any]])?["background"]?["description"])
    }

    private func shape(_ shapes: [String: [String: Any]], _ place: String) throws -> [String: Any] {
        try XCTUnwrap(shapes[place], place)
    }
}
