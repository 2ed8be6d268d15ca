import FXCore
import FXEffects
import Foundation
import XCTest

/// The effect-file patcher that `fx set` and the panel write with: a change touches only the
/// changed value (or adds only the new key), keeps the file loadable, and loads as the same
/// model as making the change at run time.
final class EffectDocumentTests: XCTestCase {
    private let effects = FXProcess.packageRoot.appendingPathComponent("effects")
    private let documents = FXProcess.packageRoot.appendingPathComponent("Tests/Corpus/documents")

    /// A value for `property` that is not its default and lies in its range.
    private func sample(_ property: PropertyDescriptor) -> AnimatableValue? {
        switch property.form {
        case .number, .angle, .integer:
            switch property.range {
            case .closed(let low, let high): return .number(min(low + 3, high))
            case .unit: return .number(0.25)
            default: return .number(3)
            }
        case .boolean:
            guard case .bool(let flag)? = property.defaultValue else { return nil }
            return .bool(!flag)
        case .color: return .color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        case .point: return .point(Point(x: 3, y: 4))
        case .size: return .size(Size(width: 5, height: 6))
        case .rect, .bounds: return .rect(Rect(x: 0, y: 0.25, width: 0.5, height: 0.75))
        case .numbers: return .numbers([0, 0.5])
        case .colors: return .colors([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])
        default: return nil
        }
    }

    /// The paths at which two JSON trees differ (an added or removed key is a difference at
    /// that key).
    private func differences(_ a: Any?, _ b: Any?, path: [String] = []) -> [[String]] {
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            return Set(x.keys).union(y.keys).sorted().flatMap { differences(x[$0], y[$0], path: path + [$0]) }
        }
        if let x = a as? [Any], let y = b as? [Any], x.count == y.count {
            // A list that differs anywhere is one difference, at the list: values such as
            // points and colors are lists.
            let inner = zip(x, y).enumerated().flatMap { differences($1.0, $1.1, path: path + ["\($0)"]) }
            return inner.isEmpty ? [] : (inner.allSatisfy { $0.count == path.count + 1 } ? [path] : inner)
        }
        if let x = a as? NSObject, let y = b as? NSObject, x.isEqual(y) { return [] }
        if a == nil && b == nil { return [] }
        return [path]
    }

    /// `effect` with a particle budget of 100.
    private static func budgeted(_ effect: Effect) -> Effect {
        var effect = effect
        effect.maxParticles = min(effect.maxParticles, 100)
        return effect
    }

    private func json(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes))
    }

    func testEveryShippedEffectTakesEveryLiveValueAsItsOwnTokenAndLoadsAsSetValueMakesIt() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: effects.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        var changes = 0, insertions = 0
        for file in files {
            let path = effects.appendingPathComponent(file).path
            let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let base = try EffectDocument(bytes: original, file: file, baseDirectory: effects.path, resources: SystemResources())
            // Read only: one player of the original and one parse of its JSON serve every key path.
            let basePlayer = EffectPlayer(effect: base.effect)
            let originalJSON = try json(original)
            for (layer, _) in base.effect.allLayers() {
                var targets: [(String, PropertyDescriptor)] = PropertyRegistry.layerProperties(for: layer.type)
                    .filter(\.isAnimatable).map { (layer.identifier + "." + $0.name, $0) }
                for cell in layer.emitter?.emitterCells ?? [] {
                    guard let name = cell.name else { continue }
                    targets += PropertyRegistry.properties(of: .emitterCell).filter(\.isAnimatable)
                        .map { (layer.identifier + ".emitterCells." + name + "." + $0.name, $0) }
                }
                for (keyPath, property) in targets {
                    guard let value = sample(property),
                          try basePlayer.value(forKeyPath: keyPath) != value else { continue }
                    var document = base
                    do {
                        try document.setValue(value, forKeyPath: keyPath)
                    } catch {
                        // Refused (a contentsRect the sprite frames cannot take, …): the text is kept.
                        XCTAssertEqual(document.bytes, original, "\(file) \(keyPath): a refused change left bytes changed")
                        continue
                    }
                    changes += 1
                    // Only that value differs, in the file's JSON, and nothing else.
                    let diff = differences(originalJSON, try json(document.bytes))
                    XCTAssertEqual(diff.count, 1, "\(file) \(keyPath): \(diff)")
                    XCTAssertEqual(diff.first?.last, property.name, "\(file) \(keyPath): \(diff)")
                    // Bytewise: the changed stretch of the original lies inside one value (it crosses
                    // no key, so no ':'), and the stretch written instead is that value or a new key.
                    let prefix = zip(original, document.bytes).prefix { $0 == $1 }.count
                    let suffix = zip(original.reversed(), document.bytes.reversed()).prefix { $0 == $1 }.count
                    let removed = original[prefix..<max(prefix, original.count - suffix)]
                    XCTAssertFalse(removed.contains(UInt8(ascii: ":")), "\(file) \(keyPath): the change crosses a key")
                    if removed.isEmpty { insertions += 1 }
                    // Loaded, it is what setValue makes of the original. The key paths' values are
                    // the model's, which no particle count changes: both players run with a small
                    // particle budget, so that a prewarmed layer (gusty-snow's fourteen seconds of
                    // turbulent snow) does not fill up anew for every key path.
                    let player = EffectPlayer(effect: Self.budgeted(base.effect))
                    try player.setValue(value, forKeyPath: keyPath)
                    player.step()
                    let reloaded = EffectPlayer(effect: Self.budgeted(document.effect))
                    XCTAssertEqual(try reloaded.value(forKeyPath: keyPath), try player.value(forKeyPath: keyPath), "\(file) \(keyPath)")
                }
            }
        }
        XCTAssertGreaterThan(changes, 500)
        XCTAssertGreaterThan(insertions, 200, "keys the files leave out are added")
    }

    func testCompactAndTabbedFilesKeepTheirLayoutAndNewKeysTakeTheirStyle() throws {
        let compact = #"{"fx":1,"layers":[{"type":"emitter","name":"e","emitterCells":[{"name":"c","birthRate":5,"lifetime":1}]}]}"#
        var document = try EffectDocument(bytes: Array(compact.utf8))
        try document.setValue(json: "12", forKeyPath: "e.emitterCells.c.birthRate")
        try document.setValue(json: "40deg", forKeyPath: "e.emitterCells.c.emissionRange")
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self),
                       #"{"fx":1,"layers":[{"type":"emitter","name":"e","emitterCells":[{"name":"c","birthRate":12,"lifetime":1,"emissionRange":"40deg"}]}]}"#)

        let tabbed = "{\n\t\"fx\": 1,\n\t\"layers\": [\n\t\t{\n\t\t\t\"name\": \"box\",\n\t\t\t\"opacity\": 0.5\n\t\t}\n\t]\n}\n"
        document = try EffectDocument(bytes: Array(tabbed.utf8))
        try document.setValue(.number(0.75), forKeyPath: "box.opacity")
        try document.setValue(.color(Color(red: 1, green: 0, blue: 0)), forKeyPath: "box.backgroundColor")
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self),
                       "{\n\t\"fx\": 1,\n\t\"layers\": [\n\t\t{\n\t\t\t\"name\": \"box\",\n\t\t\t\"opacity\": 0.75,\n\t\t\t\"backgroundColor\": [1, 0, 0]\n\t\t}\n\t]\n}\n")
    }

    func testValuesKeepTheirSpellingWhereTheyCan() throws {
        let text = ##"{"fx": 1, "layers": [{"type": "emitter", "name": "e", "emitterCells": [{"name": "c", "color": "#ff0000", "spin": "90deg", "lifetime": 1}]}]}"##
        var document = try EffectDocument(bytes: Array(text.utf8))
        try document.setValue(.color(Color(red: 0, green: 1, blue: 0)), forKeyPath: "e.emitterCells.c.color")
        try document.setValue(.number(.pi), forKeyPath: "e.emitterCells.c.spin")
        let written = String(decoding: document.bytes, as: UTF8.self)
        XCTAssertTrue(written.contains(##""color": "#00ff00""##), written)
        XCTAssertTrue(written.contains(#""spin": "180deg""#), written)
        // A color with no exact hex spelling is written as components.
        try document.setValue(.color(Color(red: 0.3, green: 0.3, blue: 0.3)), forKeyPath: "e.emitterCells.c.color")
        XCTAssertTrue(String(decoding: document.bytes, as: UTF8.self).contains(#""color": [0.3, 0.3, 0.3]"#))
    }

    func testRefusedChangesLeaveTheBytesAndSayWhy() throws {
        let text = #"{"fx": 1, "layers": [{"type": "emitter", "name": "e", "emitterCells": [{"name": "c", "birthRate": 5, "lifetime": 1}]}]}"#
        var document = try EffectDocument(bytes: Array(text.utf8))
        for (keyPath, value, expected) in [("e.emitterCells.c.birthRat", "5", "did you mean \"e.emitterCells.c.birthRate\""),
                                           ("e.emitterCells.c.birthRate", "-1", "expected a number in 0…10000000"),
                                           ("e.emitterCells.c.color", "12", "expected a color"),
                                           ("e.emitterShape", "triangle", "emitterShape"),
                                           ("f.opacity", "1", "no layer named \"f\"")] {
            XCTAssertThrowsError(try document.setValue(json: value, forKeyPath: keyPath)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(keyPath): \(error)")
            }
            XCTAssertEqual(document.bytes, Array(text.utf8), keyPath)
        }
    }

    func testFxSetChangesTheFileOrLeavesItByteForByte() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("confetti.json")
        let original = try Data(contentsOf: effects.appendingPathComponent("confetti.json"))
        try original.write(to: file)
        var result = try FXProcess.run(["set", file.path, "confetti.emitterCells.red.birthRate", "45", "confetti.emitterCells.red.xAcceleration", "-12.5",
                                        "confetti.emitterShape", "point"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let changed = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(changed.contains(#""birthRate": 45"#) && changed.contains(#""xAcceleration": -12.5"#), changed)
        XCTAssertEqual(try FXProcess.run(["validate", file.path]).status, 0)
        let before = try Data(contentsOf: file)
        result = try FXProcess.run(["set", file.path, "confetti.emitterCells.red.birthRate", "45", "confetti.emitterCells.red.veloctiy", "3"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("did you mean \"confetti.emitterCells.red.velocity\""), result.stderr)
        XCTAssertEqual(try Data(contentsOf: file), before, "a refused set leaves the file byte for byte")
    }

    // MARK: - Inside structures: animations and values over life

    /// The node at `path` in a JSON text's tree.
    private func node(_ path: [JSONPathComponent], in bytes: [UInt8]) throws -> JSONNode {
        var current = try JSONParser.parse(bytes)
        for step in path {
            switch (step, current.value) {
            case (.key(let key), .object(let members)):
                current = try XCTUnwrap(members.last { $0.key == key }?.value, "no \(key)")
            case (.index(let index), .array(let elements)):
                current = elements[index]
            default:
                return try XCTUnwrap(nil, "\(step) does not fit the file's \(current.value.kindName)")
            }
        }
        return current
    }

    /// Sets `keyPath` to `json` and checks that the bytes changed are exactly those of the value
    /// at `path` in the file, which now read `expected` (the value as written by default).
    private func assertReplaces(_ document: inout EffectDocument, _ keyPath: String, _ json: String, at path: [JSONPathComponent],
                                with expected: String? = nil, line: UInt = #line) throws {
        let before = document.bytes
        let old = try node(path, in: before)
        try document.setValue(json: json, forKeyPath: keyPath)
        let end = try XCTUnwrap(old.endOffset)
        let token = Array((expected ?? json).utf8)
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self),
                       String(decoding: before[..<old.location.offset] + token + before[end...], as: UTF8.self),
                       "\(keyPath): only the token changes", line: line)
    }

    /// Sets `keyPath` to `json`, which the object at `path` lacks as `key`, and checks that
    /// exactly one member was added after its last one and nothing else changed.
    private func assertInserts(_ document: inout EffectDocument, _ keyPath: String, _ json: String, into path: [JSONPathComponent],
                               key: String, line: UInt = #line) throws {
        let before = document.bytes
        guard case .object(let oldMembers) = try node(path, in: before).value else { return XCTFail("not an object", line: line) }
        try document.setValue(json: json, forKeyPath: keyPath)
        guard case .object(let members) = try node(path, in: document.bytes).value else { return XCTFail("not an object", line: line) }
        XCTAssertEqual(members.map(\.key), oldMembers.map(\.key) + [key], keyPath, line: line)
        let start = try XCTUnwrap(oldMembers.last?.value.endOffset)
        let end = try XCTUnwrap(members.last?.value.endOffset)
        let added = String(decoding: document.bytes[start..<end], as: UTF8.self)
        XCTAssertTrue(added.hasSuffix("\"\(key)\": \(json)"), "\(keyPath): added \(added)", line: line)
        XCTAssertEqual(Array(document.bytes[..<start] + document.bytes[end...]), before, "\(keyPath): only one member is added", line: line)
    }

    /// A document of `effects/NAME`, or of `Tests/Corpus/documents/NAME` (fixtures whose layout
    /// the tests rely on: `ring-and-triangle.json`, a ring and a triangle each with a group).
    private func load(_ name: String) throws -> EffectDocument {
        let fixture = documents.appendingPathComponent(name)
        let directory = FileManager.default.fileExists(atPath: fixture.path) ? documents : effects
        let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
        return try EffectDocument(bytes: bytes, file: name, baseDirectory: directory.path, resources: SystemResources())
    }

    private func layer(_ name: String, in document: EffectDocument) throws -> Layer {
        try XCTUnwrap(document.effect.allLayers().first { $0.layer.identifier == name }?.layer, name)
    }

    private func cell(_ name: String, of layerName: String, in document: EffectDocument) throws -> EmitterCell {
        try XCTUnwrap(layer(layerName, in: document).emitter?.emitterCells.first { $0.name == name }, name)
    }

    func testAnimationsAreEditedKeyByKeyInsideGroupsToo() throws {
        var document = try load("ring-and-triangle.json")
        let group: [JSONPathComponent] = [.key("layers"), .index(0), .key("animations"), .index(0)]
        try assertReplaces(&document, "ring.animations[0].duration", "3", at: group + [.key("duration")])
        XCTAssertEqual(try layer("ring", in: document).animations[0].timing.duration, 3)

        let child = group + [.key("animations"), .index(1)]
        try assertReplaces(&document, "ring.animations[0].animations[1].toValue", "0.5", at: child + [.key("toValue")])
        try assertReplaces(&document, "ring.animations[0].animations[1].timingFunction", "easeIn", at: child + [.key("timingFunction")],
                           with: #""easeIn""#)
        guard case .group(let children) = try layer("ring", in: document).animations[0].spec,
              case .basic(_, let toValue, _) = children[1].spec else { return XCTFail("not a group of basic animations") }
        XCTAssertEqual(toValue, .number(0.5))
        XCTAssertEqual(children[1].timingFunction, .easeIn)

        // A key the animation does not set is added beside its siblings.
        try assertInserts(&document, "triangle.animations[0].autoreverses", "true",
                          into: [.key("layers"), .index(1), .key("animations"), .index(0)], key: "autoreverses")
        XCTAssertEqual(try layer("triangle", in: document).animations[0].timing.autoreverses, true)
        // The whole list, too.
        try assertReplaces(&document, "triangle.animations", "[]", at: [.key("layers"), .index(1), .key("animations")])
        XCTAssertTrue(try layer("triangle", in: document).animations.isEmpty)
    }

    func testKeyframeValuesAndKeyTimesAreEditedElementByElement() throws {
        var document = try load("ripple-check-button.json")
        let keyframes: [JSONPathComponent] = [.key("layers"), .index(0), .key("sublayers"), .index(2), .key("animations"), .index(0)]
        try assertReplaces(&document, "circleView.animations[0].values[2]", "0.6", at: keyframes + [.key("values"), .index(2)])
        try assertReplaces(&document, "circleView.animations[0].keyTimes", "[0, 0.4, 1]", at: keyframes + [.key("keyTimes")])
        guard case .keyframe(let values) = try layer("circleView", in: document).animations[0].spec else { return XCTFail("not keyframes") }
        XCTAssertEqual(values.values, [.number(0), .number(0), .number(0.6)])
        XCTAssertEqual(values.keyTimes, [0, 0.4, 1])
        // A color inside an animation keeps its spelling when set as a value.
        try document.setValue(.color(Color(red: 1, green: 0, blue: 0)), forKeyPath: "waveButton.animations[1].animations[0].values[0]")
        XCTAssertTrue(String(decoding: document.bytes, as: UTF8.self).contains(##""values": ["#ff0000", "transparent"]"##))
    }

    func testValuesOverLifeAreEditedWholeOrKeyByKey() throws {
        var document = try load("explosion.json")
        let fireball: [JSONPathComponent] = [.key("layers"), .index(0), .key("emitterCells"), .index(0)]
        try assertReplaces(&document, "blast.emitterCells.fireball.colorOverLife.values[1]", "#00ff00",
                           at: fireball + [.key("colorOverLife"), .key("values"), .index(1)], with: ##""#00ff00""##)
        XCTAssertEqual(try cell("fireball", of: "blast", in: document).extensions.colorOverLife?.values[1], Color(red: 0, green: 1, blue: 0))
        try document.setValue(.color(Color(red: 0, green: 0, blue: 1)), forKeyPath: "blast.emitterCells.fireball.colorOverLife.values[2]")
        XCTAssertTrue(String(decoding: document.bytes, as: UTF8.self).contains(##""#ffffff", "#00ff00", "#0000ff", "#c1121f""##))

        let shockwave: [JSONPathComponent] = [.key("layers"), .index(0), .key("emitterCells"), .index(1)]
        try assertInserts(&document, "blast.emitterCells.shockwave.alphaOverLife.times", "[0, 0.25]",
                          into: shockwave + [.key("alphaOverLife")], key: "times")
        XCTAssertEqual(try cell("shockwave", of: "blast", in: document).extensions.alphaOverLife?.times, [0, 0.25])

        let sparks: [JSONPathComponent] = [.key("layers"), .index(0), .key("emitterCells"), .index(2)]
        try assertInserts(&document, "blast.emitterCells.sparks.colorOverLife", ##"{"values": ["#ffffff", "#ff0000"]}"##,
                          into: sparks, key: "colorOverLife")
        XCTAssertEqual(try cell("sparks", of: "blast", in: document).extensions.colorOverLife?.values.count, 2)
        try assertReplaces(&document, "debris.emitterCells.chunk.alphaOverLife", #"{"values": [1, 0]}"#,
                           at: [.key("layers"), .index(1), .key("emitterCells"), .index(0), .key("alphaOverLife")])
        XCTAssertEqual(try cell("chunk", of: "debris", in: document).extensions.alphaOverLife?.values, [1, 0])
    }

    func testRefusedDeepChangesLeaveTheBytesAndNameThePath() throws {
        for (file, keyPath, value, expected) in [
            ("ring-and-triangle.json", "ring.animations[3].duration", "1", "ring.animations[3]: the layer has 1 animation"),
            ("ring-and-triangle.json", "ring.animations[0].animations[5].toValue", "1", "ring.animations[0].animations[5]: the group has 2 animations"),
            ("ring-and-triangle.json", "ring.animations[0].duraton", "3", #"did you mean "ring.animations[0].duration"?"#),
            ("ring-and-triangle.json", "ring.animations[0].duration", "abc", "ring.animations[0].duration = \"abc\""),
            ("ring-and-triangle.json", "ring.animations[0].animations[0].fromValue", "[1, 2]", "ring.animations[0].animations[0].fromValue"),
            ("ring-and-triangle.json", "ring.animatons[0].duration", "3", #"did you mean "ring.animations[0].duration"?"#),
            ("ring-and-triangle.json", "ring.animations.duration", "3", "ring.animations is a list of 1, not an object"),
            ("ripple-check-button.json", "circleView.animations[0].keyTimez[1]", "0.1", #"did you mean "circleView.animations[0].keyTimes[1]"?"#),
            ("ring-and-triangle.json", "ring.animations[0].keyTimes[1]", "0.1", #"ring.animations[0].keyTimes: "keyTimes" is not a key of ring.animations[0]"#),
            ("ring-and-triangle.json", "ring.animations[x].duration", "3", "an index is a whole number in brackets"),
            ("ring-and-triangle.json", "ring.position[2]", "3", "ring.position[2]: ring.position has 2 elements"),
            ("explosion.json", "blast.emitterCells.fireball.colorOverLife.values[9]", "1",
             "blast.emitterCells.fireball.colorOverLife.values[9]: blast.emitterCells.fireball.colorOverLife.values has 5 values"),
            ("explosion.json", "blast.emitterCells.sparks.colorOverLife.values[0]", "#ffffff",
             #"blast.emitterCells.sparks.colorOverLife: blast.emitterCells.sparks sets no "colorOverLife""#),
            ("explosion.json", "blast.emitterCells.firebal.colorOverLife.values[0]", "#ffffff",
             #"no cell named "firebal"; did you mean "blast.emitterCells.fireball.colorOverLife.values[0]"?"#),
            ("explosion.json", "blast.emitterCells.fireball.colorOverLife.time", "[0, 1]",
             #"did you mean "blast.emitterCells.fireball.colorOverLife.times"?"#),
            ("explosion.json", "blast.emitterCells.fireball.alphaOverLife.values[0]", "2", "an alpha is a number in 0…1"),
        ] {
            var document = try load(file)
            let original = document.bytes
            XCTAssertThrowsError(try document.setValue(json: value, forKeyPath: keyPath)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(keyPath): \(error)")
                XCTAssertTrue("\(error)".hasPrefix(keyPath.prefix { $0 != "[" && $0 != "." }), "\(keyPath): the message starts at the path: \(error)")
            }
            XCTAssertEqual(document.bytes, original, "\(keyPath): a refused change leaves the bytes")
        }
    }

    func testKeyPathsSetNameEveryAnimationsKeysAndTheKeysOfValuesOverLife() throws {
        let loader = try load("ring-and-triangle.json").keyPathsSet()
        for keyPath in ["ring.animations", "ring.animations[0].type", "ring.animations[0].duration", "ring.animations[0].animations",
                        "ring.animations[0].animations[0].toValue", "ring.animations[0].animations[1].beginTime",
                        "triangle.animations[0].timingFunction"] {
            XCTAssertTrue(loader.contains(keyPath), keyPath)
        }
        XCTAssertFalse(loader.contains("ring.animations[0].animations[0].beginTime"), "a key the child does not set")
        XCTAssertFalse(loader.contains("triangle.animations[0].autoreverses"))
        let explosion = try load("explosion.json").keyPathsSet()
        for keyPath in ["blast.emitterCells.fireball.colorOverLife", "blast.emitterCells.fireball.colorOverLife.values",
                        "blast.emitterCells.fireball.colorOverLife.times", "blast.emitterCells.shockwave.alphaOverLife.values",
                        "debris.emitterCells.chunk.alphaOverLife.times"] {
            XCTAssertTrue(explosion.contains(keyPath), keyPath)
        }
        XCTAssertFalse(explosion.contains("blast.emitterCells.shockwave.alphaOverLife.times"))
        XCTAssertFalse(explosion.contains("blast.emitterCells.sparks.colorOverLife"))
    }

    func testFxSetTakesKeyPathsInsideAnimations() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-set-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ring-and-triangle.json")
        try Data(contentsOf: documents.appendingPathComponent("ring-and-triangle.json")).write(to: file)
        var result = try FXProcess.run(["set", file.path, "ring.animations[0].duration", "3", "ring.animations[0].animations[1].toValue", "0.5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let changed = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(changed.contains(#"{ "type": "group", "duration": 3, "repeatCount""#), changed)
        XCTAssertTrue(changed.contains(#""fromValue": 0, "toValue": 0.5, "beginTime": 1"#), changed)
        XCTAssertEqual(try FXProcess.run(["validate", file.path]).status, 0)
        let before = try Data(contentsOf: file)
        result = try FXProcess.run(["set", file.path, "ring.animations[0].duration", "4", "ring.animations[2].duration", "1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("ring.animations[2]: the layer has 1 animation"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: file), before, "a refused set leaves the file byte for byte")
    }
}
