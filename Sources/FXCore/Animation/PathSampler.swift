#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path prepared for moving along it: each drawing segment flattened, with arc lengths, so a
/// point and the direction of travel can be found by segment and fraction or by distance.
public struct PathSampler: Sendable {
    /// One drawn element of the path (line, curve, or the closing line) as a polyline.
    struct Segment: Sendable {
        var points: [Point]
        /// Cumulative length at each point, from 0.
        var lengths: [Double]
        var length: Double { lengths.last ?? 0 }
    }

    let segments: [Segment]
    /// Cumulative length at the start of each segment, and the total at the end.
    let starts: [Double]

    /// Prepares `path`: each line, curve (flattened to within 0.05 points) and closing line
    /// becomes one segment; moves only start a new subpath.
    public init(_ path: Path) {
        var segments: [Segment] = []
        var current = Point.zero, subpathStart = Point.zero
        func add(_ points: [Point]) {
            var lengths = [0.0]
            for index in 1..<points.count {
                let dx = points[index].x - points[index - 1].x, dy = points[index].y - points[index - 1].y
                lengths.append(lengths[index - 1] + (dx * dx + dy * dy).squareRoot())
            }
            segments.append(Segment(points: points, lengths: lengths))
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p):
                add([current, p])
                current = p
            case .quad, .cubic:
                var points = [current]
                Path([.move(current), element]).flattened(tolerance: 0.05).first.map { points = $0.points }
                add(points)
                current = points.last ?? current
            case .close:
                if current != subpathStart { add([current, subpathStart]) }
                current = subpathStart
            }
        }
        self.segments = segments
        var starts: [Double] = [0]
        for segment in segments { starts.append(starts.last! + segment.length) }
        self.starts = starts
    }

    /// The number of drawn segments: lines, curves and closing lines, not moves.
    public var segmentCount: Int { segments.count }
    /// The length of the whole path, in points.
    public var length: Double { starts.last ?? 0 }

    /// The point at `fraction` (0…1) of segment `index`'s length, and the direction of travel.
    public func point(segment index: Int, fraction: Double) -> (point: Point, angle: Double) {
        guard !segments.isEmpty else { return (.zero, 0) }
        let segment = segments[min(max(index, 0), segments.count - 1)]
        return locate(in: segment, distance: min(max(fraction, 0), 1) * segment.length)
    }

    /// The point at `distance` along the whole path.
    public func point(distance: Double) -> (point: Point, angle: Double) {
        guard !segments.isEmpty else { return (.zero, 0) }
        var index = 0
        while index < segments.count - 1 && starts[index + 1] < distance { index += 1 }
        return locate(in: segments[index], distance: distance - starts[index])
    }

    private func locate(in segment: Segment, distance: Double) -> (point: Point, angle: Double) {
        let lengths = segment.lengths, points = segment.points
        guard points.count > 1 else { return (points.first ?? .zero, 0) }
        let (low, high) = lengths.bracketing { $0 <= distance }
        let span = lengths[high] - lengths[low]
        let t = span > 0 ? min(max((distance - lengths[low]) / span, 0), 1) : 0
        let a = points[low], b = points[high]
        return (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x))
    }
}
