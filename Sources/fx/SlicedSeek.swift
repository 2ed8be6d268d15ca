import ArgumentParser
import FXCore
import Foundation

/// Takes a player to a moment as `EffectPlayer.seek(to:)` does, but in slices of a few
/// simulation steps (`EffectPlayer.seek(to:maxSteps:)`, the same state to the bit), so that a
/// heavy effect — a long `prewarm`, or a far `--time`, of many particles — shows its progress
/// on stderr and stops on Ctrl-C or SIGTERM instead of leaving the command silent and deaf.
///
/// The progress shows on a terminal once the work has taken a quarter of a second, and in a log
/// or a pipe only once it has taken a second: a line saying what is simulated, then the bar
/// (in a log, a line at every tenth of the way). Quick runs, and tests, print nothing. An interruption prints one line and exits with the
/// shell's status for the signal: 130 for SIGINT (Ctrl-C), 143 for SIGTERM.
enum SlicedSeek {
    /// The steps of one slice: the signals are looked at, and the bar drawn, between slices.
    static let stepsPerSlice = 1

    /// Seeks `player` to `time`; `what` names the work in the bar and in the interruption's
    /// message ("fire at 2 s").
    static func seek(_ player: EffectPlayer, to time: Double, what: String, quiet: Bool = false) throws {
        let watch = InterruptionWatch.start()
        defer { watch.stop() }
        let started = ProcessInfo.processInfo.systemUptime
        let terminal = isatty(STDERR_FILENO) == 1
        var bar: ProgressBar?
        while true {
            let progress = player.seek(to: time, maxSteps: stepsPerSlice)
            if let signal = watch.signal {
                bar?.finish()
                let name = signal == SIGINT ? "Ctrl-C (SIGINT)" : "SIGTERM"
                printError("fx: stopped by \(name) while simulating \(what) (\(progress.completedSteps) of \(progress.totalSteps) steps); nothing was written")
                throw ExitCode(128 + signal)
            }
            if progress.isComplete {
                bar?.update(progress.totalSteps)
                bar?.finish()
                return
            }
            let elapsed = ProcessInfo.processInfo.systemUptime - started
            if bar == nil, !quiet, elapsed >= (terminal ? 0.25 : 1) {
                printError("fx: simulating \(what) takes \(progress.totalSteps) steps (a long prewarm or a far time); Ctrl-C stops it")
                bar = ProgressBar(total: progress.totalSteps, unit: "steps")
            }
            bar?.update(progress.completedSteps)
        }
    }
}

/// SIGINT and SIGTERM caught while it runs (instead of ending the process at once), for a
/// loop to look at between slices of work; the signals' default comes back at ``stop()``.
final class InterruptionWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var caught: Int32?
    private var sources: [DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "fx.interruptions")

    /// The first signal caught, if any.
    var signal: Int32? {
        lock.lock(); defer { lock.unlock() }
        return caught
    }

    /// Starts catching SIGINT and SIGTERM.
    static func start() -> InterruptionWatch {
        let watch = InterruptionWatch()
        for number in [SIGINT, SIGTERM] {
            // A dispatch source sees the signal only once its default action is off.
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak watch] in
                guard let watch else { return }
                watch.lock.lock()
                if watch.caught == nil { watch.caught = number }
                watch.lock.unlock()
            }
            source.resume()
            watch.sources.append(source)
        }
        return watch
    }

    /// Stops catching: the signals end the process again.
    func stop() {
        for source in sources { source.cancel() }
        sources = []
        Foundation.signal(SIGINT, SIG_DFL)
        Foundation.signal(SIGTERM, SIG_DFL)
    }
}
