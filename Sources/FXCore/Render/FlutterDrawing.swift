/// fx's `flutter`: how a cell's particles tumble like paper when drawn (see ``Flutter``).
///
/// canvas-confetti (catdad/canvas-confetti, `updateFetti`) turns two phases a frame: a wobble
/// that moves the drawn piece around its position and squashes it, and a tilt. fx keeps the
/// look in time-based terms: at the particle's drawn age a,
///
///     wobble phase  φw = φw₀ + ωw · a     the quad's centre is drawn at position + wobble · (cos φw, sin φw)
///     tilt phase    φt = φt₀ + ωt · a     the quad's width (its own x axis, before its rotation) × cos φt
///
/// φw₀ and φt₀ are uniform in [0, 2π) and ωw, ωt uniform within their ranges, the wobble's two
/// from one random draw of the particle and the tilt's from another, on streams of their own
/// (so adding a flutter moves nothing else). A negative cosine mirrors the quad: the paper
/// shows its back. Nothing is stored: the phases are found from the particle's serial and age
/// when it is drawn, so a cell without a flutter costs nothing, and the simulation (positions,
/// `fx inspect`) is unchanged by one.
struct FlutterDrawing {
    let random: RandomKey
    let wobble: Float
    let wobbleSpeed: Double, wobbleSpeedRange: Double
    let tiltSpeed: Double, tiltSpeedRange: Double
    let wobbles: Bool, tilts: Bool

    /// The drawing of `flutter` for the cell whose particles draw from `random`; nil when the
    /// flutter changes nothing.
    init?(_ flutter: Flutter?, random: RandomKey) {
        guard let flutter, flutter.isActive else { return nil }
        self.random = random
        wobble = Float(flutter.wobble)
        wobbleSpeed = flutter.wobbleSpeed
        wobbleSpeedRange = flutter.wobbleSpeedRange
        tiltSpeed = flutter.tiltSpeed
        tiltSpeedRange = flutter.tiltSpeedRange
        wobbles = flutter.wobbles
        tilts = flutter.tilts
    }

    /// The wobble phase of particle `serial` at age `age`, radians.
    @inline(__always)
    func wobblePhase(serial: UInt64, age: Double) -> Double {
        Self.phase(random.bits(particle: serial, .flutterWobble), speed: wobbleSpeed, range: wobbleSpeedRange, age: age)
    }

    /// The tilt phase of particle `serial` at age `age`, radians.
    @inline(__always)
    func tiltPhase(serial: UInt64, age: Double) -> Double {
        Self.phase(random.bits(particle: serial, .flutterTilt), speed: tiltSpeed, range: tiltSpeedRange, age: age)
    }

    /// A phase from 64 random bits: the high 32 give the start, uniform in [0, 2π); the low 32
    /// the speed, uniform in speed ± range/2. One draw for both halves the hashing per quad.
    @inline(__always)
    static func phase(_ bits: UInt64, speed: Double, range: Double, age: Double) -> Double {
        let unit = 1.0 / 4_294_967_296.0
        let start = 2 * Double.pi * Double(bits >> 32) * unit
        let drawn = speed + range * (Double(bits & 0xFFFF_FFFF) * unit - 0.5)
        return start + drawn * age
    }

    /// `phase` in [−π, π), in single precision: reduced in double precision first, since
    /// speed × age may be large and a Float would lose the phase.
    @inline(__always)
    static func reduced(_ phase: Double) -> Float {
        // Whole turns dropped by a conversion to an integer (one instruction, where rounding
        // calls the C library on x86-64's baseline).
        let turns = phase * (1 / (2 * Double.pi))
        var fraction = turns - Double(Int64(turns))
        if fraction >= 0.5 { fraction -= 1 } else if fraction < -0.5 { fraction += 1 }
        return Float(fraction * (2 * Double.pi))
    }

    /// Where particle `serial`'s quad is drawn, relative to its position (layer points), and
    /// the factor on its width, at age `age`.
    @inline(__always)
    func offsetAndWidthFactor(serial: UInt64, age: Double) -> (x: Float, y: Float, width: Float) {
        var dx: Float = 0, dy: Float = 0, width: Float = 1
        if wobbles {
            let (sine, cosine) = FastTrigonometry.sineCosine(reduced: Self.reduced(wobblePhase(serial: serial, age: age)))
            dx = wobble * cosine
            dy = wobble * sine
        }
        if tilts {
            width = FastTrigonometry.sineCosine(reduced: Self.reduced(tiltPhase(serial: serial, age: age))).1
        }
        return (dx, dy, width)
    }
}
