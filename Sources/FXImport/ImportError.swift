/// Why an import could not be made at all (what can be approximated is a warning instead).
public enum ImportError: Error, Equatable, CustomStringConvertible {
    /// The file is missing or unreadable.
    case unreadable(path: String, reason: String)
    /// No importer recognises the file; lists the formats fx reads.
    case undetected(path: String)
    /// `--from` names no format fx reads.
    case unknownFormat(String)
    /// The file is of the format but malformed.
    case malformed(path: String, line: Int, message: String)
    /// The file is of the format but malformed at a line and column (a CAML document's XML).
    case malformedAt(path: String, line: Int, column: Int, message: String)
    /// The importer reads one file at a time and was given several.
    case tooManyFiles(format: String, count: Int)
    /// The effect made of the file would not load in fx (a texture too large, or not an
    /// image): the decoder's errors, so that nothing is written that `fx validate` refuses.
    case invalidEffect(path: String, problems: [String])

    /// The formats, for the messages.
    static var formatList: String {
        ImportFormat.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: ", ")
    }

    /// A message naming the file and what was expected.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .undetected(let path): return "\(path): not a format fx can import; fx imports \(Self.formatList) — name one with --from"
        case .unknownFormat(let name): return "unknown format '\(name)' for --from; fx imports \(Self.formatList)"
        case .malformed(let path, let line, let message): return "\(path):\(line): error: \(message)"
        case .malformedAt(let path, let line, let column, let message): return "\(path):\(line):\(column): error: \(message)"
        case .tooManyFiles(let format, let count): return "the \(format) importer reads one file; \(count) were given"
        case .invalidEffect(let path, let problems):
            return "\(path): error: the effect made of this file would not load in fx, so nothing was written:\n"
                + problems.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}
