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
