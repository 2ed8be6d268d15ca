extension Animation {
    /// The parameters of a transition animation (`CATransition`): which transition, from which
    /// side, and which part of it plays.
    public struct Transition: Sendable {
        /// The transition (`CATransition.type`, the file's `transitionType`); default `.fade`.
        public var type: TransitionType = .fade
        /// The side it starts from (`CATransition.subtype`); default `.fromLeft`, what Core
        /// Animation does with no subtype.
        public var subtype: TransitionSubtype = .fromLeft
        /// Where in the transition the animation starts, 0…1 (`CATransition.startProgress`);
        /// default 0.
        public var startProgress: Double = 0
        /// Where in the transition the animation ends, `startProgress`…1
        /// (`CATransition.endProgress`); default 1.
        public var endProgress: Double = 1
        /// The layer as it was when the transition was added at run time
        /// (``EffectPlayer/addAnimation(_:toLayer:forKey:)``): its appearance then is what the
        /// transition moves away from, so that a program adds the transition and then changes
        /// the layer, as with Core Animation. Nil for a file's transitions, which move away from
        /// the layer's appearance just before their `beginTime`. Set by the player.
        public internal(set) var layerWhenAdded: Layer?

        /// A fade from the left over the whole transition: Core Animation's defaults.
        public init() {}

        /// A transition of `type` from `subtype`'s side, playing from `startProgress` to
        /// `endProgress`.
        public init(type: TransitionType, subtype: TransitionSubtype = .fromLeft, startProgress: Double = 0, endProgress: Double = 1) {
            self.type = type
            self.subtype = subtype
            self.startProgress = startProgress
            self.endProgress = endProgress
        }
    }
}
