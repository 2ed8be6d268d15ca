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

/// ⌊x / 255⌋ in each lane, for 0 ≤ x ≤ 65 534 (every product of two bytes).
@inline(__always)
func divideBy255(_ x: SIMD4<UInt16>) -> SIMD4<UInt16> { (x &+ 1 &+ (x &>> 8)) &>> 8 }

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
    /// Draws the triangle's pixels in the rows of `band` (absolute rows of the target).
    func draw(rows band: ClosedRange<Int32>, into target: RasterTarget, texture: RasterTexture?, blend: BlendMode) {
        let top = max(minY, band.lowerBound), bottom = min(maxY, band.upperBound)
        guard top <= bottom else { return }
        switch blend {
        case .normal: draw(NormalBlend.self, rows: top...bottom, into: target, texture: texture)
        case .additive: draw(AdditiveBlend.self, rows: top...bottom, into: target, texture: texture)
        case .screen: draw(ScreenBlend.self, rows: top...bottom, into: target, texture: texture)
        case .multiply: draw(MultiplyBlend.self, rows: top...bottom, into: target, texture: texture)
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

    /// The loop over the rows: each row's first covered column found with the edge functions
    /// alone, then its covered run drawn. Everything a pixel's bytes depend on is computed from
    /// its row and its column's distance from ``minX``, whichever band the row is in.
    @inline(__always)
    private func draw<Blend: RasterBlend, Colors: RasterColors>(_: Blend.Type, _: Colors.Type, rows: ClosedRange<Int32>,
                                                               into target: RasterTarget, texture: RasterTexture?) {
        // No texture: one opaque white texel.
        var white: UInt32 = 0xFFFF_FFFF
        // The fields as locals: the stores into the target cannot then be taken to change them.
        let (origin0, origin1, origin2, origin3) = (self.origin0, self.origin1, self.origin2, self.origin3)
        let (stepX0, stepX1, stepX2, stepX3) = (self.stepX0, self.stepX1, self.stepX2, self.stepX3)
        let (stepY0, stepY1, stepY2, stepY3) = (self.stepY0, self.stepY1, self.stepY2, self.stepY3)
        let minX = Int(self.minX), maxX = Int(self.maxX), minY = self.minY
        let colorLanes = lanes(self.color)
        withUnsafeMutablePointer(to: &white) { whitePointer in
            let texels = texture?.texels ?? whitePointer
            let textureWidth = texture?.width ?? 1
            let highU = Int64((texture?.width ?? 1) - 1), highV = Int64((texture?.height ?? 1) - 1)
            // Texture coordinates step along a row in 16.16 fixed point: exact integers, so a
            // pixel's are the row's plus its distance times the step, however it is reached.
            let stepU = fixed16(dudx), stepV = fixed16(dvdx)
            let pixels = target.pixels, pitch = target.pitch
            for row in rows {
                let j = Int64(row), firstColumn = Int64(minX)
                var e0 = origin0 &+ stepY0 &* j &+ stepX0 &* firstColumn
                var e1 = origin1 &+ stepY1 &* j &+ stepX1 &* firstColumn
                var e2 = origin2 &+ stepY2 &* j &+ stepX2 &* firstColumn
                var e3 = origin3 &+ stepY3 &* j &+ stepX3 &* firstColumn
                var column = minX
                while column <= maxX && (e0 | e1 | e2 | e3) < 0 {
                    e0 &+= stepX0; e1 &+= stepX1; e2 &+= stepX2; e3 &+= stepX3
                    column += 1
                }
                guard column <= maxX else { continue }
                let rowsDown = Float(row - minY)
                let across = Int64(column - minX)
                var pu = fixed16(u + dudy * rowsDown) &+ stepU &* across, pv = fixed16(v + dvdy * rowsDown) &+ stepV &* across
                let rowRed = red + dRedY * rowsDown, rowGreen = green + dGreenY * rowsDown
                let rowBlue = blue + dBlueY * rowsDown, rowAlpha = alpha + dAlphaY * rowsDown
                let line = (pixels + Int(row) * pitch).assumingMemoryBound(to: UInt32.self)
                while column <= maxX && (e0 | e1 | e2 | e3) >= 0 {
                    let tx = Int(min(max(pu &>> 16, 0), highU)), ty = Int(min(max(pv &>> 16, 0), highV))
                    let texel = texels[ty &* textureWidth &+ tx]
                    var c = colorLanes
                    if Colors.interpolates {
                        let k = Float(column - minX)
                        func byte(_ value: Float) -> UInt16 { UInt16(min(max(value, 0), 255)) }
                        c = SIMD4(byte(rowRed + dRedX * k), byte(rowGreen + dGreenX * k), byte(rowBlue + dBlueX * k),
                                  byte(rowAlpha + dAlphaX * k))
                    }
                    let source = divideBy255(lanes(texel) &* c)
                    if source[3] != 0 {
                        line[column] = Blend.blend(line[column], source)
                    }
                    e0 &+= stepX0; e1 &+= stepX1; e2 &+= stepX2; e3 &+= stepX3
                    pu &+= stepU; pv &+= stepV
                    column += 1
                }
            }
        }
    }
}

/// Whether a triangle's color is interpolated per pixel or is one color.
protocol RasterColors { static var interpolates: Bool { get } }
enum UniformColor: RasterColors { static var interpolates: Bool { false } }
enum InterpolatedColor: RasterColors { static var interpolates: Bool { true } }
