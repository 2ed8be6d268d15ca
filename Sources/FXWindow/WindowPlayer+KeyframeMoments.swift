import FXCore

extension WindowPlayer {
    /// The effect times at which the animations' keyframes fall, within 0…duration: the marks
    /// on the time bar and on the panel's scrubber. A keyframe animation marks each key time
    /// (`keyTimes` × duration after its begin, evenly spread without them), a frame-by-frame
    /// `contents` animation each change of picture, a basic, spring or transition animation its
    /// start and end, and a group its children's in the group's time (a child cut off by the
    /// group's end marks only what plays). Each repeat marks again (the way back of an
    /// autoreversing one too), as the animation's own speed and time offset place it, and the
    /// layer's and its ancestors' timing takes the moments to the effect's time. Sorted, each
    /// moment once, at most ``WindowTransport/maxKeyframeMoments``: an animation that repeats
    /// very often within the duration marks its first repeats.
    static func keyframeMoments(of effect: Effect) -> [Double] {
        let cap = WindowTransport.maxKeyframeMoments
        var moments: [Double] = []
        for (layer, chain) in effect.allLayers() where !layer.animations.isEmpty {
            // The layer's local time at the effect's end: how far repeats are followed.
            var localEnd = effect.duration
            for timing in chain { localEnd = timing.timeIgnoringRepeats(parentTime: localEnd) }
            if !(localEnd.isFinite && chain.allSatisfy({ $0.speed > 0 })) { localEnd = effect.duration }
            func effectTime(_ local: Double) -> Double? {
                var time = local
                for timing in chain.reversed() {
                    guard timing.speed != 0 else { return nil }
                    time = (time - timing.timeOffset) / timing.speed + timing.beginTime
                }
                return time.isFinite ? time : nil
            }
            for animation in layer.animations {
                moments += Self.moments(of: animation, groupDuration: nil, until: localEnd, cap: cap).compactMap(effectTime)
            }
        }
        var kept: [Double] = []
        for moment in moments.filter({ (0...max(effect.duration, 0)).contains($0) }).sorted()
        where kept.last.map({ moment - $0 > 1e-9 }) ?? true {
            kept.append(moment)
            if kept.count == cap { break }
        }
        return kept
    }

    /// The moments of `animation` in its parent's time (the layer's, or its group's), up to
    /// `end` in that time and at most `cap` of them.
    private static func moments(of animation: Animation, groupDuration: Double?, until end: Double, cap: Int) -> [Double] {
        let duration = animation.duration(inGroupOfDuration: groupDuration)
        guard duration > 0, duration.isFinite else { return [] }
        // One iteration's moments, in 0…duration.
        var simple: [Double]
        switch animation.spec {
        case .group(let children):
            simple = children.flatMap { moments(of: $0, groupDuration: duration, until: duration, cap: cap) }
                .filter { (0...duration).contains($0) }
        case .keyframe(let keyframes):
            let count = max(keyframes.values.count, 2)
            simple = (keyframes.keyTimes ?? (0..<count).map { Double($0) / Double(count - 1) }).map { $0 * duration }
        case .contents(let contents):
            // Each image's moment: where a frame-by-frame animation changes pictures.
            let count = contents.frames.count
            simple = (contents.keyTimes ?? (0...count).map { Double($0) / Double(count) }).map { $0 * duration }
        case .basic, .spring, .transition:
            simple = [0, duration]
        }
        let timing = animation.timing
        guard !simple.isEmpty, timing.speed > 0, timing.speed.isFinite else { return [] }
        // The iterations: forward, then (autoreversing) back; the active duration bounds them,
        // and the parent's `end` an endless one.
        let active = timing.activeDuration(duration: duration)
        let period = duration * (timing.autoreverses ? 2 : 1)
        let iteration = simple.sorted() + (timing.autoreverses ? simple.map { 2 * duration - $0 }.sorted() : [])
        // The local time at the parent's `end`, past which nothing shows.
        let localEnd = min(active, (end - timing.beginTime) * timing.speed + abs(timing.timeOffset) + period)
        var result: [Double] = []
        var start = 0.0
        while start <= localEnd && result.count < cap {
            for local in iteration.map({ start + $0 }) where local <= active + 1e-9 {
                // timeOffset moves the start within the active duration, wrapping round (as the
                // timing's evaluation does).
                var shifted = local - timing.timeOffset
                if timing.timeOffset != 0 && active.isFinite && active > 0 {
                    shifted = shifted.truncatingRemainder(dividingBy: active)
                    if shifted < 0 { shifted += active }
                }
                result.append(timing.beginTime + shifted / timing.speed)
            }
            start += period
        }
        return Array(result.prefix(cap))
    }
}
