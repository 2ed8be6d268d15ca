/// A 64-bit FNV-1a hasher over raw bytes, used for simulation-state and image hashes.
/// Swift's `Hasher` is seeded per process, so it cannot be used for hashes that must match
/// across runs.
public struct StateHasher: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        value = hash
    }

    public mutating func combine<T>(_ array: [T]) {
        array.withUnsafeBytes { combine(bytes: $0) }
    }

    public mutating func combine<T>(contentsOf buffer: UnsafeBufferPointer<T>) {
        combine(bytes: UnsafeRawBufferPointer(buffer))
    }

    public mutating func combine(_ integer: UInt64) {
        withUnsafeBytes(of: integer.littleEndian) { combine(bytes: $0) }
    }

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
}
