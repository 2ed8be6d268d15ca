import FXCore

extension WindowPlayer {
    /// The panel's transport (``WindowTransport``): the commands it sent while it drew, done as
    /// the next frame starts, and whether its scrubber holds the time.
    struct TransportState {
        /// Commands the panel sent, in order, not done yet (the panel draws after the frame's
        /// time has moved, so they are the next frame's input, like a key).
        final class Requests {
            var commands: [WindowTransport.Command] = []
        }

        let requests = Requests()
        /// The panel's scrubber is held: the time follows it, as it follows a drag across the
        /// canvas, instead of the clock.
        var isScrubbing = false
    }

    // The playback's actions: the keys and the panel's transport do each through one function.

    /// Space, or the panel's play/pause button.
    func togglePause(_ state: inout LoopState) {
        state.player.isPaused.toggle()
    }

    /// One simulation step, paused (→ while paused, or the panel's step button); nothing while
    /// a seek is under way (the effect is not at its time yet).
    func stepOnce(_ state: inout LoopState) {
        state.player.isPaused = true
        if !state.simulation.isRunning { state.player.step() }
    }

    /// r, or the panel's restart button: time 0, its prewarm (if any) run in slices from the
    /// next frame.
    func restart(_ state: inout LoopState) {
        state.simulation.target = nil
        state.player.restart()
    }

    /// `[` and `]`, or the panel's speed: the time bar shows the new speed for a moment.
    func setSpeed(_ speed: Double, _ state: inout LoopState, clock: Double) {
        state.player.speed = speed
        state.overlays.showTimeBar(at: clock)
    }

    /// Does what the panel's transport asked for while it drew the last frame, before the
    /// frame's time moves: a scrub seeks as a drag across the canvas does (``seek(_:to:)``,
    /// in slices). A scrub whose end cannot come (the panel was hidden) ends.
    func applyTransportRequests(_ state: inout LoopState, clock: Double) {
        let commands = state.transport.requests.commands
        state.transport.requests.commands = []
        for command in commands {
            switch command {
            case .togglePause: togglePause(&state)
            case .restart: restart(&state)
            case .step: stepOnce(&state)
            case .setSpeed(let speed):
                guard speed.isFinite else { continue }
                setSpeed(min(max(speed, WindowTransport.speedRange.lowerBound), WindowTransport.speedRange.upperBound), &state, clock: clock)
            case .scrub(let time):
                guard time.isFinite else { continue }
                state.transport.isScrubbing = true
                seek(&state, to: min(max(time, 0), max(effect.duration, 0)))
                state.overlays.showTimeBar(at: clock)
            case .endScrub:
                state.transport.isScrubbing = false
            }
        }
        if !state.panel.isShown { state.transport.isScrubbing = false }
    }

    /// Hands the panel the playback as it is this frame, and where its commands go.
    func connectTransport(_ panel: any WindowPanel, _ state: LoopState) {
        let requests = state.transport.requests
        panel.transport = WindowTransport(
            time: state.simulation.target ?? state.player.time, duration: effect.duration, stepDuration: state.player.stepDuration,
            isPaused: state.player.isPaused, speed: state.player.speed,
            isScrubbing: state.pointer.isScrubbing || state.transport.isScrubbing,
            seekProgress: state.simulation.progress?.fraction, keyframeMoments: state.overlays.keyframeMoments,
            perform: { requests.commands.append($0) })
    }
}
