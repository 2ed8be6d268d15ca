import FXCore
import FXEncode
import FXSDL
import Foundation
import XCTest

/// `fx record` and `fx sheet`, run as a user runs them.
final class RecordingTests: XCTestCase {
    func requireFFmpeg() throws -> Bool {
        if VideoEncoder.ffmpegPath() != nil { return true }
        let message = "the recording tests need ffmpeg (Debian: ffmpeg); tools/test installs it"
        if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" { XCTFail(message); return false }
        throw XCTSkip(message)
    }

    func testAOneSecondGIFAtTenFramesASecondHasTenFramesOfTheRightSize() throws {
        guard try requireFFmpeg() else { return }
        let out = FXProcess.temporaryDirectory().appendingPathComponent("fire.gif").path
        let result = try FXProcess.run(["record", "fire", "--seconds", "1", "--fps", "10", "--size", "240x180", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("10/10 frames"), "no progress bar: \(result.stderr)")
        guard case .success(let info) = GIFInfo.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))) else { return XCTFail("not a GIF") }
        XCTAssertEqual([info.width, info.height], [240, 180])
        XCTAssertEqual(info.delays.count, 10)
        XCTAssertTrue(info.delays.allSatisfy { abs($0 - 0.1) < 1e-9 }, "\(info.delays)")
    }

    func testRecordingsAreTheSameBytesEveryRun() throws {
        guard try requireFFmpeg() else { return }
        let directory = FXProcess.temporaryDirectory()
        for name in ["a", "b"] {
            for (suffix, seconds) in [("/", "0.25"), (".gif", "0.5"), (".mp4", "0.5")] {
                let result = try FXProcess.run(["record", "sparkle", "--seconds", seconds, "--fps", "12", "--size", "160x160",
                                                "--out", directory.appendingPathComponent(name).path + suffix])
                XCTAssertEqual(result.status, 0, result.stderr)
            }
        }
        let frames = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("a").path).sorted()
        XCTAssertEqual(frames, ["frame-00001.png", "frame-00002.png", "frame-00003.png"])
        for frame in frames {
            XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("a/\(frame)")),
                           try Data(contentsOf: directory.appendingPathComponent("b/\(frame)")), frame)
        }
        for suffix in [".gif", ".mp4"] {
            XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("a" + suffix)),
                           try Data(contentsOf: directory.appendingPathComponent("b" + suffix)), suffix)
        }
        // A frame of a recording is exactly the render of its moment.
        let render = directory.appendingPathComponent("render.png").path
        _ = try FXProcess.run(["render", "sparkle", "--time", String(2.0 / 12), "--size", "160x160", "--out", render])
        XCTAssertEqual(try PNGFile.read(render), try PNGFile.read(directory.appendingPathComponent("a/frame-00003.png").path))
    }

    func testRecordingIntoAMissingFolderSaysSo() throws {
        guard try requireFFmpeg() else { return }
        let result = try FXProcess.run(["record", "spinner-ring", "--seconds", "0.2", "--out", "/nonexistent/folder/x.gif"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("does not exist"), result.stderr)
    }

    func testAMissingEncoderSaysWhichPackageProvidesIt() throws {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("x.mp4").path
        let result = try FXProcess.run(["record", "fire", "--seconds", "0.1", "--out", out], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("needs ffmpeg") && result.stderr.contains("apt-get install ffmpeg"), result.stderr)
    }

    func testTheSheetShowsEveryEffect() throws {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("sheet.png").path
        let result = try FXProcess.run(["sheet", "--columns", "6", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let count = try FileManager.default.contentsOfDirectory(atPath: FXProcess.packageRoot.appendingPathComponent("effects").path)
            .filter { $0.hasSuffix(".json") }.count
        let image = try PNGFile.read(out)
        let rows = (count + 5) / 6
        XCTAssertEqual(image.width, 16 + 6 * (240 + 16))
        XCTAssertEqual(image.height, 16 + rows * (180 + 28 + 16))
        XCTAssertEqual(result.stderr.components(separatedBy: "fx: rendered ").count - 1, count)
    }
}
