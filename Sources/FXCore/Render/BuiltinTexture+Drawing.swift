#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BuiltinTexture {
    /// The texture's pixels at mip level `level`: level 0 is full size, each level after
    /// half the size of the one before. Each level is drawn from the shape itself, not
    /// scaled down, so small particles keep smooth edges even where the renderer samples
    /// nearest texels.
    public func image(level: Int = 0) -> RGBAImage {
        let level = min(max(level, 0), Self.maxLevel)
        let factor = Double(1 << level)
        let width = max(2, Int(pixelSize.width / factor)), height = max(2, Int(pixelSize.height / factor))
        // One pixel of this level, in full-size pixels.
        let pixel = pixelSize.width / Double(width)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let halfWidth = pixelSize.width / 2, halfHeight = pixelSize.height / 2
        for row in 0..<height {
            for column in 0..<width {
                // Pixel centre relative to the texture centre, in full-size pixels.
                let x = (Double(column) + 0.5) * pixel - halfWidth
                let y = (Double(row) + 0.5) * pixel - halfHeight
                let alpha = coverage(x: x, y: y, halfWidth: halfWidth, halfHeight: halfHeight, pixel: pixel)
                pixels[(row * width + column) * 4 + 3] = UInt8((min(max(alpha, 0), 1) * 255).rounded())
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The smallest mip level: 4 pixels across a 64-pixel texture.
    public static let maxLevel = 4

    /// The mip level to draw a texture of `pixelWidth` texels at `drawnWidth` pixels: the
    /// smallest level still at least as large as the drawing.
    public static func level(pixelWidth: Double, drawnWidth: Double) -> Int {
        guard drawnWidth > 0, pixelWidth > drawnWidth else { return 0 }
        return min(maxLevel, Int(log2(pixelWidth / drawnWidth).rounded(.down)))
    }

    /// Alpha at a pixel centre: 1 well inside, 0 well outside, a linear ramp one pixel wide
    /// across the edge (or a soft falloff for `disc` and `spark`).
    private func coverage(x: Double, y: Double, halfWidth: Double, halfHeight: Double, pixel: Double) -> Double {
        let radius = halfWidth - 2
        // A ramp one pixel of this level wide across the edge.
        func edge(_ distance: Double) -> Double { 0.5 - distance / pixel }
        switch self {
        case .circle:
            return edge((x * x + y * y).squareRoot() - radius)
        case .disc:
            let r = (x * x + y * y).squareRoot() / (halfWidth - 1)
            guard r < 1 else { return 0 }
            let falloff = 1 - r * r
            return falloff * falloff
        case .square, .rect:
            return edge(boxDistance(x: x, y: y, halfWidth: halfWidth - 1.5, halfHeight: halfHeight - 1.5))
        case .triangle:
            // Equilateral, pointing up, centred on its bounding box.
            let side = 2 * radius
            let height = side * 3.0.squareRoot() / 2
            let top = Point(x: 0, y: -height / 2), left = Point(x: -radius, y: height / 2), right = Point(x: radius, y: height / 2)
            return edge(polygonDistance(x: x, y: y, vertices: [top, right, left]))
        case .star:
            var vertices: [Point] = []
            for index in 0..<10 {
                let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
                let r = index % 2 == 0 ? radius : radius * 0.42
                vertices.append(Point(x: r * cos(angle), y: r * sin(angle) + radius * 0.06))
            }
            return edge(polygonDistance(x: x, y: y, vertices: vertices))
        case .spark:
            // A streak along x: bright core fading toward the tips and the sides.
            let u = x / (halfWidth - 1), v = y / (halfHeight - 1)
            let value = (1 - u * u) * exp(-v * v * 6)
            return max(0, value)
        case .ring:
            let thickness = radius * 0.22
            return edge(abs((x * x + y * y).squareRoot() - (radius - thickness)) - thickness)
        case .heart:
            return edge(polygonDistance(x: x, y: y, vertices: Self.heartOutline(radius: radius)))
        case .snowflake:
            var distance = Double.infinity
            let arm = radius - 1
            for index in 0..<6 {
                let angle = Double(index) * Double.pi / 3
                let direction = Point(x: cos(angle), y: sin(angle))
                let tip = Point(x: direction.x * arm, y: direction.y * arm)
                distance = min(distance, segmentDistance(x: x, y: y, from: .zero, to: tip) - 2.2)
                // Two branches on each arm, at 55 % of its length, pointing outward.
                let base = Point(x: direction.x * arm * 0.55, y: direction.y * arm * 0.55)
                for turn in [-1.0, 1.0] {
                    let branchAngle = angle + turn * Double.pi / 4
                    let end = Point(x: base.x + cos(branchAngle) * arm * 0.35, y: base.y + sin(branchAngle) * arm * 0.35)
                    distance = min(distance, segmentDistance(x: x, y: y, from: base, to: end) - 1.8)
                }
            }
            return edge(distance)
        }
    }

    private static func heartOutline(radius: Double) -> [Point] {
        // The classic heart curve x = 16 sin³t, y = 13 cos t − 5 cos 2t − 2 cos 3t − cos 4t,
        // flipped for y down and scaled to the texture.
        let scale = radius / 17
        return (0..<96).map { index in
            let t = Double(index) / 96 * 2 * Double.pi
            let x = 16 * pow(sin(t), 3)
            let y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
            return Point(x: x * scale, y: -(y + 2.5) * scale)
        }
    }
}

private func boxDistance(x: Double, y: Double, halfWidth: Double, halfHeight: Double) -> Double {
    let dx = abs(x) - halfWidth, dy = abs(y) - halfHeight
    let outside = (max(dx, 0) * max(dx, 0) + max(dy, 0) * max(dy, 0)).squareRoot()
    return outside + min(max(dx, dy), 0)
}

private func segmentDistance(x: Double, y: Double, from a: Point, to b: Point) -> Double {
    let px = x - a.x, py = y - a.y, bx = b.x - a.x, by = b.y - a.y
    let t = min(max((px * bx + py * by) / (bx * bx + by * by), 0), 1)
    let dx = px - bx * t, dy = py - by * t
    return (dx * dx + dy * dy).squareRoot()
}

/// Signed distance to a simple polygon: negative inside (even-odd crossing test), positive outside.
private func polygonDistance(x: Double, y: Double, vertices: [Point]) -> Double {
    var distance = Double.infinity
    var inside = false
    var previous = vertices[vertices.count - 1]
    for vertex in vertices {
        distance = min(distance, segmentDistance(x: x, y: y, from: previous, to: vertex))
        if (vertex.y > y) != (previous.y > y) {
            let crossing = previous.x + (y - previous.y) / (vertex.y - previous.y) * (vertex.x - previous.x)
            if x < crossing { inside.toggle() }
        }
        previous = vertex
    }
    return inside ? -distance : distance
}
