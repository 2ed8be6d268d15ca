/// How each particle of a cell picks its entry of the cell's `colors` and `contentsChoices`
/// (fx extension `paletteOrder`).
public enum PaletteOrder: String, CaseIterable, Sendable {
    /// Each particle draws an entry uniformly, from its own seeded random stream (the default).
    case random
    /// The k-th particle the cell emits takes entry k mod n, as pixi-particle-emitter's
    /// `textureOrdered` does.
    case sequential
}
