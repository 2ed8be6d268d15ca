import CImGuiBridge
import FXCore

/// Shapes drawn into the current ImGui window, in window pixels: what the panel's own editors
/// (the gradient bar of `colorOverLife`, the curves of `alphaOverLife` and `scaleOverLife`)
/// are made of.
extension ImGui {
    /// A color as ImGui packs it: 0xAABBGGRR.
    static func packed(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
        return byte(red) | byte(green) << 8 | byte(blue) << 16 | byte(alpha) << 24
    }

    static func packed(_ color: Color) -> UInt32 {
        packed(color.red, color.green, color.blue, color.alpha)
    }

    static func fillRect(_ left: Float, _ top: Float, _ right: Float, _ bottom: Float, _ color: UInt32) {
        fx_imgui_draw_rect_filled(left, top, right, bottom, color)
    }

    /// A rectangle shaded from `leftColor` to `rightColor`.
    static func fillGradient(_ left: Float, _ top: Float, _ right: Float, _ bottom: Float, from leftColor: UInt32, to rightColor: UInt32) {
        fx_imgui_draw_rect_gradient(left, top, right, bottom, leftColor, rightColor)
    }

    static func strokeRect(_ left: Float, _ top: Float, _ right: Float, _ bottom: Float, _ color: UInt32, thickness: Float = 1) {
        fx_imgui_draw_rect(left, top, right, bottom, color, thickness)
    }

    static func line(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ color: UInt32, thickness: Float = 1) {
        fx_imgui_draw_line(x0, y0, x1, y1, color, thickness)
    }

    static func fillCircle(_ x: Float, _ y: Float, radius: Float, _ color: UInt32) {
        fx_imgui_draw_circle_filled(x, y, radius, color)
    }

    static func strokeCircle(_ x: Float, _ y: Float, radius: Float, _ color: UInt32, thickness: Float = 1) {
        fx_imgui_draw_circle(x, y, radius, color, thickness)
    }

    static func fillTriangle(_ a: (Float, Float), _ b: (Float, Float), _ c: (Float, Float), _ color: UInt32) {
        fx_imgui_draw_triangle_filled(a.0, a.1, b.0, b.1, c.0, c.1, color)
    }

    /// A checkerboard under what has alpha, so that transparency shows.
    static func checkerboard(_ left: Float, _ top: Float, _ right: Float, _ bottom: Float, cell: Float = 6) {
        fillRect(left, top, right, bottom, packed(0.8, 0.8, 0.8))
        var row = 0
        var y = top
        while y < bottom {
            var x = left + (row % 2 == 0 ? 0 : cell)
            while x < right {
                fillRect(x, y, min(x + cell, right), min(y + cell, bottom), packed(0.55, 0.55, 0.55))
                x += cell * 2
            }
            y += cell
            row += 1
        }
    }
}
