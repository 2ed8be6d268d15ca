import FXCore
import Foundation

extension CAMLMapping {
    /// Where a part of the effect came from: its line and what to call it in a warning.
    struct Origin {
        var line: Int
        var label: String
    }

    /// The effect with its markers removed, decoded as fx will load it (ranges clamped as
    /// ``EffectImport`` clamps them, textures from memory); each part fx refuses — a key path
    /// a layer does not have, a value of the wrong kind — is dropped with a warning at its line
    /// naming the decoder's reason, and the rest decoded again (at most 16 rounds). An error
    /// that no single part explains fails the import as before.
    mutating func repaired(_ marked: ImportedJSON) throws -> ImportedJSON {
        var tree = marked
        var last: [String] = []
        for _ in 0..<16 {
            var table: [String: Origin] = [:]
            let clean = Self.strip(tree, path: "$", table: &table)
            let candidate = ImportResult(effect: clean, warnings: [], files: files).clampedToRanges(source: file)
            let text = candidate.effect.serialized() + "\n"
            do {
                _ = try EffectDecoder.decode(bytes: Array(text.utf8), file: "the imported effect", resources: ImportedResources(files))
                return clean
            } catch let error as EffectLoadError {
                let problems = error.diagnostics.filter { $0.severity == .error }
                last = problems.map(\.description)
                var drops: Set<String> = []
                for problem in problems {
                    guard let match = Self.droppable(problem.path, in: table) else {
                        throw ImportError.invalidEffect(path: file, problems: problems.isEmpty ? [error.description] : problems.map(\.description))
                    }
                    if drops.insert(match).inserted, let origin = table[match] {
                        notes.warn(origin.label, "dropped: fx would not load it: \(problem.message)\(problem.suggestion.map { " (\($0))" } ?? "")", line: origin.line)
                    }
                }
                guard !drops.isEmpty else { throw ImportError.invalidEffect(path: file, problems: [error.description]) }
                tree = Self.removing(drops, from: tree, path: "$")
            }
        }
        throw ImportError.invalidEffect(path: file, problems: last)
    }

    /// The longest part of `path` (a decoder's JSON path) that can be dropped, never the root layer.
    static func droppable(_ path: String, in table: [String: Origin]) -> String? {
        var candidate = path
        while !candidate.isEmpty {
            if table[candidate] != nil, candidate != "$.layers[0]" { return candidate }
            guard let cut = candidate.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            candidate = String(candidate[..<cut])
        }
        return nil
    }

    /// A member's JSON path as FXCore's decoder writes it: `.key`, or `["key"]` for a key that
    /// is not an identifier.
    static func memberPath(_ path: String, _ key: String) -> String {
        let isIdentifier = !key.isEmpty && key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            && !("0"..."9").contains(key.unicodeScalars.first!)
        if isIdentifier { return path + "." + key }
        return path + "[\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
    }

    /// `json` without markers; the parts that carry them are entered in `table`.
    static func strip(_ json: ImportedJSON, path: String, table: inout [String: Origin]) -> ImportedJSON {
        switch json {
        case .object(let members):
            var line: Int?
            var label = ""
            var lines: [ImportedMember] = []
            var kept: [ImportedMember] = []
            for member in members {
                switch member.key {
                case lineMarker: line = member.value.number.map { Int($0) }
                case labelMarker: label = member.value.text ?? ""
                case linesMarker: lines = member.value.members
                default: kept.append(member)
                }
            }
            if let line { table[path] = Origin(line: line, label: label) }
            for entry in lines {
                if let number = entry.value.number { table[memberPath(path, entry.key)] = Origin(line: Int(number), label: entry.key) }
            }
            return .object(kept.map { ImportedMember(entry: $0.key, strip($0.value, path: memberPath(path, $0.key), table: &table)) })
        case .array(let items):
            return .array(items.enumerated().map { strip($0.element, path: path + "[\($0.offset)]", table: &table) })
        default:
            return json
        }
    }

    /// `json` without the parts at `paths`.
    static func removing(_ paths: Set<String>, from json: ImportedJSON, path: String) -> ImportedJSON {
        switch json {
        case .object(let members):
            return .object(members.compactMap { member in
                let memberPath = memberPath(path, member.key)
                return paths.contains(memberPath) ? nil : ImportedMember(entry: member.key, removing(paths, from: member.value, path: memberPath))
            })
        case .array(let items):
            return .array(items.enumerated().compactMap { item in
                let itemPath = path + "[\(item.offset)]"
                return paths.contains(itemPath) ? nil : removing(paths, from: item.element, path: itemPath)
            })
        default:
            return json
        }
    }
}
