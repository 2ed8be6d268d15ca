/// The particle quads of one cell: read as columns four particles at a time in SIMD registers
/// (positions, rotation, colors: four particles an instruction, no branch, no bounds check, no
/// library call), stored as whole 16-byte vectors, and split into ranges written on several
/// threads.
///
/// The bytes are those the one-particle-at-a-time `writeQuad` writes, operation for operation
/// (no fused or reordered floating point): the column loop is only taken for cells whose quads
/// need nothing per particle beyond position, rotation, scale and color (no flutter, sprite
/// frames, perspective, values rewound along curves or speeds), and each range writes only its
/// own slice of the buffers, so the list is the same with any number of threads.
extension QuadGeometry {
    /// The four corners of four quads: x0 y0 x1 y1 x2 y2 x3 y3, a lane per quad.
    typealias Corners = (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// Whether every quad of this cell can be written by the column loop.
    var drawsByColumns: Bool {
        flutter == nil && frames == nil && !projects && !rewindsValues && !(alignsToVelocity && rewind > 0)
    }

    /// Appends the quads of `particles` (those that are drawn) to the current batch, writing
    /// straight into the list's buffers, on up to `threads` threads.
    func appendQuads(_ particles: Range<Int>, to list: DrawList, threads: Int, minimumChunk: Int) {
        append(count: particles.count, to: list, threads: threads, minimumChunk: minimumChunk) { range, vertices in
            let first = particles.lowerBound + range.lowerBound
            let drawn = first..<(first + range.count)
            if drawsByColumns { return writeColumnQuads(drawn, vertices: vertices) }
            var written = 0
            for i in drawn where writeQuad(i, vertices: vertices + 4 * written) { written += 1 }
            return written
        }
    }

    /// Appends the quads of the particles at `indices`, in that order (a cell's particles of one
    /// texture, or a sorted run), on up to `threads` threads.
    func appendQuads(_ indices: [Int], to list: DrawList, threads: Int, minimumChunk: Int) {
        indices.withUnsafeBufferPointer { indices in
            append(count: indices.count, to: list, threads: threads, minimumChunk: minimumChunk) { range, vertices in
                var written = 0
                for k in range where writeQuad(indices[k], vertices: vertices + 4 * written) { written += 1 }
                return written
            }
        }
    }

    /// Appends up to `count` quads: `write` fills them range by range on up to `threads`
    /// threads (each range from its own first slot; it returns how many quads it wrote), then
    /// the gaps that quads not drawn leave are closed in range order and the indices written.
    /// The buffers grow without being cleared first: clearing 104 bytes a particle cost a
    /// quarter of the loop.
    private func append(count requested: Int, to list: DrawList, threads: Int, minimumChunk: Int,
                        _ write: (Range<Int>, UnsafeMutablePointer<DrawVertex>) -> Int) {
        // Replicated emitters draw their particles once per copy: the list is capped so that no
        // effect can ask for unbounded memory in a frame.
        let count = min(requested, max(0, DrawList.maxQuads - list.quadCount))
        guard count > 0 else { return }
        let batchStart = list.batches.last?.vertexStart ?? 0
        let firstVertex = Int32(list.vertices.count - batchStart)
        let chunks = ParallelChunks.chunkCount(count: count, threads: threads, minimumChunk: minimumChunk)
        var written = 0
        withoutActuallyEscaping(write) { write in
            list.vertices.append(contentsOf: WrittenInPlace(count: 4 * count) { vertices in
                let v = vertices.baseAddress!
                withUnsafeTemporaryAllocation(of: Int.self, capacity: chunks) { counts in
                    let counts = counts.baseAddress!
                    // One chunk per call (chunks of at least one chunk): each writes its count.
                    ParallelChunks.run(count: chunks, threads: chunks, minimumChunk: 1) { chunkRange in
                        for chunk in chunkRange {
                            let range = ParallelChunks.range(chunk, of: chunks, count: count)
                            counts[chunk] = write(range, v + 4 * range.lowerBound)
                        }
                    }
                    // Quads not drawn leave gaps at the end of their range: move each range's
                    // quads down to follow the previous range's (nothing moves when all are drawn).
                    for chunk in 0..<chunks {
                        let range = ParallelChunks.range(chunk, of: chunks, count: count)
                        if written != range.lowerBound && counts[chunk] > 0 {
                            UnsafeMutableRawPointer(v + 4 * written).copyMemory(
                                from: v + 4 * range.lowerBound, byteCount: 4 * counts[chunk] * MemoryLayout<DrawVertex>.stride)
                        }
                        written += counts[chunk]
                    }
                }
                // The room left by quads not drawn is cleared (every element appended is then
                // initialised) and removed below.
                (v + 4 * written).initialize(repeating: .zero, count: 4 * (count - written))
            })
        }
        list.vertices.removeLast(4 * (count - written))
        list.indices.append(contentsOf: WrittenInPlace(count: 6 * written) { indices in
            let x = indices.baseAddress!
            // Two quads (twelve indices) are three 16-byte stores: the first vertex plus these.
            let first = SIMD4<Int32>(0, 1, 2, 0), second = SIMD4<Int32>(2, 3, 4, 5), third = SIMD4<Int32>(6, 4, 6, 7)
            let pairs = written / 2
            ParallelChunks.run(count: pairs, threads: threads, minimumChunk: 2 * minimumChunk) { range in
                let output = UnsafeMutableRawPointer(x)
                for pair in range {
                    let base = SIMD4<Int32>(repeating: firstVertex &+ Int32(truncatingIfNeeded: 8 &* pair))
                    let slot = output + 48 &* pair
                    slot.storeBytes(of: base &+ first, as: SIMD4<Int32>.self)
                    slot.storeBytes(of: base &+ second, toByteOffset: 16, as: SIMD4<Int32>.self)
                    slot.storeBytes(of: base &+ third, toByteOffset: 32, as: SIMD4<Int32>.self)
                }
            }
            if written % 2 == 1 {
                let quad = written - 1
                let base = firstVertex &+ Int32(truncatingIfNeeded: 4 &* quad), slot = x + 6 &* quad
                slot[0] = base; slot[1] = base &+ 1; slot[2] = base &+ 2
                slot[3] = base; slot[4] = base &+ 2; slot[5] = base &+ 3
            }
        })
    }

    /// Writes the quads of `particles` (those drawn) from `vertices` on; returns how many it
    /// wrote. Four particles at a time in SIMD registers (the arithmetic of writeQuad for a cell
    /// that ``drawsByColumns``, operation for operation), the last few one by one by writeQuad.
    func writeColumnQuads(_ particles: Range<Int>, vertices: UnsafeMutablePointer<DrawVertex>) -> Int {
        let groups = particles.count / 4
        var written = 0
        do {
            let output = UnsafeMutableRawPointer(vertices)
            let u0 = SIMD4<Float>(repeating: self.u0), v0 = SIMD4<Float>(repeating: self.v0)
            let u1 = SIMD4<Float>(repeating: self.u1), v1 = SIMD4<Float>(repeating: self.v1)
            for group in 0..<groups {
                let (corners, color, drawn) = fourQuads(at: particles.lowerBound &+ 4 &* group)
                let (x0, y0, x1, y1, x2, y2, x3, y3) = corners
                // A quad is 80 bytes, twenty 32-bit words: x0 y0 c u0 | v0 x1 y1 c | u1 v0 x2 y2 |
                // c u1 v1 x3 | y3 c u0 v1. Each group of four words, for the four particles, is a
                // 4 × 4 transpose of the lanes: five 16-byte stores a quad instead of twenty.
                // Where each of the four goes: a quad not drawn shares the next one's slot, and
                // is overwritten by it (the last one's by the next group, or cleared).
                let first = output + 80 &* written
                let second = first + 80 &* Int(drawn[0]), third = second + 80 &* Int(drawn[1])
                let fourth = third + 80 &* Int(drawn[2])
                written &+= Int(drawn[0]) &+ Int(drawn[1]) &+ Int(drawn[2]) &+ Int(drawn[3])
                // Each transpose stored at once, so that few vectors are live at a time.
                @inline(__always) func store(_ words: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>), at offset: Int) {
                    first.storeBytes(of: words.0, toByteOffset: offset, as: SIMD4<Float>.self)
                    second.storeBytes(of: words.1, toByteOffset: offset, as: SIMD4<Float>.self)
                    third.storeBytes(of: words.2, toByteOffset: offset, as: SIMD4<Float>.self)
                    fourth.storeBytes(of: words.3, toByteOffset: offset, as: SIMD4<Float>.self)
                }
                store(Self.transpose(x0, y0, color, u0), at: 0)
                store(Self.transpose(v0, x1, y1, color), at: 16)
                store(Self.transpose(u1, v0, x2, y2), at: 32)
                store(Self.transpose(color, u1, v1, x3), at: 48)
                store(Self.transpose(y3, color, u0, v1), at: 64)
            }
        }
        for i in (particles.lowerBound + 4 * groups)..<particles.upperBound where writeQuad(i, vertices: vertices + 4 * written) {
            written += 1
        }
        return written
    }

    /// Rows to columns: the first vector holds the first lane of each of the four, and so on.
    @inline(__always)
    static func transpose(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>)
        -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        // Two rounds of interleaving (unpcklps / unpckhps, movlhps / movhlps on SSE).
        let ab0 = SIMD4(a[0], b[0], a[1], b[1]), ab1 = SIMD4(a[2], b[2], a[3], b[3])
        let cd0 = SIMD4(c[0], d[0], c[1], d[1]), cd1 = SIMD4(c[2], d[2], c[3], d[3])
        return (SIMD4(lowHalf: ab0.lowHalf, highHalf: cd0.lowHalf), SIMD4(lowHalf: ab0.highHalf, highHalf: cd0.highHalf),
                SIMD4(lowHalf: ab1.lowHalf, highHalf: cd1.lowHalf), SIMD4(lowHalf: ab1.highHalf, highHalf: cd1.highHalf))
    }

    /// Particles `i ..< i + 4`: their quads' corners (eight vectors, x0 y0 x1 y1 x2 y2 x3 y3),
    /// color words (as floats' bits) and 1 for each that is drawn, 0 if not.
    @inline(__always)
    private func fourQuads(at i: Int) -> (corners: Corners, color: SIMD4<Float>, drawn: SIMD4<UInt32>) {
        typealias Vector = SIMD4<Float>
        @inline(__always) func load(_ column: UnsafeMutablePointer<Float>) -> Vector {
            UnsafeRawPointer(column + i).loadUnaligned(as: Vector.self)
        }
        let age = load(self.age)
        // Step back by `rewind` seconds, but not to before the particle's birth: min(rewind, age).
        let rewind = Vector(repeating: self.rewind)
        let back = rewind.replacing(with: age, where: age .< rewind)
        let x = load(self.x), y = load(self.y), vx = load(self.vx), vy = load(self.vy)
        var px = x - vx * back + ax * back * back / 2
        var py = y - vy * back + ay * back * back / 2
        if let previousX, let previousY {
            // PastPosition.coordinate: on the line to the previous step's position within it.
            let duration = Vector(repeating: lastStepDuration)
            let span = duration.replacing(with: age, where: age .< duration)
            let onLine = (span .> 0) .& (back .<= span)
            px.replace(with: x + (load(previousX) - x) * (back / span), where: onLine)
            py.replace(with: y + (load(previousY) - y) * (back / span), where: onLine)
        }
        let rotation = load(rotationColumn) - load(spin) * back
        let scale = load(scaleColumn)
        var r = load(red), g = load(green), bl = load(blue), al = load(alphaColumn)
        al *= opacity
        let cx = a * px + c * py + tx, cy = b * px + d * py + ty
        let hx = halfWidth * scale, hy = halfHeight * scale
        // A particle far off the canvas, or grown absurdly large (or NaN), is not drawn.
        let extent = Self.magnitude(hx) + Self.magnitude(hy)
        let limit = Vector(repeating: QuadGeometry.coordinateLimit)
        let inside = (Self.magnitude(cx) .< limit) .& (Self.magnitude(cy) .< limit) .& (extent * scaleLimit .< limit)
        // Rotated half extents; sine and cosine only for particles that turn.
        var cosine = Vector(repeating: 1), sine = Vector(repeating: 0)
        let turns = rotation .!= 0
        if any(turns) {
            // FastTrigonometry.sineCosine's operations in lanes, written here rather than called
            // (a call would spill every vector register): the rounding of the range reduction
            // with 2²³ additions instead of roundf, the sine's symmetry as choices, and the
            // polynomial once for the sines and the cosines together.
            let twoPi: Float = 6.283185307179586, halfPi: Float = 1.5707963267948966, pi: Float = 3.141592653589793
            // (rotation / 2π).rounded(): a magnitude below 2²³ plus 2²³ rounds to the nearest
            // integer, halves to even; a half that went down goes up; from 2²³ on it is whole.
            let turnsAround = rotation * (1 / twoPi)
            let bits = unsafeBitCast(turnsAround, to: SIMD4<UInt32>.self)
            let magnitude = unsafeBitCast(bits & 0x7FFF_FFFF, to: Vector.self), magic = Vector(repeating: 8_388_608)
            let nearest = (magnitude + magic) - magic
            var whole = nearest.replacing(with: nearest + 1, where: magnitude - nearest .== 0.5)
            whole.replace(with: magnitude, where: .!(magnitude .< magic))
            let rounded = unsafeBitCast(unsafeBitCast(whole, to: SIMD4<UInt32>.self) | (bits & 0x8000_0000), to: Vector.self)
            let reduced = rotation - twoPi * rounded
            var shifted = reduced + halfPi
            shifted.replace(with: shifted - twoPi, where: shifted .> pi)
            // sin(t) for t in [−π, π]: t > π/2 → π − t, t < −π/2 → −π − t, then the polynomial.
            let t = SIMD8(lowHalf: reduced, highHalf: shifted)
            var u = t
            u.replace(with: -pi - t, where: t .< -halfPi)
            u.replace(with: pi - t, where: t .> halfPi)
            let u2 = u * u
            let c9: Float = 1.0 / 362880, c7: Float = -1.0 / 5040, c5: Float = 1.0 / 120, c3: Float = -1.0 / 6
            let sines = u * (1 + u2 * (c3 + u2 * (c5 + u2 * (c7 + u2 * c9))))
            sine.replace(with: sines.lowHalf, where: turns)
            cosine.replace(with: sines.highHalf, where: turns)
        }
        let exLocalX = cosine * hx, exLocalY = sine * hx     // rotated (hx, 0)
        let eyLocalX = -sine * hy, eyLocalY = cosine * hy    // rotated (0, hy)
        let exX = a * exLocalX + c * exLocalY, exY = b * exLocalX + d * exLocalY
        let eyX = a * eyLocalX + c * eyLocalY, eyY = b * eyLocalX + d * eyLocalY
        let corners = (cx - exX - eyX, cy - exY - eyY, cx + exX - eyX, cy + exY - eyY,
                       cx + exX + eyX, cy + exY + eyY, cx - exX + eyX, cy - exY + eyY)
        if tinted { r *= tintRed; g *= tintGreen; bl *= tintBlue; al *= tintAlpha }
        // min(max(al, 0), 1), as Swift's min and max choose.
        let zero = Vector(repeating: 0), one = Vector(repeating: 1)
        let atLeastZero = al.replacing(with: zero, where: zero .>= al)
        let clamped = atLeastZero.replacing(with: one, where: one .< atLeastZero)
        // Two channels at a time: red + 256 green and blue + 256 alpha are whole numbers below
        // 2¹⁶, exact in a float, whose bits after adding 2²³ are the two bytes side by side.
        let magic = Vector(repeating: 8_388_608)
        let redGreen = ColorBytes.integerPart(r * 255 + 0.5) + ColorBytes.integerPart(g * 255 + 0.5) * 256 + magic
        let blueAlpha = ColorBytes.integerPart(bl * 255 + 0.5) + ColorBytes.integerPart(clamped * 255 + 0.5) * 256 + magic
        let rgba = (unsafeBitCast(redGreen, to: SIMD4<UInt32>.self) & 0xFFFF) | (unsafeBitCast(blueAlpha, to: SIMD4<UInt32>.self) & 0xFFFF) &<< 16
        return (corners, unsafeBitCast(rgba, to: Vector.self), SIMD4<UInt32>(repeating: 0).replacing(with: 1, where: inside))
    }

    /// The absolute value of each lane (its sign bit cleared, as `abs` does).
    @inline(__always)
    static func magnitude(_ value: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(value, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
    }
}

/// Color channels' bytes, without branches or traps so that they vectorise.
enum ColorBytes {
    /// The integer part of each lane (what `UInt8(value)` keeps), for values in 0 ..< 256.
    @inline(__always)
    static func integerPart(_ value: SIMD4<Float>) -> SIMD4<Float> {
        // Adding 2²³ rounds to the nearest integer; one less where that rounded up.
        let magic = SIMD4<Float>(repeating: 8_388_608)
        let nearest = (value + magic) - magic
        return nearest.replacing(with: nearest - 1, where: nearest .> value)
    }
}

/// `count` elements that `fill` writes straight into the array they are appended to
/// (`array.append(contentsOf:)` hands its new room to `_copyContents`, the one way to grow an
/// array without writing every element twice). Only for appending: iterated, it is empty.
private struct WrittenInPlace<Element>: Sequence {
    let count: Int
    /// Writes all `count` elements of the buffer it is given.
    let fill: (UnsafeMutableBufferPointer<Element>) -> Void

    var underestimatedCount: Int { count }

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection<Element>.Iterator() }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (EmptyCollection<Element>.Iterator, Int) {
        precondition(buffer.count >= count, "appended into less room than asked for")
        fill(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
        return (makeIterator(), count)
    }
}
