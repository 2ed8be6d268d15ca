// The keys of animations: every animation's, then each class's (basic, keyframe, spring, group,
// transition).

extension AnimationKeys {
    /// The `type` key: `basic`, `keyframe`, `spring`, `group` or `transition`; required.
    public static let type = PropertyDescriptor(
        "type", .animation, .cases(of: Animation.AnimationType.self), default: .required,
        "`basic`, `keyframe`, `spring`, `group` or `transition`; required")
    /// The `keyPath` key: what it animates on its layer (not for groups and transitions); `contents` on an image layer
    /// steps through images.
    public static let keyPath = PropertyDescriptor(
        "keyPath", .animation, .string, coreAnimation: "CAPropertyAnimation.keyPath", default: .required,
        examples: ["\"opacity\"", "\"position\"", "\"transform.rotation.z\"", "\"emitterCells.spark.birthRate\""],
        "what it animates on its layer (not for groups and transitions); `contents` on an image layer steps through images")
    /// The `timingFunction` key: the pacing: a named curve or `[c1x, c1y, c2x, c2y]`.
    public static let timingFunction = PropertyDescriptor(
        "timingFunction", .animation, .timingFunction, coreAnimation: "CAAnimation.timingFunction",
        default: .choice(TimingFunction.linearName), "the pacing: a named curve or `[c1x, c1y, c2x, c2y]`")
    /// The `additive` key: its value is added to the model value (not for transitions).
    public static let additive = PropertyDescriptor(
        "additive", .animation, .boolean, coreAnimation: "CAPropertyAnimation.isAdditive", access: .value(.bool(\Animation.additive)),
        "its value is added to the model value (not for transitions)")
    /// The `cumulative` key: each repeat starts where the last ended (not for transitions).
    public static let cumulative = PropertyDescriptor(
        "cumulative", .animation, .boolean, coreAnimation: "CAPropertyAnimation.isCumulative", access: .value(.bool(\Animation.cumulative)),
        "each repeat starts where the last ended (not for transitions)")
    /// The `removedOnCompletion` key: whether it is removed when it ends (a filled animation must not be).
    public static let removedOnCompletion = PropertyDescriptor(
        "removedOnCompletion", .animation, .boolean, coreAnimation: "CAAnimation.isRemovedOnCompletion",
        access: .value(.bool(\Animation.removedOnCompletion)), "whether it is removed when it ends (a filled animation must not be)")

    static let all = [type, keyPath, timingFunction, additive, cumulative, removedOnCompletion]
    /// The keys a property animation (`CAPropertyAnimation`) has and a transition (a plain
    /// `CAAnimation`) does not.
    static let propertyAnimationOnly = [keyPath, additive, cumulative]
}

extension BasicAnimationKeys {
    /// The `fromValue` key: the start value.
    public static let fromValue = PropertyDescriptor(
        "fromValue", .basicAnimation, .keyPathValue, coreAnimation: "CABasicAnimation.fromValue", default: .derived("the model value"),
        "the start value")
    /// The `toValue` key: the end value.
    public static let toValue = PropertyDescriptor(
        "toValue", .basicAnimation, .keyPathValue, coreAnimation: "CABasicAnimation.toValue", default: .derived("the model value"),
        "the end value")
    /// The `byValue` key: the change, from `fromValue` or to `toValue`.
    public static let byValue = PropertyDescriptor(
        "byValue", .basicAnimation, .keyPathValue, coreAnimation: "CABasicAnimation.byValue", default: .none("none"),
        "the change, from `fromValue` or to `toValue`")

    static let all = [fromValue, toValue, byValue]
}

extension KeyframeAnimationKeys {
    /// The `values` key: the keyframe values (a list); for `contents`, texture names shown in turn.
    public static let values = PropertyDescriptor(
        "values", .keyframeAnimation, .keyPathValue, coreAnimation: "CAKeyframeAnimation.values", default: .required,
        "the keyframe values (a list); for `contents`, texture names shown in turn")
    /// The `keyTimes` key: when each value is reached, 0…1, non-decreasing.
    public static let keyTimes = PropertyDescriptor(
        "keyTimes", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.keyTimes", default: .derived("evenly spaced"),
        "when each value is reached, 0…1, non-decreasing")
    /// The `timingFunctions` key: one timing function per segment.
    public static let timingFunctions = PropertyDescriptor(
        "timingFunctions", .keyframeAnimation, .structure, coreAnimation: "CAKeyframeAnimation.timingFunctions",
        default: .derived("`\(TimingFunction.linearName)`"), examples: ["[\"easeIn\", \"easeOut\"]"], "one timing function per segment")
    /// The `calculationMode` key: how values between keyframes are found.
    public static let calculationMode = PropertyDescriptor(
        "calculationMode", .keyframeAnimation, .cases(of: Animation.CalculationMode.self), coreAnimation: "CAKeyframeAnimation.calculationMode",
        default: .choice(Animation.CalculationMode.linear.rawValue), "how values between keyframes are found")
    /// The `tensionValues` key: cubic mode: tightness of the curve at each keyframe.
    public static let tensionValues = PropertyDescriptor(
        "tensionValues", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.tensionValues", default: .derived("0s"),
        "cubic mode: tightness of the curve at each keyframe")
    /// The `continuityValues` key: cubic mode: sharpness of the corner at each keyframe.
    public static let continuityValues = PropertyDescriptor(
        "continuityValues", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.continuityValues", default: .derived("0s"),
        "cubic mode: sharpness of the corner at each keyframe")
    /// The `biasValues` key: cubic mode: where the curve leans at each keyframe.
    public static let biasValues = PropertyDescriptor(
        "biasValues", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.biasValues", default: .derived("0s"),
        "cubic mode: where the curve leans at each keyframe")
    /// The `path` key: a path a point value follows, instead of `values`.
    public static let path = PropertyDescriptor(
        "path", .keyframeAnimation, .path, coreAnimation: "CAKeyframeAnimation.path", default: .none("none"),
        "a path a point value follows, instead of `values`")
    /// The `rotationMode` key: along a path, turn the layer to face its direction.
    public static let rotationMode = PropertyDescriptor(
        "rotationMode", .keyframeAnimation, .cases(of: Animation.RotationMode.self), coreAnimation: "CAKeyframeAnimation.rotationMode",
        default: .none("none"), "along a path, turn the layer to face its direction")

    static let all = [values, keyTimes, timingFunctions, calculationMode, tensionValues, continuityValues, biasValues, path,
                      rotationMode]
}

extension SpringAnimationKeys {
    /// The `fromValue` key: the start value.
    public static let fromValue = PropertyDescriptor(
        "fromValue", .springAnimation, .keyPathValue, coreAnimation: "CASpringAnimation.fromValue", default: .derived("the model value"),
        "the start value")
    /// The `toValue` key: the value the spring settles at.
    public static let toValue = PropertyDescriptor(
        "toValue", .springAnimation, .keyPathValue, coreAnimation: "CASpringAnimation.toValue", default: .derived("the model value"),
        "the value the spring settles at")
    /// The `mass` key: the mass on the spring.
    public static let mass = PropertyDescriptor(
        "mass", .springAnimation, .number, range: .positive, coreAnimation: "CASpringAnimation.mass",
        access: .value(.number(\Animation.Spring.mass)), "the mass on the spring")
    /// The `stiffness` key: the spring's stiffness.
    public static let stiffness = PropertyDescriptor(
        "stiffness", .springAnimation, .number, range: .positive, coreAnimation: "CASpringAnimation.stiffness",
        access: .value(.number(\Animation.Spring.stiffness)), "the spring's stiffness")
    /// The `damping` key: the friction; 0 never settles and needs a `duration` (or a group to span).
    public static let damping = PropertyDescriptor(
        "damping", .springAnimation, .number, range: .nonNegative, coreAnimation: "CASpringAnimation.damping",
        access: .value(.number(\Animation.Spring.damping)), "the friction; 0 never settles and needs a `duration` (or a group to span)")
    /// The `initialVelocity` key: the start velocity, in units of the whole change per second.
    public static let initialVelocity = PropertyDescriptor(
        "initialVelocity", .springAnimation, .number, coreAnimation: "CASpringAnimation.initialVelocity",
        access: .value(.number(\Animation.Spring.initialVelocity)), "the start velocity, in units of the whole change per second")
    /// The `perceptualDuration` key: instead of mass, stiffness and damping: how long the spring seems to take (with
    /// `bounce`, as `CASpringAnimation(perceptualDuration:bounce:)` and UIKit's spring animations).
    public static let perceptualDuration = PropertyDescriptor(
        "perceptualDuration", .springAnimation, .number, range: .positive, unit: "s", coreAnimation: "CASpringAnimation.perceptualDuration",
        default: .none("none"),
        "instead of mass, stiffness and damping: how long the spring seems to take (with `bounce`, as `CASpringAnimation(perceptualDuration:bounce:)` and UIKit's spring animations)")
    /// The `bounce` key: with `perceptualDuration`: 0 no overshoot, up to 1 ever more bouncy, below 0 slower than
    /// critical.
    public static let bounce = PropertyDescriptor(
        "bounce", .springAnimation, .number, range: .closed(-1, 1), coreAnimation: "CASpringAnimation.bounce", default: .value(.number(0)),
        "with `perceptualDuration`: 0 no overshoot, up to 1 ever more bouncy, below 0 slower than critical")

    static let all = [fromValue, toValue, mass, stiffness, damping, initialVelocity, perceptualDuration, bounce]
    /// The keys that give the spring's physics directly, which `perceptualDuration` and
    /// `bounce` replace.
    static let physics = [mass, stiffness, damping]
}

extension GroupAnimationKeys {
    /// The `animations` key: the animations run together, timed in the group's time; a child without a `duration` spans
    /// the group.
    public static let animations = PropertyDescriptor(
        "animations", .groupAnimation, .structure, coreAnimation: "CAAnimationGroup.animations", default: .required,
        examples: ["[{\"type\": \"basic\", \"keyPath\": \"opacity\", \"toValue\": 0}, {\"type\": \"basic\", \"keyPath\": \"transform.scale\", \"toValue\": 2}]"],
        "the animations run together, timed in the group's time; a child without a `duration` spans the group")

    static let all = [animations]
}

extension TransitionAnimationKeys {
    /// The `transitionType` key: the transition: Core Animation's public types and the private ones iOS developers use
    /// (fx key name: `type` says the animation's class).
    public static let transitionType = PropertyDescriptor(
        "transitionType", .transitionAnimation, .cases(of: TransitionType.self), coreAnimation: "CATransition.type",
        access: .choice(.of(\Animation.Transition.type)),
        "the transition: Core Animation's public types and the private ones iOS developers use (fx key name: `type` says the animation's class)")
    /// The `subtype` key: the side the transition starts from.
    public static let subtype = PropertyDescriptor(
        "subtype", .transitionAnimation, .cases(of: TransitionSubtype.self), coreAnimation: "CATransition.subtype",
        access: .choice(.of(\Animation.Transition.subtype)), "the side the transition starts from")
    /// The `startProgress` key: where in the transition the animation starts.
    public static let startProgress = PropertyDescriptor(
        "startProgress", .transitionAnimation, .number, range: .unit, coreAnimation: "CATransition.startProgress",
        access: .value(.number(\Animation.Transition.startProgress)), "where in the transition the animation starts")
    /// The `endProgress` key: where in the transition the animation ends (not before `startProgress`).
    public static let endProgress = PropertyDescriptor(
        "endProgress", .transitionAnimation, .number, range: .unit, coreAnimation: "CATransition.endProgress",
        access: .value(.number(\Animation.Transition.endProgress)), "where in the transition the animation ends (not before `startProgress`)")

    static let all = [transitionType, subtype, startProgress, endProgress]
}
