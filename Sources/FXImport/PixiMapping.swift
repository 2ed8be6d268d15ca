import FXCore
import Foundation

/// The translation of one pixi-particle-emitter configuration (either format, read into
/// ``PixiConfig``'s behaviors) into an fx effect: one emitter layer with one cell
/// (docs/importing.md has the table). pixi and fx are both y-down with angles clockwise from +x,
/// so positions and angles carry over unchanged; pixi's min…max pairs become fx's mean ± range/2
/// (a range is max − min).
struct PixiMapping {
    let source: ImportSource
    let config: PixiConfig
    let name: String
    var warnings: [ImportWarning] = []
    var files: [ImportedFile] = []

    /// The canvas an imported emitter is shown on at least; the emitter's container origin sits
    /// at its centre.
    static let canvasSize = 600.0

    /// How many points a linear list under an ease is sampled at.
    static let easeSamples = 33

    init(source: ImportSource, config: PixiConfig, name: String) {
        self.source = source
        self.config = config
        self.name = name
    }

    mutating func warn(_ key: String, line: Int, _ message: String) {
        warnings.append(ImportWarning(file: source.path, line: line, key: key, message: message))
    }

    /// The behaviors that decide each aspect, the later of two of a kind winning as in pixi
    /// (the earlier is warned).
    struct Slots {
        var alpha: PixiBehaviorEntry?
        var scale: PixiBehaviorEntry?
        var color: PixiBehaviorEntry?
        var move: PixiBehaviorEntry?
        var rotation: PixiBehaviorEntry?
        var noRotation: PixiBehaviorEntry?
        var blend: PixiBehaviorEntry?
        var texture: PixiBehaviorEntry?
        var spawn: PixiBehaviorEntry?
    }

    mutating func slots() -> Slots {
        var slots = Slots()
        for entry in config.behaviors {
            let slot: WritableKeyPath<Slots, PixiBehaviorEntry?>
            switch entry.behavior {
            case .alpha, .alphaStatic: slot = \.alpha
            case .scale, .scaleStatic: slot = \.scale
            case .color, .colorStatic: slot = \.color
            case .moveSpeed, .moveSpeedStatic, .moveAcceleration, .movePath: slot = \.move
            case .rotation, .rotationStatic: slot = \.rotation
            case .noRotation: slot = \.noRotation
            case .blendMode: slot = \.blend
            case .textureSingle, .textureRandom, .textureOrdered, .animated: slot = \.texture
            case .spawnPoint, .spawnBurst, .spawnShape: slot = \.spawn
            case .unknown(let type):
                warn(type, line: entry.line, "dropped: not a behavior pixi-particle-emitter ships (a custom behavior registered in code)")
                continue
            }
            if let earlier = slots[keyPath: slot] {
                warn(earlier.type, line: earlier.line, "dropped: the later \(entry.type) (line \(entry.line)) sets the same thing and wins, as in pixi")
            }
            slots[keyPath: slot] = entry
        }
        return slots
    }

    mutating func run() -> ImportResult {
        for note in config.notes { warn(note.key, line: note.line, note.message) }
        if let members = try? config.root.members() {
            let known = PixiConfig.emitterKeys.union(config.isLegacy ? PixiConfig.legacyKeys : [])
            for (key, value) in members where !known.contains(key) {
                warn(key, line: config.line(key) == 1 ? value.line : config.line(key), "not a pixi-particle-emitter \(config.isLegacy ? "legacy" : "v5") key; ignored")
            }
        }
        let slots = slots()

        var cell: [ImportedMember] = [ImportedMember(EmitterCellKeys.name, .string("particle"))]
        var layer: [ImportedMember] = [
            ImportedMember(LayerKeys.type, .name(Layer.LayerType.emitter)),
            ImportedMember(LayerKeys.name, .string(name)),
        ]
        var effectTextures: [ImportedMember] = []
        texture(slots.texture, cell: &cell, textures: &effectTextures)

        let waves = emission(&cell, spawn: slots.spawn)

        // Lifetime: uniform in min…max.
        cell.append(ImportedMember(EmitterCellKeys.lifetime, .number((config.lifetimeMin + config.lifetimeMax) / 2)))
        if config.lifetimeMax > config.lifetimeMin {
            cell.append(ImportedMember(EmitterCellKeys.lifetimeRange, .number(config.lifetimeMax - config.lifetimeMin)))
        }
        if config.lifetimeMax <= 0 { warn("lifetime", line: config.line("lifetime"), "is 0: the particles never show") }

        let canvas = spawn(slots.spawn, layer: &layer, cell: &cell, rotation: slots.rotation)
        motion(slots.move, cell: &cell)
        spriteRotation(slots, cell: &cell)
        scale(slots.scale, cell: &cell)
        colorAndAlpha(color: slots.color, alpha: slots.alpha, cell: &cell)
        blend(slots.blend, layer: &layer)
        if config.addAtBack && !layer.contains(where: { $0.key == EmitterLayerKeys.renderMode.name }) {
            // New particles behind the old: the oldest is drawn on top.
            layer.append(ImportedMember(EmitterLayerKeys.renderMode, .name(EmitterProperties.RenderMode.oldestFirst)))
        }
        layer.append(ImportedMember(EmitterLayerKeys.maxParticles, .number(Double(config.maxParticles))))
        layer.append(ImportedMember(EmitterLayerKeys.emitterCells, .array([.object(cell)])))

        let longest = config.lifetimeMax
        let effectDuration: Double
        if let waves {
            effectDuration = max(1, (Double(max(waves, 1) - 1) * config.frequency + longest).rounded(.up))
        } else {
            effectDuration = max(5, (2 * longest).rounded(.up))
        }
        var effect: [ImportedMember] = [
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("\(name): a pixi-particle-emitter \(config.isLegacy ? "legacy" : "v5 behaviors") config, imported")),
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(canvas), .number(canvas)])),
                ImportedMember(CanvasKeys.background, .string("#000000")),
            ])),
            ImportedMember(EffectKeys.duration, .number(effectDuration)),
            ImportedMember(EffectKeys.loop, .bool(true)),
        ]
        if !effectTextures.isEmpty { effect.append(ImportedMember(EffectKeys.textures, .object(effectTextures))) }
        effect.append(ImportedMember(EffectKeys.layers, .array([.object(layer)])))
        warnings.sort { ($0.line, $0.key) < ($1.line, $1.key) }
        return ImportResult(effect: .object(effect), warnings: warnings, files: files)
    }

    /// The number of waves an emitter with a finite `emitterLifetime` makes: pixi takes
    /// `frequency` off the remaining life before each wave and stops when it reaches 0, so waves
    /// come at 0, f, 2f… while (k + 1)·f < emitterLifetime. Nil when it emits forever.
    static func waveCount(emitterLifetime: Double, frequency: Double) -> Int? {
        guard emitterLifetime > 0 else { return nil }
        let ratio = emitterLifetime / frequency
        // More waves than fx's burstCycles takes (a million) is as good as forever.
        guard ratio <= 1_000_000 else { return nil }
        return max(0, (ImportedNumber.whole((ratio - 1e-9).rounded(.up), in: 0...1_000_001).value ?? 0) - 1)
    }

    /// The shortest time between bursts fx takes (its decoder's rule: a faster stream is a
    /// `birthRate`).
    static let shortestBurstInterval = 0.001
    /// The highest `birthRate` fx takes.
    static let highestBirthRate = 10_000_000.0

    /// Waves of `particlesPerWave` every `frequency` seconds, the first at time 0 as pixi's.
    /// One particle a wave is a stream: `birthRate` = 1 / frequency (fx's first particle is at
    /// time 0 too, then one every 1 / birthRate), with `duration` ending half a wave after the
    /// last. Several a wave are bursts of that many every `frequency`. Returns the number of
    /// waves when finite.
    mutating func emission(_ cell: inout [ImportedMember], spawn: PixiBehaviorEntry?) -> Int? {
        let waves = Self.waveCount(emitterLifetime: config.emitterLifetime, frequency: config.frequency)
        let perWave = Double(config.particlesPerWave), chance = config.spawnChance, frequency = config.frequency
        var isBurstSpawn = false
        if case .spawnBurst = spawn?.behavior { isBurstSpawn = true }
        if waves == 0 {
            warn("emitterLifetime", line: config.line("emitterLifetime"), "\(config.emitterLifetime) s is not more than frequency (\(frequency) s): pixi makes no wave at all, so the cell is disabled")
            cell.append(ImportedMember(EmitterCellKeys.enabled, .bool(false)))
        }
        let tooFast = frequency < Self.shortestBurstInterval
        if !isBurstSpawn && (perWave == 1 || tooFast || chance < 1) {
            var rate = perWave * chance / frequency
            if rate > Self.highestBirthRate {
                warn("frequency", line: config.line("frequency"), "\(ImportedJSON.text(of: rate)) particles a second is more than fx's highest birthRate; \(ImportedJSON.text(of: Self.highestBirthRate)) it is (the budget fills either way)")
                rate = Self.highestBirthRate
            }
            cell.append(ImportedMember(EmitterCellKeys.birthRate, .number(rate)))
            if let waves, waves > 0 { cell.append(ImportedMember(MediaTimingKeys.duration, .number((Double(waves) - 0.5) * frequency))) }
            if chance < 1 {
                warn("spawnChance", line: config.line("spawnChance"), "approximated: each particle of a wave is made with chance \(chance) in pixi; fx emits the same mean rate (\(ImportedJSON.text(of: rate)) a second) evenly instead of in random-sized waves")
            } else if perWave > 1 {
                warn("particlesPerWave", line: config.line("particlesPerWave"), "approximated: waves of \(config.particlesPerWave) every \(frequency) s (faster than fx's shortest burst interval, 1 ms) become an even stream at the same rate")
            }
            return waves
        }
        var count = perWave
        if chance < 1 {
            count = max(1, (perWave * chance).rounded())
            warn("spawnChance", line: config.line("spawnChance"), "approximated: each particle of a burst wave is made with chance \(chance) in pixi; fx makes the mean, \(ImportedJSON.text(of: count)), in every wave")
        }
        var interval = frequency
        if tooFast {
            interval = Self.shortestBurstInterval
            count = min((count * interval / frequency).rounded(), 1_000_000)
            warn("frequency", line: config.line("frequency"), "approximated: bursts come at most every 1 ms in fx; \(ImportedJSON.text(of: count)) particles every 1 ms keep the rate of \(config.particlesPerWave) every \(frequency) s")
        }
        cell.append(ImportedMember(EmitterCellKeys.burstCount, .number(count)))
        cell.append(ImportedMember(EmitterCellKeys.burstInterval, .number(interval)))
        if let waves, waves > 0 {
            cell.append(ImportedMember(EmitterCellKeys.burstCycles, .number(max(1, (Double(waves) * frequency / interval).rounded()))))
        }
        return waves
    }

    /// Where particles are born and which way they go: the emitter's container origin at the
    /// canvas centre, `pos` and the shape's offset added. Returns the canvas size (grown to hold
    /// the shape).
    mutating func spawn(_ entry: PixiBehaviorEntry?, layer: inout [ImportedMember], cell: inout [ImportedMember], rotation: PixiBehaviorEntry?) -> Double {
        var offset = (x: 0.0, y: 0.0)
        var extent = 0.0
        var longitude = 0.0, range = 0.0
        var outward = false
        var spacing = 0.0
        switch entry?.behavior {
        case .spawnBurst(let start, let spacingDegrees, let distance):
            longitude = start
            if spacingDegrees != 0 {
                spacing = spacingDegrees
                if distance != 0 {
                    warn(entry!.type, line: entry!.line, "approximated: particles of an evenly spaced burst start at the centre; pixi starts each \(ImportedJSON.text(of: distance)) px out along its angle (fx's outward emission picks random angles)")
                }
            } else if distance != 0 {
                // Random angles a distance out, moving outward: a circle outline emitting outward.
                layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.circle)))
                layer.append(ImportedMember(EmitterLayerKeys.emitterMode, .name(EmitterProperties.Mode.outline)))
                layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(abs(distance)), .number(abs(distance))])))
                outward = true
                extent = abs(distance)
                longitude = 0
            } else {
                range = 360
            }
        case .spawnShape(let shape):
            switch shape {
            case .rectangle(let x, let y, let width, let height):
                offset = (x + width / 2, y + height / 2)
                layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.rectangle)))
                layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(abs(width)), .number(abs(height))])))
                extent = max(abs(width), abs(height)) / 2
            case .torus(let x, let y, let radius, let innerRadius, let affectsRotation):
                offset = (x, y)
                let outer = abs(radius), inner = min(abs(innerRadius), outer)
                layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.circle)))
                if inner >= outer {
                    layer.append(ImportedMember(EmitterLayerKeys.emitterMode, .name(EmitterProperties.Mode.outline)))
                } else {
                    if inner > 0 { layer.append(ImportedMember(EmitterLayerKeys.emitterInnerRadius, .number(inner))) }
                    warn(entry!.type, line: entry!.line, "approximated: pixi picks the radius uniformly in \(ImportedJSON.text(of: inner))…\(ImportedJSON.text(of: outer)), crowding particles toward the inside; fx spreads them uniformly over the \(inner > 0 ? "ring's" : "disc's") area")
                }
                layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(outer), .number(outer)])))
                outward = affectsRotation
                extent = outer
            case .polygonalChain(let chains):
                let points = chains.flatMap { $0 }
                let xs = points.map(\.x), ys = points.map(\.y)
                let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
                offset = ((minX + maxX) / 2, (minY + maxY) / 2)
                extent = max(maxX - minX, maxY - minY) / 2
                let segments = chains.reduce(0) { $0 + max($1.count - 1, 0) }
                if segments == 1 && maxY == minY {
                    layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.line)))
                    layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(maxX - minX), .number(0)])))
                } else {
                    layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.rectangle)))
                    layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(maxX - minX), .number(maxY - minY)])))
                    warn(entry!.type, line: entry!.line, "approximated: fx has no polyline emitter; particles are born anywhere in the chain's bounding box (\(ImportedJSON.text(of: maxX - minX)) × \(ImportedJSON.text(of: maxY - minY))) instead of along its \(segments) segments")
                }
            }
        default:
            break
        }
        // The start rotation turns the direction of travel too: pixi's movement behaviors start
        // along the particle's rotation after every spawn and rotation behavior has run.
        switch rotation?.behavior {
        case .rotation(let minStart, let maxStart, _, _, _), .rotationStatic(let minStart, let maxStart):
            longitude += (minStart + maxStart) / 2
            range = min(360, range + abs(maxStart - minStart))
        default: break
        }
        let farthest = max(abs(config.position.x + offset.x), abs(config.position.y + offset.y)) + extent
        let canvas = max(Self.canvasSize, ((2 * farthest + 100) / 100).rounded(.up) * 100)
        layer.insert(ImportedMember(EmitterLayerKeys.emitterPosition, .array([.number(canvas / 2 + config.position.x + offset.x),
                                                                 .number(canvas / 2 + config.position.y + offset.y)])), at: 2)
        if outward { layer.append(ImportedMember(EmitterLayerKeys.emitsOutward, .bool(true))) }
        if longitude != 0 { cell.append(ImportedMember(EmitterCellKeys.emissionLongitude, .string(Self.degrees(longitude)))) }
        if range != 0 { cell.append(ImportedMember(EmitterCellKeys.emissionRange, .string(Self.degrees(range)))) }
        if spacing != 0 { cell.append(ImportedMember(EmitterCellKeys.burstSpacing, .string(Self.degrees(spacing)))) }
        emissionTurnsSprite = outward || spacing != 0 || longitude != 0 || range != 0
        return canvas
    }

    /// Whether particles start turned (pixi draws each sprite at the angle it was sent off at).
    var emissionTurnsSprite = false

    /// The blend mode: PixiJS names, matched as pixi matches them (case and spaces ignored).
    mutating func blend(_ entry: PixiBehaviorEntry?, layer: inout [ImportedMember]) {
        guard let entry, case .blendMode(let name) = entry.behavior else { return }
        switch name.lowercased().replacingOccurrences(of: " ", with: "_") {
        case "normal": break
        case "add", "additive": layer.append(ImportedMember(EmitterLayerKeys.renderMode, .name(EmitterProperties.RenderMode.additive)))
        case "screen": layer.append(ImportedMember(EmitterLayerKeys.compositingFilter, .name(CompositingFilter.screenBlendMode)))
        case "multiply": layer.append(ImportedMember(EmitterLayerKeys.compositingFilter, .name(CompositingFilter.multiplyBlendMode)))
        default:
            warn(entry.type, line: entry.line, "\"\(name)\" has no fx equivalent (fx blends normally, additively, by screen or by multiply); drawn normally")
        }
    }

    /// An angle in degrees as fx's `"Ndeg"` text.
    static func degrees(_ value: Double) -> String {
        ImportedJSON.text(of: value == 0 ? 0 : value) + "deg"
    }
}
