import CSDL2
import FXCore
import Foundation

/// Renders draw lists into a memory surface: no display, no GPU, and the same pixels on every
/// run and with any number of threads.
///
/// Particle batches are drawn by fx's own software rasterizer straight into the surface (about
/// twice as fast as SDL's software `SDL_RenderGeometry` on one thread, and split across
/// ``threads``); text, images, shadows and layers drawn apart (masks, transitions) by SDL's software renderer,
/// in draw order. Both sample textures at the nearest texel and do not smooth triangle edges, so
/// the frame is drawn at ``supersampling`` times the output size in each direction and averaged
/// down: every output pixel is the mean of a block of rendered pixels (2×2 by default).
public final class HeadlessRenderer {
    /// The output width in pixels, 1…8192.
    public let width: Int
    /// The output height in pixels, 1…8192.
    public let height: Int
    /// How many rendered pixels make one output pixel, in each direction, by default.
    public static let supersampling = 2
    /// This renderer's factor (1 for benchmarks of SDL's own drawing).
    public let factor: Int
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    private let drawer: DrawListRenderer
    private let rasterizer: SoftwareRasterizer
    /// Whether particle batches are drawn by fx's rasterizer (true, the default) or by SDL's
    /// `SDL_RenderGeometry` (for benchmarks comparing the two).
    public var rasterizesParticles = true
    /// How many threads the rasterizer draws with (at least 1); the pixels are the same for any.
    public var threads: Int {
        get { rasterizer.threads }
        set { rasterizer.threads = max(1, newValue) }
    }
    /// The pixels per canvas point the renderer draws at (horizontally), before averaging
    /// down: what a draw list should be built for.
    public let renderedPixelsPerPoint: Double

    /// - Parameters:
    ///   - width: the output width in pixels (1…8192).
    ///   - height: the output height in pixels (1…8192).
    ///   - canvas: the effect's canvas size in points; it is scaled to fill the output.
    ///   - supersampling: rendered pixels per output pixel in each direction (1…4).
    ///   - resources: where the effect's image and font files are read from: the resolver the
    ///     effect was decoded with (files on disk by default).
    ///   - threads: how many threads draw particles (1 draws on the caller's thread); the
    ///     pixels do not depend on it.
    public init(width: Int, height: Int, canvas: Size, supersampling: Int = HeadlessRenderer.supersampling,
                resources: any EffectResources = FileResources(), threads: Int = 1) throws {
        guard width > 0, height > 0, width <= EffectLimits.maxImageSide, height <= EffectLimits.maxImageSide else {
            throw SDLError("creating a \(width)×\(height) image", reason: "sizes are 1…\(EffectLimits.maxImageSide) pixels a side")
        }
        self.width = width
        self.height = height
        let factor = max(1, min(supersampling, 4))
        self.factor = factor
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width * factor), Int32(height * factor), 32, fx_pixelformat_rgba32()) else {
            throw SDLError("creating a \(width * factor)×\(height * factor) surface")
        }
        self.surface = surface
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("creating the software renderer")
        }
        self.renderer = renderer
        renderedPixelsPerPoint = Double(width * factor) / canvas.width
        SDL_RenderSetScale(renderer, Float(renderedPixelsPerPoint), Float(Double(height * factor) / canvas.height))
        drawer = DrawListRenderer(renderer: renderer, resources: resources)
        drawer.targetSurface = surface
        rasterizer = SoftwareRasterizer(threads: threads)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Whether the last list drawn had a background that is not opaque: its pixels are then
    /// read back with straight alpha.
    private var transparentBackground = false

    /// Draws `list` and reads the pixels back, timing SDL's drawing and the read-back apart
    /// (seconds), for benchmarks.
    public func renderTimed(_ list: DrawList) throws -> (image: RGBAImage, draw: Double, readback: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        transparentBackground = list.background.alpha < 1
        drawer.rasterizer = rasterizesParticles ? rasterizer : nil
        try drawer.draw(list)
        SDL_RenderFlush(renderer)
        let drawn = DispatchTime.now().uptimeNanoseconds
        let image = pixels()
        let read = DispatchTime.now().uptimeNanoseconds
        return (image, Double(drawn - start) / 1e9, Double(read - drawn) / 1e9)
    }

    /// Draws `list` and returns the pixels.
    public func render(_ list: DrawList) throws -> RGBAImage {
        try renderTimed(list).image
    }

    /// Draws `list` into `image`, writing over its pixels in place: the same pixels as
    /// ``render(_:)``, without new storage for each frame when the caller keeps `image` (and
    /// holds the only reference to its pixels). An image of another size is replaced by one of
    /// the output size.
    public func render(_ list: DrawList, into image: inout RGBAImage) throws {
        transparentBackground = list.background.alpha < 1
        drawer.rasterizer = rasterizesParticles ? rasterizer : nil
        try drawer.draw(list)
        SDL_RenderFlush(renderer)
        if image.width != width || image.height != height {
            image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        }
        Downsampler.average(surface: surface, factor: factor, into: &image, straight: transparentBackground, threads: threads)
    }

    /// The surface's pixels averaged down to the output size, as tightly packed RGBA rows; with
    /// straight (not premultiplied) alpha when the list's background was not opaque
    /// (`--background transparent`).
    public func pixels() -> RGBAImage {
        var image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        Downsampler.average(surface: surface, factor: factor, into: &image, straight: transparentBackground, threads: threads)
        return image
    }
}
