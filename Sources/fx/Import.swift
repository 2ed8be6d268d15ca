import ArgumentParser
import FXCore
import FXImport
import FXSDL
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn another particle tool's file into an fx effect file.",
        discussion: """
            Reads FILE (several files are read together as one effect by the families that \
            need it) and writes a pretty-printed effect file with "$schema" and a "//" note \
            naming the source, plus any texture decoded from the source, beside it. Every source \
            key that was approximated or dropped is printed to stderr as \
            FILE:LINE: warning: KEY: why. Formats: \(ImportFormat.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")); \
            detected from the content unless --from names one. Without --out the effect is \
            written beside the first source as NAME.fx.json; an --out that names a folder (an \
            existing one, or a path ending in /) gets NAME.fx.json inside it. No file is \
            overwritten unless --force is given (the effect and every texture it writes), and a \
            source file never is. See docs/importing.md.

            Example: fx import Examples/imports/campfire.plist --out campfire.json && fx campfire.json
            """)

    @Argument(help: "The source file(s).")
    var files: [String]

    @Option(help: ArgumentHelp("The effect file to write (default: NAME.fx.json beside the first source).", valueName: "effect.json"))
    var out: String?

    @Flag(help: "Replace an effect file or texture that already exists (through a symbolic link, the file it names; a source file is never replaced).")
    var force = false

    @Option(help: ArgumentHelp("The source format: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: detected).", valueName: "format"))
    var from: String?

    func run() throws {
        do {
            var format: ImportFormat?
            if let from {
                guard let named = ImportFormat(rawValue: from.lowercased()) else { throw ImportError.unknownFormat(from) }
                format = named
            }
            let sources = try files.map { try ImportSource(contentsOf: $0) }
            let outURL = Self.outputURL(out, sources: sources)
            var name = outURL.deletingPathExtension().lastPathComponent
            if name.hasSuffix(".fx") { name = String(name.dropLast(3)) }
            let found = try EffectImport.detectFormat(of: sources, format: format)
            let result = try EffectImport.run(sources, format: found, name: name)
            let folder = outURL.deletingLastPathComponent()
            let targets = [outURL.path] + result.files.map { folder.appendingPathComponent($0.relativePath).path }
            try Self.checkTargets(targets, sources: files, force: force)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw WriteFailure(path: folder.path, reason: "cannot make the folder: \(Self.folderReason(folder.path, error))")
            }
            for file in result.files {
                let target = folder.appendingPathComponent(file.relativePath)
                let contents = file.convertsToPNG ? try Self.png(converting: file.contents) : file.contents
                try Self.write(contents, to: target.path, force: force)
            }
            try Self.write(Data(EffectImport.document(for: result, sources: sources, format: found, folder: folder).utf8),
                           to: outURL.path, force: force)
            for warning in result.warnings { printError(warning.description) }
            let shown = out.map { URL(fileURLWithPath: $0).path == outURL.path ? $0 : ($0.hasSuffix("/") ? $0 : $0 + "/") + outURL.lastPathComponent } ?? outURL.path
            printError("fx: wrote \(shown) (\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s"))")
        } catch let error where error is ImportError || error is SDLError || error is ImportFailure || error is WriteFailure
                    || error is EffectFileWriteError || error is FileReadError {
            // The errors that say what is wrong in words of their own.
            printError("fx import: \(error)")
            throw ExitCode(1)
        } catch let error as CocoaError {
            printError("fx import: \(Self.reason(error))")
            throw ExitCode(1)
        }
    }

    /// The effect file to write: `out`, NAME.fx.json inside `out` when it names a folder (one
    /// that exists, or a path ending in `/`), or NAME.fx.json beside the first source.
    static func outputURL(_ out: String?, sources: [ImportSource]) -> URL {
        let fileName = sources[0].baseName + ".fx.json"
        guard let out else { return sources[0].folder.appendingPathComponent(fileName) }
        var isDirectory: ObjCBool = false
        if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return URL(fileURLWithPath: out, isDirectory: true).appendingPathComponent(fileName)
        }
        return URL(fileURLWithPath: out)
    }

    /// Writes `data` as the file at `path`: a new file (never over one that appeared since the
    /// targets were checked), or with `force` over an existing one through
    /// `EffectFileWriter.replace`, as `fx set` writes: through a symbolic link to the file it
    /// names (the link stays a link), in place for a file with several hard links, keeping the
    /// file's mode, and refusing a file its user may not write.
    static func write(_ data: Data, to path: String, force: Bool) throws {
        if force, FileManager.default.fileExists(atPath: path) {
            try EffectFileWriter.replace(path, with: [UInt8](data))
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw WriteFailure(path: path, reason: reason(error))
        }
    }

    /// Refuses to write over a source file (even with `force`), or over any existing file
    /// without `force`: the effect and each texture are checked before anything is written. A
    /// symbolic link naming no file is refused too: `force` writes through a link to the file
    /// it names, and there is none.
    static func checkTargets(_ targets: [String], sources: [String], force: Bool) throws {
        func identity(_ path: String) -> (dev_t, ino_t)? {
            var status = stat()
            return stat(path, &status) == 0 ? (status.st_dev, status.st_ino) : nil
        }
        let sourceIdentities = sources.compactMap { source in identity(source).map { (source, $0) } }
        var existing: [String] = []
        for target in targets {
            var own = stat()
            if lstat(target, &own) == 0, own.st_mode & S_IFMT == S_IFLNK, identity(target) == nil {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: target)) ?? "?"
                throw ImportFailure("\(target) is a symbolic link to \(destination), which does not exist; fx writes through a link to the file it names: remove the link, or give another --out")
            }
            guard FileManager.default.fileExists(atPath: target) || identity(target) != nil else { continue }
            if let target = identity(target), let source = sourceIdentities.first(where: { $0.1 == target })?.0 {
                throw ImportFailure("\(source) is a source of this import and would be overwritten by what it writes; give another --out (without --out the effect is written beside the source as NAME.fx.json)")
            }
            existing.append(target)
        }
        guard force || existing.isEmpty else {
            let named = existing
            throw ImportFailure("\(named.joined(separator: ", ")) already exist\(named.count == 1 ? "s" : ""); fx does not overwrite files: give --force to replace \(named.count == 1 ? "it" : "them"), or another --out")
        }
        // As `fx set`: a file its user may not write (or with no write permission at all) is
        // left alone, and found before anything is written.
        for target in existing {
            var status = stat()
            guard stat(target, &status) == 0, access(target, W_OK) != 0 || status.st_mode & 0o222 == 0 else { continue }
            throw ImportFailure("\(target) is not writable (mode \(String(status.st_mode & 0o7777, radix: 8))); nothing was written: make it writable (chmod u+w \(target)) or give another --out")
        }
    }

    /// A refusal before anything is written.
    struct ImportFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A file that could not be written, and why.
    struct WriteFailure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Why a folder could not be made: a file in the way on its path, or the system's reason.
    static func folderReason(_ folder: String, _ error: Error) -> String {
        var ancestor = folder
        var isDirectory: ObjCBool = false
        while !ancestor.isEmpty, ancestor != "/" {
            if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(ancestor) is a file, not a folder" }
                if !FileManager.default.isWritableFile(atPath: ancestor) { return "the folder \(ancestor) is not writable" }
                break
            }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        return reason(error)
    }

    /// The system's reason for a Foundation file error, in words (Foundation on Linux says only
    /// "NSCocoaErrorDomain error 512").
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "the disk is full"
            case .fileWriteVolumeReadOnly: return "the volume is read-only"
            case .fileWriteFileExists: return "a file is in the way"
            case .fileNoSuchFile: return "a folder on the way does not exist"
            default: break
            }
        }
        return nsError.localizedDescription
    }

    /// `image` (any format SDL_image reads: a TIFF embedded in a Particle Designer file) as a
    /// PNG's bytes.
    static func png(converting image: Data) throws -> Data {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("fx-import-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).image")
        try image.write(to: temporary)
        defer { try? FileManager.default.removeItem(at: temporary) }
        var decoded = try PNGFile.read(temporary.path)
        let isTIFF = image.starts(with: [0x49, 0x49, 0x2A, 0x00]) || image.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
        if isTIFF {
            // SDL_image reads TIFF through libtiff's TIFFReadRGBAImage, which always returns
            // premultiplied (associated) alpha; fx textures are straight alpha.
            for index in stride(from: 0, to: decoded.pixels.count, by: 4) {
                let alpha = Int(decoded.pixels[index + 3])
                guard alpha > 0, alpha < 255 else { continue }
                for channel in 0..<3 {
                    decoded.pixels[index + channel] = UInt8(min(255, (Int(decoded.pixels[index + channel]) * 255 + alpha / 2) / alpha))
                }
            }
        }
        let converted = temporary.appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: converted) }
        try PNGFile.write(decoded, to: converted.path)
        return try Data(contentsOf: converted)
    }
}
