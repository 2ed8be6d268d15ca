import ArgumentParser
import FXCore
import FXEncode
import FXSDL
import Foundation

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chart key path values over time as a PNG, or print them as CSV.",
        discussion: """
            Samples the presentation value of each LAYER.KEYPATH (animations applied) from \
            --from to --to and draws one line per key path (one per component for points, \
            sizes, colors and transforms). Lines are grouped by their unit, from the property \
            registry (pt, s, 1/s, rad, ×, 0…1 for fractions such as opacity and colors, …): \
            each unit gets a panel of its own, with its own y axis, heading and legend, stacked \
            top to bottom in the chart's size and sharing the time axis.

            With --csv, or --out FILE.csv, the values are written as CSV instead: a header row \
            (time, then one column per key path component, named as in the legend), one row per \
            sample, numbers as fx inspect prints them (30, 22.5), an empty field where a layer \
            is missing.

            Examples:
              fx plot confetti --keypath confetti.emitterCells.red.birthRate --to 2 \\
                  --out burst.png
              fx plot spring-pop --to 1.5 --out pop.png \\
                  --keypath stars.emitterCells.star.birthRate --keypath button.opacity
              fx plot confetti --keypath confetti.emitterCells.red.birthRate --to 2 \\
                  --samples 9 --csv
            """)

    /// The chart size without `--size`.
    static let defaultSize = (width: 960, height: 540)

    @OptionGroup var options: EffectOptions

    @Option(name: .customLong("keypath"), help: "LAYER.KEYPATH to plot, e.g. label.mask.locations or ring.sublayers.dot.opacity (repeatable).")
    var keyPaths: [String] = []

    // Optional with the default in the help text, so that it reads as typed (`0`, not `0.0`).
    @Option(parsing: .unconditional, help: "Start time in seconds (default: 0).")
    var from: Double?

    @Option(parsing: .unconditional, help: "End time in seconds (default: the effect's duration).")
    var to: Double?

    @Option(help: "How many samples along the time axis, 2…10000 (default: 400).")
    var samples: Int?

    @Option(help: "Chart size in pixels, WxH (default: \(defaultSize.width)x\(defaultSize.height)); the panels share its height.")
    var size: PixelSize?

    @Flag(help: "Write the sampled values as CSV instead of a chart: to standard output, or to --out FILE.csv.")
    var csv = false

    @Option(help: "The file to write: FILE.png for the chart, FILE.csv for the values (CSV implied).")
    var out: String?

    /// What the command writes.
    enum Output: Equatable {
        case chart(String)
        case csvFile(String)
        case csvToStandardOutput
    }

    /// The output the options ask for, or why they do not fit together.
    func output() throws -> Output {
        let fileExtension = out.map { URL(fileURLWithPath: $0).pathExtension.lowercased() }
        switch (csv, out, fileExtension) {
        case (true, nil, _): return .csvToStandardOutput
        case (_, let path?, "csv"): return .csvFile(path)
        case (true, let path?, _):
            throw ValidationError("--csv writes CSV, but --out \(path) does not end in .csv; name the file FILE.csv, or leave out --out to print to standard output")
        case (false, nil, _):
            throw ValidationError("give --out FILE.png for the chart, or --csv to print the values")
        case (false, let path?, "png"): return .chart(path)
        case (false, let path?, _):
            throw ValidationError("--out \(path): fx plot writes FILE.png (the chart) or FILE.csv (the values)")
        }
    }

    func validate() throws {
        guard !keyPaths.isEmpty else { throw ValidationError("give at least one --keypath LAYER.KEYPATH") }
        // Named after the option given (the shared time check speaks of --time).
        for (name, time) in [("--from", from), ("--to", to)] {
            guard let time, !(time.isFinite && time >= 0 && time <= Effect.maxDuration) else { continue }
            let written = time.isFinite && time == time.rounded() && abs(time) < 1e15 ? String(Int64(time)) : String(time)
            throw ValidationError("\(name) must be a number of seconds in 0…\(Int(Effect.maxDuration)), not \(written)")
        }
        if let samples, !(2...10_000).contains(samples) { throw ValidationError("--samples must be in 2…10000, not \(samples)") }
        _ = try output()
    }

    func run() throws {
        let loaded = try options.load()
        let start = from ?? 0
        let end = to ?? loaded.duration
        guard end > start else {
            printError("fx: --to (\(end)) must be after --from (\(start))")
            throw ExitCode(1)
        }
        do {
            let series = try loaded.sample(keyPaths, from: start, to: end, count: samples ?? 400)
            switch try output() {
            case .csvToStandardOutput:
                print(KeyPathSeries.csv(series), terminator: "")
            case .csvFile(let path):
                try Data(KeyPathSeries.csv(series).utf8).write(to: URL(fileURLWithPath: path))
                print(path)
            case .chart(let path):
                let chart = Chart(title: "\(loaded.name): " + keyPaths.joined(separator: ", "), series: series,
                                  width: size?.width ?? Self.defaultSize.width, height: size?.height ?? Self.defaultSize.height)
                try PNGFile.write(try chart.render(), to: path)
                print(path)
            }
        } catch let error as KeyPathLookupError {
            printError("fx: --keypath \(error)")
            throw ExitCode(1)
        } catch let error as ChartSizeError {
            printError("fx: \(error); give --size \(error.width)x\(error.minimumHeight) or more, or plot fewer units at once")
            throw ExitCode(1)
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }
}
