/// An animation attached to a layer (`CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation`, `CAAnimationGroup`, `CATransition`). Animations never change the model:
/// they produce presentation values from the layer's time (a transition, how the layer is drawn).
public struct Animation: Sendable {
    /// The Core Animation class an animation corresponds to.
    public enum AnimationType: String, CaseIterable, Sendable {
        /// `CABasicAnimation`: from one value to another.
        case basic
        /// `CAKeyframeAnimation`: through a list of values, or along a path.
        case keyframe
        /// `CASpringAnimation`: a damped spring towards a value.
        case spring
        /// `CAAnimationGroup`: child animations run in the group's time.
        case group
        /// `CATransition`: the layer's old appearance gives way to its new one.
        case transition
    }

    /// How a keyframe animation goes from value to value (`calculationMode`).
    public enum CalculationMode: String, CaseIterable, Sendable {
        /// Straight from value to value, timed by `keyTimes` (`kCAAnimationLinear`, the default).
        case linear
        /// Each value held until the next key time, with no interpolation (`kCAAnimationDiscrete`).
        case discrete
        /// Straight from value to value at constant speed; `keyTimes` and `timingFunctions`
        /// are ignored (`kCAAnimationPaced`).
        case paced
        /// Along a smooth spline through the values, timed by `keyTimes` (`kCAAnimationCubic`).
        case cubic
        /// Along the spline at constant speed; `keyTimes` and `timingFunctions` are ignored
        /// (`kCAAnimationCubicPaced`).
        case cubicPaced
    }

    /// How a layer moving along a path turns with it (`rotationMode`).
    public enum RotationMode: String, CaseIterable, Sendable {
        /// Turned to the direction of travel (`kCAAnimationRotateAuto`).
        case auto
        /// Turned to the direction of travel plus 180° (`kCAAnimationRotateAutoReverse`).
        case autoReverse
    }

    /// The values and their timing for a keyframe animation (`CAKeyframeAnimation`).
    public struct Keyframes: Sendable {
        /// Keyframes through `values`, at `keyTimes` (evenly spaced when nil), ready to evaluate.
        /// After changing `values` or `calculationMode`, call ``prepare()``.
        public init(values: [AnimatableValue], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear) {
            self.values = values
            self.keyTimes = keyTimes
            self.calculationMode = calculationMode
            keyTimesSoFar = keyTimes.map(Self.highestSoFar)
            prepare()
        }

        /// The values to go through, in order (`values`); unused when `path` is set.
        public var values: [AnimatableValue]
        /// One per value (one more for discrete), 0…1, non-decreasing; nil means evenly spaced.
        public var keyTimes: [Double]? {
            didSet { keyTimesSoFar = keyTimes.map(Self.highestSoFar) }
        }
        /// For each key time after the first, the highest of those from the second up to it:
        /// non-decreasing even if the key times are not, so that the segment at a moment is
        /// found by bisection and is still the one a scan from the start would find.
        private(set) var keyTimesSoFar: [Double]?
        /// One per segment, applied inside the segment.
        public var timingFunctions: [TimingFunction]?
        /// How to go from value to value (`calculationMode`); default `.linear`.
        public var calculationMode: CalculationMode = .linear
        /// Kochanek–Bartels parameters per value, for cubic modes (default 0).
        public var tensionValues: [Double]?
        /// Kochanek–Bartels continuity per value, for cubic modes (`continuityValues`); nil
        /// means 0 everywhere.
        public var continuityValues: [Double]?
        /// Kochanek–Bartels bias per value, for cubic modes (`biasValues`): positive leans each
        /// value's tangent towards the segment before it, negative towards the one after; nil
        /// means 0 everywhere.
        public var biasValues: [Double]?
        /// A point animation along a path, instead of `values`.
        public var path: Path? {
            didSet { sampler = path.map(PathSampler.init) }
        }
        /// The path prepared for sampling, made once when the path is set.
        public private(set) var sampler: PathSampler?
        /// For paced modes, cumulative distance at each value (paced) or at each sample of the
        /// spline (cubicPaced), made once by ``prepare()``.
        var pacedLengths: [Double]?
        var splineTable: [SplineSample]?

        struct SplineSample: Sendable {
            var segment: Int
            var local: Double
            var length: Double
        }
        /// Whether a path animation turns the layer to follow the path (`rotationMode`), by
        /// adding to its z rotation; nil (the default) leaves it unturned.
        public var rotationMode: RotationMode?
    }

    /// The parameters of a spring animation (`CASpringAnimation`).
    public struct Spring: Sendable {
        /// The start value (`fromValue`); nil starts from the layer's current presentation value.
        public var fromValue: AnimatableValue?
        /// The target value (`toValue`); nil ends at the layer's current presentation value.
        public var toValue: AnimatableValue?
        /// The mass on the spring (`mass`); default 1. A heavier mass moves slower and bounces more.
        public var mass: Double = 1
        /// The spring constant (`stiffness`); default 100. A stiffer spring moves faster.
        public var stiffness: Double = 100
        /// The friction (`damping`); default 10. More damping bounces less and settles sooner.
        public var damping: Double = 10
        /// Positive points toward the target, in units of the whole change per second.
        public var initialVelocity: Double = 0

        /// Core Animation's defaults: mass 1, stiffness 100, damping 10, no initial velocity,
        /// no from or to value.
        public init() {}
    }

    /// What an animation does: its kind, with that kind's values.
    public indirect enum Spec: Sendable {
        /// `CABasicAnimation`: from `fromValue` to `toValue`, or by `byValue` from or to either;
        /// a missing end is the layer's current presentation value.
        case basic(fromValue: AnimatableValue?, toValue: AnimatableValue?, byValue: AnimatableValue?)
        /// `CAKeyframeAnimation`: through keyframe values or along a path.
        case keyframe(Keyframes)
        /// `CASpringAnimation`: a damped spring between two values.
        case spring(Spring)
        /// `CAAnimationGroup`: the child animations, run in the group's local time.
        case group([Animation])
        /// `CATransition`: how the layer's appearance just before the animation's begin time
        /// gives way to its live appearance.
        case transition(Transition)
        /// `CAKeyframeAnimation` of `contents`: an image layer through a list of images, each
        /// shown in turn (frame-by-frame animation, as `UIImageView.animationImages`).
        case contents(ContentsKeyframes)
    }

    /// The Core Animation class this animation corresponds to, from its ``spec``.
    public var type: AnimationType {
        switch spec {
        case .basic: return .basic
        case .keyframe: return .keyframe
        case .spring: return .spring
        case .group: return .group
        case .transition: return .transition
        case .contents: return .keyframe
        }
    }
    /// The resolved key path; nil for a group or a transition.
    public var keyPath: AnimatableKeyPath? {
        didSet { writes = Writes(keyPath: keyPath, spec: spec) }
    }
    /// What the animation does, and with which values.
    public var spec: Spec {
        didSet { writes = Writes(keyPath: keyPath, spec: spec) }
    }
    /// What applying the animation writes, from ``keyPath`` and ``spec``, kept as they change
    /// (a layer's presentation asks it of every animation at every moment).
    private(set) var writes: Writes
    /// Begin time, duration, repeats, speed and fill mode, in seconds of the layer's local
    /// time (`CAMediaTiming`); Core Animation's defaults unless set.
    public var timing = MediaTiming()
    /// The pacing within each iteration (`timingFunction`); nil means linear. A group's warps
    /// the time its children see; springs ignore it.
    public var timingFunction: TimingFunction?
    /// Whether the value is added to the current presentation value instead of replacing it
    /// (`isAdditive`); default false.
    public var additive = false
    /// Whether each repeat carries on from where the previous one ended, adding one end value
    /// per completed iteration (`isCumulative`); default false.
    public var cumulative = false
    /// Whether the animation stops affecting the layer when its active interval ends
    /// (`isRemovedOnCompletion`); default true. False, with a forwards fill mode, holds the
    /// end value.
    public var removedOnCompletion = true
    /// The key it was added under at run time, as with Core Animation's
    /// `add(_:forKey:)` (``EffectPlayer/addAnimation(_:toLayer:forKey:)``): adding another
    /// under the same key replaces it. Nil for the animations of a file.
    public var key: String?
    /// Where the animation starts in the file.
    public var location: SourceLocation?
    /// What the effect's `transactions` made the animation for; nil for the animations of a
    /// file's `animations` lists and those added at run time.
    public internal(set) var transactionPart: TransactionPart?

    /// The part an animation plays for a transaction (``Effect/transactions``).
    public enum TransactionPart: Equatable, Sendable {
        /// The model value a change sets from the transaction's time on (a held animation of
        /// one value, applied before every other animation of the layer).
        case modelValue(transaction: Int)
        /// The implicit animation of a change (`CALayer`'s default action), from the value
        /// shown just before to the new one.
        case implicitAnimation(transaction: Int)
    }

    /// An animation of `keyPath` (nil for a group or a transition) doing `spec`, with default timing and no
    /// timing function.
    public init(keyPath: AnimatableKeyPath?, spec: Spec) {
        self.keyPath = keyPath
        self.spec = spec
        writes = Writes(keyPath: keyPath, spec: spec)
    }

    /// Core Animation's default duration when none is given.
    public static let defaultDuration = 0.25

    /// The simple duration of an animation on its own (not in a group): the given one, else a
    /// spring's settling duration, else 0.25 s. A group's child is timed by
    /// ``duration(inGroupOfDuration:)``.
    public var duration: Double { duration(inGroupOfDuration: nil) }

    /// The simple duration of an animation that is a child of a group whose simple duration is
    /// `groupDuration` (nil: not in a group): the given one; else, in a group, the group's — a
    /// child without a duration spans its group, as Core Animation's own `CAAnimationGroup`
    /// example and the seeds expect (a nested group passes its own on in turn); else a spring's
    /// settling duration; else Core Animation's 0.25 s.
    public func duration(inGroupOfDuration groupDuration: Double?) -> Double {
        if timing.duration > 0 { return timing.duration }
        if let groupDuration { return groupDuration }
        if case .spring(let spring) = spec { return spring.settlingDuration }
        return Animation.defaultDuration
    }
}

extension Layer {
    /// The key paths this layer's animations change (inside groups too), each once, in order.
    public var animatedKeyPaths: [String] {
        var seen: [String] = []
        func visit(_ animations: [Animation]) {
            for animation in animations {
                if case .group(let children) = animation.spec { visit(children) }
                if let path = animation.keyPath?.path, !seen.contains(path) { seen.append(path) }
                // A path animation that turns the layer also animates the transform of the layer
                // its key path reaches (`sublayers.dot.transform` for `sublayers.dot.position`).
                if case .keyframe(let keyframes) = animation.spec, keyframes.rotationMode != nil, let keyPath = animation.keyPath {
                    let transform = String(keyPath.path.dropLast(keyPath.propertyPath.count)) + LayerKeys.transform.name
                    if !seen.contains(transform) { seen.append(transform) }
                }
            }
        }
        visit(animations)
        return seen
    }
}
