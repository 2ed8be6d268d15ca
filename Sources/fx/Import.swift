import ArgumentParser
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
            written beside the first source as NAME.fx.json. See docs/importing.md.

            Example: fx import Examples/imports/campfire.plist --out campfire.json && fx campfire.json
            """)

    @Argument(help: "The source file(s).")
    var files: [String]

    @Option(help: ArgumentHelp("The effect file to write (default: NAME.fx.json beside the first source).", valueName: "effect.json"))
    var out: String?

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
            let outURL = URL(fileURLWithPath: out ?? sources[0].folder.appendingPathComponent(sources[0].baseName + ".fx.json").path)
            var name = outURL.deletingPathExtension().lastPathComponent
            if name.hasSuffix(".fx") { name = String(name.dropLast(3)) }
            let found = try EffectImport.detectFormat(of: sources, format: format)
            let result = try EffectImport.run(sources, format: found, name: name)
            let folder = outURL.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in result.files {
                let target = folder.appendingPathComponent(file.relativePath)
                if file.convertsToPNG {
                    try Self.writePNG(converting: file.contents, to: target.path)
                } else {
                    try file.contents.write(to: target)
                }
            }
            try Data(EffectImport.document(for: result, sources: sources, format: found, folder: folder).utf8).write(to: outURL)
            for warning in result.warnings { printError(warning.description) }
            printError("fx: wrote \(out ?? outURL.path) (\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s"))")
        } catch let error as ImportError {
            printError("fx import: \(error)")
            throw ExitCode(1)
        } catch let error as SDLError {
            printError("fx import: \(error)")
            throw ExitCode(1)
        } catch let error as CocoaError {
            printError("fx import: \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }

    /// Writes `image` (any format SDL_image reads: a TIFF embedded in a Particle Designer file)
    /// as a PNG at `path`.
    static func writePNG(converting image: Data, to path: String) throws {
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
        try PNGFile.write(decoded, to: path)
    }
}
