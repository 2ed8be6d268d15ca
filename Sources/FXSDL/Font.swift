import CSDL2
import FXCore
import Foundation

/// A TrueType font through SDL_ttf. The default is DejaVu Sans from fonts-dejavu-core.
package final class Font {
    let font: OpaquePointer

    /// Where DejaVu Sans is found on Debian and most Linux distributions.
    package static let defaultPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    ]

    /// - Parameters:
    ///   - path: the font's location, read through `resources`; nil is DejaVu Sans from the
    ///     system's font folders (the window's and charts' own text).
    package init(size: Int, path: String? = nil, resources: any EffectResources = FileResources()) throws {
        if TTF_WasInit() == 0 && TTF_Init() != 0 { throw SDLError("starting SDL_ttf") }
        let candidates = path.map { [$0] } ?? Self.defaultPaths
        guard let found = path ?? candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw SDLError("loading a font", reason: "DejaVu Sans not found (install fonts-dejavu-core)")
        }
        // SDL_ttf reads the font lazily, so the bytes stay with the font until it is closed.
        let bytes = try path == nil ? FileReader.read(found, limit: FileReader.maxAssetBytes)
            : resources.contents(at: found, prefix: nil, limit: FileReader.maxAssetBytes)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        guard let operations = SDL_RWFromConstMem(storage.baseAddress, Int32(bytes.count)),
              let font = TTF_OpenFontRW(operations, 1, Int32(size)) else {
            let error = SDLError("loading the font \(found)")
            storage.deallocate()
            throw error
        }
        self.font = font
        self.storage = storage
    }

    /// The font file's bytes, which SDL_ttf reads from while the font is open.
    private let storage: UnsafeMutableRawBufferPointer

    deinit {
        TTF_CloseFont(font)
        storage.deallocate()
    }

    /// The size in pixels `text` takes.
    package func measure(_ text: String) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        TTF_SizeUTF8(font, text, &width, &height)
        return (Int(width), Int(height))
    }

    /// Draws `text` with its top-left corner at (x, y) in the renderer's coordinates; text
    /// without a visible glyph draws nothing.
    /// - Parameter anchor: 0 left-aligned, 0.5 centred, 1 right-aligned at x.
    package func draw(_ text: String, x: Double, y: Double, color: (UInt8, UInt8, UInt8, UInt8), anchor: Double = 0,
                      renderer: OpaquePointer) throws {
        guard !text.isEmpty else { return }
        let sdlColor = SDL_Color(r: color.0, g: color.1, b: color.2, a: color.3)
        guard let surface = TTF_RenderUTF8_Blended(font, text, sdlColor) else {
            // Text without a visible glyph (a zero-width space) has no picture: nothing to draw.
            if measure(text).width == 0 { return }
            throw SDLError("drawing text")
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { throw SDLError("drawing text") }
        defer { SDL_DestroyTexture(texture) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let width = Float(surface.pointee.w), height = Float(surface.pointee.h)
        var target = SDL_FRect(x: Float(x) - Float(anchor) * width, y: Float(y), w: width, h: height)
        SDL_RenderCopyF(renderer, texture, nil, &target)
    }
}
