import ArgumentParser
import FXCore
import FXEffects
import FXExport
import FXSDL
import Foundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an effect as Core Animation code (Swift, Objective-C) or a Core Animation document (.ca).",
        discussion: """
            Swift and Objective-C: one source file with a function that builds and returns the \
            effect's root layer (its bounds are the canvas), every property set with Core \
            Animation's names and every animation added with its key; built-in textures are drawn \
            by a generated helper, the effect's image files are copied beside the source. CAML: a \
            .ca bundle folder with main.caml, index.xml and assets/. The format comes from --to, \
            else from the --out extension (.swift, .m, .ca, .caml). Without --out, code is printed \
            on stdout and a bundle is written as NAME.ca in the current folder. fx's own keys that \
            Core Animation cannot express are approximated or dropped, each printed to stderr as \
            EFFECT:LINE: warning: KEY: what was done; --strict makes them errors (nothing is \
            written). `fx import` reads every export back. See docs/exporting.md.

            Example: fx export confetti --to swift --out ConfettiLayer.swift
            """)

    @Argument(help: "An effect name (see `fx list`) or a path to an effect file.")
    var effect: String

    @Option(help: ArgumentHelp("The format: \(ExportFormat.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: ", ")) (default: from --out's extension).", valueName: "format"))
    var to: String?

    @Option(help: ArgumentHelp("The file (or, for caml, the bundle folder) to write.", valueName: "path"))
    var out: String?

    @Option(help: ArgumentHelp("The platform code is written for: ios (UIKit, the default) or macos (AppKit).", valueName: "platform"))
    var platform: String = ExportPlatform.ios.rawValue

    @Flag(help: "Treat every approximated or dropped key as an error: print them and write nothing.")
    var strict = false

    @Flag(help: "Replace files that already exist.")
    var force = false

    func run() throws {
        do {
            let format = try chosenFormat()
            guard let platform = ExportPlatform(rawValue: platform.lowercased()) else {
                throw Import.ImportFailure("unknown --platform \"\(platform)\": use \(ExportPlatform.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            let options = try EffectOptions.parse([effect])
            let path = try options.locate()
            let bytes: [UInt8]
            do {
                bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw Import.ImportFailure("cannot read \(path): \(Import.reason(error))")
            }
            let document: EffectDocument
            do {
                document = try EffectDocument(bytes: bytes, file: path, baseDirectory: (path as NSString).deletingLastPathComponent,
                                              resources: SystemResources())
            } catch let error as EffectLoadError {
                printError(error.description)
                printError("fx: \(path) has \(error.errorCount) error\(error.errorCount == 1 ? "" : "s")")
                throw ExitCode(1)
            }
            let outputName = out.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? document.effect.name
            let result = EffectExport.run(document, format: format, platform: platform, name: outputName)
            if strict && !result.warnings.isEmpty {
                for warning in result.warnings { printError("\(warning.file):\(warning.line): error: \(warning.key): \(warning.message)") }
                printError("fx export: \(result.warnings.count) key\(result.warnings.count == 1 ? "" : "s") Core Animation cannot express, and --strict makes them errors; nothing was written")
                throw ExitCode(1)
            }
            for warning in result.warnings { printError(warning.description) }
            if format != .caml, out == nil, case .text(let source)? = result.files.first?.contents {
                print(source, terminator: "")
                return
            }
            let written = try write(result, format: format, name: outputName)
            printError("fx: wrote \(written) (\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s"))")
        } catch let error as Import.ImportFailure {
            printError("fx export: \(error)")
            throw ExitCode(1)
        } catch let error as Import.WriteFailure {
            printError("fx export: \(error)")
            throw ExitCode(1)
        }
    }

    /// The format --to names, else the one --out's extension names.
    private func chosenFormat() throws -> ExportFormat {
        if let to {
            guard let format = ExportFormat(rawValue: to.lowercased()) else {
                throw Import.ImportFailure("unknown --to \"\(to)\": use \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return format
        }
        if let out, let format = ExportFormat(pathExtension: URL(fileURLWithPath: out).pathExtension) {
            return format
        }
        throw Import.ImportFailure("say what to write: --to \(ExportFormat.allCases.map(\.rawValue).joined(separator: "|")), or an --out ending in .swift, .m or .ca")
    }

    /// Writes the export's files: the source and the image files it loads by name beside it,
    /// or the bundle folder. Returns the path written.
    private func write(_ result: ExportResult, format: ExportFormat, name: String) throws -> String {
        let fileManager = FileManager.default
        let target = out ?? name + "." + format.pathExtension
        let folder: URL
        var targets: [(URL, ExportedFile)] = []
        if result.isBundle {
            folder = URL(fileURLWithPath: target, isDirectory: true)
            targets = result.files.map { (folder.appendingPathComponent($0.relativePath), $0) }
        } else {
            let main = URL(fileURLWithPath: target)
            folder = main.deletingLastPathComponent()
            targets = result.files.enumerated().map { index, file in
                (index == 0 ? main : folder.appendingPathComponent(file.relativePath), file)
            }
        }
        try Import.checkTargets(targets.map(\.0.path), sources: [], force: force)
        for (url, file) in targets {
            let parent = url.deletingLastPathComponent()
            do {
                try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            } catch {
                throw Import.WriteFailure(path: parent.path, reason: "cannot make the folder: \(Import.folderReason(parent.path, error))")
            }
            switch file.contents {
            case .text(let text):
                try Import.write(Data(text.utf8), to: url.path, force: force)
            case .image(let image):
                do {
                    try PNGFile.write(image, to: url.path)
                } catch {
                    throw Import.WriteFailure(path: url.path, reason: "\(error)")
                }
            case .copy(let source):
                guard URL(fileURLWithPath: source).standardizedFileURL != url.standardizedFileURL else { continue }
                let data: Data
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: source))
                } catch {
                    throw Import.WriteFailure(path: url.path, reason: "cannot read the texture \(source): \(Import.reason(error))")
                }
                try Import.write(data, to: url.path, force: force)
            }
        }
        return target
    }
}
