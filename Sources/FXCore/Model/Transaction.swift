/// A scheduled set of model changes made together, as code does inside one `CATransaction`
/// (`layer.strokeEnd = 1`): the effect's `transactions`. At ``time`` each key path's model
/// value changes; a change Core Animation animates implicitly runs an animation from the value
/// shown just before to the new one, for ``animationDuration`` with ``timingFunction``, unless
/// ``disableActions`` is set (see ``Effect/transactions``).
public struct Transaction: Sendable {
    /// One model change: the layer it is made on, the key path there, and the new value.
    public struct Change: Sendable {
        /// The unique name (``Layer/identifier``) of the layer the key path's property is on:
        /// the layer the written `LAYER.KEYPATH` reaches, a sublayer or mask included.
        public var layer: String
        /// The key path on that layer (without its layer part).
        public var keyPath: AnimatableKeyPath
        /// The new model value.
        public var value: AnimatableValue
        /// The key as written in the file (`ring.strokeEnd`).
        public var written: String

        /// A change of `keyPath` on the layer named `layer` to `value`.
        public init(layer: String, keyPath: AnimatableKeyPath, value: AnimatableValue, written: String) {
            self.layer = layer
            self.keyPath = keyPath
            self.value = value
            self.written = written
        }

        /// Whether this change animates when actions are enabled. Everything a key path reaches
        /// does, as Core Animation's implicit actions animate every property its headers mark
        /// "Animatable", but:
        /// - a shape layer's `path`: "although the path property is animatable, no implicit
        ///   animation will be created when the property is changed" (`CAShapeLayer.h`);
        /// - a whole number (`instanceCount`, which `CAReplicatorLayer.h` does not mark
        ///   animatable);
        /// - a flag (`hidden`, `masksToBounds`, a cell's `enabled`): *fx choice*, there is
        ///   nothing to show between `false` and `true`, so the new value shows at once.
        public var animatesImplicitly: Bool {
            if keyPath.kind == .bool || keyPath.property == ShapeLayerKeys.path { return false }
            if keyPath.wholeProperty?.form == .integer { return false }
            return true
        }
    }

    /// When the changes are made, in seconds of effect time (converted once into each layer's
    /// own time through its and its ancestors' media timing).
    public var time: Double
    /// The changes, in the file's order.
    public var changes: [Change] = []
    /// How long the implicit animations last (`CATransaction.animationDuration`); default
    /// 0.25 s, ``Transaction/defaultAnimationDuration``.
    public var animationDuration: Double = Transaction.defaultAnimationDuration
    /// The pacing of the implicit animations (`CATransaction.animationTimingFunction`); nil
    /// means ``Transaction/defaultTimingFunction``.
    public var timingFunction: TimingFunction?
    /// Whether the changes jump instead of animating (`CATransaction.disableActions`); default
    /// false.
    public var disableActions = false
    /// Where the transaction starts in the file.
    public var location: SourceLocation?

    /// A transaction at `time` (seconds) with no changes yet and Core Animation's defaults.
    public init(time: Double) {
        self.time = time
    }

    /// `CATransaction.animationDuration`'s default: 0.25 s (Apple: "Returns the animation
    /// duration used by all animations within this transaction group … Default is 0.25").
    public static let defaultAnimationDuration = 0.25

    /// The pacing of an implicit animation when the transaction gives no timing function:
    /// `kCAMediaTimingFunctionDefault`, cubic (0.25, 0.1, 0.25, 1.0), "the curve used by
    /// implicit animations created by Core Animation" (Apple's `CAMediaTimingFunction.h`).
    /// `CATransaction.animationTimingFunction` is nil by default, which leaves each action its
    /// own function ("when set to a non-nil value any animations added to layers will have
    /// this value set as their 'timingFunction' property", `CATransaction.h`). Not linear, the
    /// pacing of an explicit animation without a timing function. The one place this choice
    /// is made.
    public static let defaultTimingFunction = TimingFunction.default

    /// The name effect files write ``defaultTimingFunction`` with (`"default"`), for the
    /// documentation and the schema.
    public static var defaultTimingFunctionName: String {
        TimingFunction.names.first { TimingFunction.named[$0] == defaultTimingFunction } ?? TimingFunction.linearName
    }

    /// The timing function the implicit animations use: the transaction's, else
    /// ``defaultTimingFunction``.
    public var effectiveTimingFunction: TimingFunction { timingFunction ?? Transaction.defaultTimingFunction }
}

extension Transaction: PropertyModel {
    /// What an object that writes none of its keys decodes to.
    public static var unwritten: Transaction { Transaction(time: 0) }
}
