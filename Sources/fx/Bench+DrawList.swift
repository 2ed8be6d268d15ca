import FXCore
import Foundation

extension Bench {
    /// The draw list's particle loop: at 100 000 particles on one thread (compare with the C
    /// reference's ns per particle-step), and at 1 000 000 particles on one thread and on every
    /// core, with the speed-up. Each figure is the median of `repeats` builds after one to warm
    /// up; the 1-thread and N-thread builds alternate, so that load from other work falls on both.
    static func drawList(repeats: Int = 15) throws {
        /// The nanoseconds per quad of each of `repeats` builds by each builder, in turn.
        func nanosecondsPerParticle(_ world: World, threads: [Int]) -> (times: [Double], quads: Int) {
            let list = DrawList()
            let builders = threads.map { DrawListBuilder(threads: $0) }
            for builder in builders { builder.build(world, into: list) }
            var times = [[Double]](repeating: [], count: builders.count)
            for _ in 0..<repeats {
                for (index, builder) in builders.enumerated() {
                    let start = DispatchTime.now().uptimeNanoseconds
                    builder.build(world, into: list)
                    times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(list.quadCount, 1)))
                }
            }
            return (times.map(Bench.median), list.quadCount)
        }
        let small = Bench.steadyWorld(particles: 100_000)
        let (one, quads) = nanosecondsPerParticle(small, threads: [1])
        print(String(format: "drawlist_one_thread_ns_per_particle particles=%d %.3f ns", quads, one[0]))
        let large = Bench.steadyWorld(particles: 1_000_000)
        let cores = World.defaultThreads
        let (both, largeQuads) = nanosecondsPerParticle(large, threads: [1, cores])
        let (serial, parallel) = (both[0], both[1])
        print(String(format: "drawlist_threads_ns_per_particle particles=%d threads=1 %.3f ns", largeQuads, serial))
        print(String(format: "drawlist_threads_ns_per_particle particles=%d threads=%d %.3f ns", largeQuads, cores, parallel))
        print(String(format: "drawlist_threads_speedup particles=%d threads=%d %.2f x", largeQuads, cores, serial / parallel))
    }
}
