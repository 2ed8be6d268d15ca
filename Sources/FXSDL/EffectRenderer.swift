import FXCore

/// The headless path in one call: step an effect to a time and render it.
public struct EffectRenderer {
    public init() {}

    /// The result of a headless render: the world at the requested time and its pixels.
    public struct Frame {
        public var world: World
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
    ///   - size: output pixels; the canvas size when nil.
    public func render(_ effect: Effect, time: Double, seed: UInt64? = nil, stepRate: Double? = nil,
                       size: (width: Int, height: Int)? = nil) throws -> Frame {
        let world = World(effect: effect, seed: seed, stepRate: stepRate)
        world.advance(to: time)
        let pixels = size ?? (Int(effect.canvas.size.width.rounded()), Int(effect.canvas.size.height.rounded()))
        let renderer = try HeadlessRenderer(width: pixels.width, height: pixels.height, canvas: effect.canvas.size)
        let list = DrawList()
        DrawListBuilder().build(world, into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        return Frame(world: world, image: try renderer.render(list))
    }
}

/// Frames of one effect in time order, for recordings: one world stepped forward and one
/// renderer reused, each frame exactly what `EffectRenderer` gives for its time.
public final class FrameSequence {
    public let world: World
    private let renderer: HeadlessRenderer
    private let list = DrawList()
    private let builder = DrawListBuilder()

    public init(effect: Effect, seed: UInt64? = nil, stepRate: Double? = nil, width: Int, height: Int) throws {
        world = World(effect: effect, seed: seed, stepRate: stepRate)
        renderer = try HeadlessRenderer(width: width, height: height, canvas: effect.canvas.size)
    }

    /// The effect at `time` (rounded to the nearest step).
    public func frame(at time: Double) throws -> RGBAImage {
        world.advance(to: time)
        builder.build(world, into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        return try renderer.render(list)
    }
}
