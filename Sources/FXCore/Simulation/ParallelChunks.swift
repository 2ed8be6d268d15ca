import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a loop over `0..<count` into contiguous ranges run on several threads.
///
/// Every range is written by one thread only, and the ranges are the same for a given count,
/// thread count and minimum chunk, so a loop whose iterations write only their own slots gives
/// the same result with any number of threads. Anything whose result depends on order (emission,
/// removal, counters) stays outside, on the caller's thread.
public enum ParallelChunks {
    /// The number of ranges `run` splits `count` into: at most `threads`, each at least
    /// `minimumChunk` long (at least one range when `count` > 0).
    public static func chunkCount(count: Int, threads: Int, minimumChunk: Int = 4096) -> Int {
        guard count > 0 else { return 0 }
        return max(1, min(threads, count / max(minimumChunk, 1)))
    }

    /// The `index`th of `chunks` ranges of `0..<count`: the first `count % chunks` ranges are one
    /// longer than the rest.
    public static func range(_ index: Int, of chunks: Int, count: Int) -> Range<Int> {
        let base = count / chunks, extra = count % chunks
        let start = index * base + min(index, extra)
        return start..<(start + base + (index < extra ? 1 : 0))
    }

    /// Runs `body` over `0..<count` split into at most `threads` contiguous ranges, in order,
    /// each at least `minimumChunk` long. With one range (one thread, or a small count) `body`
    /// runs once on the caller's thread; otherwise the ranges run at once on Dispatch's worker
    /// threads (`DispatchQueue.concurrentPerform`) and `run` returns when all have finished.
    /// - Parameters:
    ///   - count: the number of iterations.
    ///   - threads: the most threads to use (1 or less: the caller's thread only).
    ///   - minimumChunk: the fewest iterations worth a thread of their own.
    ///   - body: called once per range; it must write only what belongs to its range.
    public static func run(count: Int, threads: Int, minimumChunk: Int = 4096, _ body: (Range<Int>) -> Void) {
        let chunks = chunkCount(count: count, threads: threads, minimumChunk: minimumChunk)
        guard chunks > 1 else {
            if count > 0 { body(0..<count) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedBody(body: body)
            DispatchQueue.concurrentPerform(iterations: chunks) { index in
                shared.body(range(index, of: chunks, count: count))
            }
        }
    }

    /// The processor cores this machine has online: the default thread count. (Asked of the
    /// system directly: FXCore leaves the process's environment to the program.)
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// Carries a non-Sendable closure into `concurrentPerform`: each call touches only its own range.
private struct UncheckedBody: @unchecked Sendable {
    let body: (Range<Int>) -> Void
}
