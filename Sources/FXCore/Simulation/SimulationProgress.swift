/// How far a long piece of simulation work has come, counted in simulation steps: a world's
/// prewarm (``World/prewarmProgress``), or a seek done in slices
/// (``EffectPlayer/seek(to:maxSteps:)``).
///
/// Steps are what the engine counts; how long one takes is the caller's to measure.
public struct SimulationProgress: Sendable, Equatable {
    /// The steps done.
    public var completedSteps: Int
    /// The steps the work takes in all.
    public var totalSteps: Int

    /// A progress of `completedSteps` out of `totalSteps`.
    public init(completedSteps: Int, totalSteps: Int) {
        self.completedSteps = completedSteps
        self.totalSteps = totalSteps
    }

    /// Whether the work is done.
    public var isComplete: Bool { completedSteps >= totalSteps }

    /// The part done, 0…1 (1 when there was nothing to do).
    public var fraction: Double {
        totalSteps > 0 ? min(max(Double(completedSteps) / Double(totalSteps), 0), 1) : 1
    }
}
