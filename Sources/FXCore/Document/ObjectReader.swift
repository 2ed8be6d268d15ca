import Foundation

extension PropertyRange {
    /// The numbers of a closed range: `.range(0...1)`.
    static func range(_ range: ClosedRange<Double>) -> PropertyRange { .closed(range.lowerBound, range.upperBound) }
}

/// Reads one JSON object of an effect file: reports unknown (with a suggestion) and duplicate
/// keys up front, then hands out typed values, reporting each wrong one and substituting the
/// default so that decoding goes on and finds every problem in one pass.
struct ObjectReader {
    let context: DecodingContext
    let path: String
    let location: SourceLocation
    private var members: [String: JSONMember] = [:]

    /// - Parameters:
    ///   - what: how the object is named in messages ("an emitter cell").
    ///   - allowed: every key this object accepts.
    init?(_ node: JSONNode, path: String, context: DecodingContext, what: String, allowed: [String]) {
        self.context = context
        self.path = path
        self.location = node.location
        guard case .object(let list) = node.value else {
            context.error(at: node.location, path: path, "expected \(what) (a JSON object), got \(node.value.kindName)")
            return nil
        }
        for member in list {
            let memberPath = JSONPath.member(path, member.key)
            if members[member.key] != nil {
                context.error(at: member.keyLocation, path: memberPath, "duplicate key \"\(member.key)\"",
                              suggestion: "remove one of them")
                continue
            }
            if member.key == EffectSchema.schemaKey || member.key.hasPrefix(EffectSchema.commentPrefix) {
                // Editors' schema pointer and "//" comment keys are allowed everywhere.
                members[member.key] = member
                continue
            }
            guard allowed.contains(member.key) else {
                // Another engine's name (`gravity`) is answered with fx's key, a misspelling
                // with the nearest key; only then is every key listed.
                // A Core Animation key fx does not have is named as such, with what fx lacks.
                if let gap = CoreAnimationGap.named(member.key, on: nil) {
                    context.error(at: member.keyLocation, path: memberPath, gap.message,
                                  suggestion: "remove it; docs/core-animation.md lists Core Animation's emitter keys and what fx does with each")
                    continue
                }
                let suggestion = OtherEngineName.suggestion(for: member.key, allowed: allowed, what: what)
                    ?? closestMatch(to: member.key, in: allowed).map { "did you mean \"\($0)\"?" }
                    ?? "\(what) accepts: \(allowed.joined(separator: ", "))"
                context.error(at: member.keyLocation, path: memberPath, "unknown key \"\(member.key)\" in \(what)",
                              suggestion: suggestion)
                continue
            }
            members[member.key] = member
        }
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    func node(_ key: String) -> JSONNode? { members[key]?.value }

    func childPath(_ key: String) -> String { JSONPath.member(path, key) }

    func keyLocation(_ key: String) -> SourceLocation? { members[key]?.keyLocation }

    func error(_ key: String, _ message: String, suggestion: String? = nil) {
        context.error(at: members[key]?.value.location ?? location, path: childPath(key), message, suggestion: suggestion)
    }

    /// Reports a value of the wrong kind: "expected …, got …".
    func mismatch(_ key: String, expected: String) {
        guard let node = node(key) else { return }
        error(key, "expected \(expected), got \(describe(node.value))")
    }

    // MARK: - Scalars

    func number(_ key: String, default value: Double, _ constraint: PropertyRange = .any) -> Double {
        guard let node = node(key) else { return value }
        guard case .number(let number) = node.value else {
            mismatch(key, expected: constraint.phrase)
            return value
        }
        guard constraint.contains(number) else {
            error(key, "expected \(constraint.phrase), got \(format(number))")
            return value
        }
        if case .closed = constraint {} else if abs(number) > Self.maxMagnitude {
            error(key, "\(format(number)) is beyond ±1e9, the largest number an effect may use here")
            return value
        }
        return number
    }

    /// No number in an effect (outside explicit ranges) is larger than this: bigger values make
    /// no sense on a canvas and would only overflow later.
    static let maxMagnitude = 1e9

    func integer(_ key: String, default value: Int, _ constraint: PropertyRange = .any) -> Int {
        let number = self.number(key, default: Double(value), constraint)
        guard number == number.rounded(), abs(number) < 9e15 else {
            error(key, "expected a whole number, got \(format(number))")
            return value
        }
        return Int(number)
    }

    /// An angle: a number of radians (as in Core Animation) or a string such as `"90deg"`.
    func angle(_ key: String, default value: Double, nonNegative: Bool = false) -> Double {
        guard let node = node(key) else { return value }
        let radians: Double
        switch node.value {
        case .number(let number):
            radians = number
        case .string(let text):
            guard let parsed = Self.parseAngle(text) else {
                error(key, "expected an angle (radians as a number, or a string like \"90deg\" or \"1.5rad\"), got \"\(text)\"")
                return value
            }
            radians = parsed
        default:
            mismatch(key, expected: "an angle (radians as a number, or a string like \"90deg\")")
            return value
        }
        if abs(radians) > Self.maxMagnitude {
            error(key, "the angle is beyond ±1e9 radians")
            return value
        }
        if nonNegative && radians < 0 {
            error(key, "expected an angle ≥ 0, got \(format(radians)) rad")
            return value
        }
        return radians
    }

    static func parseAngle(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, factor) in [("deg", Double.pi / 180), ("rad", 1.0), ("turn", 2 * Double.pi)] where trimmed.hasSuffix(suffix) {
            guard let number = Double(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), number.isFinite else { return nil }
            return number * factor
        }
        return nil
    }

    func bool(_ key: String, default value: Bool) -> Bool {
        guard let node = node(key) else { return value }
        guard case .bool(let flag) = node.value else {
            mismatch(key, expected: "true or false")
            return value
        }
        return flag
    }

    func string(_ key: String) -> String? {
        guard let node = node(key) else { return nil }
        guard case .string(let text) = node.value else {
            mismatch(key, expected: "a string")
            return nil
        }
        return text
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, default value: E) -> E where E.RawValue == String {
        choice(key, among: E.allCases.map(\.rawValue)).flatMap(E.init(rawValue:)) ?? value
    }

    /// One of `names` under `key`; nil when absent or not one of them (reported, with the
    /// nearest name).
    func choice(_ key: String, among names: [String]) -> String? {
        guard let node = node(key) else { return nil }
        guard case .string(let text) = node.value else {
            mismatch(key, expected: "one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
            return nil
        }
        guard names.contains(text) else {
            let suggestion = closestMatch(to: text, in: names).map { "did you mean \"\($0)\"?" }
                ?? "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
            error(key, "\"\(text)\" is not a valid \(key)", suggestion: suggestion)
            return nil
        }
        return text
    }

    // MARK: - Geometry and color

    /// `[a, b]` with two finite numbers.
    func pair(_ key: String, expected: String) -> (Double, Double)? {
        guard let node = node(key) else { return nil }
        guard let numbers = numbers(in: node, key: key, count: 2, expected: expected) else { return nil }
        return (numbers[0], numbers[1])
    }

    func point(_ key: String, default value: Point) -> Point {
        guard let (x, y) = pair(key, expected: "a point [x, y]") else { return value }
        return Point(x: x, y: y)
    }

    func size(_ key: String, default value: Size) -> Size {
        guard let (width, height) = pair(key, expected: "a size [width, height]") else { return value }
        guard width >= 0, height >= 0 else {
            error(key, "a size cannot be negative, got [\(format(width)), \(format(height))]")
            return value
        }
        return Size(width: width, height: height)
    }

    func rect(_ key: String, default value: Rect) -> Rect {
        guard let node = node(key) else { return value }
        guard let numbers = numbers(in: node, key: key, count: 4, expected: "a rect [x, y, width, height]") else { return value }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            error(key, "a rect's width and height cannot be negative")
            return value
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// `bounds`: a size `[w, h]` or a rect `[x, y, w, h]`.
    func bounds(_ key: String, default value: Rect) -> Rect {
        guard let node = node(key) else { return value }
        if case .array(let elements) = node.value, elements.count == 2 {
            let size = self.size(key, default: value.size)
            return Rect(x: 0, y: 0, width: size.width, height: size.height)
        }
        return rect(key, default: value)
    }

    func color(_ key: String, default value: Color) -> Color {
        guard let node = node(key) else { return value }
        return Self.color(from: node, path: childPath(key), context: context) ?? value
    }

    static func color(from node: JSONNode, path: String, context: DecodingContext) -> Color? {
        switch node.value {
        case .string(let text):
            switch ColorParser.parse(text) {
            case .success(let color): return color
            case .failure(let failure):
                // Point at the offending character inside the string (after the opening quote).
                var location = node.location
                if let position = failure.position { location.offset += 1 + position }
                context.error(at: location, path: path, failure.message, suggestion: failure.suggestion)
                return nil
            }
        case .array(let elements):
            let numbers = elements.compactMap { element -> Double? in
                if case .number(let number) = element.value { return number }
                return nil
            }
            guard numbers.count == elements.count, numbers.count == 3 || numbers.count == 4 else {
                context.error(at: node.location, path: path, "expected a color [r, g, b] or [r, g, b, a] with numbers in 0…1")
                return nil
            }
            guard numbers.allSatisfy({ (0...1).contains($0) }) else {
                let scaled = numbers.allSatisfy { (0...255).contains($0) }
                    ? "did you mean [\(numbers.map { format(($0 / 255 * 1000).rounded() / 1000) }.joined(separator: ", "))]? (components are 0…1, not 0…255)"
                    : "components are 0…1"
                context.error(at: node.location, path: path, "color components must be in 0…1", suggestion: scaled)
                return nil
            }
            return Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1)
        default:
            context.error(at: node.location, path: path, "expected a color (\"#rrggbb\", a CSS name, or [r, g, b, a] in 0…1), got \(describe(node.value))")
            return nil
        }
    }

    /// `repeatCount`: a number ≥ 0 or `"infinity"`.
    func repeatCount(_ key: String, default value: Double) -> Double {
        guard let node = node(key) else { return value }
        if case .string(let text) = node.value, text.lowercased() == MediaTiming.infinityName || text == "inf" { return .infinity }
        return number(key, default: value, MediaTimingKeys.repeatCount.range)
    }

    func transform(_ key: String) -> [TransformOperation] {
        guard let node = node(key) else { return [] }
        return TransformDecoder.decode(node, path: childPath(key), context: context)
    }

    /// The `count` numbers of the array under `key`. Anything else is reported, as not
    /// `expected` or as a number beyond ±1e9 (at the number), and gives nil.
    private func numbers(in node: JSONNode, key: String, count: Int, expected: String) -> [Double]? {
        guard case .array(let elements) = node.value, elements.count == count else {
            mismatch(key, expected: expected)
            return nil
        }
        var result: [Double] = []
        for element in elements {
            guard case .number(let number) = element.value else {
                mismatch(key, expected: expected)
                return nil
            }
            guard abs(number) <= Self.maxMagnitude else {
                context.error(at: element.location, path: childPath(key), "\(format(number)) is beyond ±1e9, the largest number an effect may use here")
                return nil
            }
            result.append(number)
        }
        return result
    }
}

/// A short description of a value for "got …" in messages.
func describe(_ value: JSONValue) -> String {
    switch value {
    case .number(let number): return format(number)
    case .string(let text): return "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
    case .bool(let flag): return flag ? "true" : "false"
    default: return value.kindName
    }
}

/// The operations a transform list may hold, by the one key each operation object has.
enum TransformOperationName: String, CaseIterable {
    case translate, translateZ, rotate, rotateX, rotateY, scale, perspective
}

/// Decodes a transform: a list of operations applied in order.
enum TransformDecoder {
    static let operations = TransformOperationName.allCases.map(\.rawValue)

    static func decode(_ node: JSONNode, path: String, context: DecodingContext) -> [TransformOperation] {
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a transform: a list of operations such as [{\"rotate\": \"45deg\"}, {\"scale\": 2}], got \(describe(node.value))")
            return []
        }
        var result: [TransformOperation] = []
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(path, index)
            guard case .object(let members) = element.value, members.count == 1, let member = members.first,
                  let name = TransformOperationName(rawValue: member.key) else {
                if case .object(let members) = element.value, members.count == 1 {
                    _ = ObjectReader(element, path: elementPath, context: context, what: "a transform operation", allowed: operations)
                } else {
                    context.error(at: element.location, path: elementPath, "expected one operation as an object with one key (\(operations.joined(separator: ", ")))")
                }
                continue
            }
            guard let reader = ObjectReader(element, path: elementPath, context: context, what: "a transform operation", allowed: operations) else { continue }
            let key = name.rawValue
            switch name {
            case .translate:
                if let (x, y) = reader.pair(key, expected: "[x, y]") { result.append(.translate(x: x, y: y)) }
            case .translateZ: result.append(.translateZ(reader.number(key, default: 0)))
            case .rotate: result.append(.rotate(reader.angle(key, default: 0)))
            case .rotateX: result.append(.rotateX(reader.angle(key, default: 0)))
            case .rotateY: result.append(.rotateY(reader.angle(key, default: 0)))
            case .scale:
                if case .number(let s) = member.value.value { result.append(.scale(x: s, y: s)) }
                else if let (x, y) = reader.pair(key, expected: "a number or [sx, sy]") { result.append(.scale(x: x, y: y)) }
            case .perspective: result.append(.perspective(reader.number(key, default: 500, .positive)))
            }
        }
        return result
    }
}
