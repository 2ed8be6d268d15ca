import FXCore
import Foundation
import XCTest

/// Writing the user's effect file: through links, keeping the mode, serialized by a lock, and a
/// panel's save that keeps a change made on disk since the panel read the file.
final class EffectFileWriterTests: XCTestCase {
    private let text = """
        {
          "fx": 1,
          "layers": [
            {"type": "emitter", "name": "e", "emitterShape": "point",
             "emitterCells": [{"name": "c", "birthRate": 10, "lifetime": 2},
                              {"name": "d", "birthRate": 5, "lifetime": 1}]}
          ]
        }

        """

    private func temporaryFile(_ contents: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fx-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("t.json").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The outside program: `fx set` in effect, through the same writer.
    private func setOnDisk(_ path: String, _ keyPath: String, _ json: String) throws {
        try EffectFileWriter.update(path) { bytes in
            var document = try EffectDocument(bytes: bytes, file: "t.json")
            try document.setValue(json: json, forKeyPath: keyPath)
            return document.bytes
        }
    }

    func testAPanelSaveKeepsAChangeMadeOnDiskSinceItRead() throws {
        let path = try temporaryFile(text)
        let session = try EffectEditSession(bytes: Array(try read(path).utf8), file: "t.json")
        try session.setValue(.number(20), forKeyPath: "e.emitterCells.c.birthRate")
        try session.setValue(json: "line", forKeyPath: "e.emitterShape")
        // fx set changes the file before the panel saves (and before any watcher noticed).
        try setOnDisk(path, "e.emitterCells.d.lifetime", "7")
        XCTAssertTrue(try session.save(to: path), "the change on disk is merged")
        let saved = try read(path)
        XCTAssertTrue(saved.contains(#""name": "c", "birthRate": 20"#), saved)
        XCTAssertTrue(saved.contains(#""emitterShape": "line""#), saved)
        XCTAssertTrue(saved.contains(#""name": "d", "birthRate": 5, "lifetime": 7"#), "the outside edit is kept:\n\(saved)")
        XCTAssertEqual(session.document.bytes, Array(saved.utf8), "the session holds what the file holds")
        XCTAssertFalse(session.hasUnsavedEdits)
        XCTAssertEqual(session.document.effect.layers[0].emitter?.emitterCells[1].lifetime, 7)

        // A save with the file as the session last wrote it writes the text as it is.
        try session.setValue(.number(21), forKeyPath: "e.emitterCells.c.birthRate")
        XCTAssertFalse(try session.save(to: path))
        XCTAssertEqual(Array(try read(path).utf8), session.document.bytes)
    }

    func testAMergeKeepsAnUndoneEditUndoneAndTheSameKeyIsThePanels() throws {
        let path = try temporaryFile(text)
        let session = try EffectEditSession(bytes: Array(try read(path).utf8), file: "t.json")
        try session.setValue(.number(30), forKeyPath: "e.emitterCells.c.birthRate")
        XCTAssertFalse(try session.save(to: path))
        // Undone after the save: the merge carries the undo (back to 10) onto the new text.
        XCTAssertNotNil(session.undo())
        try session.setValue(.number(9), forKeyPath: "e.emitterCells.d.birthRate")
        try setOnDisk(path, "e.emitterCells.d.lifetime", "4")
        try setOnDisk(path, "e.emitterCells.d.birthRate", "99")
        XCTAssertTrue(try session.save(to: path))
        let saved = try read(path)
        XCTAssertTrue(saved.contains(#""name": "c", "birthRate": 10"#), saved)
        XCTAssertTrue(saved.contains(#""name": "d", "birthRate": 9, "lifetime": 4"#), "the panel's value of a key both changed wins; the other key is kept:\n\(saved)")
    }

    func testAnEditThatCannotBeMergedIsRefusedAndTheFileKept() throws {
        let path = try temporaryFile(text)
        let session = try EffectEditSession(bytes: Array(try read(path).utf8), file: "t.json")
        try session.setValue(.number(3), forKeyPath: "e.emitterCells.d.birthRate")
        // The cell the panel edited is renamed on disk.
        let renamed = text.replacingOccurrences(of: #""name": "d""#, with: #""name": "dd""#)
        try Data(renamed.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try session.save(to: path)) { error in
            XCTAssertTrue("\(error)".contains("the file changed on disk since it was read"), "\(error)")
            XCTAssertTrue("\(error)".contains("e.emitterCells.d.birthRate"), "\(error)")
        }
        XCTAssertEqual(try read(path), renamed, "the file is left as the other program wrote it")
        XCTAssertTrue(session.hasUnsavedEdits, "the panel keeps its edits")
    }

    func testTheWriterFollowsLinksAndKeepsTheModeAndRefusesAReadOnlyFile() throws {
        let path = try temporaryFile(text)
        let folder = (path as NSString).deletingLastPathComponent
        let link = (folder as NSString).appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "t.json")
        let hard = (folder as NSString).appendingPathComponent("hard.json")
        try FileManager.default.linkItem(atPath: path, toPath: hard)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try setOnDisk(link, "e.emitterCells.c.birthRate", "12")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "t.json")
        for name in [path, hard] { XCTAssertTrue(try read(name).contains(#""birthRate": 12"#), name) }
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? Int, 0o640)

        try FileManager.default.removeItem(atPath: hard)
        try setOnDisk(path, "e.emitterCells.c.birthRate", "13")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? Int, 0o640, "kept through a rename too")

        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        XCTAssertThrowsError(try setOnDisk(link, "e.emitterCells.c.birthRate", "14")) { error in
            XCTAssertEqual((error as? EffectFileWriteError)?.reason, .notWritable(mode: 0o444))
            XCTAssertTrue("\(error)".hasPrefix("\(link): not writable (mode 444)"), "\(error)")
        }
        XCTAssertTrue(try read(path).contains(#""birthRate": 13"#))
    }

    func testWritersAtOnceAreSerialized() throws {
        let path = try temporaryFile(text)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let cell = index % 2 == 0 ? "c" : "d"
            let key = ["birthRate", "lifetime", "velocity", "scale"][index / 2]
            do {
                try self.setOnDisk(path, "e.emitterCells.\(cell).\(key)", "\(index + 1)")
            } catch {
                XCTFail("\(error)")
            }
        }
        let effect = try EffectDecoder.decode(bytes: Array(try read(path).utf8))
        let cells = try XCTUnwrap(effect.layers[0].emitter?.emitterCells)
        XCTAssertEqual(cells.map(\.birthRate), [1, 2])
        XCTAssertEqual(cells.map(\.lifetime), [3, 4])
        XCTAssertEqual(cells.map(\.velocity), [5, 6])
        XCTAssertEqual(cells.map(\.scale), [7, 8])
    }
}
