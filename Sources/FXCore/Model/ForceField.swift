/// A force field of an emitter layer (fx extension, an element of `fields`): an acceleration
/// that acts on every particle of the layer, sub-cells' included, in the layer's coordinates.
/// Its `strength` and `position` animate by key path (`fields.NAME.strength`).
public struct ForceField: Sendable, Equatable {
    /// What the field does.
    public enum Kind: String, CaseIterable, Sendable {
        /// Pulls particles toward ``ForceField/position`` (a negative strength pushes away).
        case attractor
        /// Turns particles around ``ForceField/position``: acceleration perpendicular to the
        /// direction from it, clockwise on screen for a positive strength.
        case vortex
        /// Pushes particles along ``ForceField/direction`` (wind).
        case directional
    }

    /// How the field weakens with the distance d from its position.
    public enum Falloff: String, CaseIterable, Sendable {
        /// Full strength everywhere (within the radius, when there is one).
        case none
        /// 1 − d / radius: full at the position, 0 at the radius.
        case linear
        /// 1 / (1 + (d / 10 pt)²): full at the position, half at 10 points, then falling as
        /// the inverse square of the distance (softened by the 10-point core so that it never
        /// blows up near the centre).
        case inverseSquare
    }

    /// The distance, points, inside which an inverse-square field is softened:
    /// factor = 1 / (1 + (d / core)²).
    public static let inverseSquareCore = 10.0

    /// The field's name, unique in the layer's list: the `NAME` of `fields.NAME.strength`.
    public var name: String
    /// What it does.
    public var kind: Kind
    /// Its centre, in the layer's coordinates, points.
    public var position: Point
    /// The acceleration at full strength, points/s².
    public var strength: Double
    /// The distance beyond which the field does nothing, points; 0 is unbounded.
    public var radius: Double
    /// How it weakens with distance.
    public var falloff: Falloff
    /// For a directional field: where it pushes, radians from +x (y down: π/2 is down).
    public var direction: Double

    /// A field named `name` of `kind` at `position`.
    public init(name: String, kind: Kind, position: Point = .zero, strength: Double = 0, radius: Double = 0,
                falloff: Falloff = .none, direction: Double = 0) {
        self.name = name
        self.kind = kind
        self.position = position
        self.strength = strength
        self.radius = radius
        self.falloff = falloff
        self.direction = direction
    }
}
