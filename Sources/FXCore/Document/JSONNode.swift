/// A place in an effect file: the 1-based line, the byte offset where that line starts, and the
/// byte offset of the place. The column is worked out only when a message needs it
/// (``column(in:)``), which keeps parsing linear even for a file written on one long line.
public struct SourceLocation: Equatable, Hashable, Sendable {
    public var line: Int
    public var lineStart: Int
    public var offset: Int

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
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
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
    public var value: JSONValue
    public var location: SourceLocation

    public init(_ value: JSONValue, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: JSONNode
}
