import FXCore
import FXSDL
import Foundation

extension Bench {
    /// A headless frame of 100 000 particles at 1280×720 (one rendered pixel per output pixel),
    /// drawn by SDL's software `SDL_RenderGeometry` and by fx's ``SoftwareRasterizer`` (one
    /// thread, then every core), the same draw list into the same renderer: the median
    /// milliseconds per frame (clearing and drawing, without the read-back) and the speed-up
    /// over SDL.
    static func raster() throws {
        /// The calling thread's CPU time so far, in milliseconds.
        func threadCPUMilliseconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
        }
        let world = Bench.steadyWorld(particles: 100_000)
        let list = DrawList()
        let renderer = try HeadlessRenderer(width: 1280, height: 720, canvas: world.effect.canvas.size, supersampling: 1)
        DrawListBuilder().build(world, into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        // The three are interleaved frame by frame, and each figure is the median of its
        // frames: on a machine shared with other work, load falls on all three alike.
        let cores = World.defaultThreads
        let settings = [(rasterizing: false, threads: 1), (rasterizing: true, threads: 1), (rasterizing: true, threads: cores)]
        var times = [[Double]](repeating: [], count: settings.count), cpuTimes = times
        for round in 0..<8 {
            for (index, setting) in settings.enumerated() {
                renderer.rasterizesParticles = setting.rasterizing
                renderer.threads = setting.threads
                let cpuStart = threadCPUMilliseconds()
                let milliseconds = try renderer.renderTimed(list).draw * 1000
                let cpu = threadCPUMilliseconds() - cpuStart
                // The first round loads textures and warms caches.
                if round > 0 {
                    times[index].append(milliseconds)
                    cpuTimes[index].append(cpu)
                }
            }
        }
        let medians = times.map(Bench.median)
        let (sdl, one, all) = (medians[0], medians[1], medians[2])
        let cpuMedians = cpuTimes.map(Bench.median)
        print(String(format: "frame_raster_sdl_ms particles=%d %.2f ms", list.quadCount, sdl))
        print(String(format: "frame_raster_ms particles=%d threads=1 %.2f ms", list.quadCount, one))
        print(String(format: "frame_raster_ms particles=%d threads=%d %.2f ms", list.quadCount, cores, all))
        print(String(format: "frame_raster_speedup particles=%d threads=1 %.2f x", list.quadCount, sdl / one))
        print(String(format: "frame_raster_speedup particles=%d threads=%d %.2f x", list.quadCount, cores, sdl / all))
        // The same frames in the drawing thread's CPU time: what load from other processes
        // does not change (one thread only: other threads' time is not counted).
        print(String(format: "frame_raster_cpu_ms renderer=sdl particles=%d %.2f ms", list.quadCount, cpuMedians[0]))
        print(String(format: "frame_raster_cpu_ms renderer=fx threads=1 particles=%d %.2f ms", list.quadCount, cpuMedians[1]))
        print(String(format: "frame_raster_cpu_speedup threads=1 particles=%d %.2f x", list.quadCount, cpuMedians[0] / cpuMedians[1]))
    }
}
