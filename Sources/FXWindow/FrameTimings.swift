import Foundation

/// What a window's frames cost, averaged over a measured run (``WindowPlayer/Options/measuresFrames``):
/// frames per second and the split of a frame into its four parts, as the HUD shows them.
///
/// - simulate: the fixed steps the frame's real time made due (several per frame below the
///   step rate),
/// - build: filling the draw list from the particles and layers,
/// - submit: handing the draw list's triangles to the SDL renderer (which queues them),
/// - present: everything drawn over it (HUD, panel), then `SDL_RenderPresent` — where SDL
///   sends its queued commands to the GPU driver and swaps; with a software GL (Mesa's
///   llvmpipe under Xvfb) the triangles are rasterized here.
public struct FrameTimings: Equatable, Sendable {
    /// Frames measured (the first second of the run is left out: textures load, caches fill).
    public var frames: Int
    /// Real seconds those frames took.
    public var seconds: Double
    /// Live particles per frame, averaged.
    public var particles: Double
    /// Milliseconds per frame stepping the simulation.
    public var simulateMilliseconds: Double
    /// Milliseconds per frame building the draw list.
    public var buildMilliseconds: Double
    /// Milliseconds per frame handing the draw list to the SDL renderer.
    public var submitMilliseconds: Double
    /// Milliseconds per frame drawing the overlays and presenting (the GPU driver's work).
    public var presentMilliseconds: Double
    /// The SDL renderer that presented (`opengl`, `opengles2`, `software`, …).
    public var renderer: String
    /// What drew the effect: `fx` (fx's rasterizer into one texture, the window's path without
    /// a GPU) or `sdl` (the draw list's triangles handed to ``renderer``).
    public var drawing: String
    /// The drawable's width in pixels.
    public var width: Int
    /// The drawable's height in pixels.
    public var height: Int

    /// Timings as measured; see the properties.
    public init(frames: Int, seconds: Double, particles: Double, simulateMilliseconds: Double, buildMilliseconds: Double,
                submitMilliseconds: Double, presentMilliseconds: Double, renderer: String, drawing: String = "sdl",
                width: Int, height: Int) {
        self.frames = frames
        self.seconds = seconds
        self.particles = particles
        self.simulateMilliseconds = simulateMilliseconds
        self.buildMilliseconds = buildMilliseconds
        self.submitMilliseconds = submitMilliseconds
        self.presentMilliseconds = presentMilliseconds
        self.renderer = renderer
        self.drawing = drawing
        self.width = width
        self.height = height
    }

    /// Frames per second over the measured run.
    public var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }

    /// The timings as `fx bench`'s figure lines, `name key=value … number unit`
    /// (`window_fps program=fx particles=100000 width=1280 height=720 renderer=opengl drawing=fx frames=412 24.32 fps`),
    /// which `fx play --measure` prints and Benchmarks/window-vs-love.sh collects.
    public var figureLines: [String] {
        let parameters = String(format: "program=fx particles=%.0f width=%d height=%d renderer=%@ drawing=%@ frames=%d", particles, width,
                                height, renderer, drawing, frames)
        return [String(format: "window_fps %@ %.2f fps", parameters, framesPerSecond)]
            + [("simulate", simulateMilliseconds), ("build", buildMilliseconds), ("submit", submitMilliseconds),
               ("present", presentMilliseconds)].map { String(format: "window_%@_ms %@ %.2f ms", $0.0, parameters, $0.1) }
    }
}
