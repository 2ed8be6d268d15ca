import CSDL2
import FXCore

extension WindowPlayer {
    /// A measured run (``Options/measuresFrames``) leaves out its first seconds, this many:
    /// textures load and caches fill.
    public static let measuredRunStarts = 1.0

    /// Frame and step timings for the title and the HUD, summed over half a second of real time
    /// and then shown as averages, so the numbers are steady enough to read; and, for a measured
    /// run (``Options/measuresFrames``), summed over the whole run after its first second.
    struct Measurements {
        /// One sum of frames and their parts.
        struct Sums {
            var frames = 0
            var seconds = 0.0
            var simulate = 0.0, build = 0.0, submit = 0.0, present = 0.0
            var particles = 0.0

            mutating func add(_ frame: Sums) {
                frames += frame.frames
                seconds += frame.seconds
                simulate += frame.simulate
                build += frame.build
                submit += frame.submit
                present += frame.present
                particles += frame.particles
            }

            /// Milliseconds per frame of a part's seconds.
            func milliseconds(_ part: Double) -> Double { frames > 0 ? part / Double(frames) * 1000 : 0 }
        }

        /// The frame being drawn: its parts as they are timed.
        var frame = Sums()
        /// Since the title was last written.
        var shown = Sums()
        var steps = 0
        var stepSeconds = 0.0
        var shownFPS = 0.0, shownStepMilliseconds = 0.0
        /// The HUD's split of a frame, in milliseconds.
        var shownSimulate = 0.0, shownBuild = 0.0, shownSubmit = 0.0, shownPresent = 0.0
        /// Draw list and submission together, for the panel's "render".
        var shownRenderMilliseconds: Double { shownBuild + shownSubmit }
        /// The measured run's sums (frames from ``WindowPlayer/measuredRunStarts`` seconds of the
        /// clock on).
        var run = Sums()

        /// Counts a frame of `frameTime` seconds; once half a second has gathered, turns the sums
        /// into the shown averages, starts over, and returns true.
        mutating func endFrame(frameTime: Double, clock: Double, particles: Int) -> Bool {
            frame.frames = 1
            frame.seconds = frameTime
            frame.particles = Double(particles)
            shown.add(frame)
            if clock >= WindowPlayer.measuredRunStarts { run.add(frame) }
            frame = Sums()
            guard shown.seconds >= 0.5 else { return false }
            shownFPS = Double(shown.frames) / shown.seconds
            shownStepMilliseconds = steps > 0 ? stepSeconds / Double(steps) * 1000 : 0
            shownSimulate = shown.milliseconds(shown.simulate)
            shownBuild = shown.milliseconds(shown.build)
            shownSubmit = shown.milliseconds(shown.submit)
            shownPresent = shown.milliseconds(shown.present)
            shown = Sums()
            steps = 0
            stepSeconds = 0
            return true
        }

        /// The measured run as ``FrameTimings``: frames over the real time between their starts.
        func timings(renderer: String, drawing: String, width: Int, height: Int) -> FrameTimings {
            FrameTimings(frames: run.frames, seconds: run.seconds, particles: run.frames > 0 ? run.particles / Double(run.frames) : 0,
                         simulateMilliseconds: run.milliseconds(run.simulate), buildMilliseconds: run.milliseconds(run.build),
                         submitMilliseconds: run.milliseconds(run.submit), presentMilliseconds: run.milliseconds(run.present),
                         renderer: renderer, drawing: drawing, width: width, height: height)
        }
    }

    /// Counts the frame; twice a second, writes the effect, fps, live particles and time into
    /// the window's title.
    func updateMeasurements(_ state: inout LoopState, frameTime: Double, clock: Double, window: OpaquePointer) {
        guard state.measurements.endFrame(frameTime: frameTime, clock: clock, particles: state.player.stats.liveParticles) else { return }
        let pausedNote = state.player.isPaused ? " — paused" : ""
        let unsaved = state.editing.session?.hasUnsavedEdits == true ? "• " : ""
        SDL_SetWindowTitle(window, "\(unsaved)fx — \(effect.name) — \(Int(state.measurements.shownFPS.rounded())) fps — \(state.player.stats.liveParticles) particles — t \(formatTime(state.player.time))\(pausedNote)")
    }
}
