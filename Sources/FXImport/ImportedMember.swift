/// One key and value of an ``ImportedJSON`` object.
public struct ImportedMember: Equatable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: ImportedJSON

    /// A member.
    public init(_ key: String, _ value: ImportedJSON) {
        self.key = key
        self.value = value
    }
}
