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
    /// The image files decoded so far, by path, with their decoded bytes (by their headers'
    /// sizes): held to ``EffectLimits/maxTextureBytes`` as the decoder holds a file's effect,
    /// for effects made in code.
    private var decodedBytes: [String: Int] = [:]

    init(renderer: OpaquePointer, resources: any EffectResources) {
        self.renderer = renderer
        self.resources = resources
    }

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture) }
    }

    /// Counts the image file of `reference` against ``EffectLimits/maxTextureBytes`` before it
    /// is first decoded, once per file: past the budget, an error instead of the allocation.
    private func admit(_ reference: TextureReference) throws {
        let path: String, width: Int, height: Int
        switch reference {
        case .builtin: return
        case .file(let file, let w, let h), .animation(let file, let w, let h): (path, width, height) = (file, w, h)
        case .atlasFrame(let file, _, _, let w, let h): (path, width, height) = (file, w, h)
        }
        guard decodedBytes[path] == nil else { return }
        let bytes = width * height * 4, total = decodedBytes.values.reduce(0, +) + bytes
        if total > EffectLimits.maxTextureBytes {
            throw SDLError("loading the texture \(path)", reason: "its \(width)×\(height) pixels take \(bytes >> 20) MiB decoded, which would take the effect's images to \(total >> 20) MiB, past the budget of \(EffectLimits.maxTextureBytes >> 20) MiB; downscale the images")
        }
        decodedBytes[path] = bytes
    }

    /// The texture for a reference at a mip level (built-in textures only; files have one).
    func texture(for reference: TextureReference, level: Int = 0, frame: Int = 0) throws -> OpaquePointer {
        let key = Key(reference: reference, level: level, frame: frame)
        if let texture = textures[key] { return texture }
        try admit(reference)
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
        case .atlasFrame:
            // Only the frame's pixels: sampling at its edges cannot reach its neighbours.
            texture = try makeTexture(Self.withSurface(of: reference, frame: 0, resources: resources, Self.pixels))
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
        try admit(reference)
        let texture = try makeTexture(Self.coverage(of: Self.withSurface(of: reference, frame: frame, resources: resources, Self.pixels)))
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        textures[key] = texture
        return texture
    }

    /// The texture with its colors multiplied by its alpha, made once per reference, level
    /// and frame.
    func premultipliedTexture(for reference: TextureReference, level: Int = 0, frame: Int = 0) throws -> OpaquePointer {
        let key = Key(reference: reference, level: level, frame: frame, premultiplied: true)
        if let texture = textures[key] { return texture }
        try admit(reference)
        let image = Self.premultiplied(try Self.image(for: reference, level: level, frame: frame, resources: resources))
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
    static func withSurface<Result>(of reference: TextureReference, frame: Int, resources: any EffectResources,
                                            _ body: (UnsafeMutablePointer<SDL_Surface>) throws -> Result) throws -> Result {
        switch reference {
        case .builtin:
            throw SDLError("loading a built-in texture", reason: "built-in textures are drawn, not read")
        case .file(let path, _, _), .atlasFrame(let path, _, _, _, _):
            let surface = try FileReader.withRWops(path, resources: resources) { IMG_Load_RW($0, 0) }
            guard let surface else { throw SDLError("loading the texture \(path)") }
            defer { SDL_FreeSurface(surface) }
            guard case .atlasFrame(_, let x, let y, let width, let height) = reference else { return try body(surface) }
            var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
            guard let frame = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, fx_pixelformat_rgba32()) else {
                throw SDLError("cutting the frame \(reference) from \(path)")
            }
            defer { SDL_FreeSurface(frame) }
            // A plain copy: the frame keeps the image's alpha, not blended onto anything.
            SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
            if SDL_UpperBlit(surface, &rect, frame, nil) != 0 { throw SDLError("cutting the frame \(reference) from \(path)") }
            return try body(frame)
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

    /// A surface's pixels, as tightly packed RGBA rows.
    static func pixels(of surface: UnsafeMutablePointer<SDL_Surface>) throws -> RGBAImage {
        guard let converted = SDL_ConvertSurfaceFormat(surface, fx_pixelformat_rgba32(), 0) else { throw SDLError("converting an image") }
        defer { SDL_FreeSurface(converted) }
        let width = Int(converted.pointee.w), height = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        let source = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for byte in 0..<(width * 4) { pixels[row * width * 4 + byte] = source[row * pitch + byte] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// An image's pixels as white with their alpha.
    private static func coverage(of image: RGBAImage) -> RGBAImage {
        var pixels = image.pixels
        for index in stride(from: 0, to: pixels.count, by: 4) { pixels[index] = 255; pixels[index + 1] = 255; pixels[index + 2] = 255 }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
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
