/// A scheduled change of an image or text layer's contents, shown with a transition in the
/// spirit of Core Animation's `CATransition` (an fx key: CA adds transitions in code).
public struct ContentTransition: Sendable {
    /// How the old contents give way to the new (the file's `type`); `CATransitionType`.
    public enum Kind: String, CaseIterable, Sendable {
        /// The old contents fade out as the new fade in.
        case fade
        /// The new contents push the old out.
        case push
        /// The new contents slide in over the old.
        case moveIn
        /// The old contents slide away, revealing the new.
        case reveal
    }

    /// Where the new contents come from (the motion runs the other way).
    public enum Subtype: String, CaseIterable, Sendable {
        /// The new contents enter from the right edge (the default).
        case fromRight
        /// The new contents enter from the left edge.
        case fromLeft
        /// The new contents enter from the top edge.
        case fromTop
        /// The new contents enter from the bottom edge.
        case fromBottom

        /// The direction things move, as a unit vector (y down).
        var motion: Point {
            switch self {
            case .fromRight: return Point(x: -1, y: 0)
            case .fromLeft: return Point(x: 1, y: 0)
            case .fromTop: return Point(x: 0, y: 1)
            case .fromBottom: return Point(x: 0, y: -1)
            }
        }
    }

    /// When the change happens, in the layer's time.
    public var time: Double
    /// How long the transition takes (Core Animation's default, 0.25 s).
    public var duration: Double = 0.25
    /// The kind of transition (default `.fade`); `CATransition.type`.
    public var kind: Kind = .fade
    /// The side the new contents come from, for push, move-in and reveal (default
    /// `.fromRight`); `CATransition.subtype`.
    public var subtype: Subtype = .fromRight
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
    /// The contents shown at the layer's time: the layer with the last scheduled change applied,
    /// and, inside a transition, the layer before it and the eased progress (0…1).
    func contentsState(at time: Double) -> (current: Layer, previous: Layer?, transition: ContentTransition?, progress: Double) {
        var current = self
        var previous: Layer?
        var active: ContentTransition?
        var progress = 1.0
        for change in contentTransitions where change.time <= time {
            let before = current
            if let contents = change.contents {
                current.image?.contents = contents
                current.image?.animation = change.animation
            }
            if let string = change.string {
                current.text?.string = string
            }
            if time < change.time + change.duration {
                previous = before
                active = change
                progress = TimingFunction.easeInEaseOut.value(at: (time - change.time) / max(change.duration, 1e-9))
            } else {
                previous = nil
                active = nil
            }
        }
        return (current, previous, active, progress)
    }
}
