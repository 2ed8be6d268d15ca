import FXCore
import FXEncode
import FXSDL
import Foundation
import XCTest

/// `fx record --background transparent` into every format with an alpha channel, checked by
/// decoding with ffmpeg (or, for animated WebP, which ffmpeg 5 cannot decode, by its chunks);
/// and `.apng` and `.webp`, like every recording, the same bytes on every run.
final class TransparentRecordingTests: XCTestCase {
    func requireFFmpeg() throws -> String? {
        if let path = VideoEncoder.ffmpegPath() { return path }
        let message = "the recording tests need ffmpeg (Debian: ffmpeg); tools/test installs it"
        if FXProcess.isComplete { XCTFail(message); return nil }
        throw XCTSkip(message)
    }

    /// Runs ffmpeg (or ffprobe beside it) and returns its standard output.
    func tool(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(path) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Frame `index` of a recording decoded to RGBA by ffmpeg (VP9 through libvpx, which reads
    /// WebM's alpha plane).
    func decodedFrame(_ ffmpeg: String, _ path: String, index: Int) throws -> RGBAImage {
        let png = FXProcess.temporaryDirectory().appendingPathComponent("frame.png").path
        let decoder = path.hasSuffix(".webm") ? ["-c:v", "libvpx-vp9"] : []
        _ = try tool(ffmpeg, ["-v", "error", "-y"] + decoder + ["-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                                                   "-pix_fmt", "rgba", png])
        return try PNGFile.read(png)
    }

    func testEveryFormatWithAnAlphaChannelKeepsTheTransparencyAndTheSameBytes() throws {
        guard let ffmpeg = try requireFFmpeg() else { return }
        let ffprobe = (ffmpeg as NSString).deletingLastPathComponent + "/ffprobe"
        let directory = FXProcess.temporaryDirectory()
        func record(_ out: String, background: String = "transparent") throws -> String {
            let path = directory.appendingPathComponent(out).path + (out.hasSuffix("/") ? "/" : "")
            let result = try FXProcess.run(["record", "confetti", "--seconds", "0.5", "--fps", "10", "--size", "160x120",
                                            "--background", background, "--out", path])
            XCTAssertEqual(result.status, 0, result.stderr)
            return path
        }
        // The PNG frames: what every format should show.
        let frames = try record("frames/")
        let reference = try PNGFile.read(frames + "frame-00005.png")
        let transparentPixels = stride(from: 3, to: reference.pixels.count, by: 4).filter { reference.pixels[$0] == 0 }
        let opaquePixels = stride(from: 3, to: reference.pixels.count, by: 4).filter { reference.pixels[$0] == 255 }
        XCTAssertGreaterThan(transparentPixels.count, 1000)
        XCTAssertGreaterThan(opaquePixels.count, 20)
        for format in ["gif", "webm", "apng", "webp"] {
            let first = try record("a.\(format)"), second = try record("b.\(format)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)),
                           "\(format) differs between runs")
            if format == "webp" {
                // RIFF/WEBP with a VP8X header whose alpha flag (0x10) and animation flag (0x02)
                // are set, and an ALPH chunk in its frames.
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: first)))
                XCTAssertEqual(Array(bytes[8..<16]), Array("WEBPVP8X".utf8))
                XCTAssertEqual(bytes[20] & 0x12, 0x12, "VP8X flags \(bytes[20])")
                XCTAssertNotNil(bytes.firstRange(of: Array("ALPH".utf8)), "no alpha chunk")
                continue
            }
            let streams = try tool(ffprobe, ["-v", "error", "-show_entries", "stream=pix_fmt:stream_tags=alpha_mode", "-of", "compact", first])
            let expected = ["gif": "pix_fmt=bgra", "webm": "alpha_mode=1", "apng": "pix_fmt=rgba"][format]!
            XCTAssertTrue(streams.contains(expected), "\(format): \(streams)")
            let frame = try decodedFrame(ffmpeg, first, index: 4)
            // Where the frame is transparent the decoded one is (almost: VP9's alpha is lossy),
            // and where it is opaque so is the decoded one.
            let cleared = transparentPixels.filter { frame.pixels[$0] < 16 }.count
            let kept = opaquePixels.filter { frame.pixels[$0] > 239 }.count
            XCTAssertGreaterThan(Double(cleared), 0.99 * Double(transparentPixels.count), format)
            XCTAssertGreaterThan(Double(kept), 0.95 * Double(opaquePixels.count), format)
            if format == "apng" { XCTAssertEqual(frame, reference, "APNG is lossless") }
            if format == "gif" {
                // One bit: the GIF's alpha is 0 or 255, 255 where the frame's is at least half.
                for index in stride(from: 3, to: frame.pixels.count, by: 4) {
                    XCTAssertTrue([0, 255].contains(frame.pixels[index]))
                    XCTAssertEqual(frame.pixels[index] == 255, reference.pixels[index] >= 128, "pixel \(index / 4)")
                }
            }
        }
        // Opaque APNG and WebP are the same bytes every run too.
        for format in ["apng", "webp"] {
            let first = try record("opaque-a.\(format)", background: "#102030"), second = try record("opaque-b.\(format)", background: "#102030")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)), format)
        }
    }

    func testAnMP4CannotBeTransparentAndSaysWhatCan() throws {
        guard try requireFFmpeg() != nil else { return }
        let out = FXProcess.temporaryDirectory().appendingPathComponent("x.mp4").path
        let result = try FXProcess.run(["record", "confetti", "--seconds", "0.2", "--background", "none", "--out", out])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains(".mp4 has no alpha channel"), result.stderr)
        XCTAssertTrue(result.stderr.contains(".webm, .apng, .webp"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
