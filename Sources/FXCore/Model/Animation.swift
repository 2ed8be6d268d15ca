/// A keypath animation attached to a layer, as written in the file. The timing model that
/// evaluates animations arrives with the animation issue; until then, animations are decoded,
/// checked by key, and kept in the model, and presentation values equal model values.
public struct Animation: Sendable {
    public enum AnimationType: String, CaseIterable, Sendable {
        case basic, keyframe, spring, group
    }

    public var type: AnimationType
    public var keyPath: String?
    public var timing = MediaTiming()
    /// Every member as written (fromValue, values, timingFunction, child animations, …).
    public var members: [String: JSONNode]
    /// Where the animation object starts in the file.
    public var location: SourceLocation

    public init(type: AnimationType, keyPath: String?, members: [String: JSONNode], location: SourceLocation) {
        self.type = type
        self.keyPath = keyPath
        self.members = members
        self.location = location
    }
}
