/// Where a registered property lives in the model, and how it is read and written there.
enum PropertyAccess: Sendable {
    /// On a layer: its own properties, its emitter's, or its type's (replicator, shape, …).
    case layer(PropertyAccessor<Layer>)
    /// On an emitter cell (Core Animation's properties and fx's extensions).
    case cell(PropertyAccessor<EmitterCell>)
    /// An enumeration of a layer or its type (`emitterShape`, `lineCap`): read and written by name.
    case layerChoice(ChoiceAccessor<Layer>)
    /// A member of one of an emitter's force fields (`fields.NAME.strength`).
    case forceField(PropertyAccessor<ForceField>)
    /// Decoded by code of its own: structures, names, media timing, animation keys.
    case decodedApart
}

/// Reads and writes one property of a model as an ``AnimatableValue``, through a typed key
/// path: what animations, `setValue(_:forKeyPath:)` and the decoder use. A write ignores a
/// value of another kind; ``PropertyDescriptor/write(_:to:)`` clamps numbers into the
/// property's range first.
struct PropertyAccessor<Model>: Sendable {
    let read: @Sendable (Model) -> AnimatableValue
    let write: @Sendable (inout Model, AnimatableValue) -> Void
    /// For transforms: sets the operations as written in the file, not recomposed from their
    /// parts, so a decoded transform is exactly the file's.
    let assignOperations: (@Sendable (inout Model, [TransformOperation]) -> Void)?

    init(read: @escaping @Sendable (Model) -> AnimatableValue, write: @escaping @Sendable (inout Model, AnimatableValue) -> Void,
         assignOperations: (@Sendable (inout Model, [TransformOperation]) -> Void)? = nil) {
        self.read = read
        self.write = write
        self.assignOperations = assignOperations
    }

    /// A number.
    static func number(_ keyPath: WritableKeyPath<Model, Double> & Sendable) -> Self {
        Self(read: { .number($0[keyPath: keyPath]) }, write: { model, value in
            if case .number(let n) = value { model[keyPath: keyPath] = n }
        })
    }

    /// A whole number: written values are rounded down.
    static func integer(_ keyPath: WritableKeyPath<Model, Int> & Sendable) -> Self {
        Self(read: { .number(Double($0[keyPath: keyPath])) }, write: { model, value in
            if case .number(let n) = value, n.isFinite, abs(n) < 9e15 { model[keyPath: keyPath] = Int(n.rounded(.down)) }
        })
    }

    /// A whole number of 0…2³²−1 (a seed).
    static func seed(_ keyPath: WritableKeyPath<Model, UInt64> & Sendable) -> Self {
        Self(read: { .number(Double($0[keyPath: keyPath])) }, write: { model, value in
            if case .number(let n) = value, n.isFinite { model[keyPath: keyPath] = UInt64(min(max(n, 0), Double(UInt32.max)).rounded(.down)) }
        })
    }

    /// A flag.
    static func bool(_ keyPath: WritableKeyPath<Model, Bool> & Sendable) -> Self {
        Self(read: { .bool($0[keyPath: keyPath]) }, write: { model, value in
            if case .bool(let flag) = value { model[keyPath: keyPath] = flag }
        })
    }

    /// A color, clamped to 0…1 when written.
    static func color(_ keyPath: WritableKeyPath<Model, Color> & Sendable) -> Self {
        Self(read: { .color($0[keyPath: keyPath]) }, write: { model, value in
            if case .color(let color) = value { model[keyPath: keyPath] = color.clamped }
        })
    }

    /// An optional color: nil reads as clear.
    static func optionalColor(_ keyPath: WritableKeyPath<Model, Color?> & Sendable) -> Self {
        Self(read: { .color($0[keyPath: keyPath] ?? .clear) }, write: { model, value in
            if case .color(let color) = value { model[keyPath: keyPath] = color.clamped }
        })
    }

    /// A point.
    static func point(_ keyPath: WritableKeyPath<Model, Point> & Sendable) -> Self {
        Self(read: { .point($0[keyPath: keyPath]) }, write: { model, value in
            if case .point(let point) = value { model[keyPath: keyPath] = point }
        })
    }

    /// A size.
    static func size(_ keyPath: WritableKeyPath<Model, Size> & Sendable) -> Self {
        Self(read: { .size($0[keyPath: keyPath]) }, write: { model, value in
            if case .size(let size) = value { model[keyPath: keyPath] = size }
        })
    }

    /// A rectangle.
    static func rect(_ keyPath: WritableKeyPath<Model, Rect> & Sendable) -> Self {
        Self(read: { .rect($0[keyPath: keyPath]) }, write: { model, value in
            if case .rect(let rect) = value { model[keyPath: keyPath] = rect }
        })
    }

    /// A transform, kept as its operations.
    static func transform(_ keyPath: WritableKeyPath<Model, [TransformOperation]> & Sendable) -> Self {
        Self(read: { .transform(TransformValue($0[keyPath: keyPath])) }, write: { model, value in
            if case .transform(let transform) = value { model[keyPath: keyPath] = transform.operations }
        }, assignOperations: { model, operations in model[keyPath: keyPath] = operations })
    }

    /// A list of colors.
    static func colors(_ keyPath: WritableKeyPath<Model, [Color]> & Sendable) -> Self {
        Self(read: { .colors($0[keyPath: keyPath]) }, write: { model, value in
            if case .colors(let colors) = value { model[keyPath: keyPath] = colors }
        })
    }

    /// A list of numbers.
    static func numbers(_ keyPath: WritableKeyPath<Model, [Double]> & Sendable) -> Self {
        Self(read: { .numbers($0[keyPath: keyPath]) }, write: { model, value in
            if case .numbers(let numbers) = value { model[keyPath: keyPath] = numbers }
        })
    }

    /// A path.
    static func path(_ keyPath: WritableKeyPath<Model, Path> & Sendable) -> Self {
        Self(read: { .path($0[keyPath: keyPath]) }, write: { model, value in
            if case .path(let path) = value { model[keyPath: keyPath] = path }
        })
    }

    /// An optional path: nil reads as the empty path.
    static func optionalPath(_ keyPath: WritableKeyPath<Model, Path?> & Sendable) -> Self {
        Self(read: { .path($0[keyPath: keyPath] ?? Path()) }, write: { model, value in
            if case .path(let path) = value { model[keyPath: keyPath] = path }
        })
    }

    /// The same property reached through an optional part of a larger model (a layer's
    /// `emitter`, `replicator`, …): read from `fallback` when the part is absent, not written
    /// then.
    func within<Whole>(_ part: WritableKeyPath<Whole, Model?> & Sendable, fallback: Model) -> PropertyAccessor<Whole>
    where Model: Sendable {
        let read = self.read, write = self.write, assign = self.assignOperations
        // Written in place, so that writing one number does not copy the part's arrays.
        return PropertyAccessor<Whole>(read: { read($0[keyPath: part] ?? fallback) }, write: { whole, value in
            guard whole[keyPath: part] != nil else { return }
            write(&whole[keyPath: part]!, value)
        }, assignOperations: assign.map { assign in { @Sendable whole, operations in
            guard whole[keyPath: part] != nil else { return }
            assign(&whole[keyPath: part]!, operations)
        } })
    }
}

/// Reads and writes an enumeration property of a model by its name (the raw value the file
/// writes), through a typed key path.
struct ChoiceAccessor<Model>: Sendable {
    let read: @Sendable (Model) -> String
    /// Sets the value named; false (nothing changed) for a name that is not one of its cases.
    let write: @Sendable (inout Model, String) -> Bool

    static func of<E: RawRepresentable & CaseIterable>(_ keyPath: WritableKeyPath<Model, E> & Sendable) -> Self where E.RawValue == String {
        Self(read: { $0[keyPath: keyPath].rawValue }, write: { model, name in
            guard let value = E(rawValue: name) else { return false }
            model[keyPath: keyPath] = value
            return true
        })
    }

    /// The same enumeration reached through an optional part of a larger model, read from
    /// `fallback` when the part is absent.
    func within<Whole>(_ part: WritableKeyPath<Whole, Model?> & Sendable, fallback: Model) -> ChoiceAccessor<Whole> where Model: Sendable {
        let read = self.read, write = self.write
        return ChoiceAccessor<Whole>(read: { read($0[keyPath: part] ?? fallback) }, write: { whole, name in
            guard whole[keyPath: part] != nil else { return false }
            return write(&whole[keyPath: part]!, name)
        })
    }
}
