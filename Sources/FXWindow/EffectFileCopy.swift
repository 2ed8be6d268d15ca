import FXCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where the panel's saves may go, and the copy of an effect saved elsewhere: a shipped effect
/// (inside fx's install or resource bundle) or a file fx may not write is saved as a new file
/// in the working folder, with the textures it names beside it, and nothing is ever written
/// inside the folders fx was installed into.
enum EffectFileCopy {
    /// Why a copy was not written; the folder is as it was.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// The file was written all the same (it does not load where it is).
        var wrote = false
    }

    /// What a copy wrote: the effect file, and the textures (relative paths) copied beside it,
    /// kept as they were because a file of that name was there, or left out because the
    /// effect names them outside its own folder.
    struct Outcome {
        var path: String
        var copied: [String] = []
        var kept: [String] = []
        var leftOut: [String] = []
    }

    /// `path` with every symbolic link resolved (as given when it cannot be resolved: a
    /// missing file's folder is resolved instead).
    static func resolved(_ path: String) -> String {
        let absolute = absolute(path)
        if let real = realpath(absolute, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = (absolute as NSString).deletingLastPathComponent
        guard folder != absolute, let real = realpath(folder, nil) else { return absolute }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent((absolute as NSString).lastPathComponent)
    }

    /// `path` made absolute against the working folder (with `~` expanded), standardized.
    static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let full = expanded.hasPrefix("/") ? expanded
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(expanded)
        return (full as NSString).standardizingPath
    }

    /// Whether `path` is inside one of `folders` (links resolved on both sides).
    static func isInside(_ path: String, _ folders: [String]) -> Bool {
        let real = resolved(path)
        return folders.contains { folder in
            let base = resolved(folder)
            return real == base || real.hasPrefix(base.hasSuffix("/") ? base : base + "/")
        }
    }

    /// Whether fx can save into the file at `path` in place: the file and its folder are
    /// writable by this user (a save writes a temporary file beside it and renames it over),
    /// and the file's mode lets someone write it (a file with no write permission at all is
    /// its owner's way of saying "leave it", even to root, as ``EffectFileWriter`` reads it).
    static func canWriteInPlace(_ path: String) -> Bool {
        let real = resolved(path)
        var status = stat()
        guard stat(real, &status) == 0, status.st_mode & 0o222 != 0 else { return false }
        return access(real, W_OK) == 0 && access((real as NSString).deletingLastPathComponent, W_OK) == 0
    }

    /// The first of `NAME.json`, `NAME-2.json`, `NAME-3.json`… in `folder` that no file takes.
    static func freePath(for name: String, in folder: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension.isEmpty ? "json" : (name as NSString).pathExtension
        for number in 1... {
            let candidate = (folder as NSString).appendingPathComponent(number == 1 ? "\(stem).\(suffix)" : "\(stem)-\(number).\(suffix)")
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        fatalError("unreachable")
    }

    /// Writes `bytes` as a new file at `path`; an existing file (made since it was looked
    /// for) is never replaced (`O_EXCL`). The file gets the usual mode (0666 less the umask).
    static func create(_ path: String, bytes: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw Failure(description: "cannot write \(path): \(reason)")
            }
            written += count
        }
    }

    /// Copies the files `effect` depends on (its textures, fonts) that lie in its file's folder
    /// or under it to the same relative place beside `destination`, never over a file there.
    /// - Parameter source: the effect file the dependencies are relative to.
    static func copyDependencies(_ dependencies: [String], of source: String, besides destination: String,
                                 into outcome: inout Outcome) {
        let sourceFolder = (absolute(source) as NSString).deletingLastPathComponent
        let destinationFolder = (absolute(destination) as NSString).deletingLastPathComponent
        let manager = FileManager.default
        for dependency in dependencies {
            let path = absolute(dependency)
            guard path != absolute(source) else { continue }
            guard path.hasPrefix(sourceFolder + "/") else {
                outcome.leftOut.append(path)
                continue
            }
            let relative = String(path.dropFirst(sourceFolder.count + 1))
            let target = (destinationFolder as NSString).appendingPathComponent(relative)
            if manager.fileExists(atPath: target) {
                outcome.kept.append(relative)
                continue
            }
            do {
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try manager.copyItem(atPath: path, toPath: target)
                outcome.copied.append(relative)
            } catch {
                outcome.leftOut.append(relative)
            }
        }
    }

    /// `path` as the panel shows it: `./NAME` in the working folder (or under it), else whole.
    static func shown(_ path: String) -> String {
        let folder = absolute(FileManager.default.currentDirectoryPath)
        let full = absolute(path)
        return full.hasPrefix(folder + "/") ? "./" + full.dropFirst(folder.count + 1) : full
    }
}
