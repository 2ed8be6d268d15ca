import CSDL2
import FXCore

/// Draws a window's frames with fx's own threaded rasterizer, for windows without a GPU: the
/// frame is rendered headless, exactly as `fx render` renders it (a ``HeadlessRenderer`` at the
/// size the canvas has on the screen, supersampled and averaged down), written into one
/// streaming texture and copied onto the window as a single quad.
///
/// A software OpenGL (Mesa's llvmpipe under Xvfb) or SDL's software renderer draws a draw list's
/// triangles one call at a time on one core; fx's rasterizer draws the same particles on every
/// core, and the renderer then only uploads a texture and draws two triangles. With a GPU the
/// window keeps drawing through SDL (``RendererDescription/isSoftware``).
public final class SoftwareFrameDrawer {
    private let renderer: OpaquePointer
    private let resources: any EffectResources
    /// The threads the rasterizer and the averaging use (at least 1); the pixels do not depend
    /// on it.
    public var threads: Int
    /// Rendered pixels per window pixel in each direction (1…4): 1 draws as a GPU window does,
    /// one sample a pixel; 2 is `fx render`'s (``HeadlessRenderer/supersampling``).
    public let supersampling: Int
    private var headless: HeadlessRenderer?
    private var canvas = Size(width: 0, height: 0)
    /// Where the frames go on the renderer's output, in pixels: the last prepared area.
    private var area = SDL_Rect()
    private var texture: OpaquePointer?
    /// The last frame drawn, at ``width`` × ``height``: its storage is written over by the next.
    public private(set) var image = RGBAImage(width: 0, height: 0, pixels: [])

    /// - Parameters:
    ///   - renderer: the window's SDL renderer, which presents the frames.
    ///   - resources: where the effect's image and font files are read from.
    ///   - threads: how many threads draw (1 draws on the caller's thread).
    ///   - supersampling: rendered pixels per window pixel in each direction (1…4).
    public init(renderer: OpaquePointer, resources: any EffectResources = FileResources(), threads: Int, supersampling: Int) {
        self.renderer = renderer
        self.resources = resources
        self.threads = max(1, threads)
        self.supersampling = max(1, min(supersampling, 4))
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    /// The width frames are drawn at, in pixels (0 before ``prepare(area:canvas:)``).
    public var width: Int { headless?.width ?? 0 }
    /// The height frames are drawn at, in pixels (0 before ``prepare(area:canvas:)``).
    public var height: Int { headless?.height ?? 0 }

    /// The pixels per canvas point a draw list for this drawer is built with (as `fx render`
    /// builds it: the supersampled size's).
    public var pixelsPerPoint: Double { headless?.renderedPixelsPerPoint ?? 1 }

    /// Makes ready to draw frames of a `canvas`-sized effect into `area` of the renderer's
    /// output (pixels, the logical size set aside), at its size: a new headless renderer and
    /// texture when the size or the canvas changed since the last frame (a resized window, a
    /// reloaded effect), nothing more otherwise.
    public func prepare(area: SDL_Rect, canvas: Size) throws {
        self.area = area
        let width = max(1, min(Int(area.w), EffectLimits.maxImageSide)), height = max(1, min(Int(area.h), EffectLimits.maxImageSide))
        if let headless, headless.width == width, headless.height == height, canvas == self.canvas { return }
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        headless = nil
        let made = try HeadlessRenderer(width: width, height: height, canvas: canvas, supersampling: supersampling, resources: resources,
                                        threads: threads)
        guard let texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                              Int32(width), Int32(height)) else {
            throw SDLError("creating a \(width)×\(height) streaming texture for the window")
        }
        // One texel per pixel, copied as it is: no filtering, no blending with what is under it.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        self.texture = texture
        headless = made
        self.canvas = canvas
    }

    /// Rasterizes `list` (built with ``pixelsPerPoint``) into ``image`` and the texture, and
    /// copies the texture onto the renderer's output at the prepared area. Throws the headless
    /// renderer's memory errors (``OffscreenMemoryError``, ``ImageMemoryError``) for a frame it
    /// cannot draw.
    public func draw(_ list: DrawList) throws {
        guard let headless, let texture else { throw SDLError("drawing a window frame", reason: "the drawer was not prepared") }
        headless.threads = threads
        try headless.render(list, into: &image)
        let status = image.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(image.width * 4)) }
        if status != 0 { throw SDLError("updating the window's frame texture") }
        // Letterbox bars (and the panel's strip) in the background's color, as SDL's path clears.
        let background = list.background
        SDL_SetRenderDrawColor(renderer, DrawListRenderer.channel(background.red), DrawListRenderer.channel(background.green),
                               DrawListRenderer.channel(background.blue), DrawListRenderer.channel(background.alpha))
        SDL_RenderClear(renderer)
        var logicalWidth: Int32 = 0, logicalHeight: Int32 = 0
        SDL_RenderGetLogicalSize(renderer, &logicalWidth, &logicalHeight)
        SDL_RenderSetLogicalSize(renderer, 0, 0)
        var destination = area
        let copied = SDL_RenderCopy(renderer, texture, nil, &destination)
        SDL_RenderSetLogicalSize(renderer, logicalWidth, logicalHeight)
        if copied != 0 { throw SDLError("copying the window's frame texture") }
    }
}
