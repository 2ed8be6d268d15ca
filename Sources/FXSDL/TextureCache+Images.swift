import CSDL2
import FXCore

extension TextureCache {
    /// A texture's pixels as tightly packed RGBA rows, as SDL draws them: built-in textures at
    /// their mip level, files, atlas frames and animation frames decoded by SDL_image.
    static func image(for reference: TextureReference, level: Int, frame: Int, resources: any EffectResources) throws -> RGBAImage {
        if case .builtin(let builtin) = reference { return builtin.image(level: level) }
        return try withSurface(of: reference, frame: frame, resources: resources, pixels)
    }
}
