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
