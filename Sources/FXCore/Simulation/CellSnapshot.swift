/// One cell at a step: its particles, the cell as presented, and what drawing a moment earlier
/// needs (the previous step's positions under forces, the speeds and curves), which
/// `CellRewind` reads.
public struct CellSnapshot {
    /// `emitterCells.NAME`, with `.emitterCells.SUB` for sub-cells.
    public let path: String
    /// Particles born so far, dead ones included.
    public let born: Int
    /// The live particles' columns (valid until the world steps again).
    public let particles: ParticleStore
    /// The cell as presented at this step (animations applied).
    public let presented: EmitterCell
    /// Constant accelerations along x and y, in points per second², for the exact rewind.
    let xAcceleration: Float, yAcceleration: Float
    /// Per-second changes undone when drawing a step back.
    let scaleSpeed: Float, redSpeed: Float, greenSpeed: Float, blueSpeed: Float, alphaSpeed: Float
    /// The curves over life, as tables.
    let lifeCurves: LifeSequences.Curves
    /// Where the birth scale is kept (for `scaleOverLife`).
    let baseScaleColumn: Int?
    /// For a cell with forces: where each particle's position at the previous step is kept
    /// (x, then y), and how long that step was.
    let previousPositionColumn: Int?
    let lastStepDuration: Float
    /// For a cell with a trail: where each particle's history is kept.
    let trailLayout: TrailHistory.Layout?
    /// The cell's random stream, from which drawing-only behaviours (a flutter) draw per
    /// particle.
    let random: RandomKey
    /// For a cell with `contentsChoices`: where each particle's choice (an index, as a
    /// number) is kept.
    let contentsChoiceColumn: Int?
    /// For a cell with `endColor`: where each particle's per-second changes of red, green,
    /// blue and alpha are kept; for a cell whose behaviour replaces `scaleSpeed` with a rate of
    /// each particle's (`endScale`, a sub-cell's inherited scale speed), where that rate is.
    /// Both are undone when drawing a step back.
    let endColorColumn: Int?, scaleRateColumn: Int?

    init(_ cell: CellSimulation) {
        path = cell.path
        born = cell.born
        particles = cell.particles
        presented = cell.presented
        xAcceleration = cell.xAcceleration
        yAcceleration = cell.yAcceleration
        scaleSpeed = cell.scaleSpeed
        redSpeed = cell.redSpeed
        greenSpeed = cell.greenSpeed
        blueSpeed = cell.blueSpeed
        alphaSpeed = cell.alphaSpeed
        let lifeSequences = cell.behaviors?.first(LifeSequences.self)
        lifeCurves = lifeSequences?.curves ?? LifeSequences.Curves()
        baseScaleColumn = lifeSequences?.baseScaleColumn
        previousPositionColumn = cell.previousPositionColumn
        lastStepDuration = cell.lastStepDuration
        trailLayout = cell.behaviors?.first(TrailHistory.self)?.layout
        random = cell.random
        contentsChoiceColumn = cell.behaviors?.first(ColorPalette.self)?.contentsColumn
        let endValues = cell.behaviors?.first(EndValues.self)
        endColorColumn = endValues?.colorColumn
        scaleRateColumn = cell.behaviors?.all.lazy.compactMap(\.scaleRateColumn).first
    }
}
