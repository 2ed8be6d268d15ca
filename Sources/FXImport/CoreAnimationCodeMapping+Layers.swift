import FXCore
import Foundation

/// Layers other than emitters (`CALayer`, `CAShapeLayer`, `CATextLayer`, `CAGradientLayer`,
/// `CAReplicatorLayer`, `CATransformLayer`), their sublayer trees and masks, and the keyframe and
/// spring animations on them: each property under its registry name, converted by its form.
extension CoreAnimationCodeMapping {
    /// The deepest sublayer tree followed, warned past it (each level nests the effect file two
    /// deeper, and fx reads files nested up to 128 levels).
    static let maxLayerDepth = 30

    /// The fx layer type of a layer object: its Core Animation class's, an image layer for a
    /// plain `CALayer` given `contents`.
    func layerType(_ object: CoreAnimationCodeObject) -> Layer.LayerType {
        let base = config.coreAnimationBase(of: object.className) ?? object.className
        let type = CoreAnimationCodeConfig.layerClasses[base] ?? .layer
        if type == .layer, object.value(Self.codeName(ImageLayerKeys.contents)) != nil { return .image }
        return type
    }

    /// The registry's property of a layer of `type` that Core Animation code names `name`: its
    /// Core Animation name first (`CAGradientLayer.type` is `gradientType`, `isHidden` is
    /// `hidden`), then fx's own name where it mirrors one of Core Animation's.
    static func layerDescriptor(_ name: String, type: Layer.LayerType) -> PropertyDescriptor? {
        let list = PropertyRegistry.layerProperties(for: type) + PropertyRegistry.properties(of: .mediaTiming)
        if let found = list.first(where: { $0.coreAnimationName.flatMap { $0.split(separator: ".").last }.map(String.init) == name }) { return found }
        return list.first { $0.name == name && $0.coreAnimationName != nil }
    }

    /// Whether `name` is a property of some layer class (for a bare assignment in a layer subclass).
    static func isLayerProperty(_ name: String) -> Bool {
        name == frame || Set(CoreAnimationCodeConfig.layerClasses.values).contains { layerDescriptor(name, type: $0) != nil }
    }

    /// A layer object, its sublayers and mask as fx layers; `depth` guards against cycles.
    mutating func makeLayerTree(_ index: Int, usedNames: inout Set<String>, depth: Int = 0) -> (ImportedJSON, (width: Double, height: Double))? {
        let object = config.objects[index]
        guard depth < Self.maxLayerDepth else {
            warn(object.variableName ?? object.className, "dropped: layers nested more than \(Self.maxLayerDepth) deep (a layer added inside itself?)", file: object.file, line: object.line)
            return nil
        }
        if object.kind == .emitterLayer { return makeLayer(index, usedNames: &usedNames) }
        let type = layerType(object)
        var members: [ImportedMember] = [ImportedMember(LayerKeys.type, .name(type))]
        let layerName = Self.layerName(of: object, fallback: object.className, usedNames: &usedNames)
        members.append(ImportedMember(LayerKeys.name, .string(layerName)))
        if CoreAnimationCodeConfig.layerClasses[config.coreAnimationBase(of: object.className) ?? ""] == .layer, object.className.contains("Transform") {
            warn(object.variableName ?? object.className, "CATransformLayer is drawn as a plain layer: its sublayers keep their 3D transforms, projected as fx projects every layer", file: object.file, line: object.line)
        }

        // The extent on the canvas, from the frame (bounds about position and anchor point).
        var extent = (width: 0.0, height: 0.0)
        var size = (0.0, 0.0)
        if case .rect(_, _, let width, let height)? = object.value(Self.codeName(LayerKeys.bounds)) { size = (width, height) }
        if case .size(let width, let height)? = object.value(Self.codeName(LayerKeys.bounds)) { size = (width, height) }
        var anchor = (0.5, 0.5), position = (0.0, 0.0)
        if case .point(let x, let y)? = object.value(Self.codeName(LayerKeys.anchorPoint)) { anchor = (x, y) }
        if case .point(let x, let y)? = object.value(Self.codeName(LayerKeys.position)) { position = (x, y) }
        if size.0 > 0, size.1 > 0 {
            extent = (max(0, position.0 - anchor.0 * size.0) + size.0, max(0, position.1 - anchor.1 * size.1) + size.1)
        } else {
            extent = (max(0, position.0), max(0, position.1))
        }

        let handled: Set<String> = [Self.frame, Self.codeName(LayerKeys.name), Self.codeName(LayerKeys.mask), Self.codeName(LayerKeys.sublayers),
                                    CoreAnimationCodeObject.classKey]
        var properties: [(PropertyDescriptor, CoreAnimationCodeObject.Assignment)] = []
        for assignment in object.assignments where !handled.contains(assignment.name) {
            guard let descriptor = Self.layerDescriptor(assignment.name, type: type), descriptor != LayerKeys.type else {
                warn(assignment, "dropped: fx has no \(assignment.name) on a \(type == .image ? "CALayer with contents" : object.className)")
                continue
            }
            properties.append((descriptor, assignment))
        }
        let order = PropertyRegistry.all.enumerated().reduce(into: [String: Int]()) { $0[$1.element.owner.rawValue + "." + $1.element.name] = $1.offset }
        properties.sort { (order[$0.0.owner.rawValue + "." + $0.0.name] ?? 0) < (order[$1.0.owner.rawValue + "." + $1.0.name] ?? 0) }
        for (descriptor, assignment) in properties {
            if descriptor == MediaTimingKeys.beginTime, assignment.value.number == 0 { continue } // CACurrentMediaTime(): now
            if descriptor == ImageLayerKeys.contents {
                members.append(ImportedMember(descriptor, .string(contents(assignment, cellName: layerName))))
                continue
            }
            if let json = convert(assignment, descriptor) { members.append(ImportedMember(descriptor, json)) }
        }
        if type == .text, object.value(Self.codeName(TextLayerKeys.string)) == nil {
            members.append(ImportedMember(TextLayerKeys.string, .string("")))
            warn(Self.codeName(TextLayerKeys.string), "not set, or not readable: the text layer shows no text", file: object.file, line: object.line)
        }
        if case .object(let maskIndex)? = object.value(Self.codeName(LayerKeys.mask)), config.objects[maskIndex].kind == .layer,
           let (mask, _) = makeLayerTree(maskIndex, usedNames: &usedNames, depth: depth + 1) {
            members.append(ImportedMember(LayerKeys.mask, mask))
        } else if let assignment = object.assignment(Self.codeName(LayerKeys.mask)) {
            warn(assignment, "could not read the mask (\(assignment.value.summary)): dropped")
        }
        var sublayers: [ImportedJSON] = []
        for child in object.sublayers {
            if let (json, _) = makeLayerTree(child, usedNames: &usedNames, depth: depth + 1) { sublayers.append(json) }
        }
        if !sublayers.isEmpty { members.append(ImportedMember(LayerKeys.sublayers, .array(sublayers))) }
        var animations: [ImportedJSON] = []
        for animation in object.animations {
            if let json = makeAnimation(animation, on: index) { animations.append(json) }
        }
        if !animations.isEmpty { members.append(ImportedMember(LayerKeys.animations, .array(animations))) }
        return (.object(members), extent)
    }

    /// A transform as fx's list of operations, each an object of one key: the operation's own
    /// case name in FXCore's `TransformOperation` (`rotate`, `scale`, `translate`…).
    static func transformJSON(_ list: [TransformOperation]) -> ImportedJSON {
        .array(list.map { operation in
            let key = Mirror(reflecting: operation).children.first?.label ?? "\(operation)"
            let value: ImportedJSON
            switch operation {
            case .translate(let x, let y): value = .array([.number(x), .number(y)])
            case .scale(let x, let y): value = x == y ? .number(x) : .array([.number(x), .number(y)])
            case .translateZ(let number), .rotate(let number), .rotateX(let number), .rotateY(let number), .perspective(let number): value = .number(number)
            }
            return .object([ImportedMember(entry: key, value)])
        })
    }

    /// A value for a key path of `kind` (an animation's `fromValue`, a keyframe's value), nil when
    /// it is not one.
    func animatedValue(_ value: CoreAnimationCodeValue, kind: ValueKind) -> ImportedJSON? {
        switch (kind, value) {
        case (.number, _): return value.number.flatMap { $0.isFinite ? .number($0) : nil }
        case (.point, .point(let x, let y)), (.size, .size(let x, let y)), (.size, .point(let x, let y)): return .array([.number(x), .number(y)])
        case (.rect, .rect(let x, let y, let width, let height)): return .array([x, y, width, height].map { .number($0) })
        case (.rect, .size(let width, let height)): return .array([.number(width), .number(height)])
        case (.color, .color(let components)): return .array(components.map { .number(min(1, max(0, $0))) })
        case (.transform, .transform(let list)): return Self.transformJSON(list)
        case (.transform, .symbol("identity")): return .array([])
        case (.path, .pathData(let path)): return .string(exactNumbers ? path.exactSVG : path.svg)
        case (.colors, .array(let items)):
            let colors = items.compactMap { item -> ImportedJSON? in
                if case .color(let components) = item { return .array(components.map { .number(min(1, max(0, $0))) }) }
                return nil
            }
            return colors.count == items.count ? .array(colors) : nil
        case (.numbers, .array(let items)):
            let numbers = items.compactMap(\.number)
            return numbers.count == items.count ? .array(numbers.map { .number($0) }) : nil
        default: return nil
        }
    }
}
