#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 4×4 transform in Core Animation's layout (`CATransform3D`): points are row vectors,
/// [x y z 1] · M, so `m34 = −1/d` makes w = 1 − z/d, a perspective seen from distance d.
public struct Matrix4: Equatable, Sendable {
    /// The 16 entries, row by row: `m[row * 4 + column]`, so Core Animation's `m34` is `m[11]`.
    public var m: [Double]   // row-major: m[row * 4 + column]

    /// The matrix with these 16 entries, row by row (`m[row * 4 + column]`).
    public init(_ m: [Double]) {
        self.m = m
    }

    /// The matrix that leaves every point where it is (`CATransform3DIdentity`).
    public static let identity = Matrix4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// A move by `x`, `y` and `z` points (`CATransform3DMakeTranslation`); `z` defaults to 0.
    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Matrix4 {
        Matrix4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    /// A scale by `x`, `y` and `z` about the origin (`CATransform3DMakeScale`); `z` defaults
    /// to 1.
    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Matrix4 {
        Matrix4([x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// About z (in the screen plane), clockwise on screen for positive angles (y down).
    public static func rotationZ(_ angle: Double) -> Matrix4 {
        let c = cos(angle), s = sin(angle)
        return Matrix4([c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    /// A rotation by `angle` radians about the x axis (`CATransform3DMakeRotation(angle, 1, 0, 0)`).
    public static func rotationX(_ angle: Double) -> Matrix4 {
        let c = cos(angle), s = sin(angle)
        return Matrix4([1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
    }

    /// A rotation by `angle` radians about the y axis (`CATransform3DMakeRotation(angle, 0, 1, 0)`).
    public static func rotationY(_ angle: Double) -> Matrix4 {
        let c = cos(angle), s = sin(angle)
        return Matrix4([c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
    }

    /// A perspective seen from `distance` points: the identity with `m34 = −1/distance`; 0
    /// means none.
    public static func perspective(_ distance: Double) -> Matrix4 {
        var result = identity
        result.m[11] = distance != 0 ? -1 / distance : 0
        return result
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: Matrix4) -> Matrix4 {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[row * 4 + k] * other.m[k * 4 + column] }
                result[row * 4 + column] = sum
            }
        }
        return Matrix4(result)
    }

    /// A point of the plane z = 0 projected: nil when it is at or behind the eye.
    public func project(_ point: Point) -> Point? {
        let x = point.x * m[0] + point.y * m[4] + m[12]
        let y = point.x * m[1] + point.y * m[5] + m[13]
        let w = point.x * m[3] + point.y * m[7] + m[15]
        guard w > 1e-6 else { return nil }
        return Point(x: x / w, y: y / w)
    }

    /// The affine part acting on the plane z = 0 (exact when the matrix has no perspective).
    public var affine: AffineTransform {
        AffineTransform(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
    }

    /// The inverse of the plane's projection (a 3×3 homography): from a canvas point back to
    /// the layer's plane. Nil when the plane is seen edge-on.
    public func unproject(_ point: Point) -> Point? {
        // H maps (x, y, 1) to (X, Y, W); solve H·(x, y, 1) ∝ (px, py, 1).
        let a = m[0], b = m[4], c = m[12]
        let d = m[1], e = m[5], f = m[13]
        let g = m[3], h = m[7], i = m[15]
        // Rows of (X − px·W, Y − py·W) = 0 as two linear equations in x, y.
        let a1 = a - point.x * g, b1 = b - point.x * h, c1 = c - point.x * i
        let a2 = d - point.y * g, b2 = e - point.y * h, c2 = f - point.y * i
        let determinant = a1 * b2 - a2 * b1
        guard abs(determinant) > 1e-12 else { return nil }
        return Point(x: (-c1 * b2 + c2 * b1) / determinant, y: (-a1 * c2 + a2 * c1) / determinant)
    }
}
