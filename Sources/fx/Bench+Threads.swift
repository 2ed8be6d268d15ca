import FXCore
import Foundation

extension Bench {
    /// The simulation at `particles` live particles on one thread and on every core (or as many
    /// as `--threads`/`FX_THREADS` say): two copies of the same steady world, stepped in
    /// alternating trials of a tenth of `steps` (so that load from other work falls on both
    /// alike), the median trial of each, and the speed-up (1-thread time / N-thread time). Also
    /// checks that both end in the same state, as they must.
    static func threads(particles: Int = 1_000_000, steps: Int) throws {
        let cores = World.defaultThreads
        let one = try Bench.steadyWorld(particles: particles), all = try Bench.steadyWorld(particles: particles)
        one.threads = 1
        all.threads = cores
        let trials = min(10, steps)
        var oneTimes: [Double] = [], allTimes: [Double] = []
        for _ in 0..<trials {
            oneTimes.append(Bench.nanosecondsPerParticleStep(one, steps: steps / trials))
            allTimes.append(Bench.nanosecondsPerParticleStep(all, steps: steps / trials))
        }
        guard one.stateHash().value == all.stateHash().value else {
            throw BenchError("the simulation's state differs with 1 and \(cores) threads")
        }
        let (oneTime, allTime) = (Bench.median(oneTimes), Bench.median(allTimes))
        print(String(format: "simulation_threads_ns_per_particle_step particles=%d threads=1 %.3f ns", particles, oneTime))
        print(String(format: "simulation_threads_ns_per_particle_step particles=%d threads=%d %.3f ns", particles, cores, allTime))
        print(String(format: "simulation_threads_speedup particles=%d threads=%d %.3f x", particles, cores, oneTime / allTime))
    }
}

/// A benchmark whose runs disagree (a bug, not a slow machine).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
