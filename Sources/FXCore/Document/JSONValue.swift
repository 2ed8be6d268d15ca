/// A JSON value as written in the file, with where it was written. Objects keep their members
/// in file order (and duplicates, so that the decoder can report them).
public indirect enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, read as a double.
    case number(Double)
    /// A string, its escapes decoded.
    case string(String)
    /// An array's elements, in order.
    case array([JSONNode])
    /// An object's members, in file order, duplicates kept.
    case object([JSONMember])

    /// How the decoder names this kind of value in messages ("a number", "an object", …).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
