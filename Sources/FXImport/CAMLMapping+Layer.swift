import FXCore
import Foundation

extension CAMLMapping {
    /// Reads the layer `element` and, depth first, its sublayers and mask; returns its index.
    /// - Parameter flip: the parent's flipped geometry, when an odd number of ancestors set
    ///   `geometryFlipped` (see ``CAMLFlip``).
    mutating func layer(_ element: CAMLElement, depth: Int, flip: CAMLFlip? = nil) -> Int {
        var type = Self.layerType(of: element.name) ?? .layer
        var layer = CAMLLayer(type: type, className: element.name, line: element.line)
        let index = layers.count
        layers.append(layer)
        switch element.name {
        case "CALayer", "CAEmitterLayer", "CAReplicatorLayer", "CAGradientLayer", "CAShapeLayer", "CATextLayer": break
        case "CATransformLayer":
            notes.warn(element.name, "drawn as a plain layer: fx flattens its sublayers in order and by zPosition instead of sorting them in 3-D", line: element.line)
        default:
            notes.warn(element.name, "a layer class fx does not have: drawn as a plain CALayer (its background, border and sublayers)", line: element.line)
        }
        // An image makes a plain layer an image layer.
        let contentsElement = element.child(ImageLayerKeys.contents.name)
        var image: String?
        if let contentsElement {
            image = imageName(in: contentsElement)
            if image != nil {
                if type == .layer {
                    type = .image
                } else {
                    notes.warn(ImageLayerKeys.contents.name, "fx shows images on plain layers only, not on a \(element.name): dropped", line: contentsElement.line)
                    image = nil
                }
            }
        }
        layer.type = type
        let owners = Self.owners(of: type) + (type == .image ? [.imageLayer] : [])

        for attribute in element.attributes {
            let key = attribute.name
            if Self.isLeftover(key) && key != "id" { continue }
            if key == "id" { layer.id = attribute.value; continue }
            if key == LayerKeys.name.name { layer.name = attribute.value; continue }
            if key == "type" {
                // The class marker of CAML's typed values; on a gradient, its type.
                if type == .gradient { setEnumeration(GradientLayerKeys.gradientType, attribute, on: &layer) }
                continue
            }
            if key.hasPrefix(LayerKeys.transform.name + ".") || key.hasPrefix(LayerKeys.sublayerTransform.name + ".") {
                // CAPlayground writes key paths beside the transform string they agree with.
                if element[LayerKeys.transform.name] != nil || Double(attribute.value) == 0 { continue }
                notes.warn(key, "a key path written as an attribute is not read; write the transform string instead", line: attribute.line)
                continue
            }
            guard let descriptor = Self.descriptor(key, among: owners) else {
                if let gap = Self.layerGaps[key] {
                    if key == "geometryFlipped" || key == "doubleSided" {
                        // The default needs no word: flipped geometry only matters when set.
                        if (key == "geometryFlipped") == Self.isTrue(attribute.value) {
                            notes.warn(key, gap, line: attribute.line)
                        }
                        continue
                    }
                    if key == "cornerCurve", attribute.value != "continuous" { continue }
                    if key.hasSuffix("Filter"), attribute.value == "linear" || attribute.value == "trilinear" { continue }
                    if key == "contentsGravity" { continue }
                    notes.warn(key, gap, line: attribute.line)
                } else if Self.descriptor(key, among: [.emitterLayer, .replicatorLayer, .gradientLayer, .shapeLayer, .textLayer, .imageLayer]) != nil {
                    if key.hasPrefix("contents") { continue } // a contentsRect without an image draws nothing anyway
                    notes.warn(key, "a property of another kind of layer, which a \(element.name) does not have: dropped", line: attribute.line)
                } else {
                    notes.warn(key, "not a Core Animation property of \(element.name) that fx knows: dropped", line: attribute.line)
                }
                continue
            }
            if let json = convert(attribute.value, descriptor, line: attribute.line, key: key) {
                layer.set(descriptor, json, line: attribute.line)
            }
        }
        if let image {
            layer.set(ImageLayerKeys.contents, .string(image), line: contentsElement?.line ?? element.line)
        }
        // In a flipped parent, the layer is placed as Core Animation places it, mirrored.
        if let flip {
            let position = layer.value(LayerKeys.position)?.items.compactMap(\.number) ?? [0, 0]
            if position.count == 2 {
                layer.set(LayerKeys.position, .array([.number(position[0]), .number(flip.y(position[1]))]), line: layer.lines[LayerKeys.position.name] ?? element.line)
            }
            let anchor = layer.value(LayerKeys.anchorPoint)?.items.compactMap(\.number) ?? [0.5, 0.5]
            if anchor.count == 2, anchor[1] != 0.5 {
                layer.set(LayerKeys.anchorPoint, .array([.number(anchor[0]), .number(1 - anchor[1])]), line: layer.lines[LayerKeys.anchorPoint.name] ?? element.line)
            }
            if let transform = layer.value(LayerKeys.transform) {
                layer.set(LayerKeys.transform, CAMLFlip.transform(transform), line: layer.lines[LayerKeys.transform.name] ?? element.line)
            }
        }
        // Its own sublayers' geometry: flipped when it or its parent's is, not both.
        let bounds = layer.value(LayerKeys.bounds)?.items.compactMap(\.number) ?? []
        let flipsOwn = (flip != nil) != Self.isTrue(element["geometryFlipped"] ?? "0")
        let childFlip = flipsOwn ? CAMLFlip(originY: bounds.count == 4 ? bounds[1] : 0, height: bounds.count == 4 ? bounds[3] : 0) : nil

        // Property elements.
        for child in element.children {
            let key = child.name
            if Self.isLeftover(key) || key == ImageLayerKeys.contents.name { continue }
            switch key {
            case LayerKeys.sublayers.name:
                for sub in child.children {
                    guard Self.layerType(of: sub.name) != nil else {
                        if !Self.isLeftover(sub.name) { notes.warn(sub.name, "not a layer: a sublayer fx cannot read, dropped", line: sub.line) }
                        continue
                    }
                    // Sublayers are appended to `layers`; this one is stored when it is complete.
                    layer.sublayers.append(self.layer(sub, depth: depth + 1, flip: childFlip))
                }
            case LayerKeys.mask.name:
                guard let object = child.children.first(where: { Self.layerType(of: $0.name) != nil }) else {
                    notes.warn(key, "the mask holds no layer: dropped", line: child.line)
                    continue
                }
                layer.mask = self.layer(object, depth: depth + 1, flip: childFlip)
            case LayerKeys.animations.name:
                for animationElement in child.children {
                    if let json = animation(animationElement, layerType: type, inGroup: false) { layer.animations.append(flip?.animation(json) ?? json) }
                }
            case "states": stateElements.append(child)
            case "stateTransitions": transitionElements.append(child)
            case EmitterLayerKeys.emitterCells.name where type == .emitter:
                var cells: [ImportedJSON] = []
                var names: Set<String> = []
                var prewarm = 0.0
                for cellElement in child.children where cellElement.name == "CAEmitterCell" {
                    if let json = cell(cellElement, depth: 0, usedNames: &names, prewarm: &prewarm) { cells.append(json) }
                }
                layer.set(EmitterLayerKeys.emitterCells, .array(cells), line: child.line)
                if prewarm > 0 { layer.set(EmitterLayerKeys.prewarm, .number(min(prewarm, 600)), line: child.line) }
            case EmitterLayerKeys.emitterBehaviors.name where type == .emitter:
                let (behaviors, fields) = self.behaviors(child, onLayer: true)
                if !behaviors.isEmpty { layer.set(EmitterLayerKeys.emitterBehaviors, .array(behaviors), line: child.line) }
                if !fields.isEmpty { layer.set(EmitterLayerKeys.fields, .array(fields), line: child.line) }
            default:
                guard let descriptor = Self.descriptor(key, among: owners) else {
                    if let gap = Self.layerGaps[key] {
                        if key == "contentsGravity" { continue }
                        notes.warn(key, gap, line: child.line)
                    } else {
                        notes.warn(key, "not a Core Animation property of \(element.name) that fx knows: dropped", line: child.line)
                    }
                    continue
                }
                if let json = convert(child, descriptor) { layer.set(descriptor, json, line: child.line) }
            }
        }
        if type == .emitter, let childFlip {
            // Particles move in the emitter's own, flipped, coordinates.
            if let position = layer.value(EmitterLayerKeys.emitterPosition)?.items.compactMap(\.number), position.count == 2 {
                layer.set(EmitterLayerKeys.emitterPosition, .array([.number(position[0]), .number(childFlip.y(position[1]))]),
                          line: layer.lines[EmitterLayerKeys.emitterPosition.name] ?? element.line)
            }
            if let cells = layer.value(EmitterLayerKeys.emitterCells) {
                layer.set(EmitterLayerKeys.emitterCells, .array(cells.items.map(CAMLFlip.cell)), line: layer.lines[EmitterLayerKeys.emitterCells.name] ?? element.line)
            }
        }
        if type == .emitter, layer.animations.isEmpty, let begin = layer.value(MediaTimingKeys.beginTime)?.number, begin < 0 {
            // An emitter layer begun earlier (`beginTime="-12"`, as `fx export` writes fx's
            // prewarm) has emitted for that long at 0: fx's prewarm. With animations of its own
            // it stays a beginTime, which times them too.
            let prewarm = max(-begin, layer.value(EmitterLayerKeys.prewarm)?.number ?? 0)
            layer.members.removeAll { $0.key == MediaTimingKeys.beginTime.name }
            layer.set(EmitterLayerKeys.prewarm, .number(min(prewarm, 600)), line: layer.lines[MediaTimingKeys.beginTime.name] ?? element.line)
        }
        if type == .emitter, layer.value(EmitterLayerKeys.emitterCells) == nil {
            notes.warn(EmitterLayerKeys.emitterCells.name, "the emitter layer has no cells: it emits nothing", line: element.line)
        }
        layers[index] = layer
        return index
    }

    /// Whether a CAML boolean is true (`1`, `true`, `YES`).
    static func isTrue(_ text: String) -> Bool {
        ["1", "true", "yes"].contains(text.lowercased())
    }

    /// A layer name fx accepts (no `.`), unique in the effect.
    mutating func layerName(_ given: String?, type: Layer.LayerType) -> String? {
        guard let given, !given.isEmpty else { return nil }
        var base = given.replacingOccurrences(of: ".", with: "-")
        if base.isEmpty { base = type.rawValue }
        var candidate = base
        var number = 2
        while usedLayerNames.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        usedLayerNames.insert(candidate)
        return candidate
    }

    /// The layer at `index` as the effect's JSON, with markers for ``repaired(_:)``.
    mutating func layerJSON(_ index: Int) -> ImportedJSON {
        let layer = layers[index]
        var members: [ImportedMember] = [ImportedMember(LayerKeys.type, .name(layer.type))]
        if let name = layerName(layer.name, type: layer.type) { members.append(ImportedMember(LayerKeys.name, .string(name))) }
        // Keys in the registry's order, then cells and the lists.
        let order = PropertyRegistry.layerProperties(for: layer.type).map(\.name)
            + (layer.type == .image ? PropertyRegistry.properties(of: .imageLayer).map(\.name) : []) + PropertyRegistry.properties(of: .mediaTiming).map(\.name)
        let sorted = layer.members.sorted { (order.firstIndex(of: $0.key) ?? Int.max) < (order.firstIndex(of: $1.key) ?? Int.max) }
        members += sorted
        if let mask = layer.mask { members.append(ImportedMember(LayerKeys.mask, layerJSON(mask))) }
        if !layer.sublayers.isEmpty {
            var sublayers: [ImportedJSON] = []
            for sub in layer.sublayers { sublayers.append(layerJSON(sub)) }
            members.append(ImportedMember(LayerKeys.sublayers, .array(sublayers)))
        }
        if !layer.animations.isEmpty { members.append(ImportedMember(LayerKeys.animations, .array(layer.animations))) }
        members += Self.markers(line: layer.line, label: layer.className, memberLines: layer.lines)
        return .object(members)
    }

    /// Sets an enumeration from an attribute, mapping Core Animation's spellings (`non-zero`).
    mutating func setEnumeration(_ descriptor: PropertyDescriptor, _ attribute: CAMLElement.Attribute, on layer: inout CAMLLayer) {
        if let json = convert(attribute.value, descriptor, line: attribute.line, key: attribute.name) {
            layer.set(descriptor, json, line: attribute.line)
        }
    }
}
