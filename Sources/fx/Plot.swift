import ArgumentParser
import FXCore
import FXSDL
import Foundation

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chart key path values over time as a PNG.",
        discussion: """
            Samples the presentation value of each LAYER.KEYPATH (animations applied) from \
            --from to --to and draws one line per key path (one per component for points, \
            sizes, colors and transforms), with labelled axes and a legend.

            Example: fx plot confetti --keypath confetti.emitterCells.red.birthRate --to 2 --out burst.png
            """)

    @OptionGroup var options: EffectOptions

    @Option(name: .customLong("keypath"), help: "LAYER.KEYPATH to plot, e.g. label.mask.locations or ring.sublayers.dot.opacity (repeatable).")
    var keyPaths: [String] = []

    @Option(help: "Start time in seconds.")
    var from: Double = 0

    @Option(help: "End time in seconds (default: the effect's duration).")
    var to: Double?

    @Option(help: "How many samples along the time axis.")
    var samples: Int = 400

    @Option(help: "Chart size in pixels, WxH.")
    var size: PixelSize = PixelSize(argument: "960x540")!

    @Option(help: "The PNG file to write.")
    var out: String

    func validate() throws {
        guard !keyPaths.isEmpty else { throw ValidationError("give at least one --keypath LAYER.KEYPATH") }
        try validateTime(from)
        if let to { try validateTime(to) }
        guard (2...10_000).contains(samples) else { throw ValidationError("--samples must be in 2…10000") }
    }

    func run() throws {
        let loaded = try options.load()
        let end = to ?? loaded.duration
        guard end > from else {
            printError("fx: --to (\(end)) must be after --from (\(from))")
            throw ExitCode(1)
        }
        do {
            let series = try loaded.sample(keyPaths, from: from, to: end, count: samples)
            let chart = Chart(title: "\(loaded.name): " + keyPaths.joined(separator: ", "), series: series,
                              width: size.width, height: size.height)
            try PNGFile.write(try chart.render(), to: out)
            print(out)
        } catch let error as KeyPathLookupError {
            printError("fx: --keypath \(error)")
            throw ExitCode(1)
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }
}
