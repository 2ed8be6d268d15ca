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
package enum Downsampler {
    /// - Parameter straight: divide the colors by alpha: the surface was cleared to a background
    ///   that is not opaque. Renders on an opaque background are left as SDL drew them (SDL's
    ///   blend can leave such pixels at alpha 253 or 254; their bytes, and so the goldens, stay).
    package static func average(surface: UnsafeMutablePointer<SDL_Surface>, factor: Int, width: Int, height: Int,
                                straight: Bool = false) -> RGBAImage {
        let mustLock = fx_surface_must_lock(surface) != 0
        if mustLock { SDL_LockSurface(surface) }
        defer { if mustLock { SDL_UnlockSurface(surface) } }
        let pitch = Int(surface.pointee.pitch)
        let source = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        let samples = factor * factor
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { destination in
            for row in 0..<height {
                for column in 0..<width {
                    for channel in 0..<4 {
                        var sum = 0
                        for dy in 0..<factor {
                            let line = source + (row * factor + dy) * pitch
                            for dx in 0..<factor { sum += Int(line[(column * factor + dx) * 4 + channel]) }
                        }
                        destination[(row * width + column) * 4 + channel] = UInt8((sum + samples / 2) / samples)
                    }
                }
            }
        }
        if straight { StraightAlpha.unpremultiply(&bytes) }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
