/// An effect's reduced-motion variant (an fx key, `reducedMotion`): what to show people who
/// ask for less motion — fewer particles, slower, or a still frame. Chosen with
/// `--reduced-motion` or the environment setting `FX_REDUCED_MOTION=1`.
public struct ReducedMotion: Sendable, Equatable {
    /// Multiplies every emitter layer's birth rate.
    public var birthRate: Double = 1
    /// Multiplies the speed of every top-level layer (and so of everything in the effect).
    public var speed: Double = 1
    /// Show one still frame (the effect's representative moment) instead of motion.
    public var still = false

    /// A variant that changes nothing: birth rate and speed 1, not still.
    public init() {}

    /// Whether the environment asks for reduced motion.
    public static func isRequested(by environment: [String: String]) -> Bool {
        guard let value = environment["FX_REDUCED_MOTION"]?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }
}

extension Effect {
    /// The effect as its reduced-motion variant shows it (unchanged when it declares none).
    public func applyingReducedMotion() -> Effect {
        guard let variant = reducedMotion else { return self }
        var result = self
        func adjust(_ layers: inout [Layer], topLevel: Bool) {
            for index in layers.indices {
                if topLevel { layers[index].timing.speed *= variant.speed }
                layers[index].emitter?.birthRate *= variant.birthRate
                adjust(&layers[index].sublayers, topLevel: false)
            }
        }
        adjust(&result.layers, topLevel: true)
        return result
    }
}
