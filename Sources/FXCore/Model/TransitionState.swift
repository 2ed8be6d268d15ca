/// A transition being drawn on a layer at one moment: which one, how far along, and the
/// layer's old appearance it moves away from. The new appearance is the layer as presented now.
public struct TransitionState: Sendable {
    /// The transition.
    public var type: TransitionType
    /// The side it starts from.
    public var subtype: TransitionSubtype
    /// How far along, 0…1, after the timing function (and `startProgress`/`endProgress` for a
    /// transition animation).
    public var progress: Double
    /// The layer's time of the change the transition shows: a scheduled change's `time`, or a
    /// transition animation's `beginTime`.
    public var changeTime: Double
    /// The layer as it looked just before ``changeTime``: presented then, with its contents of
    /// then and no scheduled changes of its own left.
    public var previous: Layer

    /// The layer's time the old appearance is taken at: a microsecond before the change, so that
    /// what changes exactly at ``changeTime`` is not in it.
    public var previousTime: Double { changeTime - TransitionState.lookBack }

    /// How long before the change the old appearance is taken.
    public static let lookBack = 1e-6
}
