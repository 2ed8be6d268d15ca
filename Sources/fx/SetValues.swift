import ArgumentParser
import FXCore
import FXEffects
import Foundation

/// `fx set`: changes values in an effect file in place, the way the window's panel saves.
struct SetValues: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change values in an effect file in place, leaving every other byte as it was.",
        discussion: """
            Each LAYER.KEYPATH VALUE pair replaces that value's text in the file, or adds the key \
            beside its siblings in the file's own indentation when the file does not set it. Key \
            paths are the ones inspect, plot and setValue take \
            (confetti.emitterCells.red.birthRate, spark.emitterPosition.x, a mask or sublayer by \
            its unique name or by steps: label.mask.locations, ring.sublayers.dot.opacity, \
            'ring.sublayers[0].opacity'), written into that layer's object; any key of the \
            format can be set, animatable or not. They also reach inside structures with .KEY \
            and [INDEX] (from 0): ring.animations[0].duration, \
            ring.animations[0].animations[1].toValue, \
            blast.emitterCells.fireball.colorOverLife.values[1]; an index past the end or a \
            step the file lacks is refused, a missing last key is added (quote such paths: shells \
            read brackets as patterns). VALUE is JSON; a bare \
            word that is not JSON is taken as a string, so 40deg, #ff0000 and line need no quotes. \
            VALUE null removes the key instead (the member and the separator before it, nothing \
            else; a key the file does not set is refused), or an element of a list \
            ('ring.animations[0]' null), or a layer or cell named whole, as fx remove does.

            A key path the file has no property at (with the nearest valid one suggested), or a \
            value the file could not hold (wrong kind, out of range), is refused with exit \
            status 1, and the file is left byte for byte as it was; the result always passes \
            fx validate. The file is read and written under a lock on it, so runs at the same \
            time each keep their edits. A symbolic link is written through to the file it names \
            (the link stays); a file with one link is written whole to a temporary file beside \
            it and renamed over it, so it is never half written; one with several hard links is \
            rewritten in place, so every link sees the change. The file keeps its mode (and its \
            owner when allowed); a file without write permission is refused. A shipped effect \
            is not changed: copy it first with fx new my-confetti --from confetti.

            Example: fx set effects/confetti.json confetti.emitterCells.red.birthRate 45 confetti.emitterShape line
            Example: fx set effects/iqiyi-loader.json 'ring.animations[0].duration' 2
            Example: fx set my-confetti.json confetti.emitterCells.red.spinRange null
            """)

    @Argument(help: "The effect file to change.")
    var file: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Pairs of LAYER.KEYPATH and a JSON value.", valueName: "keypath value"))
    var assignments: [String] = []

    func validate() throws {
        guard !assignments.isEmpty, assignments.count % 2 == 0 else {
            throw ValidationError("give pairs of LAYER.KEYPATH and VALUE (got \(assignments.count) word\(assignments.count == 1 ? "" : "s"))")
        }
    }

    func run() throws {
        if let copy = Self.shippedEffect(named: file) {
            printError("fx set: \(file): no such file; \(copy) is a shipped effect, which fx set does not change: make your own copy with `fx new my-\(copy) --from \(copy)`, then `fx set my-\(copy).json \(assignments.joined(separator: " "))`")
            throw ExitCode(1)
        }
        do {
            // A file that cannot be read is named as every command names it.
            _ = try EffectDecoder.read(path: file, displayName: file)
            // Under the file's lock: read, edit, write (through a link, in place for a hard
            // link, keeping the mode), so that runs at the same time each keep their edits.
            try EffectFileWriter.update(file) { bytes in
                var document = try EffectDocument(bytes: bytes, file: file, baseDirectory: EffectDecoder.baseDirectory(of: file),
                                                  resources: SystemResources())
                for pair in stride(from: 0, to: assignments.count, by: 2) {
                    do {
                        let value = assignments[pair + 1].trimmingCharacters(in: .whitespacesAndNewlines)
                        if value == "null" {
                            // null removes: a key, a list's element, or a layer or cell named whole.
                            try document.removeValue(forKeyPath: assignments[pair])
                        } else {
                            try document.setValue(json: assignments[pair + 1], forKeyPath: assignments[pair])
                        }
                    } catch {
                        throw RefusedEdit(message: "\(error)")
                    }
                }
                return document.bytes
            }
        } catch let error as EffectLoadError {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            throw ExitCode(1)
        } catch let error as RefusedEdit {
            printError("fx set: \(file): \(error.message)")
            throw ExitCode(1)
        } catch {
            printError("fx set: \(error)")
            throw ExitCode(1)
        }
    }

    /// An edit the document refused, told apart from a failure to read or write the file.
    private struct RefusedEdit: Error {
        var message: String
    }

    /// The name of the shipped effect `argument` names when no file is there (`confetti`, or
    /// `confetti.json` in a folder without one), or nil.
    static func shippedEffect(named argument: String) -> String? {
        guard !argument.contains("/"), !FileManager.default.fileExists(atPath: argument) else { return nil }
        let name = argument.hasSuffix(".json") ? String(argument.dropLast(5)) : argument
        guard !name.isEmpty, EffectCatalog.standard().entries().contains(where: { $0.name == name }) else { return nil }
        return name
    }
}
