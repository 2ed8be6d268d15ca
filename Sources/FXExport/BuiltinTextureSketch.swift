import FXCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How exported code draws one of fx's built-in textures with Core Graphics: a few steps in
/// fx's texture coordinates (pixels, y down from the top-left corner), white on transparent,
/// close to what FXCore's drawing of the texture looks like (docs: BuiltinTexture). Each
/// writer spells the steps in its language.
struct BuiltinTextureSketch {
    /// One drawing step.
    enum Step {
        /// Fills the ellipse inscribed in the rectangle (x, y, width, height).
        case fillEllipse(Rect)
        /// Fills the rectangle.
        case fillRect(Rect)
        /// Fills the closed polygon through the points.
        case fillPolygon([Point])
        /// Strokes the ellipse inscribed in the rectangle with a line this wide.
        case strokeEllipse(Rect, lineWidth: Double)
        /// Strokes each segment (pairs of points) with round caps and a line this wide.
        case strokeSegments([(Point, Point)], lineWidth: Double)
        /// A radial gradient of white, its alpha falling through `alphas` (evenly spaced) from
        /// the centre to `radius`, squashed vertically by `scaleY`.
        case radialGradient(center: Point, radius: Double, scaleY: Double, alphas: [Double])
    }

    /// The texture drawn.
    let texture: BuiltinTexture
    /// The steps, in order.
    let steps: [Step]

    init(_ texture: BuiltinTexture) {
        self.texture = texture
        let width = texture.pixelSize.width, height = texture.pixelSize.height
        let centre = Point(x: width / 2, y: height / 2)
        let radius = width / 2 - 2
        func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        func point(_ x: Double, _ y: Double) -> Point { Point(x: rounded(centre.x + x), y: rounded(centre.y + y)) }
        switch texture {
        case .circle:
            steps = [.fillEllipse(Rect(x: 2, y: 2, width: 60, height: 60))]
        case .disc:
            // alpha = (1 − r²)² of the distance r from the centre, as fx draws it.
            steps = [.radialGradient(center: centre, radius: width / 2 - 1, scaleY: 1,
                                     alphas: stride(from: 0.0, through: 1, by: 0.25).map { rounded((1 - $0 * $0) * (1 - $0 * $0)) })]
        case .square, .rect:
            steps = [.fillRect(Rect(x: 1.5, y: 1.5, width: width - 3, height: height - 3))]
        case .triangle:
            let side = 2 * radius, tall = side * 3.0.squareRoot() / 2
            steps = [.fillPolygon([point(0, -tall / 2), point(radius, tall / 2), point(-radius, tall / 2)])]
        case .star:
            steps = [.fillPolygon((0..<10).map { index in
                let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
                let r = index % 2 == 0 ? radius : radius * 0.42
                return point(r * cos(angle), r * sin(angle) + radius * 0.06)
            })]
        case .spark:
            // A streak along x: bright in the middle, fading toward the tips and the sides.
            steps = [.radialGradient(center: centre, radius: width / 2 - 1, scaleY: rounded((height / 2 - 1) / (width / 2 - 1)),
                                     alphas: [1, 0.75, 0.45, 0.18, 0])]
        case .ring:
            let thickness = radius * 0.22, middle = radius - thickness
            steps = [.strokeEllipse(Rect(x: rounded(centre.x - middle), y: rounded(centre.y - middle), width: rounded(2 * middle), height: rounded(2 * middle)),
                                    lineWidth: rounded(2 * thickness))]
        case .heart:
            // x = 16 sin³t, y = 13 cos t − 5 cos 2t − 2 cos 3t − cos 4t, flipped for y down.
            let scale = radius / 17
            steps = [.fillPolygon((0..<32).map { index in
                let t = Double(index) / 32 * 2 * Double.pi
                let x = 16 * pow(sin(t), 3)
                let y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
                return point(x * scale, -(y + 2.5) * scale)
            })]
        case .snowflake:
            let arm = radius - 1
            var arms: [(Point, Point)] = [], branches: [(Point, Point)] = []
            for index in 0..<6 {
                let angle = Double(index) * Double.pi / 3
                arms.append((point(0, 0), point(cos(angle) * arm, sin(angle) * arm)))
                let base = (cos(angle) * arm * 0.55, sin(angle) * arm * 0.55)
                for turn in [-1.0, 1.0] {
                    let branch = angle + turn * Double.pi / 4
                    branches.append((point(base.0, base.1), point(base.0 + cos(branch) * arm * 0.35, base.1 + sin(branch) * arm * 0.35)))
                }
            }
            steps = [.strokeSegments(arms, lineWidth: 4.4), .strokeSegments(branches, lineWidth: 3.6)]
        }
    }
}
