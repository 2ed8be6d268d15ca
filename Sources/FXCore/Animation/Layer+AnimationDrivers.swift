/// An animation of a layer that drives one of its key paths, and the value of it an edit of
/// that key path changes at a moment: what an editor changes when the user drags an animated
/// value, since the model value it would otherwise change is overridden while the animation
/// runs (and after it, when it is held).
public struct AnimationDriver: Sendable {
    /// What of the animation an edit at that moment changes.
    public enum Member: Sendable, Equatable {
        /// A basic animation's start (the moment is in its first half).
        case fromValue
        /// A basic animation's end (the moment is in its second half, or after it).
        case toValue
        /// A keyframe animation's key at or before the moment.
        case keyframe(Int)
    }

    /// Where the animation is: its index in the layer's `animations`, then in each group's.
    public var indexes: [Int]
    /// The animation.
    public var animation: Animation
    /// What an edit changes.
    public var member: Member
    /// The value that member holds now.
    public var value: AnimatableValue

    /// The member's place in the file below the layer: `animations[0].animations[1].toValue`,
    /// `animations[2].values[3]`.
    public var path: String {
        let place = indexes.map { "\(LayerKeys.animations.name)[\($0)]" }.joined(separator: ".")
        switch member {
        case .fromValue: return place + "." + BasicAnimationKeys.fromValue.name
        case .toValue: return place + "." + BasicAnimationKeys.toValue.name
        case .keyframe(let index): return place + "." + KeyframeAnimationKeys.values.name + "[\(index)]"
        }
    }
}

extension Layer {
    /// The animations of this layer (in its `animations`, and in groups, to any depth) that
    /// drive `keyPath` (`opacity`, `emitterCells.red.birthRate`) with values of their own — a
    /// basic animation's `fromValue` or `toValue`, a keyframe animation's `values` — each with
    /// the member an edit changes at the layer's local time `time`: a basic animation's
    /// `fromValue` in its first half, its `toValue` from the middle on (and before it starts or
    /// after it ends, when it holds its end); a keyframe animation's key at or before the
    /// moment. A group's children are timed in the group's time, as they run.
    public func animationDrivers(of keyPath: String, atLocalTime time: Double) -> [AnimationDriver] {
        var found: [AnimationDriver] = []
        func visit(_ list: [Animation], indexes: [Int], time: Double?, heldByGroup: MediaTiming.FillMode?, groupDuration: Double?) {
            for (index, animation) in list.enumerated() {
                let place = indexes + [index]
                // The animation's own time now: nil when it is not running (nor held).
                var local: Double?
                var timing = animation.timing
                let duration = animation.duration(inGroupOfDuration: groupDuration)
                if let time {
                    let (held, state) = animation.timingState(at: time, heldByGroup: heldByGroup, groupDuration: groupDuration)
                    timing = held
                    if case .active(let now, _) = state { local = now }
                }
                switch animation.spec {
                case .group(let children):
                    // Timed as the group times them when it applies them.
                    let seen = time.flatMap { time in
                        local.map { animation.childrenTime(timing: timing, parentTime: time, local: $0, duration: duration, heldByGroup: heldByGroup) }
                    }
                    visit(children, indexes: place, time: seen?.time, heldByGroup: seen?.held, groupDuration: duration)
                case .basic(let from, let to, _):
                    guard animation.keyPath?.path == keyPath else { continue }
                    // Past the middle (or not running: held at its end, or not begun) the end is
                    // what shows longest.
                    let firstHalf = local.map { duration > 0 && $0 < duration / 2 } ?? false
                    if let from, firstHalf || to == nil {
                        found.append(AnimationDriver(indexes: place, animation: animation, member: .fromValue, value: from))
                    } else if let to {
                        found.append(AnimationDriver(indexes: place, animation: animation, member: .toValue, value: to))
                    }
                case .keyframe(let keyframes):
                    guard animation.keyPath?.path == keyPath, !keyframes.values.isEmpty else { continue }
                    let count = keyframes.values.count
                    let fraction = local.map { duration > 0 ? min(max($0 / duration, 0), 1) : 1 } ?? 1
                    let times = keyframes.keyTimes ?? (0..<count).map { count == 1 ? 0 : Double($0) / Double(count - 1) }
                    let key = times.lastIndex { $0 <= fraction + 1e-9 } ?? 0
                    found.append(AnimationDriver(indexes: place, animation: animation, member: .keyframe(min(key, count - 1)),
                                                 value: keyframes.values[min(key, count - 1)]))
                case .spring, .transition, .contents:
                    continue
                }
            }
        }
        visit(ownAnimations, indexes: [], time: time, heldByGroup: nil, groupDuration: nil)
        return found
    }
}
