import FXCore
import Foundation

/// The translation of one Godot particle node (``GodotParticles``) into an fx emitter layer
/// with one cell. Godot 2D and fx are both y-down with angles clockwise from +x, so directions,
/// gravity and positions carry over; every rule below cites the Godot source it follows
/// (docs/importing.md, "Godot", has the table).
struct GodotEmitterMapping {
    var particles: GodotParticles
    let source: ImportSource
    /// The layer's name (the node's, made unique).
    let layerName: String
    /// The node's global transform (its parents' accumulated).
    let transform: GodotTransform
    /// The node's and its parents' `modulate` × `self_modulate`, multiplied into its colors.
    let modulate: [Double]
    /// The effect's name, prefixing copied textures.
    let effectName: String
    var warnings: [ImportWarning] = []
    var files: [ImportedFile] = []
    var textures: [ImportedMember] = []

    /// The longest a particle lives, for the effect's duration.
    var longestLife = 1.0
    /// Whether it emits once only.
    var isOneShot = false
    /// How far from the emitter its particles may go, for the canvas.
    var reach = 0.0

    init(particles: GodotParticles, source: ImportSource, layerName: String, transform: GodotTransform, modulate: [Double], effectName: String) {
        self.particles = particles
        self.source = source
        self.layerName = layerName
        self.transform = transform
        self.modulate = modulate
        self.effectName = effectName
    }

    mutating func warn(_ key: String, line: Int?, _ message: String) {
        warnings.append(ImportWarning(file: source.path, line: line ?? particles.node.line, key: key, message: message))
    }

    static func degrees(_ value: Double) -> String {
        ImportedJSON.text(of: value == 0 ? 0 : (value * 1e6).rounded() / 1e6) + "deg"
    }

    /// The emitter layer (its `emitterPosition` set by the caller, who places every emitter on
    /// one canvas).
    mutating func layer() throws -> [ImportedMember] {
        var layer: [ImportedMember] = [
            ImportedMember(LayerKeys.type, .name(Layer.LayerType.emitter)),
            ImportedMember(LayerKeys.name, .string(layerName)),
        ]
        var cell: [ImportedMember] = [ImportedMember(EmitterCellKeys.name, .string("particle"))]
        let scale = transform.scale
        let nodeScale = (scale.x + scale.y) / 2
        if !transform.isUniform {
            warn("scale", line: nil, "approximated: the node (or a parent) is stretched or skewed (\(ImportedJSON.text(of: scale.x)) × \(ImportedJSON.text(of: scale.y))); fx scales the particles, speeds and shape by the mean, \(ImportedJSON.text(of: nodeScale))")
        }

        let amount = try emission(&cell, layer: &layer)
        try shape(&layer, nodeScale: nodeScale)
        let meanSpeed = try motion(&cell, nodeScale: nodeScale)
        try rotation(&cell)
        try texture(&cell, &layer, nodeScale: nodeScale)
        try color(&cell)
        try blend(&layer)
        reach = max(reach, meanSpeed * longestLife)

        if let visible = particles.nodeProperty("visible"), visible.value.flag == false {
            layer.append(ImportedMember(LayerKeys.hidden, .bool(true)))
            warn("visible", line: visible.line, "the node is hidden, as in Godot: the layer is hidden (set hidden to false to see it)")
        }
        // Godot's pool holds `amount`; fx's budget has room for twice that, since a cycle's burst
        // (or birth) can come in the step the last cycle's particles die, before they are removed.
        layer.append(ImportedMember(EmitterLayerKeys.maxParticles, .number(Double(min(2 * amount, 4_000_000)))))
        layer.append(ImportedMember(EmitterLayerKeys.emitterCells, .array([.object(cell)])))
        droppedKeys()
        return layer
    }

    // MARK: Emission

    /// `amount` particles alive, each living `lifetime`: Godot restarts particle i of `amount`
    /// at (i / amount) · lifetime · (1 − explosiveness) into each cycle of `lifetime` seconds
    /// (`cpu_particles_2d.cpp`, `_particles_process`: `restart_time`; the GPU path is the same
    /// in `servers/rendering/…/particles_storage.cpp`), so a steady stream is amount / lifetime
    /// a second and explosiveness 1 is a burst of `amount` every cycle. Returns the amount.
    mutating func emission(_ cell: inout [ImportedMember], layer: inout [ImportedMember]) throws -> Int {
        let amountProperty = particles.nodeProperty("amount")
        var amount = 8
        if let amountProperty {
            amount = try ImportedNumber.whole(try particles.number(amountProperty), in: 1...1_000_000, why: "the particle counts fx takes",
                                              file: source.path, line: amountProperty.line, key: "amount", warnings: &warnings)
        }
        let lifetimeProperty = particles.nodeProperty("lifetime")
        var lifetime = try lifetimeProperty.map(particles.number) ?? 1
        if lifetime <= 0 {
            warn("lifetime", line: lifetimeProperty?.line, "\(ImportedJSON.text(of: lifetime)) s: Godot refuses a lifetime that is not positive and keeps 1 s; so does fx")
            lifetime = 1
        }
        lifetime = min(lifetime, 100_000)
        var ratio = 1.0
        if let ratioProperty = particles.nodeProperty("amount_ratio") {
            // Godot 4.2+: each particle is active with this chance (`ParticleProcessMaterial`'s `AMOUNT_RATIO` test).
            ratio = min(max(try particles.number(ratioProperty), 0), 1)
        }
        let lifetimeRandomness = min(max(try particles.parameterNumber("lifetime_randomness", 0), 0), 1)
        if lifetimeRandomness > 0 {
            // Each particle lives lifetime × (1 − rand × lifetime_randomness).
            cell.append(ImportedMember(EmitterCellKeys.lifetime, .number(lifetime * (1 - lifetimeRandomness / 2))))
            cell.append(ImportedMember(EmitterCellKeys.lifetimeRange, .number(lifetime * lifetimeRandomness)))
        } else {
            cell.append(ImportedMember(EmitterCellKeys.lifetime, .number(lifetime)))
        }
        longestLife = lifetime

        let explosivenessProperty = particles.nodeProperty("explosiveness")
        let explosiveness = min(max(try explosivenessProperty.map(particles.number) ?? 0, 0), 1)
        let oneShotProperty = particles.nodeProperty("one_shot")
        isOneShot = oneShotProperty?.value.flag ?? false
        let count = max(1, (Double(amount) * ratio).rounded())
        if explosiveness >= 0.5 {
            cell.append(ImportedMember(EmitterCellKeys.burstCount, .number(count)))
            cell.append(ImportedMember(EmitterCellKeys.burstInterval, .number(lifetime)))
            if isOneShot { cell.append(ImportedMember(EmitterCellKeys.burstCycles, .number(1))) }
            if explosiveness < 1 {
                warn("explosiveness", line: explosivenessProperty?.line, "approximated: Godot emits each cycle's \(amount) particles over the first \(ImportedJSON.text(of: (1 - explosiveness) * lifetime)) s (1 − explosiveness of the lifetime); fx emits them at once at the start of every \(ImportedJSON.text(of: lifetime)) s cycle")
            }
        } else {
            let rate = count / lifetime
            cell.append(ImportedMember(EmitterCellKeys.birthRate, .number(min(rate, EffectLimits.maxBirthRate))))
            if isOneShot {
                // One cycle: `amount` births in [0, lifetime); the cell stops half a birth before the next cycle's first.
                cell.append(ImportedMember(MediaTimingKeys.duration, .number(lifetime - 0.5 / rate)))
            }
            if explosiveness > 0 {
                warn("explosiveness", line: explosivenessProperty?.line, "approximated: Godot emits each cycle's \(amount) particles over the first \(ImportedJSON.text(of: (1 - explosiveness) * lifetime)) s of every \(ImportedJSON.text(of: lifetime)) s; fx spreads them evenly over the cycle (explosiveness of 0.5 or more becomes a burst)")
            }
        }
        if ratio < 1 {
            warn("amount_ratio", line: nil, "approximated: Godot keeps each particle with chance \(ImportedJSON.text(of: ratio)); fx emits \(ImportedJSON.text(of: count)) of \(amount) evenly")
        }
        if let randomness = particles.nodeProperty("randomness"), try particles.number(randomness) > 0 {
            warn("randomness", line: randomness.line, "approximated: Godot jitters each particle's start within its slot of the cycle; fx emits evenly at the same rate")
        }
        if let preprocess = particles.nodeProperty("preprocess"), try particles.number(preprocess) > 0 {
            // Godot simulates `preprocess` seconds before the first frame (`_notification`, `pre_process_time`).
            layer.append(ImportedMember(EmitterLayerKeys.prewarm, .number(min(try particles.number(preprocess), EffectLimits.maxPrewarm))))
        }
        if let speedScale = particles.nodeProperty("speed_scale") {
            // Godot multiplies each step's delta by it (`p_delta *= speed_scale`): the layer's own time runs that fast.
            let speed = try particles.number(speedScale)
            if speed != 1 { layer.append(ImportedMember(MediaTimingKeys.speed, .number(max(speed, 0)))) }
        }
        if let emitting = particles.nodeProperty("emitting"), emitting.value.flag == false {
            warn("emitting", line: emitting.line, "false: the game starts this emitter from code; fx emits from time 0 so that the effect shows")
        }
        return amount
    }

    // MARK: Shape

    /// The emission shape: Godot 3's CPU shapes are point 0, sphere (circle) 1, rectangle 2,
    /// points 3, directed points 4; Godot 4's CPU shapes point 0, sphere 1, sphere surface 2,
    /// rectangle 3, points 4, directed points 5, ring 6; the process materials' point 0,
    /// sphere 1, box 2, points 3, directed points 4 (Godot 3) and point 0, sphere 1, sphere
    /// surface 2, box 3, points 4, directed points 5, ring 6 (Godot 4)
    /// (`cpu_particles_2d.h`, `particle_process_material.h`: `EmissionShape`).
    mutating func shape(_ layer: inout [ImportedMember], nodeScale: Double) throws {
        let shapeProperty = particles.parameter("emission_shape")
        let code = ImportedNumber.whole(try shapeProperty.map(particles.number) ?? 0, in: -1...100).value ?? 0
        enum Kind { case point, disc, circle, box, points, ring }
        let kinds: [Kind] = particles.isGodot4 ? [.point, .disc, .circle, .box, .points, .points, .ring] : [.point, .disc, .box, .points, .points, .ring]
        guard code >= 0, code < kinds.count else {
            warn("emission_shape", line: shapeProperty?.line, "\(code) is not a Godot emission shape; emitted from a point")
            return
        }
        let line = shapeProperty?.line
        switch kinds[code] {
        case .point:
            break
        case .disc, .circle:
            let radius = abs(try particles.parameterNumber("emission_sphere_radius", 1)) * nodeScale
            layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.circle)))
            layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(radius), .number(radius)])))
            if kinds[code] == .circle { layer.append(ImportedMember(EmitterLayerKeys.emitterMode, .name(EmitterProperties.Mode.outline))) }
            if !particles.isCPU {
                warn("emission_shape", line: line, "approximated: Godot's process material places particles \(kinds[code] == .circle ? "on" : "in") a 3D sphere drawn from the front, so they are not spread evenly over its disc; fx spreads them evenly over the \(kinds[code] == .circle ? "circle" : "disc")")
            } else if !particles.isGodot4 {
                warn("emission_shape", line: line, "approximated: Godot 3's CPUParticles2D sphere picks a random point of a square and scales it to the radius; fx spreads them evenly over the disc")
            }
            reach = max(reach, radius)
        case .box:
            let key = particles.isCPU ? "emission_rect_extents" : "emission_box_extents"
            let extents = try particles.parameterVector(key, (1, 1))
            let width = 2 * abs(extents.0) * nodeScale, height = 2 * abs(extents.1) * nodeScale
            layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.rectangle)))
            layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(width), .number(height)])))
            reach = max(reach, max(width, height) / 2)
            let turn = transform.rotation * 180 / .pi
            if abs(turn.remainder(dividingBy: 180)) > 0.01 {
                warn(key, line: line, "approximated: the node is turned \(ImportedJSON.text(of: (turn * 100).rounded() / 100))°; fx's rectangle is not, so the box is emitted unturned")
            }
        case .ring:
            let radius = abs(try particles.parameterNumber("emission_ring_radius", 1)) * nodeScale
            let inner = min(abs(try particles.parameterNumber("emission_ring_inner_radius", 0)) * nodeScale, radius)
            layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.circle)))
            layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(radius), .number(radius)])))
            if inner >= radius {
                layer.append(ImportedMember(EmitterLayerKeys.emitterMode, .name(EmitterProperties.Mode.outline)))
            } else if inner > 0 {
                layer.append(ImportedMember(EmitterLayerKeys.emitterInnerRadius, .number(inner)))
            }
            if let axis = particles.parameter("emission_ring_axis"), let numbers = axis.value.numbers, numbers.count == 3,
               abs(numbers[0]) > 1e-6 || abs(numbers[1]) > 1e-6 {
                warn("emission_ring_axis", line: axis.line, "approximated: a ring not facing the screen (axis not along z) is drawn as if it were")
            }
            reach = max(reach, radius)
        case .points:
            if let points = particles.parameter("emission_points"), let numbers = points.value.numbers, numbers.count >= 2 {
                let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] * nodeScale }
                let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] * nodeScale }
                let width = (xs.max() ?? 0) - (xs.min() ?? 0), height = (ys.max() ?? 0) - (ys.min() ?? 0)
                layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.rectangle)))
                layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(width), .number(height)])))
                shapeOffset = (((xs.max() ?? 0) + (xs.min() ?? 0)) / 2, ((ys.max() ?? 0) + (ys.min() ?? 0)) / 2)
                reach = max(reach, max(width, height) / 2)
                warn("emission_points", line: points.line, "approximated: fx has no emission from a list of points; particles are born anywhere in the points' bounding box (\(ImportedJSON.text(of: width)) × \(ImportedJSON.text(of: height)))")
            } else {
                warn("emission_shape", line: line, "approximated: emission from the points of a texture (emission_point_texture) fx cannot read; particles are born at the node's position")
            }
        }
    }

    /// The centre of a points shape's bounding box, from the node's origin.
    var shapeOffset = (0.0, 0.0)
}
