/// Turns premultiplied pixels (what blending onto a transparent surface leaves) into the
/// straight colors PNG, GIF, APNG, WebP and VP9 store.
///
/// Additive light (SDL's `ADD`: `color ← src·srcA + dst`, alpha unchanged) can leave a pixel
/// brighter than its coverage: light on transparency, color above alpha. No straight-alpha
/// file can hold that, so such a pixel's alpha is raised to its brightest channel — the least
/// alpha whose straight color fits in 0…255. Composited source-over onto black it gives exactly
/// the light that was added; onto a background B it gives `light + B·(1 − alpha)` where true
/// additive blending gives `light + B`: the background is dimmed by up to `B·alpha` under the
/// light (docs/transparent-output.md has the measurements).
///
/// Opaque pixels (alpha 255) are left as they are. Only renders whose background is not opaque
/// go through here.
enum StraightAlpha {
    /// Converts RGBA bytes in place.
    static func unpremultiply(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { unpremultiply($0) }
    }

    /// Converts the RGBA bytes of `pixels` in place.
    static func unpremultiply(_ pixels: UnsafeMutableRawBufferPointer) {
        var index = 0
        while index + 3 < pixels.count {
            let alpha = Int(pixels[index + 3])
            if alpha != 255 {
                let red = Int(pixels[index]), green = Int(pixels[index + 1]), blue = Int(pixels[index + 2])
                let covered = max(alpha, red, green, blue)
                if covered == 0 {
                    pixels[index] = 0; pixels[index + 1] = 0; pixels[index + 2] = 0
                } else {
                    // Rounded to the nearest: (c·255 + covered/2) / covered.
                    pixels[index] = UInt8((red * 255 + covered / 2) / covered)
                    pixels[index + 1] = UInt8((green * 255 + covered / 2) / covered)
                    pixels[index + 2] = UInt8((blue * 255 + covered / 2) / covered)
                    pixels[index + 3] = UInt8(covered)
                }
            }
            index += 4
        }
    }
}
