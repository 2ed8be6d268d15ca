/// A place in an effect file: the 1-based line, the byte offset where that line starts, and the
/// byte offset of the place. The column is worked out only when a message needs it
/// (``column(in:)``), which keeps parsing linear even for a file written on one long line.
public struct SourceLocation: Equatable, Hashable, Sendable {
    /// The 1-based line number.
    public var line: Int
    /// The 0-based byte offset in the file where the line starts.
    public var lineStart: Int
    /// The 0-based byte offset in the file of the place itself.
    public var offset: Int

    /// A location from its line, the byte offset of that line's start, and its own byte offset.
    public init(line: Int, lineStart: Int, offset: Int) {
        self.line = line
        self.lineStart = lineStart
        self.offset = offset
    }

    /// The 1-based column in characters (not bytes), as editors count it.
    public func column(in bytes: [UInt8]) -> Int {
        var column = 1
        var index = lineStart
        while index < offset && index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }
}

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

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The key, its escapes decoded.
    public var key: String
    /// Where the key's opening quote is in the file.
    public var keyLocation: SourceLocation
    /// The member's value, with its own location.
    public var value: JSONNode
}
