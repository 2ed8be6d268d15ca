import Foundation

/// One particle node of a Godot scene — `CPUParticles2D` (Godot 3 and 4), `Particles2D`
/// (Godot 3) or `GPUParticles2D` (Godot 4) with its process material (`ParticlesMaterial` /
/// `ParticleProcessMaterial`) — and how to read its keys whichever version wrote it. The node
/// keeps the emission keys (`amount`, `lifetime`, `explosiveness`…); a CPU node keeps the
/// particle parameters too, a GPU node's are in its material. Every key read is recorded, so
/// that the keys left over can be warned as dropped.
struct GodotParticles {
    let document: GodotDocument
    let path: String
    let node: GodotSection
    /// The process material of a GPU node.
    let material: GodotSection?
    /// The file the material is in (the scene's, or a `.tres` an `ExtResource` names), whose
    /// sub-resources its curves and gradients are.
    let materialDocument: GodotDocument
    /// The path of that file, for errors about the material's keys.
    let materialPath: String
    /// Whether the node is `CPUParticles2D`.
    let isCPU: Bool
    /// Whether the keys are Godot 4's (`…_min`/`…_max` pairs) rather than Godot 3's
    /// (value and `…_random`).
    let isGodot4: Bool
    /// The keys read, by section (node or material).
    var read: Set<String> = []

    init(document: GodotDocument, path: String, node: GodotSection, material: GodotSection?,
         materialDocument: GodotDocument? = nil, materialPath: String? = nil) {
        self.document = document
        self.path = path
        self.node = node
        self.material = material
        self.materialDocument = materialDocument ?? document
        self.materialPath = materialPath ?? path
        isCPU = node.type == "CPUParticles2D"
        isGodot4 = document.isGodot4 || node.type == "GPUParticles2D" || material?.type == "ParticleProcessMaterial"
    }

    /// Whether a process material keeps its particles in the plane (`particle_flag_disable_z`,
    /// Godot 3's `flag_disable_z`): without it Godot runs the 3D spread and no orbit.
    mutating func keepsToPlane() -> Bool {
        isCPU || parameter(isGodot4 ? "particle_flag_disable_z" : "flag_disable_z")?.value.flag == true
    }

    /// The section holding the particle parameters.
    var parameters: GodotSection? { isCPU ? node : material }

    // MARK: Reading

    func error(_ property: GodotProperty, _ message: String) -> ImportError {
        let inMaterial = !isCPU && material?.properties.contains { $0.line == property.line && $0.key == property.key } == true
        return .malformedAt(path: inMaterial ? materialPath : path, line: property.line, column: property.column, message: "\(property.key): \(message)")
    }

    /// A node key.
    mutating func nodeProperty(_ key: String) -> GodotProperty? {
        read.insert("node." + key)
        return node.property(key)
    }

    /// A particle parameter key (the node's for a CPU node, the material's for a GPU node).
    mutating func parameter(_ key: String) -> GodotProperty? {
        read.insert((isCPU ? "node." : "material.") + key)
        return parameters?.property(key)
    }

    /// `property`'s number, refused when it is not a finite number.
    func number(_ property: GodotProperty) throws -> Double {
        guard let value = property.value.number ?? property.value.flag.map({ $0 ? 1 : 0 }) else {
            throw error(property, "expected a number, found \(GodotParticles.describe(property.value))")
        }
        guard value.isFinite else {
            throw error(property, "\(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf") is not a number fx can use; write a finite number")
        }
        return value
    }

    /// A node key's number, or `fallback` (Godot's default) when absent.
    mutating func nodeNumber(_ key: String, _ fallback: Double) throws -> Double {
        guard let property = nodeProperty(key) else { return fallback }
        return try number(property)
    }

    /// A parameter's number, or `fallback` (Godot's default) when absent.
    mutating func parameterNumber(_ key: String, _ fallback: Double) throws -> Double {
        guard let property = parameter(key) else { return fallback }
        return try number(property)
    }

    /// A vector's first two components (`Vector2(x, y)`, or a `Vector3`'s x and y).
    func vector(_ property: GodotProperty) throws -> (Double, Double) {
        guard let numbers = property.value.numbers, numbers.count >= 2 else {
            throw error(property, "expected Vector2(x, y) or Vector3(x, y, z), found \(GodotParticles.describe(property.value))")
        }
        guard numbers[0].isFinite, numbers[1].isFinite else { throw error(property, "a component is not a finite number") }
        return (numbers[0], numbers[1])
    }

    mutating func parameterVector(_ key: String, _ fallback: (Double, Double)) throws -> (Double, Double) {
        guard let property = parameter(key) else { return fallback }
        return try vector(property)
    }

    /// A `Color(r, g, b, a)` (alpha 1 when left out).
    func color(_ property: GodotProperty) throws -> [Double] {
        guard let numbers = property.value.numbers, numbers.count >= 3, numbers.allSatisfy(\.isFinite) else {
            throw error(property, "expected Color(r, g, b, a), found \(GodotParticles.describe(property.value))")
        }
        return numbers.count >= 4 ? Array(numbers[0..<4]) : numbers + [1]
    }

    /// How a Godot 3 `…_random` ratio spreads a parameter (each from its engine's formula):
    enum Spread {
        /// `value × lerp(1, rand, r)`: uniform in value·(1 − r)…value (velocity, accelerations,
        /// damping, angle, orbit).
        case towardZero
        /// `value × lerp(1, 2·rand − 1, r)`: uniform in value·(1 − 2r)…value (angular velocity).
        case symmetric
        /// `lerp(value, 1, rand × r)`: uniform in value…value + (1 − value)·r (scale).
        case towardOne
    }

    /// A parameter's range of values at birth, min…max, from Godot 4's `name_min`/`name_max`
    /// or Godot 3's `name` and `name_random` (`scene/2d/cpu_particles_2d.cpp`,
    /// `_particles_process`; `scene/resources/particles_material.cpp`, the generated shader);
    /// `line` is where it was written (nil when neither was).
    mutating func range(_ name: String, godot3Name: String? = nil, fallback: Double, spread: Spread) throws -> (min: Double, max: Double, line: Int?) {
        if isGodot4 {
            let low = parameter(name + "_min"), high = parameter(name + "_max")
            let minimum = try low.map(number) ?? fallback, maximum = try high.map(number) ?? fallback
            return (min(minimum, maximum), max(minimum, maximum), (low ?? high)?.line)
        }
        let base = godot3Name ?? name
        let valueProperty = parameter(base), randomProperty = parameter(base + "_random")
        let value = try valueProperty.map(number) ?? fallback
        let random = min(max(try randomProperty.map(number) ?? 0, 0), 1)
        let other: Double
        switch spread {
        case .towardZero: other = value * (1 - random)
        case .symmetric: other = value * (1 - 2 * random)
        case .towardOne: other = value + (1 - value) * random
        }
        return (min(value, other), max(value, other), (valueProperty ?? randomProperty)?.line)
    }

    // MARK: Resources

    /// The section a `SubResource(…)` names, following `CurveTexture.curve`,
    /// `GradientTexture(1D).gradient` to what they hold (at most a few steps: a cycle is an error).
    func resource(_ property: GodotProperty, want types: Set<String>, inNode: Bool = false) throws -> GodotSection? {
        let document = inNode || isCPU ? self.document : materialDocument
        var value = property.value
        var seen: Set<String> = []
        for _ in 0..<8 {
            guard value.constructorName == "SubResource" else {
                if value.constructorName == "ExtResource" { return nil }
                throw error(property, "expected SubResource(…) naming a \(types.sorted().joined(separator: " or ")), found \(GodotParticles.describe(value))")
            }
            guard let id = value.resourceID else { throw error(property, "SubResource(…) names no id") }
            guard seen.insert(id).inserted else {
                throw error(property, "SubResource(\(id)) refers back to itself (a cycle of sub-resources); Godot would not load this file")
            }
            guard let section = document.subResources[id] else {
                throw error(property, "no [sub_resource … id=\(id)] in the file; Godot would not load it (\"Can't load cached sub-resource\")")
            }
            if let type = section.type, types.contains(type) { return section }
            // A texture wrapping the curve or gradient.
            if let inner = section.property("curve") ?? section.property("curve_x") ?? section.property("gradient") {
                value = inner.value
                continue
            }
            return nil
        }
        throw error(property, "sub-resources nested more than 8 deep")
    }

    /// A parameter's curve (a `Curve`, or a `CurveTexture` holding one).
    mutating func curve(_ key: String) throws -> (curve: GodotCurve, line: Int)? {
        guard let property = parameter(key), property.value != .null,
              let section = try resource(property, want: ["Curve"]), let data = section.property("_data") else { return nil }
        guard let curve = GodotCurve(data: data.value) else { return nil }
        return (curve, property.line)
    }

    /// A parameter's gradient (a `Gradient`, or a `GradientTexture`/`GradientTexture1D` holding one).
    mutating func gradient(_ key: String) throws -> (gradient: GodotGradient, line: Int)? {
        guard let property = parameter(key), property.value != .null,
              let section = try resource(property, want: ["Gradient"]) else { return nil }
        return (GodotGradient(section: section), property.line)
    }

    /// A value, briefly, for messages.
    static func describe(_ value: GodotValue) -> String {
        switch value {
        case .number(let number): return ImportedJSON.text(of: number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .string(let text): return "\"\(text.prefix(40))\""
        case .constructor(let name, _): return "\(name)(…)"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}
