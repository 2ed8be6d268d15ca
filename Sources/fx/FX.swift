import ArgumentParser
import FXCore
import FXEffects
import FXSDL
import Foundation

@main
struct FX: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fx",
        abstract: "Core Animation particle effects: play, render and hash effect files.",
        discussion: """
            EFFECT is a path to an effect file, or a name looked up as NAME.json in ./effects, \
            then in each folder of FX_EFFECTS_PATH, then among the effects shipped with fx.

            Examples:
              fx confetti                      play confetti in a window
              fx render fire --time 2 --out fire.png
              fx hash snow --time 3 --seed 7
            """,
        version: "0.1.0",
        subcommands: [Play.self, Render.self, Hash.self, Check.self, Inspect.self, Plot.self, Record.self, Sheet.self, Validate.self, SetValues.self, Add.self, Remove.self, Duplicate.self, Rename.self, Move.self, Schema.self, New.self, Import.self, Export.self, Bench.self, List.self],
        defaultSubcommand: Play.self
    )
}

/// Options every command that runs an effect takes.
struct EffectOptions: ParsableArguments {
    @Argument(help: "An effect name (see `fx list`) or a path to an effect file.")
    var effect: String

    @Option(help: "The random seed (default: the effect's `seed`).")
    var seed: UInt64?

    @Option(name: .customLong("step-rate"), help: "Simulation steps per second (default: the effect's `stepRate`, 120).")
    var stepRate: Double?

    @Flag(name: .customLong("reduced-motion"), help: "Use the effect's reduced-motion variant (also: FX_REDUCED_MOTION=1).")
    var reducedMotion = false

    @Option(name: .customLong("max-particles"), help: "Override the effect's particle budget (1…\(Effect.maxParticlesCeiling)).")
    var maxParticles: Int?

    @OptionGroup var threadOptions: ThreadOptions

    /// `--time`'s help for the commands that show one moment (render, hash, inspect).
    static let timeHelp = "Effect time in seconds, rounded to the nearest simulation step (default: the effect's previewTime, else half its duration)."

    /// Whether the flag or the environment asks for reduced motion.
    var wantsReducedMotion: Bool {
        reducedMotion || ReducedMotion.isRequested(by: ProcessInfo.processInfo.environment)
    }

    func validate() throws {
        if let maxParticles, !(1...Effect.maxParticlesCeiling).contains(maxParticles) {
            throw ValidationError("--max-particles must be in 1…\(Effect.maxParticlesCeiling)")
        }
        if let stepRate, !Effect.stepRateRange.contains(stepRate) {
            throw ValidationError("--step-rate must be in \(Int(Effect.stepRateRange.lowerBound))…\(Int(Effect.stepRateRange.upperBound))")
        }
    }

    /// The effect file the argument names.
    func locate() throws -> String {
        do {
            return try EffectCatalog.standard().locate(effect)
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }

    /// Decodes the effect file (with its reduced-motion variant when asked for).
    func decode(path: String) -> Result<Effect, EffectLoadError> {
        do {
            var loaded = try EffectDecoder.load(path: path, displayName: displayName(path), resources: SystemResources())
            if let maxParticles { loaded.maxParticles = maxParticles }
            return .success(wantsReducedMotion ? loaded.applyingReducedMotion() : loaded)
        } catch let error as EffectLoadError {
            return .failure(error)
        } catch {
            return .failure(EffectLoadError([Diagnostic(file: path, path: "", message: "\(error)")]))
        }
    }

    /// Finds and decodes the effect, printing its warnings; on failure prints every problem and
    /// exits with status 1.
    func load() throws -> Effect {
        try load(path: locate())
    }

    /// Decodes the effect at `path` (from ``locate()``), as ``load()`` does.
    func load(path: String) throws -> Effect {
        switch decode(path: path) {
        case .success(let loaded):
            for warning in loaded.warnings { printError(warning.description) }
            return loaded
        case .failure(let error):
            printError(error.description)
            let errors = error.errorCount
            printError("fx: \(displayName(path)) has \(errors) error\(errors == 1 ? "" : "s")")
            throw ExitCode(1)
        }
    }

    /// Whether the chosen variant is a still frame.
    func showsStill(_ effect: Effect) -> Bool {
        wantsReducedMotion && effect.reducedMotion?.still == true
    }

    /// A shipped effect is named by its name, not by the resource bundle's deep path.
    private func displayName(_ path: String) -> String {
        if let shipped = ShippedEffects.directory, path.hasPrefix(shipped + "/") {
            return "<shipped>/" + String(path.dropFirst(shipped.count + 1))
        }
        return path
    }
}

func printError(_ message: String) {
    try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
}

/// Parses `WxH`.
struct PixelSize: ExpressibleByArgument {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...EffectLimits.maxImageSide).contains(width), (1...EffectLimits.maxImageSide).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    static var defaultValueDescription: String { "the canvas size" }

    /// A default as `--help` shows it: `960x540`, as it is typed (not the struct's description).
    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// A number the way a person writes it in a message: `3`, not `3.0`.
func format(_ value: Double) -> String {
    if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// Rejects negative and non-finite times.
func validateTime(_ time: Double, option: String = "--time") throws {
    guard time.isFinite, time >= 0, time <= Effect.maxDuration else {
        throw ValidationError("\(option) must be a number of seconds in 0…\(Int(Effect.maxDuration)), got \(format(time))")
    }
}
