/// A 64-bit FNV-1a hasher over raw bytes, used for simulation-state and image hashes.
/// Swift's `Hasher` is seeded per process, so it cannot be used for hashes that must match
/// across runs.
///
/// A hash prints as its 16 hex digits (``hex``), the spelling `fx hash` prints, so that
/// `print(player.stateHash())` in a program and the CLI can be compared by eye; ``value`` is the
/// number itself.
public struct StateHasher: Sendable, Hashable, CustomStringConvertible {
    /// The hash so far; it starts at the FNV-1a offset basis, 0xcbf29ce484222325.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hasher with nothing combined yet.
    public init() {}

    /// Mixes in `bytes`, one at a time (FNV-1a).
    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        value = hash
    }

    /// Mixes in the elements' raw bytes as laid out in memory (meant for plain numeric types).
    public mutating func combine<T>(_ array: [T]) {
        array.withUnsafeBytes { combine(bytes: $0) }
    }

    /// Mixes in the buffer's elements' raw bytes as laid out in memory (meant for plain
    /// numeric types).
    public mutating func combine<T>(contentsOf buffer: UnsafeBufferPointer<T>) {
        combine(bytes: UnsafeRawBufferPointer(buffer))
    }

    /// Mixes in the 8 bytes of `integer`, little-endian, so the hash is the same on every
    /// platform.
    public mutating func combine(_ integer: UInt64) {
        withUnsafeBytes(of: integer.littleEndian) { combine(bytes: $0) }
    }

    /// Mixes in the string's UTF-8 bytes and a terminating 0, so that consecutive strings
    /// cannot run together.
    public mutating func combine(_ string: String) {
        var bytes = Array(string.utf8)
        bytes.append(0)
        combine(bytes)
    }

    /// The hash as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// ``hex``: how a hash prints, here and in `fx hash`.
    public var description: String { hex }
}
