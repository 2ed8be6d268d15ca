/// What every ribbon of one cell's trail shares, and the writing of each particle's ribbon
/// into the draw list.
///
/// A ribbon runs from the particle's drawn position (its head) through the samples of its
/// history younger than `length` seconds, to a tail clipped at exactly `length` seconds back
/// (between the two samples around that moment) or at the particle's birth. Each point of it
/// gives three vertices across the ribbon: an edge, the centre line and the other edge. The
/// centre has the particle's color at its alpha times `alphaOverLength`; the edges are the same
/// color at alpha 0, so the ribbon fades to its sides without a texture. Each piece between two
/// points is four triangles. A particle old enough to have its whole trail draws
/// `segments + 2` points (head, `segments` samples, tail): `segments + 1` pieces, `4 × (segments
/// + 1)` triangles, `3 × (segments + 2)` vertices; a younger one draws the samples since its
/// birth.
struct TrailGeometry {
    let store: ParticleStore
    let z: UnsafeMutablePointer<Float>
    let scaleColumn: UnsafeMutablePointer<Float>, alphaColumn: UnsafeMutablePointer<Float>
    let red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>, blue: UnsafeMutablePointer<Float>
    let newest: UnsafeMutablePointer<Float>
    /// The ring's x and y columns, slot s at 2s and 2s + 1.
    let samples: [UnsafeMutablePointer<Float>]
    let layout: TrailHistory.Layout
    let length: Float
    /// The ribbon's width in points, or nil for the particle's size: `sizeSide` × its scale.
    let width: Float?
    let sizeSide: Float
    let widthOverLife: LifeCurve?, widthOverLength: LifeCurve?, alphaOverLength: LifeCurve?
    let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    /// How much the layer's transform scales lengths (the square root of its determinant).
    let stretch: Float
    let opacity: Float
    /// The particles as they were when drawn: the simulation's rules, which drawing only reads.
    let rewind: CellRewind
    let tinted: Bool
    let tintRed: Float, tintGreen: Float, tintBlue: Float, tintAlpha: Float
    let projects: Bool
    let centerX: Float, centerY: Float, distance: Float

    /// The trail of `cell`, or nil when it has none.
    init?(cell: CellSnapshot, context: QuadContext) {
        guard let trail = cell.presented.extensions.trail, let layout = cell.trailLayout else { return nil }
        store = cell.particles
        z = store.z
        scaleColumn = store.scale; alphaColumn = store.alpha
        red = store.red; green = store.green; blue = store.blue
        let extra = store.extra
        newest = extra[layout.newestColumn]
        samples = Array(extra[layout.firstSampleColumn..<(layout.firstSampleColumn + 2 * layout.capacity)])
        self.layout = layout
        length = Float(trail.length)
        width = trail.width.map { Float($0) }
        // The particle's drawn size, as its quad is drawn: the frame of its contents in points.
        // With contents choices, the first choice sizes every ribbon.
        if let texture = cell.presented.extensions.contentsChoices.first ?? cell.presented.contents {
            let rect = cell.presented.contentsRect
            let frames = cell.presented.extensions.spriteFrames
            let pixels = texture.pixelSize
            let frameWidth = pixels.width * rect.size.width / Double(frames?.columns ?? 1)
            let frameHeight = pixels.height * rect.size.height / Double(frames?.rows ?? 1)
            sizeSide = Float(max(frameWidth, frameHeight) / cell.presented.contentsScale)
        } else {
            sizeSide = 0
        }
        func curve(_ factors: [Double]) -> LifeCurve? {
            guard !factors.isEmpty, factors != [1] else { return nil }
            return LifeCurve(LifeSequence(values: factors, times: [])) { [Float($0)] }
        }
        widthOverLife = curve(trail.widthOverLife)
        widthOverLength = curve(trail.widthOverLength)
        alphaOverLength = curve(trail.alphaOverLength)
        let transform = context.transform
        a = Float(transform.a); b = Float(transform.b); c = Float(transform.c); d = Float(transform.d)
        tx = Float(transform.tx); ty = Float(transform.ty)
        stretch = abs(a * d - b * c).squareRoot()
        opacity = context.opacity
        rewind = CellRewind(cell, seconds: context.rewind, now: context.now)
        tinted = context.tint != .white
        tintRed = Float(context.tint.red); tintGreen = Float(context.tint.green)
        tintBlue = Float(context.tint.blue); tintAlpha = Float(context.tint.alpha)
        projects = context.perspective != nil
        centerX = Float(context.perspective?.center.x ?? 0)
        centerY = Float(context.perspective?.center.y ?? 0)
        distance = Float(context.perspective?.distance ?? 1)
    }

    /// The most points one ribbon has: the head, every slot of the ring, the tail.
    var maxPoints: Int { layout.capacity + 2 }

    /// Floats per point in the scratch buffer: x, y, the fraction back along the length, and
    /// the normal across the ribbon.
    let stride = 5

    /// Appends the ribbons of `particles` (those that are drawn) to the current batch, writing
    /// straight into the list's buffers.
    func appendRibbons<Particles: Collection>(_ particles: Particles, to list: DrawList) where Particles.Element == Int {
        let count = particles.count
        guard count > 0 else { return }
        let pointLimit = maxPoints
        let vertexStart = list.vertices.count
        let batchStart = list.batches.last?.vertexStart ?? 0
        // The same cap as particle quads: six indices count as one quad.
        var indexRoom = max(0, DrawList.maxQuads * 6 - list.indices.count)
        guard indexRoom > 0 else { return }
        // Room for the usual ribbon (segments + 2 points) of every particle, reserved once. Each
        // ribbon is made in scratch memory that stays in cache and copied on in one go, so the
        // list's memory — about a kilobyte a particle at 8 segments — is written once.
        let usualPoints = layout.capacity
        list.vertices.reserveCapacity(vertexStart + 3 * usualPoints * count)
        list.indices.reserveCapacity(list.indices.count + min(12 * (usualPoints - 1) * count, indexRoom))
        var vertexCount = 0
        withUnsafeTemporaryAllocation(of: Float.self, capacity: stride * pointLimit) { scratch in
            withUnsafeTemporaryAllocation(of: DrawVertex.self, capacity: 3 * pointLimit) { vertexScratch in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 12 * (pointLimit - 1)) { indexScratch in
                    let points = scratch.baseAddress!
                    for i in particles {
                        let pointCount = ribbonPoints(i, into: points)
                        guard pointCount >= 2 else { continue }
                        let needed = 12 * (pointCount - 1)
                        guard needed <= indexRoom else { break }
                        writeRibbon(i, points: points, count: pointCount, vertices: vertexScratch.baseAddress!,
                                    indices: indexScratch.baseAddress!, base: Int32(vertexStart - batchStart + vertexCount))
                        list.vertices.append(contentsOf: UnsafeBufferPointer(start: vertexScratch.baseAddress!, count: 3 * pointCount))
                        list.indices.append(contentsOf: UnsafeBufferPointer(start: indexScratch.baseAddress!, count: needed))
                        vertexCount += 3 * pointCount
                        indexRoom -= needed
                    }
                }
            }
        }
    }

    /// Particle `i`'s ribbon points, head first, in the layer's coordinates: x, y and the
    /// fraction of the length back (0 at the head), ``stride`` floats each (the rest is room
    /// for the normal across the ribbon). Returns their number.
    @inline(__always)
    func ribbonPoints(_ i: Int, into points: UnsafeMutablePointer<Float>) -> Int {
        let back = rewind.back(i)
        let headAge = rewind.drawnAge(i, back: back)
        var count = 0
        func append(_ px: Float, _ py: Float, _ pointAge: Float) {
            points[stride * count] = px
            points[stride * count + 1] = py
            points[stride * count + 2] = (headAge - pointAge) / length
            count += 1
        }
        let head = rewind.position(i, back: back)
        append(head.x, head.y, headAge)
        let tailAge = max(headAge - length, 0)
        let newestSample = newest[i]
        let oldest = max(0, newestSample - Float(layout.capacity - 1))
        var k = newestSample
        var lastX = points[0], lastY = points[1], lastAge = headAge
        var newerX = lastX, newerY = lastY, newerAge = lastAge
        while k >= oldest {
            let sampleAge = k * layout.interval
            let slot = Int(k) % layout.capacity
            let sx = samples[2 * slot][i], sy = samples[2 * slot + 1][i]
            k -= 1
            // Samples after the drawn moment (the window draws up to a step back) are not yet.
            if sampleAge > headAge { continue }
            if sampleAge > tailAge {
                append(sx, sy, sampleAge)
                newerX = lastX; newerY = lastY; newerAge = lastAge
                lastX = sx; lastY = sy; lastAge = sampleAge
                continue
            }
            // The tail: between the last point and this sample, exactly `length` back (or the
            // birth sample itself).
            let gap = lastAge - sampleAge
            let fraction = gap > 0 ? (lastAge - tailAge) / gap : 1
            append(lastX + (sx - lastX) * fraction, lastY + (sy - lastY) * fraction, tailAge)
            return count
        }
        // The ring ran out before the tail: drawn more than (ring − segments − 1) sample
        // intervals before the step's end (a step longer than the interval, drawn between two
        // steps). The tail goes on along the last piece, so the ribbon keeps its length.
        if lastAge > tailAge && newerAge > lastAge {
            let fraction = (lastAge - tailAge) / (newerAge - lastAge)
            append(lastX + (lastX - newerX) * fraction, lastY + (lastY - newerY) * fraction, tailAge)
        }
        return count
    }

    /// Writes the ribbon through `count` points: three vertices a point, four triangles a piece.
    @inline(__always)
    func writeRibbon(_ i: Int, points: UnsafeMutablePointer<Float>, count: Int, vertices: UnsafeMutablePointer<DrawVertex>,
                     indices: UnsafeMutablePointer<Int32>, base: Int32) {
        var r = red[i], g = green[i], bl = blue[i], al = alphaColumn[i] * opacity
        if tinted { r *= tintRed; g *= tintGreen; bl *= tintBlue; al *= tintAlpha }
        let redByte = UInt8(min(max(r, 0), 1) * 255 + 0.5), greenByte = UInt8(min(max(g, 0), 1) * 255 + 0.5)
        let blueByte = UInt8(min(max(bl, 0), 1) * 255 + 0.5)
        var fullWidth = width ?? sizeSide * abs(scaleColumn[i])
        if let widthOverLife { fullWidth *= widthOverLife.value(at: rewind.normalizedAge(i, back: rewind.back(i))) }
        var perspectiveFactor: Float = 1
        // Into canvas coordinates, in place (the trail takes the particle's current depth).
        for j in 0..<count {
            let px = points[stride * j], py = points[stride * j + 1]
            var cx = a * px + c * py + tx, cy = b * px + d * py + ty
            if projects {
                let w = max(1 - z[i] / distance, 0.01)
                perspectiveFactor = 1 / w
                cx = centerX + (cx - centerX) / w
                cy = centerY + (cy - centerY) / w
            }
            points[stride * j] = cx
            points[stride * j + 1] = cy
        }
        let halfWidth = fullWidth * 0.5 * stretch * perspectiveFactor
        // The direction across the ribbon at each point: perpendicular to the line through its
        // neighbours, so joints bend smoothly. Where the points coincide, a neighbour's.
        var normalX: Float = 0, normalY: Float = 0
        var firstDirected = -1
        for j in 0..<count {
            let next = min(j + 1, count - 1), previous = max(j - 1, 0)
            let dx = points[stride * previous] - points[stride * next], dy = points[stride * previous + 1] - points[stride * next + 1]
            let lengthSquared = dx * dx + dy * dy
            if lengthSquared > 1e-12 {
                let inverse = 1 / lengthSquared.squareRoot()
                normalX = -dy * inverse; normalY = dx * inverse
                if firstDirected < 0 { firstDirected = j }
            }
            points[stride * j + 3] = normalX
            points[stride * j + 4] = normalY
        }
        for j in 0..<max(firstDirected, 0) {
            points[stride * j + 3] = points[stride * firstDirected + 3]
            points[stride * j + 4] = points[stride * firstDirected + 4]
        }
        for j in 0..<count {
            let u = points[stride * j + 2]
            let along = widthOverLength?.value(at: u) ?? 1
            let alpha = al * (alphaOverLength?.value(at: u) ?? 1)
            let alphaByte = UInt8(min(max(alpha, 0), 1) * 255 + 0.5)
            let h = halfWidth * along
            let cx = points[stride * j], cy = points[stride * j + 1]
            let offsetX = points[stride * j + 3] * h, offsetY = points[stride * j + 4] * h
            let v = vertices + 3 * j
            v[0] = DrawVertex(x: cx + offsetX, y: cy + offsetY, red: redByte, green: greenByte, blue: blueByte, alpha: 0, u: 0, v: 0)
            v[1] = DrawVertex(x: cx, y: cy, red: redByte, green: greenByte, blue: blueByte, alpha: alphaByte, u: 0, v: 0)
            v[2] = DrawVertex(x: cx - offsetX, y: cy - offsetY, red: redByte, green: greenByte, blue: blueByte, alpha: 0, u: 0, v: 0)
        }
        for piece in 0..<(count - 1) {
            let left = base + Int32(3 * piece), centre = left + 1, right = left + 2
            let nextLeft = left + 3, nextCentre = left + 4, nextRight = left + 5
            let n = indices + 12 * piece
            n[0] = left; n[1] = centre; n[2] = nextLeft
            n[3] = centre; n[4] = nextCentre; n[5] = nextLeft
            n[6] = centre; n[7] = right; n[8] = nextCentre
            n[9] = right; n[10] = nextRight; n[11] = nextCentre
        }
    }
}
