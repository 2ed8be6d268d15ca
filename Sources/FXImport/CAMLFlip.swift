import FXCore
import Foundation

/// The flipped geometry of a layer whose ancestors set `geometryFlipped` (an odd number of
/// them): its sublayers' coordinates run up from the bottom of its bounds. fx is y-down only, so
/// the importer mirrors what it places: a sublayer's `position.y` is measured from the other
/// edge (`2·y₀ + h − y` for the parent's bounds origin y₀ and height h), its `anchorPoint.y`
/// is 1 − y (so the same rectangle is covered, the image upright, as Core Animation draws
/// contents upright in flipped geometry), and turns about z and x and moves along y change sign,
/// in the transform and in animations of those key paths. An emitter in flipped geometry gets
/// its `emitterPosition.y` mirrored in its own bounds and its cells' emission longitude,
/// y acceleration and spin negated.
struct CAMLFlip {
    /// The origin y and height of the bounds the sublayers are placed in.
    var originY: Double
    var height: Double

    func y(_ value: Double) -> Double { 2 * originY + height - value }

    /// A transform list mirrored top to bottom.
    static func transform(_ json: ImportedJSON) -> ImportedJSON {
        .array(json.items.map { operation in
            .object(operation.members.map { member in
                switch member.key {
                case CAMLTransform.key(.rotate(0)), CAMLTransform.key(.rotateX(0)):
                    return ImportedMember(entry: member.key, negated(member.value))
                case CAMLTransform.key(.translate(x: 0, y: 0)):
                    let pair = member.value.items
                    guard pair.count == 2 else { return member }
                    return ImportedMember(entry: member.key, .array([pair[0], negated(pair[1])]))
                default:
                    return member
                }
            })
        })
    }

    /// A number, or an angle string (`"25deg"`), with its sign changed.
    static func negated(_ json: ImportedJSON) -> ImportedJSON {
        if let number = json.number { return .number(-number) }
        if let text = json.text {
            return .string(text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text)
        }
        return .array(json.items.map(negated))
    }

    /// An animation's values mirrored by its key path; groups' children too.
    func animation(_ json: ImportedJSON) -> ImportedJSON {
        guard case .object(let members) = json else { return json }
        let keyPath = json[member: AnimationKeys.keyPath]?.text ?? ""
        let valueKeys = [BasicAnimationKeys.fromValue.name, BasicAnimationKeys.toValue.name, KeyframeAnimationKeys.values.name]
        func mirrored(_ value: ImportedJSON, isChange: Bool) -> ImportedJSON {
            switch keyPath {
            case LayerKeys.position.name + ".y":
                return value.number.map { .number(isChange ? -$0 : y($0)) } ?? value
            case LayerKeys.position.name:
                let pair = value.items.compactMap(\.number)
                guard pair.count == 2 else { return value }
                return .array([.number(pair[0]), .number(isChange ? -pair[1] : y(pair[1]))])
            case LayerKeys.anchorPoint.name + ".y":
                return value.number.map { .number(isChange ? -$0 : 1 - $0) } ?? value
            case "transform.rotation", "transform.rotation.z", "transform.rotation.x", "transform.translation.y":
                return Self.negated(value)
            case LayerKeys.transform.name:
                return Self.transform(value)
            default:
                return value
            }
        }
        return .object(members.map { member in
            if member.key == GroupAnimationKeys.animations.name { return ImportedMember(entry: member.key, .array(member.value.items.map(animation))) }
            if member.key == BasicAnimationKeys.byValue.name { return ImportedMember(entry: member.key, mirrored(member.value, isChange: true)) }
            guard valueKeys.contains(member.key) else { return member }
            if member.key == KeyframeAnimationKeys.values.name {
                return ImportedMember(entry: member.key, .array(member.value.items.map { mirrored($0, isChange: false) }))
            }
            return ImportedMember(entry: member.key, mirrored(member.value, isChange: false))
        })
    }

    /// An emitter cell's motion mirrored top to bottom, its sub-cells too.
    static func cell(_ json: ImportedJSON) -> ImportedJSON {
        guard case .object(let members) = json else { return json }
        return .object(members.map { member in
            switch member.key {
            case EmitterCellKeys.emissionLongitude.name, EmitterCellKeys.yAcceleration.name, EmitterCellKeys.spin.name:
                return ImportedMember(entry: member.key, negated(member.value))
            case EmitterCellKeys.emitterCells.name:
                return ImportedMember(entry: member.key, .array(member.value.items.map(cell)))
            default:
                return member
            }
        })
    }
}
