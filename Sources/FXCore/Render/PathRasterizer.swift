/// A scanline rasteriser for filled polygons with exact anti-aliasing across each scanline and
/// four samples down each pixel: the coverage of shapes, strokes, layer backgrounds and masks.
/// Pure Swift and deterministic, so vector content looks the same in the window and headless.
public enum PathRasterizer {
    /// Sub-scanlines per pixel row.
    static let samplesPerRow = 4
    /// The largest raster side: content beyond is clipped.
    public static let maxSide = 8192

    /// The canvas in pixels with a 2-pixel margin: the clip of layer content, so anti-aliased
    /// edges at the canvas border are kept.
    static func canvasClip(_ canvas: Size, pixelsPerPoint: Double) -> (x: Int, y: Int, width: Int, height: Int) {
        (x: -2, y: -2, width: Int((canvas.width * pixelsPerPoint).rounded(.up)) + 4,
         height: Int((canvas.height * pixelsPerPoint).rounded(.up)) + 4)
    }

    /// The pixels ``coverage(of:rule:clip:)`` covers for `polygons` (its mask's size), before
    /// anything is drawn.
    static func pixelCount(of polygons: [[Point]], clip: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        extent(of: polygons, clip: clip).map { $0.width * $0.height } ?? 0
    }

    /// The pixels the mask of `polygons` covers: their bounds within `clip`, at most
    /// ``maxSide`` a side (nil when empty).
    private static func extent(of polygons: [[Point]], clip: (x: Int, y: Int, width: Int, height: Int))
        -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon where p.x.isFinite && p.y.isFinite {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX.isFinite else { return nil }
        // Clamp to the clip before converting: coordinates may be far beyond what Int holds.
        func clamped(_ value: Double, _ low: Int, _ high: Int) -> Int { Int(min(max(value, Double(low)), Double(high))) }
        let x0 = clamped(minX.rounded(.down), clip.x, clip.x + clip.width), y0 = clamped(minY.rounded(.down), clip.y, clip.y + clip.height)
        let x1 = clamped(maxX.rounded(.up), clip.x, clip.x + clip.width), y1 = clamped(maxY.rounded(.up), clip.y, clip.y + clip.height)
        let width = min(x1 - x0, maxSide), height = min(y1 - y0, maxSide)
        guard width > 0, height > 0 else { return nil }
        return (x0, y0, width, height)
    }

    /// Rasterizes `polygons` (closed, in pixel coordinates) within `clip` (x, y, width, height).
    public static func coverage(of polygons: [[Point]], rule: FillRule, clip: (x: Int, y: Int, width: Int, height: Int)) -> CoverageMask {
        guard let (x0, y0, width, height) = extent(of: polygons, clip: clip) else { return .empty }

        // Edges, each with its direction (+1 down, −1 up), sorted by their top.
        struct Edge { var x0: Double, y0: Double, x1: Double, y1: Double, direction: Double }
        var edges: [Edge] = []
        for polygon in polygons where polygon.count >= 3 {
            for index in 0..<polygon.count {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                edges.append(a.y < b.y ? Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, direction: 1)
                                       : Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, direction: -1))
            }
        }
        edges.sort { $0.y0 < $1.y0 }
        var coverage = [Float](repeating: 0, count: width * height)
        var active: [Int] = []
        var next = 0
        var crossings: [(x: Double, direction: Double)] = []
        let weight = 1 / Double(samplesPerRow)
        for row in 0..<height {
            for sample in 0..<samplesPerRow {
                let sy = Double(y0 + row) + (Double(sample) + 0.5) * weight
                while next < edges.count && edges[next].y0 <= sy { active.append(next); next += 1 }
                active.removeAll { edges[$0].y1 <= sy }
                crossings.removeAll(keepingCapacity: true)
                for index in active where edges[index].y0 <= sy {
                    let edge = edges[index]
                    let t = (sy - edge.y0) / (edge.y1 - edge.y0)
                    crossings.append((edge.x0 + (edge.x1 - edge.x0) * t, edge.direction))
                }
                guard crossings.count >= 2 else { continue }
                crossings.sort { $0.x < $1.x }
                var winding = 0.0
                for index in 0..<(crossings.count - 1) {
                    winding += crossings[index].direction
                    let inside = rule == .nonZero ? winding != 0 : Int(winding.magnitude) % 2 == 1
                    guard inside else { continue }
                    addSpan(&coverage, row: row, width: width, from: crossings[index].x - Double(x0),
                            to: crossings[index + 1].x - Double(x0), weight: Float(weight))
                }
            }
        }
        for index in coverage.indices where coverage[index] > 1 { coverage[index] = 1 }
        return CoverageMask(x: x0, y: y0, width: width, height: height, coverage: coverage)
    }

    /// Adds a horizontal span [a, b) of one sub-scanline, with exact partial coverage of the
    /// pixels at its ends.
    @inline(__always)
    static func addSpan(_ coverage: inout [Float], row: Int, width: Int, from a: Double, to b: Double, weight: Float) {
        let start = max(a, 0), end = min(b, Double(width))
        guard end > start else { return }
        let base = row * width
        let first = Int(start), last = Int(end)
        if first == last {
            coverage[base + first] += Float(end - start) * weight
            return
        }
        coverage[base + first] += Float(Double(first + 1) - start) * weight
        if first + 1 < last {
            for column in (first + 1)..<last { coverage[base + column] += weight }
        }
        if last < width { coverage[base + last] += Float(end - Double(last)) * weight }
    }
}
