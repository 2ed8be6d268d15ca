/// The running state of one emitter layer: its cells' particles, and where the layer sits in
/// the canvas.
public final class EmitterSimulation {
    /// The layer's unique name in the effect (its `name`, made unique with `#2`, `#3`, …).
    public let name: String
    public let layer: Layer
    public let properties: EmitterProperties
    /// From the layer's coordinates (where particles live) to the canvas.
    public let transformToCanvas: AffineTransform
    /// The product of the opacities of the layer and its ancestors.
    public let opacity: Double
    /// When the layer's emission starts, in effect time (its `beginTime` and its ancestors').
    public let beginTime: Double
    /// The top-level cells, in file order.
    public let cells: [CellSimulation]
    let shape: EmissionShape

    init(name: String, layer: Layer, transformToCanvas: AffineTransform, opacity: Double, beginTime: Double, seed: UInt64) {
        self.name = name
        self.layer = layer
        let properties = layer.emitter ?? EmitterProperties()
        self.properties = properties
        self.transformToCanvas = transformToCanvas
        self.opacity = opacity
        self.beginTime = beginTime
        shape = EmissionShape(properties)
        let emitterIdentity = RandomKey.identity(of: name)
        let layerSeed = RandomKey.mix(seed ^ (properties.seed &* 0xD1B5_4A32_D192_ED03))
        cells = properties.emitterCells.enumerated().map { index, cell in
            let path = "emitterCells." + (cell.name ?? "[\(index)]")
            let random = RandomKey(seed: layerSeed, emitter: emitterIdentity, cell: RandomKey.identity(of: path))
            return CellSimulation(cell: cell, path: path, layer: properties, random: random)
        }
    }

    public var liveParticles: Int { cells.reduce(0) { $0 + $1.particles.count } }

    /// One step: move and age the live particles by `dt`, then emit those due by `time`
    /// (effect time at the end of the step).
    func step(dt: Double, time: Double, budget: inout Int) {
        let localTime = time - beginTime
        for cell in cells {
            cell.update(dt: Float(dt))
            if localTime > 0 {
                _ = cell.emit(until: localTime, shape: shape, budget: &budget)
            }
        }
    }

    func reset() {
        for cell in cells { cell.reset() }
    }
}
