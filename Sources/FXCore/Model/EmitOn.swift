/// When a sub-cell emits from its parent particle (fx extension `emitOn`).
public enum EmitOn: String, CaseIterable, Sendable {
    /// Throughout the parent's life, at the sub-cell's `birthRate`, as Core Animation does
    /// (and `burstCount` at once when the sub-cell starts emitting, repeated every
    /// `burstInterval`). The default.
    case life
    /// `burstCount` particles when the parent is born, where it is born.
    case birth
    /// `burstCount` particles when the parent dies, where it dies: a rocket that explodes at
    /// the end of its flight, whatever the step rate.
    case death
}
