/// Which side a transition starts from (`CATransitionSubtype`): the new appearance enters from
/// that side, and the motion runs away from it.
public enum TransitionSubtype: String, CaseIterable, Sendable {
    /// The transition begins at the layer's left side (`kCATransitionFromLeft`): what Core
    /// Animation does when no subtype is set, so it is the default.
    case fromLeft
    /// The transition begins at the right side (`kCATransitionFromRight`).
    case fromRight
    /// The transition begins at the top (`kCATransitionFromTop`).
    case fromTop
    /// The transition begins at the bottom (`kCATransitionFromBottom`).
    case fromBottom

    /// The direction things move, as a unit vector in the layer's coordinates (y down).
    public var motion: Point {
        switch self {
        case .fromRight: return Point(x: -1, y: 0)
        case .fromLeft: return Point(x: 1, y: 0)
        case .fromTop: return Point(x: 0, y: 1)
        case .fromBottom: return Point(x: 0, y: -1)
        }
    }
}
