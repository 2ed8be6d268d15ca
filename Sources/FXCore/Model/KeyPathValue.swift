/// A property value read by key path, as `fx inspect --keypath` reports it.
public enum KeyPathValue: Equatable, Sendable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
}

extension Layer {
    /// The model value at a Core Animation key path of this layer: a layer property
    /// (`opacity`, `position.x`, `bounds.size.width`), an emitter property (`birthRate`,
    /// `emitterPosition`), or a cell property (`emitterCells.NAME.PROPERTY`, to any depth).
    /// Nil when the key path names nothing.
    public func value(forKeyPath keyPath: String) -> KeyPathValue? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "emitterCells", let emitter {
            return EmitterCell.value(in: emitter.emitterCells, parts: parts)
        }
        if let value = commonValue(parts) { return value }
        if let emitter, parts.count == 1 { return emitter.value(forKey: parts[0]) }
        return nil
    }

    private func commonValue(_ parts: [String]) -> KeyPathValue? {
        switch parts {
        case ["position"]: return .point(position)
        case ["position", "x"]: return .number(position.x)
        case ["position", "y"]: return .number(position.y)
        case ["bounds"]: return .rect(bounds)
        case ["bounds", "size"]: return .size(bounds.size)
        case ["bounds", "size", "width"]: return .number(bounds.size.width)
        case ["bounds", "size", "height"]: return .number(bounds.size.height)
        case ["anchorPoint"]: return .point(anchorPoint)
        case ["opacity"]: return .number(opacity)
        case ["zPosition"]: return .number(zPosition)
        case ["hidden"]: return .bool(hidden)
        case ["cornerRadius"]: return .number(cornerRadius)
        case ["borderWidth"]: return .number(borderWidth)
        case ["borderColor"]: return .color(borderColor)
        case ["backgroundColor"]: return .color(backgroundColor ?? .clear)
        default: return nil
        }
    }
}

extension EmitterProperties {
    func value(forKey key: String) -> KeyPathValue? {
        switch key {
        case "emitterPosition": return .point(emitterPosition)
        case "emitterZPosition": return .number(emitterZPosition)
        case "emitterSize": return .size(emitterSize)
        case "emitterDepth": return .number(emitterDepth)
        case "emitterShape": return .string(emitterShape.rawValue)
        case "emitterMode": return .string(emitterMode.rawValue)
        case "renderMode": return .string(renderMode.rawValue)
        case "preservesDepth": return .bool(preservesDepth)
        case "birthRate": return .number(birthRate)
        case "lifetime": return .number(lifetime)
        case "velocity": return .number(velocity)
        case "scale": return .number(scale)
        case "spin": return .number(spin)
        case "seed": return .number(Double(seed))
        default: return nil
        }
    }
}

extension EmitterCell {
    /// `parts` is `["emitterCells", NAME, (…,) PROPERTY]`.
    static func value(in cells: [EmitterCell], parts: [String]) -> KeyPathValue? {
        guard parts.count >= 3, parts[0] == "emitterCells",
              let cell = cells.first(where: { $0.name == parts[1] }) else { return nil }
        if parts[2] == "emitterCells" { return value(in: cell.emitterCells, parts: Array(parts.dropFirst(2))) }
        guard parts.count == 3 else { return nil }
        return cell.value(forKey: parts[2])
    }

    func value(forKey key: String) -> KeyPathValue? {
        switch key {
        case "enabled": return .bool(enabled)
        case "birthRate": return .number(birthRate)
        case "lifetime": return .number(lifetime)
        case "lifetimeRange": return .number(lifetimeRange)
        case "emissionLatitude": return .number(emissionLatitude)
        case "emissionLongitude": return .number(emissionLongitude)
        case "emissionRange": return .number(emissionRange)
        case "velocity": return .number(velocity)
        case "velocityRange": return .number(velocityRange)
        case "xAcceleration": return .number(xAcceleration)
        case "yAcceleration": return .number(yAcceleration)
        case "zAcceleration": return .number(zAcceleration)
        case "scale": return .number(scale)
        case "scaleRange": return .number(scaleRange)
        case "scaleSpeed": return .number(scaleSpeed)
        case "spin": return .number(spin)
        case "spinRange": return .number(spinRange)
        case "color": return .color(color)
        case "redRange": return .number(redRange)
        case "greenRange": return .number(greenRange)
        case "blueRange": return .number(blueRange)
        case "alphaRange": return .number(alphaRange)
        case "redSpeed": return .number(redSpeed)
        case "greenSpeed": return .number(greenSpeed)
        case "blueSpeed": return .number(blueSpeed)
        case "alphaSpeed": return .number(alphaSpeed)
        case "contentsRect": return .rect(contentsRect)
        case "contentsScale": return .number(contentsScale)
        case "contents": return contents.map { .string($0.description) }
        default: return nil
        }
    }
}
