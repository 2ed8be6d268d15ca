/// One problem found in an effect file: where it is, which JSON value, and what to do about it.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    /// How serious a problem is; the raw value is the word printed in ``description``.
    public enum Severity: String, Sendable {
        /// The effect cannot be loaded as written.
        case error
        /// The effect loads, but probably does not do what was meant.
        case warning
    }

    /// Whether the problem stops the effect from loading.
    public var severity: Severity
    /// The file as the user named it.
    public var file: String
    /// 1-based line and column; nil when the problem is not at one place (a missing file).
    public var line: Int?
    /// 1-based column in characters; nil when the problem is not at one place.
    public var column: Int?
    /// The JSON path of the value, `$.layers[0].emitterCells[2].birthRate`.
    public var path: String
    /// What is wrong, including what was expected.
    public var message: String
    /// A way out: "did you mean …?" for misspellings, or what to write instead.
    public var suggestion: String?

    /// A diagnostic; an error unless `severity` says otherwise.
    public init(severity: Severity = .error, file: String, line: Int? = nil, column: Int? = nil,
                path: String, message: String, suggestion: String? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.suggestion = suggestion
    }

    /// `file:line:column: error: $.path: message; suggestion` — the form compilers use, so
    /// editors and terminals can jump to the place.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        text += ": \(severity.rawValue): "
        if !path.isEmpty { text += "\(path): " }
        text += message
        if let suggestion { text += "; \(suggestion)" }
        return text
    }
}
