import FXCore
import Foundation

/// The pixels of a small PNG: 8-bit RGBA or RGB, not interlaced (what fx and most tools write
/// for a texture), inflated with the system's zlib and unfiltered. The CAML importer uses it to
/// recognize fx's built-in textures in a bundle fx exported (see
/// ``CAMLMapping/builtinTexture(named:bytes:)``); any other PNG gives nil and is imported as an
/// image file, as before.
enum PNGPixels {
    /// The PNG's size from its header, or nil when `bytes` is not a PNG.
    static func size(_ bytes: Data) -> (width: Int, height: Int)? {
        let data = [UInt8](bytes.prefix(24))
        guard data.count == 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (bigEndian(data, 16), bigEndian(data, 20))
    }

    /// The image as straight RGBA, or nil when it is not an 8-bit RGBA or RGB PNG of at most
    /// `maxPixels` pixels, or is damaged.
    static func rgba(_ bytes: Data, maxPixels: Int = 1 << 20) -> RGBAImage? {
        let data = [UInt8](bytes)
        guard let (width, height) = size(bytes), width > 0, height > 0, width <= maxPixels, height <= maxPixels,
              width * height <= maxPixels, data.count >= 33 else { return nil }
        let depth = data[24], colorType = data[25], interlace = data[28]
        guard depth == 8, colorType == 6 || colorType == 2, interlace == 0 else { return nil }
        let channels = colorType == 6 ? 4 : 3
        // The IDAT chunks, concatenated, are one zlib stream.
        var compressed = Data()
        var offset = 8
        while offset + 8 <= data.count {
            let length = bigEndian(data, offset)
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= data.count else { return nil }
            if type == "IDAT" { compressed.append(contentsOf: data[(offset + 8)..<(offset + 8 + length)]) }
            if type == "IEND" { break }
            offset += 12 + length
        }
        let stride = width * channels
        // A PNG that inflates past its own size is refused as it inflates (no zip bomb).
        guard let inflated = Inflate.decompress(compressed, limit: height * (stride + 1)), inflated.count == height * (stride + 1) else { return nil }
        let raw = [UInt8](inflated)
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let source = y * (stride + 1) + 1, target = y * stride
            for x in 0..<stride {
                let value = Int(raw[source + x])
                let left = x >= channels ? Int(rows[target + x - channels]) : 0
                let up = y > 0 ? Int(rows[target - stride + x]) : 0
                let upLeft = x >= channels && y > 0 ? Int(rows[target - stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft, pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: return nil
                }
                rows[target + x] = UInt8((value + predicted) & 0xFF)
            }
        }
        if channels == 4 { return RGBAImage(width: width, height: height, pixels: rows) }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<(width * height) {
            pixels[index * 4] = rows[index * 3]
            pixels[index * 4 + 1] = rows[index * 3 + 1]
            pixels[index * 4 + 2] = rows[index * 3 + 2]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
}
