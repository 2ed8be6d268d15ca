import Foundation
import XCTest

/// The user's files are safe from fx: `fx import` writes over no source and no existing file
/// without --force (its textures included), and `fx set` writes through links to the real file,
/// keeps the file's mode, refuses a read-only file and keeps every edit of runs made at once.
/// All through the real binary.
final class FileSafetyTests: XCTestCase {
    private var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    /// An effect of ten cells, c0…c9, so that ten edits at once each have their own key.
    private static let effect: String = {
        let cells = (0..<10).map { #"{"name": "c\#($0)", "birthRate": 1, "lifetime": 1, "velocity": 10}"# }
        return """
            {
              "fx": 1,
              "layers": [
                {"type": "emitter", "name": "e", "emitterPosition": [100, 100],
                 "emitterCells": [
                   \(cells.joined(separator: ",\n       "))
                 ]}
              ]
            }

            """
    }()

    private func writeEffect(in folder: URL, name: String = "e.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(Self.effect.utf8).write(to: url)
        return url
    }

    private func mode(_ path: String) throws -> Int {
        try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? Int)
    }

    // MARK: fx import

    func testImportNeverWritesOverItsSourceEvenWithForce() throws {
        let folder = FXProcess.temporaryDirectory()
        for example in ["campfire.plist", "flame.json"] {
            let source = folder.appendingPathComponent(example)
            try FileManager.default.copyItem(at: examples.appendingPathComponent(example), to: source)
            let before = try Data(contentsOf: source)
            let link = folder.appendingPathComponent("link-to-\(example)")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: source)
            for out in [source.path, link.path] {
                for force in [[], ["--force"]] {
                    let run = try FXProcess.run(["import", source.path, "--out", out] + force)
                    XCTAssertEqual(run.status, 1, "\(example) --out \(out) \(force): \(run.stderr)")
                    XCTAssertTrue(run.stderr.contains("is a source of this import"), run.stderr)
                    XCTAssertTrue(run.stderr.contains("give another --out"), run.stderr)
                    XCTAssertEqual(try Data(contentsOf: source), before, "the source is untouched")
                }
            }
        }
    }

    func testImportWritesOverNoEffectOrTextureWithoutForce() throws {
        let folder = FXProcess.temporaryDirectory()
        let source = examples.appendingPathComponent("campfire.plist").path
        let out = folder.appendingPathComponent("fire.json")
        let first = try FXProcess.run(["import", source, "--out", out.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let texture = try XCTUnwrap(written.first { $0.hasSuffix(".png") }, "campfire.plist embeds its texture: \(written)")

        // Only the texture is in the way: refused, naming it, and nothing is written.
        try FileManager.default.removeItem(at: out)
        let mine = Data("my own picture".utf8)
        try mine.write(to: folder.appendingPathComponent(texture))
        let refused = try FXProcess.run(["import", source, "--out", out.path])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains(texture) && refused.stderr.contains("already exists"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--force") && refused.stderr.contains("another --out"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(texture)), mine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written when one file is in the way")

        // The effect file in the way: refused too.
        try Data("{}".utf8).write(to: out)
        let both = try FXProcess.run(["import", source, "--out", out.path])
        XCTAssertEqual(both.status, 1, both.stderr)
        XCTAssertTrue(both.stderr.contains(out.path) && both.stderr.contains(texture) && both.stderr.contains("already exist"), both.stderr)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "{}")

        // --force replaces both.
        let forced = try FXProcess.run(["import", source, "--out", out.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(try Data(contentsOf: folder.appendingPathComponent(texture)), mine)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
    }

    func testImportOutAFolderWritesTheEffectInsideIt() throws {
        let folder = FXProcess.temporaryDirectory()
        let run = try FXProcess.run(["import", examples.appendingPathComponent("flame.json").path, "--out", folder.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("NSCocoaErrorDomain"), run.stderr)
        let effect = folder.appendingPathComponent("flame.fx.json")
        XCTAssertTrue(run.stderr.contains("wrote \(effect.path)"), run.stderr)
        XCTAssertEqual(try FXProcess.run(["validate", effect.path]).status, 0)

        // A path ending in / that does not exist yet is a folder too.
        let newFolder = folder.appendingPathComponent("imported").path + "/"
        let second = try FXProcess.run(["import", examples.appendingPathComponent("campfire.plist").path, "--out", newFolder])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: newFolder + "campfire.fx.json"))

        // A folder that cannot be made is named, with the system's reason.
        let blocker = folder.appendingPathComponent("plain-file")
        try Data().write(to: blocker)
        let blocked = try FXProcess.run(["import", examples.appendingPathComponent("flame.json").path, "--out", blocker.path + "/sub/x.json"])
        XCTAssertEqual(blocked.status, 1)
        XCTAssertTrue(blocked.stderr.contains("cannot make the folder: \(blocker.path) is a file, not a folder"), blocked.stderr)
        XCTAssertFalse(blocked.stderr.contains("NSCocoaErrorDomain"), blocked.stderr)
    }

    /// `--force` with an --out (and a texture) that is a symbolic link writes through the link
    /// to the file it names, as `fx set` does: the link stays a link, the real file gets the
    /// import and keeps its mode. A link naming no file is refused, before anything is written.
    func testImportForceWritesThroughASymbolicLink() throws {
        let folder = FXProcess.temporaryDirectory()
        let source = examples.appendingPathComponent("campfire.plist").path
        let first = try FXProcess.run(["import", source, "--out", folder.appendingPathComponent("first.json").path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let texture = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".png") })

        // The user's real files live in a folder of their own; links to them sit where fx writes.
        let store = folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let realEffect = store.appendingPathComponent("fire.json"), realTexture = store.appendingPathComponent("texture.png")
        try Data("{}".utf8).write(to: realEffect)
        try Data("my own picture".utf8).write(to: realTexture)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: realEffect.path)
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let link = work.appendingPathComponent("fire.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../store/fire.json")
        let textureName = texture.replacingOccurrences(of: "first", with: "fire")
        let textureLink = work.appendingPathComponent(textureName)
        try FileManager.default.createSymbolicLink(atPath: textureLink.path, withDestinationPath: "../store/texture.png")

        let refused = try FXProcess.run(["import", source, "--out", link.path])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("already exist"), refused.stderr)

        let forced = try FXProcess.run(["import", source, "--out", link.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "../store/fire.json", "the link stays a link")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: textureLink.path), "../store/texture.png")
        XCTAssertTrue(try String(contentsOf: realEffect, encoding: .utf8).contains("\"emitterCells\""), "the real file has the import")
        XCTAssertEqual(try Data(contentsOf: realTexture).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]), "the real texture is the PNG")
        XCTAssertEqual(try mode(realEffect.path), 0o640, "the real file keeps its mode")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(), [textureName, "fire.json"].sorted(),
                       "no temporary file is left")
        let validation = try FXProcess.run(["validate", link.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)

        // A real file with no write permission: refused, as `fx set` refuses it, before the
        // texture is written.
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: realEffect.path)
        try Data("my own picture".utf8).write(to: realTexture)
        let readOnly = try FXProcess.run(["import", source, "--out", link.path, "--force"])
        XCTAssertEqual(readOnly.status, 1, readOnly.stderr)
        XCTAssertTrue(readOnly.stderr.contains("\(link.path) is not writable (mode 444); nothing was written"), readOnly.stderr)
        XCTAssertEqual(try Data(contentsOf: realTexture), Data("my own picture".utf8), "nothing is written")

        // A link naming nothing: refused with what it names, with or without --force.
        let dangling = work.appendingPathComponent("gone.json")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "../store/missing.json")
        for force in [[], ["--force"]] {
            let run = try FXProcess.run(["import", source, "--out", dangling.path] + force)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains("\(dangling.path) is a symbolic link to ../store/missing.json, which does not exist"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: store.appendingPathComponent("missing.json").path))
        }
    }

    // MARK: fx set

    func testSetWritesThroughASymbolicLinkAndKeepsIt() throws {
        let folder = FXProcess.temporaryDirectory()
        let real = try writeEffect(in: folder, name: "real.json")
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        let run = try FXProcess.run(["set", link.path, "e.emitterCells.c3.birthRate", "33"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.json", "the link stays a link")
        XCTAssertTrue(try String(contentsOf: real, encoding: .utf8).contains(#""name": "c3", "birthRate": 33"#))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["link.json", "real.json"], "no temporary file is left")
    }

    func testSetKeepsHardLinksSharingTheFile() throws {
        let folder = FXProcess.temporaryDirectory()
        let first = try writeEffect(in: folder, name: "first.json")
        let second = folder.appendingPathComponent("second.json")
        try FileManager.default.linkItem(at: first, to: second)
        let run = try FXProcess.run(["set", first.path, "e.emitterCells.c5.birthRate", "55"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for link in [first, second] {
            XCTAssertTrue(try String(contentsOf: link, encoding: .utf8).contains(#""name": "c5", "birthRate": 55"#), link.path)
        }
        let links = try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: first.path))[.referenceCount] as? Int)
        XCTAssertEqual(links, 2, "still one file with two names")
    }

    func testSetKeepsTheModeAndRefusesAReadOnlyFile() throws {
        let folder = FXProcess.temporaryDirectory()
        for mode in [0o600, 0o640, 0o755, 0o664] {
            let file = try writeEffect(in: folder, name: "mode-\(String(mode, radix: 8)).json")
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let run = try FXProcess.run(["set", file.path, "e.emitterCells.c1.birthRate", "11"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains(#""birthRate": 11"#))
            XCTAssertEqual(try self.mode(file.path), mode, "mode \(String(mode, radix: 8)) kept")
        }
        // A file nobody may write (refused even for root, who could).
        let readOnly = try writeEffect(in: folder, name: "read-only.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly.path)
        let before = try Data(contentsOf: readOnly)
        let refused = try FXProcess.run(["set", readOnly.path, "e.emitterCells.c1.birthRate", "11"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("\(readOnly.path): not writable (mode 444)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("chmod u+w"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: readOnly), before)
        XCTAssertEqual(try mode(readOnly.path), 0o444)
    }

    func testTenSetsAtOnceEachKeepTheirEdit() throws {
        let folder = FXProcess.temporaryDirectory()
        let file = try writeEffect(in: folder)
        let fx = try FXProcess.binary()
        let processes = try (0..<10).map { index -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: fx)
            process.arguments = ["set", file.path, "e.emitterCells.c\(index).birthRate", "\(100 + index)",
                                 "e.emitterCells.c\(index).lifetime", "\(index + 2)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        let text = try String(contentsOf: file, encoding: .utf8)
        for index in 0..<10 {
            XCTAssertTrue(text.contains(#""name": "c\#(index)", "birthRate": \#(100 + index), "lifetime": \#(index + 2)"#), "edit \(index) lost:\n\(text)")
        }
        XCTAssertEqual(try FXProcess.run(["validate", file.path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["e.json"], "no temporary or lock file is left")
    }

    func testSetOfAShippedEffectsNameSuggestsCopyingIt() throws {
        let folder = FXProcess.temporaryDirectory()
        let run = try FXProcess.run(["set", "confetti", "confetti.birthRate", "2"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("confetti: no such file"), run.stderr)
        XCTAssertTrue(run.stderr.contains("fx new my-confetti --from confetti"), run.stderr)
        XCTAssertTrue(run.stderr.contains("fx set my-confetti.json confetti.birthRate 2"), run.stderr)
        // A name that is no effect gets the plain message: no copy of a shipped effect offered.
        let other = try FXProcess.run(["set", "no-such-effect", "x.birthRate", "2"], in: folder)
        XCTAssertEqual(other.status, 1)
        XCTAssertTrue(other.stderr.contains("no such file"), other.stderr)
        XCTAssertFalse(other.stderr.contains("--from"), other.stderr)
    }
}
