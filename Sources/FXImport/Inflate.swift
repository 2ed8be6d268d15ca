import CZlib
import Foundation

/// gzip or zlib decompression through the system's zlib (Foundation on Linux has no public
/// inflate). Particle Designer gzips the textures it embeds; cocos2d inflates them with zlib's
/// automatic header detection, as here.
enum Inflate {
    /// The decompressed bytes, or nil when `data` is not gzip or zlib data or would inflate to
    /// more than `limit` bytes.
    static func decompress(_ data: Data, limit: Int = 256 * 1024 * 1024) -> Data? {
        guard !data.isEmpty else { return nil }
        var stream = z_stream()
        // 15 + 32: the largest window, and detect a gzip or zlib header.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inputPointer in
            stream.next_in = inputPointer.baseAddress
            stream.avail_in = uInt(inputPointer.count)
            repeat {
                buffer.withUnsafeMutableBufferPointer { bufferPointer in
                    stream.next_out = bufferPointer.baseAddress
                    stream.avail_out = uInt(bufferPointer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(bufferPointer.baseAddress!, count: bufferPointer.count - Int(stream.avail_out))
                }
            } while status == Z_OK && output.count <= limit
        }
        return status == Z_STREAM_END && output.count <= limit ? output : nil
    }
}
