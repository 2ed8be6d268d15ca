#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Solid geometry of layers: the background (with `cornerRadius`) and the border, with edges
/// anti-aliased by a one-pixel fringe that fades to transparent.
enum LayerGeometry {
    /// Appends the layer's background and border, if it has them.
    static func appendBackground(of placed: PlacedLayer, to list: DrawList) {
        let layer = placed.layer
        let bounds = layer.bounds
        guard bounds.size.width > 0, bounds.size.height > 0 else { return }
        let transform = placed.transformToCanvas
        let radius = min(layer.cornerRadius, bounds.size.width / 2, bounds.size.height / 2)
        // Enough points per corner that the arc's chords stay within a tenth of a pixel.
        let scale = max((transform.a * transform.a + transform.b * transform.b).squareRoot(),
                        (transform.c * transform.c + transform.d * transform.d).squareRoot())
        let screenRadius = radius * scale
        let perCorner = screenRadius < 0.5 ? 1 : max(2, min(64, Int((Double.pi / 2 / acos(max(0, 1 - 0.1 / screenRadius))).rounded(.up))))
        if let background = layer.backgroundColor, background.alpha > 0 {
            let outline = roundedRect(bounds, radius: radius, perCorner: perCorner).map { transform.apply(to: $0) }
            appendConvexFill(outline, color: background.multiplied(by: placed.tint), opacity: placed.opacity, to: list)
        }
        if layer.borderWidth > 0, layer.borderColor.alpha > 0 {
            let width = min(layer.borderWidth, bounds.size.width / 2, bounds.size.height / 2)
            let inner = Rect(x: bounds.origin.x + width, y: bounds.origin.y + width,
                             width: bounds.size.width - 2 * width, height: bounds.size.height - 2 * width)
            let outer = roundedRect(bounds, radius: radius, perCorner: perCorner).map { transform.apply(to: $0) }
            let innerPoints = roundedRect(inner, radius: max(0, radius - width), perCorner: perCorner).map { transform.apply(to: $0) }
            appendRing(outer: outer, inner: innerPoints, color: layer.borderColor.multiplied(by: placed.tint), opacity: placed.opacity, to: list)
        }
    }

    /// The outline of a rounded rectangle, clockwise (y down), `perCorner + 1` points a corner.
    static func roundedRect(_ rect: Rect, radius: Double, perCorner: Int) -> [Point] {
        let x0 = rect.origin.x, y0 = rect.origin.y, x1 = x0 + rect.size.width, y1 = y0 + rect.size.height
        let corners = [(x1 - radius, y0 + radius, -Double.pi / 2), (x1 - radius, y1 - radius, 0.0),
                       (x0 + radius, y1 - radius, Double.pi / 2), (x0 + radius, y0 + radius, Double.pi)]
        var points: [Point] = []
        for (cx, cy, start) in corners {
            for step in 0...perCorner {
                let angle = start + Double(step) / Double(perCorner) * Double.pi / 2
                points.append(Point(x: cx + radius * cos(angle), y: cy + radius * sin(angle)))
            }
        }
        return points
    }

    static func vertex(_ p: Point, _ color: Color, alpha: Double) -> DrawVertex {
        DrawVertex(x: Float(p.x), y: Float(p.y), red: byte(color.red), green: byte(color.green), blue: byte(color.blue),
                   alpha: byte(alpha), u: 0, v: 0)
    }

    static func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }

    /// Offsets each point of a closed convex outline outward by `distance` pixels along the
    /// bisector of its edges' normals (inward for negative distances).
    static func offset(_ points: [Point], by distance: Double) -> [Point] {
        let n = points.count
        // The outline's orientation decides which side is outward.
        var area = 0.0
        for i in 0..<n { area += points[i].x * points[(i + 1) % n].y - points[(i + 1) % n].x * points[i].y }
        let outward = area > 0 ? 1.0 : -1.0
        return (0..<n).map { i in
            let previous = points[(i + n - 1) % n], current = points[i], next = points[(i + 1) % n]
            func normal(_ a: Point, _ b: Point) -> Point {
                let dx = b.x - a.x, dy = b.y - a.y
                let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
                return Point(x: dy / length * outward, y: -dx / length * outward)
            }
            let n1 = normal(previous, current), n2 = normal(current, next)
            var bisector = Point(x: n1.x + n2.x, y: n1.y + n2.y)
            let length = max((bisector.x * bisector.x + bisector.y * bisector.y).squareRoot(), 1e-9)
            bisector = Point(x: bisector.x / length, y: bisector.y / length)
            let cosine = max(bisector.x * n1.x + bisector.y * n1.y, 0.25)
            return Point(x: current.x + bisector.x * distance / cosine, y: current.y + bisector.y * distance / cosine)
        }
    }

    /// A convex polygon as a fan, inset half a pixel, and a fringe out to half a pixel beyond
    /// the edge fading to transparent.
    static func appendConvexFill(_ outline: [Point], color: Color, opacity: Double, to list: DrawList) {
        guard outline.count >= 3 else { return }
        let alpha = color.alpha * opacity
        let inner = offset(outline, by: -0.5), outer = offset(outline, by: 0.5)
        list.beginBatch(texture: nil, blendMode: .normal)
        let base = Int32(list.vertices.count - list.batches.last!.vertexStart)
        let n = Int32(outline.count)
        for p in inner { list.vertices.append(vertex(p, color, alpha: alpha)) }
        for p in outer { list.vertices.append(vertex(p, color, alpha: 0)) }
        for i in 1..<(n - 1) { list.indices += [base, base + i, base + i + 1] }
        appendStrip(base, base + n, n, to: list)
        list.endBatch()
    }

    /// The band between two outlines with the same number of points, with fringes on both sides.
    static func appendRing(outer: [Point], inner: [Point], color: Color, opacity: Double, to list: DrawList) {
        guard outer.count == inner.count, outer.count >= 3 else { return }
        let alpha = color.alpha * opacity
        list.beginBatch(texture: nil, blendMode: .normal)
        let base = Int32(list.vertices.count - list.batches.last!.vertexStart)
        let n = Int32(outer.count)
        for p in offset(outer, by: 0.5) { list.vertices.append(vertex(p, color, alpha: 0)) }
        for p in offset(outer, by: -0.5) { list.vertices.append(vertex(p, color, alpha: alpha)) }
        for p in offset(inner, by: 0.5) { list.vertices.append(vertex(p, color, alpha: alpha)) }
        for p in offset(inner, by: -0.5) { list.vertices.append(vertex(p, color, alpha: 0)) }
        appendStrip(base, base + n, n, to: list)
        appendStrip(base + n, base + 2 * n, n, to: list)
        appendStrip(base + 2 * n, base + 3 * n, n, to: list)
        list.endBatch()
    }

    /// Two triangles per edge between closed outlines starting at `a` and `b`.
    static func appendStrip(_ a: Int32, _ b: Int32, _ n: Int32, to list: DrawList) {
        for i in 0..<n {
            let j = (i + 1) % n
            list.indices += [a + i, a + j, b + j, a + i, b + j, b + i]
        }
    }
}
