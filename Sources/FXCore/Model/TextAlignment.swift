/// Where lines sit across a text layer's bounds.
public enum TextAlignment: String, CaseIterable, Sendable {
    /// Lines start at the bounds' left edge.
    case left
    /// Lines are centred across the bounds.
    case center
    /// Lines end at the bounds' right edge.
    case right
}
