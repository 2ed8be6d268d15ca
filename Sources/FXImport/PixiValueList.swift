import Foundation

/// A pixi-particle-emitter value list (`{"list": [{"time", "value"}…], "isStepped", "ease"}`,
/// or the first format's `{"start", "end"}`): values over a particle's normalized age, read the
/// way pixi's `PropertyList` reads them.
struct PixiValueList<Value: Equatable> {
    /// One entry: a normalized age and the value there.
    struct Step {
        var time: Double
        var value: Value
    }

    /// The entries in file order.
    var steps: [Step]
    /// Whether each value holds until the next entry's time instead of blending.
    var isStepped = false
    /// The list's own ease, applied to the age before the lookup.
    var ease: PixiEase?
    /// The line of the list in the source.
    var line: Int

    /// A list holding one value.
    init(constant value: Value, line: Int) {
        steps = [Step(time: 0, value: value)]
        self.line = line
    }

    /// A list from its entries.
    init(steps: [Step], isStepped: Bool, ease: PixiEase?, line: Int) {
        self.steps = steps
        self.isStepped = isStepped
        self.ease = ease
        self.line = line
    }

    /// The first value: a particle's value at birth.
    var first: Value { steps[0].value }

    /// Whether the value never changes. pixi keeps a single entry when a two-entry list repeats
    /// its value.
    var isConstant: Bool { steps.allSatisfy { $0.value == steps[0].value } }

    /// The entries pixi actually uses: a two-entry list whose second value equals the first is
    /// one entry.
    var effectiveSteps: [Step] {
        if steps.count == 2 && steps[1].value == steps[0].value { return [steps[0]] }
        return steps
    }

    /// Whether pixi steps between the entries. A list of two entries whose second is at time 1
    /// or later is "simple" in pixi and always blends, whatever `isStepped` says.
    var stepsInPixi: Bool {
        let used = effectiveSteps
        if used.count >= 2 && used[1].time >= 1 { return false }
        return isStepped
    }

    /// The value at normalized age `t` (after any ease), as pixi's PropertyList finds it:
    /// `blend` mixes two values by a fraction.
    func value(at t: Double, blend: (Value, Value, Double) -> Value) -> Value {
        let used = effectiveSteps
        guard used.count >= 2 else { return used[0].value }
        if stepsInPixi {
            var index = 0
            while index + 1 < used.count && t > used[index + 1].time { index += 1 }
            return used[index].value
        }
        var index = 0
        while index + 2 < used.count && t > used[index + 1].time { index += 1 }
        let start = used[index], end = used[index + 1]
        let span = end.time - start.time
        let fraction = span > 0 ? (t - start.time) / span : 0
        return blend(start.value, end.value, fraction)
    }
}

/// pixi's ease: a list of quadratic Bézier segments `{"s", "cp", "e"}` spread evenly over 0…1,
/// mapping a normalized age to an eased one (the emitter's `ease` applies to every list, a
/// list's own `ease` to that list).
struct PixiEase {
    /// One segment: start, control point and end values.
    struct Segment {
        var start: Double
        var control: Double
        var end: Double
    }

    /// The segments, evenly spread over 0…1.
    var segments: [Segment]
    /// The line of the ease in the source.
    var line: Int

    /// The eased value of `t`: the segment `t` falls in, evaluated as a quadratic Bézier
    /// B(u) = (1−u)²·s + 2u(1−u)·cp + u²·e at the fraction u through it.
    func callAsFunction(_ t: Double) -> Double {
        guard !segments.isEmpty else { return t }
        let count = Double(segments.count)
        let index = ImportedNumber.whole((t * count).rounded(.down), in: 0...(segments.count - 1)).value ?? 0
        let u = t * count - Double(index)
        let segment = segments[index]
        return (1 - u) * (1 - u) * segment.start + 2 * u * (1 - u) * segment.control + u * u * segment.end
    }

    /// Reads `[{"s", "cp", "e"}…]`.
    init(_ json: PixiJSON) throws {
        line = json.line
        segments = try json.elements().map { item in
            Segment(start: try item.requiredNumber("s"), control: try item.requiredNumber("cp"), end: try item.requiredNumber("e"))
        }
        if segments.isEmpty { throw json.error("an ease needs at least one segment {\"s\", \"cp\", \"e\"}") }
    }
}

/// An RGB color of pixi's hex strings (`"ff8800"`, `"#ff8800"`, `"0xff8800"`), channels 0…1.
struct PixiColor: Equatable {
    var red: Double
    var green: Double
    var blue: Double

    /// Reads a hex string as pixi's `hexToRGB` does (an 8-digit string carries alpha first,
    /// which pixi's tint ignores).
    init?(hex: String) {
        var text = hex.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#") { text.removeFirst() } else if text.lowercased().hasPrefix("0x") { text.removeFirst(2) }
        if text.count == 8 { text.removeFirst(2) }
        guard text.count == 6, let value = Int(text, radix: 16) else { return nil }
        red = Double((value >> 16) & 0xFF) / 255
        green = Double((value >> 8) & 0xFF) / 255
        blue = Double(value & 0xFF) / 255
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    static let white = PixiColor(red: 1, green: 1, blue: 1)

    /// Channel-wise blend.
    static func mix(_ a: PixiColor, _ b: PixiColor, _ fraction: Double) -> PixiColor {
        PixiColor(red: a.red + (b.red - a.red) * fraction, green: a.green + (b.green - a.green) * fraction,
                  blue: a.blue + (b.blue - a.blue) * fraction)
    }
}
