extension Effect {
    /// The layer a key path starts at, and the rest of it: `LAYER.KEYPATH` where LAYER is a
    /// layer's unique name followed by any chain of `mask`, `sublayers.NAME` and
    /// `sublayers[INDEX]` (`title.mask.locations`, `ring.sublayers.dot.opacity`,
    /// `ring.sublayers[0].mask.opacity`). The one resolver of the layer part for `fx inspect`,
    /// `fx plot`, `fx set`, `EffectPlayer.setValue(_:forKeyPath:)` and the window's panel; the
    /// layer reached is found in a presentation or a file by its unique name (``Layer/identifier``).
    /// - Returns: the model layer reached, the key path's text up to it (`title.mask`), and the
    ///   rest (empty when the path names the layer itself).
    /// - Throws: ``KeyPathLookupError`` naming the key path: no layer of that unique name (with
    ///   the nearest and the list), or a step the layer does not have (see ``Layer/descend(_:)``).
    public func layerReference(_ qualified: String) throws -> (layer: Layer, written: String, rest: String) {
        let layers = allLayers().map(\.layer)
        let named = layers.filter { qualified == $0.identifier || qualified.hasPrefix($0.identifier + ".") }
        guard let start = named.max(by: { $0.identifier.count < $1.identifier.count }) else {
            let first = String(qualified.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
            let names = layers.map(\.identifier)
            let hint = closestMatch(to: first, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw KeyPathLookupError(description: "\(qualified): no layer named \"\(first)\"\(hint) (layers: \(names.joined(separator: ", ")))")
        }
        let afterName = String(qualified.dropFirst(min(qualified.count, start.identifier.count + 1)))
        do {
            let (_, layer, rest) = try start.descend(afterName)
            let written = rest.isEmpty ? qualified : String(qualified.dropLast(rest.count + 1))
            return (layer, written, rest)
        } catch let error as KeyPathLookupError {
            throw KeyPathLookupError(description: "\(qualified): \(error.description)")
        }
    }
}
