// click-confetti: a small SDL program that opens its own window, draws its own scene, and
// fires fx's confetti where you click — the way a game uses fx as a library.
//
//   swift run click-confetti                 click anywhere; Esc or q quits
//   swift run click-confetti --scripted      clicks by itself (a demo, and CI's check)
//
// Options: --quit-after SECONDS (close after that much time), --screenshot FILE.png (save the
// last frame), --scripted (click at three places in the first second).
import CSDL2
import FXCore
import FXEffects
import FXSDL
import Foundation

struct Options {
    var quitAfter: Double?
    var screenshot: String?
    var scripted = false

    init(arguments: [String]) throws {
        var remaining = arguments.dropFirst()
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quit-after":
                guard let value = remaining.popFirst().flatMap(Double.init), value > 0 else { throw Failure("--quit-after takes seconds") }
                quitAfter = value
            case "--screenshot":
                guard let value = remaining.popFirst() else { throw Failure("--screenshot takes a PNG path") }
                screenshot = value
            case "--scripted":
                scripted = true
            case "-h", "--help":
                print("usage: click-confetti [--scripted] [--quit-after SECONDS] [--screenshot FILE.png]")
                exit(0)
            default:
                throw Failure("unknown argument \(argument); see --help")
            }
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The library's confetti, reshaped for clicks: no steady rain from the top edge, and each
/// burst thrown up from one point, falling back under gravity.
func makeConfetti() throws -> EffectPlayer {
    let confetti = try EffectPlayer(named: "confetti")
    confetti.loops = false
    confetti.clock = SDLClock.seconds
    try confetti.removeAnimation(forKey: nil, fromLayer: "confetti")
    try confetti.setValue(0, forKeyPath: "confetti.birthRate")
    try confetti.setValue(Size(width: 0, height: 0), forKeyPath: "confetti.emitterSize")
    for color in ["red", "yellow", "green", "blue", "purple"] {
        let cell = "confetti.emitterCells.\(color)."
        try confetti.setValue(-Double.pi / 2, forKeyPath: cell + "emissionLongitude")
        try confetti.setValue(Double.pi / 2.5, forKeyPath: cell + "emissionRange")
        try confetti.setValue(330, forKeyPath: cell + "velocity")
        try confetti.setValue(120, forKeyPath: cell + "velocityRange")
        try confetti.setValue(420, forKeyPath: cell + "yAcceleration")
        try confetti.setValue(3, forKeyPath: cell + "lifetime")
    }
    return confetti
}

/// The program's own scene: a sky, hills and a bobbing character.
func drawScene(_ renderer: OpaquePointer, width: Int32, height: Int32, time: Double) {
    for band in 0..<12 {
        let shade = UInt8(30 + band * 6)
        SDL_SetRenderDrawColor(renderer, 20, UInt8(20 + band * 3), shade, 255)
        var rect = SDL_Rect(x: 0, y: Int32(band) * height / 12, w: width, h: height / 12 + 1)
        SDL_RenderFillRect(renderer, &rect)
    }
    SDL_SetRenderDrawColor(renderer, 34, 110, 60, 255)
    var ground = SDL_Rect(x: 0, y: height * 4 / 5, w: width, h: height / 5)
    SDL_RenderFillRect(renderer, &ground)
    let bob = Int32(10 * sin(time * 3))
    SDL_SetRenderDrawColor(renderer, 240, 200, 80, 255)
    var character = SDL_Rect(x: width / 2 - 20, y: height * 4 / 5 - 50 + bob, w: 40, h: 50)
    SDL_RenderFillRect(renderer, &character)
}

func run(_ options: Options) throws {
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw Failure("SDL cannot start: \(String(cString: SDL_GetError()))") }
    defer { SDL_Quit() }
    let width: Int32 = 800, height: Int32 = 600
    let centered = Int32(fx_window_position_centered())
    guard let window = SDL_CreateWindow("click-confetti", centered, centered, width, height, SDL_WINDOW_SHOWN.rawValue) else {
        throw Failure("no window: \(String(cString: SDL_GetError()))")
    }
    defer { SDL_DestroyWindow(window) }
    guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
        ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
        throw Failure("no renderer: \(String(cString: SDL_GetError()))")
    }
    defer { SDL_DestroyRenderer(renderer) }

    let confetti = try makeConfetti()
    let effects = SDLEffectRenderer(renderer: renderer)
    // The effect's 800×600 canvas, fitted to the window.
    let scale = Double(width) / confetti.effect.canvas.size.width
    var scriptedClicks: [(time: Double, x: Int32, y: Int32)] = options.scripted ? [(0.2, 200, 400), (0.5, 600, 300), (0.8, 400, 450)] : []
    let start = SDLClock.seconds()
    var previous = start
    var bursts = 0
    var running = true
    while running {
        let now = SDLClock.seconds()
        let elapsed = now - start
        if let quitAfter = options.quitAfter, elapsed >= quitAfter { running = false }
        // A scripted click is a real SDL event, handled below like the mouse's.
        while let click = scriptedClicks.first, elapsed >= click.time {
            scriptedClicks.removeFirst()
            var event = SDL_Event()
            event.type = SDL_MOUSEBUTTONDOWN.rawValue
            event.button.button = UInt8(SDL_BUTTON_LEFT)
            event.button.x = click.x
            event.button.y = click.y
            SDL_PushEvent(&event)
        }
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                running = false
            case SDL_KEYDOWN:
                let key = SDL_KeyCode(UInt32(bitPattern: event.key.keysym.sym))
                if key == SDLK_ESCAPE || key == SDLK_q { running = false }
            case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
                let point = Point(x: Double(event.button.x) / scale, y: Double(event.button.y) / scale)
                try confetti.burst(at: point, count: 24)
                bursts += 1
                print("burst at (\(event.button.x), \(event.button.y))")
            default:
                break
            }
        }
        confetti.advance(by: now - previous)
        previous = now

        drawScene(renderer, width: width, height: height, time: elapsed)
        try effects.draw(confetti, at: Point(x: 0, y: 0), scale: scale)
        if !running, let path = options.screenshot {
            var pixels = [UInt8](repeating: 0, count: Int(width * height) * 4)
            _ = pixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, nil, fx_pixelformat_rgba32(), $0.baseAddress, width * 4)
            }
            try PNGFile.write(RGBAImage(width: Int(width), height: Int(height), pixels: pixels), to: path)
        }
        SDL_RenderPresent(renderer)
        // Without vsync (a software renderer, a virtual display), hold near 60 frames a second.
        let spent = SDLClock.seconds() - now
        if spent < 1.0 / 60 { SDL_Delay(UInt32((1.0 / 60 - spent) * 1000)) }
    }
    let stats = confetti.stats
    print("bursts \(bursts), live particles \(stats.liveParticles), t \(String(format: "%.2f", stats.time)) s")
}

do {
    try run(Options(arguments: CommandLine.arguments))
} catch {
    FileHandle.standardError.write(Data("click-confetti: \(error)\n".utf8))
    exit(1)
}
