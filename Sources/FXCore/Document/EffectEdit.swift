/// One edit of an ``EffectEditSession``: a key path set to a value, with what it held before
/// and the text on either side of it.
public struct EffectEdit: Equatable, Sendable {
    /// `LAYER.KEYPATH`.
    public var keyPath: String
    /// The value set; nil for a value written as JSON that is not an animatable value (an
    /// enumeration, a name).
    public var value: AnimatableValue?
    /// The model value before the edit (nil when it could not be read: a value with no
    /// key path, such as an enumeration).
    public var previousValue: AnimatableValue?
    /// Whether a running effect takes the edit through `setValue(_:forKeyPath:)`; otherwise it
    /// must be reloaded from the session's document (keeping its time).
    public var isLive: Bool
    /// The text before and after the edit: undo and redo restore them byte for byte.
    var bytesBefore: [UInt8]
    var bytesAfter: [UInt8]
}
