/// Reads and writes a property of a model by name — an enumeration's case (the raw value the
/// file writes), or a string — through a typed key path.
struct ChoiceAccessor<Model>: Sendable {
    let read: @Sendable (Model) -> String
    /// Sets the value named; false (nothing changed) for a name that is not one of its cases.
    let write: @Sendable (inout Model, String) -> Bool
    /// For an optional value (absent unless written): whether the model holds one.
    let isWritten: (@Sendable (Model) -> Bool)?

    init(read: @escaping @Sendable (Model) -> String, write: @escaping @Sendable (inout Model, String) -> Bool,
         isWritten: (@Sendable (Model) -> Bool)? = nil) {
        self.read = read
        self.write = write
        self.isWritten = isWritten
    }

    /// Whether `model` holds a value (always, unless the value is optional).
    func isSet(_ model: Model) -> Bool { isWritten?(model) ?? true }

    /// An enumeration, by its cases' raw values.
    static func of<E: RawRepresentable & CaseIterable>(_ keyPath: WritableKeyPath<Model, E> & Sendable) -> Self where E.RawValue == String {
        Self(read: { $0[keyPath: keyPath].rawValue }, write: { model, name in
            guard let value = E(rawValue: name) else { return false }
            model[keyPath: keyPath] = value
            return true
        })
    }

    /// An optional enumeration: absent reads as the empty name.
    static func optional<E: RawRepresentable & CaseIterable>(_ keyPath: WritableKeyPath<Model, E?> & Sendable) -> Self
    where E.RawValue == String {
        Self(read: { $0[keyPath: keyPath]?.rawValue ?? "" }, write: { model, name in
            guard let value = E(rawValue: name) else { return false }
            model[keyPath: keyPath] = value
            return true
        }, isWritten: { $0[keyPath: keyPath] != nil })
    }

    /// A string, any text accepted.
    static func text(_ keyPath: WritableKeyPath<Model, String> & Sendable) -> Self {
        Self(read: { $0[keyPath: keyPath] }, write: { model, text in
            model[keyPath: keyPath] = text
            return true
        })
    }

    /// An optional string: absent reads as the empty string.
    static func optionalText(_ keyPath: WritableKeyPath<Model, String?> & Sendable) -> Self {
        Self(read: { $0[keyPath: keyPath] ?? "" }, write: { model, text in
            model[keyPath: keyPath] = text
            return true
        }, isWritten: { $0[keyPath: keyPath] != nil })
    }

    /// The same property reached through an optional part of a larger model, read from
    /// `fallback` when the part is absent.
    func within<Whole>(_ part: WritableKeyPath<Whole, Model?> & Sendable, fallback: Model) -> ChoiceAccessor<Whole> where Model: Sendable {
        let read = self.read, write = self.write, isWritten = self.isWritten
        return ChoiceAccessor<Whole>(read: { read($0[keyPath: part] ?? fallback) }, write: { whole, name in
            guard whole[keyPath: part] != nil else { return false }
            return write(&whole[keyPath: part]!, name)
        }, isWritten: isWritten.map { isWritten in { @Sendable whole in isWritten(whole[keyPath: part] ?? fallback) } })
    }
}
