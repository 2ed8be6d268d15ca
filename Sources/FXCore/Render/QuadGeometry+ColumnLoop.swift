/// The particle quads of one cell: read as columns eight particles at a time in SIMD registers
/// (positions, rotation, colors: eight particles an instruction in a build for 256-bit vectors,
/// two instructions of four in the default x86-64 build's SSE2; no branch per particle, no
/// bounds check, no library call), stored as whole 16-byte vectors, and split into ranges
/// written on several threads. Eight lanes rather than four: on SSE2 the two halves are two
/// independent chains the processor overlaps (8.2 against 9.3 ns a quad at 100 000 particles,
/// one thread), and a build for a wider machine (`-target-cpu`) gets whole 256-bit instructions.
///
/// The bytes are those the one-particle-at-a-time `writeQuad` writes, operation for operation
/// (no fused or reordered floating point; one rewriting that IEEE arithmetic makes exact: the
/// height axis's `a·(−p) + q` as `q − a·p`): the column loop is only taken for cells whose quads
/// need nothing per particle beyond position, rotation, scale and color (no flutter, sprite
/// frames, perspective), drawn between steps by rules with lane forms (``CellRewind``), and
/// each range writes only its own slice of the buffers, so the list is the same with any
/// number of threads.
extension QuadGeometry {
    /// A column's values for one group of particles, a lane each.
    typealias Lanes = SIMD8<Float>
    /// The lanes' bits, for the color words and the sign and magnitude arithmetic.
    typealias LaneBits = SIMD8<UInt32>
    /// A choice per lane.
    typealias LaneMask = SIMDMask<SIMD8<Int32>>
    /// Particles in a group: the lanes of ``Lanes``.
    static var groupSize: Int { Lanes.scalarCount }
    /// The four corners of a group's quads: x0 y0 x1 y1 x2 y2 x3 y3, a lane per quad.
    typealias Corners = (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)

    /// Whether every quad of this cell can be written by the column loop: nothing drawn per
    /// particle beyond position, rotation, scale and color, and the particles as drawn found by
    /// rules with lane forms (``CellRewind/hasLaneForms``).
    var drawsByColumns: Bool {
        flutter == nil && frames == nil && !projects && rewind.hasLaneForms
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

    /// Groups a block holds in its scratch columns (128 particles, 5.6 kB).
    static var blockGroups: Int { 128 / groupSize }

    /// Writes the quads of `particles` (those drawn) from `vertices` on; returns how many it
    /// wrote. Block by block: the sines and cosines of each group of eight particles'
    /// rotations, then their corners, then their colors, then the quads stored — four short
    /// loops, each with few enough vectors live to stay in registers (one loop doing corners,
    /// colors and stores spilled a third of its instructions), and the last few particles one
    /// by one by writeQuad. (The quads' axes computed with the sines and cosines, leaving the
    /// corners loop only the centers, took 2% fewer instructions and more time: 8.5 against
    /// 8.2 ns a quad, 6.0 against 5.4 in a build for AVX-512.)
    func writeColumnQuads(_ particles: Range<Int>, vertices: UnsafeMutablePointer<DrawVertex>) -> Int {
        let groups = particles.count / Self.groupSize
        var written = 0
        withUnsafeTemporaryAllocation(of: Lanes.self, capacity: 11 * Self.blockGroups) { scratch in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.blockGroups) { drawn in
                let corners = scratch.baseAddress!, colors = corners + 8 * Self.blockGroups
                let turns = colors + Self.blockGroups, drawn = drawn.baseAddress!
                var group = 0
                while group < groups {
                    let count = min(Self.blockGroups, groups - group)
                    let first = particles.lowerBound + Self.groupSize * group
                    writeTurns(first, groups: count, into: turns)
                    writeCorners(first, groups: count, turns: turns, into: corners, drawn: drawn)
                    writeColors(first, groups: count, into: colors)
                    written = storeQuads(groups: count, corners: corners, colors: colors, drawn: drawn,
                                         vertices: vertices, written: written)
                    group += count
                }
            }
        }
        for i in (particles.lowerBound + Self.groupSize * groups)..<particles.upperBound where writeQuad(i, vertices: vertices + 4 * written) {
            written += 1
        }
        return written
    }

    /// The corners of `groups` groups of eight particles from `first` on: eight vectors a group
    /// (x0 y0 x1 y1 x2 y2 x3 y3, a lane per particle), and a bit for each drawn.
    @inline(never)
    func writeCorners(_ first: Int, groups: Int, turns: UnsafeMutablePointer<Lanes>, into corners: UnsafeMutablePointer<Lanes>,
                      drawn: UnsafeMutablePointer<Int>) {
        for group in 0..<groups {
            let (quad, bits) = groupQuads(at: first &+ Self.groupSize &* group, sine: turns[2 &* group], cosine: turns[2 &* group &+ 1])
            let slot = corners + 8 &* group
            slot[0] = quad.0; slot[1] = quad.1; slot[2] = quad.2; slot[3] = quad.3
            slot[4] = quad.4; slot[5] = quad.5; slot[6] = quad.6; slot[7] = quad.7
            drawn[group] = bits
        }
    }

    /// The sines and cosines of the rotations of `groups` groups of eight particles from `first`
    /// on, two vectors a group. A loop of its own: the polynomials are a long chain of dependent
    /// operations, and in a short loop the processor overlaps several groups' chains (in the
    /// corners loop it could not reach the next group's before this one's was done).
    @inline(never)
    func writeTurns(_ first: Int, groups: Int, into turns: UnsafeMutablePointer<Lanes>) {
        for group in 0..<groups {
            let i = first &+ Self.groupSize &* group
            let rotation = rewind.rotation(lanesAt: i)
            // Sine and cosine only for particles that turn (chosen lane by lane only in a group
            // where some do not: nearly every group of a spinning cell turns whole).
            var cosine = Lanes(repeating: 1), sine = Lanes(repeating: 0)
            let turning = rotation .!= 0
            if all(turning) {
                (sine, cosine) = Self.sineCosine(rotation)
            } else if any(turning) {
                let (s, c) = Self.sineCosine(rotation)
                sine = Self.choose(s, where: turning, else: sine)
                cosine = Self.choose(c, where: turning, else: cosine)
            }
            turns[2 &* group] = sine
            turns[2 &* group &+ 1] = cosine
        }
    }

    /// The color words of `groups` groups of eight particles from `first` on.
    @inline(never)
    func writeColors(_ first: Int, groups: Int, into colors: UnsafeMutablePointer<Lanes>) {
        for group in 0..<groups { colors[group] = color(at: first &+ Self.groupSize &* group) }
    }

    /// Stores the quads of `groups` groups from their corners and colors, those drawn packed
    /// from quad `written` on; returns the quads written so far.
    @inline(never)
    func storeQuads(groups: Int, corners: UnsafeMutablePointer<Lanes>, colors: UnsafeMutablePointer<Lanes>,
                    drawn: UnsafeMutablePointer<Int>, vertices: UnsafeMutablePointer<DrawVertex>, written: Int) -> Int {
        let output = UnsafeMutableRawPointer(vertices)
        let u0 = SIMD4<Float>(repeating: self.u0), v0 = SIMD4<Float>(repeating: self.v0)
        let u1 = SIMD4<Float>(repeating: self.u1), v1 = SIMD4<Float>(repeating: self.v1)
        var written = written
        // Four particles (half a group): their corners, color words and drawn bits.
        @inline(__always) func storeFour(_ corners: Corners4, _ color: SIMD4<Float>, drawn: Int) {
            // A quad is 80 bytes, twenty 32-bit words: x0 y0 c u0 | v0 x1 y1 c | u1 v0 x2 y2 |
            // c u1 v1 x3 | y3 c u0 v1. Each group of four words, for the four particles, is a
            // 4 × 4 transpose of the lanes: five 16-byte stores a quad instead of twenty.
            // Where each of the four goes: a quad not drawn shares the next one's slot, and
            // is overwritten by it (the last one's by the next four, or cleared).
            let first = output + 80 &* written
            let second = first + 80 &* (drawn & 1), third = second + 80 &* (drawn &>> 1 & 1)
            let fourth = third + 80 &* (drawn &>> 2 & 1)
            // How many of the four are drawn: four bits a mask, 0x…4332322132212110 by mask.
            written &+= (0x4332_3221_3221_2110 &>> (4 &* drawn)) & 7
            @inline(__always) func put(_ words: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>), at offset: Int) {
                first.storeBytes(of: words.0, toByteOffset: offset, as: SIMD4<Float>.self)
                second.storeBytes(of: words.1, toByteOffset: offset, as: SIMD4<Float>.self)
                third.storeBytes(of: words.2, toByteOffset: offset, as: SIMD4<Float>.self)
                fourth.storeBytes(of: words.3, toByteOffset: offset, as: SIMD4<Float>.self)
            }
            put(Self.transpose(corners.0, corners.1, color, u0), at: 0)
            put(Self.transpose(v0, corners.2, corners.3, color), at: 16)
            put(Self.transpose(u1, v0, corners.4, corners.5), at: 32)
            put(Self.transpose(color, u1, v1, corners.6), at: 48)
            put(Self.transpose(corners.7, color, u0, v1), at: 64)
        }
        for group in 0..<groups {
            let slot = corners + 8 &* group, color = colors[group], drawn = drawn[group]
            storeFour((slot[0].lowHalf, slot[1].lowHalf, slot[2].lowHalf, slot[3].lowHalf,
                   slot[4].lowHalf, slot[5].lowHalf, slot[6].lowHalf, slot[7].lowHalf), color.lowHalf, drawn: drawn & 15)
            storeFour((slot[0].highHalf, slot[1].highHalf, slot[2].highHalf, slot[3].highHalf,
                   slot[4].highHalf, slot[5].highHalf, slot[6].highHalf, slot[7].highHalf), color.highHalf, drawn: drawn &>> 4)
        }
        return written
    }

    /// The corners of four quads, a lane each.
    typealias Corners4 = (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// Rows to columns: the first vector holds the first lane of each of the four, and so on.
    @inline(__always)
    static func transpose(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>)
        -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        let p = SIMD8(lowHalf: a, highHalf: b), q = SIMD8(lowHalf: c, highHalf: d)
        let r = SIMD8(lowHalf: p.evenHalf, highHalf: q.evenHalf), s = SIMD8(lowHalf: p.oddHalf, highHalf: q.oddHalf)
        return (r.evenHalf, s.evenHalf, r.oddHalf, s.oddHalf)
    }

    /// Particles `i ..< i + 8`, whose rotations have these sines and cosines: their quads'
    /// corners (eight vectors, x0 y0 x1 y1 x2 y2 x3 y3) and a bit for each that is drawn (bit k
    /// for particle i + k).
    @inline(__always)
    private func groupQuads(at i: Int, sine: Lanes, cosine: Lanes) -> (corners: Corners, drawn: Int) {
        typealias Vector = Lanes
        @inline(__always) func load(_ column: UnsafeMutablePointer<Float>) -> Vector {
            UnsafeRawPointer(column + i).loadUnaligned(as: Vector.self)
        }
        let (px, py) = rewind.position(lanesAt: i)
        let scale = rewind.scale(lanesAt: i, load(scaleColumn))
        let cx = a * px + c * py + tx, cy = b * px + d * py + ty
        let hx = halfWidth * scale, hy = halfHeight * scale
        // A particle far off the canvas, or grown absurdly large (or NaN), is not drawn.
        let extent = Self.magnitude(hx) + Self.magnitude(hy)
        let limit = Vector(repeating: QuadGeometry.coordinateLimit)
        let inside = (Self.magnitude(cx) .< limit) .& (Self.magnitude(cy) .< limit) .& (extent * scaleLimit .< limit)
        let drawn = Int((LaneBits(repeating: 0).replacing(with: LaneBits(1, 2, 4, 8, 16, 32, 64, 128), where: inside)).wrappedSum())
        // Rotated half extents.
        let exLocalX = cosine * hx, exLocalY = sine * hx     // rotated (hx, 0)
        // Rotated (0, hy) is (−sine·hy, cosine·hy): its x is subtracted instead of negated
        // (−(a·p) + q is q − a·p, bit for bit, as writeQuad's a·(−p) + q). Negating the lanes
        // would not do: SIMD's prefix minus is 0 − x, +0 where writeQuad's −sine is −0.
        let eyLocalNegativeX = sine * hy, eyLocalY = cosine * hy
        let exX = a * exLocalX + c * exLocalY, exY = b * exLocalX + d * exLocalY
        let eyX = c * eyLocalY - a * eyLocalNegativeX, eyY = d * eyLocalY - b * eyLocalNegativeX
        let left = cx - exX, right = cx + exX, top = cy - exY, bottom = cy + exY
        let corners = (left - eyX, top - eyY, right - eyX, bottom - eyY,
                       right + eyX, bottom + eyY, left + eyX, top + eyY)
        return (corners, drawn)
    }

    /// The color words of particles `i ..< i + 8` (red, green, blue and alpha bytes, as floats'
    /// bits): UInt8(channel × 255 + 0.5), alpha clamped to 0…1 first, as writeQuad converts.
    @inline(__always)
    func color(at i: Int) -> Lanes {
        typealias Vector = Lanes
        @inline(__always) func load(_ column: UnsafeMutablePointer<Float>) -> Vector {
            UnsafeRawPointer(column + i).loadUnaligned(as: Vector.self)
        }
        var r = load(red), g = load(green), bl = load(blue), al = load(alphaColumn)
        rewind.colors(lanesAt: i, red: &r, green: &g, blue: &bl, alpha: &al)
        al *= opacity
        if tinted { r *= tintRed; g *= tintGreen; bl *= tintBlue; al *= tintAlpha }
        let clamped = al.clampedToUnit
        // Two channels at a time: red + 256 green and blue + 256 alpha are whole numbers below
        // 2¹⁶, exact in a float, whose bits after adding 2²³ are the two bytes side by side.
        let magic = Vector(repeating: 8_388_608)
        let redGreen = ColorBytes.integerPart(r * 255 + 0.5) + ColorBytes.integerPart(g * 255 + 0.5) * 256 + magic
        let blueAlpha = ColorBytes.integerPart(bl * 255 + 0.5) + ColorBytes.integerPart(clamped * 255 + 0.5) * 256 + magic
        // The shift drops blue-alpha's exponent bits; red-green's are masked off.
        let rgba = (unsafeBitCast(redGreen, to: LaneBits.self) & 0xFFFF) | unsafeBitCast(blueAlpha, to: LaneBits.self) &<< 16
        return unsafeBitCast(rgba, to: Vector.self)
    }

    /// `value` in the lanes where `mask` is set, `other` elsewhere.
    @inline(__always)
    static func choose(_ value: Lanes, where mask: LaneMask, else other: Lanes) -> Lanes {
        other.replacing(with: value, where: mask)
    }

    /// FastTrigonometry.sineCosine's operations in lanes, inlined into the sines and cosines'
    /// loop (a call spills the loop's vectors around it: 5% more instructions): the rounding of
    /// the range reduction with 2²³ additions instead of roundf, the sine's symmetry as one
    /// choice (π with the angle's sign, minus the angle), then the polynomial for the sines and
    /// for the cosines. `@inline(always)` (SE-0496, Swift 6.3), not
    /// `@inline(__always)`, which the optimizer declines for a function this large (an older
    /// compiler gets the same bytes through a call).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    static func sineCosine(_ rotation: Lanes) -> (Lanes, Lanes) {
        typealias Vector = Lanes
        let twoPi: Float = 6.283185307179586, halfPi: Float = 1.5707963267948966, pi: Float = 3.141592653589793
        // (rotation / 2π).rounded(): a magnitude below 2²³ plus 2²³ rounds to the nearest
        // integer, halves to even; a half that went down goes up; from 2²³ on it is whole.
        let turnsAround = rotation * (1 / twoPi)
        let bits = unsafeBitCast(turnsAround, to: LaneBits.self)
        let magnitude = unsafeBitCast(bits & 0x7FFF_FFFF, to: Vector.self), magic = Vector(repeating: 8_388_608)
        let nearest = (magnitude + magic) - magic
        var whole = choose(nearest + 1, where: magnitude - nearest .== 0.5, else: nearest)
        whole = choose(whole, where: magnitude .< magic, else: magnitude)
        let rounded = unsafeBitCast(unsafeBitCast(whole, to: LaneBits.self) | (bits & 0x8000_0000), to: Vector.self)
        let reduced = rotation - twoPi * rounded
        var shifted = reduced + halfPi
        shifted = choose(shifted - twoPi, where: shifted .> pi, else: shifted)
        // sin(t) for t in [−π, π]: t > π/2 → π − t, t < −π/2 → −π − t (π with t's sign, minus
        // t: the same subtraction), then the polynomial.
        @inline(__always) func sine(_ t: Vector) -> Vector {
            let signedPi = unsafeBitCast(unsafeBitCast(t, to: LaneBits.self) & 0x8000_0000 | pi.bitPattern, to: Vector.self)
            let u = choose(signedPi - t, where: Self.magnitude(t) .> halfPi, else: t)
            let u2 = u * u
            let c9: Float = 1.0 / 362880, c7: Float = -1.0 / 5040, c5: Float = 1.0 / 120, c3: Float = -1.0 / 6
            let inner: Vector = c5 + u2 * (c7 + u2 * c9)
            return u * (1 + u2 * (c3 + u2 * inner))
        }
        return (sine(reduced), sine(shifted))
    }

    /// The absolute value of each lane (its sign bit cleared, as `abs` does).
    @inline(__always)
    static func magnitude(_ value: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(value, to: LaneBits.self) & 0x7FFF_FFFF, to: Lanes.self)
    }
}

/// Color channels' bytes, without branches or traps so that they vectorise.
enum ColorBytes {
    /// The integer part of each lane (what `UInt8(value)` keeps), for values in 0 ..< 256.
    @inline(__always)
    static func integerPart(_ value: QuadGeometry.Lanes) -> QuadGeometry.Lanes {
        // Adding 2²³ rounds to the nearest integer; one less where that rounded up (1 or 0
        // subtracted: the mask's bits and 1's, one instruction where a choice takes three).
        let magic = QuadGeometry.Lanes(repeating: 8_388_608)
        let nearest = (value + magic) - magic
        let roundedUp = QuadGeometry.LaneBits(repeating: 0).replacing(with: 0xFFFF_FFFF, where: nearest .> value)
        return nearest - unsafeBitCast(roundedUp & (1 as Float).bitPattern, to: QuadGeometry.Lanes.self)
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
