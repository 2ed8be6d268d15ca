/// An estimate of how much simulating an effect costs, from its file alone (nothing is run):
/// for each emitter cell, the particles it keeps alive × the steps fx takes × what a step of
/// one of its particles costs. `fx validate` warns when the total passes
/// ``warningThreshold``, naming the cells that weigh most.
///
/// - Particles: a cell's steady live count, its births per second (`birthRate` × the layer's
///   `birthRate`; a sub-cell's per live parent particle, or `burstCount` per parent born or
///   dying for `emitOn` birth or death; bursts averaged over the run) × its mean lifetime
///   (`lifetime` ± `lifetimeRange`, × the layer's `lifetime`), scaled down to the layer's
///   `maxParticles` and then to the effect's, which stop births when reached.
/// - Steps: the layer's `prewarm` steps (as the simulation takes them: no longer than its
///   longest chain of lifetimes, at most ``EffectLimits/maxPrewarmSteps``) plus the steps of the
///   run, `stepRate` × the longer of `duration` and the preview time.
/// - Cost per particle-step: 1 for a plain cell, plus what each particle behaviour it uses adds
///   (turbulence, trails, fields and colliders weigh most).
///
/// A replicator draws an emitter's particles again but does not simulate them again, so it
/// adds nothing. Animations are not followed: the model values count.
public struct SimulationCost {
    /// One cell's share of the cost.
    public struct Cell {
        /// The cell's JSON path in the effect file, `$.layers[0].emitterCells[1]`.
        public let path: String
        /// The cell's `name`, or nil.
        public let name: String?
        /// Its estimated live particles, after the budgets.
        public let particles: Double
        /// The steps it is simulated for: its layer's prewarm steps plus the run's.
        public let steps: Double
        /// What one step of one of its particles costs, a plain cell's being 1.
        public let costPerParticleStep: Double
        /// Its share: particles × steps × cost per particle-step.
        public var particleSteps: Double { particles * steps * costPerParticleStep }
        /// The cell as a user finds it: its name (if any) and JSON path.
        public var label: String { name.map { "\"\($0)\" (\(path))" } ?? path }

        /// The keys of its costliest behaviours (each adding at least half a plain step).
        public let costlyKeys: [String]

        /// Where the cell is in the file, as path components (for placing a diagnostic).
        let components: [JSONPathComponent]
    }

    /// Every enabled cell of every emitter layer, sub-cells included, in file order.
    public let cells: [Cell]

    /// The whole estimate, in weighted particle-steps.
    public var particleSteps: Double { cells.reduce(0) { $0 + $1.particleSteps } }

    /// Above this many weighted particle-steps `fx validate` warns: 5 × 10⁹, about 10 s of one
    /// core at ``nanosecondsPerParticleStep``. The shipped effects stay under a tenth of it.
    public static let warningThreshold = 5e9

    /// What one plain particle-step takes on one core, for putting the estimate in seconds:
    /// 2 ns (`fx bench` measures 1.5 ns at 100 000 particles and 3 ns at a million; see
    /// docs/performance.md).
    public static let nanosecondsPerParticleStep = 2.0

    /// The estimate as time on one core.
    public var seconds: Double { particleSteps * Self.nanosecondsPerParticleStep / 1e9 }

    /// The estimate for `effect`.
    public init(effect: Effect) {
        var cells: [Cell] = []
        let runSteps = max(effect.duration, effect.representativeTime, 0) * effect.stepRate
        let runSeconds = max(effect.duration, effect.representativeTime, 1 / effect.stepRate)
        func visit(_ layers: [Layer], path: [JSONPathComponent]) {
            for (index, layer) in layers.enumerated() {
                let layerPath = path + [.index(index)]
                if let emitter = layer.emitter, layer.type == .emitter {
                    var layerCells = Self.cells(of: emitter, path: layerPath, runSeconds: runSeconds)
                    let prewarmSteps = Self.prewarmSteps(emitter, stepRate: effect.stepRate)
                    let budget = Double(min(effect.maxParticles, emitter.maxParticles ?? effect.maxParticles))
                    let live = layerCells.reduce(0) { $0 + $1.particles }
                    let share = live > budget ? budget / live : 1
                    layerCells = layerCells.map {
                        Cell(path: $0.path, name: $0.name, particles: $0.particles * share, steps: prewarmSteps + runSteps,
                             costPerParticleStep: $0.costPerParticleStep, costlyKeys: $0.costlyKeys, components: $0.components)
                    }
                    cells += layerCells
                }
                if let mask = layer.mask { visit([mask], path: layerPath + [.key(LayerKeys.mask.name)]) }
                visit(layer.sublayers, path: layerPath + [.key(LayerKeys.sublayers.name)])
            }
        }
        visit(effect.layers, path: [.key(EffectKeys.layers.name)])
        // The effect's budget caps every layer's particles together.
        let live = cells.reduce(0) { $0 + $1.particles }
        let share = live > Double(effect.maxParticles) ? Double(effect.maxParticles) / live : 1
        self.cells = cells.map {
            Cell(path: $0.path, name: $0.name, particles: $0.particles * share, steps: $0.steps,
                 costPerParticleStep: $0.costPerParticleStep, costlyKeys: $0.costlyKeys, components: $0.components)
        }
    }

    /// The steps a layer's prewarm takes (see `EmitterSimulation.prewarm`).
    static func prewarmSteps(_ emitter: EmitterProperties, stepRate: Double) -> Double {
        guard emitter.prewarm > 0 else { return 0 }
        func longestLife(_ cell: EmitterCell) -> Double {
            (cell.lifetime + cell.lifetimeRange / 2) * emitter.lifetime + (cell.emitterCells.map(longestLife).max() ?? 0)
        }
        let simulated = min(emitter.prewarm, emitter.emitterCells.map(longestLife).max() ?? 0)
        guard simulated > 0 else { return 0 }
        return Double(max(1, min(EffectLimits.maxPrewarmSteps, Int(min((simulated * stepRate).rounded(.up), 1e9)))))
    }

    /// The layer's cells and sub-cells before the budgets, with their steps left at 0.
    private static func cells(of emitter: EmitterProperties, path: [JSONPathComponent], runSeconds: Double) -> [Cell] {
        var result: [Cell] = []
        let random = RandomKey(seed: 0, emitter: 0, cell: 0)
        // No particle lives longer than the prewarm and the run together.
        let span = runSeconds + max(emitter.prewarm, 0)
        /// Appends `cell`, whose particles are born `births` a second, and its sub-cells.
        func add(_ cell: EmitterCell, births: Double, path: [JSONPathComponent], isSubcell: Bool) {
            let context = BehaviorContext(layer: emitter, random: random, isSubcell: isSubcell)
            let life = meanLifetime(cell) * max(emitter.lifetime, 0)
            let live = births * min(life, span)
            let behaviors = ParticleBehaviors(for: cell, in: context)?.all ?? []
            let costs = behaviors.map { (key: type(of: $0).properties.first?.name ?? "", cost: type(of: $0).stepCost(of: cell, in: emitter)) }
            result.append(Cell(path: JSONPathComponent.render(path), name: cell.name, particles: live.isFinite ? live : 0, steps: 0,
                               costPerParticleStep: 1 + costs.reduce(0) { $0 + $1.cost }, costlyKeys: costs.filter { $0.cost >= 0.5 }.map(\.key),
                               components: path))
            for (index, subcell) in cell.emitterCells.enumerated() where subcell.enabled {
                let extensions = subcell.extensions
                let subBirths: Double
                switch extensions.emitOn {
                case .life:
                    // Its birthRate from every live parent, and its bursts through each parent's life.
                    subBirths = live * max(subcell.birthRate, 0) + births * burstParticles(extensions, over: life)
                case .birth, .death:
                    subBirths = births * Double(max(extensions.burstCount, 0))
                }
                add(subcell, births: subBirths, path: path + [.key(EmitterCellKeys.emitterCells.name), .index(index)], isSubcell: true)
            }
        }
        for (index, cell) in emitter.emitterCells.enumerated() where cell.enabled {
            let births = max(cell.birthRate, 0) * max(emitter.birthRate, 0) + burstParticles(cell.extensions, over: runSeconds) / runSeconds
            add(cell, births: births, path: path + [.key(EmitterLayerKeys.emitterCells.name), .index(index)], isSubcell: false)
        }
        return result
    }

    /// The particles a cell's bursts make over `seconds` of its emitting.
    private static func burstParticles(_ extensions: CellExtensions, over seconds: Double) -> Double {
        guard extensions.burstCount > 0 else { return 0 }
        var bursts = 1.0
        if extensions.burstInterval > 0 { bursts = max(seconds, 0) / extensions.burstInterval + 1 }
        if extensions.burstCycles > 0 { bursts = min(bursts, Double(extensions.burstCycles)) }
        return Double(extensions.burstCount) * bursts
    }

    /// A cell's mean lifetime, drawn uniformly in `lifetime` ± `lifetimeRange` / 2 and never
    /// below 0.
    private static func meanLifetime(_ cell: EmitterCell) -> Double {
        let low = cell.lifetime - abs(cell.lifetimeRange) / 2, high = cell.lifetime + abs(cell.lifetimeRange) / 2
        if high <= 0 { return 0 }
        if low >= 0 { return cell.lifetime }
        return high * high / (2 * (high - low))
    }
}

extension SimulationCost {
    /// The cells that weigh most: the costliest first, as many as make up four fifths of the
    /// estimate (at most three).
    public var dominantCells: [Cell] {
        let total = particleSteps
        var result: [Cell] = []
        var sum = 0.0
        for cell in cells.sorted(by: { $0.particleSteps > $1.particleSteps }) where cell.particleSteps > 0 {
            result.append(cell)
            sum += cell.particleSteps
            if sum >= 0.8 * total || result.count == 3 { break }
        }
        return result
    }

    /// `fx validate`'s warning when the estimate passes ``warningThreshold`` (nil below it),
    /// placed at the costliest cell of `bytes` (the effect's file, named `file`).
    public func warning(effect: Effect, file: String, bytes: [UInt8]) -> Diagnostic? {
        let total = particleSteps
        guard total > Self.warningThreshold, let first = dominantCells.first else { return nil }
        let node = (try? JSONParser.parse(bytes)).flatMap { $0.node(at: first.components) }
        let shares = dominantCells.map { cell -> String in
            let percent = Int((cell.particleSteps / total * 100).rounded())
            var text = "\(cell.label) keeps about \(Self.words(cell.particles)) particles for \(Self.words(cell.steps)) steps"
            if cell.costPerParticleStep >= 1.5 {
                text += " at \(format((cell.costPerParticleStep * 10).rounded() / 10))× a plain step (\(cell.costlyKeys.joined(separator: ", ")))"
            }
            return text + " (\(percent) %)"
        }
        let message = "simulating this effect costs about \(Self.words(total)) particle-steps, about \(Self.duration(seconds)) of simulation "
            + "on one core (at \(format(Self.nanosecondsPerParticleStep)) ns a plain particle-step; fx warns from \(Self.words(Self.warningThreshold)), "
            + "about \(Self.duration(Self.warningThreshold * Self.nanosecondsPerParticleStep / 1e9))), which the window and every render wait for: "
            + shares.joined(separator: "; ")
        var levers: [String] = []
        let prewarm = effect.allLayers().compactMap { $0.layer.emitter?.prewarm }.max() ?? 0
        if prewarm > 0 { levers.append("lower prewarm (\(format(prewarm)) s)") }
        levers.append("lower birthRate or lifetime")
        levers.append("set a smaller maxParticles")
        if !first.costlyKeys.isEmpty { levers.append("drop or simplify \(first.costlyKeys.joined(separator: ", "))") }
        return Diagnostic(severity: .warning, file: file, line: node?.location.line, column: node.map { $0.location.column(in: bytes) },
                          path: first.path, message: message, suggestion: levers.joined(separator: ", "))
    }

    /// Seconds in words: "40 s", "5 min", "2.5 h".
    static func duration(_ seconds: Double) -> String {
        if seconds < 120 { return "\(format(seconds.rounded())) s" }
        if seconds < 7200 { return "\(format((seconds / 60).rounded())) min" }
        return "\(format((seconds / 360).rounded() / 10)) h"
    }

    /// A large count in words: "2.1 billion", "340 million", "12 000".
    static func words(_ value: Double) -> String {
        func rounded(_ x: Double) -> String { format(x >= 100 ? x.rounded() : (x * 10).rounded() / 10) }
        if value >= 1e9 { return "\(rounded(value / 1e9)) billion" }
        if value >= 1e6 { return "\(rounded(value / 1e6)) million" }
        return format(value.rounded())
    }
}
