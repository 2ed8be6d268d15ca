/// fx's values over life: `colorOverLife`, `alphaOverLife` and `scaleOverLife`, sequences
/// taken at each particle's normalized age (LÖVE's colors and sizes, Godot's curves).
enum LifeSequences {
    /// The behaviour's keys, as the property registry lists them (decoded apart: they are
    /// structures).
    static let properties: [PropertyDescriptor] = [
        .init("colorOverLife", .emitterCell, .structure, default: "none",
              "`{\"values\": [colors], \"times\": [0…1], \"interpolation\": \"linear\" | \"step\"}`: the color at each normalized age (0 at birth, 1 at death); overrides `color`, its ranges and speeds; `times` default to evenly spaced"),
        .init("alphaOverLife", .emitterCell, .structure, default: "none", "the same with numbers in 0…1; overrides `alphaSpeed`"),
        .init("scaleOverLife", .emitterCell, .structure, default: "none",
              "the same with factors of the particle's birth scale; overrides `scaleSpeed`"),
    ]

    /// Sets color, alpha and scale from the cell's sequences at each particle's normalized
    /// age (age / lifetime), for the particles in `range` (all of them by default).
    ///
    /// Called for every live particle after each step's motion, and for each particle as it is
    /// born (a particle born inside a step is already that step's end minus its birth old, so
    /// it must be drawn with its curves at that age — not with its base color until the next
    /// step).
    static func apply(_ store: ParticleStore, now: Double, extensions: CellExtensions, baseScaleColumn: Int?,
                                   range: Range<Int>? = nil) {
        // Columns and sequences bound once: reading them through the class in the loop would
        // check exclusivity on every access.
        let age = store.age, deathTime = store.deathTime
        let red = store.red, green = store.green, blue = store.blue, alpha = store.alpha, scale = store.scale
        let colors = extensions.colorOverLife, alphas = extensions.alphaOverLife
        let scales = baseScaleColumn == nil ? nil : extensions.scaleOverLife
        let baseScale = baseScaleColumn.map { store.extra[$0] }
        for i in range ?? 0..<store.count {
            let t = normalizedAge(age: Double(age[i]), deathTime: deathTime[i], now: now)
            if let colors {
                let (r, g, b, a) = colors.value(at: t)
                red[i] = r; green[i] = g; blue[i] = b; alpha[i] = a
            }
            if let alphas { alpha[i] = min(max(alphas.value(at: t), 0), 1) }
            if let scales, let baseScale { scale[i] = baseScale[i] * scales.value(at: t) }
        }
    }

    /// A particle's age as a fraction of its lifetime (0 at birth, 1 at death), from its age at
    /// layer time `now` and its death time: the argument of every over-life curve.
    @inline(__always)
    static func normalizedAge(age: Double, deathTime: Double, now: Double) -> Float {
        let lifetime = age + (deathTime - now)
        return lifetime > 0 ? Float(age / lifetime) : 1
    }
}
