extension ObjectReader {
    /// Reads `property` from this object into `layer`, checked against the property's form
    /// and range: a wrong value is reported and leaves the layer's value as it was. Absent,
    /// the model's default stays.
    func decode(_ property: PropertyDescriptor, into layer: inout Layer) {
        guard has(property.name) else { return }
        if case .enumeration(let names) = property.form, case .layerChoice = property.access {
            if let name = choice(property.name, among: names) { property.setChoice(name, on: &layer) }
            return
        }
        guard case .layer(let accessor) = property.access else { return }
        if property.form == .transform, let assign = accessor.assignOperations {
            return assign(&layer, transform(property.name))
        }
        if let value = value(of: property, current: accessor.read(layer)) { property.set(value, on: &layer) }
    }

    /// Reads `property` from this object into `cell`, as ``decode(_:into:)-layer`` does.
    func decode(_ property: PropertyDescriptor, into cell: inout EmitterCell) {
        guard has(property.name), case .cell(let accessor) = property.access else { return }
        if let value = value(of: property, current: accessor.read(cell)) { property.set(value, on: &cell) }
    }

    /// The value of `property` as the file writes it; `current` where it is wrong (reported),
    /// nil for forms the model holds apart.
    private func value(of property: PropertyDescriptor, current: AnimatableValue) -> AnimatableValue? {
        let key = property.name
        switch (property.form, current) {
        case (.number, .number(let n)): return .number(number(key, default: n, property.range))
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
