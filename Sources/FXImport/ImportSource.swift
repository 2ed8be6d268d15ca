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

    /// Reads the file at `path`.
    /// - Throws: ``ImportError/unreadable(path:reason:)`` when it cannot be read.
    public init(contentsOf path: String) throws {
        do {
            self.init(path: path, data: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw ImportError.unreadable(path: path, reason: reason)
        }
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
