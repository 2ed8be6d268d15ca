/// An fx key that Core Animation cannot express, and what the exporter did with it
/// (approximated or dropped); printed as `file:line: warning: key: what was done`, the form
/// `fx import` uses.
public struct ExportWarning: Equatable, Sendable, CustomStringConvertible {
    /// The effect file.
    public var file: String
    /// The 1-based line of the key in the effect file (1 when it is not written there).
    public var line: Int
    /// The key (or key path) concerned, as the effect file writes it.
    public var key: String
    /// What was done with it and why.
    public var message: String

    /// A warning.
    public init(file: String, line: Int, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `file:line: warning: key: message`.
    public var description: String { "\(file):\(line): warning: \(key): \(message)" }
}
