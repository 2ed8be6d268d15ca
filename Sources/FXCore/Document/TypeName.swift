/// An object's `type` member, read before its other keys because it decides which are allowed:
/// nil (reported, with the nearest name) when it is not one of `T`'s names; `T`'s default
/// when absent and not `required` (reported when required).
func typeName<T: RawRepresentable & CaseIterable>(_: T.Type, of node: JSONNode, path: String, context: DecodingContext, what: String,
                                                  required: Bool, default fallback: T? = nil) -> T? where T.RawValue == String {
    let names = T.allCases.map(\.rawValue)
    guard case .object(let members) = node.value, let typeMember = members.first(where: { $0.key == "type" }) else {
        if required {
            context.error(at: node.location, path: path, "\(what) needs a \"type\"", suggestion: "one of \(names.joined(separator: ", "))")
            return nil
        }
        return fallback
    }
    if case .string(let text) = typeMember.value.value, let type = T(rawValue: text) { return type }
    var text = ""
    if case .string(let value) = typeMember.value.value { text = value }
    let kind = what.hasPrefix("an ") ? String(what.dropFirst(3)) : what.hasPrefix("a ") ? String(what.dropFirst(2)) : what
    context.error(at: typeMember.value.location, path: JSONPath.member(path, "type"),
                  "expected \(what.hasPrefix("an ") ? "an" : "a") \(kind) type (\(names.joined(separator: ", "))), got \(describe(typeMember.value.value))",
                  suggestion: closestMatch(to: text, in: names).map { "did you mean \"\($0)\"?" })
    return nil
}
