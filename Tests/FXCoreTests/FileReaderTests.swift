import FXCore
import Foundation
import XCTest

/// Every file fx reads goes through `FileReader`: a path that is not a readable regular file is
/// an error naming it, never a trap or a read that blocks.
final class FileReaderTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fx-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func reason(_ path: String, limit: Int = 1024) -> FileReadError.Reason? {
        do {
            _ = try FileReader.read(path, limit: limit)
            return nil
        } catch {
            XCTAssertEqual(error.path, path)
            return error.reason
        }
    }

    func fifo() throws -> String {
        let path = directory.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        return path
    }

    func testRegularFilesAreReadWholeUpToTheLimit() throws {
        let path = directory.appendingPathComponent("data").path
        let bytes = (0..<5000).map { UInt8($0 % 251) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        XCTAssertEqual(try FileReader.read(path, limit: 5000), bytes, "a file exactly at the limit is read")
        XCTAssertEqual(reason(path, limit: 4999), .tooLarge(size: 5000, limit: 4999))
        XCTAssertEqual(try FileReader.readPrefix(path, count: 24), Array(bytes.prefix(24)))
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertEqual(try FileReader.read(path, limit: 10), [])
    }

    func testEverythingThatIsNotARegularFileIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(reason(directory.path), .directory)
        XCTAssertEqual(reason(directory.appendingPathComponent("missing.png").path), .missing)
        XCTAssertEqual(reason(directory.appendingPathComponent("missing/folder/x.png").path), .missing)
        XCTAssertEqual(reason(""), .missing)
        // A FIFO with no writer would block a plain open or read forever.
        XCTAssertEqual(reason(try fifo()), .notRegularFile("FIFO (named pipe)"))
        XCTAssertEqual(reason("/dev/zero"), .notRegularFile("character device"), "a device never ends: it must not be read")
        XCTAssertEqual(FileReadError(path: "/tmp", reason: .directory).description, "/tmp: is a directory, not a file")
    }

    /// The decoder reports an unreadable texture, GIF, font or effect like any other load error:
    /// file:line:column, JSON path, what is wrong and what to do.
    func testTheDecoderReportsUnreadableFilesAtTheirKey() throws {
        let pipe = try fifo()
        let effectPath = directory.appendingPathComponent("effect.json")
        try """
            {"fx": 1, "textures": {"folder": "\(directory.path)", "pipe": "\(pipe)", "gif": "\(directory.path)/sub.gif"},
             "layers": [{"type": "emitter", "emitterCells": [{"contents": "folder", "birthRate": 1, "lifetime": 1},
                                                            {"contents": "pipe", "birthRate": 1, "lifetime": 1}]},
                        {"type": "image", "contents": "gif"},
                        {"type": "text", "string": "hi", "font": "\(directory.path)/"}]}
            """.write(to: effectPath, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub.gif"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try EffectDecoder.load(path: effectPath.path, displayName: "effect.json")) { error in
            let lines = (error as? EffectLoadError)?.diagnostics.map(\.description) ?? []
            XCTAssertEqual(lines.count, 4, "\(lines)")
            XCTAssertTrue(lines.contains { $0.hasPrefix("effect.json:2:63: error: $.layers[0].emitterCells[0].contents: texture \"folder\" cannot be used: \(self.directory.path): is a directory, not a file; name a file") }, "\(lines)")
            XCTAssertTrue(lines.contains { $0.contains("$.layers[0].emitterCells[1].contents") && $0.contains("is a FIFO (named pipe), not a regular file") }, "\(lines)")
            XCTAssertTrue(lines.contains { $0.contains("$.layers[1].contents") && $0.contains("sub.gif: is a directory") }, "\(lines)")
            XCTAssertTrue(lines.contains { $0.contains("$.layers[2].font") && $0.contains("is a directory") }, "\(lines)")
        }
    }

    func testAnEffectPathThatIsNotAFileIsALoadErrorNamingIt() throws {
        for (path, message) in [(directory.path, "is a directory, not a file"), (try fifo(), "is a FIFO (named pipe), not a regular file"),
                                ("/dev/zero", "is a character device, not a regular file"),
                                (directory.appendingPathComponent("gone.json").path, "no such file")] {
            XCTAssertThrowsError(try EffectDecoder.load(path: path, displayName: "named.json")) { error in
                let diagnostic = (error as? EffectLoadError)?.diagnostics.first
                XCTAssertEqual(diagnostic?.file, "named.json")
                XCTAssertEqual(diagnostic?.message, message, path)
            }
        }
        // Larger than an effect may be: said with the limit, without reading it all.
        let large = directory.appendingPathComponent("large.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: large.path, contents: nil))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: UInt64(EffectLimits.maxFileBytes + 1))
        try handle.close()
        XCTAssertThrowsError(try EffectDecoder.load(path: large.path)) { error in
            XCTAssertEqual((error as? EffectLoadError)?.diagnostics.first?.message,
                           "is \(EffectLimits.maxFileBytes + 1) bytes; the limit is \(EffectLimits.maxFileBytes) bytes")
        }
    }
}
