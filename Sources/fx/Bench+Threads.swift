import FXCore
import Foundation

extension Bench {
    /// The simulation at `particles` live particles on one thread and on every core (or as many
    /// as `--threads`/`FX_THREADS` say): the same steady world stepped `steps` times each way,
    /// and the speed-up (1-thread time / N-thread time). Also checks that both runs end in the
    /// same state, as they must.
    static func threads(particles: Int = 1_000_000, steps: Int) throws {
        let cores = World.defaultThreads
        func nanosecondsPerParticleStep(threads: Int) throws -> (Double, UInt64) {
            let world = try Bench.steadyWorld(particles: particles)
            world.threads = threads
            var particleSteps = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<steps {
                particleSteps += world.liveParticles
                world.step()
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            return (elapsed / Double(max(particleSteps, 1)), world.stateHash().value)
        }
        let (one, oneHash) = try nanosecondsPerParticleStep(threads: 1)
        let (all, allHash) = try nanosecondsPerParticleStep(threads: cores)
        guard oneHash == allHash else {
            throw BenchError("the simulation's state differs with 1 and \(cores) threads")
        }
        print(String(format: "simulation_threads_ns_per_particle_step particles=%d threads=1 %.3f ns", particles, one))
        print(String(format: "simulation_threads_ns_per_particle_step particles=%d threads=%d %.3f ns", particles, cores, all))
        print(String(format: "simulation_threads_speedup particles=%d threads=%d %.3f x", particles, cores, one / all))
    }
}

/// A benchmark whose runs disagree (a bug, not a slow machine).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
