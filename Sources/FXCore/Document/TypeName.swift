/// An object's `type` member, read before its other keys because it decides which are allowed:
/// nil (reported, with the nearest name) when it is not one of `T`'s names; `T`'s default
/// when absent and not `required` (reported when required).
/// - Parameter noun: what the object is (`layer`, `animation`), for messages.
/// - Parameter key: the object's type key (``LayerKeys/type``, ``AnimationKeys/type``).
func typeName<T: RawRepresentable & CaseIterable>(_: T.Type, of node: JSONNode, key: PropertyDescriptor, path: String,
                                                  context: DecodingContext, noun: String, required: Bool,
                                                  default fallback: T? = nil) -> T? where T.RawValue == String {
    let article = "aeiou".contains(noun.first ?? "x") ? "an" : "a"
    let names = T.allCases.map(\.rawValue)
    guard case .object(let members) = node.value, let typeMember = members.first(where: { $0.key == key.name }) else {
        if required {
            context.error(at: node.location, path: path, "\(article) \(noun) needs a \"\(key.name)\"", suggestion: "one of \(names.joined(separator: ", "))")
            return nil
        }
        return fallback
    }
    if case .string(let text) = typeMember.value.value, let type = T(rawValue: text) { return type }
    var text = ""
    if case .string(let value) = typeMember.value.value { text = value }
    context.error(at: typeMember.value.location, path: JSONPath.member(path, key.name),
                  "expected \(article) \(noun) type (\(names.joined(separator: ", "))), got \(describe(typeMember.value.value))",
                  suggestion: closestMatch(to: text, in: names).map { "did you mean \"\($0)\"?" })
    return nil
}
