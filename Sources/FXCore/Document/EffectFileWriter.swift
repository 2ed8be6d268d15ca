#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Changes a file the user owns in place, the way `fx set` and the window's panel save: the
/// file's own bytes are read and rewritten under a lock, so that edits made at the same time by
/// several programs all land; the real file behind a symbolic link is written (the link stays);
/// a file with several hard links is rewritten in place, so every link sees the new text; the
/// file keeps its mode and, when the system allows it, its owner; and a file its user may not
/// write is refused rather than replaced.
///
/// The lock is `flock(2)` on the file itself, taken and then checked against the path (a writer
/// that renamed a new file over the path since is noticed, and the lock taken again on the new
/// file), so no lock file is left beside the user's file. A file with one link is written whole
/// to a temporary file beside it and renamed over it, so it is never half written.
public enum EffectFileWriter {
    /// How many times a busy lock is tried (5 ms apart) before giving up: about ten seconds.
    static let lockAttempts = 2000

    /// Reads the file at `path` under an exclusive lock, hands its bytes to `change`, and writes
    /// what `change` returns (nothing when it returns nil or the same bytes) before the lock is
    /// let go.
    /// - Parameters:
    ///   - path: the file; a symbolic link is followed to the file it names.
    ///   - limit: the largest file read.
    ///   - change: the new bytes for the file's current bytes; an error it throws leaves the file
    ///     as it was and is thrown on.
    /// - Returns: the bytes the file held when it was read.
    /// - Throws: ``FileReadError`` when the file cannot be read, ``EffectFileWriteError`` when
    ///   it cannot be locked or written, or what `change` throws.
    @discardableResult
    public static func update(_ path: String, limit: Int = EffectLimits.maxFileBytes,
                              _ change: ([UInt8]) throws -> [UInt8]?) throws -> [UInt8] {
        let real = try resolvedPath(path)
        let lock = try acquireLock(real, shownAs: path)
        defer { close(lock) }
        let bytes = try FileReader.read(real, limit: limit)
        guard let updated = try change(bytes), updated != bytes else { return bytes }
        try write(updated, to: real, lockedAs: lock, shownAs: path)
        return bytes
    }

    /// Replaces the bytes of the existing file at `path` with `bytes`, as ``update(_:limit:_:)``
    /// writes them (under the file's lock, through a symbolic link to the real file, in place
    /// for a file with several hard links, keeping its mode) without reading the old bytes:
    /// `fx import --force` over an effect or texture it wrote before.
    /// - Throws: ``FileReadError`` when no regular file is at `path`, ``EffectFileWriteError``
    ///   when it cannot be locked or written (a file its user may not write is refused).
    public static func replace(_ path: String, with bytes: [UInt8]) throws {
        let real = try resolvedPath(path)
        let lock = try acquireLock(real, shownAs: path)
        defer { close(lock) }
        try write(bytes, to: real, lockedAs: lock, shownAs: path)
    }

    /// The file a path names, with every symbolic link on the way resolved (the path itself
    /// when it cannot be resolved: reading it then says why).
    static func resolvedPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// An open descriptor of the file at `path` holding an exclusive `flock`, taken on the file
    /// that is at the path once the lock is held.
    private static func acquireLock(_ path: String, shownAs shown: String) throws -> Int32 {
        var attempts = 0
        while true {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else {
                let code = errno
                // Reading says why in the words every other read uses (missing, a folder…).
                _ = try FileReader.read(path, limit: 0)
                throw EffectFileWriteError(path: shown, reason: .system("cannot open it: \(String(cString: strerror(code)))"))
            }
            var own = stat()
            guard fstat(descriptor, &own) == 0, own.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                _ = try FileReader.read(path, limit: 0)
                throw EffectFileWriteError(path: shown, reason: .system("not a regular file"))
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                guard code == EWOULDBLOCK, attempts < lockAttempts else {
                    close(descriptor)
                    if code == EWOULDBLOCK { throw EffectFileWriteError(path: shown, reason: .locked) }
                    throw EffectFileWriteError(path: shown, reason: .system("cannot lock it: \(String(cString: strerror(code)))"))
                }
                attempts += 1
                usleep(5000)
            }
            // Another writer may have renamed a new file over the path while this one waited:
            // then the lock is on a file nobody reads any more; take it on the new one.
            var current = stat()
            if stat(path, &current) == 0, current.st_ino == own.st_ino, current.st_dev == own.st_dev {
                return descriptor
            }
            close(descriptor)
            attempts += 1
            guard attempts < lockAttempts else { throw EffectFileWriteError(path: shown, reason: .locked) }
        }
    }

    /// Writes `bytes` as the file at `path` (already resolved and locked through `lock`).
    private static func write(_ bytes: [UInt8], to path: String, lockedAs lock: Int32, shownAs shown: String) throws {
        var status = stat()
        guard fstat(lock, &status) == 0 else {
            throw EffectFileWriteError(path: shown, reason: .system(String(cString: strerror(errno))))
        }
        // Root may write anything; a file with no write permission at all is still the user's
        // way of saying "leave it", so it is refused for everyone.
        guard access(path, W_OK) == 0, status.st_mode & 0o222 != 0 else {
            throw EffectFileWriteError(path: shown, reason: .notWritable(mode: Int(status.st_mode & 0o7777)))
        }
        if status.st_nlink > 1 {
            try writeInPlace(bytes, to: path, shownAs: shown)
            return
        }
        let directory = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "effect"
        var template = Array("\(directory)/.\(name).fx-XXXXXX".utf8CString)
        let temporary = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard temporary >= 0 else {
            let code = errno
            // A folder the user may not write in, holding a file they may: write it in place.
            if code == EACCES || code == EPERM || code == EROFS {
                try writeInPlace(bytes, to: path, shownAs: shown)
                return
            }
            throw EffectFileWriteError(path: shown, reason: .system("cannot make a temporary file beside it: \(String(cString: strerror(code)))"))
        }
        let temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var renamed = false
        defer {
            close(temporary)
            if !renamed { unlink(temporaryPath) }
        }
        try writeAll(bytes, to: temporary, shownAs: shown)
        _ = fchown(temporary, status.st_uid, status.st_gid)
        guard fchmod(temporary, status.st_mode & 0o7777) == 0, fsync(temporary) == 0 else {
            throw EffectFileWriteError(path: shown, reason: .system(String(cString: strerror(errno))))
        }
        guard rename(temporaryPath, path) == 0 else {
            throw EffectFileWriteError(path: shown, reason: .system("cannot replace it: \(String(cString: strerror(errno)))"))
        }
        renamed = true
    }

    /// Rewrites the file's own bytes (its inode stays, so its other hard links see the text).
    private static func writeInPlace(_ bytes: [UInt8], to path: String, shownAs shown: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM || code == EROFS {
                throw EffectFileWriteError(path: shown, reason: .notWritable(mode: nil))
            }
            throw EffectFileWriteError(path: shown, reason: .system(String(cString: strerror(code))))
        }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, shownAs: shown)
        guard ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
            throw EffectFileWriteError(path: shown, reason: .system(String(cString: strerror(errno))))
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, shownAs shown: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw EffectFileWriteError(path: shown, reason: .system(String(cString: strerror(errno))))
            }
            written += count
        }
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// `write(2)`, named apart from the writer's own functions.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
