import CSDL2
import FXCore

/// A batch's triangles clipped to the canvas, for batches that reach far beyond it.
///
/// SDL's software renderer rasterizes triangles with 32-bit integer edge functions, which
/// overflow — and crash — for rotated triangles whose corners lie tens of thousands of pixels
/// away (a particle scaled past the canvas). Nothing outside the canvas is ever seen, so such a
/// batch is cut to the canvas (plus a small margin) before SDL sees it: each triangle is clipped
/// against the four sides (Sutherland–Hodgman), its position, color and texture coordinates
/// interpolated linearly — exact, as they are linear across the triangle — and the remaining
/// polygon drawn as a fan. Batches that stay within a canvas's size of the canvas are drawn as
/// they are.
struct ClippedGeometry {
    /// Positions (x, y), colors and texture coordinates (u, v), three vertices a triangle.
    private(set) var positions: [Float] = []
    private(set) var colors: [SDL_Color] = []
    private(set) var textureCoordinates: [Float] = []

    var vertexCount: Int { colors.count }

    /// How far past the canvas the clip rectangle reaches, in points: enough that no visible
    /// edge falls on it.
    static let margin: Float = 2

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

    /// The batch clipped to `canvas` (its size in points), or nil when every vertex lies within
    /// one canvas size of the canvas, so that SDL can draw the batch as it is.
    init?(_ list: DrawList, _ batch: DrawBatch, canvas: Size) {
        let width = Float(canvas.width), height = Float(canvas.height)
        let reachX = max(width, height), reachY = reachX
        let vertices = list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)]
        let far = vertices.contains { vertex in
            !(vertex.x >= -reachX && vertex.x <= width + reachX && vertex.y >= -reachY && vertex.y <= height + reachY)
        }
        guard far else { return nil }
        let low = -Self.margin, highX = width + Self.margin, highY = height + Self.margin
        var polygon: [Vertex] = [], next: [Vertex] = []
        positions.reserveCapacity(batch.indexCount * 2)
        for triangle in 0..<(batch.indexCount / 3) {
            polygon.removeAll(keepingCapacity: true)
            for corner in 0..<3 {
                let index = Int(list.indices[batch.indexStart + 3 * triangle + corner])
                guard index >= 0, index < batch.vertexCount else { return nil }
                polygon.append(Vertex(list.vertices[batch.vertexStart + index]))
            }
            // Skip what cannot be drawn (NaN), then clip against x ≥ low, x ≤ highX, y ≥ low, y ≤ highY.
            guard polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            let sides: [(Vertex) -> Float] = [{ $0.x - low }, { highX - $0.x }, { $0.y - low }, { highY - $0.y }]
            for inside in sides where !polygon.isEmpty {
                next.removeAll(keepingCapacity: true)
                for (offset, current) in polygon.enumerated() {
                    let following = polygon[(offset + 1) % polygon.count]
                    let a = inside(current), b = inside(following)
                    if a >= 0 { next.append(current) }
                    if (a >= 0) != (b >= 0) { next.append(current.mixed(with: following, a / (a - b))) }
                }
                swap(&polygon, &next)
            }
            guard polygon.count >= 3 else { continue }
            for corner in 1..<(polygon.count - 1) {
                for vertex in [polygon[0], polygon[corner], polygon[corner + 1]] { append(vertex) }
            }
        }
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
}
