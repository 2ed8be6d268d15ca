/// A resolved Core Animation key path of one layer: what it names, the kind of value it holds,
/// and how to read and write it on a (presentation) layer. Parsed once, when the animation or
/// change is made; reading and writing then go through the property registry's typed
/// accessors, never through the key path's text.
public struct AnimatableKeyPath: Equatable, Sendable {
    /// The key path as written, such as `position.x` or `emitterCells.spark.birthRate`.
    public let path: String
    /// The kind of value the key path holds, which an animation's values must match.
    public let kind: ValueKind
    /// The layers the key path goes down through before its property, from the layer it is
    /// resolved on (`mask.locations`: the mask; `sublayers.dot.opacity`: the sublayer named
    /// dot); empty for the layer's own properties.
    public private(set) var route: [LayerStep] = []
    let target: Target

    enum Target: Equatable, Sendable {
        /// A property of the layer, its emitter or its type, or one field of it (`position.x`).
        case layer(PropertyDescriptor, ValueComponent?)
        /// `transform` or `sublayerTransform`, whole or one part (`scale.x`, `rotation.z`, …).
        case transform(sublayer: Bool, part: TransformPart?)
        /// A cell property; `cells` is the name path from the layer's cells down.
        case cell(cells: [String], property: PropertyDescriptor, component: ValueComponent?)
        /// A member of the emitter's force field `name` (`fields.gust.strength`).
        case field(name: String, member: PropertyDescriptor, component: ValueComponent?)
    }

    /// A key path resolved to `target`, reached through `route` (see the registry's
    /// resolution, ``init(_:on:)``).
    init(path: String, kind: ValueKind, route: [LayerStep], target: Target) {
        self.path = path
        self.kind = kind
        self.route = route
        self.target = target
    }

    /// The same key path on the layer it reaches: without its route.
    private var local: AnimatableKeyPath {
        var copy = self
        copy.route = []
        return copy
    }

    /// The registered property the key path names, or nil for a transform.
    public var property: PropertyDescriptor? {
        switch target {
        case .layer(let property, _), .cell(_, let property, _), .field(_, let property, _): return property
        case .transform: return nil
        }
    }

    /// The property when the key path names it whole, not one field of it.
    var wholeProperty: PropertyDescriptor? {
        switch target {
        case .layer(let property, nil), .cell(_, let property, nil), .field(_, let property, nil): return property
        default: return nil
        }
    }

    /// Whether a change at this key path changes how many particles are born (a `birthRate`
    /// or a cell's `enabled`) of the layer it is resolved on: never through a ``route``, whose
    /// property is another layer's.
    public var changesBirthRate: Bool { route.isEmpty && property?.changesBirthRate ?? false }

    /// Whether its values may be written as angles (`"90deg"`): rotations, and the cells'
    /// spins and emission directions.
    public var acceptsAngles: Bool {
        switch target {
        case .transform(_, let part): return part?.isRotation ?? false
        case .layer(let property, let component), .cell(_, let property, let component), .field(_, let property, let component):
            return property.form == .angle && component == nil
        }
    }

    // MARK: - Reading and writing

    /// The value at this key path on `layer`.
    public func value(on layer: Layer) -> AnimatableValue {
        if !route.isEmpty { return layer.descendant(route).map(local.value(on:)) ?? .number(0) }
        switch target {
        case .layer(let property, let component):
            let whole = property.value(on: layer) ?? .number(0)
            return component.map { $0.read(from: whole) } ?? whole
        case .transform(let sublayer, let part):
            let transform = TransformValue(sublayer ? layer.sublayerTransform : layer.transform)
            return part.map { $0.read(from: transform) } ?? .transform(transform)
        case .cell(let names, let property, let component):
            guard let cell = layer.emitter.flatMap({ EmitterCell.find(names, in: $0.emitterCells) }),
                  let whole = property.value(on: cell) else { return .number(0) }
            return component.map { $0.read(from: whole) } ?? whole
        case .field(let name, let member, let component):
            guard let field = layer.emitter?.fields.first(where: { $0.name == name }), let whole = member.value(on: field) else { return .number(0) }
            return component.map { $0.read(from: whole) } ?? whole
        }
    }

    /// Sets the value at this key path on `layer`, clamped into the property's range.
    public func set(_ value: AnimatableValue, on layer: inout Layer) {
        if !route.isEmpty { return layer.updateDescendant(route[...]) { local.set(value, on: &$0) } }
        switch target {
        case .layer(let property, let component):
            guard let component else { return property.set(value, on: &layer) }
            guard var whole = property.value(on: layer) else { return }
            component.write(value, into: &whole)
            property.set(whole, on: &layer)
        case .transform(let sublayer, let part):
            var transform = TransformValue(sublayer ? layer.sublayerTransform : layer.transform)
            if case .transform(let whole) = value {
                transform = whole
            } else if let part {
                part.write(value, into: &transform)
            }
            if sublayer { layer.sublayerTransform = transform.operations } else { layer.transform = transform.operations }
        case .cell(let names, let property, let component):
            // In place: copying the emitter out and back would copy its cells on every write.
            guard layer.emitter != nil else { return }
            EmitterCell.update(names, in: &layer.emitter!.emitterCells) { cell in
                guard let component else { return property.set(value, on: &cell) }
                guard var whole = property.value(on: cell) else { return }
                component.write(value, into: &whole)
                property.set(whole, on: &cell)
            }
        case .field(let name, let member, let component):
            guard let index = layer.emitter?.fields.firstIndex(where: { $0.name == name }) else { return }
            guard let component else { return member.set(value, on: &layer.emitter!.fields[index]) }
            guard var whole = member.value(on: layer.emitter!.fields[index]) else { return }
            component.write(value, into: &whole)
            member.set(whole, on: &layer.emitter!.fields[index])
        }
    }
}

extension AnimatableKeyPath.Target {
    /// The kind of value the target holds; nil for a property that is not a value.
    var kind: ValueKind? {
        switch self {
        case .layer(let property, let component), .cell(_, let property, let component), .field(_, let property, let component):
            return component?.kind ?? property.kind
        case .transform(_, let part):
            return part?.kind ?? .transform
        }
    }
}

/// One field of a point, size or rectangle value, named as Core Animation's key-value coding
/// names it: `position.x`, `bounds.size.width`, `bounds.origin`.
enum ValueComponent: String, CaseIterable, Sendable {
    case x, y, width, height, origin, size
    case originX = "origin.x", originY = "origin.y", sizeWidth = "size.width", sizeHeight = "size.height"

    /// The fields a value of `kind` has.
    static func components(of kind: ValueKind) -> [ValueComponent] {
        switch kind {
        case .point: return [.x, .y]
        case .size: return [.width, .height]
        case .rect: return [.origin, .size, .originX, .originY, .sizeWidth, .sizeHeight]
        default: return []
        }
    }

    /// The kind of value the field holds.
    var kind: ValueKind {
        switch self {
        case .origin: return .point
        case .size: return .size
        default: return .number
        }
    }

    func read(from value: AnimatableValue) -> AnimatableValue {
        switch (self, value) {
        case (.x, .point(let p)): return .number(p.x)
        case (.y, .point(let p)): return .number(p.y)
        case (.width, .size(let s)): return .number(s.width)
        case (.height, .size(let s)): return .number(s.height)
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.originX, .rect(let r)): return .number(r.origin.x)
        case (.originY, .rect(let r)): return .number(r.origin.y)
        case (.sizeWidth, .rect(let r)): return .number(r.size.width)
        case (.sizeHeight, .rect(let r)): return .number(r.size.height)
        default: return .number(0)
        }
    }

    func write(_ part: AnimatableValue, into value: inout AnimatableValue) {
        switch (self, value, part) {
        case (.x, .point(var p), .number(let n)): p.x = n; value = .point(p)
        case (.y, .point(var p), .number(let n)): p.y = n; value = .point(p)
        case (.width, .size(var s), .number(let n)): s.width = n; value = .size(s)
        case (.height, .size(var s), .number(let n)): s.height = n; value = .size(s)
        case (.origin, .rect(var r), .point(let p)): r.origin = p; value = .rect(r)
        case (.size, .rect(var r), .size(let s)): r.size = s; value = .rect(r)
        case (.originX, .rect(var r), .number(let n)): r.origin.x = n; value = .rect(r)
        case (.originY, .rect(var r), .number(let n)): r.origin.y = n; value = .rect(r)
        case (.sizeWidth, .rect(var r), .number(let n)): r.size.width = n; value = .rect(r)
        case (.sizeHeight, .rect(var r), .number(let n)): r.size.height = n; value = .rect(r)
        default: break
        }
    }
}

/// A part of a layer transform animated on its own: `transform.rotation.z`, `transform.scale`.
enum TransformPart: String, CaseIterable, Sendable {
    case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"

    var kind: ValueKind { self == .translation ? .size : .number }

    var isRotation: Bool { [.rotation, .rotationX, .rotationY, .rotationZ].contains(self) }

    func read(from transform: TransformValue) -> AnimatableValue {
        switch self {
        case .scale, .scaleX: return .number(transform.scaleX)
        case .scaleY: return .number(transform.scaleY)
        case .scaleZ: return .number(transform.scaleZ)
        case .rotation, .rotationZ: return .number(transform.rotationZ)
        case .rotationX: return .number(transform.rotationX)
        case .rotationY: return .number(transform.rotationY)
        case .translation: return .size(Size(width: transform.translationX, height: transform.translationY))
        case .translationX: return .number(transform.translationX)
        case .translationY: return .number(transform.translationY)
        case .translationZ: return .number(transform.translationZ)
        }
    }

    func write(_ value: AnimatableValue, into transform: inout TransformValue) {
        let components = value.components
        guard let number = components.first else { return }
        switch self {
        case .scale: transform.scaleX = number; transform.scaleY = number; transform.scaleZ = number
        case .scaleX: transform.scaleX = number
        case .scaleY: transform.scaleY = number
        case .scaleZ: transform.scaleZ = number
        case .rotation, .rotationZ: transform.rotationZ = number
        case .rotationX: transform.rotationX = number
        case .rotationY: transform.rotationY = number
        case .translation:
            guard components.count > 1 else { return }
            transform.translationX = number; transform.translationY = components[1]
        case .translationX: transform.translationX = number
        case .translationY: transform.translationY = number
        case .translationZ: transform.translationZ = number
        }
    }
}

extension EmitterCell {
    static func find(_ names: [String], in cells: [EmitterCell]) -> EmitterCell? {
        guard let first = names.first, let cell = cells.first(where: { $0.name == first }) else { return nil }
        return names.count == 1 ? cell : find(Array(names.dropFirst()), in: cell.emitterCells)
    }

    static func update(_ names: [String], in cells: inout [EmitterCell], _ change: (inout EmitterCell) -> Void) {
        guard let first = names.first, let index = cells.firstIndex(where: { $0.name == first }) else { return }
        if names.count == 1 { change(&cells[index]) } else { update(Array(names.dropFirst()), in: &cells[index].emitterCells, change) }
    }
}
