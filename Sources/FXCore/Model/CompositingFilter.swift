/// How an emitter layer's particles composite onto what is below them, by Core Animation's
/// `CALayer.compositingFilter` names (the `compositingFilter` key). Absent, the layer's
/// `renderMode` decides (source-over, or added for `additive`).
public enum CompositingFilter: String, CaseIterable, Sendable {
    /// Screen: 1 − (1 − source)(1 − destination), weighted by the source's alpha; it only
    /// lightens.
    case screenBlendMode
    /// Multiply: source × destination, weighted by the source's alpha; it only darkens.
    case multiplyBlendMode

    /// The blend mode the draw list gives the layer's batches.
    public var blendMode: BlendMode {
        switch self {
        case .screenBlendMode: return .screen
        case .multiplyBlendMode: return .multiply
        }
    }
}

extension CompositingFilter {
    /// The emitter layer's `compositingFilter` (fx extension on an emitter layer, with Core
    /// Animation's names), as the property registry lists it.
    static let property = PropertyDescriptor(
        "compositingFilter", .emitterLayer, .enumeration(CompositingFilter.allCases.map(\.rawValue)),
        coreAnimation: "CALayer.compositingFilter", default: "none: as `renderMode` says",
        access: PropertyRegistry.on(ChoiceAccessor<EmitterProperties>(
            read: { $0.compositingFilter?.rawValue ?? "" },
            write: { emitter, name in
                guard let filter = CompositingFilter(rawValue: name) else { return false }
                emitter.compositingFilter = filter
                return true
            }), in: \.emitter, fallback: EmitterProperties()),
        "how the layer's particles composite onto what is below: `screenBlendMode` (1 − (1 − s)(1 − d), lightening) or `multiplyBlendMode` (s × d, darkening), each weighted by the particle's alpha; it overrides `renderMode`'s `additive` (the drawing order still follows `renderMode`)")
}
