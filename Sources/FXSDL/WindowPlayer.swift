import CSDL2
import FXCore
import Foundation

/// Plays an effect in a window: the "fix your timestep" loop, run by the same `EffectPlayer`
/// a program embedding fx uses. Real time (times the playback speed) accumulates; the player
/// steps while a whole step is due; the frame shows the state interpolated by the remainder.
///
/// Keys: Esc or q quit · space pause · → one step while paused · `[` and `]` slower and faster
/// (0.1×, 0.25×, 0.5×, 1×, 2×) · r restart · s reseed · h the HUD · g start or stop recording a
/// GIF. Dragging across the window scrubs time: the pointer's x across the window is
/// 0…duration, and the effect shows that moment — Core Animation's interactive idiom of speed 0
/// with a timeOffset driven by the finger. Releasing plays on from there (or stays, when
/// paused). In an effect whose emitters use the pointer (`followsPointer`, `burstsOnClick`),
/// the left button is theirs (a click bursts) and scrubbing is a right-button (or shift) drag.
///
/// With a `reload` function, the player watches the effect's files and reloads on save, keeping
/// the current time; a file that fails to load leaves the last good effect running and shows
/// the error until the next good save.
public final class WindowPlayer {
    /// Why a window could not be shown; the caller falls back to a headless preview.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What is missing, in words for the user (no display, no window, …).
        public var reason: String
        public var description: String { reason }

        /// An error explaining that the window is unavailable because of `reason`.
        public init(reason: String) {
            self.reason = reason
        }
    }

    /// How the player starts: seed, step rate, speed, start time and what is shown.
    public struct Options {
        /// Close the window after this many seconds of real time (scripted runs and tests).
        public var quitAfter: Double?
        /// Overrides the effect's `seed`; nil keeps it.
        public var seed: UInt64?
        /// Overrides the effect's `stepRate`, in steps per second; nil keeps it.
        public var stepRate: Double?
        /// Playback speed; one of ``WindowPlayer/speeds`` is what `[` and `]` step through.
        public var speed: Double = 1
        /// Effect time to start at.
        public var startTime: Double = 0
        /// Start with the HUD shown.
        public var showsHUD = false
        /// Start paused (a reduced-motion still frame).
        public var startsPaused = false

        /// Options with the given quit time and overrides (nil: none); the other properties
        /// start at their defaults: speed 1, time 0, no HUD, playing.
        public init(quitAfter: Double? = nil, seed: UInt64? = nil, stepRate: Double? = nil) {
            self.quitAfter = quitAfter
            self.seed = seed
            self.stepRate = stepRate
        }
    }

    /// The playback speeds `[` and `]` step through.
    public static let speeds = [0.1, 0.25, 0.5, 1, 2]

    private var effect: Effect
    private let options: Options
    /// Messages for the user (a reseed's new seed, reload errors), written by the caller.
    private let log: (String) -> Void
    /// Loads the effect again from its files; nil disables hot reload.
    private let reload: (() -> Result<Effect, EffectLoadError>)?

    /// A player for `effect`; nothing is shown until ``run()``.
    /// - Parameters:
    ///   - effect: the effect to play.
    ///   - options: the seed, speed, start time and the rest of `fx play`'s settings.
    ///   - reload: loads the effect again from its files, for hot reload on save; nil disables it.
    ///   - log: receives messages for the user (a reseed's new seed, reload errors).
    public init(effect: Effect, options: Options, reload: (() -> Result<Effect, EffectLoadError>)? = nil,
                log: @escaping (String) -> Void) {
        self.effect = effect
        self.options = options
        self.reload = reload
        self.log = log
    }

    /// True when no display is announced in the environment at all.
    public static func displayIsMissing(environment: [String: String]) -> Bool {
        (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty
            && environment["SDL_VIDEODRIVER"] == nil
    }

    /// Opens the window and plays until the user quits or `quitAfter` seconds pass. Throws
    /// ``Unavailable`` when no display or window can be opened (the caller falls back to a
    /// headless preview), and an ``SDLError`` when SDL fails once the window is open.
    public func run() throws {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw Unavailable(reason: "SDL cannot open a display: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        // When DISPLAY names no server, SDL may fall back to a driver that shows nothing.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let requested = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? ""
        if ["offscreen", "dummy", "evdev"].contains(driver) && requested != driver {
            throw Unavailable(reason: "no display (SDL found only its '\(driver)' video driver)")
        }
        let pixels = effect.canvas.size.wholePixels
        let width = Int32(pixels.width), height = Int32(pixels.height)
        let centered = Int32(fx_window_position_centered())
        guard let window = SDL_CreateWindow("fx — \(effect.name)", centered, centered, width, height,
                                            SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue) else {
            throw Unavailable(reason: "SDL cannot open a window: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyWindow(window) }
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, "1")
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw SDLError("creating a renderer for the window")
        }
        defer { SDL_DestroyRenderer(renderer) }
        // The canvas keeps its aspect when the window is resized.
        SDL_RenderSetLogicalSize(renderer, width, height)
        try loop(window: window, renderer: renderer)
    }

    /// What the loop keeps between frames.
    private struct State {
        var player: EffectPlayer
        var scrubbing = false
        var scrubTarget: Double?
        var showBarUntil = 0.0
        var showsHUD: Bool
        var budgetReported = false
        var loadError: EffectLoadError?
        var recorder: WindowRecorder?
        var recordings = 0
        // Measurements for the title and the HUD, over the last half second.
        var frames = 0
        var steps = 0
        var stepSeconds = 0.0
        var renderSeconds = 0.0
        var clockSinceTitle = 0.0
        var shownFPS = 0.0, shownStepMilliseconds = 0.0, shownRenderMilliseconds = 0.0
    }

    private func loop(window: OpaquePointer, renderer: OpaquePointer) throws {
        let drawer = DrawListRenderer(renderer: renderer)
        let list = DrawList()
        let font = try? Font(size: 13)
        let frequency = Double(SDL_GetPerformanceFrequency())
        let start = SDL_GetPerformanceCounter()
        var previous = start
        let watcher = reload == nil ? nil : FileWatcher(paths: effect.dependencies)
        var lastPoll = 0.0
        var state = State(player: makePlayer(effect, seed: options.seed), showsHUD: options.showsHUD)
        state.player.seek(to: options.startTime)
        state.player.isPaused = options.startsPaused
        // Whether clicks belong to the effect (then scrubbing takes the right button or shift);
        // it changes only when the effect is reloaded.
        var interactive = state.player.usesPointer
        var running = true
        while running {
            let now = SDL_GetPerformanceCounter()
            let frameTime = Double(now - previous) / frequency
            previous = now
            let clock = Double(now - start) / frequency
            if let quitAfter = options.quitAfter, clock >= quitAfter { break }

            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                switch SDL_EventType(event.type) {
                case SDL_QUIT:
                    running = false
                case SDL_KEYDOWN:
                    switch SDL_KeyCode(UInt32(bitPattern: event.key.keysym.sym)) {
                    case SDLK_ESCAPE, SDLK_q: running = false
                    case SDLK_SPACE: state.player.isPaused.toggle()
                    case SDLK_RIGHT:
                        if state.player.isPaused { state.player.step() }
                    case SDLK_r:
                        state.player.restart()
                    case SDLK_s:
                        state.player.reseed(state.player.seed &+ 1)
                        log("reseeded: --seed \(state.player.seed)")
                    case SDLK_LEFTBRACKET, SDLK_RIGHTBRACKET:
                        let faster = SDL_KeyCode(UInt32(bitPattern: event.key.keysym.sym)) == SDLK_RIGHTBRACKET
                        let speed = state.player.speed
                        let current = Self.speeds.lastIndex { $0 <= speed + 1e-9 } ?? 0
                        let index = min(max(current + (faster ? 1 : (speed > Self.speeds[current] + 1e-9 ? 0 : -1)), 0), Self.speeds.count - 1)
                        state.player.speed = Self.speeds[index]
                        state.showBarUntil = clock + 1.5
                    case SDLK_h: state.showsHUD.toggle()
                    case SDLK_g: toggleRecording(&state, renderer: renderer)
                    default: break
                    }
                case SDL_MOUSEBUTTONDOWN:
                    let point = Point(x: Double(event.button.x), y: Double(event.button.y))
                    let shift = (SDL_GetModState().rawValue & KMOD_SHIFT.rawValue) != 0
                    let scrubButton = interactive ? event.button.button == UInt8(SDL_BUTTON_RIGHT) || shift
                                                  : event.button.button == UInt8(SDL_BUTTON_LEFT)
                    if scrubButton {
                        state.scrubbing = true
                        state.scrubTarget = point.x
                        state.showBarUntil = clock + 1.5
                    } else if event.button.button == UInt8(SDL_BUTTON_LEFT) {
                        state.player.pointerClicked(at: point)
                    }
                case SDL_MOUSEMOTION:
                    let point = Point(x: Double(event.motion.x), y: Double(event.motion.y))
                    if state.scrubbing {
                        state.scrubTarget = point.x
                        state.showBarUntil = clock + 1.5
                    } else if !interactive {
                        state.showBarUntil = clock + 1.5
                    }
                    if interactive { state.player.pointerMoved(to: point) }
                case SDL_MOUSEBUTTONUP:
                    if state.scrubbing {
                        state.scrubbing = false
                        state.showBarUntil = clock + 1.5
                    }
                default: break
                }
            }

            // Hot reload: poll the files four times a second.
            if let watcher, let reload, clock - lastPoll >= 0.25 {
                lastPoll = clock
                if watcher.poll() {
                    switch reload() {
                    case .success(let fresh):
                        let time = state.player.time
                        let previous = state.player
                        effect = fresh
                        state.player = makePlayer(fresh, seed: previous.seed)
                        state.player.speed = previous.speed
                        state.player.isPaused = previous.isPaused
                        state.player.seek(to: time)
                        interactive = state.player.usesPointer
                        state.loadError = nil
                        let pixels = fresh.canvas.size.wholePixels
                        SDL_RenderSetLogicalSize(renderer, Int32(pixels.width), Int32(pixels.height))
                        watcher.watch(fresh.dependencies)
                        log("reloaded \(fresh.sourcePath ?? fresh.name) at t \(formatTime(time)) s")
                    case .failure(let error):
                        state.loadError = error
                        log("reload failed; still playing the last good version:\n\(error)")
                    }
                }
            }

            // All the pointer moves of a frame scrub once, to the last position.
            if let target = state.scrubTarget {
                let fraction = min(max(target / max(effect.canvas.size.width, 1), 0), 1)
                state.player.seek(to: fraction * effect.duration)
                state.scrubTarget = nil
            }
            let stepStart = SDL_GetPerformanceCounter()
            if !state.scrubbing {
                state.steps += state.player.advance(by: frameTime)
                if state.player.stats.budgetReached && !state.budgetReported {
                    state.budgetReported = true
                    log("the particle budget (maxParticles \(effect.maxParticles)) is reached; emission pauses until particles die")
                }
            }
            let renderStart = SDL_GetPerformanceCounter()
            state.stepSeconds += Double(renderStart - stepStart) / frequency
            state.player.buildDrawList(into: list)
            try drawer.draw(list)
            state.renderSeconds += Double(SDL_GetPerformanceCounter() - renderStart) / frequency
            if let recorder = state.recorder {
                do {
                    try recorder.capture(clock: clock)
                } catch {
                    log("recording stopped: \(error)")
                    state.recorder = nil
                }
            }
            if state.scrubbing || state.player.isPaused || clock < state.showBarUntil {
                drawTimeBar(renderer, time: state.player.time, font: font, scrubbing: state.scrubbing, speed: state.player.speed)
            }
            if state.showsHUD {
                drawHUD(renderer, player: state.player, fps: state.shownFPS, stepMilliseconds: state.shownStepMilliseconds,
                        renderMilliseconds: state.shownRenderMilliseconds, font: font)
            }
            if let error = state.loadError { drawError(renderer, error: error, font: font) }
            if state.recorder != nil { drawRecordingDot(renderer) }
            SDL_RenderPresent(renderer)

            state.frames += 1
            state.clockSinceTitle += frameTime
            if state.clockSinceTitle >= 0.5 {
                state.shownFPS = Double(state.frames) / state.clockSinceTitle
                state.shownStepMilliseconds = state.steps > 0 ? state.stepSeconds / Double(state.steps) * 1000 : 0
                state.shownRenderMilliseconds = state.renderSeconds / Double(state.frames) * 1000
                let pausedNote = state.player.isPaused ? " — paused" : ""
                SDL_SetWindowTitle(window, "fx — \(effect.name) — \(Int(state.shownFPS.rounded())) fps — \(state.player.stats.liveParticles) particles — t \(formatTime(state.player.time))\(pausedNote)")
                state.frames = 0
                state.steps = 0
                state.stepSeconds = 0
                state.renderSeconds = 0
                state.clockSinceTitle = 0
            }
            // Without vsync (software renderers, Xvfb) do not spin a core drawing frames that
            // nobody sees: hold the loop near 120 frames a second.
            let spent = Double(SDL_GetPerformanceCounter() - now) / frequency
            if spent < 1.0 / 120 { SDL_Delay(UInt32((1.0 / 120 - spent) * 1000)) }
        }
        if let recorder = state.recorder { finish(recorder) }
    }

    private func toggleRecording(_ state: inout State, renderer: OpaquePointer) {
        if let recorder = state.recorder {
            finish(recorder)
            state.recorder = nil
            return
        }
        state.recordings += 1
        let path = "fx-recording-\(effect.name)-\(state.recordings).gif"
        do {
            state.recorder = try WindowRecorder(renderer: renderer, path: path, canvas: effect.canvas.size)
            log("recording to \(path); press g again to stop")
        } catch {
            log("cannot record: \(error)")
        }
    }

    private func finish(_ recorder: WindowRecorder) {
        do {
            try recorder.finish()
            log("wrote \(recorder.path) (\(recorder.frameCount) frames)")
        } catch {
            log("recording failed: \(error)")
        }
    }

    /// A player of `effect` as the window plays it: the file's loop, the options' speed.
    private func makePlayer(_ effect: Effect, seed: UInt64?) -> EffectPlayer {
        let player = EffectPlayer(effect: effect, seed: seed, stepRate: options.stepRate)
        player.speed = options.speed
        return player
    }

    var effectDuration: Double { effect.duration }

    func formatTime(_ time: Double) -> String {
        String(format: "%.2f", time)
    }
}
