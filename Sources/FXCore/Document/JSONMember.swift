/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The key, its escapes decoded.
    public var key: String
    /// Where the key's opening quote is in the file.
    public var keyLocation: SourceLocation
    /// The member's value, with its own location.
    public var value: JSONNode
}
