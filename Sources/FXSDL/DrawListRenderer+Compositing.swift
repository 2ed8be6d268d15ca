import CSDL2
import FXCore

/// Screen and multiply batches (an emitter layer's `compositingFilter`).
///
/// SDL's software renderer has no custom blend modes (`SDL_ComposeCustomBlendMode` fails on
/// it), and screen is none of its fixed ones; its `SDL_BLENDMODE_MUL` multiplies by the
/// straight source color, which is not the multiply filter for a translucent source. So where
/// the pixels are at hand — a headless render's surface, a group drawn apart — each quad is
/// drawn alone, source-over onto a transparent scratch surface (which leaves its color
/// premultiplied by its alpha, s, and its alpha, a), and composited onto the target by hand with
/// the separable blend formulas on premultiplied colors (d the target's color, its alpha dₐ):
///
///     screen:   d ← s + d − s·d                     alpha ← a + dₐ·(1 − a)
///     multiply: d ← s·(1 − dₐ) + d·(1 − a) + s·d     alpha ← a + dₐ·(1 − a)
///
/// (over an opaque target, multiply is d·(1 − a + a·S) for the straight color S: the source's
/// alpha weighs it). Quads go one after another, so overlapping particles screen or multiply
/// each other too; integer arithmetic with rounding keeps the output deterministic.
///
/// Where the pixels are not at hand (a window, an embedding program's renderer), multiply is
/// SDL's `SDL_BLENDMODE_MUL` with the colors and the texture premultiplied by alpha:
/// d·(a·S) + d·(1 − a), the formula over an opaque target (measured against the hand-made
/// composite: within one level of 255). Screen is a custom blend mode (source factor one,
/// destination factor one minus the source color, on premultiplied colors) where the renderer
/// takes one (OpenGL, Direct3D, Metal); on a software-rendered window, which takes none, it is
/// approximated by `SDL_BLENDMODE_ADD` (d + a·S: brighter where the target is bright).
extension DrawListRenderer {
    func drawCompositingFilter(_ list: DrawList, _ batch: DrawBatch) throws {
        if let target = groupSurface ?? targetSurface {
            return try compositeQuadByQuad(list, batch, onto: target)
        }
        guard batch.blendMode == .screen else {
            // SDL's MUL is d·s + d·(1 − sₐ): with the color premultiplied, d·(1 − a + a·S).
            return try drawGeometry(list, batch, blend: SDL_BLENDMODE_MUL, premultiplied: true)
        }
        let screen = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_COLOR, SDL_BLENDOPERATION_ADD,
                                                SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        if supportsCustomBlendMode(screen) {
            return try drawGeometry(list, batch, blend: screen, premultiplied: true)
        }
        try drawGeometry(list, batch, blend: SDL_BLENDMODE_ADD)
    }

    /// Whether the renderer takes `mode` (asked of a 1×1 texture once).
    private func supportsCustomBlendMode(_ mode: SDL_BlendMode) -> Bool {
        guard let probe = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1) else {
            return false
        }
        defer { SDL_DestroyTexture(probe) }
        return SDL_SetTextureBlendMode(probe, mode) == 0 && SDL_SetRenderDrawBlendMode(renderer, mode) == 0
            && SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) == 0
    }

    /// Draws the batch quad by quad (six indices each) into the scratch surface and composites
    /// each onto `target` (see the type's notes).
    private func compositeQuadByQuad(_ list: DrawList, _ batch: DrawBatch, onto target: UnsafeMutablePointer<SDL_Surface>) throws {
        SDL_RenderFlush(renderer)
        let width = Int(target.pointee.w), height = Int(target.pointee.h)
        let scratch = try additiveScratch(width: width, height: height)
        var scaleX: Float = 1, scaleY: Float = 1
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        let targetPitch = Int(target.pointee.pitch), scratchPitch = Int(scratch.surface.pointee.pitch)
        let targetPixels = target.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let scratchPixels = scratch.surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let screen = batch.blendMode == .screen
        // The scratch starts transparent, and every quad's pixels are cleared after use.
        SDL_SetRenderDrawColor(scratch.renderer, 0, 0, 0, 0)
        SDL_RenderClear(scratch.renderer)
        SDL_SetRenderDrawBlendMode(scratch.renderer, SDL_BLENDMODE_BLEND)
        // In the surface's pixels: the canvas's less this drawer's origin.
        func pixel(_ value: Float, _ scale: Float, _ origin: Int, _ limit: Int) -> Int {
            let scaled = (value * scale).rounded(.down) - Float(origin)
            return scaled.isFinite ? Int(min(max(scaled, 0), Float(limit))) : 0
        }
        var start = 0
        while start < batch.indexCount {
            let count = min(6, batch.indexCount - start)
            var quad = batch
            quad.indexStart = batch.indexStart + start
            quad.indexCount = count
            start += count
            // The quad's pixels: the bounds of its vertices, with a pixel's margin.
            var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
            for offset in 0..<count {
                let vertex = list.vertices[batch.vertexStart + Int(list.indices[quad.indexStart + offset])]
                minX = min(minX, vertex.x); maxX = max(maxX, vertex.x)
                minY = min(minY, vertex.y); maxY = max(maxY, vertex.y)
            }
            let left = max(0, pixel(minX, scaleX, pixelOrigin.x, width) - 1)
            let right = min(width, pixel(maxX, scaleX, pixelOrigin.x, width) + 2)
            let top = max(0, pixel(minY, scaleY, pixelOrigin.y, height) - 1)
            let bottom = min(height, pixel(maxY, scaleY, pixelOrigin.y, height) + 2)
            guard left < right, top < bottom else { continue }
            try scratch.drawer.drawGeometry(list, quad, blend: SDL_BLENDMODE_BLEND)
            SDL_RenderFlush(scratch.renderer)
            for row in top..<bottom {
                let targetRow = targetPixels + row * targetPitch, scratchRow = scratchPixels + row * scratchPitch
                for column in left..<right {
                    let s = scratchRow + column * 4
                    let a = Int(s[3])
                    guard a != 0 else { continue }
                    let t = targetRow + column * 4
                    let targetAlpha = Int(t[3])
                    for channel in 0..<3 {
                        let source = Int(s[channel]), destination = Int(t[channel])
                        t[channel] = UInt8(screen ? CompositingFormula.screen(source, over: destination)
                                                  : CompositingFormula.multiply(source, alpha: a, over: destination, alpha: targetAlpha))
                    }
                    t[3] = UInt8(CompositingFormula.alpha(a, over: targetAlpha))
                    s[0] = 0; s[1] = 0; s[2] = 0; s[3] = 0
                }
            }
        }
    }
}
