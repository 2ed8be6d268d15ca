import FXCore
import FXEncode
import Foundation
import XCTest

/// `fx record … --out x.gif` streams: the palette is made in a first ffmpeg run while the frames
/// are spooled to a temporary file, and a second run writes the GIF, so that no process holds
/// every frame (it held 1–2 GB for 8 s of 1024² frames).
final class GIFRecordingTests: XCTestCase {
    func requireFFmpeg() throws -> String {
        if let ffmpeg = VideoEncoder.ffmpegPath() { return ffmpeg }
        let message = "the recording tests need ffmpeg (Debian: ffmpeg); tools/test installs it"
        if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" { XCTFail(message) }
        throw XCTSkip(message)
    }

    /// The bytes are those of the one filter graph fx used before (`split`, `palettegen`,
    /// `paletteuse`) over the same frames, opaque and transparent, and the spool is removed.
    func testTheGIFIsTheOneFilterGraphsBytesAndLeavesNoTemporaryFiles() throws {
        let ffmpeg = try requireFFmpeg()
        let directory = FXProcess.temporaryDirectory()
        let spool = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        for (effect, background) in [("sparkle", [String]()), ("fireworks", ["--background", "transparent"])] {
            let common = ["record", effect, "--seconds", "0.6", "--fps", "10", "--size", "200x150", "--quiet"] + background
            let gif = directory.appendingPathComponent("\(effect).gif").path, frames = directory.appendingPathComponent("\(effect)-frames").path + "/"
            XCTAssertEqual(try FXProcess.run(common + ["--out", gif], environment: ["TMPDIR": spool.path]).status, 0)
            XCTAssertEqual(try FXProcess.run(common + ["--out", frames]).status, 0)
            let transparent = !background.isEmpty
            let graph = transparent
                ? "split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=1[p];[b][p]paletteuse=dither=bayer:bayer_scale=3:alpha_threshold=128"
                : "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=3"
            let reference = directory.appendingPathComponent("\(effect)-reference.gif").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments = ["-hide_banner", "-loglevel", "error", "-y", "-framerate", "10.0", "-i", frames + "frame-%05d.png",
                                 "-threads", "1", "-filter_complex", "[0:v]format=rgba," + graph]
                + (transparent ? ["-gifflags", "-offsetting-transdiff"] : []) + ["-loop", "0", "-fflags", "+bitexact", "-flags:v", "+bitexact",
                                                                                   "-map_metadata", "-1", reference]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: gif)), try Data(contentsOf: URL(fileURLWithPath: reference)),
                           "\(effect) \(background): not the one filter graph's bytes")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spool.path), [], "the spooled frames are removed")
    }

    /// 180 frames of 1024² (ffmpeg held them in 1.5 GB): under a 1 GB address-space limit for fx and
    /// ffmpeg, only a recording that streams can write them.
    func testALongLargeGIFRecordsUnderAMemoryLimit() throws {
        _ = try requireFFmpeg()
        let directory = FXProcess.temporaryDirectory()
        let gif = directory.appendingPathComponent("long.gif").path
        let fx = try FXProcess.binary()
        let script = "ulimit -v 1000000 && exec \"$0\" record spinner-ring --seconds 6 --fps 30 --size 1024x1024 --quiet --out \"$1\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, fx, gif]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message)
        guard case .success(let info) = GIFInfo.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: gif)))) else { return XCTFail("not a GIF") }
        XCTAssertEqual(info.delays.count, 180)
    }
}
