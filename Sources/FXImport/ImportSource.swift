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

    /// Reads the file at `path` (at most ``maxBytes``; a pipe or device is refused, and so is a
    /// directory other than a Core Animation bundle: a `.ca` folder is read as its `main.caml`,
    /// the path staying the folder's, so that the effect is named after the bundle).
    /// - Throws: ``ImportError/unreadable(path:reason:)`` when it cannot be read, saying why.
    public init(contentsOf path: String) throws {
        var isDirectory: ObjCBool = false
        var file = path
        if Self.isBundleExtension(path), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            file = URL(fileURLWithPath: path).appendingPathComponent(Self.bundleDocument).path
            guard FileManager.default.fileExists(atPath: file) else {
                throw ImportError.unreadable(path: path, reason: "a Core Animation bundle holds its document in \(Self.bundleDocument), and this folder has none")
            }
        }
        do {
            self.init(path: path, data: Data(try FileReader.read(file, limit: Self.maxBytes)))
        } catch {
            throw ImportError.unreadable(path: file, reason: error.message)
        }
    }

    /// The document inside a `.ca` bundle folder.
    static let bundleDocument = "main.caml"

    /// Whether `path` names a Core Animation bundle (`Foo.ca`).
    static func isBundleExtension(_ path: String) -> Bool {
        URL(fileURLWithPath: path).pathExtension.lowercased() == "ca"
    }

    /// Whether this source was read from a `.ca` bundle folder (its path is the folder's).
    var isBundle: Bool {
        var isDirectory: ObjCBool = false
        return Self.isBundleExtension(path) && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The bytes of a file the source names (a texture beside it), or nil when it is missing,
    /// not a regular file or larger than ``maxBytes``: read through FXCore's bounded reader, so
    /// that a name such as `../../dev/zero` or a pipe cannot exhaust memory or hang the import.
    static func sibling(_ url: URL) -> Data? {
        (try? FileReader.read(url.path, limit: maxBytes)).map { Data($0) }
    }

    /// The file name without folder and extension (`fire` for `Examples/imports/fire.plist`);
    /// a bundle's `main.caml` is named after its bundle (`Orbit` for `Orbit.ca/main.caml`).
    public var baseName: String {
        let url = URL(fileURLWithPath: path)
        if url.lastPathComponent == Self.bundleDocument, Self.isBundleExtension(url.deletingLastPathComponent().path) {
            return url.deletingLastPathComponent().deletingPathExtension().lastPathComponent
        }
        return url.deletingPathExtension().lastPathComponent
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
