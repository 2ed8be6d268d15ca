import ArgumentParser
import FXCore
import FXEffects
import FXExport
import FXSDL
import FXWindow
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

    /// Writes the export's files (the source and the image files it loads by name beside it,
    /// or the bundle folder), refusing first any that exist without --force. Returns the path
    /// written.
    private func write(_ result: ExportResult, format: ExportFormat, name: String) throws -> String {
        let target = out ?? name + "." + format.pathExtension
        try Import.checkTargets(ExportedFiles.targets(of: result, at: target).map(\.path), sources: [], force: force)
        do {
            try ExportedFiles.write(result, to: target, overwrite: force)
        } catch let failure as ExportedFiles.Failure {
            throw Import.WriteFailure(path: failure.path, reason: failure.reason)
        }
        return target
    }
}
