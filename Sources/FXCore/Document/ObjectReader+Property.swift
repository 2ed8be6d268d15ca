/// Reading an object's keys by their descriptors: the key's name, range and default come from
/// the ``PropertyRegistry``, never written here a second time.
extension ObjectReader {
    /// Reads an object whose keys are `allowed`'s.
    init?(_ node: JSONNode, path: String, context: DecodingContext, what: String, allowed: [PropertyDescriptor]) {
        self.init(node, path: path, context: context, what: what, allowed: allowed.map(\.name))
    }

    func has(_ property: PropertyDescriptor) -> Bool { has(property.name) }

    func node(_ property: PropertyDescriptor) -> JSONNode? { node(property.name) }

    func childPath(_ property: PropertyDescriptor) -> String { childPath(property.name) }

    func keyLocation(_ property: PropertyDescriptor) -> SourceLocation? { keyLocation(property.name) }

    /// Whether the value of any of `properties` was wrong (reported, and replaced by the
    /// default): a warning about what those values imply is then left out, as it would only
    /// follow from the default.
    func hasFailed(_ properties: PropertyDescriptor...) -> Bool {
        properties.contains { context.hasFailed(childPath($0)) }
    }

    func error(_ property: PropertyDescriptor, _ message: String, suggestion: String? = nil) {
        error(property.name, message, suggestion: suggestion)
    }

    /// Reports that the object lacks the required `properties` (nothing when it has them all);
    /// returns whether it has them.
    @discardableResult
    func require(_ properties: [PropertyDescriptor], what: String, suggestion: String? = nil) -> Bool {
        let missing = properties.filter { !has($0) }
        guard !missing.isEmpty else { return true }
        context.error(at: location, path: JSONPath.member(path, missing[0].name),
                      "\(what) needs \(missing.map { "\"\($0.name)\"" }.joined(separator: " and "))", suggestion: suggestion)
        return false
    }

    // MARK: - Typed values, with the descriptor's range and default

    /// The number under the property's key, within its range; its default (or `value`) when
    /// absent or wrong.
    func number(_ property: PropertyDescriptor, default value: Double? = nil) -> Double {
        number(property.name, default: value ?? property.defaultNumber, property.range)
    }

    /// A whole number, within the property's range.
    func integer(_ property: PropertyDescriptor, default value: Int? = nil) -> Int {
        integer(property.name, default: value ?? Int(property.defaultNumber), property.range)
    }

    /// An angle (radians, or `"90deg"`), not negative when the property's range says so.
    func angle(_ property: PropertyDescriptor, default value: Double? = nil) -> Double {
        angle(property.name, default: value ?? property.defaultNumber, nonNegative: property.range == .nonNegative)
    }

    func bool(_ property: PropertyDescriptor) -> Bool {
        let fallback: Bool
        if case .bool(let flag)? = property.defaultValue { fallback = flag } else { fallback = false }
        return bool(property.name, default: fallback)
    }

    /// The string under `property`; nil when absent, not a string, or longer than the
    /// property's ``PropertyDescriptor/maxLength`` (reported).
    func string(_ property: PropertyDescriptor) -> String? {
        guard let text = string(property.name) else { return nil }
        let scalars = text.unicodeScalars
        if let limit = property.maxLength, let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
           end != scalars.endIndex, let length = property.lengthText {
            error(property, "a string of \(length) expected, got \(formatGrouped(scalars.count)) characters",
                  suggestion: "shorten it, or split the text over several text layers")
            return nil
        }
        return text
    }

    /// One of an enumeration's cases; the property's default when absent or wrong.
    func enumeration<E: RawRepresentable & CaseIterable>(_ property: PropertyDescriptor, default value: E) -> E where E.RawValue == String {
        enumeration(property.name, default: value)
    }

    /// One of an enumeration's cases, or nil when absent or wrong (reported).
    func enumeration<E: RawRepresentable & CaseIterable>(_ property: PropertyDescriptor, as type: E.Type) -> E? where E.RawValue == String {
        choice(property.name, among: E.allCases.map(\.rawValue)).flatMap(E.init(rawValue:))
    }

    func point(_ property: PropertyDescriptor, default value: Point = .zero) -> Point { point(property.name, default: value) }

    func rect(_ property: PropertyDescriptor, default value: Rect) -> Rect { rect(property.name, default: value) }

    func color(_ property: PropertyDescriptor, default value: Color) -> Color { color(property.name, default: value) }

    /// Media timing: `CAMediaTiming`'s keys, as the registry declares them.
    func timing() -> MediaTiming {
        var timing = MediaTiming()
        decode(MediaTimingKeys.all, into: &timing)
        if timing.duration > 0 && timing.duration < 1e-6 {
            error(MediaTimingKeys.duration, "a duration is 0 (none) or at least a microsecond, got \(format(timing.duration))")
            timing.duration = 0
        }
        return timing
    }

    // MARK: - Every value property of a model at once

    /// Reads each of `properties` that this object writes and `model`'s type holds into
    /// `model`, checked against the property's form and range: a wrong value is reported and
    /// leaves the model's value as it was. Absent, the model's default stays.
    func decode<Model>(_ properties: [PropertyDescriptor], into model: inout Model) {
        for property in properties { decode(property, into: &model) }
    }

    /// Reads `property` into `model`, as ``decode(_:into:)-([PropertyDescriptor],_)`` does.
    func decode<Model>(_ property: PropertyDescriptor, into model: inout Model) {
        guard has(property.name) else { return }
        if let accessor = property.access.choices(of: Model.self) {
            if case .enumeration(let names) = property.form {
                if let name = choice(property.name, among: names) { _ = accessor.write(&model, name) }
            } else if let text = string(property) {
                _ = accessor.write(&model, text)
            }
            return
        }
        guard let accessor = property.access.values(of: Model.self) else { return }
        if property.form == .transform, let assign = accessor.assignOperations {
            return assign(&model, transform(property.name))
        }
        // Written as read: the reader has checked the value against the property's range (and
        // a repeat count may be infinite).
        if let value = value(of: property, current: accessor.read(model)) { accessor.write(&model, value) }
    }

    /// The value of `property` as the file writes it; `current` where it is wrong (reported),
    /// nil for forms the model holds apart.
    private func value(of property: PropertyDescriptor, current: AnimatableValue) -> AnimatableValue? {
        let key = property.name
        switch (property.form, current) {
        case (.number, .number(let n)): return .number(number(key, default: n, property.range))
        case (.repeatCount, .number(let n)): return .number(repeatCount(key, default: n))
        case (.angle, .number(let n)): return .number(angle(key, default: n, nonNegative: property.range == .nonNegative))
        case (.integer, .number(let n)): return .number(Double(integer(key, default: Int(n), property.range)))
        case (.boolean, .bool(let flag)): return .bool(bool(key, default: flag))
        case (.color, .color(let color)): return .color(self.color(key, default: color))
        case (.point, .point(let point)): return .point(self.point(key, default: point))
        case (.size, .size(let size)) where property.range == .any:
            // An offset (`shadowOffset`) may point anywhere: Core Animation's default is [0, -3].
            guard let (width, height) = pair(key, expected: "a size [width, height]") else { return .size(size) }
            return .size(Size(width: width, height: height))
        case (.size, .size(let size)): return .size(self.size(key, default: size))
        case (.rect, .rect(let rect)): return .rect(self.rect(key, default: rect))
        case (.bounds, .rect(let rect)): return .rect(bounds(key, default: rect))
        case (.colors, _), (.numbers, _), (.path, _):
            guard let node = node(key), let kind = property.kind else { return nil }
            return ValueDecoder.decode(node, kind: kind, angles: false, path: childPath(key), context: context)
        default:
            return nil
        }
    }
}

extension PropertyDescriptor {
    /// The default of a number property (0 for one whose default is not a number).
    var defaultNumber: Double {
        if case .number(let n)? = defaultValue { return n }
        return 0
    }
}
