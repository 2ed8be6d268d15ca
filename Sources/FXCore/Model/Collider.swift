/// A collider of an emitter layer (fx extension, an element of `colliders`): a line, circle or
/// rectangle, in the layer's coordinates, that every particle of the layer (sub-cells'
/// included) bounces off or dies on. A particle never crosses it within a step, at any step
/// rate: the test sweeps the particle's path over the step.
///
/// A particle stays on the side it starts on: one outside a circle or rectangle stays outside,
/// one inside stays inside; a line is two-sided.
public struct Collider: Sendable, Equatable {
    /// The collider's outline.
    public enum Shape: Sendable, Equatable {
        /// The segment from `from` to `to`.
        case line(from: Point, to: Point)
        /// The circle around `center`.
        case circle(center: Point, radius: Double)
        /// The axis-aligned rectangle.
        case rect(Rect)

        /// The kind of outline, as a file writes its `type`.
        public var type: ShapeType {
            switch self {
            case .line: return .line
            case .circle: return .circle
            case .rect: return .rect
            }
        }
    }

    /// The kinds of outline, by the names a file writes as `type`.
    public enum ShapeType: String, CaseIterable, Sendable {
        /// A segment, two-sided.
        case line
        /// A circle.
        case circle
        /// An axis-aligned rectangle.
        case rect
    }

    /// The collider's name, unique in the layer's list.
    public var name: String
    /// Its outline.
    public var shape: Shape
    /// The part of the velocity along the surface's normal that is kept, reversed, at a hit:
    /// 0 stops it, 1 is a perfect bounce.
    public var bounce: Double
    /// The part of the velocity along the surface that is lost at a hit, 0…1.
    public var friction: Double
    /// Whether a particle that hits it dies there, at the moment of the hit.
    public var kills: Bool

    /// A collider named `name` of `shape`.
    public init(name: String, shape: Shape, bounce: Double = 0.5, friction: Double = 0, kills: Bool = false) {
        self.name = name
        self.shape = shape
        self.bounce = bounce
        self.friction = friction
        self.kills = kills
    }
}
