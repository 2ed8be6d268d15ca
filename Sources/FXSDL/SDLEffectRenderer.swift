import CSDL2
import FXCore

/// Draws effects with your program's own `SDL_Renderer`, over your own scene: the way a game
/// shows fx's confetti.
///
/// Make one per renderer and keep it: it holds the textures it made for that renderer
/// (released with it) and a draw list it reuses every frame. It leaves the renderer as it found
/// it — draw color, blend mode, clip rectangle and render target.
///
/// ```swift
/// let effects = SDLEffectRenderer(renderer: renderer)   // your SDL_Renderer
/// // every frame, after drawing your scene:
/// player.advance(by: frameSeconds)
/// try effects.draw(player, at: Point(x: 0, y: 0), scale: 1)
/// SDL_RenderPresent(renderer)
/// ```
public final class SDLEffectRenderer {
    /// The `SDL_Renderer` drawn with, as given.
    public let renderer: OpaquePointer
    private let drawer: DrawListRenderer
    private let list = DrawList()

    /// - Parameters:
    ///   - renderer: your `SDL_Renderer *`. It must outlive this object.
    ///   - resources: where the effect's image and font files are read from: pass the resolver
    ///     the effect was decoded with (files on disk by default).
    public init(renderer: OpaquePointer, resources: any EffectResources = FileResources()) {
        self.renderer = renderer
        drawer = DrawListRenderer(renderer: renderer, resources: resources)
    }

    /// How the effect is drawn.
    public struct Options: Sendable {
        /// Fill the canvas rectangle with the effect's background color first. Off by default:
        /// the effect is drawn over your scene.
        public var drawsBackground = false
        /// Clip drawing to the canvas rectangle. Off by default: particles may fly out of it,
        /// as from a Core Animation layer.
        public var clipsToCanvas = false

        /// Options with these settings; `Options()` draws over your scene, unclipped.
        public init(drawsBackground: Bool = false, clipsToCanvas: Bool = false) {
            self.drawsBackground = drawsBackground
            self.clipsToCanvas = clipsToCanvas
        }
    }

    /// Draws what `player` shows now (interpolated by its accumulator) with the canvas's
    /// top-left corner at `origin` and `scale` units per canvas point, in the renderer's
    /// coordinates (after any scale or logical size you gave it).
    /// - Parameters:
    ///   - player: the effect to draw, as it is now.
    ///   - origin: where the canvas's top-left corner goes, in the renderer's coordinates.
    ///   - scale: renderer units per canvas point.
    ///   - options: whether to fill the background and clip to the canvas.
    ///   - target: a texture made with `SDL_TEXTUREACCESS_TARGET` to draw into, instead of the
    ///     current target; the current target is restored after.
    /// - Throws: ``SDLError`` when SDL fails (a texture cannot be made, a draw call fails).
    public func draw(_ player: EffectPlayer, at origin: Point = .zero, scale: Double = 1,
                     into target: OpaquePointer? = nil, options: Options = Options()) throws {
        var rendererScaleX: Float = 1, rendererScaleY: Float = 1
        SDL_RenderGetScale(renderer, &rendererScaleX, &rendererScaleY)
        let pixelsPerPoint = max(1e-3, scale * Double(max(rendererScaleX, rendererScaleY)))
        player.buildDrawList(into: list, pixelsPerPoint: pixelsPerPoint)
        try draw(list, at: origin, scale: scale, into: target, options: options)
    }

    /// Draws a draw list built by `EffectPlayer.buildDrawList(into:pixelsPerPoint:)` (canvas
    /// points), as the method above draws a player.
    /// - Parameters:
    ///   - list: the frame to draw.
    ///   - origin: where the canvas's top-left corner goes, in the renderer's coordinates.
    ///   - scale: renderer units per canvas point.
    ///   - target: a texture to draw into instead of the current target.
    ///   - options: whether to fill the background and clip to the canvas.
    public func draw(_ list: DrawList, at origin: Point = .zero, scale: Double = 1, into target: OpaquePointer? = nil,
                     options: Options = Options()) throws {
        guard scale.isFinite, scale > 0, scale <= 1e4, origin.x.isFinite, origin.y.isFinite, abs(origin.x) <= 1e8, abs(origin.y) <= 1e8 else {
            throw SDLError("placing an effect", reason: "the scale must be in (0, 10000] and the origin within ±1e8")
        }
        // Leave the renderer as it was found.
        let previousTarget = SDL_GetRenderTarget(renderer)
        var red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0, alpha: UInt8 = 0
        SDL_GetRenderDrawColor(renderer, &red, &green, &blue, &alpha)
        var blendMode = SDL_BLENDMODE_NONE
        SDL_GetRenderDrawBlendMode(renderer, &blendMode)
        let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        var previousClip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &previousClip)
        defer {
            if target != nil { SDL_SetRenderTarget(renderer, previousTarget) }
            SDL_SetRenderDrawColor(renderer, red, green, blue, alpha)
            SDL_SetRenderDrawBlendMode(renderer, blendMode)
            if options.clipsToCanvas {
                if clipped { SDL_RenderSetClipRect(renderer, &previousClip) } else { SDL_RenderSetClipRect(renderer, nil) }
            }
        }
        if let target, SDL_SetRenderTarget(renderer, target) != 0 { throw SDLError("drawing into the render target") }

        let canvas = Rect(x: origin.x, y: origin.y, width: list.size.width * scale, height: list.size.height * scale)
        if options.clipsToCanvas {
            // Whole units covering the canvas, within what SDL's rectangles hold.
            func whole(_ value: Double) -> Int32 { Int32(min(max(value, -1e9), 1e9)) }
            let left = canvas.origin.x.rounded(.down), top = canvas.origin.y.rounded(.down)
            let right = (canvas.origin.x + canvas.size.width).rounded(.up), bottom = (canvas.origin.y + canvas.size.height).rounded(.up)
            var clip = SDL_Rect(x: whole(left), y: whole(top), w: whole(right - left), h: whole(bottom - top))
            SDL_RenderSetClipRect(renderer, &clip)
        }
        if options.drawsBackground {
            // Replace what is there, as a headless render clears to the background.
            let background = list.background
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(renderer, DrawListRenderer.channel(background.red), DrawListRenderer.channel(background.green),
                                   DrawListRenderer.channel(background.blue), DrawListRenderer.channel(background.alpha))
            var rect = SDL_FRect(x: Float(canvas.origin.x), y: Float(canvas.origin.y), w: Float(canvas.size.width),
                                 h: Float(canvas.size.height))
            if SDL_RenderFillRectF(renderer, &rect) != 0 { throw SDLError("drawing the effect's background") }
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        drawer.origin = origin
        drawer.scale = scale
        try drawer.drawBatches(list, 0..<list.batches.count, skippingGroup: nil)
    }
}
