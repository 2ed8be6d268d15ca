import CSDL2
import FXCore

extension WindowPlayer {
    /// Hot reload's state: the files watched, when they were last looked at, and the error of
    /// the last save that failed to load (shown until a good save).
    struct HotReload {
        /// Nil when hot reload is off (no `reload` function).
        let watcher: FileWatcher?
        var lastPoll = 0.0
        var loadError: EffectLoadError?

        /// How often the files are looked at, in seconds of the window's clock: four times a
        /// second is quick enough to feel live and cheap enough to go unnoticed.
        static let pollInterval = 0.25
    }

    /// Looks at the effect's files when a poll is due; when they changed (and have stayed
    /// still for a poll, see ``FileWatcher``), loads the effect again. A good load replaces the
    /// effect at the current time; a bad one keeps the last good effect playing and shows why.
    func reloadIfChanged(_ state: inout LoopState, clock: Double, renderer: OpaquePointer) {
        guard let watcher = state.reload.watcher, let reload, clock - state.reload.lastPoll >= HotReload.pollInterval else { return }
        state.reload.lastPoll = clock
        guard watcher.poll(), fileChangedOnDisk(&state) else { return }
        switch reload() {
        case .success(let fresh):
            replaceEffect(with: fresh, &state, renderer: renderer, watcher: watcher)
        case .failure(let error):
            state.reload.loadError = error
            log("reload failed; still playing the last good version:\n\(error)")
        }
    }

    /// Plays `fresh` from the time the old effect was at, with the same seed, speed and pause,
    /// so that tuning a file does not throw away the moment being looked at. The canvas takes
    /// the new size (beside the panel, when it shows), and the watcher the new set of files (textures may have changed).
    private func replaceEffect(with fresh: Effect, _ state: inout LoopState, renderer: OpaquePointer, watcher: FileWatcher) {
        let time = state.simulation.target ?? state.player.time
        play(fresh, &state, renderer: renderer)
        watcher.watch(fresh.dependencies)
        log("reloaded \(fresh.sourcePath ?? fresh.name) at t \(formatTime(time)) s")
    }

    /// Plays `fresh` in place of the running effect, from the time it was at, with its seed,
    /// speed and pause (a reload, an undo or a revert).
    func play(_ fresh: Effect, _ state: inout LoopState, renderer: OpaquePointer) {
        // An effect made from edited text keeps the file it came from (saves and reloads go there).
        var fresh = fresh
        if fresh.sourcePath == nil { fresh.sourcePath = effect.sourcePath }
        // The moment a seek under way was going to, else the one shown.
        let time = state.simulation.target ?? state.player.time
        let previous = state.player
        effect = fresh
        state.overlays.keyframeMoments = Self.keyframeMoments(of: fresh)
        state.player = makePlayer(fresh, seed: previous.seed)
        state.player.speed = previous.speed
        state.player.isPaused = previous.isPaused
        seek(&state, to: time)
        state.pointer.effectUsesPointer = state.player.usesPointer
        state.reload.loadError = nil
        layOutCanvas(state, renderer: renderer)
    }
}
