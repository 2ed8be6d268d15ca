extension Effect {
    /// The most layers drawn in one frame, replicated copies included: a bound on the work
    /// nested replicators can ask for.
    public static let maxPlacedLayers = 100_000
}

extension Effect {
    /// Changes every layer of the tree in place, in file order, depth first: a layer, its
    /// mask, then its sublayers.
    mutating func forEachLayer(_ change: (inout Layer) -> Void) {
        func visit(_ layers: inout [Layer]) {
            for index in layers.indices {
                change(&layers[index])
                if var mask = layers[index].mask {
                    var masks = [mask]
                    visit(&masks)
                    mask = masks[0]
                    layers[index].mask = mask
                }
                visit(&layers[index].sublayers)
            }
        }
        visit(&layers)
    }

    /// Names every layer (masks included) uniquely, in file order, depth first: its `name`, or
    /// its type when unnamed, with `#2`, `#3`, … for repeats.
    public mutating func assignUniqueNames() {
        // Names written in the file are never taken by a generated "name#2".
        var written = Set<String>()
        func collect(_ layers: [Layer]) {
            for layer in layers {
                if let name = layer.name { written.insert(name) }
                if let mask = layer.mask { collect([mask]) }
                collect(layer.sublayers)
            }
        }
        collect(layers)
        var taken = Set<String>()
        var uses: [String: Int] = [:]
        forEachLayer { layer in
            let base = layer.name ?? layer.type.rawValue
            var name = base
            if taken.contains(name) {
                var count = uses[base, default: 1]
                repeat {
                    count += 1
                    name = "\(base)#\(count)"
                } while taken.contains(name) || written.contains(name)
                uses[base] = count
            }
            taken.insert(name)
            layer.uniqueName = name
        }
    }

    /// Every layer of the tree (hidden ones and masks too), in file order, depth first — a
    /// layer, its mask, then its sublayers — with the media timing that maps effect time to its
    /// local time (a mask lives in the time of the layer it masks). Key paths reach every one
    /// (`inspect`, `plot`, `setValue`: a gradient mask's `locations`).
    public func allLayers() -> [(layer: Layer, timingChain: [MediaTiming])] {
        var result: [(layer: Layer, timingChain: [MediaTiming])] = []
        func visit(_ layers: [Layer], chain: [MediaTiming]) {
            for layer in layers {
                let layerChain = chain + [layer.timing]
                result.append((layer, layerChain))
                if let mask = layer.mask { visit([mask], chain: layerChain) }
                visit(layer.sublayers, chain: layerChain)
            }
        }
        visit(layers, chain: [])
        return result
    }
}

extension Layer {
    /// The 3D transform from this layer's plane to its parent's space: the anchor point moved
    /// to the origin, the layer transform, then position and zPosition.
    public var matrixToParent: Matrix4 {
        let anchor = anchorInBounds
        return Matrix4.translation(-anchor.x, -anchor.y)
            .concatenating(transform.matrix)
            .concatenating(.translation(position.x, position.y, zPosition))
    }

    /// The 3D transform for this layer's sublayers: its `sublayerTransform` about its anchor
    /// point, then `matrix` (the layer's own, to the canvas).
    func sublayerMatrix(_ matrix: Matrix4) -> Matrix4 {
        guard !sublayerTransform.isEmpty else { return matrix }
        let anchor = anchorInBounds
        return Matrix4.translation(-anchor.x, -anchor.y)
            .concatenating(sublayerTransform.matrix)
            .concatenating(.translation(anchor.x, anchor.y))
            .concatenating(matrix)
    }

    /// ``uniqueName``, or for a layer made in code without one, its name or type.
    public var identifier: String { uniqueName ?? name ?? type.rawValue }

    /// The transform from this layer's sublayers' parent space to the canvas: its
    /// `sublayerTransform` about its anchor point, then `transformToCanvas`.
    func sublayerTransformToCanvas(_ transformToCanvas: AffineTransform) -> AffineTransform {
        guard !sublayerTransform.isEmpty else { return transformToCanvas }
        let anchor = anchorInBounds
        return AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(sublayerTransform.affineTransform)
            .concatenating(.translation(anchor.x, anchor.y))
            .concatenating(transformToCanvas)
    }
}
