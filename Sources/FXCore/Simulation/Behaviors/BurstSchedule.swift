/// When a cell bursts: `burstCount` particles when it starts emitting, then again every
/// `burstInterval` seconds, `burstCycles` times in all (Unity's bursts with an interval and
/// cycles). Burst k is at `first + k · burstInterval`; the times are computed from k, never
/// summed step by step, so the same bursts happen at any step rate.
struct BurstSchedule {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.burstCount, EmitterCellKeys.burstInterval, EmitterCellKeys.burstCycles,
                             EmitterCellKeys.burstSpacing]

    /// Particles per burst.
    let count: Int
    /// Seconds between bursts; 0 bursts once.
    let interval: Double
    /// Bursts in all; 0 is no limit (while the cell is active).
    let cycles: Int

    init(_ extensions: CellExtensions) {
        count = extensions.burstCount
        interval = extensions.burstInterval
        cycles = extensions.burstCycles
    }

    /// Whether the schedule bursts at all.
    var isEmpty: Bool { count <= 0 }

    /// Whether there may be a burst k (counted from 0).
    @inline(__always)
    func allows(_ k: Int) -> Bool {
        (k == 0 || interval > 0) && (cycles == 0 || k < cycles)
    }

    /// The times of the bursts in the step (start, end], the first burst being at `first`.
    /// The layer's first step (`includesStart`) also makes a first burst at its very start.
    /// `isActive` says whether the cell still emits at a time (checked for repeats only: the
    /// first burst is when it starts).
    func times(first: Double, from start: Double, to end: Double, includesStart: Bool, isActive: (Double) -> Bool) -> [Double] {
        guard !isEmpty, end >= first else { return [] }
        var times: [Double] = []
        // The first k whose time is after `start`: computed, then checked, since the division
        // may round either way.
        var k = 0
        if start > first && interval > 0 {
            k = max(0, Int(min(((start - first) / interval).rounded(.down), Double(Int.max / 2))) - 1)
        } else if start > first {
            return []
        }
        while allows(k) {
            let time = first + Double(k) * interval
            if time > end { break }
            if time > start || (includesStart && time == start && k == 0) {
                guard k == 0 || isActive(time) else { break }
                times.append(time)
            }
            if interval <= 0 { break }
            k += 1
        }
        return times
    }

    /// For a sub-cell emitting through its parent's life: particles made by active time `tau`
    /// (seconds the sub-cell has been emitting, by its own clock) from bursts, bursts at
    /// `tau = k · interval` while `tau` is within `active`.
    @inline(__always)
    func particles(byActiveTime tau: Double, active: Double) -> Double {
        guard !isEmpty, tau >= 0 else { return 0 }
        let limit = min(tau, active)
        var bursts = interval > 0 ? (limit / interval + 1e-9).rounded(.down) + 1 : 1
        if cycles > 0 { bursts = min(bursts, Double(cycles)) }
        return bursts * Double(count)
    }
}

extension EmitterCellKeys {
    /// The `burstCount` key: particles emitted at once when the cell starts emitting (again every `burstInterval`), at
    /// each parent's birth or death for a sub-cell with `emitOn`, and at each click for a layer with `burstsOnClick`.
    public static let burstCount = PropertyDescriptor(
        "burstCount", .emitterCell, .integer, range: .closed(0, Double(EffectLimits.maxBurstCount)),
        access: .value(.integer(\EmitterCell.extensions.burstCount)),
        "particles emitted at once when the cell starts emitting (again every `burstInterval`), at each parent's birth or death for a sub-cell with `emitOn`, and at each click for a layer with `burstsOnClick`")
    /// The `burstInterval` key: seconds between repeated bursts of `burstCount`, the first when the cell starts
    /// emitting; 0 bursts once (Unity's burst interval).
    public static let burstInterval = PropertyDescriptor(
        "burstInterval", .emitterCell, .number, range: .closed(0, Effect.maxDuration), unit: "s",
        access: .value(.number(\EmitterCell.extensions.burstInterval)),
        "seconds between repeated bursts of `burstCount`, the first when the cell starts emitting; 0 bursts once (Unity's burst interval)")
    /// The `burstCycles` key: how many bursts in all, the first included; 0 repeats while the cell is active (Unity's
    /// cycles).
    public static let burstCycles = PropertyDescriptor(
        "burstCycles", .emitterCell, .integer, range: .closed(0, Double(EffectLimits.maxBurstCycles)),
        access: .value(.integer(\EmitterCell.extensions.burstCycles)),
        "how many bursts in all, the first included; 0 repeats while the cell is active (Unity's cycles)")
    /// The `burstSpacing` key: particle i of each burst (a cell's `burstCount`, a click's, a sub-cell's birth or death
    /// event) is emitted at `emissionLongitude + i · burstSpacing`, `emissionRange` still adding its spread; 0 keeps
    /// random angles (pixi's `particleSpacing` with `angleStart`).
    public static let burstSpacing = PropertyDescriptor(
        "burstSpacing", .emitterCell, .angle, unit: "rad", access: .value(.number(\EmitterCell.extensions.burstSpacing)),
        "particle i of each burst (a cell's `burstCount`, a click's, a sub-cell's birth or death event) is emitted at `emissionLongitude + i · burstSpacing`, `emissionRange` still adding its spread; 0 keeps random angles (pixi's `particleSpacing` with `angleStart`)")
}
