/// One value of Godot's text resource format (`.tscn`, `.tres`), as Godot's `VariantParser`
/// writes it: numbers, booleans, `null`, strings, constructor calls (`Vector2(1, 2)`,
/// `Color( 1, 0, 0, 1 )`, `PackedFloat32Array(…)`, `SubResource("id")`, `ExtResource( 1 )`),
/// arrays and dictionaries.
indirect enum GodotValue: Equatable {
    case number(Double)
    case bool(Bool)
    case null
    case string(String)
    /// `Name(arguments…)`: vectors, colors, packed arrays, resource references.
    case constructor(String, [GodotValue])
    case array([GodotValue])
    case dictionary([GodotDictionaryEntry])

    /// The number, when this is one.
    var number: Double? { if case .number(let value) = self { return value }; return nil }

    /// The text, when this is a string.
    var text: String? { if case .string(let value) = self { return value }; return nil }

    /// The flag, when this is a boolean (Godot also writes 0/1 for some flags).
    var flag: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        default: return nil
        }
    }

    /// The numbers of a constructor or array whose items are all numbers (`Vector2(1, 2)` →
    /// [1, 2]; `PoolRealArray( 0, 1 )` → [0, 1]; `[0.5, 1]` → [0.5, 1]).
    var numbers: [Double]? {
        let items: [GodotValue]
        switch self {
        case .constructor(_, let arguments): items = arguments
        case .array(let values): items = values
        case .number(let value): return [value]
        default: return nil
        }
        var result: [Double] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let number = item.number else { return nil }
            result.append(number)
        }
        return result
    }

    /// The constructor's name (`Vector2`, `SubResource`…), when this is one.
    var constructorName: String? { if case .constructor(let name, _) = self { return name }; return nil }

    /// The id a `SubResource(…)` or `ExtResource(…)` names: Godot 3 writes numbers
    /// (`SubResource( 3 )`), Godot 4 strings (`SubResource("Gradient_abc")`).
    var resourceID: String? {
        guard case .constructor(_, let arguments) = self, arguments.count == 1 else { return nil }
        switch arguments[0] {
        case .string(let id): return id
        case .number(let id): return GodotValue.idText(id)
        default: return nil
        }
    }

    /// A numeric id as the text it is looked up by (`3` for 3.0).
    static func idText(_ id: Double) -> String {
        if id.rounded() == id, abs(id) < 1e15 { return String(Int64(id)) }
        return String(id)
    }
}

/// One `key: value` pair of a Godot dictionary.
struct GodotDictionaryEntry: Equatable {
    var key: GodotValue
    var value: GodotValue
}
