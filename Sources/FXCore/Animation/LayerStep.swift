/// One step of a key path from a layer to a layer below it: its `mask`, or one of its
/// `sublayers` (by position in the file's list). Key paths chain them —
/// `title.mask.locations`, `ring.sublayers.dot.opacity`, `ring.sublayers[0].mask.opacity` — and
/// an animation's key path may start with them to animate a layer below the one it is added to.
public enum LayerStep: Equatable, Hashable, Sendable {
    /// The layer's mask (`mask`).
    case mask
    /// The sublayer at this index of the layer's `sublayers` (`sublayers.NAME` or `sublayers[INDEX]`).
    case sublayer(Int)
}
