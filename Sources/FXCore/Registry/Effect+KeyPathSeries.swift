extension Effect {
    /// Resolves `LAYER.KEYPATH` at the layers of `layers`: LAYER is a layer's unique name,
    /// or one followed by `mask`, `sublayers.NAME` and `sublayers[INDEX]` steps
    /// (``layerReference(_:)``).
    public func resolve(_ qualified: String, in layers: [PlacedLayer]) throws -> (PlacedLayer, AnimatableKeyPath) {
        let (model, written, property) = try layerReference(qualified)
        guard !property.isEmpty else {
            throw KeyPathLookupError(description: "\(qualified): names the layer \"\(model.identifier)\", not one of its properties; add one, as in \(qualified).opacity")
        }
        guard let placed = layers.first(where: { $0.name == model.identifier }) else {
            throw KeyPathLookupError(description: "\(qualified): layer \"\(model.identifier)\" is not presented")
        }
        guard let keyPath = AnimatableKeyPath(property, on: placed.layer) else {
            let hint = closestMatch(to: property, in: AnimatableKeyPath.all(on: placed.layer)).map { "; did you mean \"\($0)\"?" } ?? ""
            let which = written == placed.name ? "" : " (\(written))"
            throw KeyPathLookupError(description: "\(qualified): layer \"\(placed.name)\"\(which) has nothing animatable at \"\(property)\"\(hint)")
        }
        return (placed, keyPath)
    }

    /// `LAYER.KEYPATH` resolved on the layer's model, without presenting the tree (for reading
    /// and checking model values); nil when it names nothing animatable.
    func modelKeyPath(_ qualified: String) -> (layer: Layer, keyPath: AnimatableKeyPath)? {
        guard let (layer, _, property) = try? layerReference(qualified), !property.isEmpty,
              let keyPath = AnimatableKeyPath(property, on: layer) else { return nil }
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
                                        componentUnits: keyPath.componentUnits(of: sample),
                                        times: times, values: Array(repeating: [], count: sample.components.count)))
        }
        for time in times {
            let layers = allPresentationLayers(at: time)
            for (index, entry) in resolved.enumerated() {
                // Every component gets one value per time, so that the columns stay aligned
                // with `times`: NaN where the layer or the component is missing.
                let components = layers.first(where: { $0.name == entry.layer }).map { entry.keyPath.value(on: $0.layer).components } ?? []
                for component in series[index].values.indices {
                    series[index].values[component].append(component < components.count ? components[component] : .nan)
                }
            }
        }
        return series
    }

    /// Every layer presented at `time`, hidden ones included (for reading values), in the
    /// order of ``allLayers()``. Presented from the top down, as drawing does: a layer's
    /// animations whose key paths go down to its mask or a sublayer (`mask.locations`) change
    /// that layer before its own animations apply.
    public func allPresentationLayers(at time: Double) -> [PlacedLayer] {
        var result: [PlacedLayer] = []
        func visit(_ models: [Layer], _ animated: [Layer], chain: [MediaTiming]) {
            for (model, layer) in zip(models, animated) {
                let layerChain = chain + [model.timing]
                let local = layerChain.timeWithRepeats(effectTime: time)
                let presented = layer.presentation(atLocalTime: local)
                result.append(PlacedLayer(name: model.identifier, layer: presented, model: model,
                                          transformToCanvas: .identity, opacity: 1, localTime: local, timingChain: layerChain))
                if let mask = model.mask, let presentedMask = presented.mask { visit([mask], [presentedMask], chain: layerChain) }
                visit(model.sublayers, presented.sublayers, chain: layerChain)
            }
        }
        visit(layers, layers, chain: [])
        return result
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
        case .colors(let colors):
            return colors.indices.flatMap { index in ["red", "green", "blue", "alpha"].map { "\(name)[\(index)].\($0)" } }
        case .path(let path):
            return path.points.indices.flatMap { ["\(name)[\($0)].x", "\(name)[\($0)].y"] }
        case .numbers: return value.components.indices.map { "\(name)[\($0)]" }
        }
    }
}
