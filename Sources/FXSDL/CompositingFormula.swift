/// The compositing filters' formulas (an emitter layer's `compositingFilter` of screen or
/// multiply) on one channel of premultiplied color bytes: products of two bytes divided by 255
/// once, rounded, capped at 255. One definition for the two places that composite by hand — fx's
/// rasterizer (`RasterTriangle+Blending`) and the SDL path's scratch surface
/// (`DrawListRenderer+Compositing`) — so that the two draw the same bytes.
enum CompositingFormula {
    /// Screen: `d ← s + d − s·d`, for source `s` and destination `d`.
    @inline(__always)
    static func screen(_ source: Int, over destination: Int) -> Int {
        min(255, (source * 255 + destination * 255 - source * destination + 127) / 255)
    }

    /// Multiply: `d ← s·(1 − dₐ) + d·(1 − a) + s·d`, for source `s` of alpha `a` and
    /// destination `d` of alpha `dₐ`.
    @inline(__always)
    static func multiply(_ source: Int, alpha: Int, over destination: Int, alpha destinationAlpha: Int) -> Int {
        min(255, (source * (255 - destinationAlpha) + destination * (255 - alpha) + source * destination + 127) / 255)
    }

    /// The alpha both filters leave: `a + dₐ·(1 − a)`.
    @inline(__always)
    static func alpha(_ alpha: Int, over destinationAlpha: Int) -> Int {
        min(255, (alpha * 255 + destinationAlpha * (255 - alpha) + 127) / 255)
    }
}
