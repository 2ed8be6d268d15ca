/// Reads and writes one property of a model as an ``AnimatableValue``, through a typed key
/// path: what animations, `setValue(_:forKeyPath:)` and the decoder use. A write ignores a
/// value of another kind; ``PropertyDescriptor/set(_:on:)`` clamps numbers into the
/// property's range first.
struct PropertyAccessor<Model>: Sendable {
    let read: @Sendable (Model) -> AnimatableValue
    let write: @Sendable (inout Model, AnimatableValue) -> Void
    /// For transforms: sets the operations as written in the file, not recomposed from their
    /// parts, so a decoded transform is exactly the file's.
    let assignOperations: (@Sendable (inout Model, [TransformOperation]) -> Void)?
    /// For an optional value (absent unless written): whether the model holds one. ``read``
    /// then gives a stand-in (what the panel shows and edits from).
    let isWritten: (@Sendable (Model) -> Bool)?

    init(read: @escaping @Sendable (Model) -> AnimatableValue, write: @escaping @Sendable (inout Model, AnimatableValue) -> Void,
         assignOperations: (@Sendable (inout Model, [TransformOperation]) -> Void)? = nil,
         isWritten: (@Sendable (Model) -> Bool)? = nil) {
        self.read = read
        self.write = write
        self.assignOperations = assignOperations
        self.isWritten = isWritten
    }

    /// Whether `model` holds a value (always, unless the value is optional).
    func isSet(_ model: Model) -> Bool { isWritten?(model) ?? true }

    /// An optional number: absent reads as `fallback(model)`, and writing sets it.
    static func optionalNumber(_ keyPath: WritableKeyPath<Model, Double?> & Sendable,
                               fallback: @escaping @Sendable (Model) -> Double) -> Self {
        Self(read: { .number($0[keyPath: keyPath] ?? fallback($0)) }, write: { model, value in
            if case .number(let n) = value { model[keyPath: keyPath] = n }
        }, isWritten: { $0[keyPath: keyPath] != nil })
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

    /// An optional color: absent reads as `fallback(model)` (clear by default).
    static func optionalColor(_ keyPath: WritableKeyPath<Model, Color?> & Sendable,
                              fallback: @escaping @Sendable (Model) -> Color = { _ in .clear }) -> Self {
        Self(read: { .color($0[keyPath: keyPath] ?? fallback($0)) }, write: { model, value in
            if case .color(let color) = value { model[keyPath: keyPath] = color.clamped }
        }, isWritten: { $0[keyPath: keyPath] != nil })
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
        }, isWritten: { $0[keyPath: keyPath] != nil })
    }

    /// A value kept under `name` in a dictionary of the model (a cell's
    /// ``CellExtensions/behaviorValues``): absent, it reads as `fallback`; a value of another
    /// kind than `fallback`'s is not written, and a color is clamped to 0…1.
    static func keyed(_ name: String, in keyPath: WritableKeyPath<Model, [String: AnimatableValue]> & Sendable,
                      fallback: AnimatableValue) -> Self {
        Self(read: { $0[keyPath: keyPath][name] ?? fallback }, write: { model, value in
            guard value.kind == fallback.kind else { return }
            if case .color(let color) = value { model[keyPath: keyPath][name] = .color(color.clamped) } else { model[keyPath: keyPath][name] = value }
        })
    }

    /// The same property reached through an optional part of a larger model (a layer's
    /// `emitter`, `replicator`, …): read from `fallback` when the part is absent, not written
    /// then.
    func within<Whole>(_ part: WritableKeyPath<Whole, Model?> & Sendable, fallback: Model) -> PropertyAccessor<Whole>
    where Model: Sendable {
        let read = self.read, write = self.write, assign = self.assignOperations, isWritten = self.isWritten
        // Written in place, so that writing one number does not copy the part's arrays.
        return PropertyAccessor<Whole>(read: { read($0[keyPath: part] ?? fallback) }, write: { whole, value in
            guard whole[keyPath: part] != nil else { return }
            write(&whole[keyPath: part]!, value)
        }, assignOperations: assign.map { assign in { @Sendable whole, operations in
            guard whole[keyPath: part] != nil else { return }
            assign(&whole[keyPath: part]!, operations)
        } }, isWritten: isWritten.map { isWritten in { @Sendable whole in isWritten(whole[keyPath: part] ?? fallback) } })
    }
}
