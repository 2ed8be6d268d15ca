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
                for batch in list.batches where batch.indexCount > 0 {
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

    private func channel(_ value: Double) -> UInt8 {
        UInt8((min(max(value, 0), 1) * 255).rounded())
    }
}
