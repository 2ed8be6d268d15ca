import CSDL2
import FXCore
import FXSDL
import FXWindow

/// The property panel is the window's ``WindowPanel``: its width, input, timings and edit
/// closures are the protocol's as they are; only the drawing takes the window's timings.
extension PropertyPanel: WindowPanel {
    func draw(player: EffectPlayer, renderer: OpaquePointer, x: Float, y: Float, width: Float, height: Float,
              timings: WindowPanelTimings, clock: Double) {
        draw(player: player, renderer: renderer, x: x, y: y, width: width, height: height,
             timings: Timings(fps: timings.fps, stepMilliseconds: timings.stepMilliseconds,
                              renderMilliseconds: timings.renderMilliseconds),
             clock: clock)
    }
}

extension WindowPlayer {
    /// Makes fx's property panel, drawn with Dear ImGui, for `window` and `renderer`: what
    /// `fx play` passes as ``Options/makePanel``.
    /// - Throws: `SDLError` (FXSDL) when Dear ImGui's backends do not start.
    public static func makePropertyPanel(window: OpaquePointer, renderer: OpaquePointer,
                                         logEvent: ((String) -> Void)?) throws -> any WindowPanel {
        PropertyPanel(imgui: try ImGuiContext(window: window, renderer: renderer), logEvent: logEvent)
    }
}
