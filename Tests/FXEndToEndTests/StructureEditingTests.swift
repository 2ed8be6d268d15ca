import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

/// Adding, removing, duplicating and renaming layers and cells (`fx add`, `fx remove`,
/// `fx duplicate`, `fx rename`, `fx set … null`): each a minimal patch of the file — the new
/// object in the file's indentation, a removed one with its separator, nothing else — that
/// still loads; a refused one leaves the bytes as they were.
final class StructureEditingTests: XCTestCase {
    private let effects = FXProcess.packageRoot.appendingPathComponent("effects")

    private let small = """
        {
          "fx": 1,
          "name": "small",
          "layers": [
            {
              "type": "emitter",
              "name": "sparks",
              "emitterPosition": [100, 100],
              "emitterCells": [
                { "name": "red", "birthRate": 10, "lifetime": 1, "color": "#ff0000" },
                { "name": "blue", "birthRate": 10, "lifetime": 1, "color": "#0000ff" }
              ],
              "animations": [
                { "type": "basic", "keyPath": "emitterCells.red.birthRate", "fromValue": 10, "toValue": 0, "duration": 1 }
              ]
            }
          ]
        }
        """

    private func document(_ text: String) throws -> EffectDocument {
        try EffectDocument(bytes: Array(text.utf8), file: "small.json")
    }

    private func text(_ document: EffectDocument) -> String { String(decoding: document.bytes, as: UTF8.self) }

    // MARK: - Every shipped effect

    /// `original` with one stretch taken out or put in: `(offset, removed, inserted)`, the
    /// stretch placed as far left as it goes.
    private func splice(_ original: [UInt8], _ changed: [UInt8]) -> (offset: Int, removed: ArraySlice<UInt8>, inserted: ArraySlice<UInt8>) {
        let prefix = zip(original, changed).prefix { $0 == $1 }.count
        let suffix = min(zip(original.reversed(), changed.reversed()).prefix { $0 == $1 }.count,
                         original.count - prefix, changed.count - prefix)
        return (prefix, original[prefix..<(original.count - suffix)], changed[prefix..<(changed.count - suffix)])
    }

    /// Whether `changed` is `original` without one stretch that holds the bytes of `range` and
    /// otherwise only white space and one comma (the separator), or without `range` alone
    /// when the object was its list's only one.
    private func isRemoval(of range: Range<Int>, from original: [UInt8], giving changed: [UInt8]) -> Bool {
        let count = original.count - changed.count
        guard count >= range.count else { return false }
        // Every place the removed stretch may start that covers `range`.
        for start in max(0, range.upperBound - count)...range.lowerBound {
            let end = start + count
            guard end <= original.count, end >= range.upperBound else { continue }
            guard Array(original[..<start]) + Array(original[end...]) == changed else { continue }
            let extra = Array(original[start..<range.lowerBound]) + Array(original[range.upperBound..<end])
            let commas = extra.filter { $0 == UInt8(ascii: ",") }.count
            if extra.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D || $0 == UInt8(ascii: ",") }) && commas <= 1 {
                return true
            }
        }
        return false
    }

    /// The JSON object nodes of an effect's layers and cells, by the key path fx names them by.
    private func objects(in bytes: [UInt8], effect: Effect) throws -> [(path: String, node: JSONNode, isCell: Bool, index: Int)] {
        var result: [(path: String, node: JSONNode, isCell: Bool, index: Int)] = []
        let root = try JSONParser.parse(bytes)
        func member(_ key: String, _ node: JSONNode) -> JSONNode? {
            guard case .object(let members) = node.value else { return nil }
            return members.last { $0.key == key }?.value
        }
        func cells(_ node: JSONNode, prefix: String) {
            guard case .array(let list)? = member("emitterCells", node)?.value else { return }
            for (index, cell) in list.enumerated() {
                guard case .string(let name)? = member("name", cell)?.value else { continue }
                result.append((prefix + ".emitterCells." + name, cell, true, index))
                cells(cell, prefix: prefix + ".emitterCells." + name)
            }
        }
        func layers(_ models: [Layer], _ list: JSONNode?) {
            guard case .array(let nodes)? = list?.value, nodes.count == models.count else { return }
            for (index, (layer, node)) in zip(models, nodes).enumerated() {
                result.append((layer.identifier, node, false, index))
                cells(node, prefix: layer.identifier)
                layers(layer.sublayers, member("sublayers", node))
            }
        }
        layers(effect.layers, member("layers", root))
        return result
    }

    func testEveryShippedEffectTakesAddRemoveDuplicateAndNullAsMinimalPatchesThatLoad() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: effects.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        var counts = (added: 0, removed: 0, refusedRemovals: 0, duplicated: 0, nulled: 0, renamed: 0, moved: 0)
        for file in files {
            let original = Array(try Data(contentsOf: effects.appendingPathComponent(file)))
            let base = try EffectDocument(bytes: original, file: file, baseDirectory: effects.path, resources: SystemResources())
            let layerCount = base.effect.allLayers().count

            // A top-level layer, and a cell in each emitter layer: inserted, nothing else changed.
            var added = base
            let layerJSON = ##"{"type": "layer", "name": "added-layer", "position": [10, 10], "bounds": [0, 0, 20, 20], "backgroundColor": "#ffffff"}"##
            XCTAssertEqual(try added.addObject(json: layerJSON, under: "."), "added-layer", file)
            var change = splice(original, added.bytes)
            XCTAssertTrue(change.removed.isEmpty, "\(file): adding a layer removed \(String(decoding: change.removed, as: UTF8.self))")
            XCTAssertTrue(String(decoding: change.inserted, as: UTF8.self).contains(#""name": "added-layer""#), file)
            XCTAssertEqual(added.effect.allLayers().count, layerCount + 1, file)
            counts.added += 1
            // The same name again is refused, the bytes kept.
            let beforeRefusal = added.bytes
            XCTAssertThrowsError(try added.addObject(json: layerJSON, under: "layers"), file) { error in
                XCTAssertTrue("\(error)".contains("already exists"), "\(file): \(error)")
            }
            XCTAssertEqual(added.bytes, beforeRefusal, "\(file): a refused add changed the bytes")

            for (layer, _) in base.effect.allLayers() where layer.type == .emitter {
                var document = base
                let path = try document.addObject(json: #"{"name": "added-cell", "birthRate": 5, "lifetime": 1, "contents": "disc"}"#, under: layer.identifier)
                XCTAssertEqual(path, layer.identifier + ".emitterCells.added-cell", file)
                change = splice(original, document.bytes)
                XCTAssertTrue(change.removed.isEmpty, "\(file) \(layer.identifier): adding a cell removed bytes")
                let emitter = document.effect.allLayers().map(\.layer).first { $0.identifier == layer.identifier }?.emitter
                let names: [String?] = emitter?.emitterCells.map(\.name) ?? []
                XCTAssertTrue(names.contains("added-cell"), file)
                counts.added += 1
            }

            for object in try objects(in: original, effect: base.effect) {
                guard let end = object.node.endOffset else { continue }
                let range = object.node.location.offset..<end

                // Removed: that object and one separator, or refused with the bytes kept.
                var removed = base
                do {
                    try removed.removeObject(at: object.path)
                    XCTAssertTrue(isRemoval(of: range, from: original, giving: removed.bytes),
                                  "\(file) \(object.path): removing changed more than the object and its separator")
                    counts.removed += 1
                } catch {
                    XCTAssertEqual(removed.bytes, original, "\(file) \(object.path): a refused removal changed the bytes")
                    XCTAssertFalse("\(error)".isEmpty)
                    counts.refusedRemovals += 1
                }

                // Duplicated: the object's text again, its name changed, after a separator.
                var duplicated = base
                let copyName = "copy-\(counts.duplicated)"
                do {
                    try duplicated.duplicateObject(at: object.path, as: copyName)
                    change = splice(original, duplicated.bytes)
                    XCTAssertTrue(change.removed.isEmpty, "\(file) \(object.path): duplicating removed bytes")
                    // Everything up to the original's end and after it is as it was; between
                    // them a separator and the original's JSON with the new name.
                    let added = duplicated.bytes.count - original.count
                    XCTAssertEqual(Array(duplicated.bytes[..<range.upperBound]), Array(original[..<range.upperBound]), "\(file) \(object.path)")
                    XCTAssertEqual(Array(duplicated.bytes[(range.upperBound + added)...]), Array(original[range.upperBound...]), "\(file) \(object.path)")
                    let middle = duplicated.bytes[range.upperBound..<(range.upperBound + added)]
                    guard let copyStart = middle.firstIndex(of: UInt8(ascii: "{")),
                          let originalObject = try JSONSerialization.jsonObject(with: Data(original[range])) as? [String: Any] else {
                        XCTFail("\(file) \(object.path): no copy in \(String(decoding: middle, as: UTF8.self))")
                        continue
                    }
                    XCTAssertTrue(middle[..<copyStart].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == UInt8(ascii: ",") }, "\(file) \(object.path)")
                    var expected = originalObject
                    expected["name"] = copyName
                    let copy = try JSONSerialization.jsonObject(with: Data(middle[copyStart...])) as? [String: Any] ?? [:]
                    XCTAssertEqual(NSDictionary(dictionary: copy), NSDictionary(dictionary: expected), "\(file) \(object.path)")
                    counts.duplicated += 1
                } catch {
                    XCTAssertEqual(duplicated.bytes, original, "\(file) \(object.path): a refused duplicate changed the bytes")
                }

                // Moved first and back: the same bytes.
                if object.index > 0 {
                    var moved = base
                    do {
                        try moved.moveObject(at: object.path, to: 0)
                        XCTAssertNotEqual(moved.bytes, original, "\(file) \(object.path)")
                        try moved.moveObject(at: object.path, to: object.index)
                        XCTAssertEqual(moved.bytes, original, "\(file) \(object.path): moved there and back")
                        counts.moved += 1
                    } catch {
                        // Refused (a key path naming a sublayer by its index): nothing changed.
                        XCTAssertEqual(moved.bytes, original, "\(file) \(object.path): a refused move changed the bytes: \(error)")
                    }
                }

                // `fx set … null` of the object's last key: that member and its separator.
                guard case .object(let members) = object.node.value, let last = members.last,
                      last.key != "name", last.key != "type", let valueEnd = last.value.endOffset else { continue }
                var nulled = base
                let keyPath = object.path + "." + last.key
                do {
                    try nulled.removeValue(forKeyPath: keyPath)
                    XCTAssertTrue(isRemoval(of: last.keyLocation.offset..<valueEnd, from: original, giving: nulled.bytes),
                                  "\(file) \(keyPath): removing changed more than the member and its separator")
                    counts.nulled += 1
                } catch {
                    XCTAssertEqual(nulled.bytes, original, "\(file) \(keyPath): a refused removal changed the bytes")
                }
            }
            // Renamed: the animations of confetti's layer follow their cell.
            if file == "confetti.json" {
                var renamed = base
                XCTAssertEqual(try renamed.renameObject(at: "confetti.emitterCells.red", to: "crimson"), "confetti.emitterCells.crimson")
                XCTAssertEqual(text(renamed), String(decoding: original, as: UTF8.self)
                    .replacingOccurrences(of: #"{ "name": "red","#, with: #"{ "name": "crimson","#)
                    .replacingOccurrences(of: #""emitterCells.red.birthRate""#, with: #""emitterCells.crimson.birthRate""#))
                counts.renamed += 1
            }
        }
        XCTAssertGreaterThan(counts.removed, 100, "\(counts)")
        XCTAssertGreaterThan(counts.duplicated, 100, "\(counts)")
        XCTAssertGreaterThan(counts.nulled, 100, "\(counts)")
        XCTAssertGreaterThan(counts.refusedRemovals, 5, "animated cells are refused: \(counts)")
        XCTAssertEqual(counts.renamed, 1)
        XCTAssertGreaterThan(counts.moved, 50, "\(counts)")
    }

    // MARK: - Style

    func testNewObjectsTakeTheFilesIndentation() throws {
        let blue = ##"        { "name": "blue", "birthRate": 10, "lifetime": 1, "color": "#0000ff" }"##
        var document = try document(small)
        try document.addObject(json: ##"{"name":"green","birthRate":5,"lifetime":1,"color":"#00ff00"}"##, under: "sparks")
        XCTAssertEqual(text(document), small.replacingOccurrences(
            of: blue, with: blue + ",\n" + ##"        { "name": "green", "birthRate": 5, "lifetime": 1, "color": "#00ff00" }"##))
        // A layer too long for a line: a member a line, one step in; values keep their text.
        document = try self.document(small)
        try document.addObject(json: #"{"type": "emitter", "name": "more", "emitterPosition": [1, 2], "emitterCells": [{"name": "a", "birthRate": 1, "lifetime": 1, "emissionRange": "30deg"}]}"#, under: ".")
        XCTAssertTrue(text(document).hasSuffix([
            "      ]",
            "    },",
            "    {",
            #"      "type": "emitter","#,
            #"      "name": "more","#,
            #"      "emitterPosition": [1, 2],"#,
            #"      "emitterCells": ["#,
            #"        { "name": "a", "birthRate": 1, "lifetime": 1, "emissionRange": "30deg" }"#,
            "      ]",
            "    }",
            "  ]",
            "}",
        ].joined(separator: "\n")), text(document))
        // A short layer beside layers written a member a line is written so too.
        document = try self.document(small)
        try document.addObject(json: #"{"type": "layer", "name": "glow", "opacity": 0.5}"#, under: "layers")
        XCTAssertTrue(text(document).hasSuffix(["      ]", "    },", "    {", #"      "type": "layer","#, #"      "name": "glow","#,
                                                #"      "opacity": 0.5"#, "    }", "  ]", "}"].joined(separator: "\n")), text(document))
        // --at 0: before the first sibling; a sub-cell list the cell lacks is added.
        document = try self.document(small)
        try document.addObject(json: #"{"name": "first", "birthRate": 1, "lifetime": 1}"#, under: "sparks", at: 0)
        XCTAssertTrue(text(document).contains(#"{ "name": "first", "birthRate": 1, "lifetime": 1 },"# + "\n" + #"        { "name": "red","#),
                      text(document))
        XCTAssertEqual(document.effect.layers[0].emitter?.emitterCells.map(\.name), ["first", "red", "blue"])
        try document.addObject(json: #"{"name": "child", "birthRate": 1, "lifetime": 1}"#, under: "sparks.emitterCells.blue")
        XCTAssertTrue(text(document).contains(##""color": "#0000ff", "emitterCells": ["## + "\n"
                                              + #"            { "name": "child", "birthRate": 1, "lifetime": 1 }"# + "\n" + "          ] }"),
                      text(document))
        XCTAssertEqual(document.effect.layers[0].emitter?.emitterCells[2].emitterCells.map(\.name), ["child"])
        // A compact file stays compact.
        let compact = #"{"fx": 1, "layers": [{"type": "emitter", "name": "e", "emitterCells": [{"name": "a", "birthRate": 1}]}]}"#
        document = try self.document(compact)
        try document.addObject(json: #"{ "name": "b",  "birthRate": 2 }"#, under: "e")
        XCTAssertEqual(text(document), compact.replacingOccurrences(of: #""birthRate": 1}"#, with: #""birthRate": 1}, { "name": "b", "birthRate": 2 }"#))
    }

    func testRemoveDuplicateAndRenameChangeOnlyTheirObject() throws {
        let blue = ##"        { "name": "blue", "birthRate": 10, "lifetime": 1, "color": "#0000ff" }"##
        var document = try document(small)
        try document.removeObject(at: "sparks.emitterCells.blue")
        XCTAssertEqual(text(document), small.replacingOccurrences(of: ",\n" + blue, with: ""))
        document = try self.document(small)
        XCTAssertEqual(try document.duplicateObject(at: "sparks.emitterCells.blue", as: "cyan"), "sparks.emitterCells.cyan")
        XCTAssertEqual(text(document), small.replacingOccurrences(
            of: blue, with: blue + ",\n" + blue.replacingOccurrences(of: "blue", with: "cyan")))
        document = try self.document(small)
        try document.renameObject(at: "sparks.emitterCells.red", to: "scarlet")
        XCTAssertEqual(text(document), small.replacingOccurrences(of: #""name": "red""#, with: #""name": "scarlet""#)
            .replacingOccurrences(of: "emitterCells.red.", with: "emitterCells.scarlet."))
        try document.renameObject(at: "sparks", to: "embers")
        XCTAssertEqual(document.effect.layers[0].identifier, "embers")
        // Moved: its text and the list's separator, the rest as it was.
        let red = ##"        { "name": "red", "birthRate": 10, "lifetime": 1, "color": "#ff0000" }"##
        document = try self.document(small)
        try document.moveObject(at: "sparks.emitterCells.blue", to: 0)
        XCTAssertEqual(text(document), small.replacingOccurrences(of: red + ",\n" + blue, with: blue + ",\n" + red))
        try document.moveObject(at: "sparks.emitterCells.blue", to: 1)
        XCTAssertEqual(text(document), small)
        // A cell by its index, as key paths reach a cell without a name.
        document = try self.document(small)
        XCTAssertEqual(try document.duplicateObject(at: "sparks.emitterCells[1]", as: "cyan"), "sparks.emitterCells.cyan")
        try document.removeObject(at: "sparks.emitterCells[1]")
        XCTAssertEqual(document.effect.layers[0].emitter?.emitterCells.map(\.name), ["red", "cyan"])
        // A whole layer or cell through `set … null` is a removal.
        document = try self.document(small)
        try document.removeValue(forKeyPath: "sparks.emitterCells.blue")
        XCTAssertEqual(document.effect.layers[0].emitter?.emitterCells.map(\.name), ["red"])
    }

    func testLayerRenameFollowsTransactionsAndTheyRefuseItsRemoval() throws {
        let original = String(decoding: try Data(contentsOf: effects.appendingPathComponent("implicit-stroke-circle.json")), as: UTF8.self)
        var document = try EffectDocument(bytes: Array(original.utf8), file: "circle.json", baseDirectory: effects.path, resources: SystemResources())
        XCTAssertEqual(try document.renameObject(at: "testLayer", to: "ring"), "ring")
        let renamed = original.replacingOccurrences(of: #""name": "testLayer""#, with: #""name": "ring""#)
            .replacingOccurrences(of: #""testLayer.strokeEnd""#, with: #""ring.strokeEnd""#)
        XCTAssertEqual(text(document), renamed)
        XCTAssertThrowsError(try document.removeObject(at: "ring")) { error in
            XCTAssertTrue("\(error)".contains(#"the effect would not load: $.transactions[0].set["ring.strokeEnd"]"#), "\(error)")
        }
        XCTAssertEqual(text(document), renamed)
    }

    func testStructureEditsAreUndoableInASession() throws {
        let session = try EffectEditSession(bytes: Array(small.utf8), file: "small.json")
        try session.addObject(json: #"{"name": "green", "birthRate": 1, "lifetime": 1}"#, under: "sparks")
        try session.duplicateObject(at: "sparks.emitterCells.green", as: "lime")
        try session.renameObject(at: "sparks.emitterCells.red", to: "scarlet")
        try session.removeObject(at: "sparks.emitterCells.blue")
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterCells.map(\.name), ["scarlet", "green", "lime"])
        for _ in 0..<4 { XCTAssertNotNil(session.undo()) }
        XCTAssertEqual(String(decoding: session.document.bytes, as: UTF8.self), small)
        XCTAssertThrowsError(try session.removeObject(at: "sparks.emitterCells.red"))
        XCTAssertEqual(String(decoding: session.document.bytes, as: UTF8.self), small, "a refused edit changes nothing")
    }

    func testRefusedStructureEditsLeaveTheBytesAndSayWhy() throws {
        var document = try document(small)
        let cases: [(String, (inout EffectDocument) throws -> Void)] = [
            (#"already has a cell named "red""#, { try $0.addObject(json: #"{"name": "red"}"#, under: "sparks") }),
            (#"needs a "name""#, { try $0.addObject(json: #"{"birthRate": 1}"#, under: "sparks") }),
            ("expected a JSON object", { try $0.addObject(json: "[1]", under: "sparks") }),
            ("is not JSON", { try $0.addObject(json: "{name: red}", under: "sparks") }),
            (#"no layer named "sprks"; did you mean "sparks"?"#, { try $0.addObject(json: #"{"name": "x"}"#, under: "sprks") }),
            ("names a property, not a layer or a cell", { try $0.addObject(json: #"{"name": "x"}"#, under: "sparks.emitterPosition") }),
            ("--at 5: sparks has 2 emitterCells", { try $0.addObject(json: #"{"name": "x"}"#, under: "sparks", at: 5) }),
            ("the effect would not load", { try $0.addObject(json: #"{"name": "x", "birthRat": 1}"#, under: "sparks") }),
            ("an animation names it by key path (sparks.animations[0] animates emitterCells.red.birthRate)",
             { try $0.removeObject(at: "sparks.emitterCells.red") }),
            (#"has no cell named "gren""#, { try $0.removeObject(at: "sparks.emitterCells.gren") }),
            ("to remove a key, use fx set small.json sparks.emitterPosition null", { try $0.removeObject(at: "sparks.emitterPosition") }),
            (#"a sibling cell is already named "blue""#, { try $0.duplicateObject(at: "sparks.emitterCells.red", as: "blue") }),
            ("no dots", { try $0.duplicateObject(at: "sparks.emitterCells.red", as: "a.b") }),
            (#"a layer named "sparks" already exists"#, { try $0.duplicateObject(at: "sparks", as: "sparks") }),
            ("the file does not set it", { try $0.removeValue(forKeyPath: "sparks.opacity") }),
        ]
        for (expected, edit) in cases {
            XCTAssertThrowsError(try edit(&document), expected) { error in
                XCTAssertTrue("\(error)".contains(expected), "expected \(expected): \(error)")
            }
            XCTAssertEqual(text(document), small, "\(expected): a refused edit changed the bytes")
        }
        let box = #"{"fx": 1, "layers": [{"type": "layer", "name": "box"}]}"#
        var plain = try self.document(box)
        XCTAssertThrowsError(try plain.addObject(json: #"{"name": "c", "birthRate": 4}"#, under: "box")) { error in
            XCTAssertTrue("\(error)".contains("box is not an emitter layer"), "\(error)")
        }
        XCTAssertEqual(text(plain), box)
    }

    // MARK: - The commands

    func testCommandsChangeTheFileOrLeaveItByteForByte() throws {
        let folder = FXProcess.temporaryDirectory()
        let file = folder.appendingPathComponent("my-confetti.json")
        try FileManager.default.copyItem(at: effects.appendingPathComponent("confetti.json"), to: file)
        func bytes() throws -> Data { try Data(contentsOf: file) }
        func fx(_ arguments: [String]) throws -> FXProcess.Result { try FXProcess.run(arguments, in: folder) }
        let original = try bytes()

        var result = try fx(["add", file.path, "confetti", ##"{"name": "white", "color": "#ffffff", "birthRate": 20, "lifetime": 4, "contents": "rect"}"##])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "confetti.emitterCells.white\n")
        var changed = String(decoding: try bytes(), as: UTF8.self)
        XCTAssertTrue(changed.contains("""
            "flutter": { "wobble": 3, "wobbleSpeed": 4, "wobbleSpeedRange": 3, "tiltSpeed": 5, "tiltSpeedRange": 4 } },
                    { "name": "white", "color": "#ffffff", "birthRate": 20, "lifetime": 4, "contents": "rect" }
                  ],
            """), changed)

        result = try fx(["duplicate", file.path, "confetti.emitterCells.white", "ivory"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "confetti.emitterCells.ivory\n")
        result = try fx(["set", file.path, "confetti.emitterCells.ivory.contents", "null"])
        XCTAssertEqual(result.status, 0, result.stderr)
        changed = String(decoding: try bytes(), as: UTF8.self)
        XCTAssertTrue(changed.contains(##"{ "name": "ivory", "color": "#ffffff", "birthRate": 20, "lifetime": 4 }"##), changed)
        result = try fx(["rename", file.path, "confetti.emitterCells.ivory", "cream"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for path in ["confetti.emitterCells.cream", "confetti.emitterCells.white"] {
            result = try fx(["remove", file.path, path])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        for (path, index) in [("confetti.emitterCells.purple", "0"), ("confetti.emitterCells.purple", "4")] {
            result = try fx(["move", file.path, path, "--to", index])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        XCTAssertEqual(try bytes(), original, "adding, duplicating, removing: the file is as it was")
        XCTAssertEqual(try fx(["validate", file.path]).status, 0)

        // Refused: exit 1, the file named with what and why, and the bytes kept.
        for (arguments, expected) in [
            (["remove", file.path, "confetti.emitterCells.red"], "animations[0].animations[0] animates emitterCells.red.birthRate"),
            (["add", file.path, "confetti", #"{"name": "red"}"#], #"already has a cell named "red""#),
            (["duplicate", file.path, "confetti", "confetti"], #"a layer named "confetti" already exists"#),
            (["set", file.path, "confetti.opacity", "null"], "the file does not set it"),
            (["rename", file.path, "confetti.emitterCells.pink", "rose"], #"no cell named "pink""#),
            (["move", file.path, "confetti.emitterCells.red", "--to", "5"], "index 5 is out of range; its list has 5"),
        ] {
            result = try fx(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("fx \(arguments[0]): \(file.path): ") && result.stderr.contains(expected),
                          "\(arguments): \(result.stderr)")
            XCTAssertEqual(try bytes(), original, "\(arguments): a refused call changed the file")
        }
        // A shipped effect is not changed.
        result = try fx(["remove", "confetti", "confetti.emitterCells.red"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("fx new my-confetti --from confetti"), result.stderr)
    }

    /// What the panel's "+cell" and "+layer" add (`fx add --new`): in every shipped effect, each
    /// kind of layer, a cell in the first emitter layer and a sub-cell under its first named cell
    /// go in as the insertion alone (every byte before and after it kept), the effect loads, and
    /// each new layer, alone on a black canvas, draws something at once.
    func testNewObjectsFitEveryShippedEffectAndDrawAtOnce() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: effects.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 30)
        func insertedAlone(_ before: [UInt8], _ after: [UInt8], _ what: String) {
            let prefix = zip(before, after).prefix { $0 == $1 }.count
            let suffix = zip(before.reversed(), after.reversed()).prefix { $0 == $1 }.count
            XCTAssertGreaterThanOrEqual(prefix + suffix, before.count, "\(what) changed more than its insertion")
            XCTAssertGreaterThan(after.count, before.count, what)
        }
        for name in files {
            let url = effects.appendingPathComponent(name)
            let bytes = Array(try Data(contentsOf: url))
            let original = try EffectDocument(bytes: bytes, file: name, baseDirectory: effects.path, resources: SystemResources())
            let canvas = original.effect.canvas.size
            for type in NewObjectTemplate.layerTypes {
                var document = original
                let taken = Set(document.effect.allLayers().flatMap { [$0.layer.identifier, $0.layer.name].compactMap { $0 } })
                let layerName = taken.contains("added") ? "added-new" : "added"
                XCTAssertEqual(try document.addObject(json: NewObjectTemplate.layer(type, named: layerName, canvas: canvas), under: "."), layerName,
                               "\(name): \(type)")
                insertedAlone(bytes, document.bytes, "\(name): a new \(type) layer")
            }
            guard let emitter = original.effect.allLayers().map(\.layer).first(where: { $0.type == .emitter }) else { continue }
            var document = original
            let cellName = (emitter.emitter?.emitterCells.contains { $0.name == "added" } ?? false) ? "added-new" : "added"
            try document.addObject(json: NewObjectTemplate.cell(named: cellName), under: emitter.identifier)
            insertedAlone(bytes, document.bytes, "\(name): a new cell")
            if let parent = emitter.emitter?.emitterCells.first(where: { $0.name != nil })?.name {
                var document = original
                try document.addObject(json: NewObjectTemplate.cell(named: "added", isSubcell: true),
                                       under: "\(emitter.identifier).emitterCells.\(parent)")
                insertedAlone(bytes, document.bytes, "\(name): a new sub-cell")
            }
        }
        // Alone on a black canvas, each new layer draws something by 0.5 s (an emitter's
        // particles, the replicator's dots, the gradient, the shape, the string, the fill).
        let canvas = Size(width: 200, height: 160)
        for type in NewObjectTemplate.layerTypes {
            let json = "{\"fx\": 1, \"canvas\": {\"size\": [200, 160], \"background\": \"black\"}, \"layers\": ["
                + NewObjectTemplate.layer(type, named: "added", canvas: canvas) + "]}"
            let effect = try EffectDecoder.decode(bytes: Array(json.utf8), resources: SystemResources())
            let image = try EffectRenderer().render(effect, time: 0.5).image
            let lit = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 60 || image.pixels[$0 + 1] > 60 || image.pixels[$0 + 2] > 60 }.count
            XCTAssertGreaterThan(lit, 60, "a new \(type) layer draws nothing: \(json)")
        }
    }

    /// Choosing an image file beside the effect for a `contents` (the panel's control): the file
    /// is named under `textures` (made when the file has none; a name taken by a built-in shape
    /// gets a number), `contents` names it, in one edit that undo takes back byte for byte; a
    /// file already named keeps its name.
    func testAnImageFileIsNamedUnderTexturesAndChosenInOneEdit() throws {
        let folder = FXProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("textures"), withIntermediateDirectories: true)
        for name in ["textures/star.png", "leaf.png"] {
            try FileManager.default.copyItem(at: effects.appendingPathComponent("textures/confetti-red.png"), to: folder.appendingPathComponent(name))
        }
        let session = try EffectEditSession(bytes: Array(small.utf8), file: "small.json", baseDirectory: folder.path, resources: SystemResources())
        let key = "sparks.emitterCells.red.contents"
        XCTAssertEqual(try session.setContents(toImageFile: "textures/star.png", forKeyPath: key), "star-2", "star is a built-in shape")
        var text = String(decoding: session.document.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(##"{ "name": "red", "birthRate": 10, "lifetime": 1, "color": "#ff0000", "contents": "star-2" }"##), text)
        XCTAssertTrue(text.hasSuffix("  ],\n  \"textures\": {\"star-2\": \"textures/star.png\"}\n}"), text)
        XCTAssertEqual(try session.setContents(toImageFile: "leaf.png", forKeyPath: "sparks.emitterCells.blue.contents"), "leaf")
        XCTAssertEqual(try session.setContents(toImageFile: "textures/star.png", forKeyPath: "sparks.emitterCells.blue.contents"), "star-2",
                       "a file already named keeps its name")
        text = String(decoding: session.document.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#""textures": {"star-2": "textures/star.png", "leaf": "leaf.png"}"#), text)
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterCells[1].contents?.description.hasSuffix("textures/star.png"), true)
        // A file that is not an image fx reads is refused, the text kept.
        try "not a picture".write(to: folder.appendingPathComponent("notes.png"), atomically: true, encoding: .utf8)
        let before = session.document.bytes
        XCTAssertThrowsError(try session.setContents(toImageFile: "notes.png", forKeyPath: key))
        XCTAssertEqual(session.document.bytes, before)
        for _ in 1...3 { session.undo() }
        XCTAssertEqual(session.document.bytes, Array(small.utf8), "undo takes each choice back byte for byte")
    }
}
