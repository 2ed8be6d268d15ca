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
    public static func run(_ sources: [ImportSource], format: ImportFormat? = nil, name: String) throws -> ImportResult {
        let found = try detectFormat(of: sources, format: format)
        // Whatever the source says, the effect written is one fx accepts.
        return try found.importer.makeEffect(from: sources, name: name).clampedToRanges(source: sources[0].path)
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
        return ImportedJSON.object(members).serialized() + "\n"
    }
}
