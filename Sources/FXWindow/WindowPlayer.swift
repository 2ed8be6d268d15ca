import CSDL2
import FXCore
import FXSDL
import Foundation

/// Plays an effect in a window: the "fix your timestep" loop, run by the same `EffectPlayer`
/// a program embedding fx uses. Real time (times the playback speed) accumulates; the player
/// steps while a whole step is due; the frame shows the state interpolated by the remainder.
///
/// Keys (``keyBindings``, which `?` shows): Esc or q quit · space pause · → one step while
/// paused · `[` and `]` slower and faster (0.1×, 0.25×, 0.5×, 1×, 2×) · r restart · s reseed ·
/// h the HUD · g start or stop recording a GIF · Tab the property panel, docked right of the
/// canvas (the window widens for it) · Ctrl+S save the panel's edits into the effect file ·
/// Ctrl+Z, Ctrl+Shift+Z undo and redo · Ctrl+R revert. Dragging across the window scrubs time:
/// the pointer's x across the window is
/// 0…duration, and the effect shows that moment — Core Animation's interactive idiom of speed 0
/// with a timeOffset driven by the finger. Releasing plays on from there (or stays, when
/// paused). In an effect that uses the pointer — emitters with `followsPointer` or
/// `burstsOnClick`, layers with `timeOffsetFollowsPointer` — the left button is the effect's (a
/// click bursts; a drag sets the time of the layers that follow it, while the rest plays on)
/// and scrubbing is a right-button (or shift) drag.
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
        /// Start with the property panel shown (Tab toggles it): the effect's layers and cells,
        /// their properties, live edits of the animatable ones, and the run's numbers.
        public var showsPanel = false
        /// Write a line to the log for every frame shown (`frame n=… t=… clock=… …`) and every
        /// pointer move and click the window takes (and, with the panel, where its fields are
        /// and each edit it makes), so that scripts and tests can wait for what
        /// the window did instead of sleeping and hoping; `fx play` sets it when
        /// `FX_WINDOW_EVENTS=1`. Off by default: the log is for the user.
        public var logsEvents = false
        /// A measured run: frames are drawn as fast as the renderer goes (no vsync, no frame
        /// cap), and when the window closes ``WindowPlayer/measuredTimings`` holds the frames per
        /// second and a frame's split (simulate, build, submit, present) over the run after its
        /// first second; `fx play --measure` prints them. Off by default.
        public var measuresFrames = false
        /// Where the effect's files are read from when the panel's edits are saved back into
        /// the effect file (its text is loaded again to check each edit): the resolver the
        /// effect was decoded with. Files beside the effect by default.
        public var resources: any EffectResources = FileResources()
        /// Makes the property panel when Tab (or ``showsPanel``) first shows it: `fx play`
        /// passes fx's Dear ImGui panel (`WindowPlayer.makePropertyPanel`, in FXPanel). Nil,
        /// the default: the window has no panel, and Tab says so.
        public var makePanel: MakePanel?
        /// What draws the effect: fx's rasterizer when SDL's renderer has no GPU under it
        /// (``Drawing/automatic``, the default), or one of the two always. `fx play --software`
        /// and `--no-software` (or `FX_SOFTWARE=1` and `0`) choose.
        public var drawing = Drawing.automatic
        /// Rendered pixels per window pixel in each direction (1…4) when fx's rasterizer draws:
        /// 1, the default, one sample a pixel as a GPU window draws; 2 is `fx render`'s picture.
        public var supersampling = 1
        /// Folders the panel never saves into: fx's install and its resource bundle (`fx play`
        /// passes them). An effect file inside one (a shipped effect) is saved as a copy in the
        /// working folder instead, as is a file its user may not write.
        public var protectedFolders: [String] = []
        /// Loads an effect file as the command line loaded the first (its reduced-motion
        /// variant, its particle budget): what the window plays and hot-reloads a copy saved by
        /// the panel from. Nil: the copy is loaded as it is, with ``resources``.
        public var loadFile: ((_ path: String) -> Result<Effect, EffectLoadError>)?

        /// Options with the given quit time and overrides (nil: none); the other properties
        /// start at their defaults: speed 1, time 0, no HUD, playing.
        public init(quitAfter: Double? = nil, seed: UInt64? = nil, stepRate: Double? = nil) {
            self.quitAfter = quitAfter
            self.seed = seed
            self.stepRate = stepRate
        }
    }

    /// What draws the effect in the window. Overlays, handles and the panel are SDL's either
    /// way.
    public enum Drawing: Sendable {
        /// fx's rasterizer when the renderer is a software one — SDL's own, or an OpenGL whose
        /// `GL_RENDERER` names llvmpipe, softpipe or swrast (FXSDL's `RendererDescription.isSoftware`)
        /// — and SDL's renderer on a GPU.
        case automatic
        /// fx's threaded rasterizer, into one streaming texture (FXSDL's `SoftwareFrameDrawer`): the
        /// picture `fx render` makes at the canvas's size on the screen.
        case fxRasterizer
        /// SDL's renderer, given the draw list's triangles.
        case sdlRenderer
    }

    /// The playback speeds `[` and `]` step through.
    public static let speeds = [0.1, 0.25, 0.5, 1, 2]

    /// The effect playing: the one given, or the last good reload.
    var effect: Effect
    /// After a measured run (``Options/measuresFrames``), what its frames cost; nil before and
    /// for other runs.
    public private(set) var measuredTimings: FrameTimings?
    let options: Options
    /// Messages for the user (a reseed's new seed, reload errors), written by the caller.
    let log: (String) -> Void
    /// Loads the effect again from its files; nil disables hot reload. A copy saved by the
    /// panel (a shipped effect's) replaces it with a load of the copy.
    var reload: (() -> Result<Effect, EffectLoadError>)?

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
    /// headless preview), and an `SDLError` (FXSDL) when SDL fails once the window is open.
    public func run() throws {
        // Without it, libwayland prints its own error line before fx can say what happened.
        let runtimeDirectory = Self.provideRuntimeDirectory()
        defer { Self.removeRuntimeDirectory(runtimeDirectory) }
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
        let vsync = !options.measuresFrames
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, vsync ? "1" : "0")
        guard let renderer = SDL_CreateRenderer(window, -1, vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : SDL_RENDERER_ACCELERATED.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw SDLError("creating a renderer for the window")
        }
        defer { SDL_DestroyRenderer(renderer) }
        // The canvas keeps its aspect when the window is resized.
        SDL_RenderSetLogicalSize(renderer, width, height)
        try loop(window: window, renderer: renderer)
    }

    /// Plays frames until the user quits or `quitAfter` seconds pass. Each concern has its own
    /// file: WindowPlayer+Input (keys and the pointer), +Reload (hot reload), +Timeline
    /// (scrubbing and the fixed-step clock), +Drawing (the interpolated frame), +Overlays (time
    /// bar, HUD, errors), +Recording (the g key's GIF), +Measurements (the title and the HUD's
    /// timings), +Panel (the property panel's place in the window; a ``WindowPanel`` draws it).
    private func loop(window: OpaquePointer, renderer: OpaquePointer) throws {
        let description = RendererDescription(renderer: renderer)
        let rasterizes = switch options.drawing {
        case .automatic: description.isSoftware
        case .fxRasterizer: true
        case .sdlRenderer: false
        }
        let screen = Screen(window: window, renderer: renderer, drawer: DrawListRenderer(renderer: renderer, resources: FileResources()),
                            software: rasterizes ? SoftwareFrameDrawer(renderer: renderer, threads: World.defaultThreads, supersampling: options.supersampling) : nil,
                            description: description, drawing: options.drawing, list: DrawList(), font: try? Font(size: 13))
        var frameClock = FrameClock()
        let watcher = reload == nil ? nil : FileWatcher(paths: effect.dependencies)
        var state = LoopState(player: makePlayer(effect, seed: options.seed), watcher: watcher, showsHUD: options.showsHUD)
        seek(&state, to: options.startTime)
        state.player.isPaused = options.startsPaused
        state.pointer.effectUsesPointer = state.player.usesPointer
        state.panel.toggleRequested = options.showsPanel
        state.overlays.keyframeMoments = Self.keyframeMoments(of: effect)
        while state.isRunning {
            let (frameTime, clock) = frameClock.beginFrame()
            if let quitAfter = options.quitAfter, clock >= quitAfter { break }
            // A quit (Esc, q, closing the window) still finishes the frame it arrives in.
            handleEvents(&state, clock: clock, renderer: renderer)
            applyTransportRequests(&state, clock: clock)
            applyPanelToggle(&state, on: screen)
            reloadIfChanged(&state, clock: clock, renderer: renderer)
            advanceTimeline(&state, frameTime: frameTime, frameClock: frameClock)
            try drawFrame(&state, on: screen, clock: clock, frameClock: frameClock)
            updateMeasurements(&state, frameTime: frameTime, clock: clock, window: window)
            if !options.measuresFrames { frameClock.waitForNextFrame() }
        }
        if options.measuresFrames {
            var width: Int32 = 0, height: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &width, &height)
            measuredTimings = state.measurements.timings(renderer: description.name, drawing: screen.drawingName,
                                                         width: Int(width), height: Int(height))
        }
        if let recorder = state.recording.recorder { finish(recorder) }
        reportUnsavedEditsAtExit(state)
    }

    /// What the loop keeps between frames, grouped by the concern that changes it.
    struct LoopState {
        var player: EffectPlayer
        var pointer = PointerState()
        var reload: HotReload
        var overlays: OverlayState
        var recording = RecordingState()
        var panel = PanelState()
        var editing = EditingState()
        var transport = TransportState()
        var measurements = Measurements()
        /// A seek (or prewarm) done in slices across frames.
        var simulation = SimulationState()
        /// Whether the budget message was written already: it is said once per run.
        var budgetReported = false
        /// Frames presented since the window opened, for ``Options/logsEvents``.
        var framesShown = 0
        /// False once the user asked to quit.
        var isRunning = true

        init(player: EffectPlayer, watcher: FileWatcher?, showsHUD: Bool) {
            self.player = player
            reload = HotReload(watcher: watcher)
            overlays = OverlayState(showsHUD: showsHUD)
        }
    }

    /// What frames are drawn with; made once when the window opens.
    struct Screen {
        let window: OpaquePointer
        let renderer: OpaquePointer
        let drawer: DrawListRenderer
        /// Draws the effect in place of ``drawer`` when the window draws with fx's rasterizer.
        let software: SoftwareFrameDrawer?
        /// SDL's renderer and the OpenGL under it, read when the window opened.
        let description: RendererDescription
        /// What the options asked for, and so why ``software`` is there or not.
        let drawing: Drawing
        /// Filled again for every frame, keeping its buffers.
        let list: DrawList
        /// For the overlays' text; nil when no font loads (the overlays then draw without text).
        let font: Font?

        /// What draws the effect, as `--measure` names it: `fx` (fx's rasterizer) or `sdl`.
        var drawingName: String { software == nil ? "sdl" : "fx" }

        /// What draws the effect and why, for the HUD, short enough for a small canvas: "drawn by
        /// fx's rasterizer 1× (llvmpipe)", "drawn by SDL's opengl (GPU)", "… (asked)".
        var drawingSummary: String {
            let reason: String
            switch (software, drawing) {
            case (nil, .automatic): reason = "GPU"
            case (.some, .automatic): reason = description.name == "software" ? "SDL software" : description.softwareName ?? "software"
            default: reason = "asked"
            }
            guard let software else { return "drawn by SDL's \(description.name) (\(reason))" }
            return "drawn by fx's rasterizer \(software.supersampling)× (\(reason))"
        }
    }

    /// Writes `event` to the log when ``Options/logsEvents`` is set; otherwise nothing.
    func logEvent(_ event: @autoclosure () -> String) {
        if options.logsEvents { log(event()) }
    }

    /// A player of `effect` as the window plays it: the file's loop, the options' speed.
    func makePlayer(_ effect: Effect, seed: UInt64?) -> EffectPlayer {
        // Its prewarm, like every seek, runs in slices between frames (continueSimulation).
        let player = EffectPlayer(effect: effect, seed: seed, stepRate: options.stepRate, defersPrewarm: true)
        player.speed = options.speed
        return player
    }

    var effectDuration: Double { effect.duration }

    func formatTime(_ time: Double) -> String {
        String(format: "%.2f", time)
    }
}
