/// fx extension: a layer whose time the pointer drives, as seed 003's avatar is driven by a pan
/// gesture (a paused layer whose `timeOffset` the gesture sets). While the pointer is pressed and
/// dragged on the canvas in the window, the layer's `timeOffset` is set from the pointer's
/// coordinate along ``axis``: ``from`` maps to 0 and ``to`` to ``duration`` (canvas points to
/// seconds, linearly, clamped). The layer should have `speed: 0`, so that its time is that offset
/// alone; the rest of the effect keeps playing. Headless renders show the file's `timeOffset`.
///
/// The file's key: `"timeOffsetFollowsPointer": {"axis": "x", "from": 0, "to": 400, "duration": 2}`.
public struct TimeOffsetFollowsPointer: Equatable, Sendable {
    /// Which coordinate of the pointer drives the time.
    public enum Axis: String, CaseIterable, Sendable {
        /// Across the canvas: the pointer's x.
        case x
        /// Down the canvas: the pointer's y.
        case y
    }

    /// The pointer's coordinate that drives the time.
    public var axis: Axis
    /// Where along the axis (canvas points) the time is 0.
    public var from: Double
    /// Where along the axis (canvas points) the time is ``duration``; may be less than ``from``
    /// (a drag back, left or up, plays forward), never equal to it.
    public var to: Double
    /// The time at ``to``, in seconds of the layer's time; nil is the end of the animations of
    /// the layer and its sublayers (``Layer/animationsEnd``).
    public var duration: Double?

    /// A mapping of the pointer's `axis` coordinate from `from`…`to` to 0…`duration`.
    public init(axis: Axis, from: Double, to: Double, duration: Double? = nil) {
        self.axis = axis
        self.from = from
        self.to = to
        self.duration = duration
    }

    /// The `timeOffset` of `layer` for the pointer at `pointer` (canvas points): the pointer's
    /// coordinate along ``axis`` mapped from ``from``…``to`` to 0…duration, clamped to that span.
    public func timeOffset(forPointer pointer: Point, on layer: Layer) -> Double {
        let span = duration ?? layer.animationsEnd
        guard span > 0, span.isFinite, to != from else { return 0 }
        let coordinate = axis == .x ? pointer.x : pointer.y
        let fraction = min(max((coordinate - from) / (to - from), 0), 1)
        return fraction.isFinite ? fraction * span : 0
    }
}

extension Layer {
    /// When the last animation of the layer and of its sublayers and mask ends, in the layer's
    /// own time (seconds; 0 with none): the latest `beginTime` + active duration / `speed`. An
    /// animation that repeats forever counts one repeat; one that does not run forward (speed
    /// ≤ 0) counts nothing. A sublayer's end is taken back through its own timing (its
    /// `beginTime`, `speed` and `timeOffset`, without its repeats). What a
    /// ``TimeOffsetFollowsPointer`` without a duration spans.
    public var animationsEnd: Double {
        var end = 0.0
        for animation in animations where animation.timing.speed > 0 {
            let timing = animation.timing
            let duration = animation.duration
            var active = timing.activeDuration(duration: duration)
            if !active.isFinite { active = duration * (timing.autoreverses ? 2 : 1) }
            end = max(end, timing.beginTime + active / timing.speed)
        }
        for child in sublayers + (mask.map { [$0] } ?? []) where child.timing.speed > 0 {
            let inner = child.animationsEnd
            guard inner > 0 else { continue }
            end = max(end, child.timing.beginTime + (inner - child.timing.timeOffset) / child.timing.speed)
        }
        return end.isFinite ? max(end, 0) : 0
    }
}
