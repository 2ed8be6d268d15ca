import CSDL2
import FXCore

extension WindowPlayer {
    /// Draws and presents one frame: the effect as the player shows it now (interpolated by
    /// what is left of a step, so motion is smooth at any frame rate), captured for a recording
    /// before the overlays so that a GIF shows the effect alone, then the overlays.
    func drawFrame(_ state: inout LoopState, on screen: Screen, clock: Double, frameClock: FrameClock) throws {
        let renderStart = SDL_GetPerformanceCounter()
        state.player.buildDrawList(into: screen.list)
        try screen.drawer.draw(screen.list)
        state.measurements.renderSeconds += frameClock.seconds(since: renderStart)
        captureRecording(&state, clock: clock)
        drawOverlays(state, clock: clock, on: screen)
        SDL_RenderPresent(screen.renderer)
    }
}
