import CSDL2
import FXCore

/// The SDL textures of one renderer, made once per ``TextureReference`` and shared by every
/// cell that uses it: built-in textures from their procedural pixels, files through SDL_image.
final class TextureCache {
    private let renderer: OpaquePointer
    private struct Key: Hashable {
        var reference: TextureReference
        var level: Int
        var frame: Int = 0
    }

    private var textures: [Key: OpaquePointer] = [:]

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture) }
    }

    /// The texture for a reference at a mip level (built-in textures only; files have one).
    func texture(for reference: TextureReference, level: Int = 0, frame: Int = 0) throws -> OpaquePointer {
        let key = Key(reference: reference, level: level, frame: frame)
        if let texture = textures[key] { return texture }
        let texture: OpaquePointer
        switch reference {
        case .animation(let path, _, _):
            try loadAnimation(reference, path: path)
            guard let loaded = textures[Key(reference: reference, level: 0, frame: frame)] ?? textures[Key(reference: reference, level: 0, frame: 0)] else {
                throw SDLError("loading the animation \(path)", reason: "it has no frames")
            }
            return loaded
        case .builtin(let builtin):
            texture = try makeTexture(builtin.image(level: level))
        case .file(let path, _, _):
            guard let surface = IMG_Load(path) else { throw SDLError("loading the texture \(path)") }
            defer { SDL_FreeSurface(surface) }
            guard let made = SDL_CreateTextureFromSurface(renderer, surface) else { throw SDLError("creating a texture from \(path)") }
            texture = made
        }
        // Linear filtering: particles are drawn at any scale.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        textures[key] = texture
        return texture
    }

    /// Decodes every frame of an animated GIF with SDL_image, once, as textures.
    private func loadAnimation(_ reference: TextureReference, path: String) throws {
        guard textures[Key(reference: reference, level: 0, frame: 0)] == nil else { return }
        guard let animation = IMG_LoadAnimation(path) else { throw SDLError("loading the animation \(path)") }
        defer { IMG_FreeAnimation(animation) }
        for index in 0..<Int(animation.pointee.count) {
            guard let surface = animation.pointee.frames[index],
                  let texture = SDL_CreateTextureFromSurface(renderer, surface) else { throw SDLError("uploading frame \(index) of \(path)") }
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            textures[Key(reference: reference, level: 0, frame: index)] = texture
        }
    }

    private func makeTexture(_ image: RGBAImage) throws -> OpaquePointer {
        guard let texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(image.width), Int32(image.height)) else {
            throw SDLError("creating a \(image.width)×\(image.height) texture")
        }
        let status = image.pixels.withUnsafeBytes { bytes in
            SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(image.width * 4))
        }
        if status != 0 {
            SDL_DestroyTexture(texture)
            throw SDLError("uploading texture pixels")
        }
        return texture
    }
}
