#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the draw list of a world at its current time: the layer tree as presented then
/// (backgrounds, borders) and one textured quad per live particle, in canvas coordinates,
/// batched by texture and blend mode.
public struct DrawListBuilder {
    public init() {}

    /// Fills `list` with the world's layers and particles.
    /// - Parameter interpolation: where between the previous step (0) and the current one (1)
    ///   to draw. The window passes its accumulator's remainder, so motion is smooth at any
    ///   display rate. The previous state is not stored: under constant acceleration it follows
    ///   exactly from the current one, x(t − b) = x − v·b + ½·a·b².
    /// - Parameter pixelsPerPoint: how many output pixels a canvas point covers, to pick the
    ///   texture size that suits each particle.
    public func build(_ world: World, into list: DrawList, interpolation: Double = 1, pixelsPerPoint: Double = 1) {
        list.reset(size: world.effect.canvas.size, background: world.effect.canvas.background)
        let rewindSeconds = (1 - min(max(interpolation, 0), 1)) * world.stepDuration
        let layers = world.effect.presentationLayers(at: max(0, world.time - rewindSeconds))
        let rewind = Float(rewindSeconds)
        var order: [(cell: Int, index: Int, age: Float)] = []
        for placed in layers {
            LayerGeometry.appendBackground(of: placed, to: list)
            guard placed.layer.type == .emitter, let emitter = world.emitter(named: placed.name) else { continue }
            let properties = placed.layer.emitter ?? emitter.properties
            let blend: BlendMode = properties.renderMode == .additive ? .additive : .normal
            let transform = placed.transformToCanvas
            let opacity = Float(placed.opacity)
            switch properties.renderMode {
            case .unordered, .additive, .backToFront:
                // backToFront orders by depth; until particles have depth they all share the
                // emitter's z, so storage order is as good as any.
                for cell in emitter.cells {
                    guard let texture = cell.presented.contents, cell.particles.count > 0 else { continue }
                    let geometry = QuadGeometry(cell: cell, texture: texture, transform: transform, opacity: opacity, rewind: rewind)
                    list.beginBatch(texture: texture, level: geometry.textureLevel(pixelsPerPoint: pixelsPerPoint), blendMode: blend)
                    list.reserve(quads: cell.particles.count)
                    for index in 0..<cell.particles.count { geometry.appendQuad(index, to: list) }
                    list.endBatch()
                }
            case .oldestFirst, .oldestLast:
                // Sort every particle of the layer by age, across cells. oldestFirst draws the
                // oldest on top (last); oldestLast draws it at the bottom (first).
                order.removeAll(keepingCapacity: true)
                for (cellIndex, cell) in emitter.cells.enumerated() where cell.presented.contents != nil {
                    for index in 0..<cell.particles.count { order.append((cellIndex, index, cell.particles.age[index])) }
                }
                if properties.renderMode == .oldestFirst {
                    order.sort { ($0.age, $0.cell, $0.index) < ($1.age, $1.cell, $1.index) }
                } else {
                    order.sort { ($0.age, $1.cell, $1.index) > ($1.age, $0.cell, $0.index) }
                }
                let geometries = emitter.cells.map { cell in
                    cell.presented.contents.map { QuadGeometry(cell: cell, texture: $0, transform: transform, opacity: opacity, rewind: rewind) }
                }
                for entry in order {
                    guard let geometry = geometries[entry.cell] else { continue }
                    list.beginBatch(texture: geometry.texture, level: geometry.textureLevel(pixelsPerPoint: pixelsPerPoint), blendMode: blend)
                    geometry.appendQuad(entry.index, to: list)
                    list.endBatch()
                }
            }
        }
    }
}

extension DrawList {
    /// Continues the last batch if it has the same texture and blend mode, else starts one.
    func beginBatch(texture: TextureReference?, level: Int = 0, blendMode: BlendMode) {
        if let last = batches.last, last.texture == texture, last.textureLevel == level, last.blendMode == blendMode { return }
        batches.append(DrawBatch(texture: texture, textureLevel: level, blendMode: blendMode, vertexStart: vertices.count,
                                 vertexCount: 0, indexStart: indices.count, indexCount: 0))
    }

    func reserve(quads: Int) {
        vertices.reserveCapacity(vertices.count + 4 * quads)
        indices.reserveCapacity(indices.count + 6 * quads)
    }

    func endBatch() {
        guard var last = batches.last else { return }
        last.vertexCount = vertices.count - last.vertexStart
        last.indexCount = indices.count - last.indexStart
        batches[batches.count - 1] = last
    }
}

/// What every quad of one cell shares: the texture's size and coordinates, the transform to the
/// canvas, the layer opacity and the interpolation rewind.
struct QuadGeometry {
    let store: ParticleStore
    let texture: TextureReference
    let halfWidth: Float, halfHeight: Float
    let u0: Float, v0: Float, u1: Float, v1: Float
    let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    let opacity: Float
    let rewind: Float
    let ax: Float, ay: Float
    /// The largest stretch of the layer transform, to bound a quad's size on the canvas.
    let scaleLimit: Float
    /// Quads reaching past this many points from the canvas origin are skipped.
    static let coordinateLimit: Float = 100_000

    init(cell: CellSimulation, texture: TextureReference, transform: AffineTransform, opacity: Float, rewind: Float) {
        store = cell.particles
        self.texture = texture
        let rect = cell.presented.contentsRect
        let pixels = texture.pixelSize
        // A particle at scale 1 is as many points as its part of the image has pixels, divided
        // by contentsScale — Core Animation's rule for layer contents.
        halfWidth = Float(pixels.width * rect.size.width / cell.presented.contentsScale / 2)
        halfHeight = Float(pixels.height * rect.size.height / cell.presented.contentsScale / 2)
        u0 = Float(rect.origin.x); v0 = Float(rect.origin.y)
        u1 = Float(rect.origin.x + rect.size.width); v1 = Float(rect.origin.y + rect.size.height)
        a = Float(transform.a); b = Float(transform.b); c = Float(transform.c); d = Float(transform.d)
        tx = Float(transform.tx); ty = Float(transform.ty)
        scaleLimit = max(abs(a) + abs(c), abs(b) + abs(d))
        self.opacity = opacity
        self.rewind = rewind
        ax = cell.xAcceleration
        ay = cell.yAcceleration
    }

    /// The mip level for this cell's particles: from the texture's size, the typical particle
    /// scale (the first few particles'), the layer's stretch and the output's pixels per point.
    func textureLevel(pixelsPerPoint: Double) -> Int {
        guard case .builtin = texture else { return 0 }
        let sample = min(store.count, 16)
        guard sample > 0 else { return 0 }
        var scale: Float = 0
        for i in 0..<sample { scale += abs(store.scale[i]) }
        let drawn = Double(2 * halfWidth * scale / Float(sample) * scaleLimit) * pixelsPerPoint
        return BuiltinTexture.level(pixelWidth: texture.pixelSize.width, drawnWidth: drawn)
    }

    @inline(__always)
    func appendQuad(_ i: Int, to list: DrawList) {
        // Step back by `rewind` seconds, but not to before the particle's birth.
        let back = min(rewind, store.age[i])
        let x = store.x[i] - store.vx[i] * back + 0.5 * ax * back * back
        let y = store.y[i] - store.vy[i] * back + 0.5 * ay * back * back
        let rotation = store.rotation[i] - store.spin[i] * back
        let scale = store.scale[i]
        let alpha = store.alpha[i] * opacity
        // Rotated half extents; sin and cos only for particles that turn.
        var cosine: Float = 1, sine: Float = 0
        if rotation != 0 {
            cosine = cosf(rotation)
            sine = sinf(rotation)
        }
        let hx = halfWidth * scale, hy = halfHeight * scale
        let ex = Point2(x: cosine * hx, y: sine * hx)   // rotated (hx, 0)
        let ey = Point2(x: -sine * hy, y: cosine * hy)  // rotated (0, hy)
        let red = UInt8(store.red[i] * 255 + 0.5), green = UInt8(store.green[i] * 255 + 0.5)
        let blue = UInt8(store.blue[i] * 255 + 0.5), alphaByte = UInt8(min(max(alpha, 0), 1) * 255 + 0.5)
        @inline(__always) func vertex(_ px: Float, _ py: Float, _ u: Float, _ v: Float) -> DrawVertex {
            DrawVertex(x: a * px + c * py + tx, y: b * px + d * py + ty, red: red, green: green, blue: blue,
                       alpha: alphaByte, u: u, v: v)
        }
        // A particle far off the canvas, or grown absurdly large (or NaN), is not drawn: the
        // rasteriser would spend unbounded time on it, or overflow.
        let cx = a * x + c * y + tx, cy = b * x + d * y + ty
        let extent = abs(hx) + abs(hy)
        guard abs(cx) < QuadGeometry.coordinateLimit, abs(cy) < QuadGeometry.coordinateLimit,
              extent * scaleLimit < QuadGeometry.coordinateLimit else { return }
        let base = Int32(list.vertices.count - (list.batches.last?.vertexStart ?? 0))
        list.vertices.append(vertex(x - ex.x - ey.x, y - ex.y - ey.y, u0, v0))
        list.vertices.append(vertex(x + ex.x - ey.x, y + ex.y - ey.y, u1, v0))
        list.vertices.append(vertex(x + ex.x + ey.x, y + ex.y + ey.y, u1, v1))
        list.vertices.append(vertex(x - ex.x + ey.x, y - ex.y + ey.y, u0, v1))
        list.indices.append(base); list.indices.append(base + 1); list.indices.append(base + 2)
        list.indices.append(base); list.indices.append(base + 2); list.indices.append(base + 3)
    }
}

struct Point2 {
    var x: Float
    var y: Float
}
