/// A gradient layer's properties (`CAGradientLayer`): colors at locations along an axis, a
/// radius or an angle, over the layer's bounds.
public struct GradientProperties: Sendable, Equatable {
    /// How the gradient's parameter runs over the bounds; `CAGradientLayer.type`.
    public enum GradientType: String, CaseIterable, Sendable {
        /// Along the line from `startPoint` to `endPoint` (the default).
        case axial
        /// Out from `startPoint`, reaching the last color at `endPoint` (fx choice).
        case radial
        /// Around `startPoint`, angle 0 toward `endPoint`, a full turn clockwise (fx choice).
        case conic
    }

    /// How the colors are laid out (default `.axial`); the file's `gradientType`.
    public var gradientType: GradientType = .axial
    /// The colors, in order (default none: nothing drawn); `CAGradientLayer.colors`.
    public var colors: [Color] = []
    /// Where each color sits, 0…1 along the gradient; empty (the default) or not one per color
    /// spreads them evenly. `CAGradientLayer.locations`.
    public var locations: [Double] = []
    /// Where the gradient starts, in unit coordinates of the bounds (default [0.5, 0]);
    /// `CAGradientLayer.startPoint`.
    public var startPoint = Point(x: 0.5, y: 0)
    /// Where it ends, in unit coordinates of the bounds (default [0.5, 1]);
    /// `CAGradientLayer.endPoint`.
    public var endPoint = Point(x: 0.5, y: 1)

    /// A gradient with Core Animation's defaults: axial, top to bottom, no colors.
    public init() {}
}
