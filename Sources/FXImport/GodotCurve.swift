/// A Godot `Curve` resource: points with tangents, sampled as Godot samples it
/// (`scene/resources/curve.cpp`, `Curve::_sample_local_nocheck` in Godot 4,
/// `interpolate_local_nocheck` in Godot 3): between two points a cubic Bézier whose control
/// points sit a third of the way along, at heights set by the right tangent of the first and
/// the left tangent of the second; before the first point its height, after the last point its
/// height. `_data` holds five values a point in both versions:
/// `Vector2(x, y), left_tangent, right_tangent, left_mode, right_mode`.
struct GodotCurve: Equatable {
    struct Point: Equatable {
        var x: Double
        var y: Double
        var leftTangent: Double
        var rightTangent: Double
    }

    /// The points, by x.
    var points: [Point]

    /// Most points read from one curve (Godot's editor makes a handful).
    static let maxPoints = 1024

    /// The curve in a `Curve` sub-resource's `_data` (an array, or Godot 3's
    /// `{"points": …}`-less flat list); nil when it holds no point.
    init?(data: GodotValue) {
        guard case .array(let items) = data else { return nil }
        var points: [Point] = []
        var index = 0
        while index < items.count, points.count < Self.maxPoints {
            guard case .constructor(_, let position) = items[index], position.count >= 2,
                  let x = position[0].number, let y = position[1].number else { index += 1; continue }
            let left = index + 1 < items.count ? items[index + 1].number ?? 0 : 0
            let right = index + 2 < items.count ? items[index + 2].number ?? 0 : 0
            points.append(Point(x: x, y: y, leftTangent: left, rightTangent: right))
            index += 5
        }
        guard !points.isEmpty, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.leftTangent.isFinite && $0.rightTangent.isFinite }) else { return nil }
        self.points = points.sorted { $0.x < $1.x }
    }

    /// The height at `offset` (0…1 over a particle's life).
    func value(at offset: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if offset <= first.x { return first.y }
        if offset >= last.x { return last.y }
        var low = 0
        while low + 1 < points.count - 1 && points[low + 1].x <= offset { low += 1 }
        let a = points[low], b = points[low + 1]
        let width = b.x - a.x
        guard width > 1e-12 else { return b.y }
        let t = (offset - a.x) / width
        let third = width / 3
        let control1 = a.y + third * a.rightTangent
        let control2 = b.y - third * b.leftTangent
        let u = 1 - t
        return u * u * u * a.y + 3 * u * u * t * control1 + 3 * u * t * t * control2 + t * t * t * b.y
    }

    /// Whether every segment is a straight line (each tangent the slope of its segment), so the
    /// points themselves, joined linearly, are the curve.
    var isPiecewiseLinear: Bool {
        for index in points.indices.dropLast() {
            let a = points[index], b = points[index + 1]
            let width = b.x - a.x
            guard width > 1e-12 else { continue }
            let slope = (b.y - a.y) / width
            if abs(a.rightTangent - slope) > 1e-4 * max(1, abs(slope)) || abs(b.leftTangent - slope) > 1e-4 * max(1, abs(slope)) { return false }
        }
        return true
    }

    /// How many evenly spaced ages a curved curve is sampled at.
    static let samples = 65

    /// (times, values) over 0…1 for an fx life sequence: the points (with the ends at 0 and 1)
    /// when the curve is straight between them, else ``samples`` evenly spaced samples.
    var lifeKeys: (times: [Double], values: [Double]) {
        if isPiecewiseLinear && points.count <= 250 {
            var times: [Double] = [0], values: [Double] = [value(at: 0)]
            for point in points where point.x > 0 && point.x < 1 && point.x > times.last! {
                times.append(point.x)
                values.append(point.y)
            }
            times.append(1)
            values.append(value(at: 1))
            return (times, values)
        }
        let times = (0..<Self.samples).map { Double($0) / Double(Self.samples - 1) }
        return (times, times.map(value(at:)))
    }

    /// Whether the curve is the same height everywhere.
    var isConstant: Bool {
        let keys = lifeKeys.values
        return keys.allSatisfy { abs($0 - keys[0]) < 1e-9 }
    }
}
