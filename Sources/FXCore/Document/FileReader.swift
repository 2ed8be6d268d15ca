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

/// Reads files for fx: effects, textures, GIFs, fonts and files given on the command line all
/// come through here, so that every way a path can fail ends as a ``FileReadError`` that names
/// the file — never a trap, and never a read that blocks.
///
/// The file is opened first and then examined through its descriptor (`fstat`), so what is
/// checked is what is read: a path cannot be swapped for a folder or a pipe between the check
/// and the read. Opening uses `O_NONBLOCK`, so a FIFO with no writer does not block the open;
/// anything but a regular file is then refused before a byte is read. The read stops one byte
/// past the limit, so a file that grows while it is read (or lies about its size) is still
/// bounded.
public enum FileReader {
    /// The largest image, GIF or font file fx reads (textures, image layers, fonts).
    public static let maxAssetBytes = 64 * 1024 * 1024

    /// The whole file at `path`, at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        try read(path, limit: limit, prefix: nil)
    }

    /// The first `count` bytes of the file at `path` (fewer if it is shorter), for a format's
    /// signature or header; the file must still be a regular file of at most `limit` bytes.
    public static func readPrefix(_ path: String, count: Int, limit: Int = maxAssetBytes) throws(FileReadError) -> [UInt8] {
        try read(path, limit: limit, prefix: count)
    }

    private static func read(_ path: String, limit: Int, prefix: Int?) throws(FileReadError) -> [UInt8] {
        func failure(_ reason: FileReadError.Reason) -> FileReadError { FileReadError(path: path, reason: reason) }
        func reason(errno code: Int32) -> FileReadError.Reason {
            switch code {
            case ENOENT, ENOTDIR: return .missing
            case EACCES, EPERM: return .permissionDenied
            case EISDIR: return .directory
            default: return .unreadable(String(cString: strerror(code)))
            }
        }
        guard !path.isEmpty, !path.utf8.contains(0) else { throw failure(.missing) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw failure(reason(errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(reason(errno: errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure(.directory)
        case S_IFIFO: throw failure(.notRegularFile("FIFO (named pipe)"))
        case S_IFCHR: throw failure(.notRegularFile("character device"))
        case S_IFBLK: throw failure(.notRegularFile("block device"))
        case S_IFSOCK: throw failure(.notRegularFile("socket"))
        default: throw failure(.notRegularFile("special file"))
        }
        let size = Int(status.st_size)
        if size > limit { throw failure(.tooLarge(size: size, limit: limit)) }
        // One byte past the limit tells a file that grew past it from one that is exactly at it.
        let wanted = prefix.map { min($0, limit) } ?? limit + 1
        var bytes = [UInt8](repeating: 0, count: max(min(wanted, size + 1), 1))
        var total = 0
        while total < wanted {
            if total == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), wanted - total))) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                readDescriptor(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(reason(errno: errno))
            }
            if count == 0 { break }
            total += count
        }
        if prefix == nil && total > limit { throw failure(.tooLarge(size: total, limit: limit)) }
        bytes.removeSubrange(total...)
        return bytes
    }
}

/// `read(2)`, named apart from ``FileReader/read(_:limit:)``.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
