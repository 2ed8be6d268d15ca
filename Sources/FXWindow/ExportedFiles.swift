import FXCore
import FXExport
import FXSDL
import Foundation

/// Writes what an export made (`FXExport.EffectExport`): the source file with the image files it
/// loads by name beside it, or the `.ca` bundle folder with everything inside.
public enum ExportedFiles {
    /// Why an export's file could not be written.
    public struct Failure: Error, CustomStringConvertible {
        /// The file (or folder).
        public var path: String
        /// Why, in words.
        public var reason: String
        /// `cannot write PATH: REASON`.
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Where each of `result`'s files goes when its main file (or bundle folder) is `target`.
    public static func targets(of result: ExportResult, at target: String) -> [(path: String, file: ExportedFile)] {
        if result.isBundle {
            let folder = URL(fileURLWithPath: target, isDirectory: true)
            return result.files.map { (folder.appendingPathComponent($0.relativePath).path, $0) }
        }
        let main = URL(fileURLWithPath: target)
        let folder = main.deletingLastPathComponent()
        return result.files.enumerated().map { index, file in
            (index == 0 ? main.path : folder.appendingPathComponent(file.relativePath).path, file)
        }
    }

    /// Writes `result`'s files at `target` (``targets(of:at:)``), making the folders they go
    /// in; a file already there is replaced when `overwrite`, else it is an error. A texture
    /// copied onto itself is left as it is.
    /// - Throws: ``Failure`` naming the file that could not be written.
    public static func write(_ result: ExportResult, to target: String, overwrite: Bool) throws {
        for (path, file) in targets(of: result, at: target) {
            let parent = (path as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw Failure(path: parent, reason: "cannot make the folder: \(error.localizedDescription)")
            }
            let bytes: [UInt8]
            switch file.contents {
            case .text(let text):
                bytes = Array(text.utf8)
            case .image(let image):
                if !overwrite && FileManager.default.fileExists(atPath: path) { throw Failure(path: path, reason: "a file is there") }
                do {
                    try PNGFile.write(image, to: path)
                } catch {
                    throw Failure(path: path, reason: "\(error)")
                }
                continue
            case .copy(let source):
                if URL(fileURLWithPath: source).standardizedFileURL == URL(fileURLWithPath: path).standardizedFileURL { continue }
                guard let data = FileManager.default.contents(atPath: source) else {
                    throw Failure(path: path, reason: "cannot read the texture \(source)")
                }
                bytes = [UInt8](data)
            }
            do {
                if FileManager.default.fileExists(atPath: path) {
                    guard overwrite else { throw Failure(path: path, reason: "a file is there") }
                    try EffectFileWriter.replace(path, with: bytes)
                } else {
                    try EffectFileCopy.create(path, bytes: bytes)
                }
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(path: path, reason: "\(error)")
            }
        }
    }
}
