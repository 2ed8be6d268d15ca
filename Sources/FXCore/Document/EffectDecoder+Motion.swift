/// Decoding of fx's motion extensions: a cell's `turbulence`, an emitter layer's `fields` and
/// `colliders`. The members, their ranges and defaults are the registry's (``TurbulenceStep``,
/// ``FieldStep``, ``ColliderStep``).
extension EffectDecoder {
    /// `{"strength", "scale", "speed", "octaves"}`; nil (reported) when it is not an object.
    static func decodeTurbulence(_ node: JSONNode, path: String, context: DecodingContext) -> Turbulence? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "a turbulence", allowed: TurbulenceKeys.all) else {
            return nil
        }
        var turbulence = Turbulence.unwritten
        reader.decode(TurbulenceKeys.all, into: &turbulence)
        return turbulence
    }

    /// An emitter layer's `fields` and `colliders`.
    static func decodeMotion(_ reader: ObjectReader, into emitter: inout EmitterProperties, context: DecodingContext) {
        if let node = reader.node(EmitterLayerKeys.fields) {
            emitter.fields = namedList(node, path: reader.childPath(EmitterLayerKeys.fields), of: EmitterLayerKeys.fields, noun: "field",
                                       context: context) { reader in
                decodeField(reader)
            }
        }
        if let node = reader.node(EmitterLayerKeys.colliders) {
            emitter.colliders = namedList(node, path: reader.childPath(EmitterLayerKeys.colliders), of: EmitterLayerKeys.colliders,
                                          noun: "collider", context: context) { reader in
                decodeCollider(reader)
            }
        }
    }

    /// A list of objects each with a unique `name` (no `.`, as it is used in key paths), each
    /// decoded by `decode`; the wrong ones are reported and left out.
    private static func namedList<Element>(_ node: JSONNode, path: String, of descriptor: PropertyDescriptor, noun: String,
                                           context: DecodingContext, decode: (ObjectReader) -> Element?) -> [Element] {
        guard let nameKey = descriptor.member(ForceFieldKeys.name.name), let typeKey = descriptor.member(ForceFieldKeys.type.name) else {
            return []
        }
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of \(noun)s, got \(describe(node.value))",
                          suggestion: "write [{\"\(nameKey.name)\": \"…\", \"\(typeKey.name)\": \"…\", …}]")
            return []
        }
        var result: [Element] = []
        var seen: [String: Int] = [:]
        for (index, element) in elements.prefix(EffectLimits.maxMotionElements).enumerated() {
            let elementPath = JSONPath.element(path, index)
            guard let reader = ObjectReader(element, path: elementPath, context: context, what: "a \(noun)",
                                            allowed: descriptor.members) else { continue }
            let errorsBefore = context.errorCount
            if let name = reader.string(nameKey) {
                if name.isEmpty || name.contains(".") {
                    reader.error(nameKey, "a \(noun) name must be non-empty and contain no '.', as it is used in key paths")
                } else if let first = seen[name] {
                    reader.error(nameKey, "another \(noun) in this list, \(JSONPath.element(path, first)), is also named \"\(name)\"",
                                 suggestion: "names must be unique in the list (key paths such as \(EmitterLayerKeys.fields.name).\(name).\(ForceFieldKeys.strength.name) find them by name)")
                } else {
                    seen[name] = index
                }
            } else if !reader.has(nameKey) {
                context.error(at: element.location, path: JSONPath.member(elementPath, nameKey.name), "a \(noun) needs a \"\(nameKey.name)\"",
                              suggestion: "add \"\(nameKey.name)\": \"\(noun)\(index + 1)\"")
            }
            if !reader.has(typeKey) {
                let types: [String]
                if case .enumeration(let names) = typeKey.form { types = names } else { types = [] }
                context.error(at: element.location, path: JSONPath.member(elementPath, typeKey.name), "a \(noun) needs a \"\(typeKey.name)\"",
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
        guard let kind = reader.enumeration(ForceFieldKeys.type, as: ForceField.Kind.self) else { return nil }
        var field = ForceField.unwritten
        reader.decode(ForceFieldKeys.all.filter { $0 != ForceFieldKeys.type }, into: &field)
        field.kind = kind
        if field.falloff == .linear && field.radius == 0 {
            reader.error(reader.has(ForceFieldKeys.radius) ? ForceFieldKeys.radius : ForceFieldKeys.falloff,
                         "a linear falloff reaches 0 at the radius, so it needs a \"\(ForceFieldKeys.radius.name)\" > 0",
                         suggestion: "give \"\(ForceFieldKeys.radius.name)\" in points, or use \"\(ForceFieldKeys.falloff.name)\": \"\(ForceField.Falloff.none.rawValue)\" or \"\(ForceField.Falloff.inverseSquare.rawValue)\"")
        }
        if reader.has(ForceFieldKeys.direction) && field.kind != .directional {
            let article = field.kind == .attractor ? "an" : "a"
            reader.error(ForceFieldKeys.direction,
                         "only a directional field has a direction; \(article) \(field.kind.rawValue) field acts around its position")
        }
        return field
    }

    private static func decodeCollider(_ reader: ObjectReader) -> Collider? {
        guard let type = reader.enumeration(ColliderKeys.type, as: Collider.ShapeType.self) else { return nil }
        // The keys of each type; another type's keys are a mistake worth reporting.
        let keys = ColliderKeys.shapeKeys(of: type)
        for other in Collider.ShapeType.allCases where other != type {
            for key in ColliderKeys.shapeKeys(of: other) where reader.has(key) && !keys.contains(key) {
                reader.error(key, "\"\(key.name)\" belongs to a \(other.rawValue) collider; this one is a \(type.rawValue)",
                             suggestion: "a \(type.rawValue) collider takes \(keys.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
        }
        guard reader.require(keys, what: "a \(type.rawValue) collider") else { return nil }
        let shape: Collider.Shape
        switch type {
        case .line:
            let from = reader.point(ColliderKeys.from), to = reader.point(ColliderKeys.to)
            if from == to { reader.error(ColliderKeys.to, "a line collider's ends must differ") }
            shape = .line(from: from, to: to)
        case .circle:
            shape = .circle(center: reader.point(ColliderKeys.center), radius: reader.number(ColliderKeys.radius, default: 1))
        case .rect:
            let rect = reader.rect(ColliderKeys.rect, default: Rect(x: 0, y: 0, width: 1, height: 1))
            if rect.size.width == 0 || rect.size.height == 0 { reader.error(ColliderKeys.rect, "a rect collider needs a width and a height > 0") }
            shape = .rect(rect)
        }
        var collider = Collider(name: "", shape: shape)
        reader.decode(ColliderKeys.all, into: &collider)
        return collider
    }
}
