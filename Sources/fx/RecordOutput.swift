import ArgumentParser
import FXEncode
import Foundation

/// Where `fx record --out OUT` writes: a video file ffmpeg encodes, or a folder of PNG frames.
/// A folder is asked for by a trailing `/` or by naming a folder that exists; any other name
/// must end in a format's extension, so that `--out x.avi` is an error, not a folder named
/// `x.avi`.
enum RecordOutput: Equatable {
    case video(VideoEncoder.Format)
    case folder

    /// What `out` asks for, or a message naming the formats.
    static func choose(_ out: String) throws -> RecordOutput {
        var isDirectory: ObjCBool = false
        if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return .folder
        }
        if let format = VideoEncoder.format(for: out) { return .video(format) }
        let extensions = VideoEncoder.Format.allCases.map { ".\($0.rawValue)" }
        let formats = extensions.dropLast().joined(separator: ", ") + " or " + (extensions.last ?? "")
        let pathExtension = (out as NSString).pathExtension
        let what = pathExtension.isEmpty ? "has no extension" : "ends in .\(pathExtension), which fx record does not write"
        throw ValidationError("""
            --out \(out) \(what): give a file ending in \(formats), or a folder for PNG frames \
            (a name ending in /, such as \((out as NSString).deletingPathExtension)/, or a folder that exists)
            """)
    }
}
