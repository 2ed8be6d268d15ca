/// The simulation at one step, for reading: the model (with run-time changes), every emitter's
/// particle columns and presented cells, and what drawing between two steps needs. The draw
/// list, `fx inspect`, the state hash and the window's interpolation read this, never the live
/// ``World``: what they may see of a simulation is written down here, and they cannot step it.
///
/// The columns are the world's own storage, not a copy (copying a million particles a frame
/// would cost more than drawing them): a snapshot is valid until the world steps again.
public struct SimulationSnapshot {
    /// Steps taken since time 0.
    public let tick: Int
    /// Simulation steps per second.
    public let stepRate: Double
    /// The seed every random draw was keyed by.
    public let seed: UInt64
    /// The model at this step: the effect as loaded, with the changes made at run time.
    public let effect: Effect
    /// Every emitter layer of the tree, in drawing order.
    public let emitters: [EmitterSnapshot]

    /// The effect time of the step.
    public var time: Double { Double(tick) / stepRate }

    /// Seconds per step: how far back the window may draw, between this step and the one before.
    public var stepDuration: Double { 1 / stepRate }

    /// The particles alive, over every emitter and cell.
    public var liveParticles: Int { emitters.reduce(0) { $0 + $1.liveParticles } }

    /// The emitter of the layer with this unique name.
    public func emitter(named name: String) -> EmitterSnapshot? {
        emitters.first { $0.name == name }
    }

    /// A hash of the whole state: the tick, and every particle's every column, emitter by
    /// emitter and cell by cell.
    public func stateHash() -> StateHasher {
        var hasher = StateHasher()
        hasher.combine(UInt64(tick))
        for emitter in emitters {
            hasher.combine(emitter.name)
            for cell in emitter.cells {
                hasher.combine(cell.path)
                hasher.combine(UInt64(cell.born))
                cell.particles.hash(into: &hasher)
            }
        }
        return hasher
    }
}

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

/// One cell at a step: its particles, the cell as presented, and what drawing a moment earlier
/// needs (the previous step's positions under forces, the speeds and curves to undo).
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
        lifeCurves = cell.lifeCurves
        baseScaleColumn = cell.baseScaleColumn
        previousPositionColumn = cell.previousPositionColumn
        lastStepDuration = cell.lastStepDuration
    }
}

extension World {
    /// The state at the current step, for reading (valid until the next step).
    public func snapshot() -> SimulationSnapshot {
        SimulationSnapshot(tick: tick, stepRate: stepRate, seed: seed, effect: effect, emitters: emitters.map { emitter in
            EmitterSnapshot(name: emitter.name, simulatedTime: emitter.simulatedTime, properties: emitter.properties,
                            cells: emitter.allCells.map(CellSnapshot.init))
        })
    }
}
