/// Core Animation's sub-cells inherit their parent particle's scale (Apple's
/// `CAEmitterCell.emitterCells`: "the scale and color of fireworkCell are inherited by
/// trailCell"), and a particle's `scaleSpeed` is scaled with it: a spark of scale 2.5 and
/// scale speed −1 from a rocket of scale 0.2 starts at 0.5 and shrinks by 0.2 a second. The
/// parents' scales differ, so the rate is kept per particle (one column) and a step adds
/// rate × dt, as the cell's `scaleSpeed` would, which it replaces. Made for sub-cells with a
/// scale speed and no `endScale` (an end scale sets its own rate, from the inherited birth
/// and end scales); the scale and range themselves are multiplied at birth by the cell.
final class InheritedScaleSpeed: ParticleBehavior {
    /// No keys of its own: it follows `scaleSpeed` of sub-cells.
    static let properties: [PropertyDescriptor] = []

    /// Where each particle's scale per second is kept.
    private(set) var scaleRateColumn: Int?
    /// The cell's `scaleSpeed` this step, which a birth multiplies by the parent's scale.
    private var scaleSpeed = 0.0

    static func make(for cell: EmitterCell, in context: BehaviorContext) -> InheritedScaleSpeed? {
        guard context.isSubcell, cell.scaleSpeed != 0, cell.extensions.endScale == nil else { return nil }
        return InheritedScaleSpeed()
    }

    var columnCount: Int { 1 }
    func assignColumns(from first: Int) { scaleRateColumn = first }
    var replacesScaleSpeed: Bool { true }

    func configure(presented cell: EmitterCell, layer: EmitterProperties) {
        scaleSpeed = cell.scaleSpeed
    }

    /// Where the cell's own scale speed would act: after the limits.
    var passes: [(pass: StepPass, order: Int)] { [(.limits, 2)] }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        guard let column = scaleRateColumn else { return }
        let scale = span.store.scale, rate = span.store.extra[column], duration = span.duration
        for i in span.range { scale[i] += rate[i] * duration }
    }

    /// After the birth has cleared the cell's extra columns (as the end values' rates are set).
    var birthHooks: [BirthHook] { [.afterColor] }

    /// The particle's rate, the cell's scale speed times its parent's scale, and its scale at
    /// its age from its (already inherited) birth scale.
    func birth(_ hook: BirthHook, _ particle: inout Newborn) {
        guard let column = scaleRateColumn else { return }
        let rate = scaleSpeed * Double(particle.inherited.scale)
        particle.store.extra[column][particle.index] = Float(rate)
        particle.store.scale[particle.index] = Float(particle.birthScale + rate * particle.age)
    }

    /// One multiply-add a particle.
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double { 0.05 }
}
