import Foundation
import FXCore

/// The entry point of `fx import`: detects the family, runs its importer, and writes the effect
/// file with `$schema` and a note naming the source.
public enum EffectImport {
    /// The family of `sources`: `format` when given, else the first whose importer detects the
    /// first source.
    public static func detectFormat(of sources: [ImportSource], format: ImportFormat? = nil) throws -> ImportFormat {
        if let format { return format }
        guard let first = sources.first else { throw ImportError.unknownFormat("") }
        guard let found = ImportFormat.allCases.first(where: { $0.importer.detects(first) }) else {
            throw ImportError.undetected(path: first.path)
        }
        return found
    }

    /// Imports `sources` as one effect named `name`.
    /// - Throws: ``ImportError`` when a source cannot be read, and
    ///   ``ImportError/invalidEffect(path:problems:)`` when the effect made of it would not load
    ///   in fx: an import either makes an effect that validates or fails with the reason.
    public static func run(_ sources: [ImportSource], format: ImportFormat? = nil, name: String) throws -> ImportResult {
        let found = try detectFormat(of: sources, format: format)
        // Whatever the source says, the effect written is one fx accepts.
        let result = try found.importer.makeEffect(from: sources, name: name).clampedToRanges(source: sources[0].path)
        try validate(result, source: sources[0].path)
        return result
    }

    /// Decodes `result`'s effect with FXCore's decoder, its textures served from memory
    /// (``ImportedResources``), as `fx validate` will read the file written.
    /// - Throws: ``ImportError/invalidEffect(path:problems:)`` naming `source` and every error.
    public static func validate(_ result: ImportResult, source: String) throws {
        let text = result.effect.serialized(exactNumbers: result.exactNumbers) + "\n"
        do {
            _ = try EffectDecoder.decode(bytes: Array(text.utf8), file: "the imported effect", resources: ImportedResources(result.files))
        } catch let error as EffectLoadError {
            let problems = error.diagnostics.filter { $0.severity == .error }.map(\.description)
            throw ImportError.invalidEffect(path: source, problems: problems.isEmpty ? [error.description] : problems)
        }
    }

    /// The effect file's text: `$schema` (a path to the shipped schema relative to `folder` when
    /// a checkout of fx holds the folder, else the path the shipped examples use), a `//` note
    /// naming the sources, then the effect's members.
    /// - Parameter format: the family the sources were read as, named in the note.
    public static func document(for result: ImportResult, sources: [ImportSource], format: ImportFormat, folder: URL) -> String {
        var members: [ImportedMember] = [
            ImportedMember(entry: EffectSchema.schemaKey, .string(EffectSchema.relativePath(from: folder))),
        ]
        let names = sources.map { URL(fileURLWithPath: $0.path).lastPathComponent }.joined(separator: ", ")
        members.append(ImportedMember(entry: EffectSchema.commentPrefix, .string("Imported by fx import from \(names) (\(format.summary)); \(result.warnings.count) key(s) approximated or dropped, listed when it ran. See docs/importing.md.")))
        if case .object(let rest) = result.effect { members += rest }
        return ImportedJSON.object(members).serialized(exactNumbers: result.exactNumbers) + "\n"
    }
}
