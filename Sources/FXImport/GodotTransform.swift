import Foundation

/// A 2D affine transform as Godot's `Transform2D`: x' = a·x + c·y + tx, y' = b·x + d·y + ty
/// (columns x = (a, b), y = (c, d), origin (tx, ty)), y down. A `Node2D`'s local transform is
/// translate(position) · rotate(rotation) · scale(scale) (`scene/2d/node_2d.cpp`,
/// `Node2D::_update_transform`), and its global transform its parent's global times its local.
struct GodotTransform: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = GodotTransform()

    /// translate(position) · rotate(rotation) · scale(scale); `rotation` in radians, positive
    /// clockwise on screen (y down).
    init(position: (Double, Double), rotation: Double, scale: (Double, Double)) {
        let cosine = cos(rotation), sine = sin(rotation)
        a = cosine * scale.0
        b = sine * scale.0
        c = -sine * scale.1
        d = cosine * scale.1
        tx = position.0
        ty = position.1
    }

    init() {}

    /// `self · other`: `other` applied first.
    func concatenating(_ other: GodotTransform) -> GodotTransform {
        var result = GodotTransform()
        result.a = a * other.a + c * other.b
        result.b = b * other.a + d * other.b
        result.c = a * other.c + c * other.d
        result.d = b * other.c + d * other.d
        result.tx = a * other.tx + c * other.ty + tx
        result.ty = b * other.tx + d * other.ty + ty
        return result
    }

    /// A direction (no translation) through the transform.
    func direction(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y, b * x + d * y)
    }

    /// The angle of the x axis, radians, clockwise on screen.
    var rotation: Double { atan2(b, a) }

    /// The lengths of the two axes.
    var scale: (x: Double, y: Double) { (hypot(a, b), hypot(c, d)) }

    /// Whether the axes are the same length and perpendicular (no stretch or skew).
    var isUniform: Bool {
        let (sx, sy) = scale
        return abs(sx - sy) <= 1e-6 * max(sx, sy, 1) && abs(a * c + b * d) <= 1e-6 * max(sx * sy, 1)
    }
}
