import FXCore

/// The headless path in one call: take an effect to a time (an `EffectPlayer` seeking to it) and
/// render it.
public struct EffectRenderer {
    /// A renderer; it holds no state, each ``render(_:time:seed:stepRate:size:)`` starting afresh.
    public init() {}

    /// The result of a headless render: the world at the requested time and its pixels.
    public struct Frame {
        /// The simulation at the rendered time (its particles, tick and budget state).
        public var world: World
        /// The rendered pixels, at the requested output size.
        public var image: RGBAImage

        /// The frame of `world` drawn as `image` (a ``FrameSequence``'s frame, for one).
        public init(world: World, image: RGBAImage) {
            self.world = world
            self.image = image
        }

        /// A hash of the pixels (FNV-1a over the RGBA bytes and the size).
        public var imageHash: StateHasher {
            var hasher = StateHasher()
            hasher.combine(UInt64(image.width))
            hasher.combine(UInt64(image.height))
            hasher.combine(image.pixels)
            return hasher
        }
    }

    /// Plays `effect` from zero to `time` (rounded to the nearest step) and renders it.
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
