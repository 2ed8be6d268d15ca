/// A JSON value with its source location.
public struct JSONNode: Equatable, Sendable {
    /// The value as written.
    public var value: JSONValue
    /// Where the value starts in the file.
    public var location: SourceLocation

    /// A node for `value`, written at `location`.
    public init(_ value: JSONValue, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension JSONNode {
    /// The node at a path below this one, if there is one.
    func node(at path: [JSONPathComponent]) -> JSONNode? {
        var current = self
        for component in path {
            switch (component, current.value) {
            case (.key(let key), .object(let members)):
                guard let member = members.first(where: { $0.key == key }) else { return nil }
                current = member.value
            case (.index(let index), .array(let elements)):
                guard index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
