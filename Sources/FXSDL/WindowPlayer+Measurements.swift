import CSDL2
import FXCore

extension WindowPlayer {
    /// Frame and step timings for the title and the HUD, summed over half a second of real time
    /// and then shown as averages, so the numbers are steady enough to read.
    struct Measurements {
        var frames = 0
        var steps = 0
        var stepSeconds = 0.0
        var renderSeconds = 0.0
        var clockSinceTitle = 0.0
        var shownFPS = 0.0, shownStepMilliseconds = 0.0, shownRenderMilliseconds = 0.0

        /// Counts a frame of `frameTime` seconds; once half a second has gathered, turns the sums
        /// into the shown averages, starts over, and returns true.
        mutating func endFrame(frameTime: Double) -> Bool {
            frames += 1
            clockSinceTitle += frameTime
            guard clockSinceTitle >= 0.5 else { return false }
            shownFPS = Double(frames) / clockSinceTitle
            shownStepMilliseconds = steps > 0 ? stepSeconds / Double(steps) * 1000 : 0
            shownRenderMilliseconds = renderSeconds / Double(frames) * 1000
            frames = 0
            steps = 0
            stepSeconds = 0
            renderSeconds = 0
            clockSinceTitle = 0
            return true
        }
    }

    /// Counts the frame; twice a second, writes the effect, fps, live particles and time into
    /// the window's title.
    func updateMeasurements(_ state: inout LoopState, frameTime: Double, window: OpaquePointer) {
        guard state.measurements.endFrame(frameTime: frameTime) else { return }
        let pausedNote = state.player.isPaused ? " — paused" : ""
        let unsaved = state.editing.session?.hasUnsavedEdits == true ? "• " : ""
        SDL_SetWindowTitle(window, "\(unsaved)fx — \(effect.name) — \(Int(state.measurements.shownFPS.rounded())) fps — \(state.player.stats.liveParticles) particles — t \(formatTime(state.player.time))\(pausedNote)")
    }
}
