/// A layer of the tree with what it inherits from its ancestors, at one moment.
public struct PlacedLayer: Sendable {
    /// The layer's `name` (or its type when unnamed), made unique in the effect with `#2`,
    /// `#3`, … in drawing order.
    public var name: String
    /// The presentation layer: the model with its animations applied at ``localTime``.
    public var layer: Layer
    /// The layer as written in the file.
    public var model: Layer
    /// From the layer's coordinates to the canvas, flattened to 2D (rotations about x and y
    /// foreshorten, perspective is left out): what particles and text are drawn with.
    public var transformToCanvas: AffineTransform
    /// From the layer's plane to the canvas in 3D, with every perspective above it: what the
    /// layer's vector content (backgrounds, borders, shapes, gradients, images) is drawn with.
    public var matrix: Matrix4 = .identity
    /// The product of its own and its ancestors' opacities.
    public var opacity: Double
    /// The layer's time at this moment: the effect time through the media timing of every
    /// ancestor and the layer itself.
    public var localTime: Double
    /// The media timing of the ancestors and the layer, root first: maps effect time to
    /// ``localTime``.
    public var timingChain: [MediaTiming]
    /// The perspective of the nearest ancestor whose `sublayerTransform` has one.
    public var perspective: Perspective? = nil
    /// A color multiplied into everything the layer draws: the product of the instance colors
    /// of the replicators it is copied by (opaque white for none).
    public var tint: Color = .white
    /// Which copy this is, for each enclosing replicator (empty outside replicators).
    public var instancePath: [Int] = []
    /// The layer's `mask`, placed in the layer's coordinates (empty when it has none).
    public var maskLayers: [PlacedLayer] = []
    /// The index in the placed list just after this layer's sublayers: the layer and its
    /// subtree are the entries up to here (what a mask masks).
    public var subtreeEnd: Int = 0
    /// Set when the layer's opacity is applied to it and its sublayers as a group (it has
    /// sublayers and is not opaque): the subtree is drawn apart and faded once, so overlapping
    /// sublayers do not show through each other. ``opacity`` then leaves this factor out.
    public var groupOpacity: Double? = nil
}

/// A perspective projection (m34 = −1/distance) about a point of the canvas: a point at depth
/// z is drawn at centre + (p − centre) / (1 − z / distance), and scaled by the same factor.
public struct Perspective: Sendable, Equatable {
    /// The centre of projection in canvas points: the anchor point of the layer whose
    /// `sublayerTransform` holds the perspective.
    public var center: Point
    /// The eye's distance d in points, from `{"perspective": d}`; points at z ≥ d are behind
    /// the eye.
    public var distance: Double
}

extension Array where Element == MediaTiming {
    /// Effect time through each timing in turn, root first.
    public func localTime(effectTime: Double) -> Double {
        reduce(effectTime) { $1.layerTime(parentTime: $0) }
    }
}

extension Effect {
    /// Every visible layer of the tree in drawing order, as presented at effect time `time`:
    /// children in order, then stably by `zPosition`; a hidden layer hides its sublayers.
    /// Masks are not listed.
    public func presentationLayers(at time: Double) -> [PlacedLayer] {
        var result: [PlacedLayer] = []
        func visit(_ layers: [Layer], parentTransform: AffineTransform, parentMatrix: Matrix4, parentOpacity: Double,
                   chain: [MediaTiming], perspective: Perspective?, tint: Color, instancePath: [Int]) {
            let chainTimes = layers.map { model -> (Layer, Double, [MediaTiming]) in
                let layerChain = chain + [model.timing]
                let local = layerChain.localTime(effectTime: time)
                return (model.presentation(atLocalTime: local), local, layerChain)
            }
            let order = chainTimes.indices.sorted { (chainTimes[$0].0.zPosition, $0) < (chainTimes[$1].0.zPosition, $1) }
            for index in order {
                let (layer, local, layerChain) = chainTimes[index]
                guard !layer.hidden, result.count < Self.maxPlacedLayers else { continue }
                let transform = layer.transformToParent.concatenating(parentTransform)
                // Core Animation's group opacity: a translucent layer with sublayers fades as one.
                let groupsOpacity = layer.opacity < 1 && !layer.sublayers.isEmpty
                let opacity = groupsOpacity ? parentOpacity : parentOpacity * layer.opacity
                var placed = PlacedLayer(name: layer.identifier, layer: layer, model: layers[index],
                                         transformToCanvas: transform, opacity: opacity, localTime: local, timingChain: layerChain,
                                         perspective: perspective, tint: tint, instancePath: instancePath)
                if let mask = layer.mask {
                    // The mask lives in the masked layer's coordinates and time; only its alpha counts.
                    let maskChain = layerChain + [mask.timing]
                    let maskLocal = maskChain.localTime(effectTime: time)
                    let presentedMask = mask.presentation(atLocalTime: maskLocal)
                    var placedMask = PlacedLayer(name: mask.identifier, layer: presentedMask, model: mask,
                                                 transformToCanvas: presentedMask.transformToParent.concatenating(transform),
                                                 opacity: presentedMask.opacity, localTime: maskLocal, timingChain: maskChain)
                    placedMask.matrix = presentedMask.matrixToParent.concatenating(layer.matrixToParent.concatenating(parentMatrix))
                    placed.maskLayers = [placedMask]
                }
                if groupsOpacity { placed.groupOpacity = layer.opacity }
                let matrix = layer.matrixToParent.concatenating(parentMatrix)
                placed.matrix = matrix
                let placedIndex = result.count
                result.append(placed)
                defer { result[placedIndex].subtreeEnd = result.count }
                var childPerspective = perspective
                if case .perspective(let distance)? = layer.sublayerTransform.first(where: { if case .perspective = $0 { return true }; return false }) {
                    let anchor = layer.anchorInBounds
                    childPerspective = Perspective(center: transform.apply(to: anchor), distance: distance)
                }
                let childBase = layer.sublayerTransformToCanvas(transform)
                let childMatrix = layer.sublayerMatrix(matrix)
                guard let replicator = layer.replicator else {
                    visit(layer.sublayers, parentTransform: childBase, parentMatrix: childMatrix, parentOpacity: opacity, chain: layerChain,
                          perspective: childPerspective, tint: tint, instancePath: instancePath)
                    continue
                }
                // A replicator draws its sublayers instanceCount times. Copy k has the instance
                // transform applied k times about the replicator's centre, runs k · instanceDelay
                // behind, and is tinted by instanceColor plus k times each channel offset.
                let center = Point(x: layer.bounds.origin.x + layer.bounds.size.width / 2,
                                   y: layer.bounds.origin.y + layer.bounds.size.height / 2)
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
                    let instanceTint = Color(red: tint.red * color.red, green: tint.green * color.green,
                                             blue: tint.blue * color.blue, alpha: tint.alpha * color.alpha)
                    visit(layer.sublayers, parentTransform: instance.concatenating(childBase),
                          parentMatrix: instance3D.concatenating(childMatrix), parentOpacity: opacity,
                          chain: layerChain + [delay], perspective: childPerspective, tint: instanceTint,
                          instancePath: instancePath + [k])
                    instance = step.concatenating(instance)
                    instance3D = step3D.concatenating(instance3D)
                }
            }
        }
        visit(layers, parentTransform: .identity, parentMatrix: .identity, parentOpacity: 1, chain: [], perspective: nil,
              tint: .white, instancePath: [])
        return result
    }

    /// The most layers drawn in one frame, replicated copies included: a bound on the work
    /// nested replicators can ask for.
    public static let maxPlacedLayers = 100_000
}

extension Effect {
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
        func visit(_ layers: inout [Layer]) {
            for index in layers.indices {
                let base = layers[index].name ?? layers[index].type.rawValue
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
                layers[index].uniqueName = name
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

    /// Every layer of the tree (hidden ones too, masks not), in file order, depth first, with
    /// the media timing that maps effect time to its local time.
    public func allLayers() -> [(layer: Layer, timingChain: [MediaTiming])] {
        var result: [(layer: Layer, timingChain: [MediaTiming])] = []
        func visit(_ layers: [Layer], chain: [MediaTiming]) {
            for layer in layers {
                result.append((layer, chain + [layer.timing]))
                visit(layer.sublayers, chain: chain + [layer.timing])
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
