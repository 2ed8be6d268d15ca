/// The textures every install has, drawn procedurally: white shapes with anti-aliased alpha,
/// so a cell's color tints them. Each is drawn from a signed distance function, and a pixel's
/// alpha is the shape's coverage of it.
public enum BuiltinTexture: String, CaseIterable, Sendable {
    /// A filled circle with a crisp edge, 64 × 64 pixels.
    case circle
    /// A soft round blob, 64 × 64: alpha falls smoothly from 1 at the centre to 0 at the rim.
    case disc
    /// A filled square, 64 × 64 pixels.
    case square
    /// A filled rectangle twice as wide as it is tall, 64 × 32 pixels.
    case rect
    /// An equilateral triangle pointing up, 64 × 64 pixels.
    case triangle
    /// A five-pointed star pointing up, 64 × 64 pixels.
    case star
    /// A streak along x, 64 × 16 pixels: a bright core fading toward the tips and the sides.
    case spark
    /// A circle outline whose band is about a fifth of the texture wide, 64 × 64 pixels.
    case ring
    /// A heart, point down, 64 × 64 pixels.
    case heart
    /// A six-armed snowflake, each arm with two branches, 64 × 64 pixels.
    case snowflake

    /// Pixel size; at `contentsScale` 1 and `scale` 1 a particle is this many points.
    public var pixelSize: Size {
        switch self {
        case .rect: return Size(width: 64, height: 32)
        case .spark: return Size(width: 64, height: 16)
        default: return Size(width: 64, height: 64)
        }
    }
}
