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

/// An effect that could not be loaded, with every problem found in it (not just the first).
public struct EffectLoadError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, errors and warnings, in the order they were found.
    public var diagnostics: [Diagnostic]

    /// An error carrying `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The number of diagnostics that are errors (the rest are warnings).
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// The closest of `candidates` to `word`, when it is close enough to be a likely misspelling.
public func closestMatch(to word: String, in candidates: [String]) -> String? {
    // Nothing long is a misspelling of a name; and edit distance is quadratic in length.
    guard word.count <= 64 else { return nil }
    let lowered = word.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = candidate.lowercased() == lowered ? 0 : editDistance(lowered, candidate.lowercased())
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(2, word.count / 3)
    return best.distance <= allowed ? best.name : nil
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
