#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector path in absolute coordinates: SVG path data after parsing, with relative commands
/// made absolute, H/V made lines, S/T made explicit curves and arcs made cubic Béziers.
public struct Path: Equatable, Sendable {
    /// One drawing command, in absolute coordinates (points).
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at the point (SVG `M`).
        case move(Point)
        /// A straight line from the current point to the point (SVG `L`, `H`, `V`).
        case line(Point)
        /// A quadratic Bézier curve to `to`, shaped by one control point (SVG `Q`, `T`).
        case quad(control: Point, to: Point)
        /// A cubic Bézier curve to `to`, shaped by two control points (SVG `C`, `S`, and arcs).
        case cubic(control1: Point, control2: Point, to: Point)
        /// Closes the subpath with a line back to its start (SVG `Z`).
        case close
    }

    /// The path's commands, in drawing order.
    public var elements: [Element]

    /// A path of the given commands (empty by default).
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// Whether two paths have the same commands in the same order, so that one can be
    /// interpolated into the other point by point.
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// Every point of the path in order (end points and control points).
    public var points: [Point] {
        elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let c1, let c2, let p): return [c1, c2, p]
            case .close: return []
            }
        }
    }

    /// The same commands with new points, taken in order (as `points` lists them).
    public func replacingPoints(_ points: [Point]) -> Path {
        var index = 0
        func next() -> Point { defer { index += 1 }; return points[index] }
        return Path(elements.map { element in
            switch element {
            case .move: return .move(next())
            case .line: return .line(next())
            case .quad: let c = next(); return .quad(control: c, to: next())
            case .cubic: let c1 = next(), c2 = next(); return .cubic(control1: c1, control2: c2, to: next())
            case .close: return .close
            }
        })
    }

    /// The path as polylines, one per subpath; curves are split until each chord is within
    /// `tolerance` points of the curve. `closed` tells which subpaths end with a close.
    public func flattened(tolerance: Double = 0.1) -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        // At most about 200 000 points in all: a path of many curves gets fewer points a curve.
        let curves = max(1, elements.reduce(0) { count, element in
            if case .cubic = element { return count + 1 }
            if case .quad = element { return count + 1 }
            return count
        })
        let maxSegments = max(1, min(256, 200_000 / curves))
        var current: [Point] = []
        var start = Point.zero
        func finish(closed: Bool) {
            if current.count > 1 || (current.count == 1 && closed) { result.append((current, closed)) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p]
                start = p
            case .line(let p):
                if current.isEmpty { current = [start] }
                current.append(p)
            case .quad(let c, let p):
                if current.isEmpty { current = [start] }
                let from = current.last!
                // Degree elevation: a quadratic is a cubic with controls at 2/3 toward c.
                let c1 = Point(x: from.x + 2 / 3 * (c.x - from.x), y: from.y + 2 / 3 * (c.y - from.y))
                let c2 = Point(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                Path.flattenCubic(from, c1, c2, p, tolerance: tolerance, maxSegments: maxSegments, into: &current)
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [start] }
                Path.flattenCubic(current.last!, c1, c2, p, tolerance: tolerance, maxSegments: maxSegments, into: &current)
            case .close:
                if !current.isEmpty { finish(closed: true) }
                current = []
            }
        }
        finish(closed: false)
        return result
    }

    /// Appends points of the cubic after `p0`, enough that no chord strays more than
    /// `tolerance` from the curve (the segment count from the curve's second differences).
    static func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, maxSegments: Int = 256,
                             into points: inout [Point]) {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let estimate = (0.75 * dd / max(tolerance, 1e-3)).squareRoot()
        let segments = estimate.isFinite ? max(1, min(maxSegments, Int(estimate.rounded(.up)))) : 1
        for index in 1...segments {
            let s = Double(index) / Double(segments), u = 1 - s
            let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
            points.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }

    // MARK: - Shapes

    /// A circle as four cubic arcs (κ = 0.5523).
    public static func circle(center: Point, radius: Double) -> Path {
        ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// The ellipse inscribed in `rect`, as four cubic arcs starting at its rightmost point and
    /// running clockwise on screen (y down).
    public static func ellipse(in rect: Rect) -> Path {
        let k = 0.552_284_749_8
        let rx = rect.size.width / 2, ry = rect.size.height / 2
        let cx = rect.origin.x + rx, cy = rect.origin.y + ry
        return Path([
            .move(Point(x: cx + rx, y: cy)),
            .cubic(control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry), to: Point(x: cx, y: cy + ry)),
            .cubic(control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry), to: Point(x: cx - rx, y: cy)),
            .cubic(control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry), to: Point(x: cx, y: cy - ry)),
            .cubic(control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry), to: Point(x: cx + rx, y: cy)),
            .close,
        ])
    }

    /// A rectangle, with corners rounded by `cornerRadius` (clamped to half the shorter side).
    public static func rect(_ rect: Rect, cornerRadius: Double = 0) -> Path {
        let x = rect.origin.x, y = rect.origin.y, w = rect.size.width, h = rect.size.height
        let r = max(0, min(cornerRadius, w / 2, h / 2))
        if r == 0 {
            return Path([.move(Point(x: x, y: y)), .line(Point(x: x + w, y: y)), .line(Point(x: x + w, y: y + h)),
                         .line(Point(x: x, y: y + h)), .close])
        }
        let k = r * (1 - 0.552_284_749_8)
        return Path([
            .move(Point(x: x + r, y: y)),
            .line(Point(x: x + w - r, y: y)),
            .cubic(control1: Point(x: x + w - k, y: y), control2: Point(x: x + w, y: y + k), to: Point(x: x + w, y: y + r)),
            .line(Point(x: x + w, y: y + h - r)),
            .cubic(control1: Point(x: x + w, y: y + h - k), control2: Point(x: x + w - k, y: y + h), to: Point(x: x + w - r, y: y + h)),
            .line(Point(x: x + r, y: y + h)),
            .cubic(control1: Point(x: x + k, y: y + h), control2: Point(x: x, y: y + h - k), to: Point(x: x, y: y + h - r)),
            .line(Point(x: x, y: y + r)),
            .cubic(control1: Point(x: x, y: y + k), control2: Point(x: x + k, y: y), to: Point(x: x + r, y: y)),
            .close,
        ])
    }
}
