/// Key paths resolved through the property registry: which properties a layer, its cells and
/// its fields have, and which of them animate.
extension AnimatableKeyPath {
    /// Resolves `path` on `layer`; nil when it names nothing animatable there. The path may
    /// start with layer steps (`mask.`, `sublayers.NAME.`, `sublayers[INDEX].`, see
    /// ``Layer/descend(_:)``): it then names a property of that layer below `layer`, read and
    /// written through `layer` (what an animation added to `layer` with that key path changes).
    public init?(_ path: String, on layer: Layer) {
        guard let (route, reached, property) = try? layer.descend(path),
              let target = AnimatableKeyPath.resolve(property, on: reached), let kind = target.kind else { return nil }
        self.init(path: path, kind: kind, route: route, target: target)
    }

    /// Every key path animatable on `layer`, for "did you mean" suggestions.
    public static func all(on layer: Layer) -> [String] {
        func withComponents(_ property: PropertyDescriptor, prefix: String) -> [String] {
            guard let kind = property.kind else { return [] }
            return [prefix + property.name] + ValueComponent.components(of: kind).map { "\(prefix)\(property.name).\($0.rawValue)" }
        }
        let transform = LayerKeys.transform.name, sublayerTransform = LayerKeys.sublayerTransform.name
        var paths = [transform, sublayerTransform]
        paths += TransformPart.allCases.flatMap { [transform + "." + $0.rawValue, sublayerTransform + "." + $0.rawValue] }
        for property in PropertyRegistry.layerProperties(for: layer.type) where property.isAnimatable {
            paths += withComponents(property, prefix: "")
        }
        if let emitter = layer.emitter {
            let cellProperties = PropertyRegistry.properties(of: .emitterCell).filter(\.isAnimatable)
            func cells(_ list: [EmitterCell], prefix: String) {
                for cell in list {
                    guard let name = cell.name else { continue }
                    let cellPrefix = "\(prefix)\(EmitterLayerKeys.emitterCells.name).\(name)."
                    paths += cellProperties.flatMap { withComponents($0, prefix: cellPrefix) }
                    cells(cell.emitterCells, prefix: cellPrefix)
                }
            }
            cells(emitter.emitterCells, prefix: "")
            for field in emitter.fields {
                paths += ForceFieldKeys.all.filter(\.isAnimatable)
                    .flatMap { withComponents($0, prefix: "\(EmitterLayerKeys.fields.name).\(field.name).") }
            }
        }
        return Array(Set(paths)).sorted()
    }

    private static func resolve(_ path: String, on layer: Layer) -> Target? {
        for (prefix, sublayer) in [(LayerKeys.transform.name, false), (LayerKeys.sublayerTransform.name, true)] {
            if path == prefix { return .transform(sublayer: sublayer, part: nil) }
            if path.hasPrefix(prefix + "."), let part = TransformPart(rawValue: String(path.dropFirst(prefix.count + 1))) {
                return .transform(sublayer: sublayer, part: part)
            }
        }
        if let (property, component) = property(path, among: PropertyRegistry.layerProperties(for: layer.type)) {
            return .layer(property, component)
        }
        guard let emitter = layer.emitter else { return nil }
        // fields.NAME.MEMBER(.COMPONENT)
        let fields = EmitterLayerKeys.fields.name + "."
        if path.hasPrefix(fields) {
            let rest = path.dropFirst(fields.count)
            guard let dot = rest.firstIndex(of: "."), case let name = String(rest[..<dot]), emitter.fields.contains(where: { $0.name == name }),
                  let (member, component) = property(String(rest[rest.index(after: dot)...]), among: ForceFieldKeys.all) else { return nil }
            return .field(name: name, member: member, component: component)
        }
        // emitterCells.NAME(.emitterCells.NAME)*.PROPERTY(.COMPONENT)
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var names: [String] = []
        var cells = emitter.emitterCells
        var index = 0
        while index + 2 < parts.count, parts[index] == EmitterLayerKeys.emitterCells.name, let cell = cells.first(where: { $0.name == parts[index + 1] }) {
            names.append(parts[index + 1])
            index += 2
            let rest = parts[index...].joined(separator: ".")
            if let (property, component) = self.property(rest, among: PropertyRegistry.properties(of: .emitterCell)) {
                return .cell(cells: names, property: property, component: component)
            }
            cells = cell.emitterCells
        }
        return nil
    }

    /// The animatable property `text` names among `properties`, with the field of it when
    /// `text` goes on (`bounds.size.width`).
    private static func property(_ text: String, among properties: [PropertyDescriptor]) -> (PropertyDescriptor, ValueComponent?)? {
        for property in properties where property.isAnimatable {
            if text == property.name { return (property, nil) }
            guard text.hasPrefix(property.name + "."), let kind = property.kind,
                  let component = ValueComponent(rawValue: String(text.dropFirst(property.name.count + 1))),
                  ValueComponent.components(of: kind).contains(component) else { continue }
            return (property, component)
        }
        return nil
    }
}
