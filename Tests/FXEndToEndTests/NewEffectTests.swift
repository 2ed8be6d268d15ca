import Foundation
import XCTest
import FXCore

/// `fx new`, run as a user runs it: the file it writes names the schema, passes `fx validate`
/// and renders; copies bring their textures; nothing is ever overwritten.
final class NewEffectTests: XCTestCase {
    private func json(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any], url.path)
    }

    func testTheTemplateNamesTheSchemaValidatesRendersAndIsNeverOverwritten() throws {
        let folder = FXProcess.temporaryDirectory()
        let made = try FXProcess.run(["new", "sparkles"], in: folder)
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("wrote sparkles.json (the template)"), made.stdout)
        let file = folder.appendingPathComponent("sparkles.json")
        let effect = try json(file)
        XCTAssertEqual(effect["name"] as? String, "sparkles")
        XCTAssertTrue((effect["//"] as? String ?? "").contains("docs/effect-format.md"), "the template's note says where the keys are")
        // Outside a checkout, the schema of the checkout fx was built in, by file URL, which exists.
        let schema = try XCTUnwrap(effect["$schema"] as? String)
        XCTAssertTrue(schema.hasPrefix("file://") && schema.hasSuffix("schema/\(EffectSchema.fileName)"), schema)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try XCTUnwrap(URL(string: schema)).path), schema)

        let validated = try FXProcess.run(["validate", "sparkles.json"], in: folder)
        XCTAssertEqual(validated.status, 0, validated.stdout + validated.stderr)
        XCTAssertTrue(validated.stdout.contains("sparkles.json: ok"), validated.stdout)
        let rendered = try FXProcess.run(["render", "sparkles.json", "--time", "2", "--out", "sparkles.png"], in: folder)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sparkles.png").path))

        let before = try Data(contentsOf: file)
        for arguments in [["new", "sparkles"], ["new", "sparkles.json", "--from", "fire"]] {
            let again = try FXProcess.run(arguments, in: folder)
            XCTAssertEqual(again.status, 1, "\(arguments)")
            XCTAssertTrue(again.stderr.contains("sparkles.json already exists; fx new does not overwrite files"), again.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: file), before, "the existing file is untouched")

        let help = try FXProcess.run(["new", "--help"], in: folder)
        XCTAssertTrue(help.stdout.contains("USAGE: fx new <name> [--from <effect>]") && help.stdout.contains("never overwritten"), help.stdout)

        let missingFolder = try FXProcess.run(["new", "nowhere/x.json"], in: folder)
        XCTAssertEqual(missingFolder.status, 1)
        XCTAssertTrue(missingFolder.stderr.contains("nowhere does not exist"), missingFolder.stderr)
        let unknown = try FXProcess.run(["new", "y", "--from", "confeti"], in: folder)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no effect named \"confeti\""), unknown.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("y.json").path))
    }

    func testACopyBringsItsTexturesAndPlaysAsTheOriginal() throws {
        let folder = FXProcess.temporaryDirectory()
        let made = try FXProcess.run(["new", "trail", "--from", "magic-trail"], in: folder)
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("a copy of magic-trail, with 1 file(s) it uses (twinkle.png)"), made.stdout)
        let effect = try json(folder.appendingPathComponent("trail.json"))
        XCTAssertEqual(effect["name"] as? String, "trail")
        XCTAssertNotNil(effect["$schema"])
        let shipped = FXProcess.packageRoot.appendingPathComponent("effects")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("textures/twinkle.png")),
                       try Data(contentsOf: shipped.appendingPathComponent("textures/twinkle.png")))
        // The copy is the same effect: the same particles at the same moment.
        let copy = try FXProcess.run(["hash", "trail.json", "--time", "1.5"], in: folder)
        let original = try FXProcess.run(["hash", "magic-trail", "--time", "1.5"], in: folder)
        XCTAssertEqual(copy.status, 0, copy.stderr)
        XCTAssertEqual(copy.stdout.split(separator: " ").last, original.stdout.split(separator: " ").last, copy.stdout + original.stdout)

        // A different file where a texture goes stops the copy before anything is written.
        let other = FXProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: other.appendingPathComponent("textures"), withIntermediateDirectories: true)
        try Data("not the twinkle".utf8).write(to: other.appendingPathComponent("textures/twinkle.png"))
        let clash = try FXProcess.run(["new", "trail", "--from", "magic-trail"], in: other)
        XCTAssertEqual(clash.status, 1)
        XCTAssertTrue(clash.stderr.contains("twinkle.png already exists and differs"), clash.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other.appendingPathComponent("trail.json").path))
    }

    func testEveryShippedEffectCopiesIntoOneFolderAndValidates() throws {
        let folder = FXProcess.temporaryDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: FXProcess.packageRoot.appendingPathComponent("effects").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertGreaterThan(names.count, 40)
        for name in names {
            let made = try FXProcess.run(["new", "copy-of-\(name)", "--from", name], in: folder)
            XCTAssertEqual(made.status, 0, "\(name): \(made.stderr)")
        }
        let validated = try FXProcess.run(["validate"] + names.map { "copy-of-\($0).json" }, in: folder)
        XCTAssertEqual(validated.status, 0, validated.stdout + validated.stderr)
    }

    func testInsideACheckoutTheSchemaIsARelativePath() throws {
        let folder = FXProcess.packageRoot.appendingPathComponent(".build/fx-new-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try FXProcess.run(["new", "here", "--from", "confetti"], in: folder)
        XCTAssertEqual(made.status, 0, made.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("here.json"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n  \"$schema\": \"../../schema/\(EffectSchema.fileName)\",\n  \"fx\": 1,\n  \"name\": \"here\","), text)
        // The rest of the file is the shipped effect's text, byte for byte.
        let shipped = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("effects/confetti.json"), encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "\n").dropFirst(4), shipped.components(separatedBy: "\n").dropFirst(3))
    }
}
