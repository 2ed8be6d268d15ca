import CSDL2
import FXCore
import FXSDL

extension WindowPlayer {
    /// Draws and presents one frame: the effect as the player shows it now (interpolated by
    /// what is left of a step, so motion is smooth at any frame rate), captured for a recording
    /// before the overlays so that a GIF shows the effect alone, then the overlays and the panel.
    func drawFrame(_ state: inout LoopState, on screen: Screen, clock: Double, frameClock: FrameClock) throws {
        // The HUD's split: build, submit, and present (the overlays and SDL_RenderPresent, where
        // SDL hands its queued commands to the driver). A recording's capture is left out.
        let buildStart = SDL_GetPerformanceCounter()
        if let progress = state.simulation.progress {
            // A seek under way: its progress in place of the effect, not all there yet.
            drawSimulating(progress, on: screen)
        } else {
            state.player.buildDrawList(into: screen.list, pixelsPerPoint: try prepareSoftwareDrawing(state, on: screen))
        }
        let submitStart = SDL_GetPerformanceCounter()
        if !state.simulation.isRunning { try drawEffect(&state, on: screen) }
        let submitEnd = SDL_GetPerformanceCounter()
        captureRecording(&state, clock: clock)
        drawHandles(&state, on: screen)
        let presentStart = SDL_GetPerformanceCounter()
        drawOverlays(state, clock: clock, on: screen)
        drawPanel(state, on: screen, clock: clock)
        SDL_RenderPresent(screen.renderer)
        let presentEnd = SDL_GetPerformanceCounter()
        let frequency = frameClock.frequency
        state.measurements.frame.build = Double(submitStart - buildStart) / frequency
        state.measurements.frame.submit = Double(submitEnd - submitStart) / frequency
        state.measurements.frame.present = Double(presentEnd - presentStart) / frequency
        if let edited = state.panel.pendingReload.effect {
            // A choice the running effect cannot take live: play the edited text from here.
            state.panel.pendingReload.effect = nil
            play(edited, &state, renderer: screen.renderer)
        }
        if let request = state.panel.pendingReload.saveAs {
            state.panel.pendingReload.saveAs = nil
            performSaveAs(&state, path: request.path, overwrite: request.overwrite)
            if let copied = state.panel.pendingReload.effect {
                state.panel.pendingReload.effect = nil
                play(copied, &state, renderer: screen.renderer)
            }
        }
        if let request = state.panel.pendingReload.export {
            state.panel.pendingReload.export = nil
            performExport(&state, request.format, path: request.path, overwrite: request.overwrite)
        }
        state.framesShown += 1
        logEvent(frameEvent(state, clock: clock))
    }

    /// Draws the frame's draw list. A frame past one of the renderer's memory limits (layers
    /// drawn apart, vector images) is not drawn: its error shows over the window, which keeps
    /// running, so the file can be fixed and reloaded; it is logged once while it lasts.
    private func drawEffect(_ state: inout LoopState, on screen: Screen) throws {
        let message: String
        do {
            if let software = screen.software {
                try software.draw(screen.list)
            } else {
                try screen.drawer.draw(screen.list)
            }
            state.overlays.frameError = nil
            return
        } catch let error as OffscreenMemoryError {
            message = error.description
        } catch let error as ImageMemoryError {
            message = error.description
        }
        if state.overlays.frameError != message { log("frame not drawn: \(message)") }
        state.overlays.frameError = message
    }

    /// Readies fx's rasterizer, when it draws the window, for the canvas's size on the screen
    /// now (the window may have been resized, the effect reloaded with another canvas), and
    /// returns the pixels per point to build the draw list with: the rasterizer's, as `fx render`
    /// builds it at that size; 1 for SDL's renderer, which scales the list itself.
    private func prepareSoftwareDrawing(_ state: LoopState, on screen: Screen) throws -> Double {
        guard let software = screen.software else { return 1 }
        software.threads = state.player.threads
        try software.prepare(area: WindowRecorder.canvasArea(screen.renderer, canvas: effect.canvas.size), canvas: effect.canvas.size)
        return software.pixelsPerPoint
    }

    /// The line ``Options/logsEvents`` writes for a frame just presented: its number, the
    /// effect time it shows, the window's clock, and what a test may wait for.
    private func frameEvent(_ state: LoopState, clock: Double) -> String {
        let stats = state.player.stats
        let scrubbing = state.pointer.isScrubbing || state.transport.isScrubbing
        let playback = "paused=\(state.player.isPaused ? 1 : 0) speed=\(String(format: "%.3g", state.player.speed)) scrubbing=\(scrubbing ? 1 : 0)"
        return "frame n=\(state.framesShown) t=\(String(format: "%.3f", stats.time)) clock=\(String(format: "%.3f", clock))"
            + " particles=\(stats.liveParticles) " + playback + " recorded=\(state.recording.recorder?.frameCount ?? 0)"
            + " panel=\(state.panel.isShown ? 1 : 0) help=\(state.editing.showsHelp ? 1 : 0)"
            + (state.panel.isShown ? String(format: " panelms=%.3f", state.panel.panel?.shownMilliseconds ?? 0) : "")
            + (state.simulation.progress.map { " simulating=\(Int($0.fraction * 100))" } ?? "")
    }
}
