/// Decodes a layer's `animations` list: checks each animation's type and keys, and keeps it in
/// the model. Evaluating animations is the animation issue's work.
enum AnimationDecoder {
    static let commonKeys = ["type", "keyPath", "timingFunction", "additive", "cumulative", "removedOnCompletion", "fillMode"]
        + ObjectReader.timingKeys
    static let typeKeys: [Animation.AnimationType: [String]] = [
        .basic: ["fromValue", "toValue", "byValue"],
        .keyframe: ["values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
                    "biasValues", "path", "rotationMode"],
        .spring: ["fromValue", "toValue", "mass", "stiffness", "damping", "initialVelocity"],
        .group: ["animations"],
    ]
    /// Groups of groups deeper than this are rejected.
    static let maxDepth = 8

    static func decodeList(_ node: JSONNode, path: String, context: DecodingContext, depth: Int) -> [Animation] {
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of animations, got \(describe(node.value))")
            return []
        }
        guard depth < maxDepth else {
            context.error(at: node.location, path: path, "animation groups nest deeper than \(maxDepth) levels")
            return []
        }
        return elements.enumerated().compactMap { index, element in
            decode(element, path: JSONPath.element(path, index), context: context, depth: depth)
        }
    }

    static func decode(_ node: JSONNode, path: String, context: DecodingContext, depth: Int) -> Animation? {
        guard case .object(let members) = node.value else {
            context.error(at: node.location, path: path, "expected an animation (a JSON object), got \(describe(node.value))")
            return nil
        }
        let names = Animation.AnimationType.allCases.map(\.rawValue)
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            context.error(at: node.location, path: path, "an animation needs a \"type\"", suggestion: "one of \(names.joined(separator: ", "))")
            return nil
        }
        guard case .string(let typeName) = typeMember.value.value, let type = Animation.AnimationType(rawValue: typeName) else {
            var text = ""
            if case .string(let value) = typeMember.value.value { text = value }
            context.error(at: typeMember.value.location, path: JSONPath.member(path, "type"),
                          "expected an animation type (\(names.joined(separator: ", "))), got \(describe(typeMember.value.value))",
                          suggestion: closestMatch(to: text, in: names).map { "did you mean \"\($0)\"?" })
            return nil
        }
        guard let reader = ObjectReader(node, path: path, context: context, what: "a \(type.rawValue) animation",
                                        allowed: commonKeys + (typeKeys[type] ?? [])) else { return nil }
        let keyPath = reader.string("keyPath")
        if keyPath == nil && type != .group {
            context.error(at: node.location, path: path, "a \(type.rawValue) animation needs a \"keyPath\"")
        }
        var animation = Animation(type: type, keyPath: keyPath, members: [:], location: node.location)
        animation.timing = reader.timing()
        for member in members where member.key != "type" { animation.members[member.key] = member.value }
        if type == .group, let children = reader.node("animations") {
            _ = decodeList(children, path: reader.childPath("animations"), context: context, depth: depth + 1)
        }
        return animation
    }
}
