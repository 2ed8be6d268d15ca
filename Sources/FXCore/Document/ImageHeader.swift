/// The size of a still image — a PNG (its IHDR chunk) or a JPEG (its start-of-frame segment) —
/// read without decoding the image (decoding is SDL_image's job, in the SDL module).
enum ImageHeader {
    struct Failure: Error {
        var message: String
        /// Set when the file itself could not be read (rather than read and found not an image).
        var readError: FileReadError?
    }

    /// How far into a JPEG its frame header is looked for: past the metadata segments (EXIF,
    /// ICC profiles, thumbnails) that may come first, each at most 64 KiB.
    static let jpegSearchBytes = 1 << 20

    static func read(path: String, resources: any EffectResources) -> Result<(width: Int, height: Int), Failure> {
        do {
            // A PNG's size is in its first 24 bytes; a JPEG's may come after its metadata.
            let start = try resources.contents(at: path, prefix: 24, limit: FileReader.maxAssetBytes)
            guard start.starts(with: [0xFF, 0xD8, 0xFF]) else { return png(start) }
            return jpeg(try resources.contents(at: path, prefix: jpegSearchBytes, limit: FileReader.maxAssetBytes))
        } catch {
            return .failure(Failure(message: error.message, readError: error))
        }
    }

    private static func png(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), Failure> {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return .failure(Failure(message: "not a PNG or JPEG file"))
        }
        let width = bigEndian(bytes, at: 16, count: 4), height = bigEndian(bytes, at: 20, count: 4)
        guard width > 0, height > 0 else { return .failure(Failure(message: "the PNG has no pixels")) }
        return .success((width, height))
    }

    /// Walks the JPEG's segments to its start-of-frame (SOF0…SOF15 but DHT, JPG and DAC), which
    /// holds the height and width.
    private static func jpeg(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), Failure> {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return .failure(Failure(message: "the JPEG's segments are damaged")) }
            let marker = bytes[offset + 1]
            // Fill bytes, and markers without a length (TEM, RST0…7).
            if marker == 0xFF { offset += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { break }  // end of image, start of scan: no frame header came
            let length = bigEndian(bytes, at: offset + 2, count: 2)
            guard length >= 2 else { return .failure(Failure(message: "the JPEG's segments are damaged")) }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { break }
                let height = bigEndian(bytes, at: offset + 5, count: 2), width = bigEndian(bytes, at: offset + 7, count: 2)
                guard width > 0, height > 0 else { return .failure(Failure(message: "the JPEG has no pixels")) }
                return .success((width, height))
            }
            offset += 2 + length
        }
        if bytes.count < jpegSearchBytes { return .failure(Failure(message: "the JPEG ends before its frame header")) }
        return .failure(Failure(message: "the JPEG has no frame header in its first \(jpegSearchBytes / 1024) KiB"))
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
