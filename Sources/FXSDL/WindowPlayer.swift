import CSDL2
import FXCore
import Foundation

/// Plays an effect in a window: the "fix your timestep" loop. Real time accumulates; the world
/// steps while a whole step is due; the frame shows the state interpolated by the remainder.
///
/// Keys: Esc or q quit, space pause, → one step while paused, r restart, s reseed.
/// Dragging across the window scrubs time: the pointer's x across the window is 0…duration,
/// and the effect shows that moment — Core Animation's interactive idiom of speed 0 with a
/// timeOffset driven by the finger. Releasing plays on from there (or stays, when paused).
/// In an effect whose emitters use the pointer (`followsPointer`, `burstsOnClick`), the left
/// button is theirs (a click bursts) and scrubbing is a right-button (or shift) drag.
public final class WindowPlayer {
    /// Why a window could not be shown; the caller falls back to a headless preview.
    public struct Unavailable: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }

        public init(reason: String) {
            self.reason = reason
        }
    }

    public struct Options {
        /// Close the window after this many seconds of real time (scripted runs and tests).
        public var quitAfter: Double?
        public var seed: UInt64?
        public var stepRate: Double?

        public init(quitAfter: Double? = nil, seed: UInt64? = nil, stepRate: Double? = nil) {
            self.quitAfter = quitAfter
            self.seed = seed
            self.stepRate = stepRate
        }
    }

    /// After a stall (a breakpoint, a dragged window), at most this much real time is caught
    /// up, so the loop never spirals trying to simulate the lost seconds.
    static let maxFrameTime = 0.25

    private let effect: Effect
    private let options: Options
    /// Messages for the user (a reseed's new seed), written by the caller.
    private let log: (String) -> Void

    public init(effect: Effect, options: Options, log: @escaping (String) -> Void) {
        self.effect = effect
        self.options = options
        self.log = log
    }

    /// True when no display is announced in the environment at all.
    public static func displayIsMissing(environment: [String: String]) -> Bool {
        (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty
            && environment["SDL_VIDEODRIVER"] == nil
    }

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
        let width = Int32(effect.canvas.size.width.rounded()), height = Int32(effect.canvas.size.height.rounded())
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

    private func loop(window: OpaquePointer, renderer: OpaquePointer) throws {
        let drawer = DrawListRenderer(renderer: renderer)
        let builder = DrawListBuilder()
        let list = DrawList()
        var seed = options.seed ?? effect.seed
        var world = World(effect: effect, seed: seed, stepRate: options.stepRate)
        let frequency = Double(SDL_GetPerformanceFrequency())
        let start = SDL_GetPerformanceCounter()
        var previous = start
        var accumulator = 0.0
        var paused = false
        var frames = 0
        var titleClock = 0.0
        var running = true
        var budgetReported = false
        var scrubbing = false
        var scrubTarget: Double?
        // Real time until which the time bar stays on screen after the pointer moved.
        var showBarUntil = 0.0
        let font = try? Font(size: 13)
        let canvasWidth = effect.canvas.size.width
        let interactive = effect.allLayers().contains { $0.layer.emitter.map { $0.followsPointer || $0.burstsOnClick } ?? false }
        let stepDuration = world.stepDuration
        while running {
            let now = SDL_GetPerformanceCounter()
            let frameTime = min(Double(now - previous) / frequency, Self.maxFrameTime)
            previous = now
            if let quitAfter = options.quitAfter, Double(now - start) / frequency >= quitAfter { break }

            let clock = Double(now - start) / frequency
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                switch SDL_EventType(event.type) {
                case SDL_QUIT:
                    running = false
                case SDL_MOUSEBUTTONDOWN:
                    let point = Point(x: Double(event.button.x), y: Double(event.button.y))
                    let shift = (SDL_GetModState().rawValue & KMOD_SHIFT.rawValue) != 0
                    let scrubButton = interactive ? event.button.button == UInt8(SDL_BUTTON_RIGHT) || shift
                                                  : event.button.button == UInt8(SDL_BUTTON_LEFT)
                    if scrubButton {
                        scrubbing = true
                        scrubTarget = point.x
                        accumulator = 0
                        showBarUntil = clock + 1.5
                    } else if event.button.button == UInt8(SDL_BUTTON_LEFT) {
                        forEachPointerEmitter(world) { emitter, toLayer in
                            if emitter.properties.burstsOnClick { emitter.requestBurst(at: toLayer.apply(to: point)) }
                        }
                    }
                case SDL_MOUSEMOTION:
                    let point = Point(x: Double(event.motion.x), y: Double(event.motion.y))
                    if scrubbing {
                        scrubTarget = point.x
                        accumulator = 0
                        showBarUntil = clock + 1.5
                    } else if !interactive {
                        showBarUntil = clock + 1.5
                    }
                    forEachPointerEmitter(world) { emitter, toLayer in
                        if emitter.properties.followsPointer { emitter.pointerPosition = toLayer.apply(to: point) }
                    }
                case SDL_MOUSEBUTTONUP:
                    if scrubbing {
                        scrubbing = false
                        showBarUntil = clock + 1.5
                    }
                case SDL_KEYDOWN:
                    switch SDL_KeyCode(UInt32(bitPattern: event.key.keysym.sym)) {
                    case SDLK_ESCAPE, SDLK_q: running = false
                    case SDLK_SPACE: paused.toggle()
                    case SDLK_RIGHT:
                        if paused { world.step() }
                    case SDLK_r:
                        world.reset()
                        accumulator = 0
                    case SDLK_s:
                        seed = seed &+ 1
                        world = World(effect: effect, seed: seed, stepRate: options.stepRate)
                        accumulator = 0
                        log("reseeded: --seed \(seed)")
                    default: break
                    }
                default: break
                }
            }

            // All the pointer moves of a frame scrub once, to the last position.
            if let target = scrubTarget {
                scrub(world, toX: target, width: canvasWidth)
                scrubTarget = nil
            }
            if !paused && !scrubbing {
                accumulator += frameTime
                while accumulator >= stepDuration {
                    world.step()
                    accumulator -= stepDuration
                    if effect.loop && world.time >= effect.duration { world.reset() }
                }
                if world.budgetReached && !budgetReported {
                    budgetReported = true
                    log("the particle budget (maxParticles \(effect.maxParticles)) is reached; emission pauses until particles die")
                }
            }
            builder.build(world, into: list, interpolation: paused || scrubbing ? 1 : accumulator / stepDuration)
            try drawer.draw(list)
            if scrubbing || paused || clock < showBarUntil {
                drawTimeBar(renderer, time: world.time, font: font, scrubbing: scrubbing)
            }
            SDL_RenderPresent(renderer)

            frames += 1
            titleClock += frameTime
            if titleClock >= 0.5 {
                let fps = Double(frames) / titleClock
                let state = paused ? " — paused" : ""
                SDL_SetWindowTitle(window, "fx — \(effect.name) — \(Int(fps.rounded())) fps — \(world.liveParticles) particles — t \(formatTime(world.time))\(state)")
                frames = 0
                titleClock = 0
            }
            // Without vsync (software renderers, Xvfb) do not spin a core drawing frames that
            // nobody sees: hold the loop near 120 frames a second.
            let spent = Double(SDL_GetPerformanceCounter() - now) / frequency
            if spent < 1.0 / 120 { SDL_Delay(UInt32((1.0 / 120 - spent) * 1000)) }
        }
    }

    /// Calls `body` for each emitter that uses the pointer, with the transform from the canvas
    /// to the emitter layer's coordinates.
    private func forEachPointerEmitter(_ world: World, _ body: (EmitterSimulation, FXCore.AffineTransform) -> Void) {
        let layers = effect.presentationLayers(at: world.time)
        for emitter in world.emitters where emitter.properties.followsPointer || emitter.properties.burstsOnClick {
            guard let placed = layers.first(where: { $0.name == emitter.name }),
                  let toLayer = placed.transformToCanvas.inverted else { continue }
            body(emitter, toLayer)
        }
    }

    /// Shows the moment under the pointer: x across the canvas is 0…duration.
    private func scrub(_ world: World, toX x: Double, width: Double) {
        let fraction = min(max(x / max(width, 1), 0), 1)
        world.advance(to: fraction * effect.duration)
    }

    /// The time indicator: a bar along the bottom of the canvas, filled to the current time
    /// within the duration, with the time written on it.
    private func drawTimeBar(_ renderer: OpaquePointer, time: Double, font: Font?, scrubbing: Bool) {
        let width = Float(effect.canvas.size.width), height = Float(effect.canvas.size.height)
        let barHeight: Float = 26
        let fraction = Float(min(max(time / effect.duration, 0), 1))
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
        var track = SDL_FRect(x: 0, y: height - barHeight, w: width, h: barHeight)
        SDL_RenderFillRectF(renderer, &track)
        SDL_SetRenderDrawColor(renderer, 90, 170, 255, scrubbing ? 230 : 160)
        var filled = SDL_FRect(x: 0, y: height - 4, w: width * fraction, h: 4)
        SDL_RenderFillRectF(renderer, &filled)
        var head = SDL_FRect(x: width * fraction - 1.5, y: height - barHeight, w: 3, h: barHeight)
        SDL_RenderFillRectF(renderer, &head)
        let label = "t \(formatTime(time)) s / \(formatTime(effect.duration)) s" + (scrubbing ? "  scrubbing" : "  drag to scrub")
        try? font?.draw(label, x: 8, y: Double(height - barHeight + 4), color: (255, 255, 255, 230), renderer: renderer)
    }

    private func formatTime(_ time: Double) -> String {
        String(format: "%.2f", time)
    }
}
