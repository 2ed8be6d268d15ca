/// A layer of the tree with what it inherits from its ancestors.
public struct PlacedLayer: Sendable {
    /// The layer's `name` (or its type when unnamed), made unique in the effect with `#2`,
    /// `#3`, … in drawing order.
    public var name: String
    public var layer: Layer
    /// From the layer's coordinates to the canvas.
    public var transformToCanvas: AffineTransform
    /// The product of its own and its ancestors' opacities.
    public var opacity: Double
    /// Its `beginTime` plus its ancestors'.
    public var beginTime: Double
}

extension Effect {
    /// Every visible layer of the tree in drawing order: children in order, then stably by
    /// `zPosition`; a hidden layer hides its sublayers. Masks are not listed.
    public func placedLayers() -> [PlacedLayer] {
        var result: [PlacedLayer] = []
        var usedNames: [String: Int] = [:]
        func visit(_ layers: [Layer], parentTransform: AffineTransform, parentOpacity: Double, parentBegin: Double) {
            let ordered = layers.enumerated()
                .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
                .map(\.element)
            for layer in ordered where !layer.hidden {
                let transform = layer.transformToParent.concatenating(parentTransform)
                let opacity = parentOpacity * layer.opacity
                let begin = parentBegin + layer.timing.beginTime
                let base = layer.name ?? layer.type.rawValue
                let uses = usedNames[base, default: 0] + 1
                usedNames[base] = uses
                result.append(PlacedLayer(name: uses == 1 ? base : "\(base)#\(uses)", layer: layer,
                                          transformToCanvas: transform, opacity: opacity, beginTime: begin))
                // A layer's sublayerTransform acts on its sublayers, about its anchor point.
                var childTransform = transform
                if !layer.sublayerTransform.isEmpty {
                    let anchor = Point(x: layer.bounds.origin.x + layer.anchorPoint.x * layer.bounds.size.width,
                                       y: layer.bounds.origin.y + layer.anchorPoint.y * layer.bounds.size.height)
                    childTransform = AffineTransform.translation(-anchor.x, -anchor.y)
                        .concatenating(layer.sublayerTransform.affineTransform)
                        .concatenating(.translation(anchor.x, anchor.y))
                        .concatenating(transform)
                }
                visit(layer.sublayers, parentTransform: childTransform, parentOpacity: opacity, parentBegin: begin)
            }
        }
        visit(layers, parentTransform: .identity, parentOpacity: 1, parentBegin: 0)
        return result
    }
}
