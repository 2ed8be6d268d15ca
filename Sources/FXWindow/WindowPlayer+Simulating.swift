import CSDL2
import FXCore
import FXSDL

extension WindowPlayer {
    /// A seek the window has not finished: the effect's prewarm after a load, a reload, a
    /// restart or a loop, or a moment far away (the start time, a scrub back through a heavy
    /// effect). It runs in slices, a few steps at a time within each frame, behind a
    /// "simulating… N%" overlay, so that the window keeps drawing, reloading and quitting.
    struct SimulationState {
        /// The moment the player is being taken to; nil when only a prewarm is pending (the
        /// player then stays at its time, 0).
        var target: Double?
        /// How far the seek is, while one runs; nil when the player shows its time.
        var progress: SimulationProgress?

        /// Whether a seek is under way (the effect is not drawn, nor fed input, meanwhile).
        var isRunning: Bool { progress != nil }

        /// The most real time a frame spends simulating, in seconds: the window still draws
        /// about 30 frames a second (fewer when a single step takes longer).
        static let sliceSeconds = 1.0 / 30
    }

    /// Sends the player to `time` from the next frame on, in slices (see ``SimulationState``).
    func seek(_ state: inout LoopState, to time: Double) {
        state.simulation.target = time
    }

    /// Takes the pending seek (or prewarm) as far as a frame's share of time allows, a step at
    /// a time, and notes how far it is. Returns true while it is not done: the frame then
    /// neither advances the clock nor draws the effect.
    func continueSimulation(_ state: inout LoopState, frameClock: FrameClock) -> Bool {
        guard state.simulation.target != nil || !state.player.isPrewarmed else {
            state.simulation.progress = nil
            return false
        }
        let target = state.simulation.target ?? state.player.time
        let start = SDL_GetPerformanceCounter()
        var progress: SimulationProgress
        repeat {
            progress = state.player.seek(to: target, maxSteps: 1)
        } while !progress.isComplete && frameClock.seconds(since: start) < SimulationState.sliceSeconds
        if progress.isComplete {
            state.simulation = SimulationState()
            return false
        }
        state.simulation.progress = progress
        return true
    }

    /// While a seek runs: the canvas's background and, in its middle, "simulating… N%" over a
    /// bar (in place of the effect, whose particles are not all there yet).
    func drawSimulating(_ progress: SimulationProgress, on screen: Screen) {
        let renderer = screen.renderer
        let background = effect.canvas.background.clamped
        SDL_SetRenderDrawColor(renderer, UInt8(background.red * 255), UInt8(background.green * 255), UInt8(background.blue * 255), 255)
        SDL_RenderClear(renderer)
        let pixels = effect.canvas.size.wholePixels
        let width = Float(min(pixels.width - 16, 320)), height: Float = 58
        let left = (Float(pixels.width) - width) / 2, top = (Float(pixels.height) - height) / 2
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 12, 14, 22, 230)
        var panel = SDL_FRect(x: left, y: top, w: width, h: height)
        SDL_RenderFillRectF(renderer, &panel)
        let percent = Int(progress.fraction * 100)
        try? screen.font?.draw("simulating… \(percent)%", x: Double(left + 12), y: Double(top + 8), color: (255, 255, 255, 255), renderer: renderer)
        SDL_SetRenderDrawColor(renderer, 60, 66, 84, 255)
        var track = SDL_FRect(x: left + 12, y: top + 34, w: width - 24, h: 12)
        SDL_RenderFillRectF(renderer, &track)
        SDL_SetRenderDrawColor(renderer, 90, 150, 255, 255)
        var fill = SDL_FRect(x: left + 12, y: top + 34, w: (width - 24) * Float(progress.fraction), h: 12)
        SDL_RenderFillRectF(renderer, &fill)
    }
}
