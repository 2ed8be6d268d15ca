/// One property of the effect format, as the ``PropertyRegistry`` declares it: its key, what
/// has it, how its value is written, its range, unit and default, what it means, the Core
/// Animation property it mirrors, and whether it animates. The decoder, key paths,
/// `setValue(_:forKeyPath:)`, the JSON Schema and the documentation's key tables all read it
/// here, so a key is declared once (Godot's parameter table is the model).
public struct PropertyDescriptor: Sendable, CustomStringConvertible {
    /// The key in the file and in key paths (`birthRate`, `instanceCount`).
    public let name: String
    /// What has the property: a layer, a kind of layer, an emitter cell, an animation, …
    public let owner: PropertyOwner
    /// How the value is written in a file.
    public let form: PropertyForm
    /// The values a file may hold (numbers only); animated and run-time values are clamped
    /// to it.
    public let range: PropertyRange
    /// The unit of a number, in words (`"s"`, `"pt/s"`, `"rad/s"`), or nil.
    public let unit: String?
    /// What the property means, in one line (the documentation's and the schema's text).
    public let summary: String
    /// The Core Animation property it mirrors (`CAEmitterCell.birthRate`); nil for fx's own
    /// keys (see ``isExtension``).
    public let coreAnimationName: String?
    /// Whether animations and `setValue(_:forKeyPath:)` can change it while the effect runs.
    public let isAnimatable: Bool
    /// Whether a change of it changes how many particles are born (a `birthRate`, a cell's
    /// `enabled`): the simulation integrates such animations over each step.
    public let changesBirthRate: Bool
    /// The default in words, for properties whose default is not a value of their model
    /// ("the file name", "none").
    let defaultText: String?
    let access: PropertyAccess

    init(_ name: String, _ owner: PropertyOwner, _ form: PropertyForm, range: PropertyRange = .any, unit: String? = nil,
         coreAnimation: String? = nil, animatable: Bool = false, changesBirthRate: Bool = false,
         default defaultText: String? = nil, access: PropertyAccess = .decodedApart, _ summary: String) {
        self.name = name
        self.owner = owner
        self.form = form
        self.range = range
        self.unit = unit
        self.summary = summary
        self.coreAnimationName = coreAnimation
        self.isAnimatable = animatable
        self.changesBirthRate = changesBirthRate
        self.defaultText = defaultText
        self.access = access
    }

    /// Whether the key is fx's own, not Core Animation's.
    public var isExtension: Bool { coreAnimationName == nil }

    /// The kind of value key paths to it hold; nil for forms that are not values (lists of
    /// cells, names, structures).
    public var kind: ValueKind? { form.valueKind }

    /// The model's default value, for a property the model holds (nil for the others).
    public var defaultValue: AnimatableValue? {
        switch access {
        case .layer(let accessor): return accessor.read(Layer(type: owner.layerType ?? .layer))
        case .cell(let accessor): return accessor.read(EmitterCell())
        case .decodedApart: return nil
        }
    }

    /// The default as the documentation shows it.
    public var defaultDescription: String {
        if let defaultText { return defaultText }
        guard let value = defaultValue else { return "—" }
        return value.documentationText
    }

    public var description: String { "\(owner.rawValue).\(name)" }
}

extension PropertyDescriptor: Equatable {
    /// Two descriptors are the same property when they have the same key and owner.
    public static func == (lhs: PropertyDescriptor, rhs: PropertyDescriptor) -> Bool {
        lhs.name == rhs.name && lhs.owner == rhs.owner
    }
}

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
    static func animation(_ type: Animation.AnimationType) -> PropertyOwner {
        switch type {
        case .basic: return .basicAnimation
        case .keyframe: return .keyframeAnimation
        case .spring: return .springAnimation
        case .group: return .groupAnimation
        }
    }
}

/// How a property's value is written in an effect file.
public enum PropertyForm: Sendable, Equatable {
    /// A JSON number.
    case number
    /// Radians, or a string such as `"90deg"`, `"1.2rad"`, `"0.25turn"`.
    case angle
    /// A whole number.
    case integer
    /// `true` or `false`.
    case boolean
    /// A string.
    case string
    /// One of the listed names.
    case enumeration([String])
    /// A color: `"#rrggbb"`, a CSS name, or `[r, g, b(, a)]` in 0…1.
    case color
    /// `[x, y]`.
    case point
    /// `[width, height]`.
    case size
    /// `[x, y, width, height]`.
    case rect
    /// A size `[width, height]` or a rect `[x, y, width, height]`.
    case bounds
    /// A list of transform operations.
    case transform
    /// A list of colors.
    case colors
    /// A list of numbers.
    case numbers
    /// SVG path data or a circle, rect or ellipse helper.
    case path
    /// A number of repeats, or `"infinity"`.
    case repeatCount
    /// A named timing function or `[c1x, c1y, c2x, c2y]`.
    case timingFunction
    /// A value of the animated key path's kind.
    case keyPathValue
    /// An object or list with keys of its own (`emitterCells`, `colorOverLife`, …).
    case structure

    /// The value kind a key path to a property of this form holds.
    public var valueKind: ValueKind? {
        switch self {
        case .number, .angle, .integer: return .number
        case .boolean: return .bool
        case .color: return .color
        case .point: return .point
        case .size: return .size
        case .rect, .bounds: return .rect
        case .transform: return .transform
        case .colors: return .colors
        case .numbers: return .numbers
        case .path: return .path
        case .string, .enumeration, .repeatCount, .timingFunction, .keyPathValue, .structure: return nil
        }
    }
}

/// The numbers a property may hold.
public enum PropertyRange: Sendable, Equatable {
    /// Any finite number (within ±1e9).
    case any
    /// 0 or more.
    case nonNegative
    /// More than 0.
    case positive
    /// 0…1.
    case unit
    /// Between the two bounds, inclusive.
    case closed(Double, Double)

    /// Whether `value` is allowed.
    public func contains(_ value: Double) -> Bool {
        switch self {
        case .any: return true
        case .nonNegative: return value >= 0
        case .positive: return value > 0
        case .unit: return (0...1).contains(value)
        case .closed(let low, let high): return (low...high).contains(value)
        }
    }

    /// `value` moved into the range: what an animation or a run-time change that passes
    /// beyond it sets. A positive property is held at 0.001 at least.
    public func clamp(_ value: Double) -> Double {
        switch self {
        case .any: return value
        case .nonNegative: return max(0, value)
        case .positive: return max(1e-3, value)
        case .unit: return min(max(value, 0), 1)
        case .closed(let low, let high): return min(max(value, low), high)
        }
    }

    /// What `value` fails to be, in words ("0 or more", "at most 10000000"), for run-time errors.
    public func requirement(brokenBy value: Double) -> String {
        switch self {
        case .any: return "a number"
        case .nonNegative: return "0 or more"
        case .positive: return "more than 0"
        case .unit: return "within 0…1"
        case .closed(let low, _) where value < low: return low == 0 ? "0 or more" : "at least \(format(low))"
        case .closed(_, let high): return "at most \(format(high))"
        }
    }

    /// The range in words ("a number ≥ 0"), for error messages.
    public var phrase: String {
        switch self {
        case .any: return "a number"
        case .nonNegative: return "a number ≥ 0"
        case .positive: return "a number > 0"
        case .unit: return "a number in 0…1"
        case .closed(let low, let high): return "a number in \(format(low))…\(format(high))"
        }
    }
}

extension AnimatableValue {
    /// The value as the documentation's key tables write a default.
    var documentationText: String {
        func list(_ numbers: [Double]) -> String { "[" + numbers.map { format($0) }.joined(separator: ", ") + "]" }
        switch self {
        case .number(let n): return format(n)
        case .bool(let flag): return flag ? "`true`" : "`false`"
        case .point(let p): return list([p.x, p.y])
        case .size(let s): return list([s.width, s.height])
        case .rect(let r): return list([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c):
            if c == .white { return "opaque white" }
            if c == .black { return "opaque black" }
            if c.alpha == 0 { return "clear" }
            return list([c.red, c.green, c.blue, c.alpha])
        case .transform(let t): return t == .identity ? "none" : "a transform"
        case .numbers(let n): return n.isEmpty ? "`[]`" : list(n)
        case .colors(let c): return c.isEmpty ? "`[]`" : "\(c.count) colors"
        case .path(let p): return p.elements.isEmpty ? "none" : "a path"
        }
    }
}

extension PropertyDescriptor {
    /// `value` with its numbers moved into the property's range (a size's sides too, for a
    /// non-negative size): what an animation or a run-time change writes.
    func clamped(_ value: AnimatableValue) -> AnimatableValue {
        switch value {
        case .number(let n): return .number(range.clamp(n))
        case .size(let s) where range != .any: return .size(Size(width: range.clamp(s.width), height: range.clamp(s.height)))
        default: return value
        }
    }

    /// The property's value on `layer` (its default when the layer lacks the part holding it).
    func value(on layer: Layer) -> AnimatableValue? {
        guard case .layer(let accessor) = access else { return nil }
        return accessor.read(layer)
    }

    /// Sets the property on `layer`, clamped into its range; a value of another kind is ignored.
    func set(_ value: AnimatableValue, on layer: inout Layer) {
        guard case .layer(let accessor) = access else { return }
        accessor.write(&layer, clamped(value))
    }

    /// The property's value on `cell`.
    func value(on cell: EmitterCell) -> AnimatableValue? {
        guard case .cell(let accessor) = access else { return nil }
        return accessor.read(cell)
    }

    /// Sets the property on `cell`, clamped into its range; a value of another kind is ignored.
    func set(_ value: AnimatableValue, on cell: inout EmitterCell) {
        guard case .cell(let accessor) = access else { return }
        accessor.write(&cell, clamped(value))
    }
}
