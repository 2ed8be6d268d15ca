/// A vertex of the draw list. Its layout — two floats of position, four bytes of color, two
/// floats of texture coordinate, 20 bytes — is the one `SDL_RenderGeometryRaw` reads, so the SDL
/// module hands these buffers to SDL without converting them.
public struct DrawVertex: Equatable, Sendable {
    static let zero = DrawVertex(x: 0, y: 0, red: 0, green: 0, blue: 0, alpha: 0, u: 0, v: 0)

    /// Horizontal position in canvas points, from the canvas's left edge.
    public var x: Float
    /// Vertical position in canvas points, from the canvas's top edge (y grows downward).
    public var y: Float
    /// Red, 0…255, multiplied into the texture's color.
    public var red: UInt8
    /// Green, 0…255, multiplied into the texture's color.
    public var green: UInt8
    /// Blue, 0…255, multiplied into the texture's color.
    public var blue: UInt8
    /// Straight (not premultiplied) alpha, 0…255, multiplied into the texture's alpha.
    public var alpha: UInt8
    /// Horizontal texture coordinate, 0…1 across the whole texture (ignored without one).
    public var u: Float
    /// Vertical texture coordinate, 0…1 from the texture's top row to its bottom row.
    public var v: Float
}
