/// Where an object is in its own time, given its parent's time: Core Animation's media timing.
public enum TimingState: Equatable, Sendable {
    /// Not active: before its start or after its end, with no fill to hold a value.
    case inactive
    /// Active (or held by a fill mode): the local time inside the current iteration, in
    /// 0…duration (already reversed on the way back of an autoreversing iteration), and the
    /// iteration's index (for cumulative animations).
    case active(time: Double, iteration: Int)
}

extension MediaTiming {
    /// The local time with no repeat, reversal or fill applied:
    /// `(parentTime − beginTime) · speed + timeOffset` (see ``timeWithRepeats(parentTime:)``).
    public func timeIgnoringRepeats(parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// The length of the whole active interval in local time: one duration, times the repeat
    /// count (each repeat twice as long when autoreversing), or the repeat duration.
    /// `.infinity` when it repeats forever.
    public func activeDuration(duration: Double) -> Double {
        let period = duration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : period * repeatCount }
        return period
    }

    /// Evaluates the timing at the parent's time.
    /// - Parameters:
    ///   - parentTime: the time of the parent (layer or group), in its seconds.
    ///   - duration: the simple duration to use (an animation's 0 means 0.25 s, a spring's its
    ///     settling time: the caller decides).
    ///   - holdsAfterEnd: whether the end state may be held at all (false for an animation that
    ///     is removed on completion).
    ///   - inclusiveEnd: whether the very end instant still counts as active (for the children
    ///     of a group, whose time stops exactly there at the top of an autoreversing group).
    public func state(parentTime: Double, duration: Double, holdsAfterEnd: Bool = true, inclusiveEnd: Bool = false) -> TimingState {
        guard duration > 0, duration.isFinite else { return .inactive }
        let active = activeDuration(duration: duration)
        // timeOffset moves the start within the active duration, wrapping round: an animation
        // of 1 s with timeOffset 0.5 plays its second half, then its first (as in Core
        // Animation).
        var local = (parentTime - beginTime) * speed
        guard local.isFinite else { return .inactive }
        if timeOffset != 0 && local >= 0 && local < active {
            local += timeOffset
            if active.isFinite && active > 0 {
                local = local.truncatingRemainder(dividingBy: active)
                if local < 0 { local += active }
            }
        }
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return .inactive }
            local = 0
        }
        var atEnd = false
        if local >= active {
            let filled = holdsAfterEnd && (fillMode == .forwards || fillMode == .both)
            guard filled || (inclusiveEnd && local == active) else { return .inactive }
            local = active
            atEnd = true
        }
        let period = duration * (autoreverses ? 2 : 1)
        var iteration = Int(min(max((local / period).rounded(.down), 0), 1e15))
        var within = local - Double(iteration) * period
        if atEnd && within < 1e-12 && iteration > 0 {
            // Exactly at the end of a whole iteration: hold that iteration's last frame.
            iteration -= 1
            within = period
        }
        let time = autoreverses && within > duration ? 2 * duration - within : min(within, duration)
        return .active(time: time, iteration: iteration)
    }
}

extension MediaTiming {
    /// A layer's local time from its parent's, with its repeats, reversals and fills applied
    /// (see ``timeIgnoringRepeats(parentTime:)``). Layers have no default duration: with none set,
    /// time runs on unbounded (`(t − beginTime) · speed + timeOffset`); with a duration, it
    /// repeats, reverses and fills as for an animation, and outside the active interval with no
    /// fill it runs on unbounded.
    public func timeWithRepeats(parentTime: Double) -> Double {
        guard duration > 0 else { return timeIgnoringRepeats(parentTime: parentTime) }
        if case .active(let time, _) = state(parentTime: parentTime, duration: duration) { return time }
        return timeIgnoringRepeats(parentTime: parentTime)
    }
}

extension Array where Element == MediaTiming {
    /// Effect time through each timing's ``MediaTiming/timeWithRepeats(parentTime:)`` in turn,
    /// root first: a layer's time, repeats and all, which its animations run in.
    public func timeWithRepeats(effectTime: Double) -> Double {
        reduce(effectTime) { $1.timeWithRepeats(parentTime: $0) }
    }

    /// Effect time through each timing's `(t − beginTime) · speed + timeOffset`, without
    /// repeats folding it back: the time an emitter simulates in, which keeps going forward
    /// when its layer repeats.
    public func timeIgnoringRepeats(effectTime: Double) -> Double {
        reduce(effectTime) { $1.timeIgnoringRepeats(parentTime: $0) }
    }
}
