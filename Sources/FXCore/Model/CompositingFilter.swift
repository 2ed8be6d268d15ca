/// How an emitter layer's particles composite onto what is below them, by Core Animation's
/// `CALayer.compositingFilter` names (the `compositingFilter` key). Absent, the layer's
/// `renderMode` decides (source-over, or added for `additive`).
public enum CompositingFilter: String, CaseIterable, Sendable {
    /// Screen: 1 − (1 − source)(1 − destination), weighted by the source's alpha; it only
    /// lightens.
    case screenBlendMode
    /// Multiply: source × destination, weighted by the source's alpha; it only darkens.
    case multiplyBlendMode
}

extension EmitterLayerKeys {
    /// The `compositingFilter` key: how the layer's particles composite onto what is below: `screenBlendMode` (1 − (1 −
    /// s)(1 − d), lightening) or `multiplyBlendMode` (s × d, darkening), each weighted by the particle's alpha; it
    /// overrides `renderMode`'s `additive` (the drawing order still follows `renderMode`).
    public static let compositingFilter = PropertyDescriptor(
        "compositingFilter", .emitterLayer, .cases(of: CompositingFilter.self), coreAnimation: "CALayer.compositingFilter",
        default: .none("none: as `renderMode` says"), access: .choice(.optional(\EmitterProperties.compositingFilter)),
        "how the layer's particles composite onto what is below: `screenBlendMode` (1 − (1 − s)(1 − d), lightening) or `multiplyBlendMode` (s × d, darkening), each weighted by the particle's alpha; it overrides `renderMode`'s `additive` (the drawing order still follows `renderMode`)")
}
