/// fx's end values with their own spread (Particle Designer's finish color and size): each
/// particle draws, at birth, the color or scale it has at its death (the end value ± its
/// range/2), and goes there linearly over its own life from its birth value. The rate is kept
/// per particle (one column a channel), so a step adds rate × dt as the color speeds do, which
/// it replaces. (The end rotation is the rotation behaviour's: ``InitialRotation``.)
final class EndValues: ParticleBehavior {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.endColor, EmitterCellKeys.endRedRange, EmitterCellKeys.endGreenRange,
                             EmitterCellKeys.endBlueRange, EmitterCellKeys.endAlphaRange, EmitterCellKeys.endScale,
                             EmitterCellKeys.endScaleRange]

    /// The end color and its channels' ranges, or nil.
    let color: (red: Double, green: Double, blue: Double, alpha: Double, ranges: (Double, Double, Double, Double))?
    /// The end scale and its range as written (the layer's `scale` multiplies them), or nil.
    let scale: (mean: Double, range: Double)?
    /// Where the per-second changes of red, green, blue and alpha are kept (four columns),
    /// then the scale's (one).
    private(set) var colorColumn: Int?, scaleColumn: Int?
    /// The layer's `scale` this step, which multiplies `endScale` as it multiplies `scale`.
    private(set) var layerScale = 1.0

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> EndValues? {
        let extensions = cell.extensions
        guard extensions.endColor != nil || extensions.endScale != nil else { return nil }
        return EndValues(extensions)
    }

    private init(_ extensions: CellExtensions) {
        color = extensions.endColor.map {
            ($0.red, $0.green, $0.blue, $0.alpha,
             (extensions.endRedRange, extensions.endGreenRange, extensions.endBlueRange, extensions.endAlphaRange))
        }
        scale = extensions.endScale.map { ($0, extensions.endScaleRange) }
    }

    /// The number of extra columns the end values keep.
    var columnCount: Int { (color == nil ? 0 : 4) + (scale == nil ? 0 : 1) }

    func assignColumns(from first: Int) {
        colorColumn = color == nil ? nil : first
        scaleColumn = scale == nil ? nil : first + (color == nil ? 0 : 4)
    }

    /// An end color replaces the per-second color speeds, an end scale `scaleSpeed`: each
    /// particle goes to its own end value instead.
    var replacesColorSpeeds: Bool { color != nil }
    var replacesScaleSpeed: Bool { scale != nil }
    var scaleRateColumn: Int? { scaleColumn }

    func configure(presented cell: EmitterCell, layer: EmitterProperties) {
        layerScale = layer.scale
    }

    /// Last among the limits: after the speed limit, as before the behaviours had units.
    var passes: [(pass: StepPass, order: Int)] { [(.limits, 2)] }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        step(span.store, range: span.range, duration: span.duration)
    }

    var birthHooks: [BirthHook] { [.afterColor] }

    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        birth(particle.store, index: particle.index, key: particle.key, random: particle.random, age: particle.age,
              lifetime: particle.lifetime, birthScale: particle.birthScale, layerScale: layerScale, inherited: particle.inherited)
    }

    /// Sets particle `i`'s rates toward its own end color and scale, drawn from its stream, and
    /// its color and scale at its `age` (its birth values are in the store; what it inherits
    /// from a parent particle multiplies the end color and scale as it multiplies the birth ones).
    func birth(_ store: ParticleStore, index i: Int, key: UInt64, random: RandomKey, age: Double, lifetime: Double,
               birthScale: Double, layerScale: Double, inherited: InheritedValues) {
        if let color, let column = colorColumn {
            let ends = (random.value(mean: color.red, range: color.ranges.0, particle: key, .endRed).clamped01 * Double(inherited.red),
                        random.value(mean: color.green, range: color.ranges.1, particle: key, .endGreen).clamped01 * Double(inherited.green),
                        random.value(mean: color.blue, range: color.ranges.2, particle: key, .endBlue).clamped01 * Double(inherited.blue),
                        random.value(mean: color.alpha, range: color.ranges.3, particle: key, .endAlpha).clamped01 * Double(inherited.alpha))
            func set(_ channel: UnsafeMutablePointer<Float>, _ end: Double, _ offset: Int) {
                let start = Double(channel[i])
                let rate = (end - start) / lifetime
                store.extra[column + offset][i] = Float(rate)
                channel[i] = Float((start + rate * age).clamped01)
            }
            set(store.red, ends.0, 0); set(store.green, ends.1, 1); set(store.blue, ends.2, 2); set(store.alpha, ends.3, 3)
        }
        if let scale, let column = scaleColumn {
            let end = random.value(mean: scale.mean * layerScale, range: scale.range * layerScale, particle: key, .endScale)
                * Double(inherited.scale)
            let rate = (end - birthScale) / lifetime
            store.extra[column][i] = Float(rate)
            store.scale[i] = Float(birthScale + rate * age)
        }
    }

    /// Moves the colors and scales of the particles in `range` by their rates over `duration`.
    func step(_ store: ParticleStore, range: Range<Int>, duration: Float) {
        if let column = colorColumn {
            let red = store.red, green = store.green, blue = store.blue, alpha = store.alpha
            let dRed = store.extra[column], dGreen = store.extra[column + 1], dBlue = store.extra[column + 2], dAlpha = store.extra[column + 3]
            for i in range {
                red[i] = min(max(red[i] + dRed[i] * duration, 0), 1)
                green[i] = min(max(green[i] + dGreen[i] * duration, 0), 1)
                blue[i] = min(max(blue[i] + dBlue[i] * duration, 0), 1)
                alpha[i] = min(max(alpha[i] + dAlpha[i] * duration, 0), 1)
            }
        }
        if let column = scaleColumn {
            let scale = store.scale, rate = store.extra[column]
            for i in range { scale[i] += rate[i] * duration }
        }
    }
}

extension EmitterCellKeys {
    // The end values are absent (nil) unless a file or an edit sets them: read as the birth
    // value while unset (what the panel shows and edits from), written as set.
    /// The `endColor` key: the color each particle has at its death, reached linearly over its life from its birth
    /// color; overrides the color speeds (`colorOverLife` and `alphaOverLife` still override it).
    public static let endColor = PropertyDescriptor(
        "endColor", .emitterCell, .color, default: .none("none: the color speeds apply"),
        access: .value(.optionalColor(\EmitterCell.extensions.endColor, fallback: { $0.color })),
        "the color each particle has at its death, reached linearly over its life from its birth color; overrides the color speeds (`colorOverLife` and `alphaOverLife` still override it)")
    /// The `endRedRange` key: each end red is drawn from `endColor`'s ± range/2.
    public static let endRedRange = PropertyDescriptor(
        "endRedRange", .emitterCell, .number, range: .nonNegative, access: .value(.number(\EmitterCell.extensions.endRedRange)),
        "each end red is drawn from `endColor`'s ± range/2")
    /// The `endGreenRange` key: each end green is drawn from `endColor`'s ± range/2.
    public static let endGreenRange = PropertyDescriptor(
        "endGreenRange", .emitterCell, .number, range: .nonNegative, access: .value(.number(\EmitterCell.extensions.endGreenRange)),
        "each end green is drawn from `endColor`'s ± range/2")
    /// The `endBlueRange` key: each end blue is drawn from `endColor`'s ± range/2.
    public static let endBlueRange = PropertyDescriptor(
        "endBlueRange", .emitterCell, .number, range: .nonNegative, access: .value(.number(\EmitterCell.extensions.endBlueRange)),
        "each end blue is drawn from `endColor`'s ± range/2")
    /// The `endAlphaRange` key: each end alpha is drawn from `endColor`'s ± range/2.
    public static let endAlphaRange = PropertyDescriptor(
        "endAlphaRange", .emitterCell, .number, range: .nonNegative, access: .value(.number(\EmitterCell.extensions.endAlphaRange)),
        "each end alpha is drawn from `endColor`'s ± range/2")
    /// The `endScale` key: the scale each particle has at its death (× the layer's `scale`), reached linearly from its
    /// birth scale; overrides `scaleSpeed` (`scaleOverLife` still overrides it).
    public static let endScale = PropertyDescriptor(
        "endScale", .emitterCell, .number, unit: "×", spread: endScaleRange.name, default: .none("none: `scaleSpeed` applies"),
        access: .value(.optionalNumber(\EmitterCell.extensions.endScale, fallback: { $0.scale })),
        "the scale each particle has at its death (× the layer's `scale`), reached linearly from its birth scale; overrides `scaleSpeed` (`scaleOverLife` still overrides it)")
    /// The `endScaleRange` key: each end scale is drawn from `endScale` ± range/2.
    public static let endScaleRange = PropertyDescriptor(
        "endScaleRange", .emitterCell, .number, range: .nonNegative, unit: "×", access: .value(.number(\EmitterCell.extensions.endScaleRange)),
        "each end scale is drawn from `endScale` ± range/2")
}
