#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why path data did not parse, with the character position in the string.
public struct PathSyntaxError: Error, Equatable, Sendable {
    /// What is wrong at that position (an unknown command, a missing number, …).
    public var message: String
    /// 0-based character index.
    public var position: Int
}
