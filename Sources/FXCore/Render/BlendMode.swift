/// How a batch is composited onto what is below it.
public enum BlendMode: Sendable, Equatable {
    /// Source-over with straight alpha.
    case normal
    /// Adds the source (times its alpha) to the destination.
    case additive
    /// Screen: the result is 1 − (1 − source)(1 − destination) per channel, the source
    /// weighted by its alpha (`CALayer.compositingFilter` `screenBlendMode`).
    case screen
    /// Multiply: the result is source × destination per channel, the source weighted by its
    /// alpha: destination × (1 − alpha + alpha × source) (`multiplyBlendMode`).
    case multiply
}
