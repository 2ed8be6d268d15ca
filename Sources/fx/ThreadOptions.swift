import ArgumentParser
import FXCore
import Foundation

/// `--threads N`, taken by every command that runs the simulation: how many threads a step, the
/// draw list and the headless rasterizer use. Without it the `FX_THREADS` environment variable
/// decides, else every core.
struct ThreadOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Threads the simulation, the draw list and headless drawing use (default: FX_THREADS, else every core: \(ParallelChunks.processorCount)). The output is the same with any number.",
                               valueName: "N"))
    var threads: Int?

    /// The environment variable read when `--threads` is not given.
    static let environmentVariable = "FX_THREADS"

    /// The thread count asked for: `--threads`, else `FX_THREADS`, else nil (every core).
    /// - Throws: a `ValidationError` naming the option or the variable when the value is not a
    ///   whole number of at least 1.
    func requestedThreads(environment: [String: String]) throws -> Int? {
        if let threads {
            guard threads >= 1 else { throw ValidationError("--threads must be a whole number of at least 1, not \(threads)") }
            return threads
        }
        guard let text = environment[ThreadOptions.environmentVariable] else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Int(trimmed), value >= 1 else {
            throw ValidationError("\(ThreadOptions.environmentVariable) must be a whole number of at least 1, not \"\(text)\"")
        }
        return value
    }

    /// Checks the setting and makes it the thread count of every world the command makes
    /// (`World.defaultThreads`): done while the command line is read, so that each command's
    /// players, renderers and windows use it without passing it down.
    func validate() throws {
        if let requested = try requestedThreads(environment: ProcessInfo.processInfo.environment) {
            World.defaultThreads = requested
        }
    }
}
