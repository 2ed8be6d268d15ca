import FXCore
import Foundation
import XCTest

/// Structured keys declared member by member in the registry (`spriteFrames`,
/// `timeOffsetFollowsPointer`, and lists of named objects such as an emitter's `fields`): read
/// member by member from the file's text as the panel shows them (``StructuredValue``), and
/// edited there — a member's token replaced or inserted, a key or a list's element removed, an
/// element appended — each as a minimal patch that still loads.
final class StructuredKeyEditingTests: XCTestCase {
    private let sprites = """
        {"fx": 1, "name": "sprites", "canvas": {"size": [300, 200]}, "layers": [
          {"type": "emitter", "name": "wand", "emitterPosition": [150, 100], "emitterCells": [
            {"name": "twinkle", "contents": "square", "birthRate": 10, "lifetime": 1,
             "spriteFrames": { "columns": 4, "rows": 1, "framesPerSecond": 10 }},
            {"contents": "disc", "birthRate": 5, "lifetime": 1, "spriteFrames": {"columns": 2}}
          ]}
        ]}
        """

    private func document(_ text: String) throws -> EffectDocument {
        try EffectDocument(bytes: Array(text.utf8), file: "test.json")
    }

    private func text(_ document: EffectDocument) -> String { String(decoding: document.bytes, as: UTF8.self) }

    private func frames(_ document: EffectDocument, cell index: Int = 0) throws -> SpriteFrames {
        try XCTUnwrap(document.effect.layers.first?.emitter?.emitterCells[index].extensions.spriteFrames)
    }

    private func spriteFrames() throws -> PropertyDescriptor {
        try XCTUnwrap(PropertyRegistry.properties(of: .emitterCell).first { $0.name == "spriteFrames" })
    }

    func testMembersAreSetTokenByTokenInNamedAndUnnamedCells() throws {
        var document = try document(sprites)
        try document.setValue(json: "6", forKeyPath: "wand.emitterCells.twinkle.spriteFrames.columns")
        XCTAssertEqual(text(document), sprites.replacingOccurrences(of: "\"columns\": 4", with: "\"columns\": 6"))
        XCTAssertEqual(try frames(document).columns, 6)
        // A member the file leaves out is added beside its siblings, in their style.
        try document.setValue(.bool(false), forKeyPath: "wand.emitterCells.twinkle.spriteFrames.loops")
        XCTAssertTrue(text(document).contains(#"{ "columns": 6, "rows": 1, "framesPerSecond": 10, "loops": false }"#), text(document))
        XCTAssertEqual(try frames(document).loops, false)
        // An unnamed cell, by its place.
        try document.setValue(json: "3", forKeyPath: "wand.emitterCells[1].spriteFrames.rows")
        XCTAssertTrue(text(document).contains(#""spriteFrames": {"columns": 2, "rows": 3}"#), text(document))
        XCTAssertEqual(try frames(document, cell: 1).rows, 3)
        XCTAssertEqual(try document.json(atKeyPath: "wand.emitterCells[1].spriteFrames.rows")?.value, .number(3))
        XCTAssertNil(try document.json(atKeyPath: "wand.emitterCells.twinkle.spriteFrames.count"))
    }

    func testRefusedMemberChangesNameTheMemberAndLeaveTheBytes() throws {
        for (keyPath, value, expected) in [
            ("wand.emitterCells.twinkle.spriteFrames.colums", "2", #"did you mean "wand.emitterCells.twinkle.spriteFrames.columns"?"#),
            ("wand.emitterCells.twinkle.spriteFrames.columns", "0", "wand.emitterCells.twinkle.spriteFrames.columns = 0: the effect would not load"),
            ("wand.emitterCells.twinkle.spriteFrames.count", "9", "the effect would not load"),
        ] {
            var document = try document(sprites)
            XCTAssertThrowsError(try document.setValue(json: value, forKeyPath: keyPath)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(keyPath): \(error)")
            }
            XCTAssertEqual(text(document), sprites, "\(keyPath): a refused change leaves the bytes")
        }
        var document = try document(sprites)
        XCTAssertThrowsError(try document.removeValue(forKeyPath: "wand.emitterCells.twinkle.spriteFrames.count")) { error in
            XCTAssertTrue("\(error)".contains("the file does not set it"), "\(error)")
        }
        XCTAssertThrowsError(try document.appendElement(json: "{}", toListAt: "wand.emitterCells.twinkle.spriteFrames")) { error in
            XCTAssertTrue("\(error)".contains("is an object, not a list"), "\(error)")
        }
        XCTAssertEqual(text(document), sprites)
    }

    func testMembersAndWholeKeysAreRemovedWithTheirSeparators() throws {
        var document = try document(sprites)
        // The first member takes the separator after it; any other the one before it.
        try document.removeValue(forKeyPath: "wand.emitterCells.twinkle.spriteFrames.columns")
        XCTAssertTrue(text(document).contains(#""spriteFrames": { "rows": 1, "framesPerSecond": 10 }"#), text(document))
        try document.removeValue(forKeyPath: "wand.emitterCells.twinkle.spriteFrames.framesPerSecond")
        XCTAssertTrue(text(document).contains(#""spriteFrames": { "rows": 1 }"#), text(document))
        XCTAssertNil(try frames(document).framesPerSecond)
        // The only member leaves an empty object, which still means sprite frames (1 × 1).
        try document.removeValue(forKeyPath: "wand.emitterCells.twinkle.spriteFrames.rows")
        XCTAssertTrue(text(document).contains(#""spriteFrames": {}"#), text(document))
        // The whole key, with the line break before it.
        try document.removeValue(forKeyPath: "wand.emitterCells.twinkle.spriteFrames")
        XCTAssertEqual(text(document), sprites.replacingOccurrences(of: ",\n     \"spriteFrames\": { \"columns\": 4, \"rows\": 1, \"framesPerSecond\": 10 }", with: ""))
        XCTAssertNil(document.effect.layers[0].emitter?.emitterCells[0].extensions.spriteFrames)
    }

    func testElementsOfAListOfObjectsAreAppendedAndRemovedInTheFilesStyle() throws {
        var document = try document(sprites)
        // A list over lines: the new element on a line of its own, indented as the others.
        try document.appendElement(json: #"{"name": "spark", "birthRate": 2, "lifetime": 1}"#, toListAt: "wand.emitterCells")
        XCTAssertTrue(text(document).contains("""
            {"contents": "disc", "birthRate": 5, "lifetime": 1, "spriteFrames": {"columns": 2}},
                {"name": "spark", "birthRate": 2, "lifetime": 1}
              ]}
            """), text(document))
        XCTAssertEqual(document.effect.layers[0].emitter?.emitterCells.map(\.name), ["twinkle", nil, "spark"])
        // By name, and by index.
        try document.removeValue(forKeyPath: "wand.emitterCells.twinkle")
        try document.removeValue(forKeyPath: "wand.emitterCells[0]")
        XCTAssertEqual(document.effect.layers[0].emitter?.emitterCells.map(\.name), ["spark"])
        try document.removeValue(forKeyPath: "wand.emitterCells[0]")
        XCTAssertTrue(text(document).contains(#""emitterCells": []"#), text(document))
        // An empty list takes the element inside its brackets; a compact list gets ", ".
        try document.appendElement(json: #"{"name": "a"}"#, toListAt: "wand.emitterCells")
        try document.appendElement(json: #"{"name": "b"}"#, toListAt: "wand.emitterCells")
        XCTAssertTrue(text(document).contains(#""emitterCells": [{"name": "a"}, {"name": "b"}]"#), text(document))
    }

    func testSpriteFramesReadMemberByMemberWithDefaultsAndKeyPathsByNames() throws {
        let document = try document(sprites)
        let property = try spriteFrames()
        let keyPath = "wand.emitterCells.twinkle.spriteFrames"
        let value = StructuredValue(property, keyPath: keyPath, written: try document.json(atKeyPath: keyPath))
        XCTAssertTrue(value.isSet)
        let members = try XCTUnwrap(value.elements.first?.members)
        XCTAssertEqual(members.map(\.property.name), ["columns", "rows", "count", "framesPerSecond", "loops"])
        XCTAssertEqual(members.map(\.isSet), [true, true, false, true, false])
        XCTAssertEqual(members[0].value, .number(4))
        XCTAssertEqual(members[0].keyPath, keyPath + ".columns")
        XCTAssertEqual(members[0].liveKeyPath, keyPath + ".columns")
        // Unset: the default when it is a value (loops: true), a starting value in range when
        // it is words (count: "columns × rows").
        XCTAssertEqual(members[4].value, .bool(true))
        XCTAssertNil(members[2].value)
        XCTAssertEqual(members[2].startingValue, .number(1))
        // No key path of a running effect reaches a member of spriteFrames: the panel writes
        // the file and plays again.
        XCTAssertNil(AnimatableKeyPath("emitterCells.twinkle.spriteFrames.columns", on: document.effect.layers[0]))

        // An unnamed cell's has no key path by names; an absent key has no elements, and is
        // added as an empty object (every member has a default).
        let unnamed = StructuredValue(property, keyPath: "wand.emitterCells[1].spriteFrames",
                                      written: try document.json(atKeyPath: "wand.emitterCells[1].spriteFrames"))
        XCTAssertNil(unnamed.elements.first?.members.first?.liveKeyPath)
        XCTAssertEqual(unnamed.elements.first?.members.first?.keyPath, "wand.emitterCells[1].spriteFrames.columns")
        let absent = StructuredValue(property, keyPath: "wand.emitterCells.twinkle.spriteFrames", written: nil)
        XCTAssertFalse(absent.isSet)
        XCTAssertTrue(absent.elements.isEmpty)
        XCTAssertEqual(absent.additionJSON, "{}")
    }

    func testTimeOffsetFollowsPointerIsEditedByItsMembers() throws {
        let url = FXProcess.packageRoot.appendingPathComponent("effects/interactive-avatar.json")
        let original = try Data(contentsOf: url)
        var document = try EffectDocument(bytes: Array(original), file: url.path, baseDirectory: url.deletingLastPathComponent().path)
        let property = try XCTUnwrap(PropertyRegistry.layerProperties(for: .image).first { $0.name == "timeOffsetFollowsPointer" })
        XCTAssertEqual(property.members.map(\.name), ["axis", "from", "to", "duration"])
        let keyPath = "headerLayer.timeOffsetFollowsPointer"
        let value = StructuredValue(property, keyPath: keyPath, written: try document.json(atKeyPath: keyPath))
        let members = try XCTUnwrap(value.elements.first?.members)
        XCTAssertEqual(members[0].text, "x")
        XCTAssertEqual(members[1].value, .number(200))
        XCTAssertEqual(members[3].value, .number(0.999))

        try document.setValue(json: JSONValue.quoted("y"), forKeyPath: members[0].keyPath)
        try document.setValue(.number(150), forKeyPath: members[1].keyPath)
        let follow = try XCTUnwrap(document.effect.allLayers().first { $0.layer.identifier == "headerLayer" }?.layer.timeOffsetFollowsPointer)
        XCTAssertEqual(follow.axis, .y)
        XCTAssertEqual(follow.from, 150)
        XCTAssertTrue(String(decoding: document.bytes, as: UTF8.self)
            .contains(#""timeOffsetFollowsPointer": { "axis": "y", "from": 150, "to": 0, "duration": 0.999 }"#))
        // A new one: the required members, with from and to apart so that it loads.
        let absent = StructuredValue(property, keyPath: keyPath, written: nil)
        XCTAssertEqual(absent.additionJSON, #"{"axis": "x", "from": 0, "to": 100}"#)
        try document.removeValue(forKeyPath: keyPath)
        try document.setValue(json: absent.additionJSON, forKeyPath: keyPath)
        XCTAssertEqual(document.effect.allLayers().first { $0.layer.identifier == "headerLayer" }?.layer.timeOffsetFollowsPointer?.to, 100)
    }

    /// A list of named objects declared as fields and colliders are (isListOfObjects, a `name`
    /// member), here over a list the format already has — a layer's emitterCells — so that the
    /// file's decoder judges every edit: elements titled by name, members written by index and
    /// reachable by names, a new element with a unique name, removal.
    func testAListOfNamedObjectsIsReadAndEditedThroughItsDocumentPaths() throws {
        let declared = PropertyDescriptor(declaring: "emitterCells", .emitterLayer, .structure, default: .empty("[]"), members: [
            .init(declaring: "name", .emitterLayer, .string, default: .required, required: true, "the cell's name; required"),
            .init(declaring: "contents", .emitterLayer, .enumeration(["square", "disc"]), default: .required, required: true, "its shape; required"),
            .init(declaring: "birthRate", .emitterLayer, .number, range: .nonNegative, unit: "1/s", default: .value(.number(0)), "births a second"),
            .init(declaring: "lifetime", .emitterLayer, .number, range: .closed(0, 100), unit: "s", default: .required, required: true,
                  "seconds; required"),
            .init(declaring: "emissionLongitude", .emitterLayer, .angle, unit: "rad", default: .value(.number(0)), "direction"),
        ], isListOfObjects: true, "cells")
        let text = """
            {"fx": 1, "name": "list", "layers": [{"type": "emitter", "name": "spray", "emitterCells": [
              {"name": "dot", "contents": "square", "birthRate": 20, "lifetime": 1, "emissionLongitude": "90deg"},
              {"name": "cell2", "contents": "disc", "lifetime": 2}
            ]}]}
            """
        let session = try EffectEditSession(bytes: Array(text.utf8), file: "list.json")
        func read() -> StructuredValue {
            StructuredValue(declared, keyPath: "spray.emitterCells", written: session.json(atKeyPath: "spray.emitterCells"))
        }
        var value = read()
        XCTAssertEqual(value.elements.map(\.title), ["dot", "cell2"])
        let dot = value.elements[0]
        XCTAssertEqual(dot.keyPath, "spray.emitterCells[0]")
        XCTAssertEqual(dot.liveKeyPath, "spray.emitterCells.dot")
        XCTAssertEqual(dot.members.map(\.keyPath).last, "spray.emitterCells[0].emissionLongitude")
        XCTAssertEqual(dot.members[4].value, .number(.pi / 2))
        XCTAssertEqual(value.elements[1].members[2].isSet, false)
        XCTAssertEqual(value.elements[1].members[2].value, .number(0))

        // The live route: a member a running effect's key path reaches by names is set there,
        // and the edit is live; a member by index is written and played again.
        let live = try XCTUnwrap(dot.members[2].liveKeyPath)
        XCTAssertNotNil(AnimatableKeyPath(String(live.dropFirst("spray.".count)), on: session.document.effect.layers[0]))
        XCTAssertTrue(try session.setValue(.number(35), forKeyPath: live).isLive)
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterCells[0].birthRate, 35)
        XCTAssertFalse(try session.setValue(json: "\"disc\"", forKeyPath: dot.members[1].keyPath).isLive)
        // An angle written in degrees stays in degrees.
        try session.setValue(json: "\"45deg\"", forKeyPath: dot.members[4].keyPath)
        XCTAssertTrue(String(decoding: session.document.bytes, as: UTF8.self)
            .contains(#"{"name": "dot", "contents": "disc", "birthRate": 35, "lifetime": 1, "emissionLongitude": "45deg"}"#))

        // Added: a copy of the last element under a name no element has (cell2 is taken); in an
        // empty list, the required members at starting values.
        value = read()
        XCTAssertEqual(value.newElementJSON, #"{"name": "emitterCell3", "contents": "disc", "lifetime": 2}"#)
        XCTAssertEqual(StructuredValue(declared, keyPath: value.keyPath, written: nil).newElementJSON,
                       #"{"name": "emitterCell1", "contents": "square", "lifetime": 1}"#)
        try session.appendElement(json: value.newElementJSON, toListAt: value.keyPath)
        value = read()
        XCTAssertEqual(value.elements.map(\.name), ["dot", "cell2", "emitterCell3"])
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterCells.last?.lifetime, 2)
        // Removed, and the removal undone byte for byte.
        let before = session.document.bytes
        try session.removeValue(forKeyPath: value.elements[1].keyPath)
        XCTAssertEqual(read().elements.map(\.name), ["dot", "emitterCell3"])
        session.undo()
        XCTAssertEqual(session.document.bytes, before)
        XCTAssertEqual(read().elements.map(\.name), ["dot", "cell2", "emitterCell3"])
    }
    /// An emitter's `fields`: elements by name and type, members reached live by
    /// `fields.NAME.MEMBER` (an angle kept in degrees), the others written by index, a new field
    /// (a copy of the last, with its own name) that loads, removal; a new collider is a copy too,
    /// so it has the members its type needs.
    func testForceFieldsAreEditedLiveByNameAndInTheFileByIndex() throws {
        let fields = try XCTUnwrap(PropertyRegistry.layerProperties(for: .emitter).first { $0.name == "fields" })
        let text = """
            {"fx": 1, "name": "wind", "layers": [{"type": "emitter", "name": "snow", "emitterPosition": [100, 0],
              "fields": [
                {"name": "gust", "type": "directional", "strength": 5, "direction": "10deg"}
              ],
              "emitterCells": [{"name": "flake", "birthRate": 10, "lifetime": 2}]}]}
            """
        let session = try EffectEditSession(bytes: Array(text.utf8), file: "wind.json")
        func read() -> StructuredValue { StructuredValue(fields, keyPath: "snow.fields", written: session.json(atKeyPath: "snow.fields")) }
        let gust = try XCTUnwrap(read().elements.first)
        XCTAssertEqual(gust.title, "gust  (directional)")
        let members = Dictionary(uniqueKeysWithValues: gust.members.map { ($0.property.name, $0) })
        let strength = try XCTUnwrap(members["strength"]?.liveKeyPath)
        XCTAssertEqual(strength, "snow.fields.gust.strength")
        XCTAssertNotNil(AnimatableKeyPath("fields.gust.strength", on: session.document.effect.layers[0]))
        XCTAssertTrue(try session.setValue(.number(9), forKeyPath: strength).isLive)
        try session.setValue(.number(.pi / 6), forKeyPath: try XCTUnwrap(members["direction"]?.liveKeyPath))
        XCTAssertTrue(String(decoding: session.document.bytes, as: UTF8.self)
            .contains(#"{"name": "gust", "type": "directional", "strength": 9, "direction": "30deg"}"#),
                      String(decoding: session.document.bytes, as: UTF8.self))
        XCTAssertFalse(try session.setValue(json: #""inverseSquare""#, forKeyPath: try XCTUnwrap(members["falloff"]?.keyPath)).isLive)

        try session.appendElement(json: read().newElementJSON, toListAt: "snow.fields")
        XCTAssertEqual(read().elements.map(\.name), ["gust", "field2"])
        XCTAssertEqual(session.document.effect.layers[0].emitter?.fields.last?.strength, 9)
        try session.removeValue(forKeyPath: "snow.fields.gust")
        XCTAssertEqual(read().elements.map(\.name), ["field2"])
        XCTAssertEqual(StructuredValue(fields, keyPath: "snow.fields", written: nil).additionJSON,
                       #"[{"name": "field1", "type": "attractor"}]"#)

        let colliders = try XCTUnwrap(PropertyRegistry.layerProperties(for: .emitter).first { $0.name == "colliders" })
        try session.appendElement(json: #"{"name": "floor", "type": "line", "from": [0, 300], "to": [400, 300]}"#, toListAt: "snow.colliders")
        let collider = StructuredValue(colliders, keyPath: "snow.colliders", written: session.json(atKeyPath: "snow.colliders"))
        XCTAssertEqual(collider.elements.first?.title, "floor  (line)")
        try session.appendElement(json: collider.newElementJSON, toListAt: "snow.colliders")
        XCTAssertEqual(session.document.effect.layers[0].emitter?.colliders.map(\.name), ["floor", "collider2"])
    }
}
