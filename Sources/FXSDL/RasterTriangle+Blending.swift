import FXCore

/// A blend of a source pixel onto a destination pixel, both 32-bit RGBA (bytes R, G, B, A).
/// The source is the texel modulated by the vertex color, straight (not premultiplied), one
/// channel a lane.
protocol RasterBlend {
    static func blend(_ destination: UInt32, _ source: SIMD4<UInt16>) -> UInt32
}

/// ⌊x / 255⌋ for 0 ≤ x ≤ 66 298 (every product of two bytes): a multiply and a shift.
@inline(__always)
func divideBy255(_ x: UInt32) -> UInt32 { (x &* 32897) &>> 23 }

/// ⌊x / 255⌋ in each lane, for 0 ≤ x ≤ 65 534 (every product of two bytes): one pixel's four
/// lanes, or two pixels' eight.
@inline(__always)
func divideBy255<Lanes: SIMD>(_ x: Lanes) -> Lanes where Lanes.Scalar == UInt16 { (x &+ 1 &+ (x &>> 8)) &>> 8 }

/// A pixel's bytes as lanes, and back.
@inline(__always)
func lanes(_ pixel: UInt32) -> SIMD4<UInt16> { SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self)) }
@inline(__always)
func pixel(_ lanes: SIMD4<UInt16>) -> UInt32 { unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: lanes), to: UInt32.self) }

/// Source-over, as SDL's blend: the source premultiplied, `d ← s + ⌊d·(255 − a)/255⌋`, alpha
/// `a + ⌊dₐ·(255 − a)/255⌋`.
enum NormalBlend: RasterBlend {
    @inline(__always)
    static func blend(_ destination: UInt32, _ source: SIMD4<UInt16>) -> UInt32 {
        let alpha = source[3]
        let premultiplied = divideBy255(source &* SIMD4(alpha, alpha, alpha, 255))
        return pixel(premultiplied &+ divideBy255(lanes(destination) &* SIMD4(repeating: 255 - alpha)))
    }
}

/// Additive, as SDL's ADD: `d ← min(255, ⌊s·a/255⌋ + d)`, the destination's alpha kept.
enum AdditiveBlend: RasterBlend {
    @inline(__always)
    static func blend(_ destination: UInt32, _ source: SIMD4<UInt16>) -> UInt32 {
        let alpha = source[3]
        let light = divideBy255(source &* SIMD4(alpha, alpha, alpha, 0))
        return pixel(pointwiseMin(light &+ lanes(destination), SIMD4(repeating: 255)))
    }
}

/// Screen on premultiplied colors (`DrawListRenderer+Compositing`): `d ← s + d − s·d`,
/// `alpha ← a + dₐ·(1 − a)`, products of two bytes divided by 255 once, rounded.
enum ScreenBlend: RasterBlend {
    @inline(__always)
    static func blend(_ destination: UInt32, _ source: SIMD4<UInt16>) -> UInt32 {
        let alpha = UInt32(source[3])
        func channel(_ lane: Int, _ target: UInt32) -> UInt32 {
            let s = Int(divideBy255(UInt32(source[lane]) &* alpha)), d = Int(target)
            return UInt32(CompositingFormula.screen(s, over: d))
        }
        return composite(destination, alpha: alpha, channel(0, destination & 0xFF), channel(1, (destination >> 8) & 0xFF),
                         channel(2, (destination >> 16) & 0xFF))
    }
}

/// Multiply on premultiplied colors (`DrawListRenderer+Compositing`):
/// `d ← s·(1 − dₐ) + d·(1 − a) + s·d`, `alpha ← a + dₐ·(1 − a)`.
enum MultiplyBlend: RasterBlend {
    @inline(__always)
    static func blend(_ destination: UInt32, _ source: SIMD4<UInt16>) -> UInt32 {
        let alpha = UInt32(source[3])
        let targetAlpha = Int(destination >> 24), a = Int(alpha)
        func channel(_ lane: Int, _ target: UInt32) -> UInt32 {
            let s = Int(divideBy255(UInt32(source[lane]) &* alpha)), d = Int(target)
            return UInt32(CompositingFormula.multiply(s, alpha: a, over: d, alpha: targetAlpha))
        }
        return composite(destination, alpha: alpha, channel(0, destination & 0xFF), channel(1, (destination >> 8) & 0xFF),
                         channel(2, (destination >> 16) & 0xFF))
    }
}

/// A texel coordinate in 16.16 fixed point (clamped far beyond any texture; NaN as 0).
@inline(__always)
private func fixed16(_ value: Float) -> Int64 {
    value.isNaN ? 0 : Int64(min(max(value, -1_000_000), 1_000_000) * 65536)
}

/// The three channels with the alpha of the compositing filters, `a + dₐ·(1 − a)`, rounded.
@inline(__always)
private func composite(_ destination: UInt32, alpha: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
    let targetAlpha = Int(destination >> 24), a = Int(alpha)
    let resultAlpha = UInt32(CompositingFormula.alpha(a, over: targetAlpha))
    return r | g << 8 | b << 16 | resultAlpha << 24
}

extension RasterTriangle {
    /// Draws the primitive's pixels in the rows of `band` (absolute rows of the target). The
    /// record is read in place: it is large, and a band draws thousands of them.
    static func draw(_ record: UnsafePointer<RasterTriangle>, rows band: ClosedRange<Int32>, into target: RasterTarget,
                     texture: RasterTexture?, blend: BlendMode) {
        let top = max(record.pointee.minY, band.lowerBound), bottom = min(record.pointee.maxY, band.upperBound)
        guard top <= bottom else { return }
        let rows = top...bottom
        // Particles are quads of one color; a built-in shape's texels are white, the shape in
        // their alpha. Then the modulated source is the vertex color with its alpha scaled by
        // the texel's (⌊255·c/255⌋ = c), and the blends reduce to one multiply a pixel.
        if record.pointee.uniform && (texture?.isWhite ?? true) {
            switch blend {
            case .normal: record.pointee.drawWhite(NormalWhiteBlend.self, rows: rows, into: target, texture: texture)
            case .additive: record.pointee.drawWhite(AdditiveWhiteBlend.self, rows: rows, into: target, texture: texture)
            case .screen: record.pointee.draw(ScreenBlend.self, UniformColor.self, rows: rows, into: target, texture: texture)
            case .multiply: record.pointee.draw(MultiplyBlend.self, UniformColor.self, rows: rows, into: target, texture: texture)
            }
            return
        }
        switch blend {
        case .normal: record.pointee.draw(NormalBlend.self, rows: rows, into: target, texture: texture)
        case .additive: record.pointee.draw(AdditiveBlend.self, rows: rows, into: target, texture: texture)
        case .screen: record.pointee.draw(ScreenBlend.self, rows: rows, into: target, texture: texture)
        case .multiply: record.pointee.draw(MultiplyBlend.self, rows: rows, into: target, texture: texture)
        }
    }

    @inline(__always)
    private func draw<Blend: RasterBlend>(_ blend: Blend.Type, rows: ClosedRange<Int32>, into target: RasterTarget, texture: RasterTexture?) {
        if uniform {
            draw(blend, UniformColor.self, rows: rows, into: target, texture: texture)
        } else {
            draw(blend, InterpolatedColor.self, rows: rows, into: target, texture: texture)
        }
    }

    /// One row's covered run: where its pixels are, its first and last columns, the texture
    /// coordinates (16.16 fixed point) at its first pixel, and its distance below ``minY``.
    struct Run {
        let line: UnsafeMutablePointer<UInt32>
        let first: Int, last: Int
        let u: Int64, v: Int64
        let rowsDown: Float
    }

    /// Calls `body` with each covered run of `rows`, found from the edge functions
    /// (``RowSpans``). Everything a pixel's bytes depend on is computed from its row and its
    /// column's distance from ``minX``, whichever band the row is in: texture coordinates step
    /// along a row in 16.16 fixed point (`stepU`, `stepV`), exact integers, so a pixel's are the
    /// run's plus its distance times the step, however it is reached.
    @inline(__always)
    private func forEachRun(rows: ClosedRange<Int32>, into target: RasterTarget, stepU: Int64, stepV: Int64, _ body: (Run) -> Void) {
        var spans = RowSpans(self, top: rows.lowerBound)
        for row in rows {
            guard let (first, last) = spans.next() else { continue }
            let rowsDown = Float(row - minY)
            let across = Int64(first - Int(minX))
            body(Run(line: (target.pixels + Int(row) * target.pitch).assumingMemoryBound(to: UInt32.self), first: first, last: last,
                     u: fixed16(u + dudy * rowsDown) &+ stepU &* across, v: fixed16(v + dvdy * rowsDown) &+ stepV &* across,
                     rowsDown: rowsDown))
        }
    }

    /// The general loop: every pixel's texel modulated by the color (interpolated, or one),
    /// then blended.
    @inline(__always)
    private func draw<Blend: RasterBlend, Colors: RasterColors>(_: Blend.Type, _: Colors.Type, rows: ClosedRange<Int32>,
                                                               into target: RasterTarget, texture: RasterTexture?) {
        let minX = Int(self.minX)
        let colorLanes = lanes(self.color)
        let sampler = TexelSampler(texture)
        let stepU = fixed16(dudx), stepV = fixed16(dvdx)
        forEachRun(rows: rows, into: target, stepU: stepU, stepV: stepV) { run in
            let rowRed = red + dRedY * run.rowsDown, rowGreen = green + dGreenY * run.rowsDown
            let rowBlue = blue + dBlueY * run.rowsDown, rowAlpha = alpha + dAlphaY * run.rowsDown
            var pu = run.u, pv = run.v
            for column in run.first...run.last {
                var c = colorLanes
                if Colors.interpolates {
                    let k = Float(column - minX)
                    func byte(_ value: Float) -> UInt16 { UInt16(min(max(value, 0), 255)) }
                    c = SIMD4(byte(rowRed + dRedX * k), byte(rowGreen + dGreenX * k), byte(rowBlue + dBlueX * k),
                              byte(rowAlpha + dAlphaX * k))
                }
                let source = divideBy255(lanes(sampler.texel(Clamped.self, pu, pv)) &* c)
                if source[3] != 0 {
                    run.line[column] = Blend.blend(run.line[column], source)
                }
                pu &+= stepU; pv &+= stepV
            }
        }
    }

    /// The loop for one color over white texels (or none): a pixel's source is the color with
    /// alpha ⌊texel alpha · color alpha / 255⌋, blended four channels at once in 16-bit lanes
    /// of a 64-bit word (``WhiteBlend``). The same bytes as the general loop.
    @inline(__always)
    private func drawWhite<Blend: WhiteBlend>(_: Blend.Type, rows: ClosedRange<Int32>, into target: RasterTarget, texture: RasterTexture?) {
        let colorAlpha = color >> 24
        // The color's channels in lanes 0…2, and 255 in the alpha lane.
        let colorWord = spreadLanes(color | 0xFF00_0000)
        let colorPair = unsafeBitCast(SIMD2(colorWord, colorWord), to: SIMD8<UInt16>.self)
        let sampler = TexelSampler(texture)
        let stepU = fixed16(dudx), stepV = fixed16(dvdx)
        forEachRun(rows: rows, into: target, stepU: stepU, stepV: stepV) { run in
            // Texture coordinates move along a line: when both ends of the run are inside the
            // texture, every pixel's is, and none needs clamping.
            let count = Int64(run.last - run.first)
            let u0 = run.u &>> 16, u1 = (run.u &+ stepU &* count) &>> 16, v0 = run.v &>> 16, v1 = (run.v &+ stepV &* count) &>> 16
            if min(u0, u1) >= 0 && max(u0, u1) <= sampler.highU && min(v0, v1) >= 0 && max(v0, v1) <= sampler.highV {
                Self.drawRun(Blend.self, Unclamped.self, run, stepU: stepU, stepV: stepV, sampler: sampler, colorAlpha: colorAlpha,
                             colorWord: colorWord, colorPair: colorPair)
            } else {
                Self.drawRun(Blend.self, Clamped.self, run, stepU: stepU, stepV: stepV, sampler: sampler, colorAlpha: colorAlpha,
                             colorWord: colorWord, colorPair: colorPair)
            }
        }
    }

    /// One row's covered run for ``drawWhite(_:rows:into:texture:)``.
    @inline(__always)
    private static func drawRun<Blend: WhiteBlend, Clamping: TexelClamping>(
        _: Blend.Type, _: Clamping.Type, _ run: Run, stepU: Int64, stepV: Int64, sampler: TexelSampler, colorAlpha: UInt32,
        colorWord: UInt64, colorPair: SIMD8<UInt16>
    ) {
        let line = run.line, first = run.first, last = run.last
        @inline(__always) func sourceAlpha(_ pu: Int64, _ pv: Int64) -> UInt32 {
            divideBy255((sampler.texel(Clamping.self, pu, pv) >> 24) &* colorAlpha)
        }
        var pu = run.u, pv = run.v
        var column = first
        // Two pixels at a time in eight 16-bit lanes (a source alpha of 0 leaves a pixel as it
        // was, so both are written).
        while column < last {
            let alpha0 = UInt64(sourceAlpha(pu, pv)), alpha1 = UInt64(sourceAlpha(pu &+ stepU, pv &+ stepV))
            let address = UnsafeMutableRawPointer(line + column)
            address.storeBytes(of: Blend.blend(address.loadUnaligned(as: UInt64.self), color: colorPair,
                                               alphas: SIMD2(alpha0 &* 0x0001_0001_0001_0001, alpha1 &* 0x0001_0001_0001_0001)),
                               as: UInt64.self)
            pu &+= stepU &* 2; pv &+= stepV &* 2
            column += 2
        }
        if column == last {
            let alpha = sourceAlpha(pu, pv)
            if alpha != 0 { line[column] = Blend.blend(line[column], color: colorWord, alpha: UInt64(alpha)) }
        }
    }
}

/// A texture's texels as a row's loop reads them: at 16.16 fixed-point coordinates, the
/// nearest texel, clamped to the edges or not.
struct TexelSampler {
    let texels: UnsafeMutablePointer<UInt32>
    let width: Int
    let highU: Int64, highV: Int64

    /// The texture's texels; without a texture, one opaque white texel.
    @inline(__always)
    init(_ texture: RasterTexture?) {
        texels = texture?.texels ?? whiteTexel
        width = texture?.width ?? 1
        highU = Int64(width - 1)
        highV = Int64((texture?.height ?? 1) - 1)
    }

    @inline(__always)
    func texel<Clamping: TexelClamping>(_: Clamping.Type, _ u: Int64, _ v: Int64) -> UInt32 {
        if Clamping.clamps {
            return texels[Int(min(max(v &>> 16, 0), highV)) &* width &+ Int(min(max(u &>> 16, 0), highU))]
        }
        return texels[Int(truncatingIfNeeded: v &>> 16) &* width &+ Int(truncatingIfNeeded: u &>> 16)]
    }
}

/// What a primitive without a texture samples: one opaque white texel, never written.
private let whiteTexel: UnsafeMutablePointer<UInt32> = {
    let texel = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    texel.initialize(to: 0xFFFF_FFFF)
    return texel
}()

/// Whether a run's texture coordinates may fall outside the texture (and are clamped).
protocol TexelClamping { static var clamps: Bool { get } }
enum Clamped: TexelClamping { static var clamps: Bool { true } }
enum Unclamped: TexelClamping { static var clamps: Bool { false } }

/// The covered columns of a primitive's rows, one row after another: where all four edge
/// functions are ≥ 0 (the fourth is 0 everywhere for a triangle). Each edge's value at the
/// row's ``RasterTriangle/minX`` bounds the columns on one side, at the quotient of the value by
/// the edge's step along the row — found with a multiply by the step's reciprocal and made exact
/// in integers, so the columns are exactly those whose centres the edge functions take in.
struct RowSpans {
    /// One edge: its value at the current row's first column, its steps, and the reciprocal
    /// of its step along the row (0 for none).
    struct Edge {
        var value: Int64
        let stepY: Int64, stepX: Int64
        let reciprocal: Double

        @inline(__always)
        init(origin: Int64, stepY: Int64, stepX: Int64, top: Int64, firstColumn: Int64) {
            value = origin &+ stepY &* top &+ stepX &* firstColumn
            self.stepY = stepY
            self.stepX = stepX
            reciprocal = stepX == 0 ? 0 : 1 / Double(stepX)
        }

        /// Narrows `low…high` (columns past the first) to where this edge's function is ≥ 0;
        /// false when no column of the row is.
        @inline(__always)
        func bound(low: inout Int64, high: inout Int64) -> Bool {
            if stepX > 0 {
                // Covered from the first k with value + stepX·k ≥ 0.
                guard value < 0 else { return true }
                let needed = -value
                var k = Int64(min(Double(needed) * reciprocal, 1e15))
                while stepX &* k < needed { k += 1 }
                while k > 0 && stepX &* (k - 1) >= needed { k -= 1 }
                low = max(low, k)
            } else if stepX < 0 {
                // Covered up to the last k with value + stepX·k ≥ 0.
                guard value >= 0 else { return false }
                let distance = -stepX
                var k = Int64(min(Double(value) * -reciprocal, 1e15))
                while distance &* (k + 1) <= value { k += 1 }
                while k > 0 && distance &* k > value { k -= 1 }
                high = min(high, k)
            } else if value < 0 {
                return false
            }
            return true
        }
    }

    private var edge0: Edge, edge1: Edge, edge2: Edge, edge3: Edge
    private let firstColumn: Int64, lastOffset: Int64

    /// The spans of `primitive`'s rows from `top` on.
    @inline(__always)
    init(_ primitive: RasterTriangle, top: Int32) {
        let firstColumn = Int64(primitive.minX), top = Int64(top)
        self.firstColumn = firstColumn
        lastOffset = Int64(primitive.maxX) - firstColumn
        edge0 = Edge(origin: primitive.origin0, stepY: primitive.stepY0, stepX: primitive.stepX0, top: top, firstColumn: firstColumn)
        edge1 = Edge(origin: primitive.origin1, stepY: primitive.stepY1, stepX: primitive.stepX1, top: top, firstColumn: firstColumn)
        edge2 = Edge(origin: primitive.origin2, stepY: primitive.stepY2, stepX: primitive.stepX2, top: top, firstColumn: firstColumn)
        edge3 = Edge(origin: primitive.origin3, stepY: primitive.stepY3, stepX: primitive.stepX3, top: top, firstColumn: firstColumn)
    }

    /// The current row's covered columns, `first…last`, or nil for none; then moves to the next
    /// row.
    @inline(__always)
    mutating func next() -> (first: Int, last: Int)? {
        var low: Int64 = 0, high = lastOffset
        let covered = edge0.bound(low: &low, high: &high) && edge1.bound(low: &low, high: &high)
            && edge2.bound(low: &low, high: &high) && edge3.bound(low: &low, high: &high)
        edge0.value &+= edge0.stepY
        edge1.value &+= edge1.stepY
        edge2.value &+= edge2.stepY
        edge3.value &+= edge3.stepY
        guard covered, low <= high else { return nil }
        return (Int(firstColumn + low), Int(firstColumn + high))
    }
}

/// A pixel's four bytes in the four 16-bit lanes of a 64-bit word (byte k in bits 16k…16k+7).
@inline(__always)
func spreadLanes(_ pixel: UInt32) -> UInt64 {
    var word = UInt64(pixel)
    word = (word | word << 16) & 0x0000_FFFF_0000_FFFF
    return (word | word << 8) & 0x00FF_00FF_00FF_00FF
}

/// The four lanes' low bytes back into a pixel.
@inline(__always)
func packLanes(_ word: UInt64) -> UInt32 {
    var packed = word & 0x00FF_00FF_00FF_00FF
    packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
    return UInt32(truncatingIfNeeded: packed | packed >> 16)
}

/// ⌊x / 255⌋ in each 16-bit lane, for lanes 0 ≤ x ≤ 65 025 (every product of two bytes): the
/// lane formula of the SIMD `divideBy255(_:)`, which for these never carries into the
/// next lane.
@inline(__always)
func divideLanesBy255(_ x: UInt64) -> UInt64 {
    let low: UInt64 = 0x00FF_00FF_00FF_00FF, ones: UInt64 = 0x0001_0001_0001_0001
    return ((x &+ ones &+ ((x &>> 8) & low)) &>> 8) & low
}

/// A blend of one color with a pixel's alpha onto a destination pixel, in 16-bit lanes.
protocol WhiteBlend {
    /// - Parameters:
    ///   - color: the color's R, G, B in lanes 0…2 and 255 in lane 3 (``spreadLanes(_:)``).
    ///   - alpha: the source's alpha, 1…255.
    static func blend(_ destination: UInt32, color: UInt64, alpha: UInt64) -> UInt32
    /// The same for two pixels side by side (bytes R, G, B, A, R, G, B, A).
    /// - Parameters:
    ///   - color: the color's lanes twice.
    ///   - alphas: each pixel's source alpha in all four of its lanes.
    static func blend(_ destinations: UInt64, color: SIMD8<UInt16>, alphas: SIMD2<UInt64>) -> UInt64
}

/// Two pixels' bytes as eight lanes, and back.
@inline(__always)
func lanes(_ pixels: UInt64) -> SIMD8<UInt16> { SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(pixels, to: SIMD8<UInt8>.self)) }
@inline(__always)
func pixels(_ lanes: SIMD8<UInt16>) -> UInt64 { unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: lanes), to: UInt64.self) }

/// ``NormalBlend`` for such a source: `⌊c·a/255⌋ + ⌊d·(255 − a)/255⌋` in every lane (the alpha
/// lane's `c` is 255, so it gets `a`). Every product is one of two bytes: a lane multiply is a
/// multiply of the whole word.
enum NormalWhiteBlend: WhiteBlend {
    @inline(__always)
    static func blend(_ destination: UInt32, color: UInt64, alpha: UInt64) -> UInt32 {
        packLanes(divideLanesBy255(color &* alpha) &+ divideLanesBy255(spreadLanes(destination) &* (255 &- alpha)))
    }

    @inline(__always)
    static func blend(_ destinations: UInt64, color: SIMD8<UInt16>, alphas: SIMD2<UInt64>) -> UInt64 {
        let alpha = unsafeBitCast(alphas, to: SIMD8<UInt16>.self)
        return pixels(divideBy255(color &* alpha) &+ divideBy255(lanes(destinations) &* (255 &- alpha)))
    }
}

/// ``AdditiveBlend`` for such a source: `min(255, ⌊c·a/255⌋ + d)` in lanes 0…2, the
/// destination's alpha kept.
enum AdditiveWhiteBlend: WhiteBlend {
    @inline(__always)
    static func blend(_ destination: UInt32, color: UInt64, alpha: UInt64) -> UInt32 {
        let light = divideLanesBy255((color & 0x0000_FFFF_FFFF_FFFF) &* alpha)
        let sum = light &+ spreadLanes(destination)
        // A lane past 255 (at most 510) has bit 8 set: it becomes 255.
        let over = (sum &>> 8) & 0x0001_0001_0001_0001
        return packLanes(sum | over &* 0xFF)
    }

    @inline(__always)
    static func blend(_ destinations: UInt64, color: SIMD8<UInt16>, alphas: SIMD2<UInt64>) -> UInt64 {
        let alpha = unsafeBitCast(alphas, to: SIMD8<UInt16>.self)
        let light = divideBy255(color &* alpha) & SIMD8(255, 255, 255, 0, 255, 255, 255, 0)
        return pixels(pointwiseMin(light &+ lanes(destinations), SIMD8(repeating: 255)))
    }
}

/// Whether a triangle's color is interpolated per pixel or is one color.
protocol RasterColors { static var interpolates: Bool { get } }
enum UniformColor: RasterColors { static var interpolates: Bool { false } }
enum InterpolatedColor: RasterColors { static var interpolates: Bool { true } }
