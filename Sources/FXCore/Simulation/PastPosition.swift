/// Where a particle was a moment before the step that ended now: for drawing between two steps
/// (the window's interpolation) and for the birth place of a sub-particle due inside the step.
enum PastPosition {
    /// One coordinate, `back` seconds before the step's end.
    ///
    /// A cell with forces keeps each particle's coordinate at the previous step's end (or at
    /// its birth, if later) — `previous`, `span` seconds before now — and the particle is on the
    /// line between the two. Otherwise, and further back than that, its constant acceleration
    /// gives the past exactly: x(t − b) = x − v·b + ½·a·b².
    @inline(__always)
    static func coordinate<Value: BinaryFloatingPoint>(current: Value, velocity: Value, acceleration: Value, previous: Value?,
                                                       span: Value, back: Value) -> Value {
        if let previous, span > 0, back <= span { return current + (previous - current) * (back / span) }
        return current - velocity * back + acceleration * back * back / 2
    }
}
