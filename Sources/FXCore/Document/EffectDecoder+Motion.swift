/// Decoding of fx's motion extensions: a cell's `turbulence`, an emitter layer's `fields` and
/// `colliders`. The members, their ranges and defaults are the registry's (``TurbulenceStep``,
/// ``FieldStep``, ``ColliderStep``).
extension EffectDecoder {
    /// `{"strength", "scale", "speed", "octaves"}`; nil (reported) when it is not an object.
    static func decodeTurbulence(_ node: JSONNode, path: String, context: DecodingContext) -> Turbulence? {
        let descriptor = TurbulenceStep.property
        guard let reader = ObjectReader(node, path: path, context: context, what: "a turbulence",
                                        allowed: descriptor.members.map(\.name)) else { return nil }
        func range(_ member: String) -> PropertyRange { descriptor.member(member)?.range ?? .any }
        return Turbulence(strength: reader.number("strength", default: 0, range("strength")),
                          scale: reader.number("scale", default: 100, range("scale")),
                          speed: reader.number("speed", default: 0.5, range("speed")),
                          octaves: reader.integer("octaves", default: 1, range("octaves")))
    }

    /// An emitter layer's `fields` and `colliders`.
    static func decodeMotion(_ reader: ObjectReader, into emitter: inout EmitterProperties, context: DecodingContext) {
        if let node = reader.node("fields") {
            emitter.fields = namedList(node, path: reader.childPath("fields"), noun: "field", context: context) { reader in
                decodeField(reader)
            }
        }
        if let node = reader.node("colliders") {
            emitter.colliders = namedList(node, path: reader.childPath("colliders"), noun: "collider", context: context) { reader in
                decodeCollider(reader)
            }
        }
    }

    /// A list of objects each with a unique `name` (no `.`, as it is used in key paths), each
    /// decoded by `decode`; the wrong ones are reported and left out.
    private static func namedList<Element>(_ node: JSONNode, path: String, noun: String, context: DecodingContext,
                                           decode: (ObjectReader) -> Element?) -> [Element] {
        let descriptor = noun == "field" ? FieldStep.property : ColliderStep.property
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of \(noun)s, got \(describe(node.value))",
                          suggestion: "write [{\"name\": \"…\", \"type\": \"…\", …}]")
            return []
        }
        var result: [Element] = []
        var seen: [String: Int] = [:]
        for (index, element) in elements.prefix(EffectLimits.maxMotionElements).enumerated() {
            let elementPath = JSONPath.element(path, index)
            guard let reader = ObjectReader(element, path: elementPath, context: context, what: "a \(noun)",
                                            allowed: descriptor.members.map(\.name)) else { continue }
            let errorsBefore = context.errorCount
            if let name = reader.string("name") {
                if name.isEmpty || name.contains(".") {
                    reader.error("name", "a \(noun) name must be non-empty and contain no '.', as it is used in key paths")
                } else if let first = seen[name] {
                    reader.error("name", "another \(noun) in this list, \(JSONPath.element(path, first)), is also named \"\(name)\"",
                                 suggestion: "names must be unique in the list (key paths such as fields.\(name).strength find them by name)")
                } else {
                    seen[name] = index
                }
            } else if !reader.has("name") {
                context.error(at: element.location, path: JSONPath.member(elementPath, "name"), "a \(noun) needs a \"name\"",
                              suggestion: "add \"name\": \"\(noun)\(index + 1)\"")
            }
            if !reader.has("type") {
                let types = descriptor.member("type").flatMap { member -> [String]? in
                    if case .enumeration(let names) = member.form { return names }
                    return nil
                } ?? []
                context.error(at: element.location, path: JSONPath.member(elementPath, "type"), "a \(noun) needs a \"type\"",
                              suggestion: "one of \(types.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            let decoded = decode(reader)
            if context.errorCount == errorsBefore, let decoded { result.append(decoded) }
        }
        if elements.count > EffectLimits.maxMotionElements {
            context.error(at: node.location, path: path, "more than \(EffectLimits.maxMotionElements) \(noun)s in one layer")
        }
        return result
    }

    private static func decodeField(_ reader: ObjectReader) -> ForceField? {
        let members = FieldStep.property
        func range(_ member: String) -> PropertyRange { members.member(member)?.range ?? .any }
        let name = reader.string("name") ?? ""
        guard let kind = reader.choice("type", among: ForceField.Kind.allCases.map(\.rawValue)).flatMap(ForceField.Kind.init(rawValue:)) else {
            return nil
        }
        let field = ForceField(name: name, kind: kind, position: reader.point("position", default: .zero),
                               strength: reader.number("strength", default: 0, range("strength")),
                               radius: reader.number("radius", default: 0, range("radius")),
                               falloff: reader.enumeration("falloff", default: ForceField.Falloff.none),
                               direction: reader.angle("direction", default: 0))
        if field.falloff == .linear && field.radius == 0 {
            reader.error(reader.has("radius") ? "radius" : "falloff", "a linear falloff reaches 0 at the radius, so it needs a \"radius\" > 0",
                         suggestion: "give \"radius\" in points, or use \"falloff\": \"none\" or \"inverseSquare\"")
        }
        if reader.has("direction") && kind != .directional {
            reader.error("direction", "only a directional field has a direction; \(kind == .attractor ? "an" : "a") \(kind.rawValue) field acts around its position")
        }
        return field
    }

    private static func decodeCollider(_ reader: ObjectReader) -> Collider? {
        let name = reader.string("name") ?? ""
        guard let type = reader.choice("type", among: Collider.typeNames) else { return nil }
        // The keys of each type; another type's keys are a mistake worth reporting.
        let keys = ["line": ["from", "to"], "circle": ["center", "radius"], "rect": ["rect"]]
        for (other, otherKeys) in keys where other != type {
            for key in otherKeys where reader.has(key) && !(keys[type] ?? []).contains(key) {
                reader.error(key, "\"\(key)\" belongs to a \(other) collider; this one is a \(type)",
                             suggestion: "a \(type) collider takes \((keys[type] ?? []).map { "\"\($0)\"" }.joined(separator: ", "))")
            }
        }
        let missing = (keys[type] ?? []).filter { !reader.has($0) }
        if !missing.isEmpty {
            reader.context.error(at: reader.location, path: reader.childPath(missing[0]),
                                 "a \(type) collider needs \(missing.map { "\"\($0)\"" }.joined(separator: " and "))")
            return nil
        }
        let shape: Collider.Shape
        switch type {
        case "line":
            let from = reader.point("from", default: .zero), to = reader.point("to", default: .zero)
            if from == to { reader.error("to", "a line collider's ends must differ") }
            shape = .line(from: from, to: to)
        case "circle":
            shape = .circle(center: reader.point("center", default: .zero),
                            radius: reader.number("radius", default: 1, ColliderStep.property.member("radius")?.range ?? .positive))
        default:
            let rect = reader.rect("rect", default: Rect(x: 0, y: 0, width: 1, height: 1))
            if rect.size.width == 0 || rect.size.height == 0 { reader.error("rect", "a rect collider needs a width and a height > 0") }
            shape = .rect(rect)
        }
        return Collider(name: name, shape: shape, bounce: reader.number("bounce", default: 0.5, .unit),
                        friction: reader.number("friction", default: 0, .unit), kills: reader.bool("kills", default: false))
    }
}
