import CSDL2
import FXCore

/// Averaging a supersampled surface down to its output size.
///
/// Blending onto a surface leaves its colors premultiplied by its alpha (SDL's blend is
/// `color ← src·srcA + dst·(1 − srcA)`, `alpha ← srcA + dstA·(1 − srcA)`): on an opaque
/// background that changes nothing, but on a transparent one a pixel half covered by a white
/// particle holds (128, 128, 128, 128). The blocks are averaged premultiplied — the correct mean
/// of light and coverage, so soft edges keep their color and get no dark fringe — and then, for
/// a surface that started transparent, divided by alpha (``StraightAlpha``).
///
/// Every output byte is `(sum of its block's bytes + samples / 2) / samples`. The 2×2 blocks of
/// the default supersampling are averaged four channels at a time in two 32-bit words (the even
/// and the odd bytes, each channel's sum in 16 bits of its own): the same integers, without a
/// loop per channel and sample.
package enum Downsampler {
    /// - Parameter straight: divide the colors by alpha: the surface was cleared to a background
    ///   that is not opaque. Renders on an opaque background are left as SDL drew them (SDL's
    ///   blend can leave such pixels at alpha 253 or 254; their bytes, and so the goldens, stay).
    package static func average(surface: UnsafeMutablePointer<SDL_Surface>, factor: Int, width: Int, height: Int,
                                straight: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        average(surface: surface, factor: factor, into: &image, straight: straight)
        return image
    }

    /// Averages the surface into `image`, whose size is the output size, writing over its pixels
    /// in place (no new storage when the caller holds the only reference to them).
    /// - Parameters:
    ///   - straight: divide the colors by alpha (see the other `average`).
    ///   - threads: how many threads average rows at once; the bytes are the same for any.
    package static func average(surface: UnsafeMutablePointer<SDL_Surface>, factor: Int, into image: inout RGBAImage,
                                straight: Bool = false, threads: Int = 1) {
        let mustLock = fx_surface_must_lock(surface) != 0
        if mustLock { SDL_LockSurface(surface) }
        defer { if mustLock { SDL_UnlockSurface(surface) } }
        let width = image.width, height = image.height
        precondition(Int(surface.pointee.w) >= width * factor && Int(surface.pointee.h) >= height * factor)
        let pitch = Int(surface.pointee.pitch)
        let source = UnsafeSendable(UnsafeRawPointer(surface.pointee.pixels!))
        image.pixels.withUnsafeMutableBytes { bytes in
            let destination = UnsafeSendable(bytes.baseAddress!)
            // Rows in runs of at least 64 (a run is some 200 KB of pixels read at 800 wide).
            ParallelChunks.run(count: height, threads: threads, minimumChunk: 64) { rows in
                let output = destination.value + rows.lowerBound * width * 4
                if factor == 1 {
                    // One sample a pixel: the rows as they are.
                    for row in rows {
                        (output + (row - rows.lowerBound) * width * 4).copyMemory(from: source.value + row * pitch, byteCount: width * 4)
                    }
                } else if factor == 2 {
                    averageTwoByTwo(source.value, pitch: pitch, width: width, rows: rows, into: output)
                } else {
                    averageBlocks(source.value, pitch: pitch, factor: factor, width: width, rows: rows, into: output)
                }
                if straight {
                    StraightAlpha.unpremultiply(UnsafeMutableRawBufferPointer(start: output, count: rows.count * width * 4))
                }
            }
        }
    }

    /// 2×2 blocks, four channels at once: bytes 0 and 2 of each pixel in one word's 16-bit lanes,
    /// bytes 1 and 3 in another's; a lane's sum is at most 4 × 255 + 2, so no lane carries into
    /// the next, and shifting by 2 divides each lane (its low bits fall into the lane below,
    /// where the mask drops them).
    private static func averageTwoByTwo(_ source: UnsafeRawPointer, pitch: Int, width: Int, rows: Range<Int>,
                                        into output: UnsafeMutableRawPointer) {
        let mask: UInt32 = 0x00FF_00FF, half: UInt32 = 0x0002_0002
        for row in rows {
            let top = source + 2 * row * pitch, bottom = top + pitch
            let out = output + (row - rows.lowerBound) * width * 4
            for column in 0..<width {
                let a = top.loadUnaligned(fromByteOffset: column * 8, as: UInt32.self)
                let b = top.loadUnaligned(fromByteOffset: column * 8 + 4, as: UInt32.self)
                let c = bottom.loadUnaligned(fromByteOffset: column * 8, as: UInt32.self)
                let d = bottom.loadUnaligned(fromByteOffset: column * 8 + 4, as: UInt32.self)
                let even = (a & mask) &+ (b & mask) &+ (c & mask) &+ (d & mask) &+ half
                let odd = ((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((d >> 8) & mask) &+ half
                out.storeBytes(of: ((even >> 2) & mask) | (((odd >> 2) & mask) << 8), toByteOffset: column * 4, as: UInt32.self)
            }
        }
    }

    /// Blocks of any size, a channel at a time.
    private static func averageBlocks(_ source: UnsafeRawPointer, pitch: Int, factor: Int, width: Int, rows: Range<Int>,
                                      into output: UnsafeMutableRawPointer) {
        let samples = factor * factor
        let bytes = source.assumingMemoryBound(to: UInt8.self)
        let out = output.assumingMemoryBound(to: UInt8.self)
        for row in rows {
            let outRow = out + (row - rows.lowerBound) * width * 4
            for column in 0..<width {
                for channel in 0..<4 {
                    var sum = 0
                    for dy in 0..<factor {
                        let line = bytes + (row * factor + dy) * pitch
                        for dx in 0..<factor { sum += Int(line[(column * factor + dx) * 4 + channel]) }
                    }
                    outRow[column * 4 + channel] = UInt8((sum + samples / 2) / samples)
                }
            }
        }
    }
}
