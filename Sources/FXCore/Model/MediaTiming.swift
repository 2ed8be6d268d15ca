/// Core Animation's `CAMediaTiming` properties, shared by layers, cells and animations.
public struct MediaTiming: Equatable, Sendable {
    /// What an object shows outside its active interval (`CAMediaTimingFillMode`).
    public enum FillMode: String, CaseIterable, Sendable {
        /// Nothing outside the active interval (`kCAFillModeRemoved`, the default).
        case removed
        /// Holds the final state after the end (`kCAFillModeForwards`).
        case forwards
        /// Holds the initial state before the start (`kCAFillModeBackwards`).
        case backwards
        /// Holds the initial state before the start and the final state after the end
        /// (`kCAFillModeBoth`).
        case both
    }

    /// When the object starts, in seconds of its parent's time (`beginTime`); default 0.
    public var beginTime: Double = 0
    /// 0 means "not set" (for a cell: its parent's span; for an animation: 0.25 s in CA).
    public var duration: Double = 0
    /// How fast local time runs relative to the parent's (`speed`): 2 is twice as fast, 0
    /// freezes it; default 1.
    public var speed: Double = 1
    /// Seconds of local time added after `speed` (`timeOffset`); default 0. Inside the active
    /// interval it wraps round: an offset of half the duration plays the second half first.
    public var timeOffset: Double = 0
    /// May be `.infinity` (written `"infinity"` in files).
    public var repeatCount: Double = 0
    /// How long to repeat for, in seconds of local time (`repeatDuration`); 0 (the default)
    /// means not set. It takes precedence over `repeatCount` when both are set.
    public var repeatDuration: Double = 0
    /// Whether each iteration plays forwards then backwards, taking twice the duration
    /// (`autoreverses`); default false.
    public var autoreverses: Bool = false
    /// What shows before the start and after the end (`fillMode`); default `.removed`.
    public var fillMode: FillMode = .removed

    /// How a file writes an endless `repeatCount`.
    public static let infinityName = "infinity"

    /// Core Animation's defaults: begin time 0, speed 1, no duration, offset or repeats, no
    /// autoreverse, fill mode `.removed`.
    public init() {}
}
