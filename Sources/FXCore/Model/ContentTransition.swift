/// A scheduled change of an image or text layer's contents, shown with a transition in the
/// spirit of Core Animation's `CATransition` (an fx key: CA adds transitions in code).
public struct ContentTransition: Sendable {
    /// How the old contents give way to the new (the file's `type`); `CATransitionType`.
    public typealias Kind = TransitionType
    /// Where the new contents come from (the file's `subtype`); `CATransitionSubtype`.
    public typealias Subtype = TransitionSubtype

    /// When the change happens, in the layer's time.
    public var time: Double
    /// How long the transition takes (Core Animation's default, 0.25 s).
    public var duration: Double = 0.25
    /// The kind of transition (default `.fade`); `CATransition.type`.
    public var kind: Kind = .fade
    /// The side the transition starts from (default `.fromLeft`, as Core Animation does with
    /// no subtype); `CATransition.subtype`.
    public var subtype: Subtype = .fromLeft
    /// The new contents of an image layer.
    public var contents: TextureReference?
    /// The frame delays of the new image contents when they are an animated GIF.
    public var animation: GIFInfo?
    /// The new string of a text layer.
    public var string: String?

    /// A fade of 0.25 s at `time` (seconds, in the layer's time), with no new contents yet.
    public init(time: Double) {
        self.time = time
    }
}

extension Layer {
    /// The layer with the scheduled changes up to its time `time` applied, and none left.
    public func contents(at time: Double) -> Layer {
        var current = self
        current.contentTransitions = []
        for change in contentTransitions where change.time <= time {
            if let contents = change.contents {
                current.image?.contents = contents
                current.image?.animation = change.animation
            }
            if let string = change.string {
                current.text?.string = string
            }
        }
        return current
    }

    /// The scheduled change whose transition runs at the layer's time `time`, with the eased
    /// progress (0…1, easeInEaseOut) and the layer's contents just before it; nil when none runs.
    func scheduledTransition(at time: Double) -> TransitionState? {
        guard let index = contentTransitions.lastIndex(where: { $0.time <= time }) else { return nil }
        let change = contentTransitions[index]
        guard time < change.time + change.duration else { return nil }
        let progress = TimingFunction.easeInEaseOut.value(at: (time - change.time) / max(change.duration, 1e-9))
        var before = self
        before.contentTransitions = Array(contentTransitions[..<index])
        return TransitionState(type: change.kind, subtype: change.subtype, progress: progress, changeTime: change.time,
                               previous: before.contents(at: change.time))
    }
}
