/// One Core Animation object of an export — a layer, an emitter cell, an animation — with its
/// properties as Core Animation names them and its children: the tree the builder makes from
/// an effect and every writer (Swift, Objective-C, CAML) prints.
public struct CoreAnimationObject: Sendable {
    /// The class (`CALayer`, `CAEmitterLayer`, `CAEmitterCell`, `CABasicAnimation`).
    public var className: String
    /// A unique identifier for code (`rootLayer`, `confettiLayer`, `redCell`, `fadeAnimation`).
    public var variableName: String
    /// The properties fx sets, in the order the registry lists them, each only when it differs
    /// from Core Animation's default.
    public var properties: [CoreAnimationProperty]
    /// `sublayers` (layers), `emitterCells` (cells), `animations` (a group's children).
    public var children: [CoreAnimationRelation: [CoreAnimationObject]]
    /// The layer's `mask`.
    public var mask: [CoreAnimationObject]
    /// The animations added with `add(_:forKey:)`, by key, in order.
    public var animations: [(key: String, animation: CoreAnimationObject)]
    /// Notes for a reader of the code where fx's model needed a choice (one line each).
    public var comments: [String]

    /// An object of `className` with nothing set.
    public init(className: String, variableName: String) {
        self.className = className
        self.variableName = variableName
        properties = []
        children = [:]
        mask = []
        animations = []
        comments = []
    }

    /// The property `name` (its KVC name), or nil.
    public func property(_ name: String) -> CoreAnimationProperty? {
        properties.first { $0.name == name }
    }

    /// The children of `relation`, in order (empty when it has none).
    public func children(_ relation: CoreAnimationRelation) -> [CoreAnimationObject] {
        children[relation] ?? []
    }
}

/// A list of child objects a Core Animation object holds.
public enum CoreAnimationRelation: String, Sendable, CaseIterable {
    /// `CALayer.sublayers`.
    case sublayers
    /// `CAEmitterLayer.emitterCells`, `CAEmitterCell.emitterCells`.
    case emitterCells
    /// `CAAnimationGroup.animations`.
    case animations
    /// `CAEmitterLayer.emitterBehaviors`, `CAEmitterCell.emitterBehaviors` (CAML only: the
    /// class is not public API in code).
    case emitterBehaviors
}

/// One property set on a Core Animation object.
public struct CoreAnimationProperty: Sendable {
    /// Its key-value-coding name, as Objective-C and CAML write it (`hidden`, `enabled`,
    /// `type`, `removedOnCompletion`).
    public var name: String
    /// Its Swift name (`isHidden`, `isEnabled`, `type`, `isRemovedOnCompletion`).
    public var swiftName: String
    /// The value.
    public var value: CoreAnimationValue
    /// A note for a reader (why the value differs from the effect file's), or nil.
    public var comment: String?

    /// A property.
    public init(name: String, swiftName: String? = nil, value: CoreAnimationValue, comment: String? = nil) {
        self.name = name
        self.swiftName = swiftName ?? name
        self.value = value
        self.comment = comment
    }
}
