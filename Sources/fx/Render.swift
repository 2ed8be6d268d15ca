import ArgumentParser
import FXCore
import FXEffects
import FXSDL
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame of an effect to a PNG, headless.",
        discussion: """
            The same effect, seed, time and size give the same PNG bytes on every run.

            Example: fx render confetti --time 2.5 --seed 3 --size 400x300 --out confetti.png
            """)

    @OptionGroup var options: EffectOptions

    @Option(help: "Effect time in seconds (rounded to the nearest simulation step).")
    var time: Double = 2

    @Option(help: "Output size in pixels, WxH, each 1…\(EffectLimits.maxImageSide) (default: the canvas size).")
    var size: PixelSize?

    @Option(help: "The PNG file to write.")
    var out: String

    @Option(help: CanvasBackground.help, transform: { try CanvasBackground.parse($0) })
    var background: CanvasBackground?

    func validate() throws {
        try validateTime(time)
    }

    func run() throws {
        let loaded = try options.load()
        let effect = background?.applied(to: loaded) ?? loaded
        do {
            let frame = try EffectRenderer().render(effect, time: time, seed: options.seed, stepRate: options.stepRate,
                                                    size: size.map { ($0.width, $0.height) })
            try PNGFile.write(frame.image, to: out)
            reportBudget(frame.world)
            print(out)
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
            step rate, so CI can compare them against goldens.

            Example: fx hash confetti --time 2 --seed 1
            """)

    @OptionGroup var options: EffectOptions

    @Option(help: "Effect time in seconds (rounded to the nearest simulation step).")
    var time: Double = 2

    func validate() throws {
        try validateTime(time)
    }

    func run() throws {
        let effect = try options.load()
        do {
            let frame = try EffectRenderer().render(effect, time: time, seed: options.seed, stepRate: options.stepRate)
            reportBudget(frame.world)
            print("simulation \(frame.world.stateHash().hex) image \(frame.imageHash.hex)")
        } catch {
            printError("fx: \(error)")
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

/// Says once, on stderr, that emission paused because the effect's particle budget was spent.
func reportBudget(_ world: World) {
    if world.budgetReached {
        printError("fx: the particle budget (maxParticles \(world.effect.maxParticles)) was reached; emission paused until particles died")
    }
}
