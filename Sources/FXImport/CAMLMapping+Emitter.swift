import FXCore
import Foundation

extension CAMLMapping {
    /// A `<CAEmitterCell>` and its sub-cells as fx cells. A top-level cell's negative
    /// `beginTime` (Core Animation's way to start a cell full) becomes the layer's `prewarm`.
    mutating func cell(_ element: CAMLElement, depth: Int, usedNames: inout Set<String>, prewarm: inout Double) -> ImportedJSON? {
        let owners: [PropertyOwner] = [.emitterCell, .mediaTiming]
        var members: [ImportedMember] = []
        var lines: [String: Int] = [:]
        func set(_ key: PropertyDescriptor, _ value: ImportedJSON, _ line: Int) {
            members.removeAll { $0.key == key.name }
            members.append(ImportedMember(key, value))
            lines[key.name] = line
        }
        var lifetime = 1.0, lifetimeRange = 0.0
        for attribute in element.attributes {
            let key = attribute.name
            if Self.isLeftover(key) || key == "type" { continue }
            if key == EmitterCellKeys.name.name {
                var given = attribute.value.replacingOccurrences(of: ".", with: "-")
                if given.isEmpty { continue }
                let base = given
                var number = 2
                while usedNames.contains(given) { given = "\(base)-\(number)"; number += 1 }
                usedNames.insert(given)
                if given != attribute.value {
                    notes.warn(key, "the cell's name \"\(attribute.value)\" is written \"\(given)\": fx's cell names have no dots and differ among siblings (key paths use it)", line: attribute.line)
                }
                set(EmitterCellKeys.name, .string(given), attribute.line)
                continue
            }
            guard let descriptor = Self.descriptor(key, among: owners), descriptor != EmitterCellKeys.contents else {
                if let gap = CoreAnimationGap.named(key, on: .emitterCell) {
                    if Double(attribute.value) == 0 || (key == "mass" && Double(attribute.value) == 1) { continue }
                    notes.warn(key, gap.message, line: attribute.line)
                } else if ["minificationFilter", "magnificationFilter", "minificationFilterBias", "contentsScale"].contains(key) {
                    if key == "contentsScale" { notes.warn(key, "fx has no contentsScale on a cell here: the particle is drawn at its image's pixel size × scale", line: attribute.line) }
                } else {
                    notes.warn(key, "not a CAEmitterCell property fx knows: dropped", line: attribute.line)
                }
                continue
            }
            if descriptor == MediaTimingKeys.beginTime, let begin = Double(attribute.value), begin.isFinite {
                if abs(begin) < 1e-6 { continue }
                if begin < 0, depth == 0 {
                    prewarm = max(prewarm, -begin)
                    continue
                }
            }
            guard let json = convert(attribute.value, descriptor, line: attribute.line, key: key) else { continue }
            if descriptor == EmitterCellKeys.lifetime, let value = json.number { lifetime = value }
            if descriptor == EmitterCellKeys.lifetimeRange, let value = json.number { lifetimeRange = value }
            set(descriptor, json, attribute.line)
        }
        for child in element.children {
            let key = child.name
            if Self.isLeftover(key) { continue }
            switch key {
            case EmitterCellKeys.contents.name:
                if let texture = imageName(in: child) { set(EmitterCellKeys.contents, .string(texture), child.line) }
            case EmitterCellKeys.emitterCells.name:
                var names: Set<String> = []
                var ignored = 0.0
                var cells: [ImportedJSON] = []
                for sub in child.children where sub.name == "CAEmitterCell" {
                    if let json = cell(sub, depth: depth + 1, usedNames: &names, prewarm: &ignored) { cells.append(json) }
                }
                if !cells.isEmpty { set(EmitterCellKeys.emitterCells, .array(cells), child.line) }
            case EmitterCellKeys.emitterBehaviors.name:
                let (behaviors, fields) = self.behaviors(child, onLayer: false)
                _ = fields
                if !behaviors.isEmpty { set(EmitterCellKeys.emitterBehaviors, .array(behaviors), child.line) }
            default:
                guard let descriptor = Self.descriptor(key, among: owners) else {
                    notes.warn(key, "not a CAEmitterCell property fx knows: dropped", line: child.line)
                    continue
                }
                if let json = convert(child, descriptor) { set(descriptor, json, child.line) }
            }
        }
        longestLife = max(longestLife, lifetime + lifetimeRange / 2)
        let order = PropertyRegistry.properties(of: .emitterCell).map(\.name) + PropertyRegistry.properties(of: .mediaTiming).map(\.name)
        members.sort { (order.firstIndex(of: $0.key) ?? Int.max) < (order.firstIndex(of: $1.key) ?? Int.max) }
        return .object(members + Self.markers(line: element.line, label: "CAEmitterCell", memberLines: lines))
    }

    /// `<emitterBehaviors>`: the behaviors fx maps (drag, colorOverLife, valueOverLife of alpha
    /// or scale, alignToMotion) as fx's `emitterBehaviors`, and attractors as the layer's force
    /// fields (approximated, warned); the rest warned and dropped.
    mutating func behaviors(_ element: CAMLElement, onLayer: Bool) -> ([ImportedJSON], [ImportedJSON]) {
        var behaviors: [ImportedJSON] = []
        var fields: [ImportedJSON] = []
        for item in element.children where !Self.isLeftover(item.name) {
            let typeName = item["behavior"] ?? item["behaviorType"] ?? (item["type"] != item.name ? item["type"] : nil) ?? ""
            guard let type = EmitterBehaviorType(rawValue: typeName) else {
                notes.warn(item.name, "a behavior of type \"\(typeName)\" is not one Core Animation documents or fx has: dropped", line: item.line)
                continue
            }
            if item["enabled"] == "0" || item["enabled"] == "false" { continue }
            var members: [ImportedMember] = [ImportedMember(EmitterBehaviorKeys.type, .name(type))]
            if let given = item["name"], !given.isEmpty { members.append(ImportedMember(EmitterBehaviorKeys.name, .string(given))) }
            func list(_ key: PropertyDescriptor) -> ImportedJSON? {
                if let child = item.child(key.name) { return convert(child, key) }
                if let text = item[key.name] { return convert(text, key, line: item.line, key: key.name) }
                return nil
            }
            switch type {
            case .drag:
                guard let json = list(EmitterBehaviorKeys.drag) else { continue }
                members.append(ImportedMember(EmitterBehaviorKeys.drag, json))
            case .colorOverLife:
                guard let colors = list(EmitterBehaviorKeys.colors) else {
                    notes.warn(item.name, "a colorOverLife behavior without colors: dropped", line: item.line)
                    continue
                }
                members.append(ImportedMember(EmitterBehaviorKeys.colors, colors))
                if let locations = list(EmitterBehaviorKeys.locations) { members.append(ImportedMember(EmitterBehaviorKeys.locations, locations)) }
            case .valueOverLife:
                let keyPath = item[EmitterBehaviorKeys.keyPath.name] ?? ""
                guard keyPath == "color.alpha" || keyPath == "scale" else {
                    notes.warn(item.name, "valueOverLife of \"\(keyPath)\": fx has values over life only for color.alpha and scale; dropped", line: item.line)
                    continue
                }
                guard let values = list(EmitterBehaviorKeys.values) else {
                    notes.warn(item.name, "a valueOverLife behavior without values: dropped", line: item.line)
                    continue
                }
                members.append(ImportedMember(EmitterBehaviorKeys.keyPath, .string(keyPath)))
                members.append(ImportedMember(EmitterBehaviorKeys.values, values))
                if let locations = list(EmitterBehaviorKeys.locations) { members.append(ImportedMember(EmitterBehaviorKeys.locations, locations)) }
            case .alignToMotion:
                if let rotation = list(EmitterBehaviorKeys.rotation) { members.append(ImportedMember(EmitterBehaviorKeys.rotation, rotation)) }
            case .attractor, .simpleAttractor:
                guard onLayer else {
                    notes.warn(item.name, "an attractor on a cell: fx's force fields belong to the emitter layer; dropped (put it in the layer's emitterBehaviors)", line: item.line)
                    continue
                }
                let position = item["position"].flatMap(Self.numbers) ?? [0, 0]
                let stiffness = item["stiffness"].flatMap(Double.init) ?? 0
                let radius = item["radius"].flatMap(Double.init) ?? 0
                let reach = radius > 0 && radius.isFinite ? radius : 100
                let strength = stiffness * reach
                guard position.count >= 2, position.allSatisfy(\.isFinite), strength.isFinite else {
                    notes.warn(item.name, "the attractor's position or stiffness is not a finite number: dropped", line: item.line)
                    continue
                }
                var field: [ImportedMember] = [
                    ImportedMember(ForceFieldKeys.name, .string(item["name"].map { $0.replacingOccurrences(of: ".", with: "-") } ?? "attractor-\(fields.count + 1)")),
                    ImportedMember(ForceFieldKeys.type, .name(ForceField.Kind.attractor)),
                    ImportedMember(ForceFieldKeys.position, .array([.number(position[0]), .number(position[1])])),
                    ImportedMember(ForceFieldKeys.strength, .number(strength)),
                ]
                if radius > 0, radius.isFinite { field.append(ImportedMember(ForceFieldKeys.radius, .number(radius))) }
                fields.append(.object(field + Self.markers(line: item.line, label: "CAEmitterBehavior")))
                notes.warn(item.name, "Core Animation's \(type.rawValue) is a spring pull of undocumented falloff; fx pulls with a force field of constant strength stiffness × \(ImportedJSON.text(of: reach)) pt = \(ImportedJSON.text(of: strength)) pt/s² toward (\(ImportedJSON.text(of: position[0])), \(ImportedJSON.text(of: position[1])))", line: item.line)
                continue
            case .wave, .light:
                notes.warn(item.name, "a \(type.rawValue) behavior is not one fx has: dropped", line: item.line)
                continue
            }
            behaviors.append(.object(members + Self.markers(line: item.line, label: "CAEmitterBehavior")))
        }
        return (behaviors, fields)
    }
}
