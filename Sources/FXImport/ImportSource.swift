import FXCore
import Foundation

/// One source file given to `fx import`: its path (as given, for warnings) and its bytes.
public struct ImportSource: Sendable {
    /// The path as the user wrote it; warnings name it.
    public var path: String
    /// The file's bytes.
    public var data: Data

    /// A source read by the caller.
    public init(path: String, data: Data) {
        self.path = path
        self.data = data
    }

    /// The largest source file read (a plist with its textures embedded, a folder's worth of
    /// code): FXCore's limit for an asset, so that `/dev/zero` or a huge file is an error, not
    /// all of memory.
    public static let maxBytes = FileReader.maxAssetBytes

    /// Reads the file at `path` (at most ``maxBytes``; a directory, pipe or device is refused).
    /// - Throws: ``ImportError/unreadable(path:reason:)`` when it cannot be read, saying why.
    public init(contentsOf path: String) throws {
        do {
            self.init(path: path, data: Data(try FileReader.read(path, limit: Self.maxBytes)))
        } catch {
            throw ImportError.unreadable(path: path, reason: error.message)
        }
    }

    /// The bytes of a file the source names (a texture beside it), or nil when it is missing,
    /// not a regular file or larger than ``maxBytes``: read through FXCore's bounded reader, so
    /// that a name such as `../../dev/zero` or a pipe cannot exhaust memory or hang the import.
    static func sibling(_ url: URL) -> Data? {
        (try? FileReader.read(url.path, limit: maxBytes)).map { Data($0) }
    }

    /// The file name without folder and extension (`fire` for `Examples/imports/fire.plist`).
    public var baseName: String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// The folder the file is in.
    public var folder: URL {
        URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// The base name as a layer name: without the dots a key path would split it at
    /// (`school-pride.confetti.json` → `school-pride-confetti`).
    public var layerName: String {
        baseName.replacingOccurrences(of: ".", with: "-")
    }
}
