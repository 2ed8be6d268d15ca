import FXCore
import Foundation

extension Bench {
    /// The simulation at `particles` live particles on one thread and on every core (or as many
    /// as `--threads`/`FX_THREADS` say): two copies of the same steady world, stepped in
    /// alternating trials of a tenth of `steps` (so that load from other work falls on both
    /// alike), the median trial of each, and the speed-up (1-thread time / N-thread time). Also
    /// checks that both end in the same state, as they must. Between them, in the same trials,
    /// a ``ColumnStream`` over as many particles: what the memory gives 1 and N threads.
    static func threads(particles: Int = 1_000_000, steps: Int) throws {
        let cores = World.defaultThreads
        let one = Bench.steadyWorld(particles: particles), all = Bench.steadyWorld(particles: particles)
        one.threads = 1
        all.threads = cores
        // The reference, in the same trials: the step's memory traffic with nothing else to do.
        let stream = ColumnStream(particles: particles)
        let trials = min(10, steps)
        var oneTimes: [Double] = [], allTimes: [Double] = [], streamOne: [Double] = [], streamAll: [Double] = []
        for _ in 0..<trials {
            oneTimes.append(Bench.nanosecondsPerParticleStep(one, steps: steps / trials))
            streamOne.append(stream.nanosecondsPerParticle(passes: steps / trials, threads: 1))
            allTimes.append(Bench.nanosecondsPerParticleStep(all, steps: steps / trials))
            streamAll.append(stream.nanosecondsPerParticle(passes: steps / trials, threads: cores))
        }
        guard one.stateHash().value == all.stateHash().value else {
            throw BenchError("the simulation's state differs with 1 and \(cores) threads")
        }
        let (oneTime, allTime) = (Bench.median(oneTimes), Bench.median(allTimes))
        print(String(format: "simulation_threads_ns_per_particle_step particles=%d threads=1 %.3f ns", particles, oneTime))
        print(String(format: "simulation_threads_ns_per_particle_step particles=%d threads=%d %.3f ns", particles, cores, allTime))
        print(String(format: "simulation_threads_speedup particles=%d threads=%d %.3f x", particles, cores, oneTime / allTime))
        let (streamOneTime, streamAllTime) = (Bench.median(streamOne), Bench.median(streamAll))
        print(String(format: "memory_stream_bytes_per_particle %d B", ColumnStream.bytesPerParticle))
        // Bytes over nanoseconds are GB/s (tools/bench prints them).
        for (threads, time) in [(1, streamOneTime), (cores, streamAllTime)] {
            print(String(format: "memory_stream_ns_per_particle particles=%d threads=%d %.3f ns", particles, threads, time))
        }
        print(String(format: "memory_stream_speedup particles=%d threads=%d %.3f x", particles, cores, streamOneTime / streamAllTime))
    }
}

/// What a second core can give the simulation at 1 000 000 particles, where it is bound by
/// memory: a pass over the same columns the bench's step reads and writes (position, velocity,
/// age, rotation, scale and the four color channels read and written, spin and death time read),
/// with one addition per column and nothing else — no emission, no removal, no branch. Its
/// speed-up on N threads is the most any loop moving those bytes gets from this machine's
/// memory; the simulation's is printed beside it.
struct ColumnStream {
    /// The columns, allocated as the simulation's are (each page-aligned, staggered in its page).
    let store: ParticleStore
    let count: Int
    /// Bytes read and written a particle: twelve floats and a double read, eleven floats written.
    static let bytesPerParticle = 12 * MemoryLayout<Float>.size + MemoryLayout<Double>.size + 11 * MemoryLayout<Float>.size

    init(particles: Int) {
        count = particles
        store = ParticleStore(capacity: particles)
        // Every page touched once before it is timed.
        for column in [store.x, store.y, store.vx, store.vy, store.age, store.rotation, store.spin, store.scale,
                       store.red, store.green, store.blue, store.alpha] {
            column.initialize(repeating: 0.5, count: particles)
        }
        store.deathTime.initialize(repeating: 1e9, count: particles)
    }

    /// Runs `passes` passes on `threads` threads; the nanoseconds per particle of one pass.
    func nanosecondsPerParticle(passes: Int, threads: Int) -> Double {
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: threads)
        defer { counts.deallocate() }
        // Ranges of whole groups of eight.
        let groups = count / 8
        let start = DispatchTime.now().uptimeNanoseconds
        var dead = 0
        for _ in 0..<max(passes, 1) {
            DispatchQueue.concurrentPerform(iterations: threads) { chunk in
                counts[chunk] = self.pass(8 * (groups * chunk / threads)..<8 * (groups * (chunk + 1) / threads))
            }
            for chunk in 0..<threads { dead += counts[chunk] }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        // No particle is due to die: the count keeps the death-time reads from being dropped.
        precondition(dead == 0, "the stream's death times are never reached")
        return elapsed / Double(max(passes, 1) * 8 * groups)
    }

    /// One pass over `range`, eight particles a vector (as the step's loops are vectorised);
    /// how many groups had a death time reached (none).
    private func pass(_ range: Range<Int>) -> Int {
        typealias Vector = SIMD8<Float>
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy, age = store.age, rotation = store.rotation
        let spin = store.spin, scale = store.scale, red = store.red, green = store.green, blue = store.blue, alpha = store.alpha
        let deathTime = store.deathTime
        let dt = Vector(repeating: 1.0 / 60), never = SIMD8<Double>(repeating: 0)
        var dead = 0, i = range.lowerBound
        while i + 8 <= range.upperBound {
            @inline(__always) func load(_ column: UnsafeMutablePointer<Float>) -> Vector {
                UnsafeRawPointer(column + i).loadUnaligned(as: Vector.self)
            }
            @inline(__always) func put(_ value: Vector, _ column: UnsafeMutablePointer<Float>) {
                UnsafeMutableRawPointer(column + i).storeBytes(of: value, as: Vector.self)
            }
            let velocityX = load(vx), velocityY = load(vy)
            put(load(x) + velocityX * dt, x); put(load(y) + velocityY * dt, y)
            put(velocityX + dt, vx); put(velocityY + dt, vy)
            put(load(age) + dt, age); put(load(rotation) + load(spin) * dt, rotation); put(load(scale) - dt, scale)
            put(load(red) + dt, red); put(load(green) + dt, green); put(load(blue) + dt, blue); put(load(alpha) - dt, alpha)
            if any(UnsafeRawPointer(deathTime + i).loadUnaligned(as: SIMD8<Double>.self) .<= never) { dead += 1 }
            i += 8
        }
        return dead
    }
}

/// A benchmark whose runs disagree (a bug, not a slow machine).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
