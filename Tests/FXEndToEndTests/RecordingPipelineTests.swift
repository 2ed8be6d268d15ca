import FXEncode
import Foundation
import XCTest

/// `fx record` steps, draws and encodes at once (issue 37): the frames and GIFs are the bytes
/// it wrote when it did one frame after another, with any thread count; a failing encoder stops
/// it with ffmpeg's message instead of a hang; and the MP4 plays.
final class RecordingPipelineTests: XCTestCase {
    func requireFFmpeg() throws -> Bool {
        if VideoEncoder.ffmpegPath() != nil { return true }
        let message = "the recording tests need ffmpeg (Debian: ffmpeg); tools/test installs it"
        if FXProcess.isComplete { XCTFail(message); return false }
        throw XCTSkip(message)
    }

    /// FNV-1a (64 bits) over the bytes of `files`, in order.
    func fingerprint(_ files: [URL]) throws -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in files {
            for byte in try Data(contentsOf: file) {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return String(format: "%016llx", hash)
    }

    /// The fingerprints fx wrote before the stages overlapped (commit 116f6d9, one frame after
    /// another, on Debian 12's SDL_image, libpng and ffmpeg 5.1): an odd size (its last column
    /// and row) opaque, and a transparent background (straight alpha), as PNG frames and GIFs,
    /// with one thread and with three.
    func testFramesAndGIFsAreTheBytesWrittenBeforeTheStagesOverlapped() throws {
        guard try requireFFmpeg() else { return }
        let directory = FXProcess.temporaryDirectory()
        let cases: [(name: String, arguments: [String], frames: Int, framesHash: String, gifHash: String)] = [
            ("fireworks", ["fireworks", "--seconds", "1", "--fps", "12", "--size", "201x151"], 12, "a451c96b75e1c767", "7aaf1da2c8635ea5"),
            ("confetti", ["confetti", "--seconds", "0.5", "--fps", "10", "--size", "160x120", "--background", "transparent"], 5,
             "399dfcb933a17308", "774e8a79a0c56115"),
        ]
        for item in cases {
            for threads in ["1", "3"] {
                let frames = directory.appendingPathComponent("\(item.name)-\(threads)")
                let gif = directory.appendingPathComponent("\(item.name)-\(threads).gif")
                for out in [frames.path + "/", gif.path] {
                    let result = try FXProcess.run(["record"] + item.arguments + ["--threads", threads, "--quiet", "--out", out])
                    XCTAssertEqual(result.status, 0, result.stderr)
                }
                let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
                XCTAssertEqual(names.count, item.frames, "\(item.name), \(threads) threads")
                XCTAssertEqual(try fingerprint(names.map { frames.appendingPathComponent($0) }), item.framesHash,
                               "\(item.name)'s PNG frames with \(threads) threads are not the bytes fx wrote before")
                XCTAssertEqual(try fingerprint([gif]), item.gifHash, "\(item.name)'s GIF with \(threads) threads is not the bytes fx wrote before")
            }
        }
    }

    /// ffmpeg failing after a few bytes: fx stops drawing, says what ffmpeg said, and exits 1.
    func testAnEncoderThatStopsStopsTheRecordingWithItsMessage() throws {
        let directory = FXProcess.temporaryDirectory()
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\nhead -c 5000 > /dev/null\necho 'the disk is full' >&2\nexit 1\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let result = try FXProcess.run(["record", "fireworks", "--seconds", "4", "--fps", "30", "--size", "320x240", "--quiet",
                                        "--out", directory.appendingPathComponent("x.mp4").path],
                                       environment: ["PATH": bin.path + ":/usr/bin:/bin"], timeout: 60)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("ffmpeg stopped taking frames") && result.stderr.contains("the disk is full"), result.stderr)
    }

    /// The MP4 is H.264, 4:2:0, with every frame, at the size and rate asked for.
    func testTheMP4HasEveryFrameAndPlays() throws {
        guard try requireFFmpeg() else { return }
        let out = FXProcess.temporaryDirectory().appendingPathComponent("fireworks.mp4").path
        let result = try FXProcess.run(["record", "fireworks", "--seconds", "1", "--fps", "30", "--size", "320x240", "--quiet", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/bin/sh")
        probe.arguments = ["-c", "exec ffprobe -v error -count_frames -select_streams v:0 -show_entries "
                           + "stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames -of csv=p=0 \"$0\"", out]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        XCTAssertEqual(probe.terminationStatus, 0)
        XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "h264,320,240,yuv420p,30/1,30")
    }
}
