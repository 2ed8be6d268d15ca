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
