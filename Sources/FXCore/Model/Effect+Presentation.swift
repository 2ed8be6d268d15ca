extension Effect {
    /// Every visible layer of the tree in drawing order, as presented at effect time `time`:
    /// children in order, then stably by `zPosition`; a hidden layer hides its sublayers.
    /// Masks are not listed.
    public func presentationLayers(at time: Double) -> [PlacedLayer] {
        var tree = PresentationTree(time: time)
        tree.place(layers, models: layers, under: .root)
        return tree.placed
    }
}

/// Builds the presentation of a layer tree at one moment: each layer presented in its own
/// time, placed on the canvas with what it inherits (transform, opacity, perspective, tint),
/// its mask placed with it, replicators' sublayers placed once per copy.
struct PresentationTree {
    /// What a layer inherits from the layers above it.
    struct Inheritance {
        var transform: AffineTransform
        var matrix: Matrix4
        var opacity: Double
        var timingChain: [MediaTiming]
        var perspective: Perspective?
        var tint: Color
        var instancePath: [Int]

        /// What the top-level layers inherit: nothing.
        static let root = Inheritance(transform: .identity, matrix: .identity, opacity: 1, timingChain: [], perspective: nil,
                                      tint: .white, instancePath: [])
    }

    let time: Double
    private(set) var placed: [PlacedLayer] = []

    init(time: Double) {
        self.time = time
    }

    /// Places `layers` (siblings) and their subtrees: ordered by `zPosition`, stably. `layers`
    /// are the parent's presentation's (its animations may reach them: `sublayers.dot.opacity`),
    /// `models` the same layers as the file has them.
    mutating func place(_ layers: [Layer], models: [Layer], under inherited: Inheritance) {
        let presented = layers.map { model -> (layer: Layer, localTime: Double, chain: [MediaTiming]) in
            let chain = inherited.timingChain + [model.timing]
            let local = chain.timeWithRepeats(effectTime: time)
            return (model.presentation(atLocalTime: local), local, chain)
        }
        let order = presented.indices.sorted { (presented[$0].layer.zPosition, $0) < (presented[$1].layer.zPosition, $1) }
        for index in order where !presented[index].layer.hidden && placed.count < Effect.maxPlacedLayers {
            let (layer, local, chain) = presented[index]
            place(layer, model: models[index], localTime: local, chain: chain, under: inherited)
        }
    }

    /// Places one visible layer, then its sublayers (once per copy for a replicator).
    private mutating func place(_ layer: Layer, model: Layer, localTime: Double, chain: [MediaTiming], under inherited: Inheritance) {
        let transform = layer.transformToParent.concatenating(inherited.transform)
        let matrix = layer.matrixToParent.concatenating(inherited.matrix)
        // Core Animation's group opacity: a translucent layer with sublayers fades as one.
        let groupsOpacity = layer.opacity < 1 && !layer.sublayers.isEmpty
        let opacity = groupsOpacity ? inherited.opacity : inherited.opacity * layer.opacity
        var entry = PlacedLayer(name: layer.identifier, layer: layer, model: model, transformToCanvas: transform, opacity: opacity,
                                localTime: localTime, timingChain: chain, perspective: inherited.perspective, tint: inherited.tint,
                                instancePath: inherited.instancePath)
        entry.matrix = matrix
        if groupsOpacity { entry.groupOpacity = layer.opacity }
        if let mask = layer.mask {
            entry.maskLayers = [placeMask(mask, model: model.mask ?? mask, of: layer, transform: transform, chain: chain,
                                          parentMatrix: inherited.matrix)]
        }
        let index = placed.count
        placed.append(entry)
        defer { placed[index].subtreeEnd = placed.count }

        var children = inherited
        children.transform = layer.sublayerTransformToCanvas(transform)
        children.matrix = layer.sublayerMatrix(matrix)
        children.opacity = opacity
        children.timingChain = chain
        children.perspective = perspective(under: layer, transform: transform) ?? inherited.perspective
        if let replicator = layer.replicator {
            placeCopies(of: layer.sublayers, models: model.sublayers, by: replicator, bounds: layer.bounds, under: children)
        } else {
            place(layer.sublayers, models: model.sublayers, under: children)
        }
    }

    /// A mask lives in the masked layer's coordinates and time; only its alpha counts.
    private func placeMask(_ mask: Layer, model: Layer, of layer: Layer, transform: AffineTransform, chain: [MediaTiming],
                           parentMatrix: Matrix4) -> PlacedLayer {
        let maskChain = chain + [mask.timing]
        let maskLocal = maskChain.timeWithRepeats(effectTime: time)
        let presented = mask.presentation(atLocalTime: maskLocal)
        var placedMask = PlacedLayer(name: mask.identifier, layer: presented, model: model,
                                     transformToCanvas: presented.transformToParent.concatenating(transform),
                                     opacity: presented.opacity, localTime: maskLocal, timingChain: maskChain)
        placedMask.matrix = presented.matrixToParent.concatenating(layer.matrixToParent.concatenating(parentMatrix))
        return placedMask
    }

    /// The perspective a layer's `sublayerTransform` sets for its sublayers, about its anchor
    /// point on the canvas; nil when it sets none.
    private func perspective(under layer: Layer, transform: AffineTransform) -> Perspective? {
        for case .perspective(let distance) in layer.sublayerTransform {
            return Perspective(center: transform.apply(to: layer.anchorInBounds), distance: distance)
        }
        return nil
    }

    /// A replicator draws its sublayers instanceCount times. Copy k has the instance transform
    /// applied k times about the replicator's centre, runs k · instanceDelay behind, and is
    /// tinted by instanceColor plus k times each channel offset.
    private mutating func placeCopies(of sublayers: [Layer], models: [Layer], by replicator: ReplicatorProperties, bounds: Rect,
                                      under inherited: Inheritance) {
        let center = Point(x: bounds.origin.x + bounds.size.width / 2, y: bounds.origin.y + bounds.size.height / 2)
        let step = AffineTransform.translation(-center.x, -center.y)
            .concatenating(replicator.instanceTransform.affineTransform)
            .concatenating(.translation(center.x, center.y))
        let step3D = Matrix4.translation(-center.x, -center.y)
            .concatenating(replicator.instanceTransform.matrix)
            .concatenating(.translation(center.x, center.y))
        var instance = AffineTransform.identity
        var instance3D = Matrix4.identity
        for k in 0..<replicator.instanceCount {
            var delay = MediaTiming()
            delay.beginTime = Double(k) * replicator.instanceDelay
            let color = replicator.color(instance: k)
            var copy = inherited
            copy.transform = instance.concatenating(inherited.transform)
            copy.matrix = instance3D.concatenating(inherited.matrix)
            copy.timingChain = inherited.timingChain + [delay]
            copy.tint = Color(red: inherited.tint.red * color.red, green: inherited.tint.green * color.green,
                              blue: inherited.tint.blue * color.blue, alpha: inherited.tint.alpha * color.alpha)
            copy.instancePath = inherited.instancePath + [k]
            place(sublayers, models: models, under: copy)
            instance = step.concatenating(instance)
            instance3D = step3D.concatenating(instance3D)
        }
    }
}
