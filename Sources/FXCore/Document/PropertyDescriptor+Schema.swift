import Foundation

/// What the JSON Schema says about a property, made from its registry entry so that the
/// schema's hover text, the documentation's key tables and the panel read the same words.
extension PropertyDescriptor {
    /// The schema's `description`: the meaning, then the range, unit, default and the Core
    /// Animation property it mirrors (or that it is fx's own).
    var schemaDescription: String {
        var text = summary.prefix(1).uppercased() + summary.dropFirst()
        if !text.hasSuffix(".") { text += "." }
        if case .number = form, range != .any { text += " Range: \(rangeText)." }
        if case .integer = form, range != .any { text += " Range: \(rangeText)." }
        if case .angle = form, range != .any { text += " Range: \(rangeText)." }
        if let lengthText { text += " \(lengthText.prefix(1).uppercased() + lengthText.dropFirst())." }
        if let unit { text += " Unit: \(unit)." }
        let defaultWords = defaultDescription.replacingOccurrences(of: "`", with: "")
        if defaultWords != "—" { text += " Default: \(defaultWords)." } else if isRequired { text += " Required." }
        if let coreAnimationName { text += " Core Animation: \(coreAnimationName)." } else if isExtension { text += " An fx extension." }
        return text
    }

    /// A string's longest length in words ("at most 10 000 characters"), or nil: the schema's
    /// and the key tables' words.
    var lengthText: String? {
        maxLength.map { "at most \(formatGrouped($0)) characters" }
    }

    /// The range in the words of a description.
    private var rangeText: String {
        switch range {
        case .any: return "any number"
        case .nonNegative: return "≥ 0"
        case .positive: return "> 0"
        case .unit: return "0…1"
        case .closed(let low, let high): return "\(format(low))…\(format(high))"
        }
    }

    /// The schema's `default`: the typed default as JSON (a value, a name, an empty list or
    /// object); nil when the default is not a value a file could write (the file name, none, a
    /// value computed from other keys).
    var schemaDefault: Any? {
        if let value = defaultValue { return value.schemaJSON(form: form) }
        if let name = defaultChoice { return name }
        if case .empty(let text) = self.default {
            return text == "{}" ? [String: Any]() : [Any]()
        }
        return nil
    }

    /// The schema's `examples`: the registry's, or values made from the form, range and unit.
    var schemaExamples: [Any] {
        let declared = examples.compactMap { text -> Any? in
            guard let data = text.data(using: .utf8) else { return nil }
            return try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        }
        if !declared.isEmpty { return declared }
        switch form {
        case .number, .integer:
            let typical: Double
            switch unit {
            case "s": typical = 2
            case "pt": typical = 100
            case "pt/s": typical = 150
            case "pt/s²": typical = 200
            case "1/s": typical = name == EmitterCellKeys.birthRate.name ? 50 : -0.5
            case "×": typical = 1.5
            default:
                switch range {
                case .unit: typical = 0.5
                case .positive: typical = 2
                default: typical = 10
                }
            }
            var value = range.contains(typical) ? typical : range.clamp(typical)
            if case .closed(let low, let high) = range, !(low...high).contains(typical) { value = min(max(typical, low), high) }
            if form == .integer { value = value.rounded() }
            return [value]
        case .angle: return range == .nonNegative ? ["30deg", 0.5] : ["90deg", 1.5708]
        case .boolean: return [true]
        case .string: return []
        case .enumeration(let names): return Array(names.prefix(3))
        case .color: return ["#ffcc00", "orange", [1, 0.5, 0, 1]]
        case .point: return unit == nil ? [[0.5, 0.5]] : [[400, 300]]
        case .size: return [[200, 100]]
        case .rect: return name == EmitterCellKeys.contentsRect.name ? [[0, 0, 0.5, 0.5]] : [[0, 0, 200, 100]]
        case .bounds: return [[200, 100], [0, 0, 200, 100]]
        case .transform:
            return [[[TransformOperationName.rotate.rawValue: "45deg"]],
                    [[TransformOperationName.translate.rawValue: [10, 0]], [TransformOperationName.scale.rawValue: 2]]]
        case .colors: return [["#ff0000", "#0000ff"]]
        case .numbers: return unit == nil ? [[0, 0.5, 1]] : [[10, 5]]
        case .path: return ["M 0 0 L 100 100", ["circle": [50, 50, 40]]]
        case .repeatCount: return [3, "infinity"]
        case .timingFunction: return ["easeInEaseOut", [0.25, 0.1, 0.25, 1]]
        case .keyPathValue: return [1, [400, 300], "#ff0000"]
        case .structure:
            guard !members.isEmpty else { return [] }
            var object: [String: Any] = [:]
            for member in members where member.isRequired || object.count < 2 {
                if let example = member.schemaDefault ?? member.schemaExamples.first { object[member.name] = example }
            }
            return isListOfObjects ? [[object]] : [object]
        }
    }
}

extension AnimatableValue {
    /// The value as a file writes it, for the schema's `default` (nil where no file value
    /// means the default: an empty path).
    func schemaJSON(form: PropertyForm) -> Any? {
        switch self {
        case .number(let n):
            if case .integer = form { return Int(exactly: n) ?? n }
            return n
        case .bool(let flag): return flag
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r):
            if case .bounds = form, r.origin.x == 0, r.origin.y == 0 { return [r.size.width, r.size.height] }
            return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): return t == .identity ? [Any]() : nil
        case .numbers(let n): return n
        case .colors(let c): return c.map { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .path: return nil
        }
    }
}
