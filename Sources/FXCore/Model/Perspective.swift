/// A perspective projection (m34 = −1/distance) about a point of the canvas: a point at depth
/// z is drawn at centre + (p − centre) / (1 − z / distance), and scaled by the same factor.
public struct Perspective: Sendable, Equatable {
    /// The centre of projection in canvas points: the anchor point of the layer whose
    /// `sublayerTransform` holds the perspective.
    public var center: Point
    /// The eye's distance d in points, from `{"perspective": d}`; points at z ≥ d are behind
    /// the eye.
    public var distance: Double
}
