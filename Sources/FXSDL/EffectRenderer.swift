import FXCore

/// The headless path in one call: step an effect to a time and render it.
public struct EffectRenderer {
    /// A renderer; it holds no state, each ``render(_:time:seed:stepRate:size:)`` starting afresh.
    public init() {}

    /// The result of a headless render: the world at the requested time and its pixels.
    public struct Frame {
        /// The simulation, stepped to the rendered time (its particles, tick and budget state).
        public var world: World
        /// The rendered pixels, at the requested output size.
        public var image: RGBAImage

        /// A hash of the pixels (FNV-1a over the RGBA bytes and the size).
        public var imageHash: StateHasher {
            var hasher = StateHasher()
            hasher.combine(UInt64(image.width))
            hasher.combine(UInt64(image.height))
            hasher.combine(image.pixels)
            return hasher
        }
    }

    /// Simulates `effect` from zero to `time` (rounded to the nearest step) and renders it.
    /// - Parameters:
    ///   - effect: the effect to render.
    ///   - time: the effect time, in seconds.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate`.
    ///   - size: output pixels; the canvas size when nil.
    public func render(_ effect: Effect, time: Double, seed: UInt64? = nil, stepRate: Double? = nil,
                       size: (width: Int, height: Int)? = nil) throws -> Frame {
        let sequence = try FrameSequence(effect: effect, seed: seed, stepRate: stepRate, size: size)
        let image = try sequence.frame(at: time)
        return Frame(world: sequence.world, image: image)
    }
}

/// Frames of one effect in time order, for recordings: one world stepped forward and one
/// renderer reused. `EffectRenderer` renders through one, so a recorded frame is exactly what
/// `fx render` gives for its time.
public final class FrameSequence {
    /// The simulation, at the time of the last frame rendered (time 0 before the first).
    public let world: World
    /// The output size in pixels.
    public let width: Int, height: Int
    private let renderer: HeadlessRenderer
    private let list = DrawList()
    private let builder = DrawListBuilder()

    /// - Parameters:
    ///   - effect: the effect to render.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate`.
    ///   - size: output pixels; the canvas size when nil.
    public init(effect: Effect, seed: UInt64? = nil, stepRate: Double? = nil, size: (width: Int, height: Int)? = nil) throws {
        world = World(effect: effect, seed: seed, stepRate: stepRate)
        (width, height) = size ?? effect.canvas.size.wholePixels
        renderer = try HeadlessRenderer(width: width, height: height, canvas: effect.canvas.size)
    }

    /// The effect at `time` (rounded to the nearest step).
    public func frame(at time: Double) throws -> RGBAImage {
        world.advance(to: time)
        builder.build(world, into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        return try renderer.render(list)
    }
}
