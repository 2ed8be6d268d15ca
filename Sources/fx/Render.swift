import ArgumentParser
import FXCore
import FXEffects
import FXSDL
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame of an effect to a PNG, headless.",
        discussion: """
            The same effect, seed, time and size give the same PNG bytes on every run. A long \
            simulation (a heavy prewarm, a far --time) shows its progress on stderr and stops on \
            Ctrl-C (exit status 130) or SIGTERM (143), writing nothing.

            Example: fx render confetti --time 2.5 --seed 3 --size 400x300 --out confetti.png
            """)

    @OptionGroup var options: EffectOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(EffectOptions.timeHelp, valueName: "seconds"))
    var time: Double?

    @Option(help: "Output size in pixels, WxH, each 1…\(EffectLimits.maxImageSide) (default: the canvas size).")
    var size: PixelSize?

    @Option(help: "The PNG file to write.")
    var out: String

    @Option(help: CanvasBackground.help, transform: { try CanvasBackground.parse($0) })
    var background: CanvasBackground?

    func validate() throws {
        if let time { try validateTime(time) }
    }

    func run() throws {
        let loaded = try options.load()
        let effect = background?.applied(to: loaded) ?? loaded
        let time = self.time ?? effect.representativeTime
        do {
            let frame = try renderFrame(effect, time: time, seed: options.seed, stepRate: options.stepRate,
                                        size: size.map { ($0.width, $0.height) })
            try PNGFile.write(frame.image, to: out)
            reportBudget(frame.world)
            if frame.world.drawsNoParticle {
                reportNoParticle(effect, at: "at \(format(frame.world.time)) s", chosenTime: self.time)
            }
            print(out)
        } catch let interrupted as ExitCode {
            throw interrupted
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }
}

struct Hash: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the simulation-state hash and the rendered-image hash of an effect at a time.",
        discussion: """
            One line: `simulation HEX image HEX`. Both depend only on the effect, seed, time and \
            step rate, so CI can compare them against goldens. A long simulation shows its \
            progress on stderr and stops on Ctrl-C (exit status 130) or SIGTERM (143).

            With --rows, EFFECT is a file of `EFFECT SEED TIME [STEP-RATE]` lines ('-': standard \
            input; blank lines and lines starting with # are skipped), all hashed in this one \
            process: a line per row, in order, the row then `simulation HEX image HEX`, or the \
            row then `failed` (the reason on stderr, and the exit status 1). A row's step rate \
            replaces --step-rate.

            Examples:
              fx hash confetti --time 2 --seed 1
              printf 'confetti 0 1\\nfire 7 3.5 240\\n' | fx hash --rows -
            """)

    @OptionGroup var options: EffectOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(EffectOptions.timeHelp, valueName: "seconds"))
    var time: Double?

    @Flag(help: "EFFECT is a file of `EFFECT SEED TIME [STEP-RATE]` lines ('-': standard input): hash them all in one process.")
    var rows = false

    func validate() throws {
        if rows {
            if options.seed != nil || time != nil { throw ValidationError("--rows takes each row's seed and time from its file; leave out --seed and --time") }
        } else if let time {
            try validateTime(time)
        }
    }

    func run() throws {
        if rows { return try hashRows() }
        let effect = try options.load()
        do {
            print(try line(effect, time: time ?? effect.representativeTime, seed: options.seed))
        } catch let interrupted as ExitCode {
            throw interrupted
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }

    /// `simulation HEX image HEX` for `effect` at `time`.
    private func line(_ effect: Effect, time: Double, seed: UInt64?, stepRate: Double? = nil) throws -> String {
        let frame = try renderFrame(effect, time: time, seed: seed, stepRate: stepRate ?? options.stepRate)
        reportBudget(frame.world)
        return frame.hashes.line
    }

    /// --rows: every row of the file, each effect loaded once.
    private func hashRows() throws {
        let source = options.effect
        let text: String
        do {
            text = source == "-" ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                                 : try String(contentsOfFile: source, encoding: .utf8)
        } catch {
            printError("fx: cannot read the rows \(source): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        var loaded: [String: Effect?] = [:]
        var failed = 0
        for (number, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if fields.isEmpty || fields[0].hasPrefix("#") { continue }
            let label = fields.joined(separator: " ")
            let stepRate = fields.count == 4 ? Double(fields[3]) : nil
            guard fields.count == 3 || fields.count == 4 && stepRate.map(Effect.stepRateRange.contains) == true,
                  let seed = UInt64(fields[1]), let time = Double(fields[2]) else {
                printError("fx: \(source):\(number + 1): expected `EFFECT SEED TIME [STEP-RATE]` (a step rate in \(Int(Effect.stepRateRange.lowerBound))…\(Int(Effect.stepRateRange.upperBound))), found \"\(row)\"")
                print("\(label) failed")
                failed += 1
                continue
            }
            do {
                try validateTime(time)
                if loaded[fields[0]] == nil {
                    var effectOptions = options
                    effectOptions.effect = fields[0]
                    loaded[fields[0]] = .some(try? effectOptions.load())
                }
                guard let effect = loaded[fields[0]] ?? nil else { throw ExitCode(1) }
                print("\(label) \(try line(effect, time: time, seed: seed, stepRate: stepRate))")
            } catch let code as ExitCode where code.rawValue > 128 {
                // Stopped by a signal (SlicedSeek said so): the rest is not hashed.
                throw code
            } catch {
                if !(error is ExitCode) { printError("fx: \(label): \(error)") }
                print("\(label) failed")
                failed += 1
            }
        }
        if failed > 0 {
            printError("fx: \(failed) row\(failed == 1 ? "" : "s") failed")
            throw ExitCode(1)
        }
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the effects found, with their descriptions.",
        discussion: "Searches ./effects, FX_EFFECTS_PATH, then the shipped effects.\n\nExample: fx list")

    func run() throws {
        let entries = EffectCatalog.standard().entries()
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
            print(entry.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + entry.description)
        }
    }
}

/// `effect` at `time`, rendered headless as `EffectRenderer` does, the simulation brought
/// there by ``SlicedSeek``: a heavy prewarm or a far time shows its progress on stderr and
/// stops on Ctrl-C or SIGTERM.
/// `quiet` shows no progress (`fx check`, whose effects render side by side).
func renderFrame(_ effect: Effect, time: Double, seed: UInt64?, stepRate: Double?,
                 size: (width: Int, height: Int)? = nil, quiet: Bool = false) throws -> EffectRenderer.Frame {
    var rendered: EffectRenderer.Frame?
    try renderFrames(effect, times: [time], seed: seed, stepRate: stepRate, size: size, quiet: quiet) { rendered = $1 }
    return rendered!
}

/// `effect` at each of `times` in turn, as ``renderFrame(_:time:seed:stepRate:size:quiet:)``
/// renders it, with one simulation going forward from moment to moment (`times` ascending: the
/// same state to the bit as a simulation of its own for each, and the earlier steps are not
/// done again). `body` gets each frame before the simulation moves on.
func renderFrames(_ effect: Effect, times: [Double], seed: UInt64?, stepRate: Double?,
                  size: (width: Int, height: Int)? = nil, quiet: Bool = false,
                  _ body: (Double, EffectRenderer.Frame) throws -> Void) throws {
    let sequence = try FrameSequence(effect: effect, seed: seed, stepRate: stepRate, size: size, defersPrewarm: true)
    for time in times {
        try SlicedSeek.seek(sequence.player, to: time, what: "\(effect.name) to \(format(time)) s", quiet: quiet)
        let image = try sequence.frame(at: time)
        try body(time, EffectRenderer.Frame(world: sequence.world, image: image))
    }
}

/// The two hashes `fx hash` prints and `fx check` compares: the simulation state's and the
/// rendered image's, each as 16 hex digits.
struct FrameHashes: Equatable {
    var simulation: String
    var image: String

    /// `simulation HEX image HEX`, as `fx hash` prints it.
    var line: String { "simulation \(simulation) image \(image)" }
}

extension EffectRenderer.Frame {
    /// The frame's simulation and image hashes.
    var hashes: FrameHashes { FrameHashes(simulation: world.stateHash().hex, image: imageHash.hex) }
}

extension World {
    /// Whether the effect has emitters but not one particle is alive: a frame drawn now shows
    /// none of its particles.
    var drawsNoParticle: Bool { !emitters.isEmpty && liveParticles == 0 }
}

/// Warns, on stderr, that the effect's emitters drew no particle `when` ("at 2 s", "in any
/// frame"): a one-shot effect rendered after its particles died, or before they are born.
/// `chosenTime` is the time the user gave, if any.
func reportNoParticle(_ effect: Effect, at when: String, chosenTime: Double?) {
    var hint = "fx inspect shows how many particles are alive at a --time"
    if let chosenTime, chosenTime != effect.representativeTime {
        hint = "the effect shows best at \(format(effect.representativeTime)) s (its \(EffectKeys.previewTime.name)): try --time \(format(effect.representativeTime))"
    }
    printError("fx: warning: the effect has emitters, but no particle is alive \(when), so the output shows none; \(hint)")
}

/// Says once, on stderr, that emission paused because the effect's particle budget was spent.
func reportBudget(_ world: World) {
    if world.budgetReached {
        printError("fx: the particle budget (maxParticles \(world.effect.maxParticles)) was reached; emission paused until particles died")
    }
}
