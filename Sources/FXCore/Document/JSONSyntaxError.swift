/// A syntax error in a JSON file, at a place in it.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// Where the parser found the problem: the offending byte, or the end of the file.
    public var location: SourceLocation
    /// What was found and what was expected there.
    public var message: String
}
