#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
