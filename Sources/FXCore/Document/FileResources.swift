import Foundation

/// Files on disk, relative to the effect's folder: FXCore's resolver when a decode is given
/// none. It reads through ``FileReader`` (so a folder, a pipe or a file too large is a
/// ``FileReadError``, never a trap or a blocked read) and knows no installed fonts.
public struct FileResources: EffectResources {
    /// The file system's resolver; it holds no state.
    public init() {}

    /// `path` joined to `directory` unless absolute, with `.` and `..` folded where the path
    /// allows: the absolute path the model and the renderer use.
    /// - Parameters:
    ///   - path: the path as written in the effect file.
    ///   - directory: the effect's folder.
    public func location(ofFile path: String, relativeTo directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    /// The file's bytes, read by ``FileReader``.
    /// - Parameters:
    ///   - location: the file's path.
    ///   - prefix: how many leading bytes are wanted; nil for all of them.
    ///   - limit: the largest file read.
    public func contents(at location: String, prefix: Int?, limit: Int) throws(FileReadError) -> [UInt8] {
        if let prefix { return try FileReader.readPrefix(location, count: prefix, limit: limit) }
        return try FileReader.read(location, limit: limit)
    }
}
