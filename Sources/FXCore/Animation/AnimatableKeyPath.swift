/// A resolved Core Animation key path of one layer: what it names, the kind of value it holds,
/// and how to read and write it on a (presentation) layer.
public struct AnimatableKeyPath: Equatable, Sendable {
    /// The key path as written, such as `position.x` or `emitterCells.spark.birthRate`.
    public let path: String
    /// The kind of value the key path holds, which an animation's values must match.
    public let kind: ValueKind
    let target: Target

    enum Target: Equatable, Sendable {
        case layer(String)
        /// `transform` or `sublayerTransform`, whole or one part (`scale.x`, `rotation.z`, …).
        case transform(sublayer: Bool, part: String?)
        case emitter(String)
        /// A cell property; `cells` is the name path from the layer's cells down.
        case cell(cells: [String], property: String)
        /// A property of the replicator, gradient, shape, text or image types.
        case typeValue(String)
    }

    /// Resolves `path` on `layer`; nil when it names nothing animatable there.
    public init?(_ path: String, on layer: Layer) {
        guard let (kind, target) = AnimatableKeyPath.resolve(path, on: layer) else { return nil }
        self.path = path
        self.kind = kind
        self.target = target
    }

    static let layerProperties: [String: ValueKind] = [
        "position": .point, "position.x": .number, "position.y": .number,
        "bounds": .rect, "bounds.size": .size, "bounds.size.width": .number, "bounds.size.height": .number,
        "bounds.origin": .point, "anchorPoint": .point, "opacity": .number, "zPosition": .number,
        "backgroundColor": .color, "cornerRadius": .number, "borderWidth": .number, "borderColor": .color,
        "hidden": .bool, "masksToBounds": .bool,
    ]

    static let transformParts: [String: ValueKind] = [
        "scale": .number, "scale.x": .number, "scale.y": .number, "scale.z": .number,
        "rotation": .number, "rotation.x": .number, "rotation.y": .number, "rotation.z": .number,
        "translation": .size, "translation.x": .number, "translation.y": .number, "translation.z": .number,
    ]

    static let emitterProperties: [String: ValueKind] = [
        "emitterPosition": .point, "emitterZPosition": .number, "emitterSize": .size, "emitterDepth": .number,
        "birthRate": .number, "lifetime": .number, "velocity": .number, "scale": .number, "spin": .number,
    ]

    static let cellProperties: [String: ValueKind] = [
        "enabled": .bool, "birthRate": .number, "lifetime": .number, "lifetimeRange": .number,
        "emissionLatitude": .number, "emissionLongitude": .number, "emissionRange": .number,
        "velocity": .number, "velocityRange": .number, "xAcceleration": .number, "yAcceleration": .number,
        "zAcceleration": .number, "scale": .number, "scaleRange": .number, "scaleSpeed": .number,
        "spin": .number, "spinRange": .number, "color": .color, "redRange": .number, "greenRange": .number,
        "blueRange": .number, "alphaRange": .number, "redSpeed": .number, "greenSpeed": .number,
        "blueSpeed": .number, "alphaSpeed": .number, "contentsRect": .rect, "contentsScale": .number,
    ]

    static let typeProperties: [Layer.LayerType: [String: ValueKind]] = [
        .replicator: ["instanceCount": .number, "instanceDelay": .number, "instanceTransform": .transform,
                      "instanceColor": .color, "instanceRedOffset": .number, "instanceGreenOffset": .number,
                      "instanceBlueOffset": .number, "instanceAlphaOffset": .number],
        .gradient: ["colors": .colors, "locations": .numbers, "startPoint": .point, "endPoint": .point],
        .shape: ["path": .path, "fillColor": .color, "strokeColor": .color, "lineWidth": .number, "miterLimit": .number,
                 "lineDashPhase": .number, "strokeStart": .number, "strokeEnd": .number],
        .text: ["foregroundColor": .color, "fontSize": .number],
        .image: ["contentsRect": .rect],
    ]

    /// Every key path animatable on `layer`, for "did you mean" suggestions.
    public static func all(on layer: Layer) -> [String] {
        var paths = Array(layerProperties.keys) + ["transform", "sublayerTransform"]
        paths += transformParts.keys.flatMap { ["transform." + $0, "sublayerTransform." + $0] }
        if let emitter = layer.emitter {
            paths += emitterProperties.keys
            func cells(_ list: [EmitterCell], prefix: String) {
                for cell in list {
                    guard let name = cell.name else { continue }
                    paths += cellProperties.keys.map { "\(prefix)emitterCells.\(name).\($0)" }
                    cells(cell.emitterCells, prefix: "\(prefix)emitterCells.\(name).")
                }
            }
            cells(emitter.emitterCells, prefix: "")
        }
        paths += (typeProperties[layer.type] ?? [:]).keys
        return paths.sorted()
    }

    private static func resolve(_ path: String, on layer: Layer) -> (ValueKind, Target)? {
        if let kind = layerProperties[path] { return (kind, .layer(path)) }
        for (prefix, sublayer) in [("transform", false), ("sublayerTransform", true)] {
            if path == prefix { return (.transform, .transform(sublayer: sublayer, part: nil)) }
            if path.hasPrefix(prefix + "."), let kind = transformParts[String(path.dropFirst(prefix.count + 1))] {
                return (kind, .transform(sublayer: sublayer, part: String(path.dropFirst(prefix.count + 1))))
            }
        }
        if let emitter = layer.emitter {
            if let kind = emitterProperties[path] { return (kind, .emitter(path)) }
            let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var names: [String] = []
            var cells = emitter.emitterCells
            var index = 0
            while index + 2 < parts.count {
                guard parts[index] == "emitterCells", let cell = cells.first(where: { $0.name == parts[index + 1] }) else { return nil }
                names.append(parts[index + 1])
                index += 2
                if index == parts.count - 1 {
                    guard let kind = cellProperties[parts[index]] else { return nil }
                    return (kind, .cell(cells: names, property: parts[index]))
                }
                cells = cell.emitterCells
            }
        }
        if let kind = typeProperties[layer.type]?[path] { return (kind, .typeValue(path)) }
        return nil
    }

    // MARK: - Reading and writing

    /// The value at this key path on `layer`.
    public func value(on layer: Layer) -> AnimatableValue {
        switch target {
        case .layer(let key):
            switch key {
            case "position": return .point(layer.position)
            case "position.x": return .number(layer.position.x)
            case "position.y": return .number(layer.position.y)
            case "bounds": return .rect(layer.bounds)
            case "bounds.size": return .size(layer.bounds.size)
            case "bounds.size.width": return .number(layer.bounds.size.width)
            case "bounds.size.height": return .number(layer.bounds.size.height)
            case "bounds.origin": return .point(layer.bounds.origin)
            case "anchorPoint": return .point(layer.anchorPoint)
            case "opacity": return .number(layer.opacity)
            case "zPosition": return .number(layer.zPosition)
            case "backgroundColor": return .color(layer.backgroundColor ?? .clear)
            case "cornerRadius": return .number(layer.cornerRadius)
            case "borderWidth": return .number(layer.borderWidth)
            case "borderColor": return .color(layer.borderColor)
            case "hidden": return .bool(layer.hidden)
            default: return .bool(layer.masksToBounds)
            }
        case .transform(let sublayer, let part):
            let transform = TransformValue(sublayer ? layer.sublayerTransform : layer.transform)
            guard let part else { return .transform(transform) }
            switch part {
            case "scale", "scale.x": return .number(transform.scaleX)
            case "scale.y": return .number(transform.scaleY)
            case "scale.z": return .number(transform.scaleZ)
            case "rotation", "rotation.z": return .number(transform.rotationZ)
            case "rotation.x": return .number(transform.rotationX)
            case "rotation.y": return .number(transform.rotationY)
            case "translation": return .size(Size(width: transform.translationX, height: transform.translationY))
            case "translation.x": return .number(transform.translationX)
            case "translation.y": return .number(transform.translationY)
            default: return .number(transform.translationZ)
            }
        case .emitter(let key):
            let emitter = layer.emitter ?? EmitterProperties()
            switch key {
            case "emitterPosition": return .point(emitter.emitterPosition)
            case "emitterZPosition": return .number(emitter.emitterZPosition)
            case "emitterSize": return .size(emitter.emitterSize)
            case "emitterDepth": return .number(emitter.emitterDepth)
            case "birthRate": return .number(emitter.birthRate)
            case "lifetime": return .number(emitter.lifetime)
            case "velocity": return .number(emitter.velocity)
            case "scale": return .number(emitter.scale)
            default: return .number(emitter.spin)
            }
        case .cell(let names, let property):
            guard let cell = layer.emitter.flatMap({ EmitterCell.find(names, in: $0.emitterCells) }) else { return .number(0) }
            return cell.animatableValue(property)
        case .typeValue(let key):
            return layer.typeValue(key)
        }
    }

    /// Sets the value at this key path on `layer`.
    public func set(_ value: AnimatableValue, on layer: inout Layer) {
        let components = value.components
        let number = components.first ?? 0
        switch target {
        case .layer(let key):
            switch (key, value) {
            case ("position", .point(let p)): layer.position = p
            case ("position.x", _): layer.position.x = number
            case ("position.y", _): layer.position.y = number
            case ("bounds", .rect(let r)): layer.bounds = r
            case ("bounds.size", .size(let s)): layer.bounds.size = s
            case ("bounds.size.width", _): layer.bounds.size.width = number
            case ("bounds.size.height", _): layer.bounds.size.height = number
            case ("bounds.origin", .point(let p)): layer.bounds.origin = p
            case ("anchorPoint", .point(let p)): layer.anchorPoint = p
            case ("opacity", _): layer.opacity = number.clamped01
            case ("zPosition", _): layer.zPosition = number
            case ("backgroundColor", .color(let c)): layer.backgroundColor = c.clamped
            case ("cornerRadius", _): layer.cornerRadius = max(0, number)
            case ("borderWidth", _): layer.borderWidth = max(0, number)
            case ("borderColor", .color(let c)): layer.borderColor = c.clamped
            case ("hidden", .bool(let flag)): layer.hidden = flag
            case ("masksToBounds", .bool(let flag)): layer.masksToBounds = flag
            default: break
            }
        case .transform(let sublayer, let part):
            var transform = TransformValue(sublayer ? layer.sublayerTransform : layer.transform)
            if case .transform(let whole) = value {
                transform = whole
            } else if let part {
                switch part {
                case "scale": transform.scaleX = number; transform.scaleY = number; transform.scaleZ = number
                case "scale.x": transform.scaleX = number
                case "scale.y": transform.scaleY = number
                case "scale.z": transform.scaleZ = number
                case "rotation", "rotation.z": transform.rotationZ = number
                case "rotation.x": transform.rotationX = number
                case "rotation.y": transform.rotationY = number
                case "translation": transform.translationX = number; transform.translationY = components[1]
                case "translation.x": transform.translationX = number
                case "translation.y": transform.translationY = number
                default: transform.translationZ = number
                }
            }
            if sublayer { layer.sublayerTransform = transform.operations } else { layer.transform = transform.operations }
        case .emitter(let key):
            guard var emitter = layer.emitter else { return }
            switch (key, value) {
            case ("emitterPosition", .point(let p)): emitter.emitterPosition = p
            case ("emitterZPosition", _): emitter.emitterZPosition = number
            case ("emitterSize", .size(let s)): emitter.emitterSize = Size(width: max(0, s.width), height: max(0, s.height))
            case ("emitterDepth", _): emitter.emitterDepth = max(0, number)
            case ("birthRate", _): emitter.birthRate = max(0, number)
            case ("lifetime", _): emitter.lifetime = max(0, number)
            case ("velocity", _): emitter.velocity = number
            case ("scale", _): emitter.scale = number
            case ("spin", _): emitter.spin = number
            default: break
            }
            layer.emitter = emitter
        case .cell(let names, let property):
            guard var emitter = layer.emitter else { return }
            EmitterCell.update(names, in: &emitter.emitterCells) { $0.setAnimatableValue(property, value) }
            layer.emitter = emitter
        case .typeValue(let key):
            layer.typeValues[key] = value
        }
    }

    /// Core Animation's defaults of the type properties, for a key the file leaves unset.
    static let typeDefaults: [String: AnimatableValue] = [
        "instanceCount": .number(1), "instanceDelay": .number(0), "instanceTransform": .transform(.identity),
        "instanceColor": .color(.white), "instanceRedOffset": .number(0), "instanceGreenOffset": .number(0),
        "instanceBlueOffset": .number(0), "instanceAlphaOffset": .number(0),
        "colors": .colors([]), "locations": .numbers([]), "startPoint": .point(Point(x: 0.5, y: 0)),
        "endPoint": .point(Point(x: 0.5, y: 1)),
        "path": .path(Path()), "fillColor": .color(.black), "strokeColor": .color(.clear), "lineWidth": .number(1),
        "miterLimit": .number(10), "lineDashPhase": .number(0), "strokeStart": .number(0), "strokeEnd": .number(1),
        "foregroundColor": .color(.white), "fontSize": .number(36), "contentsRect": .rect(.unit),
    ]

    static func defaultTypeValue(_ key: String) -> AnimatableValue {
        typeDefaults[key] ?? .number(0)
    }
}

extension Layer {
    /// A type-specific animatable value (a shape's `path`, a replicator's `instanceCount`, …):
    /// the layer's own, or Core Animation's default.
    func typeValue(_ key: String) -> AnimatableValue {
        typeValues[key] ?? AnimatableKeyPath.defaultTypeValue(key)
    }
}

extension EmitterCell {
    static func find(_ names: [String], in cells: [EmitterCell]) -> EmitterCell? {
        guard let first = names.first, let cell = cells.first(where: { $0.name == first }) else { return nil }
        return names.count == 1 ? cell : find(Array(names.dropFirst()), in: cell.emitterCells)
    }

    static func update(_ names: [String], in cells: inout [EmitterCell], _ change: (inout EmitterCell) -> Void) {
        guard let first = names.first, let index = cells.firstIndex(where: { $0.name == first }) else { return }
        if names.count == 1 { change(&cells[index]) } else { update(Array(names.dropFirst()), in: &cells[index].emitterCells, change) }
    }

    func animatableValue(_ property: String) -> AnimatableValue {
        switch property {
        case "enabled": return .bool(enabled)
        case "color": return .color(color)
        case "contentsRect": return .rect(contentsRect)
        default:
            return .number(number(forKey: property) ?? 0)
        }
    }

    mutating func setAnimatableValue(_ property: String, _ value: AnimatableValue) {
        let n = value.components.first ?? 0
        switch (property, value) {
        case ("enabled", .bool(let flag)): enabled = flag
        case ("color", .color(let c)): color = c
        case ("contentsRect", .rect(let r)): contentsRect = r
        case ("birthRate", _): birthRate = max(0, n)
        case ("lifetime", _): lifetime = max(0, n)
        case ("lifetimeRange", _): lifetimeRange = max(0, n)
        case ("emissionLatitude", _): emissionLatitude = n
        case ("emissionLongitude", _): emissionLongitude = n
        case ("emissionRange", _): emissionRange = max(0, n)
        case ("velocity", _): velocity = n
        case ("velocityRange", _): velocityRange = max(0, n)
        case ("xAcceleration", _): xAcceleration = n
        case ("yAcceleration", _): yAcceleration = n
        case ("zAcceleration", _): zAcceleration = n
        case ("scale", _): scale = n
        case ("scaleRange", _): scaleRange = max(0, n)
        case ("scaleSpeed", _): scaleSpeed = n
        case ("spin", _): spin = n
        case ("spinRange", _): spinRange = max(0, n)
        case ("redRange", _): redRange = max(0, n)
        case ("greenRange", _): greenRange = max(0, n)
        case ("blueRange", _): blueRange = max(0, n)
        case ("alphaRange", _): alphaRange = max(0, n)
        case ("redSpeed", _): redSpeed = n
        case ("greenSpeed", _): greenSpeed = n
        case ("blueSpeed", _): blueSpeed = n
        case ("alphaSpeed", _): alphaSpeed = n
        case ("contentsScale", _): contentsScale = max(1e-3, n)
        default: break
        }
    }
}
