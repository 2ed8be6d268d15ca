/// The running state of one emitter layer: its cells' particles, in the layer's coordinates.
///
/// The simulation follows the layer's own time (the effect's time through the media timing of
/// the layer and its ancestors), forward only: where that time stands still (speed 0) or runs
/// back (an autoreversing layer), particles wait.
public final class EmitterSimulation {
    /// The layer's unique name in the effect.
    public let name: String
    /// The layer as written in the file.
    public let layer: Layer
    /// Maps effect time to the layer's time.
    public let timingChain: [MediaTiming]
    /// The top-level cells, in file order.
    public let cells: [CellSimulation]
    /// The layer's time the particles have been advanced to.
    public private(set) var simulatedTime = 0.0
    /// Whether emission follows animations (and cell timing), so that the birth rate must be
    /// integrated over time; otherwise birth times follow from the constant rate exactly.
    let integratesBirthRate: Bool

    /// In the window: the pointer, in the layer's coordinates, for a layer that follows it.
    public var pointerPosition: Point?
    /// Bursts asked for (a click), in the layer's coordinates, made at the next step.
    private var pendingBursts: [Point] = []

    init(layer: Layer, timingChain: [MediaTiming], seed: UInt64, capacityLimit: Int) {
        self.name = layer.identifier
        self.layer = layer
        self.timingChain = timingChain
        let properties = layer.emitter ?? EmitterProperties()
        let emitterIdentity = RandomKey.identity(of: name)
        let layerSeed = RandomKey.mix(seed ^ (properties.seed &* 0xD1B5_4A32_D192_ED03))
        cells = properties.emitterCells.enumerated().map { index, cell in
            CellSimulation(cell: cell, path: "emitterCells." + (cell.name ?? "[\(index)]"), seed: layerSeed,
                           emitter: emitterIdentity, capacityLimit: capacityLimit)
        }
        integratesBirthRate = !layer.animations.isEmpty || properties.emitterCells.contains { $0.timing != MediaTiming() }
    }

    /// The emitter properties as written in the file.
    public var properties: EmitterProperties { layer.emitter ?? EmitterProperties() }

    /// Live particles of every cell, sub-cells included.
    public var liveParticles: Int { cells.reduce(0) { $0 + $1.liveParticlesIncludingSubcells } }

    /// Every cell, sub-cells after their parents, depth first.
    public var allCells: [CellSimulation] {
        func flatten(_ cells: [CellSimulation]) -> [CellSimulation] { cells.flatMap { [$0] + flatten($0.subcells) } }
        return flatten(cells)
    }

    /// Asks for a one-shot burst of every cell's `burstCount` at `position` (layer
    /// coordinates), made at the next step.
    public func requestBurst(at position: Point) {
        pendingBursts.append(position)
    }

    /// The layer with its animations applied at the layer's time `time`.
    func presentation(atLocalTime time: Double) -> Layer {
        var presentation = layer
        for animation in layer.animations { animation.apply(to: &presentation, at: time) }
        return presentation
    }

    /// One step, ending at effect time `time`: move and age the live particles by the layer
    /// time that passed, then emit the particles due.
    func step(to time: Double, budget: inout Int) {
        let end = timingChain.localTime(effectTime: time)
        let start = simulatedTime
        guard end > start else { return }
        simulatedTime = end
        var presentation = integratesBirthRate ? self.presentation(atLocalTime: end) : layer
        if let pointerPosition, presentation.emitter?.followsPointer == true {
            presentation.emitter?.emitterPosition = pointerPosition
        }
        let emitter = presentation.emitter ?? EmitterProperties()
        let shape = EmissionShape(emitter)
        let bursts = pendingBursts
        pendingBursts.removeAll()
        for (index, cell) in cells.enumerated() {
            let presentedCell = emitter.emitterCells[index]
            cell.configure(presentedCell, layer: emitter)
            cell.step(dt: Float(end - start), now: end, emitterPosition: emitter.emitterPosition, budget: &budget)
            if integratesBirthRate {
                let added = birthRateIntegral(cell: index, from: start, to: end)
                cell.emit(schedule: .integrated(start: start, end: end, countBefore: cell.dueCount, countAfter: cell.dueCount + added),
                          shape: shape, budget: &budget)
            } else {
                cell.emit(schedule: .constant(rate: cell.birthRate, end: end), shape: shape, budget: &budget)
            }
            // A cell with a burstCount bursts once when it starts emitting, and at each click.
            let burstCount = presentedCell.extensions.burstCount
            guard burstCount > 0, presentedCell.enabled else { continue }
            let begin = presentedCell.timing.beginTime
            if begin >= start && begin < end || (start == 0 && begin <= 0) {
                cell.burst(count: burstCount, at: max(begin, start), end: end, shape: shape, budget: &budget)
            }
            for position in bursts {
                var moved = shape
                moved.position = position
                cell.burst(count: burstCount, at: start, end: end, shape: moved, budget: &budget)
            }
        }
    }

    /// ∫ birthRate dt over (start, end] for one cell: the cell's presented rate times the
    /// layer's, zero where the cell's own timing is not active. Composite Simpson's rule on
    /// four intervals, exact for rates that change linearly (the classic burst, 30 → 0 in 1 s,
    /// emits 15 particles at any step rate).
    func birthRateIntegral(cell index: Int, from start: Double, to end: Double) -> Double {
        let intervals = 4
        let h = (end - start) / Double(intervals)
        var sum = 0.0
        for k in 0...intervals {
            let t = start + Double(k) * h
            let weight: Double = k == 0 || k == intervals ? 1 : (k % 2 == 1 ? 4 : 2)
            sum += weight * rate(cell: index, at: t)
        }
        return max(0, sum * h / 3)
    }

    func rate(cell index: Int, at time: Double) -> Double {
        let presentation = self.presentation(atLocalTime: time)
        guard let emitter = presentation.emitter, index < emitter.emitterCells.count else { return 0 }
        let cell = emitter.emitterCells[index]
        guard cell.enabled, cell.isActive(atLayerTime: time) else { return 0 }
        return cell.birthRate * emitter.birthRate
    }

    func reset() {
        simulatedTime = 0
        for cell in cells { cell.reset() }
    }
}

extension EmitterCell {
    /// Whether a top-level cell emits at the layer's time `time`: between its `beginTime` and
    /// the end of its active duration (forever when it has no `duration`).
    func isActive(atLayerTime time: Double) -> Bool {
        guard timing != MediaTiming() else { return true }
        let local = timing.localTime(parentTime: time)
        let duration = timing.duration > 0 ? timing.duration : .infinity
        return local > 0 && local <= timing.activeDuration(duration: duration)
    }
}
