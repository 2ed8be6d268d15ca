/// fx's ranges on accelerations (Particle Designer's radial and tangential acceleration
/// variances, and the same for x, y and z): each particle draws its own acceleration at birth,
/// the cell's value ± range/2, and keeps it. The cell's own value moves every particle as
/// before; this pass adds each particle's difference from it, kept in a column per range that
/// is set.
final class AccelerationSpread: ParticleBehavior {
    /// The behaviour's keys, as the property registry lists them.
    static let properties = [EmitterCellKeys.xAccelerationRange, EmitterCellKeys.yAccelerationRange, EmitterCellKeys.zAccelerationRange,
                             EmitterCellKeys.radialAccelerationRange, EmitterCellKeys.tangentialAccelerationRange]

    /// The ranges, and the column of each particle's difference from the cell's value (nil
    /// for a range of 0).
    let xRange: Double, yRange: Double, zRange: Double, radialRange: Double, tangentialRange: Double
    private(set) var xColumn: Int?, yColumn: Int?, zColumn: Int?, radialColumn: Int?, tangentialColumn: Int?
    let columnCount: Int

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> AccelerationSpread? {
        let extensions = cell.extensions
        let ranges = [extensions.xAccelerationRange, extensions.yAccelerationRange, extensions.zAccelerationRange,
                      extensions.radialAccelerationRange, extensions.tangentialAccelerationRange]
        guard ranges.contains(where: { $0 > 0 }) else { return nil }
        return AccelerationSpread(extensions)
    }

    private init(_ extensions: CellExtensions) {
        xRange = extensions.xAccelerationRange; yRange = extensions.yAccelerationRange; zRange = extensions.zAccelerationRange
        radialRange = extensions.radialAccelerationRange; tangentialRange = extensions.tangentialAccelerationRange
        columnCount = [xRange, yRange, zRange, radialRange, tangentialRange].filter { $0 > 0 }.count
    }

    /// A column for each range that is set, in the order x, y, z, radial, tangential.
    func assignColumns(from first: Int) {
        var next = first
        func column(_ range: Double) -> Int? {
            guard range > 0 else { return nil }
            defer { next += 1 }
            return next
        }
        xColumn = column(xRange); yColumn = column(yRange); zColumn = column(zRange)
        radialColumn = column(radialRange); tangentialColumn = column(tangentialRange)
    }

    /// Its passes move particles beyond the exact motion, from where the step started.
    var needsPreviousPosition: Bool { true }

    /// In the plane with the other accelerations; in depth after the cell moves particles in
    /// depth.
    var passes: [(pass: StepPass, order: Int)] { [(.accelerations, 0), (.limits, 0)] }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        switch pass {
        case .accelerations:
            guard let previousX = span.previousX, let previousY = span.previousY else { return }
            stepPlane(span.store, range: span.range, previousX: previousX, previousY: previousY, origin: span.origin,
                      gain: span.gain, accelerationFactor: span.accelerationFactor)
        case .limits:
            // A particle born at the step's end has not moved in depth yet.
            guard span.duration > 0 else { return }
            stepDepth(span.store, range: span.range, duration: span.duration)
        default:
            break
        }
    }

    func advancesNewborns(in pass: StepPass) -> Bool { true }

    var birthHooks: [BirthHook] { [.draw] }

    /// Draws the particle's differences from the cell's accelerations.
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        let store = particle.store, i = particle.index, key = particle.key, random = particle.random
        func draw(_ column: Int?, _ range: Double, _ property: RandomProperty) {
            if let column { store.extra[column][i] = Float(random.value(mean: 0, range: range, particle: key, property)) }
        }
        draw(xColumn, xRange, .xAcceleration); draw(yColumn, yRange, .yAcceleration); draw(zColumn, zRange, .zAcceleration)
        draw(radialColumn, radialRange, .radialAcceleration); draw(tangentialColumn, tangentialRange, .tangentialAcceleration)
        if zColumn != nil { particle.movesInDepth = true }
    }

    /// Adds the particles' own accelerations in the plane over a step that has already moved
    /// them: x += a·`accelerationFactor`, v += a·`gain` (½·dt² and dt without damping, as
    /// ``ForceStep`` solves them with it). Radial and tangential parts point from `origin` to
    /// the middle of the step's path (from the previous position to the current one).
    func stepPlane(_ store: ParticleStore, range: Range<Int>, previousX: UnsafeMutablePointer<Float>,
                   previousY: UnsafeMutablePointer<Float>, origin: Point, gain: Float, accelerationFactor: Float) {
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy
        let dx = xColumn.map { store.extra[$0] }, dy = yColumn.map { store.extra[$0] }
        let radial = radialColumn.map { store.extra[$0] }, tangential = tangentialColumn.map { store.extra[$0] }
        let originX = Float(origin.x), originY = Float(origin.y)
        for i in range {
            var ax: Float = dx?[i] ?? 0, ay: Float = dy?[i] ?? 0
            if radial != nil || tangential != nil {
                let mx = (previousX[i] + x[i]) / 2 - originX, my = (previousY[i] + y[i]) / 2 - originY
                let length = (mx * mx + my * my).squareRoot()
                if length > 1e-6 {
                    let nx = mx / length, ny = my / length
                    let r = radial?[i] ?? 0, t = tangential?[i] ?? 0
                    ax += nx * r - ny * t
                    ay += ny * r + nx * t
                }
            }
            x[i] += ax * accelerationFactor
            y[i] += ay * accelerationFactor
            vx[i] += ax * gain
            vy[i] += ay * gain
        }
    }

    /// Adds the particles' own z accelerations over a step of `duration` (after z has moved).
    func stepDepth(_ store: ParticleStore, range: Range<Int>, duration: Float) {
        guard let column = zColumn else { return }
        let z = store.z, vz = store.vz, az = store.extra[column]
        let halfDuration2 = duration * duration / 2
        for i in range {
            z[i] += az[i] * halfDuration2
            vz[i] += az[i] * duration
        }
    }
}

extension EmitterCellKeys {
    /// The `xAccelerationRange` key: each particle's x acceleration is drawn from `xAcceleration` ± range/2, at birth.
    public static let xAccelerationRange = PropertyDescriptor(
        "xAccelerationRange", .emitterCell, .number, range: .nonNegative, unit: "pt/s²",
        access: .value(.number(\EmitterCell.extensions.xAccelerationRange)),
        "each particle's x acceleration is drawn from `xAcceleration` ± range/2, at birth")
    /// The `yAccelerationRange` key: each particle's y acceleration is drawn from `yAcceleration` ± range/2, at birth.
    public static let yAccelerationRange = PropertyDescriptor(
        "yAccelerationRange", .emitterCell, .number, range: .nonNegative, unit: "pt/s²",
        access: .value(.number(\EmitterCell.extensions.yAccelerationRange)),
        "each particle's y acceleration is drawn from `yAcceleration` ± range/2, at birth")
    /// The `zAccelerationRange` key: each particle's z acceleration is drawn from `zAcceleration` ± range/2, at birth.
    public static let zAccelerationRange = PropertyDescriptor(
        "zAccelerationRange", .emitterCell, .number, range: .nonNegative, unit: "pt/s²",
        access: .value(.number(\EmitterCell.extensions.zAccelerationRange)),
        "each particle's z acceleration is drawn from `zAcceleration` ± range/2, at birth")
    /// The `radialAccelerationRange` key: each particle's radial acceleration is drawn from `radialAcceleration` ±
    /// range/2, at birth.
    public static let radialAccelerationRange = PropertyDescriptor(
        "radialAccelerationRange", .emitterCell, .number, range: .nonNegative, unit: "pt/s²",
        access: .value(.number(\EmitterCell.extensions.radialAccelerationRange)),
        "each particle's radial acceleration is drawn from `radialAcceleration` ± range/2, at birth")
    /// The `tangentialAccelerationRange` key: each particle's tangential acceleration is drawn from
    /// `tangentialAcceleration` ± range/2, at birth.
    public static let tangentialAccelerationRange = PropertyDescriptor(
        "tangentialAccelerationRange", .emitterCell, .number, range: .nonNegative, unit: "pt/s²",
        access: .value(.number(\EmitterCell.extensions.tangentialAccelerationRange)),
        "each particle's tangential acceleration is drawn from `tangentialAcceleration` ± range/2, at birth")
}
