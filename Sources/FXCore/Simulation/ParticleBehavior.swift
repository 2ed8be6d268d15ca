/// What a behaviour is made for besides its cell's keys: the layer the cell emits from, and the
/// cell's random key (the seed, the emitter and the cell: a behaviour's own random values derive
/// from it).
struct BehaviorContext {
    let layer: EmitterProperties
    let random: RandomKey
    /// Whether the cell is a sub-cell, whose particles inherit their parent's scale and color.
    var isSubcell = false
}

/// A particle behaviour: one of fx's extensions to Core Animation's emitter cell (its own
/// accelerations, a speed limit, end values, values over life, an orbit, a trail, …) as a unit,
/// in one file, as pixi-particle-emitter's behaviours are: the keys it reads, the columns it
/// keeps, the passes of a step it runs in, and what it does as a particle is born.
///
/// A cell's behaviours are chosen when the effect loads, from its keys (``make(for:in:)``
/// returns nil for a cell that does not use it), so a plain Core Animation cell has none and
/// pays nothing for them. A behaviour runs over columns: a step calls it once per pass and
/// range of particles, never once per particle, and its loops are its own.
///
/// To add one: write the type, with its keys as descriptors in an extension of
/// ``EmitterCellKeys`` made with ``PropertyDescriptor/init(behaviorKey:_:range:unit:animatable:default:_:)``
/// (kept in the cell's ``CellExtensions/behaviorValues``: no field in the model), and list it
/// in ``ParticleBehaviors/catalog``; the registry, the decoder, the schema, the documentation
/// and the panel then know its keys. `maxSpeed` (``SpeedLimit``) is written so.
protocol ParticleBehavior: AnyObject {
    /// The keys it reads, as the property registry lists them.
    static var properties: [PropertyDescriptor] { get }

    /// The behaviour `cell` asks for, or nil when its keys leave it off. Made once, when the
    /// effect loads.
    static func make(for cell: EmitterCell, in context: BehaviorContext) -> Self?

    /// The extra columns it keeps per particle.
    var columnCount: Int { get }
    /// Where its columns start in the store's extra columns (set before the first step).
    func assignColumns(from first: Int)
    /// Whether its columns go before the cell's own (a sub-cell's emitted counts, the
    /// previous position); the others follow them, in the catalog's order.
    var columnsPrecedeTheCells: Bool { get }

    /// Whether it needs each particle's position at the start of the step (to move particles
    /// other than by the exact constant-acceleration motion, or to know where a step began).
    var needsPreviousPosition: Bool { get }
    /// Whether it places particles itself, in the plane of their birth: the cell then neither
    /// gives particles a velocity in depth nor moves them in depth.
    var placesParticles: Bool { get }
    /// Whether the cell's color speeds, and its `scaleSpeed`, give way to it.
    var replacesColorSpeeds: Bool { get }
    var replacesScaleSpeed: Bool { get }
    /// Where a behaviour that replaces `scaleSpeed` keeps each particle's own scale per second
    /// (drawing between steps undoes it per particle); nil for the others.
    var scaleRateColumn: Int? { get }

    /// The passes of a step it runs in, each with its place among the behaviours that run in
    /// the same pass (lower first; the catalog's order among equals).
    var passes: [(pass: StepPass, order: Int)] { get }
    /// Runs `pass` over `span`'s particles.
    func step(_ pass: StepPass, _ span: ParticleSpan)
    /// Whether a particle born inside a step goes through `pass` over its age too (as every
    /// particle does after its step), rather than being set up by a birth hook.
    func advancesNewborns(in pass: StepPass) -> Bool

    /// The points of a birth it acts at.
    var birthHooks: [BirthHook] { get }
    /// Acts at `hook` on the particle being born.
    func birth(_ hook: BirthHook, _ particle: inout Newborn)

    /// Takes the cell and its layer as presented this step (animations applied).
    func configure(presented cell: EmitterCell, layer: EmitterProperties)

    /// What it adds to each particle's step of `cell` (emitted by `layer`), relative to a
    /// plain cell's whole step (1): how ``SimulationCost`` weighs the particles of the cells
    /// that use it. 0.1 unless the behaviour says otherwise (measured with `fx bench`).
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double
}

extension ParticleBehavior {
    var columnCount: Int { 0 }
    func assignColumns(from first: Int) {}
    var columnsPrecedeTheCells: Bool { false }
    var needsPreviousPosition: Bool { false }
    var placesParticles: Bool { false }
    var replacesColorSpeeds: Bool { false }
    var replacesScaleSpeed: Bool { false }
    var scaleRateColumn: Int? { nil }
    var passes: [(pass: StepPass, order: Int)] { [] }
    func step(_ pass: StepPass, _ span: ParticleSpan) {}
    func advancesNewborns(in pass: StepPass) -> Bool { false }
    var birthHooks: [BirthHook] { [] }
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {}
    func configure(presented cell: EmitterCell, layer: EmitterProperties) {}
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double { 0.1 }
}

/// The passes of a cell's step that behaviours run in, in the order they run, each after the
/// cell's own motion: Core Animation's exact constant acceleration (or, with forces, their
/// solution), age, spin, scale and color speeds.
enum StepPass: Int, CaseIterable, Comparable {
    /// Accelerations of each particle's own and factors of its velocity, on the positions the
    /// cell's motion gave.
    case accelerations
    /// Motion that depends on where a particle is (turbulence, fields, colliders): taken at
    /// the step's midpoint, from the previous position to the current one.
    case motion
    /// Placing particles by a rule of their own (an orbit).
    case placement
    /// After the cell moves particles in depth: limits and rates toward end values.
    case limits
    /// Turning particles to their motion.
    case orientation
    /// Values over a particle's life.
    case overLife
    /// Recording where particles have been, once every other pass has moved them.
    case history

    static func < (lhs: StepPass, rhs: StepPass) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The points of a particle's birth that behaviours act at, in the order a birth reaches them.
enum BirthHook: Int, CaseIterable {
    /// Its rotation and spin, instead of the cell's (`spin` ± `spinRange`, from rotation 0).
    case rotation
    /// Just after its scale at birth is drawn (``Newborn/birthScale``).
    case scale
    /// Its own random values a behaviour keeps (drawn before it is moved over its age).
    case draw
    /// Placing it after the motion passes moved it over its age (an orbit's start).
    case placement
    /// Its base color, before the color's ranges and speeds (``Newborn/baseColor``), and
    /// other choices among lists.
    case color
    /// After its color is set: values reached from the birth ones (end values).
    case afterColor
    /// Last: its history up to its age.
    case history
}

/// The particles a pass runs over, and the step they are in.
struct ParticleSpan {
    let store: ParticleStore
    let range: Range<Int>
    /// How long the step (or, for a particle born inside it, its age) is.
    let duration: Float
    /// The layer time at the step's end.
    let end: Double
    /// Each particle's position at the step's start (or its birth), when a behaviour of the
    /// cell asked for it.
    let previousX: UnsafeMutablePointer<Float>?, previousY: UnsafeMutablePointer<Float>?
    /// Where radial and tangential parts point from: the emitter's position this step.
    let origin: Point
    /// How a constant acceleration moves a particle over the span: v += a·gain,
    /// x += a·accelerationFactor (dt and ½·dt² without damping).
    let gain: Float, accelerationFactor: Float
    /// The cell's constant accelerations this step.
    let ax: Float, ay: Float
    /// Whether this is a particle being born inside the step, moved over its age.
    let isNewborn: Bool
}

/// A particle being born: its slot, its random key and what the birth has made of it so far.
struct Newborn {
    let store: ParticleStore
    let index: Int
    let key: UInt64
    let serial: Int
    let random: RandomKey
    /// How long it has been alive at the step's end, and its whole life.
    let age: Double, lifetime: Double
    /// The layer time at the step's end.
    let end: Double
    /// Where it was born, and its emission angle (longitude).
    let origin: Point3
    let emissionAngle: Double
    /// Its velocity at birth, before accelerations, and the cell's constant accelerations.
    let velocity: (Double, Double)
    let acceleration: (Double, Double)
    /// Whether it moves under forces or motion passes (not by the exact constant-acceleration
    /// motion alone).
    let underForces: Bool
    /// The spin the cell gives it (`spin` ± `spinRange`, times the layer's `spin`).
    let spin: Double
    /// Its scale at birth (before `scaleSpeed` over its age).
    var birthScale = 1.0
    /// The color its color's ranges are drawn around: the cell's, or a behaviour's choice.
    var baseColor = Color.white
    /// What it takes from its parent particle (a sub-cell's; ``InheritedValues/none`` for a
    /// top-level cell's): its color multiplies the particle's, its scale the particle's scale
    /// and scale speed.
    let inherited: InheritedValues
    /// Where a behaviour placed it at its birth, when one did (an orbit's start).
    var placedAt: (Double, Double)?
    /// Whether it moves in depth (the cell then integrates z).
    var movesInDepth = false
}
