/// A straight-alpha RGBA color with components in 0…1.
public struct Color: Equatable, Hashable, Sendable {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// The opacity, 0 (transparent) to 1 (opaque); the other components are not multiplied by it.
    public var alpha: Double

    /// The color with these components, each in 0…1; opaque unless `alpha` is given.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white: (1, 1, 1, 1).
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque black: (0, 0, 0, 1).
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Fully transparent black: (0, 0, 0, 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Component-wise product: a tint applied to a color.
    public func multiplied(by tint: Color) -> Color {
        Color(red: red * tint.red, green: green * tint.green, blue: blue * tint.blue, alpha: alpha * tint.alpha)
    }

    /// Every component clamped to 0…1, as Core Animation clamps particle colors.
    public var clamped: Color {
        Color(red: red.clamped01, green: green.clamped01, blue: blue.clamped01, alpha: alpha.clamped01)
    }
}

extension Double {
    @inlinable var clamped01: Double { Swift.min(Swift.max(self, 0), 1) }
}

extension Float {
    @inlinable var clamped01: Float { Swift.min(Swift.max(self, 0), 1) }
}
