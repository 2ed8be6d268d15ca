import ArgumentParser
import FXImport
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
                try file.contents.write(to: folder.appendingPathComponent(file.relativePath))
            }
            try Data(EffectImport.document(for: result, sources: sources, format: found, folder: folder).utf8).write(to: outURL)
            for warning in result.warnings { printError(warning.description) }
            printError("fx: wrote \(out ?? outURL.path) (\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s"))")
        } catch let error as ImportError {
            printError("fx import: \(error)")
            throw ExitCode(1)
        } catch let error as CocoaError {
            printError("fx import: \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
