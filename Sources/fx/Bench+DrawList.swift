import FXCore
import Foundation

extension Bench {
    /// The draw list's particle loop: at 100 000 particles on one thread (compare with the C
    /// reference's ns per particle-step), and at 1 000 000 particles on one thread and on every
    /// core, with the speed-up. Each figure is the mean of `repeats` builds after one to warm up.
    static func drawList(repeats: Int = 20) throws {
        func nanosecondsPerParticle(_ world: World, threads: Int) -> (Double, Int) {
            let list = DrawList()
            let builder = DrawListBuilder(threads: threads)
            builder.build(world, into: list)
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<repeats { builder.build(world, into: list) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(repeats)
            return (elapsed / Double(max(list.quadCount, 1)), list.quadCount)
        }
        let small = try Bench.steadyWorld(particles: 100_000)
        let (one, quads) = nanosecondsPerParticle(small, threads: 1)
        print(String(format: "drawlist_one_thread_ns_per_particle particles=%d %.3f ns", quads, one))
        let large = try Bench.steadyWorld(particles: 1_000_000)
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let (serial, largeQuads) = nanosecondsPerParticle(large, threads: 1)
        let (parallel, _) = nanosecondsPerParticle(large, threads: cores)
        print(String(format: "drawlist_threads_ns_per_particle particles=%d threads=1 %.3f ns", largeQuads, serial))
        print(String(format: "drawlist_threads_ns_per_particle particles=%d threads=%d %.3f ns", largeQuads, cores, parallel))
        print(String(format: "drawlist_threads_speedup particles=%d threads=%d %.2f x", largeQuads, cores, serial / parallel))
    }
}
