/// Every key of the effect format, declared once, as a ``PropertyDescriptor``: name, owner,
/// form, typed range and default, unit, meaning, the Core Animation property it mirrors,
/// whether it animates, and where the model keeps it. The decoder reads a file's keys through
/// it; key paths, `setValue`, the JSON Schema, `fx validate`, the panel, the importers and the
/// documentation's key tables are made from it.
///
/// The descriptors themselves are static properties of the key namespaces (``EmitterCellKeys``,
/// ``LayerKeys``, …): Core Animation's keys in the registry's files, each particle behaviour's in
/// its own file. This type lists them, in the order the documentation shows them.
public enum PropertyRegistry {
    /// Every property, in the order the documentation lists them.
    public static let all: [PropertyDescriptor] = effect + layer + mediaTiming + emitterLayer + emitterCell
        + replicatorLayer + gradientLayer + shapeLayer + textLayer + imageLayer + animation

    /// The properties of `owner`, in order.
    public static func properties(of owner: PropertyOwner) -> [PropertyDescriptor] {
        byOwner[owner] ?? []
    }

    /// The property `name` of `owner`, or nil.
    public static func property(_ name: String, of owner: PropertyOwner) -> PropertyDescriptor? {
        byOwnerAndName[owner]?[name]
    }

    /// The keys `owner`'s objects accept, in order.
    public static func keys(of owners: PropertyOwner...) -> [String] {
        owners.flatMap { properties(of: $0).map(\.name) }
    }

    /// The properties a layer of `type` has: every layer's, then its type's.
    public static func layerProperties(for type: Layer.LayerType) -> [PropertyDescriptor] {
        properties(of: .layer) + (PropertyOwner.layer(type).map(properties(of:)) ?? [])
    }

    /// The property of `owners` that mirrors Core Animation's `name` (`birthRate` for
    /// `CAEmitterCell.birthRate`, `isHidden` → `hidden`), by the last part of its Core
    /// Animation name; nil when none does.
    public static func property(mirroring name: String, among owners: [PropertyOwner]) -> PropertyDescriptor? {
        for owner in owners {
            if let property = byCoreAnimationName[owner]?[name] { return property }
        }
        return nil
    }

    private static let byOwner: [PropertyOwner: [PropertyDescriptor]] = Dictionary(grouping: all, by: \.owner)
    private static let byOwnerAndName: [PropertyOwner: [String: PropertyDescriptor]] = byOwner.mapValues { list in
        Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
    private static let byCoreAnimationName: [PropertyOwner: [String: PropertyDescriptor]] = byOwner.mapValues { list in
        Dictionary(list.compactMap { property in
            property.coreAnimationName.flatMap { $0.split(separator: ".").last }.map { (String($0), property) }
        }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - The lists, by owner

    static let effect = EffectKeys.all
    static let layer = LayerKeys.all
    static let mediaTiming = MediaTimingKeys.all
    static let emitterLayer = EmitterLayerKeys.coreAnimation + behaviorKeys(of: .emitterLayer) + EmissionShape.properties
        + [EmitterLayerKeys.maxParticles, EmitterLayerKeys.compositingFilter, EmitterLayerKeys.emitterBehaviors]
    static let emitterCell = EmitterCellKeys.coreAnimation + ForceStep.properties + behaviorKeys(of: .emitterCell)
        + [EmitterCellKeys.spriteFrames] + BurstSchedule.properties + [EmitterCellKeys.emitOn, EmitterCellKeys.flutter]
        + [EmitterCellKeys.contentsFrameCount, EmitterCellKeys.contentsFramesPerRow, EmitterCellKeys.contentsFramesPerSecond,
           EmitterCellKeys.contentsFrameMode, EmitterCellKeys.particleType, EmitterCellKeys.emitterBehaviors]

    /// The keys of the particle behaviours (``ParticleBehaviors/catalog``) that `owner` has (a
    /// cell's, or a layer's that acts on every cell): a behaviour's keys are listed by adding it
    /// to the catalog.
    private static func behaviorKeys(of owner: PropertyOwner) -> [PropertyDescriptor] {
        ParticleBehaviors.properties.filter { $0.owner == owner }
    }
    static let replicatorLayer = ReplicatorLayerKeys.all
    static let gradientLayer = GradientLayerKeys.all
    static let shapeLayer = ShapeLayerKeys.all
    static let textLayer = TextLayerKeys.all
    static let imageLayer = ImageLayerKeys.all
    static let animation = AnimationKeys.all + BasicAnimationKeys.all + KeyframeAnimationKeys.all + SpringAnimationKeys.all
        + GroupAnimationKeys.all + TransitionAnimationKeys.all
}
