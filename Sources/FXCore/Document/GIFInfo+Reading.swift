extension GIFInfo {
    /// Why the bytes are not a readable GIF.
    public struct Failure: Error {
        /// What is wrong ("not a GIF file", "the GIF is truncated", …).
        public var message: String
    }

    /// The most frames read.
    public static let maxFrames = 10_000

    /// Reads the size and frame delays from a GIF file's bytes (GIF87a or GIF89a), reading at
    /// most ``maxFrames`` frames.
    public static func read(_ bytes: [UInt8]) -> Result<GIFInfo, Failure> {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) else {
            return .failure(Failure(message: "not a GIF file"))
        }
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        let width = u16(6), height = u16(8)
        guard width > 0, height > 0 else { return .failure(Failure(message: "the GIF has no pixels")) }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        var delays: [Double] = []
        var pendingDelay = 0.0
        func skipSubBlocks() -> Bool {
            while index < bytes.count {
                let size = Int(bytes[index])
                index += 1
                if size == 0 { return true }
                index += size
            }
            return false
        }
        while index < bytes.count, delays.count < maxFrames {
            switch bytes[index] {
            case 0x21: // extension
                guard index + 2 < bytes.count else { return .failure(Failure(message: "the GIF is truncated")) }
                let label = bytes[index + 1]
                index += 2
                if label == 0xF9, index + 5 < bytes.count, bytes[index] == 4 {
                    pendingDelay = Double(u16(index + 2)) / 100
                }
                guard skipSubBlocks() else { return .failure(Failure(message: "the GIF is truncated")) }
            case 0x2C: // image
                guard index + 10 < bytes.count else { return .failure(Failure(message: "the GIF is truncated")) }
                let flags = bytes[index + 9]
                index += 10
                if flags & 0x80 != 0 { index += 3 << (Int(flags & 0x07) + 1) }
                index += 1 // LZW minimum code size
                guard skipSubBlocks() else { return .failure(Failure(message: "the GIF is truncated")) }
                delays.append(pendingDelay <= 0.01 ? 0.1 : pendingDelay)
                pendingDelay = 0
            case 0x3B: // trailer
                index = bytes.count
            default:
                return .failure(Failure(message: "the GIF has an unknown block 0x\(String(bytes[index], radix: 16)) at byte \(index)"))
            }
        }
        guard !delays.isEmpty else { return .failure(Failure(message: "the GIF has no frames")) }
        return .success(GIFInfo(width: width, height: height, delays: delays))
    }
}
