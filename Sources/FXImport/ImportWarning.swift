/// A source key that was approximated or dropped, and why; printed as
/// `file:line: warning: key: why`, the form editors and compilers use.
public struct ImportWarning: Equatable, Sendable, CustomStringConvertible {
    /// The source file.
    public var file: String
    /// The 1-based line of the key in the source (1 when the format has no lines, e.g. a binary plist).
    public var line: Int
    /// The source key (or keys) concerned.
    public var key: String
    /// What happened to it and why.
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
