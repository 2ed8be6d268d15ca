extension Animation {
    /// Applies the animation to a presentation layer at the layer's local time `time`.
    /// Key paths without a `fromValue` or `toValue` start from (or end at) the value the
    /// presentation layer holds when this animation is applied — the model value, or what
    /// earlier animations made of it.
    public func apply(to layer: inout Layer, at time: Double) {
        apply(to: &layer, at: time, heldByGroup: nil, groupDuration: nil)
    }

    /// - Parameters:
    ///   - heldByGroup: when an enclosing group is held by its fill mode before its start or
    ///     after its end, the children hold their first or last values too (*fx choice*: so
    ///     that a group with `fillMode: forwards` keeps its children's end state, as the
    ///     classic burst expects).
    ///   - groupDuration: for a group's child, the group's simple duration: what a child
    ///     without a duration of its own lasts (``duration(inGroupOfDuration:)``). A child's
    ///     time, the group's, may also stop exactly at its end (the top of an autoreversing
    ///     group), which still shows it.
    func apply(to layer: inout Layer, at time: Double, heldByGroup: MediaTiming.FillMode?, groupDuration: Double?) {
        let (timing, state) = timingState(at: time, heldByGroup: heldByGroup, groupDuration: groupDuration)
        guard case .active(let local, let iteration) = state else { return }
        let d = duration(inGroupOfDuration: groupDuration)
        switch spec {
        case .group(let children):
            let (childTime, held) = childrenTime(timing: timing, parentTime: time, local: local, duration: d, heldByGroup: heldByGroup)
            for child in children { child.apply(to: &layer, at: childTime, heldByGroup: held, groupDuration: d) }
        case .transition:
            // A transition changes no property: it changes how the layer is drawn
            // (``PlacedLayer/transition``).
            return
        case .contents(let contents):
            // Frame-by-frame: the image shown at this moment of the iteration, held until the
            // next key time (Core Animation's discrete mode).
            let fraction = timingFunction?.value(at: local / d) ?? local / d
            let index = contents.frame(at: fraction)
            layer.image?.contents = contents.frames[index]
            layer.image?.animation = contents.animations[index]
        case .basic, .spring, .keyframe:
            guard let keyPath else { return }
            // The value the layer holds, read only when used (a basic or spring animation
            // missing an end, an additive one): reading a key path costs a search by name.
            let readsCurrent: Bool
            if case .keyframe = spec { readsCurrent = additive } else { readsCurrent = true }
            let current = readsCurrent ? keyPath.value(on: layer) : .number(0)
            let fraction = timingFunction?.value(at: local / d) ?? local / d
            guard case (var value, let endValue, let rotation)? = evaluate(fraction: fraction, time: local, current: current) else { return }
            if cumulative && iteration > 0 {
                value = value.adding(endValue.repeated(iteration))
            }
            if additive {
                guard value.isCompatible(with: current) else { return }
                value = current.adding(value)
            }
            keyPath.set(value, on: &layer)
            if let rotation {
                // The layer that moves along the path turns: the one the key path reaches.
                layer.updateDescendant(keyPath.route[...]) { moved in
                    var transform = TransformValue(moved.transform)
                    transform.rotationZ += rotation
                    moved.transform = transform.operations
                }
            }
        }
    }

    /// For a group at `local` in its iteration (of `duration`) at the parent's `time`: the time
    /// its children see and the fill the group holds them with. Children live in the group's
    /// time, clipped by its duration, warped by its timing function; before its start or after
    /// its end they are held backwards or forwards.
    func childrenTime(timing: MediaTiming, parentTime time: Double, local: Double, duration: Double,
                      heldByGroup: MediaTiming.FillMode?) -> (time: Double, held: MediaTiming.FillMode?) {
        let raw = timing.timeIgnoringRepeats(parentTime: time)
        let held: MediaTiming.FillMode? = raw < 0 ? .backwards : (raw >= timing.activeDuration(duration: duration) ? .forwards : heldByGroup)
        return (timingFunction.map { $0.value(at: local / duration) * duration } ?? local, held)
    }

    /// The animation's timing (with a group's hold applied) and where it is at the parent's
    /// `time`: what ``apply(to:at:heldByGroup:groupDuration:)`` does, or whether it does
    /// anything.
    func timingState(at time: Double, heldByGroup: MediaTiming.FillMode?, groupDuration: Double?) -> (MediaTiming, TimingState) {
        var timing = self.timing
        // A group's child is never removed on its own: Core Animation removes (or keeps) the
        // animation added to the layer, the group, and a child's fillMode alone decides what it
        // shows outside its own interval within the group's time (seed 002's iQiyi timer, as
        // a group, holds strokeEnd forwards this way).
        var holdsAfterEnd = groupDuration != nil || !removedOnCompletion
        let d = duration(inGroupOfDuration: groupDuration)
        if let held = heldByGroup {
            // Only a child still running when the group stopped (or already running when it
            // started) is held; one that had finished stays finished.
            let raw = timing.timeIgnoringRepeats(parentTime: time)
            let running = held == .forwards ? raw <= timing.activeDuration(duration: d) + 1e-9 : raw >= -1e-9
            if running {
                timing.fillMode = held
                holdsAfterEnd = true
            }
        }
        let state = timing.state(parentTime: time, duration: d, holdsAfterEnd: holdsAfterEnd, inclusiveEnd: groupDuration != nil)
        return (timing, state)
    }

    /// What applying an animation writes, when it is active.
    struct Writes: Sendable {
        /// Nothing but its key path's value (a path animation with a rotation mode also turns
        /// the layer; a group, a transition or frames write no key path).
        var onlyItsKeyPath = false
        /// Its key path, with a value that does not depend on the layer's, unless it is
        /// additive: a keyframe animation with values (or a path), or a basic animation from a
        /// value to a value, of the key path's kind. An earlier animation of the same key path
        /// then changes nothing.
        var aValueOfItsOwn = false

        init(keyPath: AnimatableKeyPath?, spec: Spec) {
            guard let keyPath else { return }
            switch spec {
            case .basic(let from, let to, _):
                onlyItsKeyPath = true
                if let from, let to { aValueOfItsOwn = from.isCompatible(with: to) && from.kind == keyPath.kind }
            case .spring:
                onlyItsKeyPath = true
            case .keyframe(let keyframes):
                onlyItsKeyPath = keyframes.rotationMode == nil || keyframes.sampler == nil
                if let sampler = keyframes.sampler {
                    aValueOfItsOwn = sampler.segmentCount > 0 && keyPath.kind == .point
                } else {
                    aValueOfItsOwn = keyframes.values.first?.kind == keyPath.kind
                }
            case .group, .transition, .contents:
                break
            }
        }
    }

    /// The value at `fraction` (after the animation's timing function) of one iteration, the
    /// iteration's end value (for cumulative), and for path animations with a rotation mode,
    /// the angle to turn the layer by.
    func evaluate(fraction: Double, time: Double, current: AnimatableValue) -> (AnimatableValue, AnimatableValue, Double?)? {
        switch spec {
        case .basic(let from, let to, let by):
            let start: AnimatableValue, end: AnimatableValue
            switch (from, to, by) {
            case (let f?, let t?, _): (start, end) = (f, t)
            case (let f?, nil, let b?): (start, end) = (f, f.adding(b))
            case (nil, let t?, let b?): (start, end) = (t.subtracting(b), t)
            case (let f?, nil, nil): (start, end) = (f, current)
            case (nil, let t?, nil): (start, end) = (current, t)
            case (nil, nil, let b?): (start, end) = (current, current.adding(b))
            case (nil, nil, nil): return nil
            }
            guard start.isCompatible(with: end) else { return nil }
            return (start.interpolated(to: end, fraction), end, nil)
        case .spring(let spring):
            let start = spring.fromValue ?? current, end = spring.toValue ?? current
            guard start.isCompatible(with: end) else { return nil }
            // Springs follow physics in real time; the timing function does not apply.
            return (start.interpolated(to: end, 1 - spring.displacement(at: time)), end, nil)
        case .keyframe(let keyframes):
            return keyframes.evaluate(fraction)
        case .group, .transition, .contents:
            return nil
        }
    }
}

extension Animation.Keyframes {
    /// The value at `fraction` of the animation, the last value, and the path rotation.
    func evaluate(_ fraction: Double) -> (AnimatableValue, AnimatableValue, Double?)? {
        if let sampler {
            guard sampler.segmentCount > 0 else { return nil }
            let located: (point: Point, angle: Double)
            switch calculationMode {
            case .paced, .cubicPaced:
                located = sampler.point(distance: fraction * sampler.length)
            case .discrete:
                // The path's points (each segment's start, then the last end) held in turn.
                let index = discreteIndex(fraction, count: sampler.segmentCount + 1)
                located = index == 0 ? sampler.point(segment: 0, fraction: 0) : sampler.point(segment: index - 1, fraction: 1)
            case .linear, .cubic:
                let (segment, local) = segmentAndFraction(fraction, count: sampler.segmentCount)
                located = sampler.point(segment: segment, fraction: local)
            }
            let end = sampler.point(segment: sampler.segmentCount - 1, fraction: 1).point
            let rotation = rotationMode.map { $0 == .auto ? located.angle : located.angle + .pi }
            return (.point(located.point), .point(end), rotation)
        }
        guard let last = values.last else { return nil }
        if values.count == 1 { return (last, last, nil) }
        switch calculationMode {
        case .discrete:
            return (values[discreteIndex(fraction, count: values.count)], last, nil)
        case .linear:
            let (segment, local) = segmentAndFraction(fraction, count: values.count - 1)
            return (values[segment].interpolated(to: values[segment + 1], local), last, nil)
        case .cubic:
            let (segment, local) = segmentAndFraction(fraction, count: values.count - 1)
            return (spline(segment, local), last, nil)
        case .paced:
            // Constant speed: time is shared out by the distance between values.
            let lengths = pacedLengths ?? Self.pacedLengths(values)
            let target = fraction * lengths.last!
            guard lengths.last! > 0 else { return (values[0], last, nil) }
            let (low, high) = lengths.bracketing { $0 <= target }
            let span = lengths[high] - lengths[low]
            let local = span > 0 ? (target - lengths[low]) / span : 0
            return (values[low].interpolated(to: values[high], min(max(local, 0), 1)), last, nil)
        case .cubicPaced:
            // The spline through the values, travelled at constant speed: its arc length is
            // tabulated once, then inverted.
            let table = splineTable ?? splineSamples()
            let total = table.last!.length
            guard total > 0 else { return (values[0], last, nil) }
            let target = fraction * total
            let (low, high) = table.bracketing { $0.length <= target }
            let a = table[low], b = table[high]
            let t = b.length > a.length ? (target - a.length) / (b.length - a.length) : 0
            let local = a.segment == b.segment ? a.local + (b.local - a.local) * t : b.local * t
            return (spline(b.segment, min(max(local, 0), 1)), last, nil)
        }
    }

    /// Makes the tables paced modes need, once, so that evaluating is a binary search.
    public mutating func prepare() {
        guard values.count > 1 else { return }
        switch calculationMode {
        case .paced: pacedLengths = Self.pacedLengths(values)
        case .cubicPaced: splineTable = splineSamples()
        default: break
        }
    }

    static func pacedLengths(_ values: [AnimatableValue]) -> [Double] {
        var lengths = [0.0]
        for index in 1..<values.count { lengths.append(lengths[index - 1] + values[index - 1].distance(to: values[index])) }
        return lengths
    }

    /// The spline's arc length at 32 samples per segment (fewer for thousands of values, so the
    /// table stays under 100 000 samples).
    func splineSamples() -> [SplineSample] {
        let samples = max(1, min(32, 100_000 / max(values.count - 1, 1)))
        var table = [SplineSample(segment: 0, local: 0, length: 0)]
        var previous = values[0]
        for segment in 0..<(values.count - 1) {
            for step in 1...samples {
                let local = Double(step) / Double(samples)
                let value = spline(segment, local)
                table.append(SplineSample(segment: segment, local: local, length: table.last!.length + previous.distance(to: value)))
                previous = value
            }
        }
        return table
    }

    /// Which of `count` discretely held values shows at `fraction`: value i holds from key time
    /// i until key time i + 1 (key times evenly spaced at i / count when not given).
    func discreteIndex(_ fraction: Double, count: Int) -> Int {
        if let times = keyTimes, times.count >= count, let search = keyTimesSoFar {
            return Self.firstTime(after: fraction, before: count) { search[$0] } - 1
        }
        return Self.firstTime(after: fraction, before: count) { Double($0) / Double(count) } - 1
    }

    /// The first index i in 1..<end whose `time(i)` is after `fraction`, else `end`: where a
    /// scan from i = 1 stops. `time` must not decrease (``keyTimesSoFar``, or evenly spaced
    /// times), so it is found by bisection: a keyframe animation costs the logarithm of its
    /// number of values per evaluation. A fraction that is not a number stops the scan at once.
    static func firstTime(after fraction: Double, before end: Int, _ time: (Int) -> Double) -> Int {
        guard end > 1, !fraction.isNaN else { return 1 }
        var low = 1, high = end
        while low < high {
            let middle = low + (high - low) / 2
            if time(middle) > fraction { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Each time, the highest of the times from the second up to it (a time that is not a
    /// number counts as past every fraction, as it stops a scan); the first is kept as is.
    static func highestSoFar(_ times: [Double]) -> [Double] {
        var highest = -Double.infinity
        return times.enumerated().map { index, time in
            guard index > 0 else { return time }
            highest = time.isNaN ? .infinity : max(highest, time)
            return highest
        }
    }

    /// Which of `count` segments `fraction` falls in, and where inside it (after that
    /// segment's timing function), by `keyTimes` or evenly.
    func segmentAndFraction(_ fraction: Double, count: Int) -> (Int, Double) {
        let start: Double, end: Double, segment: Int
        if let times = keyTimes, times.count == count + 1, let search = keyTimesSoFar {
            segment = Self.firstTime(after: fraction, before: count) { search[$0] } - 1
            (start, end) = (times[segment], times[segment + 1])
        } else {
            segment = Self.firstTime(after: fraction, before: count) { Double($0) / Double(count) } - 1
            (start, end) = (Double(segment) / Double(count), Double(segment + 1) / Double(count))
        }
        let span = end - start
        var local = span > 0 ? (fraction - start) / span : 1
        local = min(max(local, 0), 1)
        if let functions = timingFunctions, !functions.isEmpty {
            local = functions[min(segment, functions.count - 1)].value(at: local)
        }
        return (segment, local)
    }

    /// The Kochanek–Bartels spline between values `i` and `i + 1` at `s` (Catmull-Rom when
    /// tension, continuity and bias are 0): it passes through every value.
    func spline(_ i: Int, _ s: Double) -> AnimatableValue {
        let p0 = values[max(i - 1, 0)], p1 = values[i], p2 = values[i + 1], p3 = values[min(i + 2, values.count - 1)]
        func parameters(_ index: Int) -> (Double, Double, Double) {
            (tensionValues?[index] ?? 0, continuityValues?[index] ?? 0, biasValues?[index] ?? 0)
        }
        // Outgoing tangent at p1, incoming tangent at p2.
        let (t1, c1, b1) = parameters(i)
        let (t2, c2, b2) = parameters(i + 1)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        if case .number(let x0) = p0, case .number(let x1) = p1, case .number(let x2) = p2, case .number(let x3) = p3 {
            // One number (a birth rate, an opacity): the same arithmetic as below, without
            // the vectors of components, as this runs for every sample of a rate integral.
            let m1 = (1 - t1) * (1 + c1) * (1 + b1) / 2 * (x1 - x0) + (1 - t1) * (1 - c1) * (1 - b1) / 2 * (x2 - x1)
            let m2 = (1 - t2) * (1 - c2) * (1 + b2) / 2 * (x2 - x1) + (1 - t2) * (1 + c2) * (1 - b2) / 2 * (x3 - x2)
            return .number(h00 * x1 + h10 * m1 + h01 * x2 + h11 * m2)
        }
        let outgoing = p1.subtracting(p0).combined((1 - t1) * (1 + c1) * (1 + b1) / 2, p2.subtracting(p1), (1 - t1) * (1 - c1) * (1 - b1) / 2)
        let incoming = p2.subtracting(p1).combined((1 - t2) * (1 - c2) * (1 + b2) / 2, p3.subtracting(p2), (1 - t2) * (1 + c2) * (1 - b2) / 2)
        let x = p1.components, m1 = outgoing.components, y = p2.components, m2 = incoming.components
        var result = [Double](repeating: 0, count: x.count)
        for k in 0..<x.count { result[k] = h00 * x[k] + h10 * m1[k] + h01 * y[k] + h11 * m2[k] }
        return p1.with(components: result)
    }
}

extension Layer {
    /// The layer with its animations applied at the layer's local time `time`: what Core
    /// Animation calls the presentation layer.
    ///
    /// An animation whose key path a later one replaces at that time (``Animation`` values are
    /// applied in order, each over the last) is not evaluated: sixty keyframe animations of
    /// one key path cost one evaluation, not sixty.
    public func presentation(atLocalTime time: Double) -> Layer {
        var presentation = self
        guard animations.count > 1 else {
            for animation in animations { animation.apply(to: &presentation, at: time) }
            return presentation
        }
        // From the last: the key paths an active animation sets to a value of its own.
        var replaced: [Bool] = Array(repeating: false, count: animations.count)
        var settled: [String] = []
        for index in animations.indices.reversed() {
            let writes = animations[index].writes
            guard writes.onlyItsKeyPath || writes.aValueOfItsOwn, let path = animations[index].keyPath?.path else { continue }
            if writes.onlyItsKeyPath, settled.contains(path) {
                replaced[index] = true
                continue
            }
            if writes.aValueOfItsOwn, !animations[index].additive,
               case .active = animations[index].timingState(at: time, heldByGroup: nil, groupDuration: nil).1 {
                settled.append(path)
            }
        }
        for index in animations.indices where !replaced[index] { animations[index].apply(to: &presentation, at: time) }
        return presentation
    }
}
