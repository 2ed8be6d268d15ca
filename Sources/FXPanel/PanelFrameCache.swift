import CSDL2

/// The property panel's last frame, drawn into a texture the size of the window, and the rule
/// for when to build a new one: an idle panel is a copy of its strip, not ImGui's widgets
/// built and drawn again (see ``PropertyPanel/draw(player:renderer:x:y:width:height:timings:clock:)``).
final class PanelFrameCache {
    private var texture: OpaquePointer?
    private var size: (width: Int32, height: Int32) = (0, 0)
    /// Whether the texture holds the last frame.
    private var isValid = false
    /// The last frame had a control held or a popup open: build the next one too.
    private var wasBusy = false
    /// When the texture was last drawn, on the window's clock.
    private var drawnAt = -Double.infinity

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    /// Whether the widgets must be built this frame: no valid picture, input within the last
    /// half second, a control held or a popup open last frame, or the refresh interval passed.
    func needsFrame(clock: Double, lastInput: Double, refreshInterval: Double) -> Bool {
        !isValid || wasBusy || clock - lastInput < 0.5 || clock - drawnAt >= refreshInterval || clock < drawnAt
    }

    /// Draws a frame into the texture with `draw` (made or remade at the window's output size);
    /// returns false when the renderer cannot draw into textures (then the caller draws on the
    /// window).
    func draw(renderer: OpaquePointer, clock: Double, busy: Bool, _ draw: () -> Void) -> Bool {
        var width: Int32 = 0, height: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &width, &height) == 0, width > 0, height > 0,
              SDL_RenderTargetSupported(renderer) == SDL_TRUE else { return false }
        if texture == nil || size != (width, height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
            size = (width, height)
        }
        guard let texture, SDL_SetRenderTarget(renderer, texture) == 0 else { return false }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        draw()
        SDL_SetRenderTarget(renderer, nil)
        isValid = true
        wasBusy = busy
        drawnAt = clock
        return true
    }

    /// Copies the strip (window pixels) from the texture onto the window, when it holds a frame.
    func copy(renderer: OpaquePointer, x: Float, y: Float, width: Float, height: Float) {
        guard isValid, let texture else { return }
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width.rounded(.up)), h: Int32(height.rounded(.up)))
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(renderer, texture, &rect, &rect)
    }

    /// Forgets the picture: the next frame builds the widgets.
    func invalidate() {
        isValid = false
        wasBusy = false
    }
}
