extension AnimatableKeyPath {
    /// Why an animation added to `layer` with this key path is refused, in words for the
    /// user; nil when it is fine. An emitter layer's particles are simulated from its own
    /// animations, in its own time, so an animation of another layer cannot change its
    /// emitter's or cells' properties through a route (`sublayers.snow.birthRate`); its
    /// layer properties (`sublayers.snow.opacity`) it can, as drawing reads them.
    public func refusalAsAnimation(on layer: Layer) -> String? {
        guard !route.isEmpty, let reached = layer.descendant(route), reached.type == .emitter else { return nil }
        let simulated: Bool
        switch target {
        case .cell, .field: simulated = true
        case .layer(let property, _): simulated = property.owner == .emitterLayer
        case .transform: simulated = false
        }
        guard simulated else { return nil }
        return "\"\(path)\" reaches emitter layer \"\(reached.identifier)\", whose particles follow only its own animations; add this animation to that layer, with key path \"\(propertyPath)\""
    }

    /// The key path from the layer it reaches on: the text after the route's steps
    /// (`locations` of `mask.locations`).
    public var propertyPath: String {
        var rest = Substring(path)
        for step in route {
            switch step {
            case .mask:
                rest = rest.dropFirst(LayerKeys.mask.name.count)
            case .sublayer:
                rest = rest.dropFirst(LayerKeys.sublayers.name.count)
                // `[INDEX]` or `.NAME`: to the dot before the next part.
                rest = rest.hasPrefix("[") ? rest.drop { $0 != "]" }.dropFirst() : rest.dropFirst().drop { $0 != "." }
            }
            rest = rest.dropFirst()  // the dot
        }
        return String(rest)
    }
}
