#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fx's `fields`: an emitter layer's force fields over one step of a cell's particles (every
/// cell of the layer, sub-cells included).
///
/// As ``ForceStep`` does for radial forces, each field's acceleration is taken at the step's
/// midpoint — halfway between the particle's position at the step's start (the previous-position
/// column) and where the step's other forces took it — and held over the step: a second-order
/// method, so runs at different step rates converge on the same motion. The fields are those
/// the layer presents at the step's end, so animations of `fields.NAME.strength` and
/// `fields.NAME.position` move them.
final class FieldStep: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterLayerKeys.fields]

    /// Every cell of a layer with fields (sub-cells too).
    static func make(for cell: EmitterCell, in context: BehaviorContext) -> FieldStep? {
        context.layer.fields.isEmpty ? nil : FieldStep()
    }

    /// About 3.5 plain steps a field (`fx bench`: 12 ns a particle-step with two fields, 1.5 plain).
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double { 3.5 * Double(layer.fields.count) }

    var needsPreviousPosition: Bool { true }
    /// After the turbulence, before the colliders.
    var passes: [(pass: StepPass, order: Int)] { [(.motion, 1)] }
    func advancesNewborns(in pass: StepPass) -> Bool { true }

    /// The layer's fields as presented this step.
    func configure(presented cell: EmitterCell, layer: EmitterProperties) {
        fields = Self.active(layer.fields)
    }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        guard !fields.isEmpty, let previousX = span.previousX, let previousY = span.previousY, span.duration > 0,
              !span.range.isEmpty else { return }
        apply(to: span.store, range: span.range, previousX: previousX, previousY: previousY, gain: span.gain,
              accelerationFactor: span.accelerationFactor)
    }

    /// One field in single precision, as the particle loop reads it.
    struct Field {
        enum Kind { case attractor, vortex, directional }
        enum Falloff { case none, linear, inverseSquare }
        let kind: Kind
        let falloff: Falloff
        let x: Float, y: Float
        let strength: Float
        /// radius², or infinity for an unbounded field.
        let radiusSquared: Float
        /// 1 / radius (linear falloff).
        let inverseRadius: Float
        /// The directional push, strength included.
        let pushX: Float, pushY: Float
    }

    /// 1 / core² of the inverse-square falloff.
    static let inverseCoreSquared = Float(1 / (ForceField.inverseSquareCore * ForceField.inverseSquareCore))

    /// The fields that push this step, as the particle loop reads them (none: the pass costs
    /// nothing).
    private(set) var fields: [Field] = []

    /// A layer's `fields` as presented now, those that push (strength not 0).
    static func active(_ list: [ForceField]) -> [Field] {
        list.filter { $0.strength != 0 && $0.strength.isFinite }.map { field in
            let kind: Field.Kind
            switch field.kind {
            case .attractor: kind = .attractor
            case .vortex: kind = .vortex
            case .directional: kind = .directional
            }
            let falloff: Field.Falloff
            switch field.falloff {
            case .none: falloff = .none
            case .linear: falloff = field.radius > 0 ? .linear : .none
            case .inverseSquare: falloff = .inverseSquare
            }
            let strength = Float(field.strength)
            return Field(kind: kind, falloff: falloff, x: Float(field.position.x), y: Float(field.position.y), strength: strength,
                         radiusSquared: field.radius > 0 ? Float(field.radius * field.radius) : .infinity,
                         inverseRadius: field.radius > 0 ? Float(1 / field.radius) : 0,
                         pushX: strength * Float(cos(field.direction)), pushY: strength * Float(sin(field.direction)))
        }
    }

    /// The acceleration of every field at (x, y), points/s².
    @inline(__always)
    static func acceleration(x: Float, y: Float, fields: UnsafeBufferPointer<Field>) -> (Float, Float) {
        var ax: Float = 0, ay: Float = 0
        for field in fields {
            // From the particle to the field's centre.
            let dx = field.x - x, dy = field.y - y
            let distanceSquared = dx * dx + dy * dy
            guard distanceSquared <= field.radiusSquared else { continue }
            let factor: Float
            switch field.falloff {
            case .none: factor = 1
            case .linear: factor = max(0, 1 - distanceSquared.squareRoot() * field.inverseRadius)
            case .inverseSquare: factor = 1 / (1 + distanceSquared * FieldStep.inverseCoreSquared)
            }
            switch field.kind {
            case .directional:
                ax += field.pushX * factor
                ay += field.pushY * factor
            case .attractor, .vortex:
                // The direction to the centre, softened within a point of it so that a
                // particle passing through the centre is not flung by a huge unit vector
                // turned around.
                let scale = field.strength * factor / (distanceSquared + 1).squareRoot()
                if field.kind == .attractor {
                    ax += dx * scale
                    ay += dy * scale
                } else {
                    // Perpendicular to the outward direction (−dx, −dy), clockwise on screen
                    // (y down) for a positive strength, as `tangentialAcceleration`.
                    ax += dy * scale
                    ay -= dx * scale
                }
            }
        }
        return (ax, ay)
    }

    /// The fields' acceleration at (x, y), points/s² (for tests and tools).
    func acceleration(x: Float, y: Float) -> (Float, Float) {
        fields.withUnsafeBufferPointer { FieldStep.acceleration(x: x, y: y, fields: $0) }
    }

    /// Pushes the particles in `range` of `store` over the step: each is taken at the midpoint
    /// of its start (`previousX`, `previousY`) and its present position, and moved by
    /// Δx = a · accelerationFactor, Δv = a · gain (the step's factors, from ``ForceStep`` under
    /// damping).
    func apply(to store: ParticleStore, range: Range<Int>, previousX: UnsafeMutablePointer<Float>, previousY: UnsafeMutablePointer<Float>,
               gain: Float, accelerationFactor factor: Float) {
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy
        fields.withUnsafeBufferPointer { fields in
            for i in range {
                let (ax, ay) = FieldStep.acceleration(x: (previousX[i] + x[i]) * 0.5, y: (previousY[i] + y[i]) * 0.5, fields: fields)
                x[i] += ax * factor
                y[i] += ay * factor
                vx[i] += ax * gain
                vy[i] += ay * gain
            }
        }
    }
}

extension EmitterLayerKeys {
    /// The `fields` key: a list of force fields acting on every particle of the layer, sub-cells' included: `{"name",
    /// "type": "attractor" | "vortex" | "directional", "position": [x, y], "strength": pt/s², "radius": pt, "falloff":
    /// "none" | "linear" | "inverseSquare", "direction": angle}`; `strength`, `position`, `radius` and `direction`
    /// animate by key path (`fields.NAME.strength`).
    public static let fields = PropertyDescriptor(
        "fields", .emitterLayer, .structure, default: .empty("[]"), members: ForceFieldKeys.all, isListOfObjects: true,
        "a list of force fields acting on every particle of the layer, sub-cells' included: `{\"name\", \"type\": \"attractor\" | \"vortex\" | \"directional\", \"position\": [x, y], \"strength\": pt/s², \"radius\": pt, \"falloff\": \"none\" | \"linear\" | \"inverseSquare\", \"direction\": angle}`; `strength`, `position`, `radius` and `direction` animate by key path (`fields.NAME.strength`)")
}

extension ForceFieldKeys {
    /// The `name` member: the field's name, unique in the list: key paths reach it as `fields.NAME.strength`; required, no `.`.
    public static let name = PropertyDescriptor(
        PropertyDescriptor.elementName, .emitterLayer, .string, default: .required, access: .choice(.text(\ForceField.name)), required: true,
        examples: ["\"pull\""], "the field's name, unique in the list: key paths reach it as `fields.NAME.strength`; required, no `.`")
    /// The `type` member: `attractor` pulls toward `position` (a negative strength pushes away), `vortex` turns particles around
    /// it (clockwise on screen for a positive strength), `directional` pushes along `direction`; required.
    public static let type = PropertyDescriptor(
        PropertyDescriptor.elementType, .emitterLayer, .cases(of: ForceField.Kind.self), default: .required, access: .choice(.of(\ForceField.kind)), required: true,
        "`attractor` pulls toward `position` (a negative strength pushes away), `vortex` turns particles around it (clockwise on screen for a positive strength), `directional` pushes along `direction`; required")
    /// The `position` key: the field's centre, in the layer's coordinates.
    public static let position = PropertyDescriptor(
        "position", .emitterLayer, .point, unit: "pt", animatable: true, access: .value(.point(\ForceField.position)),
        "the field's centre, in the layer's coordinates")
    /// The `strength` key: the acceleration at full strength.
    public static let strength = PropertyDescriptor(
        "strength", .emitterLayer, .number, unit: "pt/s²", animatable: true, access: .value(.number(\ForceField.strength)),
        "the acceleration at full strength")
    /// The `radius` key: the distance from `position` beyond which the field does nothing; 0 is unbounded.
    public static let radius = PropertyDescriptor(
        "radius", .emitterLayer, .number, range: .nonNegative, unit: "pt", animatable: true, access: .value(.number(\ForceField.radius)),
        "the distance from `position` beyond which the field does nothing; 0 is unbounded")
    /// The `falloff` key: how the field weakens with the distance d from `position`: `none`; `linear`, 1 − d / radius
    /// (needs a radius); `inverseSquare`, 1 / (1 + (d / 10 pt)²) — full at the centre, half at 10 pt, then as 1/d² (the
    /// 10-point core keeps it finite).
    public static let falloff = PropertyDescriptor(
        "falloff", .emitterLayer, .cases(of: ForceField.Falloff.self), access: .choice(.of(\ForceField.falloff)),
        "how the field weakens with the distance d from `position`: `none`; `linear`, 1 − d / radius (needs a radius); `inverseSquare`, 1 / (1 + (d / 10 pt)²) — full at the centre, half at 10 pt, then as 1/d² (the 10-point core keeps it finite)")
    /// The `direction` key: for `directional`: where it pushes, from +x (y down: `"90deg"` is down).
    public static let direction = PropertyDescriptor(
        "direction", .emitterLayer, .angle, unit: "rad", animatable: true, access: .value(.number(\ForceField.direction)),
        "for `directional`: where it pushes, from +x (y down: `\"90deg\"` is down)")

    static let all = [name, type, position, strength, radius, falloff, direction]
}
