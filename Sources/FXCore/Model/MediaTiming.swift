/// Core Animation's `CAMediaTiming` properties, shared by layers, cells and animations.
public struct MediaTiming: Equatable, Sendable {
    public enum FillMode: String, CaseIterable, Sendable {
        case removed, forwards, backwards, both
    }

    public var beginTime: Double = 0
    /// 0 means "not set" (for a cell: its parent's span; for an animation: 0.25 s in CA).
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// May be `.infinity` (written `"infinity"` in files).
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init() {}
}
