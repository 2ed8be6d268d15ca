import CSDL2
import FXCore

/// Draws a backend-free ``DrawList`` with an SDL renderer: one `SDL_RenderGeometryRaw` call per
/// batch, reading the list's vertex buffer in place.
final class DrawListRenderer {
    let renderer: OpaquePointer
    private let textures: TextureCache

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        textures = TextureCache(renderer: renderer)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    func draw(_ list: DrawList) throws {
        let background = list.background
        SDL_SetRenderDrawColor(renderer, channel(background.red), channel(background.green), channel(background.blue),
                               channel(background.alpha))
        SDL_RenderClear(renderer)
        let stride = Int32(MemoryLayout<DrawVertex>.stride)
        let colorOffset = MemoryLayout<DrawVertex>.offset(of: \DrawVertex.red)!
        let uvOffset = MemoryLayout<DrawVertex>.offset(of: \DrawVertex.u)!
        try list.vertices.withUnsafeBytes { vertexBytes in
            try list.indices.withUnsafeBufferPointer { indexBuffer in
                for batch in list.batches {
                    if let imageIndex = batch.image {
                        try drawImage(list.images[imageIndex].image, in: list.images[imageIndex].rect)
                        continue
                    }
                    guard batch.indexCount > 0 else { continue }
                    let blend = batch.blendMode == .additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND
                    var texture: OpaquePointer? = nil
                    if let reference = batch.texture {
                        texture = try textures.texture(for: reference, level: batch.textureLevel)
                        SDL_SetTextureBlendMode(texture, blend)
                    } else {
                        SDL_SetRenderDrawBlendMode(renderer, blend)
                    }
                    let base = vertexBytes.baseAddress! + batch.vertexStart * Int(stride)
                    let status = SDL_RenderGeometryRaw(
                        renderer, texture,
                        base.assumingMemoryBound(to: Float.self), stride,
                        (base + colorOffset).assumingMemoryBound(to: SDL_Color.self), stride,
                        (base + uvOffset).assumingMemoryBound(to: Float.self), stride,
                        Int32(batch.vertexCount),
                        UnsafeRawPointer(indexBuffer.baseAddress! + batch.indexStart), Int32(batch.indexCount), 4)
                    if status != 0 { throw SDLError("drawing \(batch.indexCount / 6) particles") }
                }
            }
        }
    }

    /// Draws an image made for this frame (rasterized vector content) over a canvas rectangle.
    private func drawImage(_ image: RGBAImage, in rect: Rect) throws {
        guard let texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(image.width), Int32(image.height)) else {
            throw SDLError("creating a \(image.width)×\(image.height) texture")
        }
        defer { SDL_DestroyTexture(texture) }
        _ = image.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(image.width * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        var target = SDL_FRect(x: Float(rect.origin.x), y: Float(rect.origin.y), w: Float(rect.size.width), h: Float(rect.size.height))
        if SDL_RenderCopyF(renderer, texture, nil, &target) != 0 { throw SDLError("drawing a layer") }
    }

    private func channel(_ value: Double) -> UInt8 {
        UInt8((min(max(value, 0), 1) * 255).rounded())
    }
}
