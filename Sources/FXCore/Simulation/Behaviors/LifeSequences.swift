/// fx's values over life: `colorOverLife`, `alphaOverLife` and `scaleOverLife`, sequences
/// taken at each particle's normalized age (LÖVE's colors and sizes, Godot's curves).
final class LifeSequences: ParticleBehavior {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.colorOverLife, EmitterCellKeys.alphaOverLife, EmitterCellKeys.scaleOverLife]

    /// The curves, as tables (fx's extensions do not animate, so they are made once).
    let curves: Curves
    /// Where each particle's birth scale is kept, which `scaleOverLife` multiplies.
    private(set) var baseScaleColumn: Int?

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> LifeSequences? {
        let curves = Curves(cell.extensions, hasBaseScale: cell.extensions.scaleOverLife != nil)
        return curves.isEmpty ? nil : LifeSequences(curves: curves)
    }

    private init(curves: Curves) {
        self.curves = curves
    }

    /// A column for the birth scale, with a scale curve.
    var columnCount: Int { curves.scale == nil ? 0 : 1 }
    /// The birth scale's column comes first in the store.
    var columnsPrecedeTheCells: Bool { true }

    func assignColumns(from first: Int) {
        baseScaleColumn = curves.scale == nil ? nil : first
    }

    /// After every motion and every other value (a curve overrides the speeds and end values).
    var passes: [(pass: StepPass, order: Int)] { [(.overLife, 0)] }
    /// A particle born inside a step is drawn with its curves at its age, not with its base
    /// values until the next step.
    func advancesNewborns(in pass: StepPass) -> Bool { true }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        Self.apply(span.store, now: span.end, curves: curves, baseScaleColumn: baseScaleColumn, range: span.range)
    }

    var birthHooks: [BirthHook] { [.scale] }

    /// Keeps the particle's birth scale, which `scaleOverLife` multiplies.
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        if let column = baseScaleColumn { particle.store.extra[column][particle.index] = Float(particle.birthScale) }
    }

    /// A cell's sequences as the hot loops read them: tables of single-precision numbers made
    /// once, so that no value is converted or looked up through an array of structures per
    /// particle.
    struct Curves {
        var color: LifeCurve?
        var alpha: LifeCurve?
        var scale: LifeCurve?

        /// The curves of `extensions`; `scale` only with a birth-scale column to multiply.
        init(_ extensions: CellExtensions, hasBaseScale: Bool) {
            color = extensions.colorOverLife.map { LifeCurve($0) { [Float($0.red), Float($0.green), Float($0.blue), Float($0.alpha)] } }
            alpha = extensions.alphaOverLife.map { LifeCurve($0) { [Float($0)] } }
            scale = hasBaseScale ? extensions.scaleOverLife.map { LifeCurve($0) { [Float($0)] } } : nil
        }

        /// No curves.
        init() {}

        /// Whether any curve applies.
        var isEmpty: Bool { color == nil && alpha == nil && scale == nil }
    }

    /// Sets color, alpha and scale from the cell's curves at each particle's normalized age
    /// (age / lifetime), for the particles in `range` (all of them by default).
    ///
    /// Called for every live particle after each step's motion, and for each particle as it is
    /// born (a particle born inside a step is already that step's end minus its birth old, so
    /// it must be drawn with its curves at that age — not with its base color until the next
    /// step).
    static func apply(_ store: ParticleStore, now: Double, curves: Curves, baseScaleColumn: Int?, range: Range<Int>? = nil) {
        // Columns bound once: reading them through the class in the loop would check
        // exclusivity on every access.
        let age = store.age, deathTime = store.deathTime
        let red = store.red, green = store.green, blue = store.blue, alpha = store.alpha, scale = store.scale
        let colors = curves.color, alphas = curves.alpha
        let scales = baseScaleColumn == nil ? nil : curves.scale
        let baseScale = baseScaleColumn.map { store.extra[$0] }
        for i in range ?? 0..<store.count {
            let t = normalizedAge(age: Double(age[i]), deathTime: deathTime[i], now: now)
            values(at: t, colors: colors, alphas: alphas, scales: scales, baseScale: baseScale?[i],
                   red: &red[i], green: &green[i], blue: &blue[i], alpha: &alpha[i], scale: &scale[i])
        }
    }

    /// A particle's color, alpha and scale at normalized age `t`, where a curve sets them (the
    /// others are left as they are): the rule of each step, and of drawing between two steps
    /// (``CellRewind``), which finds them at the drawn age. `scales` multiplies the particle's
    /// birth scale, `baseScale`, when there is one.
    @inline(__always)
    static func values(at t: Float, colors: LifeCurve?, alphas: LifeCurve?, scales: LifeCurve?, baseScale: Float?,
                       red: inout Float, green: inout Float, blue: inout Float, alpha: inout Float, scale: inout Float) {
        if let colors { (red, green, blue, alpha) = colors.color(at: t) }
        if let alphas { alpha = min(max(alphas.value(at: t), 0), 1) }
        if let scales, let baseScale { scale = baseScale * scales.value(at: t) }
    }

    /// A particle's age as a fraction of its lifetime (0 at birth, 1 at death), from its age at
    /// layer time `now` and its death time: the argument of every over-life curve.
    @inline(__always)
    static func normalizedAge(age: Double, deathTime: Double, now: Double) -> Float {
        let lifetime = age + (deathTime - now)
        return lifetime > 0 ? Float(age / lifetime) : 1
    }
}

/// A ``LifeSequence`` as a table of single-precision numbers: key times, the length of each
/// segment, and each key's channels (one for a number, four for a color), in the same
/// arithmetic as the sequence, so a curve gives exactly the sequence's values. The tables are
/// raw memory owned by the curve, so the per-particle lookups neither retain an array nor
/// check its bounds (the indices are bounded by `count` by construction).
final class LifeCurve: @unchecked Sendable {
    /// Keys in the table.
    let count: Int
    let times: UnsafeMutablePointer<Float>
    /// `spans[k]` is the length of segment k, taken in double precision and then rounded.
    let spans: UnsafeMutablePointer<Float>
    /// Key k's channels at `k * channels …`.
    let values: UnsafeMutablePointer<Float>
    let stepwise: Bool

    /// - Precondition: the sequence has at least one key (``LifeSequence`` guarantees it), and
    ///   `channels` gives the same number of channels for every value.
    init<Value>(_ sequence: LifeSequence<Value>, channels: (Value) -> [Float]) {
        count = sequence.times.count
        times = .allocate(capacity: count)
        spans = .allocate(capacity: max(count - 1, 1))
        let table = sequence.values.flatMap(channels)
        values = .allocate(capacity: table.count)
        for (k, time) in sequence.times.enumerated() { times[k] = Float(time) }
        for k in 0..<(count - 1) { spans[k] = Float(sequence.times[k + 1] - sequence.times[k]) }
        for (k, value) in table.enumerated() { values[k] = value }
        stepwise = sequence.interpolation == .step
    }

    deinit {
        times.deallocate()
        spans.deallocate()
        values.deallocate()
    }

    /// The key segment for normalized age `t` and the fraction within it.
    @inline(__always)
    func locate(_ t: Float) -> (Int, Float) {
        if t <= times[0] { return (0, 0) }
        if t >= times[count - 1] { return (count - 1, 0) }
        // The segment is the number of inner keys at or before t (the times never decrease):
        // counted without branches, as t is different for every particle and a search that
        // stops early is mispredicted about once per particle.
        var index = 0
        var k = 1
        while k < count - 1 {
            index &+= times[k] <= t ? 1 : 0
            k &+= 1
        }
        if stepwise { return (index, 0) }
        let span = spans[index]
        return (index, span > 0 ? (t - times[index]) / span : 0)
    }

    /// A one-channel curve's value at `t`.
    @inline(__always)
    func value(at t: Float) -> Float {
        let (index, fraction) = locate(t)
        if fraction == 0 || index + 1 >= count { return values[index] }
        return values[index] + (values[index + 1] - values[index]) * fraction
    }

    /// A color curve's channels at `t`.
    @inline(__always)
    func color(at t: Float) -> (Float, Float, Float, Float) {
        let (index, fraction) = locate(t)
        let a = values + index * 4
        if fraction == 0 || index + 1 >= count { return (a[0], a[1], a[2], a[3]) }
        return (a[0] + (a[4] - a[0]) * fraction, a[1] + (a[5] - a[1]) * fraction,
                a[2] + (a[6] - a[2]) * fraction, a[3] + (a[7] - a[3]) * fraction)
    }
}

extension EmitterCellKeys {
    /// The `colorOverLife` key: `{"values": [colors], "times": [0…1], "interpolation": "linear" | "step"}`: the color
    /// at each normalized age (0 at birth, 1 at death); overrides `color`, its ranges and speeds; `times` default to
    /// evenly spaced.
    public static let colorOverLife = PropertyDescriptor(
        "colorOverLife", .emitterCell, .structure, default: .none("none"), members: LifeSequenceKeys.all,
        examples: ["{\"values\": [\"#ffffff\", \"#ffcc00\", \"#ff3300\"], \"times\": [0, 0.3, 1]}"],
        "`{\"values\": [colors], \"times\": [0…1], \"interpolation\": \"linear\" | \"step\"}`: the color at each normalized age (0 at birth, 1 at death); overrides `color`, its ranges and speeds; `times` default to evenly spaced")
    /// The `alphaOverLife` key: the same with numbers in 0…1; overrides `alphaSpeed`.
    public static let alphaOverLife = PropertyDescriptor(
        "alphaOverLife", .emitterCell, .structure, default: .none("none"), members: LifeSequenceKeys.all,
        examples: ["{\"values\": [0, 1, 0], \"times\": [0, 0.2, 1]}"], "the same with numbers in 0…1; overrides `alphaSpeed`")
    /// The `scaleOverLife` key: the same with factors of the particle's birth scale; overrides `scaleSpeed`.
    public static let scaleOverLife = PropertyDescriptor(
        "scaleOverLife", .emitterCell, .structure, default: .none("none"), members: LifeSequenceKeys.all,
        examples: ["{\"values\": [0.2, 1, 0.5]}"], "the same with factors of the particle's birth scale; overrides `scaleSpeed`")
}
