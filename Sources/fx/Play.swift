import ArgumentParser
import FXCore
import FXEffects
import FXPanel
import FXSDL
import FXWindow
import Foundation

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play an effect in a window (the default command).",
        discussion: """
            Keys and gestures (? shows them in the window):
            \(WindowPlayer.keyBindings.map { "  \($0.keys): \($0.action)" }.joined(separator: "\n"))

            The title shows the effect, fps, live particles and time, after a • while the \
            panel's edits are unsaved.

            The property panel (--panel or Tab) docks right of the canvas, widening the window: \
            the effect's layers and emitter cells with their alive and born particles, every \
            property of the one selected (dimmed at its default when the file does not set it), \
            and step, render and panel milliseconds. Dragging a number (or clicking a checkbox, \
            a color) changes the running effect at once, as setValue(_:forKeyPath:) does; \
            non-animatable properties are shown, marked (not live). Ctrl+S writes the edits \
            into the effect file as minimal patches (the changed values' text only; a missing \
            key is added beside its siblings); the window sees its own save without reloading. \
            A shipped effect (or a file fx may not write) is saved as a copy in the working \
            folder (./NAME.json, or NAME-2.json…) with its textures, and the copy is edited from \
            then on; fx never writes inside its install. Ctrl+Shift+S (or the panel's Save as…) \
            saves to a path typed in the panel. Ctrl+F filters the panel's properties by key.

            With no display, writes a headless preview PNG instead and prints its path.

            A long simulation (a heavy prewarm, a seek far back) runs a slice per frame behind \
            a "simulating… N%" overlay: the window still reloads, takes Esc, q, its close \
            button, --quit-after and SIGTERM.

            Without a GPU — SDL's software renderer, or an OpenGL that is software (Mesa's \
            llvmpipe, softpipe or swrast: virtual machines, remote desktops, Xvfb) — the effect \
            is drawn by fx's own threaded rasterizer into one texture, several times faster than \
            the driver draws its triangles: the picture `fx render` makes at the canvas's size on \
            the screen, at one sample a pixel (--supersampling 2: exactly fx render's). \
            --software and --no-software (or FX_SOFTWARE=1 and 0) choose either way; the HUD \
            says which draws.

            --measure draws frames as fast as the renderer goes (no vsync, no frame cap) and, \
            when the window closes, prints the frames per second and a frame's split in \
            milliseconds — simulate (the steps the frame made due), build (the draw list), \
            submit (handing it to SDL, or fx's rasterizer drawing it), present (overlays and \
            SDL_RenderPresent, where the GPU driver draws) — averaged over the run after its \
            first second, as lines `window_fps program=fx particles=… width=… height=… \
            renderer=opengl drawing=fx frames=… 9.12 fps` (drawing: fx's rasterizer or sdl). \
            Benchmarks/window-vs-love.sh runs it beside LÖVE.

            Examples: fx play confetti --quit-after 5
                      fx play Benchmarks/window-100k.json --measure --quit-after 11 --hud
            """)

    @OptionGroup var options: EffectOptions

    @Option(name: .customLong("quit-after"), help: "Close the window after this many seconds.")
    var quitAfter: Double?

    @Option(help: "Playback speed: 0.1, 0.25, 0.5, 1 or 2 (any value from 0.01 to 16 works).")
    var speed: Double = 1

    @Option(parsing: .unconditional, help: "Start at this effect time, in seconds.")
    var time: Double = 0

    @Flag(help: "Start with the HUD shown (h toggles it).")
    var hud = false

    @Flag(help: "Start with the property panel shown (Tab toggles it).")
    var panel = false

    @Flag(name: .customLong("no-reload"), help: "Do not watch the effect's files for changes.")
    var noReload = false

    @Flag(help: "Draw frames as fast as possible and print fps and a frame's split (simulate, build, submit, present) at the end.")
    var measure = false

    @Flag(inversion: .prefixedNo,
          help: "Draw the effect with fx's rasterizer into one texture (--no-software: with SDL's renderer). Default: as FX_SOFTWARE=1 or 0 says, else fx's when the renderer has no GPU (SDL's software renderer, or an OpenGL named llvmpipe, softpipe or swrast).")
    var software: Bool?

    @Option(help: "Rendered pixels per window pixel in each direction, 1…4, when fx's rasterizer draws the window: 2 is fx render's picture, 1 is faster. (default: 1)")
    var supersampling: Int?

    func validate() throws {
        guard (0.01...16).contains(speed) else { throw ValidationError("--speed must be in 0.01…16") }
        try validateTime(time)
        if let supersampling, !(1...4).contains(supersampling) { throw ValidationError("--supersampling must be 1, 2, 3 or 4") }
        _ = try Self.drawing(software, environment: ProcessInfo.processInfo.environment)
        if measure, let quitAfter, quitAfter <= WindowPlayer.measuredRunStarts {
            throw ValidationError("--measure leaves out the first \(Int(WindowPlayer.measuredRunStarts)) s of the run: give --quit-after more than that")
        }
    }

    func run() throws {
        let path = try options.locate()
        let effect = try options.load(path: path)
        let environment = ProcessInfo.processInfo.environment
        do {
            if WindowPlayer.displayIsMissing(environment: environment) {
                throw WindowPlayer.Unavailable(reason: "no display (DISPLAY and WAYLAND_DISPLAY are not set)")
            }
            var playerOptions = WindowPlayer.Options(quitAfter: quitAfter, seed: options.seed, stepRate: options.stepRate)
            playerOptions.speed = speed
            let still = options.showsStill(effect)
            playerOptions.startTime = still ? effect.representativeTime : time
            playerOptions.startsPaused = still
            playerOptions.showsHUD = hud
            playerOptions.showsPanel = panel
            playerOptions.makePanel = WindowPlayer.makePropertyPanel
            playerOptions.measuresFrames = measure
            playerOptions.drawing = try Self.drawing(software, environment: environment)
            if let supersampling { playerOptions.supersampling = supersampling }
            playerOptions.resources = SystemResources()
            // The panel never saves into fx's install (the binary's folder) or its resource
            // bundle: a shipped effect is saved as a copy in the working folder.
            playerOptions.protectedFolders = Self.installFolders()
            playerOptions.loadFile = { [options] in options.decode(path: $0) }
            // For scripts and the window tests: a line per frame shown and per pointer event,
            // to wait on instead of sleeping.
            playerOptions.logsEvents = environment["FX_WINDOW_EVENTS"] == "1"
            let reload: (() -> Result<Effect, EffectLoadError>)? = noReload ? nil : { [options] in options.decode(path: path) }
            let player = WindowPlayer(effect: effect, options: playerOptions, reload: reload, log: { printError("fx: \($0)") })
            try player.run()
            if let timings = player.measuredTimings {
                for line in timings.figureLines { print(line) }
            }
        } catch let unavailable as WindowPlayer.Unavailable {
            let path = try writePreview(effect)
            print("fx: \(unavailable.reason); wrote a preview instead: \(path)")
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }

    /// The environment variable that chooses the window's drawing when neither `--software` nor
    /// `--no-software` is given: `1` fx's rasterizer, `0` SDL's renderer.
    static let softwareVariable = "FX_SOFTWARE"

    /// What draws the window: the flag's choice, else the environment's, else the automatic one.
    static func drawing(_ software: Bool?, environment: [String: String]) throws -> WindowPlayer.Drawing {
        if let software { return software ? .fxRasterizer : .sdlRenderer }
        switch environment[softwareVariable]?.trimmingCharacters(in: .whitespaces).lowercased() {
        case nil, "": return .automatic
        case "1", "yes", "true", "on": return .fxRasterizer
        case "0", "no", "false", "off": return .sdlRenderer
        case let value?:
            throw ValidationError("\(softwareVariable)=\(value) is not a choice: 1 draws with fx's rasterizer, 0 with SDL's renderer; unset it to choose by the renderer")
        }
    }

    /// The folders fx is installed in: the binary's (links resolved) and the shipped
    /// effects' resource bundle.
    static func installFolders() -> [String] {
        var folders: [String] = []
        if let binary = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            folders.append(binary.deletingLastPathComponent().path)
        }
        if let shipped = ShippedEffects.directory {
            folders.append((shipped as NSString).deletingLastPathComponent)
        }
        return folders
    }

    /// Renders the effect at its representative moment (`previewTime`, or half its duration)
    /// into the temporary folder.
    private func writePreview(_ effect: Effect) throws -> String {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("fx-preview")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Named after the effect file, with anything but letters, digits, '-', '_' and '.'
        // replaced, so that no effect can write outside the folder.
        let stem = ((effect.sourcePath ?? effect.name) as NSString).lastPathComponent
        let base = (stem as NSString).deletingPathExtension
        let safe = String(base.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)) ? Character(scalar) : "-"
        })
        let path = (directory as NSString).appendingPathComponent((safe.isEmpty || safe.hasPrefix(".") ? "effect" : safe) + ".png")
        let frame = try renderFrame(effect, time: effect.representativeTime, seed: options.seed, stepRate: options.stepRate)
        try PNGFile.write(frame.image, to: path)
        return path
    }
}
