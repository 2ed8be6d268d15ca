import CSDL2
import FXCore

extension WindowPlayer {
    /// The window's real-time clock, read from SDL's performance counter (never inside the
    /// engine: the player only receives the seconds that passed).
    struct FrameClock {
        /// Counter ticks per second.
        let frequency = Double(SDL_GetPerformanceFrequency())
        /// When the window started playing: `clock` counts from here.
        let start: UInt64
        /// When the current frame began.
        private(set) var frameStart: UInt64

        init() {
            start = SDL_GetPerformanceCounter()
            frameStart = start
        }

        /// Starts a frame. Returns the real seconds since the previous frame began (what the
        /// player advances by) and since the window started (what `quitAfter`, overlays,
        /// polling and recording go by).
        mutating func beginFrame() -> (frameTime: Double, clock: Double) {
            let now = SDL_GetPerformanceCounter()
            let frameTime = Double(now - frameStart) / frequency
            frameStart = now
            return (frameTime, Double(now - start) / frequency)
        }

        /// Seconds since `counter`, a reading of SDL's performance counter.
        func seconds(since counter: UInt64) -> Double {
            Double(SDL_GetPerformanceCounter() - counter) / frequency
        }

        /// Without vsync (software renderers, Xvfb) do not spin a core drawing frames that
        /// nobody sees: hold the loop near 120 frames a second. (A measured run does not wait.)
        func waitForNextFrame() {
            let spent = seconds(since: frameStart)
            if spent < 1.0 / 120 { SDL_Delay(UInt32((1.0 / 120 - spent) * 1000)) }
        }
    }

    /// Moves the effect's time for one frame. A scrub seeks first: all the pointer moves of a
    /// frame scrub once, to the last position — the pointer's x across the canvas is a moment
    /// between 0 and the duration. Unless a scrubbing button is held, the player then takes the
    /// frame's real time (times its speed; nothing while paused) and steps while a whole step is
    /// due, the remainder left for drawing between steps.
    func advanceTimeline(_ state: inout LoopState, frameTime: Double, frameClock: FrameClock) {
        if let target = state.pointer.scrubTarget {
            let fraction = min(max(target / max(effect.canvas.size.width, 1), 0), 1)
            seek(&state, to: fraction * effect.duration)
            state.pointer.scrubTarget = nil
        }
        let stepStart = SDL_GetPerformanceCounter()
        // A seek or prewarm under way takes the frame's simulating time, a slice of it.
        let simulating = continueSimulation(&state, frameClock: frameClock)
        if !state.pointer.isScrubbing && !state.transport.isScrubbing && !simulating {
            state.measurements.steps += state.player.advance(by: frameTime)
            if state.player.stats.budgetReached && !state.budgetReported {
                state.budgetReported = true
                log("the particle budget (maxParticles \(effect.maxParticles)) is reached; emission pauses until particles die")
            }
        }
        let stepSeconds = frameClock.seconds(since: stepStart)
        state.measurements.stepSeconds += stepSeconds
        state.measurements.frame.simulate = stepSeconds
    }
}
