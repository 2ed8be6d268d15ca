/// The particle behaviours fx has, and the ones a cell uses.
///
/// ``catalog`` lists every behaviour type; a cell's are those whose `make` accepts it, chosen
/// when the effect loads. The catalog's order is the order of their keys in the documentation
/// and the panel, and of their extra columns in the store (after the ones that precede the
/// cell's own); it breaks ties between behaviours that ask for the same place in a pass.
final class ParticleBehaviors {
    /// Every behaviour type. A new behaviour is one file and one line here.
    static let catalog: [any ParticleBehavior.Type] = [
        AlignToVelocity.self, LifeSequences.self, ColorPalette.self, EndValues.self, InitialRotation.self, VelocityOverLife.self,
        SpeedLimit.self, AccelerationSpread.self, TrailHistory.self, TurbulenceStep.self, OrbitMotion.self, FieldStep.self,
        ColliderStep.self, InheritedScaleSpeed.self,
    ]

    /// The keys of every behaviour, in the catalog's order.
    static var properties: [PropertyDescriptor] { catalog.flatMap { $0.properties } }

    /// The cell's behaviours, in the catalog's order.
    let all: [any ParticleBehavior]
    /// Each pass's behaviours, in the order they run (indexed by ``StepPass/rawValue``).
    let byPass: [[any ParticleBehavior]]
    /// Each pass's behaviours that move a particle born inside a step over its age.
    let newbornsByPass: [[any ParticleBehavior]]
    /// Each birth hook's behaviours (indexed by ``BirthHook/rawValue``).
    let byBirthHook: [[any ParticleBehavior]]

    /// The behaviours `cell` uses; nil when it uses none (a plain Core Animation cell), so that
    /// its steps and births cost one test of nil.
    init?(for cell: EmitterCell, in context: BehaviorContext) {
        let all: [any ParticleBehavior] = Self.catalog.compactMap { $0.make(for: cell, in: context) }
        guard !all.isEmpty else { return nil }
        self.all = all
        var byPass = Array(repeating: [(order: Int, index: Int, behavior: any ParticleBehavior)](), count: StepPass.allCases.count)
        for (index, behavior) in all.enumerated() {
            for place in behavior.passes { byPass[place.pass.rawValue].append((place.order, index, behavior)) }
        }
        let ordered = byPass.map { $0.sorted { ($0.order, $0.index) < ($1.order, $1.index) }.map(\.behavior) }
        self.byPass = ordered
        newbornsByPass = StepPass.allCases.map { pass in ordered[pass.rawValue].filter { $0.advancesNewborns(in: pass) } }
        byBirthHook = BirthHook.allCases.map { hook in all.filter { $0.birthHooks.contains(hook) } }
    }

    /// The cell's behaviour of type `type`, if it uses one.
    func first<Behavior: ParticleBehavior>(_ type: Behavior.Type) -> Behavior? {
        for behavior in all { if let match = behavior as? Behavior { return match } }
        return nil
    }

    /// Whether a behaviour needs each particle's position at the step's start.
    var needPreviousPosition: Bool { all.contains { $0.needsPreviousPosition } }
    /// Whether a behaviour places particles itself, in their birth plane.
    var placeParticles: Bool { all.contains { $0.placesParticles } }
    var replaceColorSpeeds: Bool { all.contains { $0.replacesColorSpeeds } }
    var replaceScaleSpeed: Bool { all.contains { $0.replacesScaleSpeed } }

    /// Runs `pass` of every behaviour in it over `span`.
    @inline(__always)
    func step(_ pass: StepPass, _ span: ParticleSpan) {
        for behavior in byPass[pass.rawValue] { behavior.step(pass, span) }
    }

    /// Moves a particle born inside a step through `pass` over its age.
    @inline(__always)
    func advanceNewborn(_ pass: StepPass, _ span: ParticleSpan) {
        for behavior in newbornsByPass[pass.rawValue] { behavior.step(pass, span) }
    }

    /// Acts at `hook` of a birth.
    @inline(__always)
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        for behavior in byBirthHook[hook.rawValue] { behavior.birth(hook, &particle) }
    }

    /// Whether any behaviour acts at `hook`.
    func acts(at hook: BirthHook) -> Bool { !byBirthHook[hook.rawValue].isEmpty }
}
