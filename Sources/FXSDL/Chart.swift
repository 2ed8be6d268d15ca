import CSDL2
import FXCore
import Foundation

/// Draws sampled key path values as a line chart: time across, value up, one line per
/// component, axes with labelled ticks and a legend. Headless, supersampled like renders.
public struct Chart {
    /// The heading drawn above the plot.
    public var title: String
    /// The sampled key paths: one line per component of each, against the first series' times.
    public var series: [KeyPathSeries]
    /// The image width in pixels; default 960.
    public var width: Int
    /// The image height in pixels; default 540.
    public var height: Int

    /// A chart of `series`, `width` × `height` pixels.
    public init(title: String, series: [KeyPathSeries], width: Int = 960, height: Int = 540) {
        self.title = title
        self.series = series
        self.width = width
        self.height = height
    }

    /// Line colors, distinct on the light background.
    static let palette: [(UInt8, UInt8, UInt8)] = [
        (0x1f, 0x77, 0xb4), (0xd6, 0x27, 0x28), (0x2c, 0xa0, 0x2c), (0xff, 0x7f, 0x0e), (0x94, 0x67, 0xbd),
        (0x8c, 0x56, 0x4b), (0xe3, 0x77, 0xc2), (0x17, 0xbe, 0xcf), (0xbc, 0xbd, 0x22), (0x7f, 0x7f, 0x7f),
    ]

    /// Draws the chart at twice its size and averages it down to `width` × `height` pixels.
    /// Throws an ``SDLError`` when SDL cannot make the surface or the font is missing.
    public func render() throws -> RGBAImage {
        let factor = 2
        let w = width * factor, h = height * factor
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, fx_pixelformat_rgba32()) else {
            throw SDLError("creating the chart surface")
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw SDLError("creating the chart renderer") }
        defer { SDL_DestroyRenderer(renderer) }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        let font = try Font(size: 13 * factor)
        let titleFont = try Font(size: 16 * factor)
        let s = Double(factor)

        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
        SDL_RenderClear(renderer)

        let lines = series.flatMap { entry in entry.componentNames.indices.map { (entry.componentNames[$0], entry.times, entry.values[$0]) } }
        let sampled = series.first?.times ?? []
        let times = sampled.isEmpty ? [0, 1] : sampled
        // Values beyond ±1e15 (and infinities) are left out: they would flatten everything else.
        let allValues = lines.flatMap { $0.2 }.filter { $0.isFinite && abs($0) < 1e15 }
        var low = allValues.min() ?? 0, high = allValues.max() ?? 1
        if high - low < 1e-9 { low -= 1; high += 1 }
        let yTicks = Self.niceTicks(low, high, count: 6)
        low = min(low, yTicks.first!); high = max(high, yTicks.last!)
        let xTicks = Self.niceTicks(times.first!, times.last!, count: 8)

        // Plot area, leaving room for labels and the legend (in columns when there are many lines,
        // and at most a third of the chart's height).
        let legendRows = min(lines.count, max(1, Int((Double(height) / 3 - 10) / 18)))
        let legendColumns = (lines.count + legendRows - 1) / max(legendRows, 1)
        let legendHeight = (Double(legendRows) * 18 + 10) * s
        let left = 70 * s, right = Double(w) - 30 * s, top = 40 * s + legendHeight, bottom = Double(h) - 50 * s
        func px(_ t: Double) -> Double { left + (t - times.first!) / max(times.last! - times.first!, 1e-9) * (right - left) }
        func py(_ v: Double) -> Double { bottom - (v - low) / (high - low) * (bottom - top) }

        try titleFont.draw(title, x: left, y: 10 * s, color: (20, 20, 20, 255), renderer: renderer)
        // Grid and tick labels.
        for tick in yTicks where tick >= low && tick <= high {
            SDL_SetRenderDrawColor(renderer, 225, 225, 225, 255)
            SDL_RenderDrawLineF(renderer, Float(left), Float(py(tick)), Float(right), Float(py(tick)))
            try font.draw(Self.label(tick), x: left - 8 * s, y: py(tick) - 8 * s, color: (60, 60, 60, 255), anchor: 1, renderer: renderer)
        }
        for tick in xTicks where tick >= times.first! - 1e-9 && tick <= times.last! + 1e-9 {
            SDL_SetRenderDrawColor(renderer, 225, 225, 225, 255)
            SDL_RenderDrawLineF(renderer, Float(px(tick)), Float(top), Float(px(tick)), Float(bottom))
            try font.draw(Self.label(tick), x: px(tick), y: bottom + 6 * s, color: (60, 60, 60, 255), anchor: 0.5, renderer: renderer)
        }
        try font.draw("time (s)", x: (left + right) / 2, y: bottom + 26 * s, color: (60, 60, 60, 255), anchor: 0.5, renderer: renderer)
        // Axes.
        SDL_SetRenderDrawColor(renderer, 40, 40, 40, 255)
        fillRect(renderer, left - s, top, s, bottom - top + s)
        fillRect(renderer, left - s, bottom, right - left + s, s)
        // Lines and legend.
        for (index, line) in lines.enumerated() {
            let color = Self.palette[index % Self.palette.count]
            let points = zip(line.1, line.2).filter { $0.1.isFinite && abs($0.1) < 1e15 }.map { (px($0.0), py($0.1)) }
            drawPolyline(renderer, points, width: 2.5 * s, color: color)
            let column = index / legendRows, row = index % legendRows
            let columnWidth = (right - left) / Double(max(legendColumns, 1))
            let x = left + Double(column) * columnWidth
            let y = 40 * s + Double(row) * 18 * s
            fillRect(renderer, x + 10 * s, y + 7 * s, 24 * s, 3 * s, color: color)
            try font.draw(line.0, x: x + 42 * s, y: y, color: (20, 20, 20, 255), renderer: renderer)
        }
        SDL_RenderFlush(renderer)
        return Downsampler.average(surface: surface, factor: factor, width: width, height: height)
    }

    private func fillRect(_ renderer: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, color: (UInt8, UInt8, UInt8)? = nil) {
        if let color { SDL_SetRenderDrawColor(renderer, color.0, color.1, color.2, 255) }
        var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(w), h: Float(h))
        SDL_RenderFillRectF(renderer, &rect)
    }

    /// A polyline as quads `width` wide, one per segment, with round-ish joins from small squares.
    private func drawPolyline(_ renderer: OpaquePointer, _ points: [(Double, Double)], width: Double, color: (UInt8, UInt8, UInt8)) {
        guard points.count > 1 else { return }
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        let sdlColor = SDL_Color(r: color.0, g: color.1, b: color.2, a: 255)
        func add(_ x: Double, _ y: Double) { vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: sdlColor, tex_coord: SDL_FPoint(x: 0, y: 0))) }
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.0 - a.0, dy = b.1 - a.1
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            // Extend each segment by half the width so that joins close.
            let ux = dx / length * width / 2, uy = dy / length * width / 2
            let nx = -uy, ny = ux
            let base = Int32(vertices.count)
            add(a.0 - ux + nx, a.1 - uy + ny); add(b.0 + ux + nx, b.1 + uy + ny)
            add(b.0 + ux - nx, b.1 + uy - ny); add(a.0 - ux - nx, a.1 - uy - ny)
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// About `count` round tick values covering low…high (1, 2 or 5 times a power of ten apart).
    static func niceTicks(_ low: Double, _ high: Double, count: Int) -> [Double] {
        let span = max(high - low, 1e-12)
        let raw = span / Double(max(count - 1, 1))
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = floor(low / step) * step
        var ticks: [Double] = []
        var value = first
        while value <= high + step * 0.5 && ticks.count < 50 {
            ticks.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return ticks
    }

    static func label(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        let text = String(format: "%.3g", value)
        return text
    }
}

/// Averaging a supersampled surface down to its output size.
///
/// Blending onto a surface leaves its colors premultiplied by its alpha (SDL's blend is
/// `color ← src·srcA + dst·(1 − srcA)`, `alpha ← srcA + dstA·(1 − srcA)`): on an opaque
/// background that changes nothing, but on a transparent one a pixel half covered by a white
/// particle holds (128, 128, 128, 128). The blocks are averaged premultiplied — the correct mean
/// of light and coverage, so soft edges keep their color and get no dark fringe — and then, for
/// a surface that started transparent, divided by alpha (``StraightAlpha``).
enum Downsampler {
    /// - Parameter straight: divide the colors by alpha: the surface was cleared to a background
    ///   that is not opaque. Renders on an opaque background are left as SDL drew them (SDL's
    ///   blend can leave such pixels at alpha 253 or 254; their bytes, and so the goldens, stay).
    static func average(surface: UnsafeMutablePointer<SDL_Surface>, factor: Int, width: Int, height: Int,
                        straight: Bool = false) -> RGBAImage {
        let mustLock = fx_surface_must_lock(surface) != 0
        if mustLock { SDL_LockSurface(surface) }
        defer { if mustLock { SDL_UnlockSurface(surface) } }
        let pitch = Int(surface.pointee.pitch)
        let source = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        let samples = factor * factor
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { destination in
            for row in 0..<height {
                for column in 0..<width {
                    for channel in 0..<4 {
                        var sum = 0
                        for dy in 0..<factor {
                            let line = source + (row * factor + dy) * pitch
                            for dx in 0..<factor { sum += Int(line[(column * factor + dx) * 4 + channel]) }
                        }
                        destination[(row * width + column) * 4 + channel] = UInt8((sum + samples / 2) / samples)
                    }
                }
            }
        }
        if straight { StraightAlpha.unpremultiply(&bytes) }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
