import FXCore
import Foundation

extension CAMLMapping {
    /// An animation of `<animations>`: the element name is its key (or `<p key="…">`), `type=`
    /// its class; in a group's `<animations>` the element name is the class. Nil (warned) when
    /// it cannot be read.
    mutating func animation(_ element: CAMLElement, layerType: Layer.LayerType, inGroup: Bool) -> ImportedJSON? {
        let className = element["type"] ?? element.name
        let label = element.name == "p" ? (element["key"] ?? "animation") : element.name
        let kind: Animation.AnimationType
        var owners: [PropertyOwner]
        switch className {
        case "CABasicAnimation": kind = .basic; owners = [.basicAnimation]
        case "CAKeyframeAnimation": kind = .keyframe; owners = [.keyframeAnimation]
        case "CASpringAnimation": kind = .spring; owners = [.springAnimation]
        case "CAAnimationGroup": kind = .group; owners = [.groupAnimation]
        case "CATransition": kind = .transition; owners = [.transitionAnimation]
        default:
            notes.warn(label, "\(className) is not an animation class fx has (CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup, CATransition): dropped", line: element.line)
            return nil
        }
        owners += [.animation, .mediaTiming]
        var members: [ImportedMember] = [ImportedMember(AnimationKeys.type, .name(kind))]
        var lines: [String: Int] = [:]
        func set(_ key: PropertyDescriptor, _ value: ImportedJSON, _ line: Int) {
            members.removeAll { $0.key == key.name }
            members.append(ImportedMember(key, value))
            lines[key.name] = line
        }
        var keyPath = element[AnimationKeys.keyPath.name] ?? ""
        if keyPath.hasSuffix(".scale.xy") { keyPath = String(keyPath.dropLast(3)) } // Core Animation's uniform scale
        let hint = Self.hint(forKeyPath: keyPath)
        if kind != .group && kind != .transition {
            guard !keyPath.isEmpty else {
                notes.warn(label, "the animation has no keyPath: dropped", line: element.line)
                return nil
            }
            set(AnimationKeys.keyPath, .string(keyPath), element.attribute(AnimationKeys.keyPath.name)?.line ?? element.line)
        }
        let valueKeys: [String: PropertyDescriptor] = kind == .spring
            ? [SpringAnimationKeys.fromValue.name: SpringAnimationKeys.fromValue, SpringAnimationKeys.toValue.name: SpringAnimationKeys.toValue]
            : kind == .basic ? [BasicAnimationKeys.fromValue.name: BasicAnimationKeys.fromValue, BasicAnimationKeys.toValue.name: BasicAnimationKeys.toValue,
                                BasicAnimationKeys.byValue.name: BasicAnimationKeys.byValue] : [:]
        var beginTime = 0.0, duration = 0.25, repeats = 1.0
        for attribute in element.attributes {
            let key = attribute.name
            if Self.isLeftover(key) || key == "type" || key == AnimationKeys.keyPath.name || (element.name == "p" && key == "key") { continue }
            if let valueKey = valueKeys[key] {
                if let json = textValue(attribute.value, type: nil, hint: hint, line: attribute.line, key: key) { set(valueKey, json, attribute.line) }
                continue
            }
            let aliases: [String: PropertyDescriptor] = ["velocity": SpringAnimationKeys.initialVelocity]
            guard let descriptor = (kind == .spring ? aliases[key] : nil) ?? Self.descriptor(key, among: owners) else {
                if key == "type" || key == "subtype" && kind == .transition { continue }
                notes.warn(key, "not a property of \(className) fx has: dropped", line: attribute.line)
                continue
            }
            if descriptor == MediaTimingKeys.beginTime, let begin = Double(attribute.value), abs(begin) < 1e-6 { continue } // 1e-100: at 0
            guard let json = convert(attribute.value, descriptor, line: attribute.line, key: key) else { continue }
            if descriptor == MediaTimingKeys.beginTime, let value = json.number { beginTime = value }
            if descriptor == MediaTimingKeys.duration, let value = json.number { duration = value }
            if descriptor == MediaTimingKeys.repeatCount { repeats = json.number.map { max(1, $0) } ?? 1 }
            if descriptor == KeyframeAnimationKeys.calculationMode, keyPath == ImageLayerKeys.contents.name, json.text != Animation.CalculationMode.discrete.rawValue {
                notes.warn(key, "images in turn are shown one at a time (discrete): Core Animation's \(attribute.value) mode cross-fades them, which fx does not draw", line: attribute.line)
                set(descriptor, .name(Animation.CalculationMode.discrete), attribute.line)
                continue
            }
            set(descriptor, json, attribute.line)
        }
        if kind == .keyframe, keyPath == ImageLayerKeys.contents.name, element[KeyframeAnimationKeys.calculationMode.name] == nil {
            notes.warn(KeyframeAnimationKeys.calculationMode.name, "images in turn are shown one at a time (discrete): Core Animation's default linear mode cross-fades them, which fx does not draw", line: element.line)
            set(KeyframeAnimationKeys.calculationMode, .name(Animation.CalculationMode.discrete), element.line)
        }
        for child in element.children {
            let key = child.name
            if Self.isLeftover(key) { continue }
            if let valueKey = valueKeys[key] {
                if let json = typedValue(child, hint: hint, key: key) { set(valueKey, json, child.line) }
                continue
            }
            switch key {
            case KeyframeAnimationKeys.values.name where kind == .keyframe:
                var values: [ImportedJSON] = []
                for item in child.children {
                    guard let json = typedValue(item, hint: hint, key: key) else {
                        notes.warn(label, "a keyframe value could not be read: the animation is dropped", line: item.line)
                        return nil
                    }
                    values.append(json)
                }
                set(KeyframeAnimationKeys.values, .array(values), child.line)
            case KeyframeAnimationKeys.keyTimes.name, KeyframeAnimationKeys.tensionValues.name, KeyframeAnimationKeys.continuityValues.name,
                 KeyframeAnimationKeys.biasValues.name:
                guard let descriptor = Self.descriptor(key, among: owners), let json = convert(child, descriptor) else { continue }
                set(descriptor, json, child.line)
            case KeyframeAnimationKeys.timingFunctions.name:
                var functions: [ImportedJSON] = []
                for item in child.children {
                    guard let text = item["name"] ?? item["value"] ?? item["controlPoints"],
                          let json = convert(text, AnimationKeys.timingFunction, line: item.line, key: key) else { continue }
                    functions.append(json)
                }
                if !functions.isEmpty { set(KeyframeAnimationKeys.timingFunctions, .array(functions), child.line) }
            case AnimationKeys.timingFunction.name:
                if let text = child["name"] ?? child["value"] ?? child["controlPoints"] ?? child.children.first?["value"],
                   let json = convert(text, AnimationKeys.timingFunction, line: child.line, key: key) {
                    set(AnimationKeys.timingFunction, json, child.line)
                }
            case KeyframeAnimationKeys.path.name where kind == .keyframe:
                if let json = convert(child, KeyframeAnimationKeys.path) { set(KeyframeAnimationKeys.path, json, child.line) }
            case _ where kind == .transition && [TransitionAnimationKeys.transitionType, TransitionAnimationKeys.subtype].contains { $0.coreAnimationProperty == key }:
                // `type=` names the class, so a transition's type and subtype are elements:
                // `<type value="push"/>`, `<subtype value="fromLeft"/>`.
                guard let descriptor = Self.descriptor(key, among: owners), let text = child["value"] ?? (child.text.isEmpty ? nil : child.text),
                      let json = convert(text, descriptor, line: child.line, key: key) else { continue }
                set(descriptor, json, child.line)
            case GroupAnimationKeys.animations.name where kind == .group:
                var children: [ImportedJSON] = []
                for item in child.children where !Self.isLeftover(item.name) {
                    if let json = animation(item, layerType: layerType, inGroup: true) { children.append(json) }
                }
                set(GroupAnimationKeys.animations, .array(children), child.line)
            default:
                notes.warn(key, "not a property of \(className) fx has: dropped", line: child.line)
            }
        }
        if kind == .group, members.first(where: { $0.key == GroupAnimationKeys.animations.name }) == nil {
            notes.warn(label, "the group holds no animation fx can read: dropped", line: element.line)
            return nil
        }
        if !inGroup {
            let repeatText = element[MediaTimingKeys.repeatCount.name]?.lowercased()
            let once = repeatText == "inf" || repeatText == "infinity" ? 1 : repeats
            animationEnd = max(animationEnd, beginTime + duration * once)
        }
        let order = ([.animation] + owners.dropLast(2) + [.mediaTiming]).flatMap { PropertyRegistry.properties(of: $0).map(\.name) }
        let head = members.prefix(1)
        let rest = members.dropFirst().sorted { (order.firstIndex(of: $0.key) ?? Int.max) < (order.firstIndex(of: $1.key) ?? Int.max) }
        _ = lines // an animation is dropped whole: without its keyPath or values it means nothing
        return .object(Array(head) + rest + Self.markers(line: element.line, label: label))
    }

    /// What the values of an animation of `keyPath` are, where CAML does not type them.
    static func hint(forKeyPath keyPath: String) -> ValueHint {
        let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        if keyPath == ImageLayerKeys.contents.name { return .image }
        if [LayerKeys.transform.name, LayerKeys.sublayerTransform.name, ReplicatorLayerKeys.instanceTransform.name].contains(last) { return .transform }
        if last == EmitterCellKeys.color.name || last.hasSuffix("Color") { return .color }
        if keyPath.contains("rotation") { return .angle }
        return .plain
    }
}
