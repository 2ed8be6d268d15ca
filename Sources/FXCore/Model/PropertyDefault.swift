/// What a property is when a file does not write it: a typed value (the model's own, or one
/// the property declares), an absence with a meaning, a value computed from other keys, or
/// nothing at all because the file must write it. The documentation's "default" column, the
/// JSON Schema's `default`, the panel's reset and the decoder all read it here, and a test
/// decodes objects that write nothing and checks that they hold these values.
public enum PropertyDefault: Sendable, Equatable {
    /// The value the model's type holds before anything is written (``PropertyModel/unwritten``),
    /// read through the property's accessor: the model declares it once.
    case model
    /// A value declared by the property itself (a behaviour's key stored apart from the model's
    /// fields, or a member of a structure the model builds only when it is written).
    case value(AnimatableValue)
    /// A name: an enumeration's case or a string (`"axial"`, `"DejaVu Sans"`).
    case choice(String)
    /// An empty list or object (`[]`, `{}`), written as `text`.
    case empty(String)
    /// Nothing: the key is absent unless written, and its absence means what `meaning` says
    /// ("none: the color speeds apply").
    case none(String)
    /// Computed from other keys, as `meaning` says ("half of `duration`", "columns × rows").
    case derived(String)
    /// None: a file must write the key.
    case required
}
