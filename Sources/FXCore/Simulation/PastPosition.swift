/// Where a particle was a moment before the step that ended now: for drawing between two steps
/// (the window's interpolation, through ``CellRewind``), for a trail's samples and for the birth
/// place of a sub-particle due inside the step.
enum PastPosition {
    /// One coordinate, `back` seconds before the step's end.
    ///
    /// A cell with forces keeps each particle's coordinate at the previous step's end (or at
    /// its birth, if later) — `previous`, `span` seconds before now — and the particle is on the
    /// line between the two. Otherwise, and further back than that, its constant acceleration
    /// gives the past exactly: x(t − b) = x − v·b + ½·a·b².
    ///
    /// Written once over ``Lane``: the simulation (in double precision), the draw list's quads
    /// and trails (single) and its column loop (eight particles in lanes) take the same steps.
    @inline(__always)
    static func coordinate<Value: Lane>(current: Value, velocity: Value, acceleration: Value, previous: Value?,
                                        span: Value, back: Value) -> Value {
        let exact = current - velocity * back + acceleration * back * back / Value.two
        guard let previous else { return exact }
        let onLine = Value.both(Value.isPositive(span), Value.isAtMost(back, span))
        return Value.choose(current + (previous - current) * (back / span), where: onLine, else: exact)
    }

    /// One component of the velocity `back` seconds before the step's end, under the cell's
    /// constant acceleration: v(t − b) = v − a·b.
    @inline(__always)
    static func velocity<Value: Lane>(current: Value, acceleration: Value, back: Value) -> Value {
        current - acceleration * back
    }
}
