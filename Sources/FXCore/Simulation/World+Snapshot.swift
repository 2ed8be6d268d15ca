extension World {
    /// The state at the current step, for reading (valid until the next step).
    public func snapshot() -> SimulationSnapshot {
        SimulationSnapshot(tick: tick, stepRate: stepRate, seed: seed, effect: effect, emitters: emitters.map { emitter in
            EmitterSnapshot(name: emitter.name, simulatedTime: emitter.simulatedTime, properties: emitter.properties,
                            cells: emitter.allCells.map(CellSnapshot.init))
        })
    }
}
