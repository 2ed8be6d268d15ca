extension CellSimulation {
    /// Runs the motion passes over the particles in `range`, for a step of `duration` seconds
    /// ending at layer time `end` whose other forces have already moved them: the cell's
    /// turbulence and the layer's fields (at each particle's midpoint, second order), then the
    /// layer's colliders (swept from the position at the step's start, which the
    /// previous-position column holds).
    func applyMotionPasses(range: Range<Int>, duration: Float, end: Double) {
        guard let column = previousPositionColumn, duration > 0, !range.isEmpty else { return }
        let store = particles
        let previousX = store.extra[column], previousY = store.extra[column + 1]
        if turbulence != nil || fields != nil {
            // How a constant acceleration moves a particle over the step: under damping as
            // ForceStep solves it, else x += ½·a·dt², v += a·dt.
            let (gain, factor) = accelerationFactors(duration: duration)
            turbulence?.apply(to: store, range: range, previousX: previousX, previousY: previousY,
                              middle: end - Double(duration) / 2, gain: gain, accelerationFactor: factor)
            fields?.apply(to: store, range: range, previousX: previousX, previousY: previousY, gain: gain, accelerationFactor: factor)
        }
        colliders?.apply(to: store, range: range, previousX: previousX, previousY: previousY, duration: Double(duration), end: end)
    }

    /// How a constant acceleration moves a particle over a step of `duration`: v += a·gain,
    /// x += a·accelerationFactor — under damping as ``ForceStep`` solves it, else dt and ½·dt².
    func accelerationFactors(duration: Float) -> (gain: Float, accelerationFactor: Float) {
        if presented.extensions.hasForces {
            let step = forceStep(duration: Double(duration))
            return (step.gain, step.accelerationFactor)
        }
        return (duration, duration * duration / 2)
    }
}
