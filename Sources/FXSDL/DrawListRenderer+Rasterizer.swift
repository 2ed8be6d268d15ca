import CSDL2
import FXCore

/// Particle batches of a headless render drawn by ``SoftwareRasterizer`` straight into the
/// surface's pixels, in draw order: SDL's queued drawing is flushed first, and what the
/// rasterizer does not take (text, images, shadows, masked and transition groups, batches drawn
/// into a group's own surface, a far-off or non-finite position) is left to SDL.
extension DrawListRenderer {
    /// Draws `batch` with the rasterizer; false when there is none here or it does not take
    /// the batch (then SDL draws it).
    func rasterize(_ list: DrawList, _ batch: DrawBatch) throws -> Bool {
        guard let rasterizer, groupSurface == nil, let surface = targetSurface, origin == .zero, scale == 1,
              batch.indexCount > 0, SDL_RenderIsClipEnabled(renderer) == SDL_FALSE,
              surface.pointee.format.pointee.format == fx_pixelformat_rgba32() else { return false }
        var texture: RasterTexture? = nil
        if let reference = batch.texture {
            let key = SoftwareRasterizer.TextureKey(reference: reference, level: batch.textureLevel, frame: batch.textureFrame)
            texture = try rasterizer.texture(key) {
                try TextureCache.image(for: reference, level: batch.textureLevel, frame: batch.textureFrame, resources: resources)
            }
        }
        var scaleX: Float = 1, scaleY: Float = 1
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        SDL_RenderFlush(renderer)
        let mustLock = fx_surface_must_lock(surface) != 0
        if mustLock, SDL_LockSurface(surface) != 0 { return false }
        defer { if mustLock { SDL_UnlockSurface(surface) } }
        guard let pixels = surface.pointee.pixels else { return false }
        let target = RasterTarget(pixels: pixels, width: Int(surface.pointee.w), height: Int(surface.pointee.h),
                                  pitch: Int(surface.pointee.pitch))
        return rasterizer.draw(list, batch, texture: texture, into: target, scaleX: scaleX, scaleY: scaleY)
    }
}
