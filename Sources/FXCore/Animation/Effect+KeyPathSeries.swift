extension Effect {
    /// Resolves `LAYER.KEYPATH` (the layer by its unique name) at the layers of `layers`.
    public func resolve(_ qualified: String, in layers: [PlacedLayer]) throws -> (PlacedLayer, AnimatableKeyPath) {
        guard let placed = layers.filter({ qualified.hasPrefix($0.name + ".") }).max(by: { $0.name.count < $1.name.count }) else {
            let first = String(qualified.split(separator: ".").first ?? "")
            let names = layers.map(\.name)
            let hint = closestMatch(to: first, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw KeyPathLookupError(description: "\(qualified): no layer named \"\(first)\"\(hint) (layers: \(names.joined(separator: ", ")))")
        }
        let property = String(qualified.dropFirst(placed.name.count + 1))
        guard let keyPath = AnimatableKeyPath(property, on: placed.layer) else {
            let hint = closestMatch(to: property, in: AnimatableKeyPath.all(on: placed.layer)).map { "; did you mean \"\($0)\"?" } ?? ""
            throw KeyPathLookupError(description: "\(qualified): layer \"\(placed.name)\" has nothing animatable at \"\(property)\"\(hint)")
        }
        return (placed, keyPath)
    }

    /// `LAYER.KEYPATH` resolved on the layer's model, without presenting the tree (for reading
    /// and checking model values); nil when it names nothing animatable.
    func modelKeyPath(_ qualified: String) -> (layer: Layer, keyPath: AnimatableKeyPath)? {
        let layers = allLayers().map(\.layer)
        guard let layer = layers.filter({ qualified.hasPrefix($0.identifier + ".") }).max(by: { $0.identifier.count < $1.identifier.count }),
              let keyPath = AnimatableKeyPath(String(qualified.dropFirst(layer.identifier.count + 1)), on: layer) else { return nil }
        return (layer, keyPath)
    }

    /// Samples the presentation value of each `LAYER.KEYPATH` at `count` evenly spaced times
    /// from `start` to `end`. Layers hidden at a moment still report their values.
    public func sample(_ keyPaths: [String], from start: Double, to end: Double, count: Int) throws -> [KeyPathSeries] {
        let count = max(2, count)
        let times = (0..<count).map { start + (end - start) * Double($0) / Double(count - 1) }
        var series: [KeyPathSeries] = []
        var resolved: [(name: String, layer: String, keyPath: AnimatableKeyPath)] = []
        let first = allPresentationLayers(at: start)
        for qualified in keyPaths {
            let (placed, keyPath) = try resolve(qualified, in: first)
            resolved.append((qualified, placed.name, keyPath))
            let sample = keyPath.value(on: placed.layer)
            series.append(KeyPathSeries(name: qualified, componentNames: Self.componentNames(qualified, sample),
                                        times: times, values: Array(repeating: [], count: sample.components.count)))
        }
        for time in times {
            let layers = allPresentationLayers(at: time)
            for (index, entry) in resolved.enumerated() {
                guard let placed = layers.first(where: { $0.name == entry.layer }) else { continue }
                let components = entry.keyPath.value(on: placed.layer).components
                for component in 0..<min(components.count, series[index].values.count) {
                    series[index].values[component].append(components[component])
                }
            }
        }
        return series
    }

    /// Every layer presented at `time`, hidden ones included (for reading values).
    public func allPresentationLayers(at time: Double) -> [PlacedLayer] {
        allLayers().map { entry in
            let local = entry.timingChain.timeWithRepeats(effectTime: time)
            return PlacedLayer(name: entry.layer.identifier, layer: entry.layer.presentation(atLocalTime: local), model: entry.layer,
                               transformToCanvas: .identity, opacity: 1, localTime: local, timingChain: entry.timingChain)
        }
    }

    static func componentNames(_ name: String, _ value: AnimatableValue) -> [String] {
        switch value {
        case .number, .bool: return [name]
        case .point: return [name + ".x", name + ".y"]
        case .size: return [name + ".width", name + ".height"]
        case .rect: return [name + ".x", name + ".y", name + ".width", name + ".height"]
        case .color: return [name + ".red", name + ".green", name + ".blue", name + ".alpha"]
        case .transform:
            return ["translation.x", "translation.y", "translation.z", "rotation.x", "rotation.y", "rotation.z",
                    "scale.x", "scale.y", "scale.z", "m34"].map { name + "." + $0 }
        default: return value.components.indices.map { "\(name)[\($0)]" }
        }
    }
}
