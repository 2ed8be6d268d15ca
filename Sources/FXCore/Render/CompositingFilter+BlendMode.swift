extension CompositingFilter {
    /// The blend mode the draw list gives the layer's batches.
    public var blendMode: BlendMode {
        switch self {
        case .screenBlendMode: return .screen
        case .multiplyBlendMode: return .multiply
        }
    }
}
