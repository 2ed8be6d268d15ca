/// One emitter layer at a step.
public struct EmitterSnapshot {
    /// The layer's unique name.
    public let name: String
    /// The layer time its particles are at (its continuous time: repeats do not fold it).
    public let simulatedTime: Double
    /// The emitter's model properties (the presentation's are in the presented layer tree).
    public let properties: EmitterProperties
    /// Every cell, sub-cells after their parents, depth first.
    public let cells: [CellSnapshot]

    /// The particles alive, over every cell.
    public var liveParticles: Int { cells.reduce(0) { $0 + $1.particles.count } }
}
