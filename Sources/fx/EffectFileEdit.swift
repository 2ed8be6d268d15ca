import ArgumentParser
import FXCore
import FXEffects
import Foundation

/// How `fx add`, `fx remove`, `fx duplicate`, `fx rename` and `fx move` change a file, as `fx set` does:
/// under the file's lock, through links, keeping its mode; a refused change leaves it byte for
/// byte and exits 1 with `fx COMMAND: FILE: what is wrong`.
enum EffectFileEdit {
    /// Runs `change` on `file`'s document and writes the result; prints what `change` returns
    /// (the key path of what was made), if anything.
    static func run(_ command: String, file: String, retry: String, change: (inout EffectDocument) throws -> String?) throws {
        if let copy = SetValues.shippedEffect(named: file) {
            printError("fx \(command): \(file): no such file; \(copy) is a shipped effect, which fx \(command) does not change: make your own copy with `fx new my-\(copy) --from \(copy)`, then `fx \(command) my-\(copy).json \(retry)`")
            throw ExitCode(1)
        }
        var printed: String?
        do {
            // A file that cannot be read is named as every command names it.
            _ = try EffectDecoder.read(path: file, displayName: file)
            try EffectFileWriter.update(file) { bytes in
                var document = try EffectDocument(bytes: bytes, file: file, baseDirectory: EffectDecoder.baseDirectory(of: file),
                                                  resources: SystemResources())
                do {
                    printed = try change(&document)
                } catch {
                    throw Refused(message: "\(error)")
                }
                return document.bytes
            }
        } catch let error as EffectLoadError {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            throw ExitCode(1)
        } catch let error as Refused {
            printError("fx \(command): \(file): \(error.message)")
            throw ExitCode(1)
        } catch {
            printError("fx \(command): \(error)")
            throw ExitCode(1)
        }
        if let printed { print(printed) }
    }

    /// A change the document refused, told apart from a failure to read or write the file.
    private struct Refused: Error {
        var message: String
    }
}
