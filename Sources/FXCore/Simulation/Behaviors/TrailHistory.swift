/// fx's trails: each particle of a cell with a `trail` keeps its recent positions, sampled on
/// its own age grid, and is drawn with a ribbon through them (see ``TrailGeometry``).
///
/// Sample k is where the particle was at age k · interval (interval = length / segments). A
/// step that carries a particle's age across sample times records each of them at the position
/// the particle had then, found as the window's interpolation finds it (``PastPosition``): exact
/// under constant acceleration, on the chord of the step under forces. So the samples do not
/// depend on the step rate beyond that interpolation, and 60 Hz and 240 Hz draw the same ribbon.
/// A particle born inside a step gets the samples between its birth and the step's end from
/// its birth place and velocity.
///
/// The history is kept in the store's extra columns, in structure-of-arrays form: one column for
/// the number of the newest sample, then a ring of `segments + 2` samples, x and y, one column
/// each. Cells without a trail have none of these columns and skip the pass.
final class TrailHistory: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterCellKeys.trail]

    let trail: Trail
    /// Whether the cell orbits: an orbit's accelerations do not move it, so its samples within
    /// a step follow its velocity alone.
    let orbits: Bool
    /// Where the history is kept, once the columns are assigned.
    private(set) var layout: Layout

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> TrailHistory? {
        cell.extensions.trail.map { TrailHistory(trail: $0, orbits: cell.extensions.orbit != nil) }
    }

    private init(trail: Trail, orbits: Bool) {
        self.trail = trail
        self.orbits = orbits
        layout = Layout(trail: trail, firstColumn: 0)
    }

    /// A sample of history a step, and a ribbon to draw: a quarter of a plain step a segment.
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double { 0.25 * Double(cell.extensions.trail?.segments ?? 1) }

    var columnCount: Int { layout.columnCount }

    func assignColumns(from first: Int) {
        layout = Layout(trail: trail, firstColumn: first)
    }

    /// Last: the trail records where the particles were, once every pass has moved them.
    var passes: [(pass: StepPass, order: Int)] { [(.history, 0)] }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        Self.record(span.store, layout: layout, ax: orbits ? 0 : span.ax, ay: orbits ? 0 : span.ay, previousX: span.previousX,
                    previousY: span.previousY, stepDuration: span.duration, range: span.range)
    }

    var birthHooks: [BirthHook] { [.history] }

    /// The samples from the particle's birth to its age. An orbit starts on its circle, not at
    /// its origin: the history runs from there to where the particle is (a part of a step).
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        if let start = particle.placedAt {
            Self.recordBirth(particle.store, index: particle.index, layout: layout, age: particle.age, origin: start, velocity: (0, 0),
                             acceleration: (0, 0), underForces: true)
        } else {
            Self.recordBirth(particle.store, index: particle.index, layout: layout, age: particle.age,
                             origin: (particle.origin.x, particle.origin.y), velocity: particle.velocity,
                             acceleration: particle.acceleration, underForces: particle.underForces)
        }
    }

    /// Where a cell's history is kept in its particle store, and its sample grid.
    struct Layout {
        /// The extra column holding the number k of each particle's newest sample (a whole
        /// number, exact in single precision up to 2²⁴ samples).
        let newestColumn: Int
        /// The extra column of slot 0's x; slot s has x at `firstSampleColumn + 2s`, y after it.
        let firstSampleColumn: Int
        /// Slots in the ring: sample k is in slot k mod capacity. `segments + 1` samples span
        /// the length with the one at or before its end (to clip the tail there); one more
        /// lets the window draw a step back, when the head is younger than the newest sample
        /// (for steps longer than an interval the drawing extends the tail along its last
        /// piece).
        let capacity: Int
        /// Seconds of age between two samples, and its inverse.
        let interval: Float, inverseInterval: Float
        /// The same interval in double precision, for samples at birth.
        let intervalSeconds: Double

        init(trail: Trail, firstColumn: Int) {
            newestColumn = firstColumn
            firstSampleColumn = firstColumn + 1
            capacity = trail.segments + 2
            intervalSeconds = trail.sampleInterval
            interval = Float(intervalSeconds)
            inverseInterval = Float(1 / intervalSeconds)
        }

        /// The extra columns the history takes.
        var columnCount: Int { 1 + 2 * capacity }

        /// The number of the newest sample a particle of `age` seconds has.
        @inline(__always)
        func newestSample(age: Float) -> Float { (age * inverseInterval).rounded(.down) }
    }

    /// Records, for every live particle, the samples whose time its age crossed in the step
    /// that just ended (the last pass of a cell's step: positions and velocities are final).
    /// - Parameters:
    ///   - ax, ay: the cell's constant acceleration (the exact past without forces).
    ///   - previousX, previousY: for a cell with forces, each particle's position at the
    ///     step's start.
    ///   - stepDuration: the step's length in seconds.
    ///   - range: the particles to record.
    static func record(_ store: ParticleStore, layout: Layout, ax: Float, ay: Float, previousX: UnsafeMutablePointer<Float>?,
                       previousY: UnsafeMutablePointer<Float>?, stepDuration: Float, range: Range<Int>) {
        guard !range.isEmpty else { return }
        // Columns bound once: reading them through the class in the loop would check
        // exclusivity on every access.
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy, age = store.age
        let extra = store.extra
        let newest = extra[layout.newestColumn]
        let interval = layout.interval, capacity = layout.capacity
        let lowestNewSample = Float(capacity - 1)
        extra.withUnsafeBufferPointer { columns in
            let samples = columns.baseAddress! + layout.firstSampleColumn
            for i in range {
                let particleAge = age[i]
                let target = layout.newestSample(age: particleAge)
                var k = newest[i]
                guard k < target else { continue }
                // The step's span for this particle: it may have been born inside it.
                let span = min(stepDuration, particleAge)
                k = max(k + 1, target - lowestNewSample)
                while k <= target {
                    let back = max(0, particleAge - k * interval)
                    let slot = Int(k) % capacity
                    samples[2 * slot][i] = PastPosition.coordinate(current: x[i], velocity: vx[i], acceleration: ax,
                                                                   previous: previousX?[i], span: span, back: back)
                    samples[2 * slot + 1][i] = PastPosition.coordinate(current: y[i], velocity: vy[i], acceleration: ay,
                                                                       previous: previousY?[i], span: span, back: back)
                    k += 1
                }
                newest[i] = target
            }
        }
    }

    /// Fills the history of particle `i`, just made `age` seconds old (born inside the step
    /// that ends now, at `origin` with velocity `velocity`): every sample from its birth to
    /// now, and zeros in the slots not reached yet (so that the store's bytes, which the state
    /// hash reads, never depend on memory left from earlier particles).
    /// - Parameters:
    ///   - acceleration: the cell's constant acceleration; without forces the particle's
    ///     path is exact: origin + v·t + ½·a·t².
    ///   - underForces: the particle moves under forces: its samples lie on the line from its
    ///     birth place to where it is now, as drawing between two steps does.
    static func recordBirth(_ store: ParticleStore, index i: Int, layout: Layout, age: Double, origin: (Double, Double),
                            velocity: (Double, Double), acceleration: (Double, Double), underForces: Bool) {
        let extra = store.extra
        for slot in 0..<layout.capacity {
            extra[layout.firstSampleColumn + 2 * slot][i] = 0
            extra[layout.firstSampleColumn + 2 * slot + 1][i] = 0
        }
        let target = layout.newestSample(age: store.age[i])
        let first = max(0, target - Float(layout.capacity - 1))
        let nowX = Double(store.x[i]), nowY = Double(store.y[i])
        var k = first
        while k <= target {
            let t = min(Double(k) * layout.intervalSeconds, age)
            let slot = Int(k) % layout.capacity
            let px: Double, py: Double
            if underForces {
                let fraction = age > 0 ? t / age : 0
                px = origin.0 + (nowX - origin.0) * fraction
                py = origin.1 + (nowY - origin.1) * fraction
            } else {
                px = origin.0 + velocity.0 * t + 0.5 * acceleration.0 * t * t
                py = origin.1 + velocity.1 * t + 0.5 * acceleration.1 * t * t
            }
            extra[layout.firstSampleColumn + 2 * slot][i] = Float(px)
            extra[layout.firstSampleColumn + 2 * slot + 1][i] = Float(py)
            k += 1
        }
        extra[layout.newestColumn][i] = target
    }
}

extension EmitterCellKeys {
    /// The `trail` key: `{"length": s, "segments": 8, "width": pt, "widthOverLife": [..], "widthOverLength": [..],
    /// "alphaOverLength": [..]}`: a ribbon of triangles in the particle's color through its positions over the last
    /// `length` seconds, sampled every length / segments seconds of its age, blended as the layer's `renderMode`.
    public static let trail = PropertyDescriptor(
        "trail", .emitterCell, .structure, default: .none("none"), members: TrailKeys.all,
        "`{\"length\": s, \"segments\": 8, \"width\": pt, \"widthOverLife\": [..], \"widthOverLength\": [..], \"alphaOverLength\": [..]}`: a ribbon of triangles in the particle's color through its positions over the last `length` seconds, sampled every length / segments seconds of its age, blended as the layer's `renderMode`")
}

extension TrailKeys {
    /// The `length` key: seconds of the particle's past the ribbon covers (clipped at its birth); required.
    public static let length = PropertyDescriptor(
        "length", .emitterCell, .number, range: .closed(0.001, 60), unit: "s", default: .required,
        access: .value(.number(\Trail.length)), required: true,
        "seconds of the particle's past the ribbon covers (clipped at its birth); required")
    /// The `segments` key: samples along the length, one every length / segments seconds of the particle's age.
    public static let segments = PropertyDescriptor(
        "segments", .emitterCell, .integer, range: .closed(1, Double(Trail.maxSegments)), access: .value(.integer(\Trail.segments)),
        "samples along the length, one every length / segments seconds of the particle's age")
    /// The `width` key: the ribbon's full width; its edges fade to transparent.
    public static let width = PropertyDescriptor(
        "width", .emitterCell, .number, range: .closed(0, 10_000), unit: "pt",
        default: .derived("the particle's drawn size (the larger side of its contents' frame × its scale)"),
        access: .value(.optionalNumber(\Trail.width, fallback: { _ in 0 })), "the ribbon's full width; its edges fade to transparent")
    /// The `widthOverLife` key: factors of the width over the particle's normalized age (0 at birth, 1 at death),
    /// evenly spaced.
    public static let widthOverLife = PropertyDescriptor(
        "widthOverLife", .emitterCell, .numbers, range: .closed(0, 1000), access: .value(.numbers(\Trail.widthOverLife)),
        "factors of the width over the particle's normalized age (0 at birth, 1 at death), evenly spaced")
    /// The `widthOverLength` key: factors of the width from the head (0) to the tail (1) of the ribbon, evenly spaced:
    /// `[1, 0]` tapers.
    public static let widthOverLength = PropertyDescriptor(
        "widthOverLength", .emitterCell, .numbers, range: .closed(0, 1000), access: .value(.numbers(\Trail.widthOverLength)),
        "factors of the width from the head (0) to the tail (1) of the ribbon, evenly spaced: `[1, 0]` tapers")
    /// The `alphaOverLength` key: factors of the particle's alpha from the head (0) to the tail (1), evenly spaced.
    public static let alphaOverLength = PropertyDescriptor(
        "alphaOverLength", .emitterCell, .numbers, range: .unit, access: .value(.numbers(\Trail.alphaOverLength)),
        "factors of the particle's alpha from the head (0) to the tail (1), evenly spaced")

    static let all = [length, segments, width, widthOverLife, widthOverLength, alphaOverLength]
}
