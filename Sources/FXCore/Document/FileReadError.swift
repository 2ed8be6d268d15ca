#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read: the path, and what is wrong with it, in words for a message.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Reason: Equatable, Sendable {
        /// Nothing is at the path (or a folder on the way to it is missing).
        case missing
        /// The path names a directory.
        case directory
        /// The path names something that is not a regular file: a FIFO, a device or a socket
        /// (the word says which). fx never reads from one, as a read could block forever.
        case notRegularFile(String)
        /// The file is larger than the reader's limit.
        case tooLarge(size: Int, limit: Int)
        /// The file exists but may not be read.
        case permissionDenied
        /// The system failed while reading (an I/O error), with its words.
        case unreadable(String)
    }

    /// The path as it was given.
    public var path: String
    /// What is wrong.
    public var reason: Reason

    /// An error for `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// What is wrong, without the path: "is a directory".
    public var message: String {
        switch reason {
        case .missing: return "no such file"
        case .directory: return "is a directory, not a file"
        case .notRegularFile(let kind): return "is a \(kind), not a regular file"
        case .tooLarge(let size, let limit): return "is \(size) bytes; the limit is \(limit) bytes"
        case .permissionDenied: return "cannot be read: permission denied"
        case .unreadable(let why): return "cannot be read: \(why)"
        }
    }

    /// What to do about it.
    public var suggestion: String? {
        switch reason {
        case .missing: return "check the path (a relative path is resolved against the effect file's folder)"
        case .directory, .notRegularFile: return "name a file"
        case .tooLarge: return "use a smaller file"
        case .permissionDenied: return "check the file's permissions"
        case .unreadable: return nil
        }
    }

    /// `PATH: message`.
    public var description: String { "\(path): \(message)" }
}
