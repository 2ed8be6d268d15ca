/// A JSON value with its source location.
public struct JSONNode: Equatable, Sendable {
    /// The value as written.
    public var value: JSONValue
    /// Where the value starts in the file.
    public var location: SourceLocation
    /// The byte offset just past the value's last byte, when it was parsed from a file: with
    /// ``location`` it gives the value's exact bytes, which an ``EffectDocument`` replaces.
    public var endOffset: Int?

    /// A node for `value`, written at `location` (and ending before `endOffset`).
    public init(_ value: JSONValue, at location: SourceLocation, endOffset: Int? = nil) {
        self.value = value
        self.location = location
        self.endOffset = endOffset
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
