import FXCore
import FXEffects
import Foundation
import XCTest

/// The effect-file patcher that `fx set` and the panel write with: a change touches only the
/// changed value (or adds only the new key), keeps the file loadable, and loads as the same
/// model as making the change at run time.
final class EffectDocumentTests: XCTestCase {
    private let effects = FXProcess.packageRoot.appendingPathComponent("effects")

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
                          try EffectPlayer(effect: base.effect).value(forKeyPath: keyPath) != value else { continue }
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
                    let diff = differences(try json(original), try json(document.bytes))
                    XCTAssertEqual(diff.count, 1, "\(file) \(keyPath): \(diff)")
                    XCTAssertEqual(diff.first?.last, property.name, "\(file) \(keyPath): \(diff)")
                    // Bytewise: the changed stretch of the original lies inside one value (it crosses
                    // no key, so no ':'), and the stretch written instead is that value or a new key.
                    let prefix = zip(original, document.bytes).prefix { $0 == $1 }.count
                    let suffix = zip(original.reversed(), document.bytes.reversed()).prefix { $0 == $1 }.count
                    let removed = original[prefix..<max(prefix, original.count - suffix)]
                    XCTAssertFalse(removed.contains(UInt8(ascii: ":")), "\(file) \(keyPath): the change crosses a key")
                    if removed.isEmpty { insertions += 1 }
                    // Loaded, it is what setValue makes of the original.
                    let player = EffectPlayer(effect: base.effect)
                    try player.setValue(value, forKeyPath: keyPath)
                    player.step()
                    let reloaded = EffectPlayer(effect: document.effect)
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
}
