#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fx's `turbulence`: a curl-noise acceleration over one step of a cell's particles.
///
/// The potential ψ is seeded 2-D gradient noise (Perlin's, with the quintic fade) on a lattice
/// of `scale` points, over `octaves` octaves, each a lattice of half the spacing with its own
/// seed; its time axis is a sequence of such lattices `1 / speed` seconds apart, blended with
/// the quintic fade (and rescaled so the blend keeps the field's variance). The acceleration is
/// the curl (∂ψ/∂y, −∂ψ/∂x), so the field has no divergence: it stirs particles without
/// gathering or thinning them, and a crowd has no mean drift. Octave k weighs 2⁻ᵏ, and the
/// whole is normalised so that the root-mean-square acceleration is `strength`.
///
/// As ``ForceStep`` does for radial forces, the acceleration is taken at the step's midpoint —
/// halfway between the particle's position at the step's start (the previous-position column)
/// and where the step's other forces took it — at the step's middle time, and held over the
/// step: a second-order method, so runs at different step rates converge on the same motion.
final class TurbulenceStep: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterCellKeys.turbulence]

    /// A cell's turbulence, or none at strength 0 (which costs nothing).
    static func make(for cell: EmitterCell, in context: BehaviorContext) -> TurbulenceStep? {
        cell.extensions.turbulence.flatMap { $0.isActive ? TurbulenceStep($0, random: context.random) : nil }
    }

    /// About 17 plain steps an octave (`fx bench`: 54 ns a particle-step at two octaves, 1.5 plain).
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double { 17 * Double(min(max(cell.extensions.turbulence?.octaves ?? 1, 1), maxOctaves)) }

    var needsPreviousPosition: Bool { true }
    /// The first of the motion passes, at the step's midpoint time.
    var passes: [(pass: StepPass, order: Int)] { [(.motion, 0)] }
    /// A particle born inside a step is moved by the field over its age.
    func advancesNewborns(in pass: StepPass) -> Bool { true }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        guard let previousX = span.previousX, let previousY = span.previousY, span.duration > 0, !span.range.isEmpty else { return }
        apply(to: span.store, range: span.range, previousX: previousX, previousY: previousY, middle: span.end - Double(span.duration) / 2,
              gain: span.gain, accelerationFactor: span.accelerationFactor)
    }

    /// The most octaves a turbulence has.
    static let maxOctaves = 4

    /// The root-mean-square of one octave's curl for unit gradients, measured over the lattice
    /// (20 000 samples; `TurbulenceTests.testRootMeanSquareAccelerationIsTheStrength` checks it): dividing by it makes `strength` the
    /// field's RMS acceleration.
    static let octaveRMS: Float = 0.885

    /// Sixteen unit gradients, evenly spread around the circle (offset so that none lies on an
    /// axis), x then y.
    private static let gradients: [Float] = (0..<16).flatMap { index -> [Float] in
        let angle = (Double(index) + 0.5) * Double.pi / 8
        return [Float(cos(angle)), Float(sin(angle))]
    }

    /// Each octave's lattice seed (unused octaves hold 0).
    let seeds: SIMD4<UInt32>
    /// Each octave's amplitude: its weight × strength ÷ the normalisation (0 for unused ones).
    let amplitudes: SIMD4<Float>
    let octaves: Int
    /// 1 / scale.
    let inverseScale: Float
    /// Time lattices per second of layer time.
    let speed: Double

    /// A cell's turbulence, seeded from its random key (the effect's seed, the emitter, the
    /// cell): made once, when the effect loads.
    init(_ turbulence: Turbulence, random: RandomKey) {
        let base = random.bits(particle: 0, .turbulence)
        octaves = min(max(turbulence.octaves, 1), TurbulenceStep.maxOctaves)
        var seeds = SIMD4<UInt32>(repeating: 0), amplitudes = SIMD4<Float>(repeating: 0)
        let weights = (0..<octaves).map { pow(0.5, Double($0)) }
        let norm = weights.map { $0 * $0 }.reduce(0, +).squareRoot()
        for octave in 0..<octaves {
            seeds[octave] = UInt32(truncatingIfNeeded: RandomKey.mix(base &+ UInt64(octave)) >> 16)
            amplitudes[octave] = Float(weights[octave] / norm * turbulence.strength) / TurbulenceStep.octaveRMS
        }
        self.seeds = seeds
        self.amplitudes = amplitudes
        inverseScale = Float(1 / turbulence.scale)
        speed = turbulence.speed
    }

    /// Where the field is at one moment: the two lattices of its time axis around it and the
    /// weights that blend them.
    struct Moment {
        let index: Int32
        let early: Float, late: Float

        /// The field's moment at layer time `time`.
        init(time: Double, speed: Double) {
            // Time runs in lattices; the fraction is taken in double precision so that hours
            // of the field's time lose nothing.
            let lattices = time * speed
            let lattice = lattices.rounded(.down)
            let fade = Float(TurbulenceStep.fade(lattices - lattice))
            // Blending two independent fields by (1 − w, w) shrinks the RMS by
            // √((1 − w)² + w²): rescaled, the field is equally strong at every moment.
            let keep = 1 / ((1 - fade) * (1 - fade) + fade * fade).squareRoot()
            early = (1 - fade) * keep
            late = fade * keep
            index = Int32(truncatingIfNeeded: Int64(max(min(lattice, 1e15), -1e15)))
        }
    }

    @inline(__always)
    static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }

    /// The key of one lattice of the time axis of one octave: its seed and its time index
    /// mixed once per step, so a corner's hash costs two multiplications.
    @inline(__always)
    static func latticeKey(seed: UInt32, time: Int32) -> UInt32 {
        UInt32(bitPattern: time) &* 0x9E37_79B1 ^ seed
    }

    /// The lattice corner's hash: the index of its gradient's x in the table (y follows).
    @inline(__always)
    static func hash(_ i: Int32, _ j: Int32, _ key: UInt32) -> Int {
        var h = UInt32(bitPattern: i) &* 0x27D4_EB2D ^ UInt32(bitPattern: j) &* 0x1656_67B1 ^ key
        h ^= h >> 15
        h = h &* 0x2C1B_3C6D
        h ^= h >> 12
        h = h &* 0x297A_2D39
        h ^= h >> 15
        return Int(h >> 28) &* 2
    }

    /// The gradient (∂ψ/∂u, ∂ψ/∂v) of the noise at (u, v), in lattice units, blended from two
    /// lattices of the time axis (keys `early` and `late`, weights `earlyWeight` and
    /// `lateWeight`): the cell, offsets and fades are found once for both.
    @inline(__always)
    static func gradient(u: Float, v: Float, early: UInt32, late: UInt32, earlyWeight: Float, lateWeight: Float,
                         gradients: UnsafePointer<Float>) -> (Float, Float) {
        // Far beyond any canvas the lattice index would overflow: such particles see the
        // lattice cell at the origin (NaN too).
        let fu = u > -1e9 && u < 1e9 ? u.rounded(.down) : 0
        let fv = v > -1e9 && v < 1e9 ? v.rounded(.down) : 0
        let i = Int32(fu), j = Int32(fv)
        let x = u - fu, y = v - fv
        let sx = x * x * x * (x * (x * 6 - 15) + 10), sy = y * y * y * (y * (y * 6 - 15) + 10)
        let dsx = 30 * x * x * (x * (x - 2) + 1), dsy = 30 * y * y * (y * (y - 2) + 1)
        @inline(__always)
        func lattice(_ key: UInt32) -> (Float, Float) {
            let g00 = hash(i, j, key), g10 = hash(i &+ 1, j, key)
            let g01 = hash(i, j &+ 1, key), g11 = hash(i &+ 1, j &+ 1, key)
            let ax = gradients[g00], ay = gradients[g00 + 1]
            let bx = gradients[g10], by = gradients[g10 + 1]
            let cx = gradients[g01], cy = gradients[g01 + 1]
            let dx = gradients[g11], dy = gradients[g11 + 1]
            // Corner values: the gradient dotted with the offset from the corner.
            let a = ax * x + ay * y
            let b = bx * (x - 1) + by * y
            let c = cx * x + cy * (y - 1)
            let d = dx * (x - 1) + dy * (y - 1)
            let mixed = a - b - c + d
            return (ax + (bx - ax) * sx + (cx - ax) * sy + (ax - bx - cx + dx) * sx * sy + dsx * ((b - a) + mixed * sy),
                    ay + (by - ay) * sx + (cy - ay) * sy + (ay - by - cy + dy) * sx * sy + dsy * ((c - a) + mixed * sx))
        }
        let (earlyU, earlyV) = lattice(early), (lateU, lateV) = lattice(late)
        return (earlyWeight * earlyU + lateWeight * lateU, earlyWeight * earlyV + lateWeight * lateV)
    }

    /// The field's acceleration at (x, y) at `moment`, points/s².
    @inline(__always)
    func acceleration(x: Float, y: Float, at moment: Moment, gradients: UnsafePointer<Float>) -> (Float, Float) {
        var ax: Float = 0, ay: Float = 0
        var frequency = inverseScale
        for octave in 0..<octaves {
            let seed = seeds[octave]
            let (du, dv) = TurbulenceStep.gradient(u: x * frequency, v: y * frequency,
                                                   early: TurbulenceStep.latticeKey(seed: seed, time: moment.index),
                                                   late: TurbulenceStep.latticeKey(seed: seed, time: moment.index &+ 1),
                                                   earlyWeight: moment.early, lateWeight: moment.late, gradients: gradients)
            // The curl of ψ: (∂ψ/∂y, −∂ψ/∂x).
            ax += amplitudes[octave] * dv
            ay -= amplitudes[octave] * du
            frequency *= 2
        }
        return (ax, ay)
    }

    /// The field's acceleration at (x, y) at layer time `time`, points/s² (for tests and tools;
    /// the pass below reads the gradient table once).
    func acceleration(x: Float, y: Float, time: Double) -> (Float, Float) {
        TurbulenceStep.gradients.withUnsafeBufferPointer { table in
            acceleration(x: x, y: y, at: Moment(time: time, speed: speed), gradients: table.baseAddress!)
        }
    }

    /// Pushes the particles in `range` of `store` over a step whose middle is at layer time
    /// `middle`: each is taken at the midpoint of its start (`previousX`, `previousY`) and its
    /// present position, and moved by Δx = a · accelerationFactor, Δv = a · gain (the step's
    /// factors, from ``ForceStep`` under damping).
    func apply(to store: ParticleStore, range: Range<Int>, previousX: UnsafeMutablePointer<Float>, previousY: UnsafeMutablePointer<Float>,
               middle: Double, gain: Float, accelerationFactor factor: Float) {
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy
        let moment = Moment(time: middle, speed: speed)
        TurbulenceStep.gradients.withUnsafeBufferPointer { table in
            let gradients = table.baseAddress!
            for i in range {
                let (ax, ay) = acceleration(x: (previousX[i] + x[i]) * 0.5, y: (previousY[i] + y[i]) * 0.5, at: moment, gradients: gradients)
                x[i] += ax * factor
                y[i] += ay * factor
                vx[i] += ax * gain
                vy[i] += ay * gain
            }
        }
    }
}

extension EmitterCellKeys {
    /// The `turbulence` key: `{"strength": pt/s², "scale": pt, "speed": 1/s, "octaves": 1…4}`: a divergence-free
    /// curl-noise field added to the particles' acceleration, seeded from the seed, emitter and cell, changing at
    /// `speed` (default scale 100, speed 0.5, octaves 1).
    public static let turbulence = PropertyDescriptor(
        "turbulence", .emitterCell, .structure, default: .none("none"), members: TurbulenceKeys.all,
        "`{\"strength\": pt/s², \"scale\": pt, \"speed\": 1/s, \"octaves\": 1…4}`: a divergence-free curl-noise field added to the particles' acceleration, seeded from the seed, emitter and cell, changing at `speed` (default scale 100, speed 0.5, octaves 1)")
}

extension TurbulenceKeys {
    /// The `strength` key: the root-mean-square acceleration of the field; 0 (the default) turns it off and costs
    /// nothing.
    public static let strength = PropertyDescriptor(
        "strength", .emitterCell, .number, unit: "pt/s²", access: .value(.number(\Turbulence.strength)),
        "the root-mean-square acceleration of the field; 0 (the default) turns it off and costs nothing")
    /// The `scale` key: the size of the noise's features: the lattice spacing of its first octave.
    public static let scale = PropertyDescriptor(
        "scale", .emitterCell, .number, range: .closed(1, 100_000), unit: "pt", access: .value(.number(\Turbulence.scale)),
        "the size of the noise's features: the lattice spacing of its first octave")
    /// The `speed` key: how fast the field changes: lattices of its time axis per second (0 holds it still).
    public static let speed = PropertyDescriptor(
        "speed", .emitterCell, .number, range: .closed(0, 1000), unit: "1/s", access: .value(.number(\Turbulence.speed)),
        "how fast the field changes: lattices of its time axis per second (0 holds it still)")
    /// The `octaves` key: octaves of noise; each adds detail at half the feature size and half the acceleration.
    public static let octaves = PropertyDescriptor(
        "octaves", .emitterCell, .integer, range: .closed(1, Double(TurbulenceStep.maxOctaves)), access: .value(.integer(\Turbulence.octaves)),
        "octaves of noise; each adds detail at half the feature size and half the acceleration")

    static let all = [strength, scale, speed, octaves]
}
