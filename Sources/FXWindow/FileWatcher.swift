import Foundation

/// Notices when any of a set of files changes, by polling their modification time, size and
/// identity — which also catches editors that save by writing a temporary file and renaming it.
/// A change is reported once the files have stayed the same for one more poll, so a file
/// written in two steps is read whole.
public final class FileWatcher {
    private var paths: [String]
    private var lastSeen: [String: String] = [:]
    private var pending: [String: String]?

    /// Watches `paths`; their state now counts as seen, so only later changes are reported.
    public init(paths: [String]) {
        self.paths = paths
        lastSeen = Self.snapshot(paths)
    }

    /// Watch a new set of files (after a reload names other textures).
    public func watch(_ paths: [String]) {
        self.paths = paths
        lastSeen = Self.snapshot(paths)
        pending = nil
    }

    /// Call regularly (every few hundred milliseconds): true when the files changed and have
    /// since stayed still.
    public func poll() -> Bool {
        let now = Self.snapshot(paths)
        if now == lastSeen { pending = nil; return false }
        if let pending, pending == now {
            lastSeen = now
            self.pending = nil
            return true
        }
        pending = now
        return false
    }

    static func snapshot(_ paths: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for path in paths {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
                result[path] = "missing"
                continue
            }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
            let size = attributes[.size] as? Int ?? -1
            let inode = attributes[.systemFileNumber] as? Int ?? 0
            result[path] = "\(modified) \(size) \(inode)"
        }
        return result
    }
}
