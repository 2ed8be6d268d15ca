/// A Godot `Gradient` resource: `offsets` (`PoolRealArray` / `PackedFloat32Array`) and `colors`
/// (`PoolColorArray` / `PackedColorArray`, four numbers a color), defaulting as Godot's do to
/// two points, black at 0 and white at 1 (`scene/resources/gradient.cpp`, `Gradient::Gradient`).
/// Godot sorts the points by offset and samples linearly between them, holding the end colors
/// outside (`Gradient::get_color_at_offset`); `interpolation_mode = 1` (constant) holds each
/// point's color until the next, `2` (cubic) is sampled.
struct GodotGradient: Equatable {
    struct Stop: Equatable {
        var offset: Double
        var color: [Double]
    }

    var stops: [Stop]
    /// 0 linear, 1 constant, 2 cubic.
    var interpolationMode: Int

    /// Most stops read (Godot's editor makes a handful; fx's life sequences hold 256 values).
    static let maxStops = 256

    /// The gradient of a `Gradient` section.
    init(section: GodotSection) {
        let offsets = section.property("offsets")?.value.numbers ?? [0, 1]
        let channels = section.property("colors")?.value.numbers ?? [0, 0, 0, 1, 1, 1, 1, 1]
        var stops: [Stop] = []
        for index in 0..<min(offsets.count, channels.count / 4, Self.maxStops) {
            let color = Array(channels[(4 * index)..<(4 * index + 4)])
            guard offsets[index].isFinite, color.allSatisfy(\.isFinite) else { continue }
            stops.append(Stop(offset: offsets[index], color: color))
        }
        self.stops = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        interpolationMode = ImportedNumber.whole(section.property("interpolation_mode")?.value.number ?? 0, in: 0...2).value ?? 0
    }

    /// The color at `offset`, as Godot samples it (linear between stops; constant mode holds the
    /// lower stop's color; cubic is Godot's Catmull-Rom-like cubic through the neighbours).
    func color(at offset: Double) -> [Double] {
        guard let first = stops.first, let last = stops.last else { return [0, 0, 0, 1] }
        if offset <= first.offset { return first.color }
        if offset >= last.offset { return last.color }
        var low = 0
        while low + 1 < stops.count - 1 && stops[low + 1].offset <= offset { low += 1 }
        let a = stops[low], b = stops[low + 1]
        if interpolationMode == 1 { return a.color }
        let width = b.offset - a.offset
        let t = width > 1e-12 ? (offset - a.offset) / width : 1
        if interpolationMode == 2 {
            let before = stops[max(low - 1, 0)].color, after = stops[min(low + 2, stops.count - 1)].color
            return (0..<4).map { channel in
                let p0 = before[channel], p1 = a.color[channel], p2 = b.color[channel], p3 = after[channel]
                let t2 = t * t, t3 = t2 * t
                return 0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3)
            }
        }
        return (0..<4).map { a.color[$0] + (b.color[$0] - a.color[$0]) * t }
    }

    /// Whether every stop has the same color.
    var isConstant: Bool { stops.allSatisfy { $0.color == stops[0].color } }

    /// (times, colors) over 0…1 for an fx life sequence: the stops inside 0…1 with the colors at
    /// 0 and 1 added (exact for linear and constant gradients); a cubic gradient is sampled at
    /// 65 evenly spaced ages.
    var lifeKeys: (times: [Double], colors: [[Double]], stepped: Bool) {
        if interpolationMode == 2 {
            let times = (0..<65).map { Double($0) / 64 }
            return (times, times.map(color(at:)), false)
        }
        var times: [Double] = [0], colors: [[Double]] = [color(at: 0)]
        for stop in stops where stop.offset > 0 && stop.offset < 1 && stop.offset > times.last! && times.count < 255 {
            times.append(stop.offset)
            colors.append(stop.color)
        }
        if interpolationMode != 1 || times.last! < 1 {
            times.append(1)
            colors.append(color(at: 1))
        }
        return (times, colors, interpolationMode == 1)
    }
}
