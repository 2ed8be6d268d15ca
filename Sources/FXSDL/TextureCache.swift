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
        /// White with the texture's alpha (for adding particles' alpha in a group).
        var coverage = false
        /// Colors multiplied by alpha (for the custom blend modes of screen and multiply).
        var premultiplied = false
    }

    private var textures: [Key: OpaquePointer] = [:]
    /// Where image files are read from: the effect's resources, so an embedding program's
    /// in-memory images are drawn as files are.
    private let resources: any EffectResources

    init(renderer: OpaquePointer, resources: any EffectResources) {
        self.renderer = renderer
        self.resources = resources
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
            texture = try Self.withSurface(of: reference, frame: 0, resources: resources) { surface in
                guard let made = SDL_CreateTextureFromSurface(renderer, surface) else { throw SDLError("creating a texture from \(path)") }
                return made
            }
        }
        // Linear filtering: particles are drawn at any scale.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        textures[key] = texture
        return texture
    }

    /// The texture's coverage: white, with the texture's alpha. Built-in textures are white
    /// already; image files are read again and whitened, once.
    func coverageTexture(for reference: TextureReference, level: Int = 0, frame: Int = 0) throws -> OpaquePointer {
        let key = Key(reference: reference, level: 0, frame: frame, coverage: true)
        if let texture = textures[key] { return texture }
        if case .builtin = reference { return try texture(for: reference, level: level, frame: frame) }
        let texture = try makeTexture(Self.withSurface(of: reference, frame: frame, resources: resources, Self.coverage))
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        textures[key] = texture
        return texture
    }

    /// The texture with its colors multiplied by its alpha, made once per reference, level
    /// and frame.
    func premultipliedTexture(for reference: TextureReference, level: Int = 0, frame: Int = 0) throws -> OpaquePointer {
        let key = Key(reference: reference, level: level, frame: frame, premultiplied: true)
        if let texture = textures[key] { return texture }
        let image: RGBAImage
        if case .builtin(let builtin) = reference {
            image = Self.premultiplied(builtin.image(level: level))
        } else {
            image = try Self.withSurface(of: reference, frame: frame, resources: resources) { surface in
                guard let converted = SDL_ConvertSurfaceFormat(surface, fx_pixelformat_rgba32(), 0) else { throw SDLError("converting an image") }
                defer { SDL_FreeSurface(converted) }
                let width = Int(converted.pointee.w), height = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
                let source = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
                var pixels = [UInt8](repeating: 0, count: width * height * 4)
                for row in 0..<height {
                    for byte in 0..<(width * 4) { pixels[row * width * 4 + byte] = source[row * pitch + byte] }
                }
                return Self.premultiplied(RGBAImage(width: width, height: height, pixels: pixels))
            }
        }
        let texture = try makeTexture(image)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        textures[key] = texture
        return texture
    }

    /// `image` with each color channel multiplied by its alpha.
    private static func premultiplied(_ image: RGBAImage) -> RGBAImage {
        var pixels = image.pixels
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[index + 3])
            for channel in 0..<3 { pixels[index + channel] = UInt8((Int(pixels[index + channel]) * alpha + 127) / 255) }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// Decodes an image file, or one frame of an animated GIF, with SDL_image from the bytes
    /// ``FileReader`` reads, and lends its surface to `body`.
    private static func withSurface<Result>(of reference: TextureReference, frame: Int, resources: any EffectResources,
                                            _ body: (UnsafeMutablePointer<SDL_Surface>) throws -> Result) throws -> Result {
        switch reference {
        case .builtin:
            throw SDLError("loading a built-in texture", reason: "built-in textures are drawn, not read")
        case .file(let path, _, _):
            let surface = try FileReader.withRWops(path, resources: resources) { IMG_Load_RW($0, 0) }
            guard let surface else { throw SDLError("loading the texture \(path)") }
            defer { SDL_FreeSurface(surface) }
            return try body(surface)
        case .animation(let path, _, _):
            let animation = try FileReader.withRWops(path, resources: resources) { IMG_LoadAnimation_RW($0, 0) }
            guard let animation else { throw SDLError("loading the animation \(path)") }
            defer { IMG_FreeAnimation(animation) }
            let count = Int(animation.pointee.count)
            guard count > 0, let surface = animation.pointee.frames[min(frame, count - 1)] else {
                throw SDLError("loading the animation \(path)", reason: "it has no frames")
            }
            return try body(surface)
        }
    }

    /// A surface's pixels as white with their alpha.
    private static func coverage(of surface: UnsafeMutablePointer<SDL_Surface>) throws -> RGBAImage {
        guard let converted = SDL_ConvertSurfaceFormat(surface, fx_pixelformat_rgba32(), 0) else { throw SDLError("converting an image") }
        defer { SDL_FreeSurface(converted) }
        let width = Int(converted.pointee.w), height = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        let source = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<width { pixels[(row * width + column) * 4 + 3] = source[row * pitch + column * 4 + 3] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Decodes every frame of an animated GIF with SDL_image, once, as textures.
    private func loadAnimation(_ reference: TextureReference, path: String) throws {
        guard textures[Key(reference: reference, level: 0, frame: 0)] == nil else { return }
        let animation = try FileReader.withRWops(path, resources: resources) { IMG_LoadAnimation_RW($0, 0) }
        guard let animation else { throw SDLError("loading the animation \(path)") }
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
