/// What has a property.
public enum PropertyOwner: String, CaseIterable, Sendable {
    /// The effect file's top level.
    case effect
    /// Every layer (`CALayer`).
    case layer
    /// Layers, emitter cells and animations alike (`CAMediaTiming`).
    case mediaTiming
    /// An emitter layer (`CAEmitterLayer`).
    case emitterLayer
    /// An emitter cell (`CAEmitterCell`), with fx's extensions.
    case emitterCell
    /// A replicator layer (`CAReplicatorLayer`).
    case replicatorLayer
    /// A gradient layer (`CAGradientLayer`).
    case gradientLayer
    /// A shape layer (`CAShapeLayer`).
    case shapeLayer
    /// A text layer (`CATextLayer`).
    case textLayer
    /// An image layer (a `CALayer` with `contents`).
    case imageLayer
    /// Every animation (`CAAnimation`, `CAPropertyAnimation`).
    case animation
    /// A basic animation (`CABasicAnimation`).
    case basicAnimation
    /// A keyframe animation (`CAKeyframeAnimation`).
    case keyframeAnimation
    /// A spring animation (`CASpringAnimation`).
    case springAnimation
    /// An animation group (`CAAnimationGroup`).
    case groupAnimation
    /// A transition animation (`CATransition`).
    case transitionAnimation

    /// The owner of the properties only layers of `type` have (nil for plain layers).
    public static func layer(_ type: Layer.LayerType) -> PropertyOwner? {
        switch type {
        case .layer: return nil
        case .emitter: return .emitterLayer
        case .replicator: return .replicatorLayer
        case .gradient: return .gradientLayer
        case .shape: return .shapeLayer
        case .text: return .textLayer
        case .image: return .imageLayer
        }
    }

    /// The layer type whose properties these are.
    var layerType: Layer.LayerType? {
        Layer.LayerType.allCases.first { PropertyOwner.layer($0) == self }
    }

    /// The owner of the properties only animations of `type` have.
    public static func animation(_ type: Animation.AnimationType) -> PropertyOwner {
        switch type {
        case .basic: return .basicAnimation
        case .keyframe: return .keyframeAnimation
        case .spring: return .springAnimation
        case .group: return .groupAnimation
        case .transition: return .transitionAnimation
        }
    }
}
