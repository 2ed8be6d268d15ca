#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shadow's alpha on a grid in the layer's plane: the caster rasterized, then blurred.
/// Pixel (column, row) is centred on `origin + ((column + 0.5) / scale, (row + 0.5) / scale)` in
/// the layer's points (before the shadow's offset).
struct ShadowRaster {
    /// The layer point at the grid's top-left corner.
    var origin: Point
    /// Grid pixels per layer point.
    var scale: Double
    var width: Int
    var height: Int
    /// 0…1, `width × height` values, rows top to bottom.
    var alpha: [Float]

    // MARK: - The grid

    /// The grid for a caster: its scale, origin and size, or nil when the caster cannot be
    /// rasterized at any scale that fits (or the layer is scaled to nothing).
    ///
    /// The scale is the output's pixels per layer point rounded up to a quarter octave, so a
    /// layer whose scale animates reuses each grid over a range of scales; for a blurred
    /// shadow it is lowered until the blur's standard deviation is at most
    /// ``ShadowCache/maxSigmaPixels`` grid pixels — a blurred shadow holds no detail finer than
    /// that, and the blur then costs the same at any radius.
    static func grid(for caster: ShadowCaster, radius: Double, matrix: Matrix4, pixelsPerPoint: Double)
        -> (origin: Point, scale: Double, width: Int, height: Int)? {
        let affine = matrix.affine
        let layerScale = affine.largestStretch
        let output = layerScale * pixelsPerPoint
        guard output.isFinite, output > 1e-6, radius.isFinite else { return nil }
        var exponent = (4 * log2(output)).rounded(.up)
        if radius > 0 { exponent = min(exponent, (4 * log2(ShadowCache.maxSigmaPixels / radius)).rounded(.down)) }
        exponent = min(max(exponent, -80), 16)
        let extent = caster.extent
        while exponent >= -80 {
            let scale = pow(2, exponent / 4)
            let pad = padding(radius: radius, scale: scale)
            let width = Int((extent.size.width * scale).rounded(.up)) + 2 * pad
            let height = Int((extent.size.height * scale).rounded(.up)) + 2 * pad
            if width <= ShadowCache.maxRasterSide, height <= ShadowCache.maxRasterSide {
                let origin = Point(x: extent.origin.x - Double(pad) / scale, y: extent.origin.y - Double(pad) / scale)
                return (origin, scale, max(width, 1), max(height, 1))
            }
            exponent -= 1
        }
        return nil
    }

    /// Grid pixels around the caster: three standard deviations of blur, and two for the
    /// anti-aliased edge.
    static func padding(radius: Double, scale: Double) -> Int {
        Int((3 * radius * scale).rounded(.up)) + 2
    }

    // MARK: - The caster's alpha

    /// The caster rasterized on the grid: its path filled non-zero, or the layer's content drawn
    /// and its alpha taken (text and images by `contents`, when given).
    init(caster: ShadowCaster, origin: Point, scale: Double, width: Int, height: Int,
         contents: ((DrawList) throws -> [Float])?) throws {
        self.origin = origin
        self.scale = scale
        self.width = width
        self.height = height
        alpha = [Float](repeating: 0, count: width * height)
        if let path = caster.path {
            let polygons = path.flattened(tolerance: 0.1 / scale).map { subpath in
                subpath.points.map { Point(x: ($0.x - origin.x) * scale, y: ($0.y - origin.y) * scale) }
            }
            let mask = PathRasterizer.coverage(of: polygons, rule: .nonZero, clip: (x: 0, y: 0, width: width, height: height))
            for row in 0..<mask.height {
                for column in 0..<mask.width {
                    let x = mask.x + column, y = mask.y + row
                    guard x >= 0, x < width, y >= 0, y < height else { continue }
                    alpha[y * width + x] = mask.coverage[row * mask.width + column]
                }
            }
            return
        }
        let list = DrawList()
        list.reset(size: Size(width: Double(width), height: Double(height)), background: .clear)
        list.pixelsPerPoint = 1
        let toGrid = AffineTransform.translation(-origin.x, -origin.y).concatenating(.scale(scale, scale))
        var placed = PlacedLayer(name: "", layer: caster.layer, model: caster.layer, transformToCanvas: toGrid, opacity: 1,
                                 localTime: caster.localTime, timingChain: [])
        placed.matrix = Matrix4.translation(-origin.x, -origin.y).concatenating(.scale(scale, scale))
        VectorRenderer.appendLayerContent(of: placed, to: list, pixelsPerPoint: 1)
        if caster.castsContents, let contents {
            let drawn = try contents(list)
            if drawn.count == alpha.count { alpha = drawn.map { min(max($0, 0), 1) } }
            return
        }
        // The vector content's images, composited.
        for (image, rect) in list.images {
            let x0 = Int(rect.origin.x.rounded()), y0 = Int(rect.origin.y.rounded())
            for row in 0..<image.height where y0 + row >= 0 && y0 + row < height {
                for column in 0..<image.width where x0 + column >= 0 && x0 + column < width {
                    let a = Float(image.pixels[(row * image.width + column) * 4 + 3]) / 255
                    let index = (y0 + row) * width + x0 + column
                    alpha[index] = a + alpha[index] * (1 - a)
                }
            }
        }
    }

    // MARK: - Blur

    /// Blurs the alpha with a Gaussian of standard deviation `sigma` grid pixels, one direction
    /// at a time, over ±3σ (what lies beyond the grid counts as 0). Each pass adds whole rows
    /// scaled by one weight at a time, which the compiler turns into vector instructions.
    mutating func blur(sigma: Double) {
        guard sigma >= 0.1, width > 0, height > 0 else { return }
        let reach = Int((3 * sigma).rounded(.up))
        var weights = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        let kernel = weights.map(Float.init)
        let width = self.width, height = self.height
        var across = [Float](repeating: 0, count: alpha.count)
        alpha.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { target in
                // Along each row: target[x] += w[k] · source[x + k] for every x where x + k is inside.
                for row in 0..<height {
                    let line = row * width
                    for offset in -reach...reach {
                        let weight = kernel[offset + reach]
                        let first = max(0, -offset), last = min(width, width - offset)
                        guard first < last else { continue }
                        let from = source.baseAddress! + line + first + offset, to = target.baseAddress! + line + first
                        for x in 0..<(last - first) { to[x] += weight * from[x] }
                    }
                }
            }
        }
        alpha.withUnsafeMutableBufferPointer { target in
            across.withUnsafeBufferPointer { source in
                // Down each column, a row at a time: target row y += w[k] · source row y + k.
                for y in 0..<height {
                    let to = target.baseAddress! + y * width
                    for x in 0..<width { to[x] = 0 }
                    for offset in max(-reach, -y)...min(reach, height - 1 - y) {
                        let weight = kernel[offset + reach]
                        let from = source.baseAddress! + (y + offset) * width
                        for x in 0..<width { to[x] += weight * from[x] }
                    }
                }
            }
        }
    }

    // MARK: - On the canvas

    /// The canvas pixels (at `pixelsPerPoint`) a grid's shadow covers once moved by `offset`
    /// and placed by `matrix`, cut to the canvas: what ``placed(offset:matrix:color:canvas:pixelsPerPoint:)``
    /// makes an image of, or nil when none of it is on the canvas.
    static func placedPixels(origin: Point, scale: Double, width: Int, height: Int, offset: Size, matrix: Matrix4,
                             canvas: Size, pixelsPerPoint: Double) -> (x: Int, y: Int, width: Int, height: Int)? {
        let left = origin.x + offset.width, top = origin.y + offset.height
        let right = left + Double(width) / scale, bottom = top + Double(height) / scale
        var corners: [Point] = []
        for corner in [Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom)] {
            guard let projected = matrix.project(corner) else { return nil }
            corners.append(Point(x: projected.x * pixelsPerPoint, y: projected.y * pixelsPerPoint))
        }
        guard let box = Rect.enclosing(corners) else { return nil }
        let clip = PathRasterizer.canvasClip(canvas, pixelsPerPoint: pixelsPerPoint)
        func clamped(_ value: Double, _ low: Int, _ high: Int) -> Int { Int(min(max(value, Double(low)), Double(high))) }
        let x0 = clamped(box.origin.x.rounded(.down), clip.x, clip.x + clip.width)
        let y0 = clamped(box.origin.y.rounded(.down), clip.y, clip.y + clip.height)
        let x1 = clamped((box.origin.x + box.size.width).rounded(.up), clip.x, clip.x + clip.width)
        let y1 = clamped((box.origin.y + box.size.height).rounded(.up), clip.y, clip.y + clip.height)
        let outWidth = min(x1 - x0, PathRasterizer.maxSide), outHeight = min(y1 - y0, PathRasterizer.maxSide)
        guard outWidth > 0, outHeight > 0 else { return nil }
        return (x0, y0, outWidth, outHeight)
    }

    /// The shadow on the canvas: the grid moved by `offset` in the layer's plane, taken through
    /// `matrix` to canvas pixels (`pixelsPerPoint` a point), sampled bilinearly, in `color`.
    /// Nil when nothing of it is on the canvas.
    func placed(offset: Size, matrix: Matrix4, color: Color, canvas: Size, pixelsPerPoint: Double) -> (image: RGBAImage, rect: Rect)? {
        let left = origin.x + offset.width, top = origin.y + offset.height
        guard let pixels = Self.placedPixels(origin: origin, scale: scale, width: width, height: height, offset: offset,
                                             matrix: matrix, canvas: canvas, pixelsPerPoint: pixelsPerPoint) else { return nil }
        let x0 = pixels.x, y0 = pixels.y, outWidth = pixels.width, outHeight = pixels.height

        let red = UInt8((color.red.clamped01 * 255).rounded()), green = UInt8((color.green.clamped01 * 255).rounded())
        let blue = UInt8((color.blue.clamped01 * 255).rounded())
        let strength = Float(color.alpha.clamped01 * 255)
        var bytes = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        // Grid coordinates of a layer point: where its value is interpolated from.
        let scale = self.scale
        func gridPoint(_ layerPoint: Point) -> (Double, Double) {
            ((layerPoint.x - left) * scale - 0.5, (layerPoint.y - top) * scale - 0.5)
        }
        let m = matrix.m
        let isAffine = m[3] == 0 && m[7] == 0 && m[15] == 1
        let inverse = isAffine ? matrix.affine.inverted : nil
        if isAffine && inverse == nil { return nil }
        var any = false
        alpha.withUnsafeBufferPointer { grid in
            bytes.withUnsafeMutableBufferPointer { out in
                let gridWidth = width, gridHeight = height
                @inline(__always) func value(_ u: Double, _ v: Double) -> Float {
                    guard u > -1, v > -1, u < Double(gridWidth), v < Double(gridHeight) else { return 0 }
                    // Rounded down by truncating a positive number: `rounded(.down)` is a library
                    // call on processors without SSE 4.1, and this runs for every pixel.
                    let ix = Int(u + 1) - 1, iy = Int(v + 1) - 1
                    let tx = Float(u - Double(ix)), ty = Float(v - Double(iy))
                    let a00: Float, a10: Float, a01: Float, a11: Float
                    if ix >= 0, iy >= 0, ix + 1 < gridWidth, iy + 1 < gridHeight {
                        let base = grid.baseAddress! + iy * gridWidth + ix
                        a00 = base[0]; a10 = base[1]; a01 = base[gridWidth]; a11 = base[gridWidth + 1]
                    } else {
                        @inline(__always) func at(_ x: Int, _ y: Int) -> Float {
                            x >= 0 && y >= 0 && x < gridWidth && y < gridHeight ? grid[y * gridWidth + x] : 0
                        }
                        a00 = at(ix, iy); a10 = at(ix + 1, iy); a01 = at(ix, iy + 1); a11 = at(ix + 1, iy + 1)
                    }
                    let top = a00 + (a10 - a00) * tx
                    let bottom = a01 + (a11 - a01) * tx
                    return top + (bottom - top) * ty
                }
                // For an affine matrix, grid coordinates change by fixed steps across the pixels.
                var u00 = 0.0, v00 = 0.0, duColumn = 0.0, dvColumn = 0.0, duRow = 0.0, dvRow = 0.0
                if let inverse {
                    let start = inverse.apply(to: Point(x: (Double(x0) + 0.5) / pixelsPerPoint, y: (Double(y0) + 0.5) / pixelsPerPoint))
                    (u00, v00) = gridPoint(start)
                    duColumn = inverse.a / pixelsPerPoint * scale; dvColumn = inverse.b / pixelsPerPoint * scale
                    duRow = inverse.c / pixelsPerPoint * scale; dvRow = inverse.d / pixelsPerPoint * scale
                }
                for row in 0..<outHeight {
                    for column in 0..<outWidth {
                        let u: Double, v: Double
                        if inverse != nil {
                            u = u00 + Double(column) * duColumn + Double(row) * duRow
                            v = v00 + Double(column) * dvColumn + Double(row) * dvRow
                        } else {
                            let canvasPoint = Point(x: (Double(x0 + column) + 0.5) / pixelsPerPoint, y: (Double(y0 + row) + 0.5) / pixelsPerPoint)
                            guard let layerPoint = matrix.unproject(canvasPoint) else { continue }
                            (u, v) = gridPoint(layerPoint)
                        }
                        let index = (row * outWidth + column) * 4
                        out[index] = red
                        out[index + 1] = green
                        out[index + 2] = blue
                        let a = min(max(value(u, v), 0), 1) * strength
                        guard a >= 0.5 else { continue }
                        out[index + 3] = UInt8(a + 0.5)    // rounded (to nearest, half up), without a library call
                        any = true
                    }
                }
            }
        }
        guard any else { return nil }
        return (RGBAImage(width: outWidth, height: outHeight, pixels: bytes),
                Rect(x: Double(x0) / pixelsPerPoint, y: Double(y0) / pixelsPerPoint,
                     width: Double(outWidth) / pixelsPerPoint, height: Double(outHeight) / pixelsPerPoint))
    }
}
