import FXCore

/// One triangle — or a particle's whole quad, when it is a convex parallelogram in position and
/// texture coordinates — set up for ``SoftwareRasterizer``: the pixels it may cover, its edge
/// functions, and its texture coordinates and colors as planes over the pixel grid.
///
/// Edge functions are exact integers on positions snapped to 1/16 pixel, evaluated at pixel
/// centres: a pixel is drawn when all three are ≥ 0, an edge that is not a top or left edge
/// carrying a bias of −1 so that a pixel centre on an edge shared by two triangles is drawn by
/// exactly one (the top-left rule). Attributes are planes in single precision from the corner
/// of the triangle's pixel box, stepped along each row from its first column: the same
/// arithmetic for a pixel whichever band (thread) draws it.
struct RasterTriangle {
    /// The pixels that may be covered, inclusive; an empty box (minY > maxY) draws nothing.
    var minX: Int32 = 0, maxX: Int32 = -1, minY: Int32 = 0, maxY: Int32 = -1
    /// Each edge function at pixel (0, 0)'s centre (bias included), and its step per column
    /// and per row.
    var origin0: Int64 = 0, stepX0: Int64 = 0, stepY0: Int64 = 0
    var origin1: Int64 = 0, stepX1: Int64 = 0, stepY1: Int64 = 0
    var origin2: Int64 = 0, stepX2: Int64 = 0, stepY2: Int64 = 0
    /// A quad's fourth edge; 0 everywhere for a triangle.
    var origin3: Int64 = 0, stepX3: Int64 = 0, stepY3: Int64 = 0
    /// Texture coordinates in texels at the centre of pixel (minX, minY), and their steps.
    var u: Float = 0, dudx: Float = 0, dudy: Float = 0
    var v: Float = 0, dvdx: Float = 0, dvdy: Float = 0
    /// Whether the three corners have one color (then ``color`` holds it, bytes R, G, B, A).
    var uniform = true
    var color: UInt32 = 0
    /// Otherwise each channel (0…255) as a plane, like the texture coordinates.
    var red: Float = 0, dRedX: Float = 0, dRedY: Float = 0
    var green: Float = 0, dGreenX: Float = 0, dGreenY: Float = 0
    var blue: Float = 0, dBlueX: Float = 0, dBlueY: Float = 0
    var alpha: Float = 0, dAlphaX: Float = 0, dAlphaY: Float = 0

    init() {}

    /// Sets up the triangle of three vertices in canvas points, drawn at `scaleX`, `scaleY`
    /// pixels per point onto a `width`×`height` target; nil when a position or texture
    /// coordinate is not finite or a position is too far off to be exact in fixed point.
    init?(_ p0: DrawVertex, _ p1: DrawVertex, _ p2: DrawVertex, scaleX: Float, scaleY: Float,
          textureWidth: Float, textureHeight: Float, width: Int, height: Int) {
        guard let record = Self.setUp(p0, p1, p2, nil, scaleX: scaleX, scaleY: scaleY, textureWidth: textureWidth,
                                      textureHeight: textureHeight, width: width, height: height) else { return nil }
        self = record
    }

    /// A particle's quad (corners in order around it, drawn as the triangles 0 1 2 and 0 2 3) as
    /// one convex four-sided primitive: half the setup, and each row scanned once. Nil when it
    /// is not one: not strictly convex, its color not one, or its texture coordinates not
    /// affine over it (not a parallelogram in both) — then it is drawn as its two triangles,
    /// which cover exactly the same pixels.
    static func quad(_ p0: DrawVertex, _ p1: DrawVertex, _ p2: DrawVertex, _ p3: DrawVertex, scaleX: Float, scaleY: Float,
                     textureWidth: Float, textureHeight: Float, width: Int, height: Int) -> RasterTriangle? {
        guard p0.red == p1.red, p0.red == p2.red, p0.red == p3.red, p0.green == p1.green, p0.green == p2.green, p0.green == p3.green,
              p0.blue == p1.blue, p0.blue == p2.blue, p0.blue == p3.blue, p0.alpha == p1.alpha, p0.alpha == p2.alpha,
              p0.alpha == p3.alpha else { return nil }
        return setUp(p0, p1, p2, p3, scaleX: scaleX, scaleY: scaleY, textureWidth: textureWidth, textureHeight: textureHeight,
                     width: width, height: height)
    }

    private static func setUp(_ p0: DrawVertex, _ p1: DrawVertex, _ p2: DrawVertex, _ p3: DrawVertex?, scaleX: Float, scaleY: Float,
                              textureWidth: Float, textureHeight: Float, width: Int, height: Int) -> RasterTriangle? {
        var record = RasterTriangle()
        let limit = SoftwareRasterizer.maxCoordinate
        let one = Float(1 << SoftwareRasterizer.subpixelBits)
        func fixed(_ value: Float) -> Int64? {
            guard value.isFinite, abs(value) <= limit else { return nil }
            return Int64((value * one).rounded())
        }
        guard let x0 = fixed(p0.x * scaleX), let y0 = fixed(p0.y * scaleY),
              var x1 = fixed(p1.x * scaleX), var y1 = fixed(p1.y * scaleY),
              var x2 = fixed(p2.x * scaleX), var y2 = fixed(p2.y * scaleY),
              p0.u.isFinite, p0.v.isFinite, p1.u.isFinite, p1.v.isFinite, p2.u.isFinite, p2.v.isFinite else { return nil }
        // No alpha at any corner: every pixel's source alpha is 0, which the loops skip. A
        // particle faded out but still alive is one (a tenth of a fading cell's particles).
        if p0.alpha == 0 && p1.alpha == 0 && p2.alpha == 0 && (p3?.alpha ?? 0) == 0 { return record }
        var c0 = p0, c1 = p1, c2 = p2
        func cross(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64, _ cx: Int64, _ cy: Int64) -> Int64 {
            (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        }
        var x3: Int64 = 0, y3: Int64 = 0
        let area = cross(x0, y0, x1, y1, x2, y2)
        if let p3 {
            guard let fx3 = fixed(p3.x * scaleX), let fy3 = fixed(p3.y * scaleY), p3.u.isFinite, p3.v.isFinite else { return nil }
            x3 = fx3; y3 = fy3
            // Strictly convex: all four turns one way.
            let turns = (area, cross(x1, y1, x2, y2, x3, y3), cross(x2, y2, x3, y3, x0, y0), cross(x3, y3, x0, y0, x1, y1))
            guard (turns.0 > 0 && turns.1 > 0 && turns.2 > 0 && turns.3 > 0) || (turns.0 < 0 && turns.1 < 0 && turns.2 < 0 && turns.3 < 0)
            else { return nil }
            // One winding for all (the interior where every edge function is positive):
            // 0 3 2 1 when it turns the other way.
            if area < 0 {
                swap(&x1, &x3); swap(&y1, &y3)
            }
        } else {
            guard area != 0 else { return record }
            if area < 0 {
                swap(&x1, &x2); swap(&y1, &y2); swap(&c1, &c2)
            }
        }
        let sub = SoftwareRasterizer.subpixelBits, unit = Int64(1) << sub, half = unit / 2
        // Pixel i's centre is at i·unit + half: the first and last centres inside the box.
        // (An arithmetic shift right is a division rounding down.)
        func firstCentre(_ low: Int64) -> Int64 { (low - half + unit - 1) >> sub }
        func lastCentre(_ high: Int64) -> Int64 { (high - half) >> sub }
        let lowX = p3 == nil ? min(x0, x1, x2) : min(x0, x1, x2, x3), highX = p3 == nil ? max(x0, x1, x2) : max(x0, x1, x2, x3)
        let lowY = p3 == nil ? min(y0, y1, y2) : min(y0, y1, y2, y3), highY = p3 == nil ? max(y0, y1, y2) : max(y0, y1, y2, y3)
        let left = max(firstCentre(lowX), 0), right = min(lastCentre(highX), Int64(width - 1))
        let top = max(firstCentre(lowY), 0), bottom = min(lastCentre(highY), Int64(height - 1))
        guard left <= right, top <= bottom else { return record }
        record.minX = Int32(left); record.maxX = Int32(right); record.minY = Int32(top); record.maxY = Int32(bottom)

        /// The edge from a to b: E(P) = (b − a) × (P − a), with its top-left bias.
        func edge(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> (origin: Int64, stepX: Int64, stepY: Int64) {
            let dx = bx - ax, dy = by - ay
            let a = -dy, b = dx, c = dy * ax - dx * ay
            let topLeft = (dy == 0 && dx > 0) || dy < 0
            return (a * half + b * half + c + (topLeft ? 0 : -1), a * unit, b * unit)
        }
        if p3 == nil {
            (record.origin0, record.stepX0, record.stepY0) = edge(x1, y1, x2, y2)
            (record.origin1, record.stepX1, record.stepY1) = edge(x2, y2, x0, y0)
            (record.origin2, record.stepX2, record.stepY2) = edge(x0, y0, x1, y1)
        } else {
            (record.origin0, record.stepX0, record.stepY0) = edge(x0, y0, x1, y1)
            (record.origin1, record.stepX1, record.stepY1) = edge(x1, y1, x2, y2)
            (record.origin2, record.stepX2, record.stepY2) = edge(x2, y2, x3, y3)
            (record.origin3, record.stepX3, record.stepY3) = edge(x3, y3, x0, y0)
            // The planes below come from corners 0 1 2 of the quad as given.
            x1 = Int64((p1.x * scaleX * one).rounded()); y1 = Int64((p1.y * scaleY * one).rounded())
            x2 = Int64((p2.x * scaleX * one).rounded()); y2 = Int64((p2.y * scaleY * one).rounded())
        }

        // Attribute planes on the snapped positions, from the centre of pixel (left, top).
        let scale = Double(unit)
        let fx0 = Double(x0) / scale, fy0 = Double(y0) / scale
        let ex1 = Double(x1) / scale - fx0, ey1 = Double(y1) / scale - fy0
        let ex2 = Double(x2) / scale - fx0, ey2 = Double(y2) / scale - fy0
        let inverse = 1 / (ex1 * ey2 - ex2 * ey1)
        let startX = Double(left) + 0.5 - fx0, startY = Double(top) + 0.5 - fy0
        func gradient(_ f0: Double, _ f1: Double, _ f2: Double) -> (dx: Double, dy: Double) {
            let d1 = f1 - f0, d2 = f2 - f0
            return ((d1 * ey2 - d2 * ey1) * inverse, (d2 * ex1 - d1 * ex2) * inverse)
        }
        func plane(_ f0: Double, _ f1: Double, _ f2: Double) -> (Float, Float, Float) {
            let (dx, dy) = gradient(f0, f1, f2)
            return (Float(f0 + dx * startX + dy * startY), Float(dx), Float(dy))
        }
        let tw = Double(textureWidth), th = Double(textureHeight)
        if let p3 {
            // The fourth corner's texture coordinates on the plane of the other three, in the
            // unsnapped positions (to a twentieth of a texel), or the quad is drawn as its two
            // triangles.
            func point(_ p: DrawVertex) -> (Double, Double) { (Double(p.x * scaleX), Double(p.y * scaleY)) }
            let (ax, ay) = point(p0), (bx, by) = point(p1), (cx, cy) = point(p2), (dx, dy) = point(p3)
            let bx0 = bx - ax, by0 = by - ay, cx0 = cx - ax, cy0 = cy - ay
            let determinant = bx0 * cy0 - cx0 * by0
            guard determinant != 0 else { return nil }
            func onPlane(_ f0: Double, _ f1: Double, _ f2: Double, _ f3: Double) -> Bool {
                let d1 = f1 - f0, d2 = f2 - f0
                let gx = (d1 * cy0 - d2 * by0) / determinant, gy = (d2 * bx0 - d1 * cx0) / determinant
                return abs(f0 + gx * (dx - ax) + gy * (dy - ay) - f3) <= 0.05
            }
            guard onPlane(Double(p0.u) * tw, Double(p1.u) * tw, Double(p2.u) * tw, Double(p3.u) * tw),
                  onPlane(Double(p0.v) * th, Double(p1.v) * th, Double(p2.v) * th, Double(p3.v) * th) else { return nil }
        }
        (record.u, record.dudx, record.dudy) = plane(Double(c0.u) * tw, Double(c1.u) * tw, Double(c2.u) * tw)
        (record.v, record.dvdx, record.dvdy) = plane(Double(c0.v) * th, Double(c1.v) * th, Double(c2.v) * th)
        record.uniform = c0.red == c1.red && c0.red == c2.red && c0.green == c1.green && c0.green == c2.green
            && c0.blue == c1.blue && c0.blue == c2.blue && c0.alpha == c1.alpha && c0.alpha == c2.alpha
        record.color = UInt32(c0.red) | UInt32(c0.green) << 8 | UInt32(c0.blue) << 16 | UInt32(c0.alpha) << 24
        if !record.uniform {
            (record.red, record.dRedX, record.dRedY) = plane(Double(c0.red), Double(c1.red), Double(c2.red))
            (record.green, record.dGreenX, record.dGreenY) = plane(Double(c0.green), Double(c1.green), Double(c2.green))
            (record.blue, record.dBlueX, record.dBlueY) = plane(Double(c0.blue), Double(c1.blue), Double(c2.blue))
            (record.alpha, record.dAlphaX, record.dAlphaY) = plane(Double(c0.alpha), Double(c1.alpha), Double(c2.alpha))
        }
        return record
    }
}
