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
    /// For a string: the most characters a file may write, counted as JSON Schema's
    /// `maxLength` counts them (Unicode scalars: an accented letter written as a letter and a
    /// combining mark is two); longer is a load error. Nil: no limit but the file's size.
    public let maxLength: Int?
    /// The unit of a number, in words (`"s"`, `"pt/s"`, `"rad/s"`), or nil.
    public let unit: String?
    /// What the property means, in one line (the documentation's and the schema's text).
    public let summary: String
    /// The Core Animation property it mirrors (`CAEmitterCell.birthRate`); nil for fx's own
    /// keys (see ``isExtension``).
    public let coreAnimationName: String?
    /// The name of the Core Animation property it mirrors, as code writes it (`isEnabled` for
    /// `CAEmitterCell.isEnabled`, `birthRate`); nil for fx's own keys.
    public var coreAnimationProperty: String? {
        coreAnimationName.flatMap { $0.split(separator: ".").last.map(String.init) }
    }
    /// Whether animations and `setValue(_:forKeyPath:)` can change it while the effect runs.
    public let isAnimatable: Bool
    /// Whether a change of it changes how many particles are born (a `birthRate`, a cell's
    /// `enabled`): the simulation integrates such animations over each step.
    public let changesBirthRate: Bool
    /// The key of the range each particle's value is drawn from around this mean
    /// (`lifetimeRange` for `lifetime`, `emissionRange` for `emissionLongitude`), or nil.
    public let spreadKey: String?
    /// What the property is when a file does not write it: a typed value (the model's, or its
    /// own), an absence with a meaning, a value computed from other keys, or none (required).
    public let `default`: PropertyDefault
    /// Whether the key is fx's own, not Core Animation's. A layer's `type` and `animations`
    /// have no Core Animation property, but stand for its layer classes and `add(_:forKey:)`:
    /// they are not extensions.
    public let isExtension: Bool
    let access: PropertyAccess
    /// For a structured key (form ``PropertyForm/structure``) declared member by member: the
    /// keys of its object, each with its own form, range, unit, default and meaning (the panel
    /// edits them, the schema types them). Empty for other keys.
    public let members: [PropertyDescriptor]
    /// Whether the structured key holds a list of such objects, each with a `name` member (an
    /// emitter's `fields`, `colliders`) rather than one object (a cell's `turbulence`).
    public let isListOfObjects: Bool
    /// For a member of a structured key: whether a file must write it (a field's `name` and
    /// `type`): the schema requires it, and an editor's new object has it.
    public let isRequired: Bool
    /// Values a file might write, as JSON text (`"[400, 300]"`, `"\"circle\""`): the JSON
    /// Schema's `examples`, which editors offer on hover and completion. Empty: the schema
    /// derives examples from the form, range, unit and default.
    public let examples: [String]

    init(_ name: String, _ owner: PropertyOwner, _ form: PropertyForm, range: PropertyRange = .any, maxLength: Int? = nil,
         unit: String? = nil, coreAnimation: String? = nil, extension isExtension: Bool? = nil, animatable: Bool = false, changesBirthRate: Bool = false,
         spread spreadKey: String? = nil, default: PropertyDefault = .model, access: PropertyAccess = .decodedApart,
         members: [PropertyDescriptor] = [], isListOfObjects: Bool = false, required isRequired: Bool = false,
         examples: [String] = [], _ summary: String) {
        self.name = name
        self.owner = owner
        self.form = form
        self.range = range
        self.maxLength = maxLength
        self.unit = unit
        self.summary = summary
        self.coreAnimationName = coreAnimation
        self.isAnimatable = animatable
        self.changesBirthRate = changesBirthRate
        self.spreadKey = spreadKey
        self.default = `default`
        self.isExtension = isExtension ?? (coreAnimation == nil)
        self.access = access
        self.members = members
        self.isListOfObjects = isListOfObjects
        self.isRequired = isRequired
        self.examples = examples
    }

    /// A key declared outside the registry, which no model accessor reads: a structured key
    /// and its members as a tool describes JSON of its own, or as a test describes one (the
    /// panel's structure editor is driven by such declarations). The format's keys are the
    /// registry's; the decoder knows no other.
    public init(declaring name: String, _ owner: PropertyOwner, _ form: PropertyForm, range: PropertyRange = .any,
                unit: String? = nil, default: PropertyDefault, members: [PropertyDescriptor] = [],
                isListOfObjects: Bool = false, required isRequired: Bool = false, examples: [String] = [], _ summary: String) {
        self.init(name, owner, form, range: range, unit: unit, default: `default`, members: members,
                  isListOfObjects: isListOfObjects, required: isRequired, examples: examples, summary)
    }

    /// The member that names each element of a list of objects (a field's, a collider's), which
    /// key paths find elements by (`fields.NAME.strength`): the convention of every named list of
    /// the format.
    public static let elementName = "name"
    /// The member that says which kind each element of a list of objects is (a field's
    /// `attractor`, a collider's `line`).
    public static let elementType = "type"

    /// The member `name` of a structured key, or nil.
    public func member(_ name: String) -> PropertyDescriptor? {
        members.first { $0.name == name }
    }

    /// The kind of value key paths to it hold; nil for forms that are not values (lists of
    /// cells, names, structures).
    public var kind: ValueKind? { form.valueKind }

    /// The default as a typed value: the model's own (``PropertyDefault/model``) or the one
    /// the property declares; nil for a default that is a name, an absence, a computation, or
    /// none.
    public var defaultValue: AnimatableValue? {
        switch self.default {
        case .model: return access.unwrittenValue
        case .value(let value): return value
        case .choice, .empty, .none, .derived, .required: return nil
        }
    }

    /// The default of an enumeration or a string: the model's own name or the one the
    /// property declares; nil for other defaults.
    public var defaultChoice: String? {
        switch self.default {
        case .model: return access.unwrittenChoice
        case .choice(let name): return name
        case .value, .empty, .none, .derived, .required: return nil
        }
    }

    /// The default as the documentation shows it.
    public var defaultDescription: String {
        switch self.default {
        case .model, .value, .choice:
            if let value = defaultValue { return value.documentationText }
            if let name = defaultChoice { return form == .string ? "`\"\(name)\"`" : "`\(name)`" }
            return "—"
        case .empty(let text): return "`\(text)`"
        case .none(let meaning), .derived(let meaning): return meaning
        case .required: return "—"
        }
    }

    public var description: String { "\(owner.rawValue).\(name)" }
}

extension PropertyDescriptor: Equatable {
    /// Two descriptors are the same property when they have the same key and owner.
    public static func == (lhs: PropertyDescriptor, rhs: PropertyDescriptor) -> Bool {
        lhs.name == rhs.name && lhs.owner == rhs.owner
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

    /// The property's value on `model` — a layer (its default when the layer lacks the part
    /// holding it), a cell, a force field, an effect, a structure — or nil for a property that
    /// `model`'s type does not hold as a value.
    public func value<Model>(on model: Model) -> AnimatableValue? {
        access.values(of: Model.self)?.read(model)
    }

    /// Whether `model` holds a value of the property: false for an optional one that is absent
    /// (an `endColor` not written), or for a property `model`'s type does not hold.
    public func isSet<Model>(on model: Model) -> Bool {
        if let accessor = access.values(of: Model.self) { return accessor.isSet(model) }
        if let accessor = access.choices(of: Model.self) { return accessor.isSet(model) }
        return false
    }

    /// Sets the property on `model`, clamped into its range; a value of another kind, or for a
    /// property `model`'s type does not hold, is ignored.
    func set<Model>(_ value: AnimatableValue, on model: inout Model) {
        access.values(of: Model.self)?.write(&model, clamped(value))
    }

    /// The property's name on `model` (an enumeration's case, a string); nil for a property
    /// that `model`'s type does not hold by name.
    public func choice<Model>(on model: Model) -> String? {
        access.choices(of: Model.self)?.read(model)
    }

    /// Sets a property held by name on `model`; false when the name is not one of its values
    /// (or the property is not one `model`'s type holds by name).
    @discardableResult
    func setChoice<Model>(_ name: String, on model: inout Model) -> Bool {
        access.choices(of: Model.self)?.write(&model, name) ?? false
    }
}

extension PropertyDescriptor {
    /// A cell key that a particle behaviour declares in its own file, with its typed default:
    /// kept in the cell's ``CellExtensions/behaviorValues`` under its name, so that a key added
    /// with its behaviour needs no field in the model. The decoder, `setValue(_:forKeyPath:)`
    /// (when `animatable`), the schema, the documentation's tables and the panel read it as
    /// they read every registered key.
    init(behaviorKey name: String, _ form: PropertyForm, range: PropertyRange = .any, unit: String? = nil,
         animatable: Bool = false, default value: AnimatableValue, _ summary: String) {
        self.init(name, .emitterCell, form, range: range, unit: unit, animatable: animatable, default: .value(value),
                  access: .value(PropertyAccessor<EmitterCell>.keyed(name, in: \.extensions.behaviorValues, fallback: value)), summary)
    }

    /// The property's number on `model`; 0 for a property that is not a number there.
    func number<Model>(on model: Model) -> Double {
        if case .number(let number)? = value(on: model) { return number }
        return 0
    }

    /// The property's flag on `model`; false for a property that is not a flag there.
    func bool<Model>(on model: Model) -> Bool {
        if case .bool(let flag)? = value(on: model) { return flag }
        return false
    }
}
