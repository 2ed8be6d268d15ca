/// How a batch is composited onto what is below it.
public enum BlendMode: Sendable, Equatable {
    /// Source-over with straight alpha.
    case normal
    /// Adds the source (times its alpha) to the destination.
    case additive
}
