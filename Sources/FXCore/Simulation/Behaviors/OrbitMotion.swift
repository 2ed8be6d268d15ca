#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fx's `orbit`: Particle Designer's radial mode, as cocos2d-x's `ParticleSystem` runs it.
///
/// cocos2d draws, at birth, a start radius, an end radius and a rotation speed (each its value
/// ± its variance), takes the emission angle as the particle's angle, and each frame adds
/// `rotationSpeed · dt` to the angle and `(end − start) / lifetime · dt` to the radius, placing
/// the particle at radius · (cos, sin)(angle) from where the emitter was at its birth (velocity,
/// gravity and the radial and tangential accelerations are not used in that mode). Both sums are
/// linear in time, so fx computes the same position in closed form at any age, exact at any step
/// rate:
///
///     position(age) = origin + r(age) · (cos θ(age), sin θ(age))
///     r(age) = startRadius + (endRadius − startRadius) · age / lifetime
///     θ(age) = emission angle + rotationSpeed · age
///
/// (cocos2d places it at −r · (cos θ, sin θ) with y up: an importer turns its angle a into
/// fx's π − a, and its rotation speed ω into −ω, when it flips y.) An end radius left out keeps
/// each particle at its own start radius, as cocos2d's `START_RADIUS_EQUAL_TO_END_RADIUS` does.
///
/// The particle's velocity columns hold the orbit's velocity (the derivative of the position),
/// so `alignsToVelocity`, sub-cells and trails see it move as it does.
final class OrbitMotion: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterCellKeys.orbit]

    let orbit: Orbit
    /// Where its columns are, once assigned.
    private(set) var layout: Layout

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> OrbitMotion? {
        cell.extensions.orbit.map(OrbitMotion.init)
    }

    private init(orbit: Orbit) {
        self.orbit = orbit
        layout = Layout(first: 0, orbit: orbit)
    }

    var columnCount: Int { Self.columnCount }

    func assignColumns(from first: Int) {
        layout = Layout(first: first, orbit: orbit)
    }

    /// It places its particles itself, in the plane of their birth.
    /// Placing each particle on its circle with a sine and a cosine: about a plain step.
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double { 1 }

    var placesParticles: Bool { true }
    var passes: [(pass: StepPass, order: Int)] { [(.placement, 0)] }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        Self.place(span.store, range: span.range, layout: layout)
    }

    var birthHooks: [BirthHook] { [.placement] }

    /// Draws the particle's orbit and places it at its age; where it started is its trail's
    /// first sample.
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        Self.birth(particle.store, index: particle.index, layout: layout, random: particle.random, key: particle.key,
                   origin: particle.origin, angle: particle.emissionAngle, lifetime: particle.lifetime, age: particle.age)
        particle.placedAt = Self.birthPoint(particle.store, index: particle.index, layout: layout)
    }

    /// The extra columns an orbiting cell keeps per particle: the birth origin's x and y, the
    /// start radius, the radius change per second, the angle at birth, the rotation speed.
    static let columnCount = 6

    /// Where an orbiting cell's columns are, and its orbit (fx's extensions do not animate, so
    /// it is read once).
    struct Layout {
        let first: Int
        let orbit: Orbit
    }

    /// Draws particle `i`'s orbit (keyed by `key`) and places it at `age`.
    static func birth(_ store: ParticleStore, index i: Int, layout: Layout, random: RandomKey, key: UInt64,
                      origin: Point3, angle: Double, lifetime: Double, age: Double) {
        let orbit = layout.orbit
        let start = random.value(mean: orbit.startRadius, range: orbit.startRadiusRange, particle: key, .orbitStartRadius)
        let end = orbit.endRadius.map { random.value(mean: $0, range: orbit.endRadiusRange, particle: key, .orbitEndRadius) } ?? start
        let speed = random.value(mean: orbit.rotationSpeed, range: orbit.rotationSpeedRange, particle: key, .orbitRotationSpeed)
        let column = layout.first
        store.extra[column][i] = Float(origin.x)
        store.extra[column + 1][i] = Float(origin.y)
        store.extra[column + 2][i] = Float(start)
        store.extra[column + 3][i] = Float(lifetime > 0 ? (end - start) / lifetime : 0)
        store.extra[column + 4][i] = Float(angle)
        store.extra[column + 5][i] = Float(speed)
        place(store, range: i..<(i + 1), layout: layout)
    }

    /// Where particle `i` was at its birth: its origin plus its start radius at its birth angle.
    static func birthPoint(_ store: ParticleStore, index i: Int, layout: Layout) -> (Double, Double) {
        let column = layout.first
        let radius = Double(store.extra[column + 2][i]), angle = Double(store.extra[column + 4][i])
        return (Double(store.extra[column][i]) + radius * cos(angle), Double(store.extra[column + 1][i]) + radius * sin(angle))
    }

    /// Places the particles in `range` on their orbits at their current ages, and sets their
    /// velocity to the orbit's.
    static func place(_ store: ParticleStore, range: Range<Int>, layout: Layout) {
        let column = layout.first
        let originX = store.extra[column], originY = store.extra[column + 1]
        let startRadius = store.extra[column + 2], radiusSpeed = store.extra[column + 3]
        let startAngle = store.extra[column + 4], rotationSpeed = store.extra[column + 5]
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy, age = store.age
        for i in range {
            // In double precision: the angle grows without bound over a long life.
            let t = Double(age[i])
            let radius = Double(startRadius[i]) + Double(radiusSpeed[i]) * t
            let omega = Double(rotationSpeed[i])
            let theta = Double(startAngle[i]) + omega * t
            let c = cos(theta), s = sin(theta)
            x[i] = Float(Double(originX[i]) + radius * c)
            y[i] = Float(Double(originY[i]) + radius * s)
            vx[i] = Float(Double(radiusSpeed[i]) * c - radius * omega * s)
            vy[i] = Float(Double(radiusSpeed[i]) * s + radius * omega * c)
        }
    }
}

extension EmitterCellKeys {
    /// The `orbit` key: `{"startRadius": pt, "startRadiusRange": pt, "endRadius": pt, "endRadiusRange": pt,
    /// "rotationSpeed": rad/s, "rotationSpeedRange": rad/s}`: Particle Designer's radial mode — each particle circles
    /// its birth origin at a radius going linearly from its start to its end radius over its life, its angle starting
    /// at its emission angle and turning at its rotation speed; velocity and accelerations do not move it.
    public static let orbit = PropertyDescriptor(
        "orbit", .emitterCell, .structure, default: .none("none"), members: OrbitKeys.all,
        "`{\"startRadius\": pt, \"startRadiusRange\": pt, \"endRadius\": pt, \"endRadiusRange\": pt, \"rotationSpeed\": rad/s, \"rotationSpeedRange\": rad/s}`: Particle Designer's radial mode — each particle circles its birth origin at a radius going linearly from its start to its end radius over its life, its angle starting at its emission angle and turning at its rotation speed; velocity and accelerations do not move it")
}

extension OrbitKeys {
    /// The `startRadius` key: the radius at birth.
    public static let startRadius = PropertyDescriptor(
        "startRadius", .emitterCell, .number, unit: "pt", access: .value(.number(\Orbit.startRadius)), "the radius at birth")
    /// The `startRadiusRange` key: each particle's start radius is drawn from `startRadius` ± range/2.
    public static let startRadiusRange = PropertyDescriptor(
        "startRadiusRange", .emitterCell, .number, range: .nonNegative, unit: "pt", access: .value(.number(\Orbit.startRadiusRange)),
        "each particle's start radius is drawn from `startRadius` ± range/2")
    /// The `endRadius` key: the radius at death, reached linearly over the particle's life.
    public static let endRadius = PropertyDescriptor(
        "endRadius", .emitterCell, .number, unit: "pt", default: .derived("the particle's start radius"),
        access: .value(.optionalNumber(\Orbit.endRadius, fallback: { $0.startRadius })),
        "the radius at death, reached linearly over the particle's life")
    /// The `endRadiusRange` key: each particle's end radius is drawn from `endRadius` ± range/2.
    public static let endRadiusRange = PropertyDescriptor(
        "endRadiusRange", .emitterCell, .number, range: .nonNegative, unit: "pt", access: .value(.number(\Orbit.endRadiusRange)),
        "each particle's end radius is drawn from `endRadius` ± range/2")
    /// The `rotationSpeed` key: how fast the particle turns about its birth origin (positive is clockwise on screen).
    public static let rotationSpeed = PropertyDescriptor(
        "rotationSpeed", .emitterCell, .angle, unit: "rad/s", access: .value(.number(\Orbit.rotationSpeed)),
        "how fast the particle turns about its birth origin (positive is clockwise on screen)")
    /// The `rotationSpeedRange` key: each particle's rotation speed is drawn from `rotationSpeed` ± range/2.
    public static let rotationSpeedRange = PropertyDescriptor(
        "rotationSpeedRange", .emitterCell, .angle, range: .nonNegative, unit: "rad/s", access: .value(.number(\Orbit.rotationSpeedRange)),
        "each particle's rotation speed is drawn from `rotationSpeed` ± range/2")

    static let all = [startRadius, startRadiusRange, endRadius, endRadiusRange, rotationSpeed, rotationSpeedRange]
}
