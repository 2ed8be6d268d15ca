#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns polylines into the polygons of their stroke: one quadrilateral per segment, a join
/// shape at each inner vertex, a cap at each open end, all wound the same way so that filling
/// them with the non-zero rule gives their union.
public enum Stroker {
    /// The polygons of the stroke of `paths` (polylines, `closed` telling which close).
    /// Trimming (`strokeStart`/`strokeEnd`, by arc length over the whole path) and dashes are
    /// applied first.
    public static func polygons(of paths: [(points: [Point], closed: Bool)], style: StrokeStyle) -> [[Point]] {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0 else { return [] }
        var pieces = trim(paths, start: style.strokeStart, end: style.strokeEnd)
        if !style.lineDashPattern.isEmpty { pieces = dash(pieces, pattern: style.lineDashPattern, phase: style.lineDashPhase) }
        var result: [[Point]] = []
        for piece in pieces {
            var points = piece.points
            // Drop repeated points, which have no direction.
            points = points.enumerated().filter { $0.offset == 0 || distance($0.element, points[$0.offset - 1]) > 1e-9 }.map(\.element)
            if piece.closed, points.count > 2, distance(points[0], points[points.count - 1]) < 1e-9 { points.removeLast() }
            guard points.count >= 2 else {
                // A lone point draws a dot for round and square caps.
                if let p = points.first, style.lineCap != .butt {
                    result.append(style.lineCap == .round ? circle(p, radius: halfWidth) : square(p, half: halfWidth))
                }
                continue
            }
            let count = points.count
            let segmentCount = piece.closed ? count : count - 1
            for index in 0..<segmentCount {
                var a = points[index], b = points[(index + 1) % count]
                let direction = unit(a, b)
                // Square caps extend the open ends by half the width.
                if !piece.closed && style.lineCap == .square {
                    if index == 0 { a = Point(x: a.x - direction.x * halfWidth, y: a.y - direction.y * halfWidth) }
                    if index == segmentCount - 1 { b = Point(x: b.x + direction.x * halfWidth, y: b.y + direction.y * halfWidth) }
                }
                let normal = Point(x: -direction.y * halfWidth, y: direction.x * halfWidth)
                result.append(oriented([Point(x: a.x + normal.x, y: a.y + normal.y), Point(x: b.x + normal.x, y: b.y + normal.y),
                                        Point(x: b.x - normal.x, y: b.y - normal.y), Point(x: a.x - normal.x, y: a.y - normal.y)]))
            }
            // Joins at inner vertices (every vertex of a closed path).
            let joinRange = piece.closed ? 0..<count : 1..<(count - 1)
            for index in joinRange {
                let previous = points[(index + count - 1) % count], vertex = points[index], next = points[(index + 1) % count]
                if let join = join(previous, vertex, next, halfWidth: halfWidth, style: style) { result.append(join) }
            }
            if !piece.closed && style.lineCap == .round {
                result.append(circle(points[0], radius: halfWidth))
                result.append(circle(points[count - 1], radius: halfWidth))
            }
        }
        return result
    }

    static func join(_ previous: Point, _ vertex: Point, _ next: Point, halfWidth: Double, style: StrokeStyle) -> [Point]? {
        let d1 = unit(previous, vertex), d2 = unit(vertex, next)
        let cross = d1.x * d2.y - d1.y * d2.x
        let dot = d1.x * d2.x + d1.y * d2.y
        guard abs(cross) > 1e-9 || dot < 0 else { return nil }
        switch style.lineJoin {
        case .round:
            return circle(vertex, radius: halfWidth)
        case .bevel, .miter:
            // The outer side of the turn.
            let side = cross > 0 ? -1.0 : 1.0
            let n1 = Point(x: -d1.y * halfWidth * side, y: d1.x * halfWidth * side)
            let n2 = Point(x: -d2.y * halfWidth * side, y: d2.x * halfWidth * side)
            let p1 = Point(x: vertex.x + n1.x, y: vertex.y + n1.y), p2 = Point(x: vertex.x + n2.x, y: vertex.y + n2.y)
            if style.lineJoin == .miter {
                // The miter's length over the line width is 1 / sin(θ/2); beyond the limit, bevel.
                let cosine = max(-1, min(1, -dot))
                let halfAngleSine = ((1 - cosine) / 2).squareRoot()
                if halfAngleSine > 1e-9 && 1 / halfAngleSine <= style.miterLimit {
                    let bisector = unit(vertex, Point(x: vertex.x + n1.x + n2.x, y: vertex.y + n1.y + n2.y))
                    let length = halfWidth / halfAngleSine
                    let tip = Point(x: vertex.x + bisector.x * length, y: vertex.y + bisector.y * length)
                    return oriented([vertex, p1, tip, p2])
                }
            }
            return oriented([vertex, p1, p2])
        }
    }

    /// Keeps the parts of the polylines between fractions `start` and `end` of their total length.
    public static func trim(_ paths: [(points: [Point], closed: Bool)], start: Double, end: Double) -> [(points: [Point], closed: Bool)] {
        let start = min(max(start, 0), 1), end = min(max(end, 0), 1)
        if start <= 0 && end >= 1 { return paths }
        guard end > start else { return [] }
        let opened = paths.map(closedPoints)
        let total = opened.reduce(0) { $0 + length($1) }
        guard total > 0 else { return [] }
        return cut(opened, from: start * total, to: end * total).map { ($0, false) }
    }

    /// The polyline's points, with the first repeated at the end when it is closed.
    static func closedPoints(_ path: (points: [Point], closed: Bool)) -> [Point] {
        path.closed && path.points.count > 1 ? path.points + [path.points[0]] : path.points
    }

    /// Splits the polylines into dashes: pattern lengths alternate on and off, starting at
    /// `phase` into the pattern.
    public static func dash(_ paths: [(points: [Point], closed: Bool)], pattern: [Double], phase: Double) -> [(points: [Point], closed: Bool)] {
        let pattern = pattern.map { max($0, 0) }
        let period = pattern.reduce(0, +)
        guard period > 0 else { return paths }
        var result: [(points: [Point], closed: Bool)] = []
        for path in paths {
            let points = closedPoints(path)
            let total = length(points)
            var position = -(phase.truncatingRemainder(dividingBy: period) + (phase < 0 ? period : 0))
            var index = 0
            var dashes = 0
            while position < total && dashes < 100_000 {
                let on = pattern[index % pattern.count]
                if index % 2 == 0 && position + on > 0 {
                    result += cut([points], from: max(position, 0), to: min(position + on, total)).map { ($0, false) }
                }
                position += on
                // An odd-length pattern repeats with on and off swapped, as in SVG and CA:
                // the parity of `index`, not of its position in the pattern, says which.
                index += 1
                dashes += 1
            }
        }
        return result
    }

    /// The pieces of the polylines between distances `from` and `to` along them all.
    static func cut(_ lines: [[Point]], from: Double, to: Double) -> [[Point]] {
        var result: [[Point]] = []
        var travelled = 0.0
        for line in lines where line.count >= 2 {
            var current: [Point] = []
            for index in 0..<(line.count - 1) {
                let a = line[index], b = line[index + 1]
                let segment = distance(a, b)
                let segmentStart = travelled, segmentEnd = travelled + segment
                travelled = segmentEnd
                guard segmentEnd > from, segmentStart < to, segment > 0 else { continue }
                let t0 = max(0, (from - segmentStart) / segment), t1 = min(1, (to - segmentStart) / segment)
                let p0 = Point(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0)
                let p1 = Point(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1)
                if current.isEmpty { current.append(p0) }
                current.append(p1)
                if t1 < 1 { break }
            }
            if current.count >= 2 { result.append(current) }
        }
        return result
    }

    static func length(_ points: [Point]) -> Double {
        guard points.count > 1 else { return 0 }
        return (1..<points.count).reduce(0) { $0 + distance(points[$1 - 1], points[$1]) }
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    static func unit(_ a: Point, _ b: Point) -> Point {
        let length = max(distance(a, b), 1e-12)
        return Point(x: (b.x - a.x) / length, y: (b.y - a.y) / length)
    }

    static func circle(_ center: Point, radius: Double) -> [Point] {
        let count = max(8, min(128, Int(radius * 2)))
        return (0..<count).map { index in
            let angle = Double(index) / Double(count) * 2 * .pi
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    static func square(_ center: Point, half: Double) -> [Point] {
        [Point(x: center.x - half, y: center.y - half), Point(x: center.x + half, y: center.y - half),
         Point(x: center.x + half, y: center.y + half), Point(x: center.x - half, y: center.y + half)]
    }

    /// The polygon wound counter-clockwise in y-down coordinates (positive shoelace area), so
    /// that all stroke pieces add to the winding number in the same sense.
    static func oriented(_ polygon: [Point]) -> [Point] {
        var area = 0.0
        for index in 0..<polygon.count {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? polygon.reversed() : polygon
    }
}
