import CSDL2
import FXCore

/// The SDL textures of one renderer, made once per ``TextureReference`` and shared by every
/// cell that uses it: built-in textures from their procedural pixels, files through SDL_image.
final class TextureCache {
    private let renderer: OpaquePointer
    private struct Key: Hashable {
        var reference: TextureReference
        var level: Int
    }

    private var textures: [Key: OpaquePointer] = [:]

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture) }
    }

    /// The texture for a reference at a mip level (built-in textures only; files have one).
    func texture(for reference: TextureReference, level: Int = 0) throws -> OpaquePointer {
        let key = Key(reference: reference, level: level)
        if let texture = textures[key] { return texture }
        let texture: OpaquePointer
        switch reference {
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
