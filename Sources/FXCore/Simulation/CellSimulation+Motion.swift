extension CellSimulation {
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
