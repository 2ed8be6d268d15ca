import CSDL2
import FXCore

/// A batch's triangles cut to sizes SDL's software rasterizer draws correctly.
///
/// SDL's software renderer rasterizes triangles with fixed-point integer edge functions, which
/// overflow for large triangles: a rotated triangle a few thousand pixels across draws with
/// wedges missing, and one tens of thousands of pixels across can crash it. So a triangle wider
/// or taller than ``maxTrianglePixels`` on the output, or reaching more than a canvas's size
/// beyond the canvas, is clipped to the canvas (plus a small margin: nothing outside is seen)
/// and cut along a grid of tiles that size (Sutherland–Hodgman), its position, color and texture
/// coordinates interpolated linearly — exact, as they are linear across the triangle — and each
/// piece drawn as a fan. Other triangles pass as they are, so ordinary particles are drawn
/// exactly as before; a batch with no large triangle is not copied at all.
struct ClippedGeometry {
    /// Positions (x, y), colors and texture coordinates (u, v), three vertices a triangle.
    private(set) var positions: [Float] = []
    private(set) var colors: [SDL_Color] = []
    private(set) var textureCoordinates: [Float] = []

    var vertexCount: Int { colors.count }

    /// How far past the canvas the clip rectangle reaches, in points: enough that no visible
    /// edge falls on it.
    static let margin: Float = 2
    /// The largest width or height, in output pixels, of a triangle passed to SDL as it is; also
    /// the tile size larger ones are cut to.
    static let maxTrianglePixels: Float = 1024

    private struct Vertex {
        var x: Float, y: Float, r: Float, g: Float, b: Float, a: Float, u: Float, v: Float

        init(_ vertex: DrawVertex) {
            x = vertex.x; y = vertex.y; u = vertex.u; v = vertex.v
            r = Float(vertex.red); g = Float(vertex.green); b = Float(vertex.blue); a = Float(vertex.alpha)
        }

        init(x: Float, y: Float, r: Float, g: Float, b: Float, a: Float, u: Float, v: Float) {
            self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
        }

        func mixed(with other: Vertex, _ t: Float) -> Vertex {
            func mix(_ p: Float, _ q: Float) -> Float { p + (q - p) * t }
            return Vertex(x: mix(x, other.x), y: mix(y, other.y), r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b),
                          a: mix(a, other.a), u: mix(u, other.u), v: mix(v, other.v))
        }
    }

    /// The batch with its large triangles cut, or nil when it has none (SDL draws it as it is).
    /// - Parameters:
    ///   - canvas: the canvas size in points.
    ///   - pixelsPerPoint: output pixels per canvas point (the renderer's scale times any
    ///     placement scale).
    init?(_ list: DrawList, _ batch: DrawBatch, canvas: Size, pixelsPerPoint: Float) {
        let width = Float(canvas.width), height = Float(canvas.height)
        let reach = max(width, height)
        let tile = Self.maxTrianglePixels / max(pixelsPerPoint, 1e-6)
        let base = batch.vertexStart
        let triangles = batch.indexCount / 3
        func corner(_ triangle: Int, _ k: Int) -> DrawVertex? {
            let index = Int(list.indices[batch.indexStart + 3 * triangle + k])
            guard index >= 0, index < batch.vertexCount else { return nil }
            return list.vertices[base + index]
        }
        /// Whether SDL cannot be trusted with the triangle as it is.
        func isLarge(_ p: DrawVertex, _ q: DrawVertex, _ r: DrawVertex) -> Bool {
            let minX = min(p.x, q.x, r.x), maxX = max(p.x, q.x, r.x), minY = min(p.y, q.y, r.y), maxY = max(p.y, q.y, r.y)
            return !(maxX - minX <= tile && maxY - minY <= tile && minX >= -reach && maxX <= width + reach
                     && minY >= -reach && maxY <= height + reach)
        }
        var any = false
        for triangle in 0..<triangles {
            guard let p = corner(triangle, 0), let q = corner(triangle, 1), let r = corner(triangle, 2) else { return nil }
            if isLarge(p, q, r) { any = true; break }
        }
        guard any else { return nil }
        let low = -Self.margin, highX = width + Self.margin, highY = height + Self.margin
        var polygon: [Vertex] = [], piece: [Vertex] = [], scratch: [Vertex] = []
        positions.reserveCapacity(batch.indexCount * 2)
        for triangle in 0..<triangles {
            guard let p = corner(triangle, 0), let q = corner(triangle, 1), let r = corner(triangle, 2) else { return nil }
            guard isLarge(p, q, r) else {
                append(Vertex(p)); append(Vertex(q)); append(Vertex(r))
                continue
            }
            polygon = [Vertex(p), Vertex(q), Vertex(r)]
            // Skip what cannot be drawn (NaN), then clip to the canvas.
            guard polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            Self.clip(&polygon, &scratch, vertical: false, bound: low, keepAbove: true)
            Self.clip(&polygon, &scratch, vertical: false, bound: highX, keepAbove: false)
            Self.clip(&polygon, &scratch, vertical: true, bound: low, keepAbove: true)
            Self.clip(&polygon, &scratch, vertical: true, bound: highY, keepAbove: false)
            guard polygon.count >= 3 else { continue }
            // Then cut it along the tile grid.
            let minX = polygon.map(\.x).min()!, maxX = polygon.map(\.x).max()!
            let minY = polygon.map(\.y).min()!, maxY = polygon.map(\.y).max()!
            let firstColumn = Int((minX / tile).rounded(.down)), lastColumn = Int((maxX / tile).rounded(.down))
            let firstRow = Int((minY / tile).rounded(.down)), lastRow = Int((maxY / tile).rounded(.down))
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn {
                    piece = polygon
                    if firstColumn != lastColumn {
                        Self.clip(&piece, &scratch, vertical: false, bound: Float(column) * tile, keepAbove: true)
                        Self.clip(&piece, &scratch, vertical: false, bound: Float(column + 1) * tile, keepAbove: false)
                    }
                    if firstRow != lastRow {
                        Self.clip(&piece, &scratch, vertical: true, bound: Float(row) * tile, keepAbove: true)
                        Self.clip(&piece, &scratch, vertical: true, bound: Float(row + 1) * tile, keepAbove: false)
                    }
                    guard piece.count >= 3 else { continue }
                    for k in 1..<(piece.count - 1) {
                        append(piece[0]); append(piece[k]); append(piece[k + 1])
                    }
                }
            }
        }
    }

    /// Keeps the part of `polygon` on one side of the line x = bound (or y = bound when
    /// `vertical`): at or above it when `keepAbove`, at or below it otherwise.
    private static func clip(_ polygon: inout [Vertex], _ scratch: inout [Vertex], vertical: Bool, bound: Float, keepAbove: Bool) {
        guard !polygon.isEmpty else { return }
        scratch.removeAll(keepingCapacity: true)
        func inside(_ vertex: Vertex) -> Float {
            let coordinate = vertical ? vertex.y : vertex.x
            return keepAbove ? coordinate - bound : bound - coordinate
        }
        for offset in polygon.indices {
            let current = polygon[offset], following = polygon[(offset + 1) % polygon.count]
            let a = inside(current), b = inside(following)
            if a >= 0 { scratch.append(current) }
            if (a >= 0) != (b >= 0) { scratch.append(current.mixed(with: following, a / (a - b))) }
        }
        swap(&polygon, &scratch)
    }

    private mutating func append(_ vertex: Vertex) {
        func byte(_ value: Float) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
        positions.append(vertex.x)
        positions.append(vertex.y)
        colors.append(SDL_Color(r: byte(vertex.r), g: byte(vertex.g), b: byte(vertex.b), a: byte(vertex.a)))
        textureCoordinates.append(vertex.u)
        textureCoordinates.append(vertex.v)
    }

    /// Places the positions (canvas point p drawn at origin + p × scale).
    mutating func place(origin: Point, scale: Double) {
        let ox = Float(origin.x), oy = Float(origin.y), s = Float(scale)
        for index in stride(from: 0, to: positions.count, by: 2) {
            positions[index] = ox + positions[index] * s
            positions[index + 1] = oy + positions[index + 1] * s
        }
    }

    /// Every vertex white with its own alpha (the coverage pass of additive batches in a group).
    mutating func whiten() {
        for index in colors.indices { colors[index] = SDL_Color(r: 255, g: 255, b: 255, a: colors[index].a) }
    }

    /// Every vertex's color multiplied by its alpha (the custom blend modes of screen and
    /// multiply take premultiplied colors).
    mutating func premultiply() {
        for index in colors.indices {
            let color = colors[index]
            func times(_ channel: UInt8) -> UInt8 { UInt8((Int(channel) * Int(color.a) + 127) / 255) }
            colors[index] = SDL_Color(r: times(color.r), g: times(color.g), b: times(color.b), a: color.a)
        }
    }
}
