extension PlacedLayer {
    /// The transition drawn on the layer now, if any: the latest begun of its scheduled changes'
    /// transitions and its transition animations (`CATransition`), as Core Animation keeps one
    /// transition per layer (a new one replaces the one running, under the key `transition`).
    /// Nil once a transition has reached its end (progress 1): the layer is drawn as it is.
    public var transition: TransitionState? {
        var found = layer.scheduledTransition(at: localTime)
        for animation in model.animations {
            guard case .transition(let transition) = animation.spec else { continue }
            let duration = animation.duration
            let state = animation.timing.state(parentTime: localTime, duration: duration, holdsAfterEnd: !animation.removedOnCompletion)
            guard case .active(let local, _) = state else { continue }
            let begin = animation.timing.beginTime
            if let earlier = found, earlier.changeTime > begin { continue }
            let fraction = min(max(local / duration, 0), 1)
            let paced = animation.timingFunction?.value(at: fraction) ?? fraction
            let progress = transition.startProgress + (transition.endProgress - transition.startProgress) * paced
            let before = begin - TransitionState.lookBack
            let source = transition.layerWhenAdded ?? model
            found = TransitionState(type: transition.type, subtype: transition.subtype, progress: progress, changeTime: begin,
                                    previous: source.presentation(atLocalTime: before).contents(at: before))
        }
        guard let found, found.progress < 1 else { return nil }
        return found
    }
}
