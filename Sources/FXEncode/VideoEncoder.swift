import FXCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes frames to an animated GIF, an MP4, a WebM, an animated PNG or an animated WebP with
/// ffmpeg (Debian's `ffmpeg` package), fed raw RGBA frames (straight alpha) through a pipe. fx
/// writes no encoder of its own.
///
/// With `transparent`, the formats that have an alpha channel keep the frames' alpha: APNG
/// (RGBA), WebP (YUV with a lossless alpha plane), WebM (VP9 with its alpha plane, `yuva420p`;
/// players that ignore it show black) and GIF (1-bit: a pixel under half covered is the
/// transparent index). MP4 (H.264) has none and is refused.
///
/// Memory stays bounded whatever the length: a GIF's palette is made from every frame before
/// any frame can be written with it, so a GIF takes two ffmpeg runs. The first makes the
/// palette (`palettegen`, which keeps only a histogram) while spooling the frames, losslessly
/// compressed (FFV1), to a temporary file in `$TMPDIR`; the second reads them back and writes
/// the GIF with the palette (`paletteuse`). The bytes are those one filter graph
/// (`split`, `palettegen`, `paletteuse`) writes, without ffmpeg holding every frame in memory
/// (it did: 2 GB for 8 s of 1024² frames).
public final class VideoEncoder {
    /// The container and codec to write; the raw value is the file extension that selects it.
    public enum Format: String, CaseIterable {
        /// An animated GIF that loops forever, its palette made from the frames themselves.
        case gif
        /// H.264 in MP4 (yuv420p, x264's `superfast` preset at CRF 18), odd sizes padded to even.
        case mp4
        /// VP9 in WebM (yuv420p; yuva420p with alpha).
        case webm
        /// An animated PNG that loops forever, lossless (RGB; RGBA with alpha).
        case apng
        /// An animated WebP that loops forever, lossy at quality 90 (its alpha plane lossless).
        case webp

        /// Whether the format stores an alpha channel (GIF's is one bit).
        public var hasAlpha: Bool { self != .mp4 }
    }

    /// Why a video could not be written, in words for the user: ffmpeg is not installed, the
    /// output folder does not exist, or ffmpeg failed.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    private let process: Process
    private let input: FileHandle
    private let errors = Pipe()
    /// For a GIF: the folder of the spooled frames and the palette, and the arguments of the
    /// second run that writes the GIF from them.
    private let spool: (folder: String, arguments: [String])?
    /// The frame width in pixels; every appended image must have it.
    public let width: Int
    /// The frame height in pixels; every appended image must have it.
    public let height: Int
    /// The file being written.
    public let path: String

    /// The format a file name asks for, if it is one ffmpeg writes for fx.
    public static func format(for path: String) -> Format? {
        Format(rawValue: (path as NSString).pathExtension.lowercased())
    }

    /// ffmpeg on PATH, if installed.
    public static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts ffmpeg writing `path`. The output depends only on the frames: ffmpeg runs with
    /// bit-exact flags, no metadata and one thread, so the same frames give the same bytes.
    /// - Parameters:
    ///   - path: the file to write; its folder must exist.
    ///   - format: the container and codec.
    ///   - width: the frame width in pixels.
    ///   - height: the frame height in pixels.
    ///   - framesPerSecond: the frame rate written into the file.
    ///   - transparent: keep the frames' alpha (the formats with an alpha channel; MP4 is
    ///     refused); without it the frames are written opaque.
    public init(path: String, format: Format, width: Int, height: Int, framesPerSecond: Double, transparent: Bool = false) throws {
        if transparent && !format.hasAlpha {
            let others = Format.allCases.filter(\.hasAlpha).map { ".\($0.rawValue)" }.joined(separator: ", ")
            throw Unavailable(description: "cannot write \(path) with a transparent background: .\(format.rawValue) has no alpha channel; write \(others) or PNG frames, or give --background a color")
        }
        guard let ffmpeg = Self.ffmpegPath() else {
            throw Unavailable(description: "writing .\(format.rawValue) needs ffmpeg, which is not installed; install the Debian package: sudo apt-get install ffmpeg (or write PNG frames to a folder)")
        }
        self.width = width
        self.height = height
        self.path = path
        // A failing ffmpeg closes the pipe: report its error instead of dying of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty && !(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue) {
            throw Unavailable(description: "cannot write \(path): the folder \(folder) does not exist")
        }
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                         "-s", "\(width)x\(height)", "-r", String(framesPerSecond), "-i", "-", "-threads", "1"]
        let exact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]
        var spool: (folder: String, arguments: [String])?
        switch format {
        case .gif:
            // Run 1 makes the palette from every frame and spools the frames; run 2 (at finish)
            // dithers them to it. With transparency one palette entry is kept for it, used where
            // alpha is under 128, and each frame is written whole and cleared before the next (no
            // differences against the last frame, whose pixels would otherwise show through the
            // transparent ones). Without, ordered dithering to the frames' own palette.
            let folder = try Self.makeSpoolFolder()
            let palette = "\(folder)/palette.png", frames = "\(folder)/frames.nut"
            arguments += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full\(transparent ? ":reserve_transparent=1" : "")[p]",
                          "-map", "[p]"] + exact + [palette, "-map", "[b]", "-c:v", "ffv1"] + exact + [frames]
            var second = ["-hide_banner", "-loglevel", "error", "-y", "-i", frames, "-i", palette, "-threads", "1", "-filter_complex",
                          "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=3\(transparent ? ":alpha_threshold=128" : "")"]
            if transparent { second += ["-gifflags", "-offsetting-transdiff"] }
            spool = (folder, second + ["-loop", "0"] + exact + [path])
        case .mp4:
            // x264's `superfast` at CRF 18 takes 40 % of `medium`'s time and keeps more of the
            // frames (fireworks, 4 s at 800×600: PSNR 54.8 dB against medium's 52.1, SSIM
            // 0.9990 against 0.9984, the worst frame better too), in a file about twice as large.
            // The slower presets spend their time making the file smaller at the same CRF.
            arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "superfast",
                          "-crf", "18", "-movflags", "+faststart"] + exact + [path]
        case .webm:
            arguments += ["-c:v", "libvpx-vp9", "-pix_fmt", transparent ? "yuva420p" : "yuv420p", "-b:v", "0", "-crf", "32", "-row-mt", "0"]
                + exact + [path]
        case .apng:
            arguments += ["-c:v", "apng", "-pix_fmt", transparent ? "rgba" : "rgb24", "-plays", "0", "-f", "apng"] + exact + [path]
        case .webp:
            arguments += ["-c:v", "libwebp_anim", "-pix_fmt", transparent ? "yuva420p" : "yuv420p", "-lossless", "0",
                          "-quality", "90", "-compression_level", "4", "-loop", "0", "-f", "webp"] + exact + [path]
        }
        self.spool = spool
        self.ffmpeg = ffmpeg
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            if let spool { try? FileManager.default.removeItem(atPath: spool.folder) }
            throw error
        }
        input = pipe.fileHandleForWriting
    }

    deinit {
        if let spool { try? FileManager.default.removeItem(atPath: spool.folder) }
    }

    /// ffmpeg's path.
    private let ffmpeg: String

    /// A new private folder in `$TMPDIR` for a GIF's spooled frames and palette.
    private static func makeSpoolFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("fx-gif-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Unavailable(description: "cannot make a temporary folder for the GIF's frames in \(NSTemporaryDirectory()): \(String(cString: strerror(errno))); set TMPDIR to a folder you can write")
        }
        return String(cString: made)
    }

    /// Appends one frame (its size must be the encoder's).
    public func append(_ image: RGBAImage) throws {
        precondition(image.width == width && image.height == height)
        // Written straight from the image's storage: no copy of the frame.
        let written = image.pixels.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(input.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else { throw Unavailable(description: "ffmpeg stopped taking frames: \(finishErrors())") }
    }

    /// Closes the input and waits for ffmpeg to finish the file (for a GIF, runs ffmpeg again
    /// to write it from the spooled frames and their palette).
    public func finish() throws {
        try? input.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "ffmpeg could not write \(path): \(Self.text(of: errors))")
        }
        guard let spool else { return }
        defer { try? FileManager.default.removeItem(atPath: spool.folder) }
        let second = Process(), secondErrors = Pipe()
        second.executableURL = URL(fileURLWithPath: ffmpeg)
        second.arguments = spool.arguments
        second.standardInput = FileHandle.nullDevice
        second.standardError = secondErrors
        second.standardOutput = FileHandle.nullDevice
        try second.run()
        // Read its messages while it runs: a full pipe would stop it.
        let messages = Self.text(of: secondErrors)
        second.waitUntilExit()
        guard second.terminationStatus == 0 else {
            throw Unavailable(description: "ffmpeg could not write \(path): \(messages)")
        }
    }

    private func finishErrors() -> String { Self.text(of: errors) }

    /// What a process wrote to `pipe`, to its end.
    private static func text(of pipe: Pipe) -> String {
        String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
