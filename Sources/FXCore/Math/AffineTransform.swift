/// A 2D affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty (Core Graphics' layout).
public struct AffineTransform: Equatable, Sendable {
    /// The factor of x in x' (1 in the identity).
    public var a: Double
    /// The factor of x in y' (0 in the identity).
    public var b: Double
    /// The factor of y in x' (0 in the identity).
    public var c: Double
    /// The factor of y in y' (1 in the identity).
    public var d: Double
    /// The horizontal translation, in points, added to x'.
    public var tx: Double
    /// The vertical translation, in points, added to y'.
    public var ty: Double

    /// The transform with these entries, as `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is (`CGAffineTransform.identity`).
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by `x` and `y` points.
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `sx` horizontally and `sy` vertically, about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin, clockwise on screen for positive
    /// angles (y down).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let cosine = cos(angle), sine = sin(angle)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// `point` transformed: (a·x + c·y + tx, b·x + d·y + ty).
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Whether every entry is exactly the identity's.
    public var isIdentity: Bool { self == .identity }

    /// The inverse transform, or nil when this one flattens the plane.
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard abs(determinant) > 1e-12 else { return nil }
        return AffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                               tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
