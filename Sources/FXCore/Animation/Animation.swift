/// A keypath animation attached to a layer (`CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation`, `CAAnimationGroup`). Animations never change the model: they produce
/// presentation values from the layer's time.
public struct Animation: Sendable {
    public enum AnimationType: String, CaseIterable, Sendable {
        case basic, keyframe, spring, group
    }

    public enum CalculationMode: String, CaseIterable, Sendable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    public enum RotationMode: String, CaseIterable, Sendable {
        case auto, autoReverse
    }

    public struct Keyframes: Sendable {
        public var values: [AnimatableValue]
        /// One per value (one more for discrete), 0…1, non-decreasing; nil means evenly spaced.
        public var keyTimes: [Double]?
        /// One per segment, applied inside the segment.
        public var timingFunctions: [TimingFunction]?
        public var calculationMode: CalculationMode = .linear
        /// Kochanek–Bartels parameters per value, for cubic modes (default 0).
        public var tensionValues: [Double]?
        public var continuityValues: [Double]?
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
        public var rotationMode: RotationMode?
    }

    public struct Spring: Sendable {
        public var fromValue: AnimatableValue?
        public var toValue: AnimatableValue?
        public var mass: Double = 1
        public var stiffness: Double = 100
        public var damping: Double = 10
        /// Positive points toward the target, in units of the whole change per second.
        public var initialVelocity: Double = 0

        public init() {}
    }

    public indirect enum Spec: Sendable {
        case basic(fromValue: AnimatableValue?, toValue: AnimatableValue?, byValue: AnimatableValue?)
        case keyframe(Keyframes)
        case spring(Spring)
        case group([Animation])
    }

    public var type: AnimationType { 
        switch spec {
        case .basic: return .basic
        case .keyframe: return .keyframe
        case .spring: return .spring
        case .group: return .group
        }
    }
    /// The resolved key path; nil for a group.
    public var keyPath: AnimatableKeyPath?
    public var spec: Spec
    public var timing = MediaTiming()
    public var timingFunction: TimingFunction?
    public var additive = false
    public var cumulative = false
    public var removedOnCompletion = true
    /// The key it was added under at run time, as with Core Animation's
    /// `add(_:forKey:)` (``EffectPlayer/addAnimation(_:toLayer:forKey:)``): adding another
    /// under the same key replaces it. Nil for the animations of a file.
    public var key: String?
    /// Where the animation starts in the file.
    public var location: SourceLocation?

    public init(keyPath: AnimatableKeyPath?, spec: Spec) {
        self.keyPath = keyPath
        self.spec = spec
    }

    /// Core Animation's default duration when none is given.
    public static let defaultDuration = 0.25

    /// The simple duration: the given one, else a spring's settling duration, else 0.25 s.
    public var duration: Double {
        if timing.duration > 0 { return timing.duration }
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
                if case .keyframe(let keyframes) = animation.spec, keyframes.rotationMode != nil, !seen.contains("transform") {
                    seen.append("transform")
                }
            }
        }
        visit(animations)
        return seen
    }
}
