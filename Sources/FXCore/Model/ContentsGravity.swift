/// How an image layer's contents sit in its bounds: Core Animation's `contentsGravity`.
public enum ContentsGravity: String, CaseIterable, Sendable {
    /// Natural size, centred in the bounds.
    case center
    /// Natural size, centred horizontally at the top edge.
    case top
    /// Natural size, centred horizontally at the bottom edge.
    case bottom
    /// Natural size, centred vertically at the left edge.
    case left
    /// Natural size, centred vertically at the right edge.
    case right
    /// Natural size, in the top-left corner.
    case topLeft
    /// Natural size, in the top-right corner.
    case topRight
    /// Natural size, in the bottom-left corner.
    case bottomLeft
    /// Natural size, in the bottom-right corner.
    case bottomRight
    /// Stretched to fill the bounds exactly, ignoring the aspect ratio (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio, centred.
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio, centred; the excess lies outside
    /// the bounds (clipped only when the layer masks to bounds).
    case resizeAspectFill
}
