import ArgumentParser
import FXCore
import FXExport
import FXEffects
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check effect files without running them.",
        discussion: """
            Prints every problem of every file as `file:line:column: error|warning: $.json.path: \
            message; suggestion`, and a summary line per file. Warnings are legal but suspicious \
            values: a birthRate with lifetime 0, particles invisible at birth or faded out before \
            their first step, an emitter whose particles never reach the canvas, an effect whose \
            simulation is very costly (over 2 billion particle-steps, estimated from its particles, \
            prewarm, duration and behaviours: see docs/performance.md). Exit status 0 when no file \
            has errors, 1 otherwise.

            Example: fx validate effects/*.json
            """)

    @Argument(help: "Effect files (or names, looked up as for other commands).")
    var files: [String]

    func run() throws {
        var failed = false
        let catalog = EffectCatalog.standard()
        for argument in files {
            let path: String
            do {
                path = try catalog.locate(argument)
            } catch {
                printError("\(argument): error: \(error)")
                failed = true
                continue
            }
            do {
                let bytes = try EffectDecoder.read(path: path, displayName: argument)
                let effect = try EffectDecoder.decode(bytes: bytes, file: argument, baseDirectory: EffectDecoder.baseDirectory(of: path),
                                                      sourcePath: path, resources: SystemResources())
                var warnings = effect.warnings + EffectLinter.warnings(for: effect, bytes: bytes, file: argument)
                if let costly = SimulationCost(effect: effect).warning(effect: effect, file: argument, bytes: bytes) { warnings.append(costly) }
                for warning in warnings { print(warning.description) }
                print("\(argument): ok\(warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")")")
            } catch let error as EffectLoadError {
                for diagnostic in error.diagnostics { print(diagnostic.description) }
                let errors = error.errorCount
                print("\(argument): \(errors) error\(errors == 1 ? "" : "s")")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of effect files (the one shipped as schema/fx-effect-v1.schema.json).",
        discussion: """
            The schema is generated from the decoder's own key tables. Name it in an effect with \
            "$schema": "../schema/fx-effect-v1.schema.json" and editors complete keys and check \
            types as you type.

            Example: fx schema > schema/fx-effect-v1.schema.json

            With --update-key-tables FILE, it writes instead the key tables of a Markdown file \
            anew, between its <!-- keys: OWNER --> and <!-- /keys --> markers (OWNER: effect, \
            layer, mediaTiming, emitterLayer, emitterCell, extensions, replicatorLayer, \
            gradientLayer, shapeLayer, textLayer, imageLayer, animations), and the table of what \
            fx export does with each key between <!-- export-keys --> and <!-- /export-keys -->, \
            from the same property registry the decoder and the schema read. tools/docs --sync \
            runs it on docs/effect-format.md and docs/exporting.md.
            """)

    @Option(name: .customLong("update-key-tables"), help: ArgumentHelp("Rewrite the key tables of this Markdown file instead of printing the schema.", valueName: "file"))
    var keyTablesFile: String?

    func run() throws {
        guard let keyTablesFile else {
            print(EffectSchema.json(), terminator: "")
            return
        }
        let text = try String(contentsOfFile: keyTablesFile, encoding: .utf8)
        let updated = ExportKeyTable.updatingTables(in: PropertyTable.updatingTables(in: text))
        if updated != text { try updated.write(toFile: keyTablesFile, atomically: true, encoding: .utf8) }
    }
}
