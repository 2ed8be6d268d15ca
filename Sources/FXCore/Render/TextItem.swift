/// A text layer's text, for the backend to draw with its font renderer.
public struct TextItem: Sendable {
    /// The text to draw; each `\n` starts a new line.
    public var string: String
    /// A TrueType file.
    public var fontPath: String
    /// Points, in the layer's coordinates.
    public var fontSize: Double
    /// Straight alpha, tint and opacity applied.
    public var color: Color
    /// How each line sits across the width of `bounds`.
    public var alignment: TextAlignment
    /// The layer's bounds: lines start at their top, aligned within their width.
    public var bounds: Rect
    /// From the layer's coordinates to the canvas.
    public var transform: AffineTransform
}
