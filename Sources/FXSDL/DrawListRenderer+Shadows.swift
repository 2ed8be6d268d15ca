import CSDL2
import FXCore

extension DrawListRenderer {
    /// A layer's shadow: blurred by the shadow cache (or found there), drawn as an image over
    /// the canvas like the rest of the vector content, so the window and headless renders get
    /// the same pixels.
    ///
    /// A new image counts in the frame's `DrawList.maxOffscreenBytes` (twice: the image and its
    /// texture) with the surfaces drawn apart, the masks' alpha and the shadow images kept
    /// (which go first to make room); past it the render fails naming the layer.
    func drawShadow(_ item: ShadowItem, of list: DrawList) throws {
        if let pixels = shadowCache.newImagePixels(for: item, canvas: list.size, pixelsPerPoint: list.pixelsPerPoint) {
            let bytes = 2 * pixels.width * pixels.height * 4
            let others = offscreenPool.retainedBytes + list.maskAlphaBytes
            shadowCache.dropPlacedImages(downTo: DrawList.maxOffscreenBytes - others - bytes)
            let needed = others + shadowCache.placedBytes + bytes
            guard needed <= DrawList.maxOffscreenBytes else {
                throw OffscreenMemoryError(layer: item.layer, bytes: needed, width: pixels.width, height: pixels.height,
                                           cause: "it casts a shadow")
            }
        }
        let resources = self.resources
        guard let shadow = try shadowCache.image(for: item, canvas: list.size, pixelsPerPoint: list.pixelsPerPoint,
                                                 contents: { grid in try Self.alpha(of: grid, resources: resources) }) else { return }
        try drawImage(shadow.image, in: shadow.rect)
    }

    /// The alpha of what a shadow caster's draw list draws — text and image contents included —
    /// drawn with SDL's software renderer on a transparent surface of the list's size (one pixel
    /// a point). Only a caster that changes is drawn again.
    static func alpha(of list: DrawList, resources: any EffectResources) throws -> [Float] {
        let width = Int(list.size.width), height = Int(list.size.height)
        guard width > 0, height > 0,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, fx_pixelformat_rgba32()) else {
            throw SDLError("creating a \(width)×\(height) surface for a shadow")
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw SDLError("creating a renderer for a shadow") }
        defer { SDL_DestroyRenderer(renderer) }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        do {
            // The drawer (and its textures) goes at the end of this block, before its renderer.
            let drawer = DrawListRenderer(renderer: renderer, resources: resources)
            // Screen and multiply particles are composited by hand on it, as in a headless render.
            drawer.targetSurface = surface
            try drawer.drawBatches(list, 0..<list.batches.count, skippingGroup: nil)
        }
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        var alpha = [Float](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width { alpha[row * width + column] = Float(pixels[row * pitch + column * 4 + 3]) / 255 }
        }
        return alpha
    }
}
