import FXCore
import Foundation

extension ImportResult {
    /// This result with every number the effect may not hold brought into fx's range, each
    /// warned: a source's absurd value (a `maxParticles` of 1e18, a radius of 1e308) makes a
    /// valid effect that plays, not one `fx validate` refuses. Ranges come from the property
    /// registry (the key's range, and ±1e9 for any number), so they are the decoder's own.
    /// - Parameter source: the file warnings name (the first source).
    public func clampedToRanges(source: String) -> ImportResult {
        var clamping = RangeClamping(source: source)
        var result = self
        result.effect = clamping.effect(effect)
        result.warnings += clamping.warnings
        return result
    }
}

/// The walk behind ``ImportResult/clampedToRanges(source:)``: the effect's keys, each layer's
/// (by its type's owners) and each cell's, sub-cells and structured members included.
private struct RangeClamping {
    let source: String
    var warnings: [ImportWarning] = []
    /// The largest magnitude the decoder takes for a number without a closed range.
    static let maxMagnitude = 1e9

    init(source: String) { self.source = source }

    mutating func effect(_ value: ImportedJSON) -> ImportedJSON {
        guard case .object(let members) = value else { return value }
        return .object(members.map { member in
            if member.key == EffectKeys.layers.name {
                return ImportedMember(EffectKeys.layers, .array(member.value.items.map { layer($0, path: EffectKeys.layers.name) }))
            }
            if member.key == EffectKeys.canvas.name, let size = member.value[member: CanvasKeys.size]?.items.compactMap(\.number), size.count == 2 {
                let side = EffectLimits.maxCanvasSide
                let clamped = size.map { $0.isNaN ? 1 : min(max($0, 1), side) }
                guard clamped != size else { return member }
                warnings.append(ImportWarning(file: source, line: 1, key: EffectKeys.canvas.name,
                                              message: "a canvas of \(size.map { ImportedJSON.text(of: $0) }.joined(separator: " × ")) is outside fx's 1…\(ImportedJSON.text(of: side)) points a side; clamped"))
                return ImportedMember(EffectKeys.canvas, member.value.setting(CanvasKeys.size, .array(clamped.map(ImportedJSON.number))))
            }
            return clamp(member, owners: [.effect], path: "")
        })
    }

    mutating func layer(_ value: ImportedJSON, path: String) -> ImportedJSON {
        guard case .object(let members) = value else { return value }
        let type = value[member: LayerKeys.type]?.text.flatMap(Layer.LayerType.init(rawValue:))
        var owners: [PropertyOwner] = [.layer, .mediaTiming]
        if let type, let own = PropertyOwner.layer(type) { owners.insert(own, at: 0) }
        let name = value[member: LayerKeys.name]?.text ?? "layer"
        return .object(members.map { member in
            switch member.key {
            case EmitterLayerKeys.emitterCells.name:
                return ImportedMember(EmitterLayerKeys.emitterCells, .array(member.value.items.map { cell($0, path: name) }))
            case LayerKeys.sublayers.name:
                return ImportedMember(LayerKeys.sublayers, .array(member.value.items.map { layer($0, path: name) }))
            case LayerKeys.animations.name:
                return ImportedMember(LayerKeys.animations, .array(member.value.items.map { animation($0, path: name + "." + member.key) }))
            default: return clamp(member, owners: owners, path: name)
            }
        })
    }

    /// An animation's timing and values (a group's children too): a duration of 1e18 s or a
    /// `toValue` of 1e300 is clamped like any other key.
    mutating func animation(_ value: ImportedJSON, path: String) -> ImportedJSON {
        guard case .object(let members) = value else { return value }
        let type = value[member: AnimationKeys.type]?.text.flatMap(Animation.AnimationType.init(rawValue:))
        var owners: [PropertyOwner] = [.animation, .mediaTiming]
        if let type { owners.insert(PropertyOwner.animation(type), at: 0) }
        return .object(members.map { member in
            if member.key == GroupAnimationKeys.animations.name {
                return ImportedMember(GroupAnimationKeys.animations, .array(member.value.items.map { animation($0, path: path) }))
            }
            return clamp(member, owners: owners, path: path)
        })
    }

    mutating func cell(_ value: ImportedJSON, path: String) -> ImportedJSON {
        guard case .object(let members) = value else { return value }
        let cells = EmitterCellKeys.emitterCells
        let name = path + "." + cells.name + "." + (value[member: EmitterCellKeys.name]?.text ?? "cell")
        return .object(members.map { member in
            if member.key == cells.name { return ImportedMember(cells, .array(member.value.items.map { cell($0, path: name) })) }
            return clamp(member, owners: [.emitterCell, .mediaTiming], path: name)
        })
    }

    /// `member` with its number (or the numbers of its array, or its structure's members)
    /// clamped to the range of the first of `owners` that declares it.
    mutating func clamp(_ member: ImportedMember, owners: [PropertyOwner], path: String) -> ImportedMember {
        guard let property = owners.lazy.compactMap({ PropertyRegistry.property(member.key, of: $0) }).first else { return member }
        return ImportedMember(property, clamp(member.value, property: property, path: path.isEmpty ? member.key : path + "." + member.key))
    }

    mutating func clamp(_ value: ImportedJSON, property: PropertyDescriptor, path: String) -> ImportedJSON {
        switch value {
        case .number(let number):
            var clamped = number.isNaN ? 0 : property.range.clamp(number)
            if case .closed = property.range {} else { clamped = min(max(clamped, -Self.maxMagnitude), Self.maxMagnitude) }
            if property.form == .integer { clamped = clamped.rounded(.towardZero) }
            guard clamped != number else { return value }
            warnings.append(ImportWarning(file: source, line: 1, key: property.name,
                                          message: "\(path) would be \(ImportedJSON.text(of: number)), outside fx's range (\(property.range.requirement(brokenBy: number))); clamped to \(ImportedJSON.text(of: clamped))"))
            return .number(clamped)
        case .array(let items) where items.allSatisfy({ $0.number != nil }):
            let clamped = items.map { item -> ImportedJSON in
                let number = item.number ?? 0
                return .number(number.isNaN ? 0 : min(max(number, -Self.maxMagnitude), Self.maxMagnitude))
            }
            guard clamped != items else { return value }
            warnings.append(ImportWarning(file: source, line: 1, key: property.name,
                                          message: "\(path) has a number beyond ±1e9, the largest an effect may use; clamped"))
            return .array(clamped)
        case .string(let text) where property.form == .angle && text.hasSuffix("deg"):
            // An angle in degrees: its radians within the key's range and ±1e9.
            guard let degrees = Double(text.dropLast(3)) else { return value }
            var radians = degrees.isNaN ? 0 : property.range.clamp(degrees * .pi / 180)
            radians = min(max(radians, -Self.maxMagnitude), Self.maxMagnitude)
            let clamped = radians * 180 / .pi
            guard abs(clamped - degrees) > 1e-9 * max(1, abs(degrees)) else { return value }
            warnings.append(ImportWarning(file: source, line: 1, key: property.name,
                                          message: "\(path) would be \(text), outside fx's range for an angle; clamped to \(ImportedJSON.text(of: clamped))deg"))
            return .string(ImportedJSON.text(of: clamped) + "deg")
        case .object(let members) where !property.members.isEmpty:
            return .object(members.map { member in
                guard let inner = property.members.first(where: { $0.name == member.key }) else { return member }
                return ImportedMember(inner, clamp(member.value, property: inner, path: path + "." + member.key))
            })
        case .array(let items) where property.isListOfObjects:
            return .array(items.map { clamp($0, property: property, path: path) })
        default:
            return value
        }
    }
}
