import FXCore

extension CoreAnimationTreeBuilder {
    /// The Core Animation class of a layer type.
    static func className(_ type: Layer.LayerType) -> String {
        switch type {
        case .layer, .image: return "CALayer"
        case .emitter: return "CAEmitterLayer"
        case .replicator: return "CAReplicatorLayer"
        case .gradient: return "CAGradientLayer"
        case .shape: return "CAShapeLayer"
        case .text: return "CATextLayer"
        }
    }

    /// A layer, its cells, sublayers, mask and animations. `path` is its key path in the
    /// effect (`sparks`), which warnings name.
    mutating func layerObject(_ layer: Layer, json: JSONObject, path: String) -> CoreAnimationObject {
        var object = CoreAnimationObject(className: Self.className(layer.type),
                                         variableName: variableName(layer.name, suffix: "Layer", fallback: layer.type.rawValue))
        setProperties(PropertyRegistry.properties(of: .layer), of: layer, on: &object,
                      skipping: [LayerKeys.transform, LayerKeys.sublayerTransform])
        if !layer.transform.isEmpty {
            object.properties.append(Self.property(LayerKeys.transform, .transform(layer.transform)))
        }
        if !layer.sublayerTransform.isEmpty {
            object.properties.append(Self.property(LayerKeys.sublayerTransform, .transform(layer.sublayerTransform)))
        }
        setProperties(PropertyRegistry.properties(of: .mediaTiming), of: layer.timing, on: &object)
        if let owner = PropertyOwner.layer(layer.type) {
            setProperties(PropertyRegistry.properties(of: owner), of: layer, on: &object,
                          skipping: [ReplicatorLayerKeys.instanceTransform, EmitterLayerKeys.seed])
        }
        typeProperties(of: layer, json: json, path: path, on: &object)
        extensionKeys(json, owners: [.layer, .mediaTiming] + (PropertyOwner.layer(layer.type).map { [$0] } ?? []),
                      path: path, layer: layer, on: &object)

        if let mask = layer.mask {
            object.mask = [layerObject(mask, json: JSONObject(json.node(LayerKeys.mask.name)), path: path + "." + LayerKeys.mask.name)]
        }
        let sublayerNodes = json.array(LayerKeys.sublayers.name)
        var sublayers: [CoreAnimationObject] = []
        for (index, sublayer) in layer.sublayers.enumerated() {
            let node = index < sublayerNodes.count ? sublayerNodes[index] : nil
            sublayers.append(layerObject(sublayer, json: JSONObject(node),
                                         path: path + "." + LayerKeys.sublayers.name + "." + (sublayer.name ?? "[\(index)]")))
        }
        if !sublayers.isEmpty { object.children[.sublayers] = sublayers }
        addAnimations(of: layer, json: json, path: path, on: &object)
        return object
    }

    /// What only layers of one type have and the registry walk leaves out: a replicator's
    /// instance transform, an emitter's seed and cells, an image's contents, a text's font, a
    /// shape's dash pattern.
    private mutating func typeProperties(of layer: Layer, json: JSONObject, path: String, on object: inout CoreAnimationObject) {
        if let replicator = layer.replicator, !replicator.instanceTransform.isEmpty {
            object.properties.append(Self.property(ReplicatorLayerKeys.instanceTransform, .transform(replicator.instanceTransform)))
        }
        if let emitter = layer.emitter {
            if layer.name == nil {
                // The layer's name keys its particles' random draws: an unnamed emitter is named
                // as fx calls it, so that it imports back with the same particles.
                object.properties.insert(Self.property(LayerKeys.name, .string(layer.identifier)), at: 0)
            }
            // The effect's seed and the layer's add (mod 2³²), as the engine combines them, so
            // Core Animation's one seed carries both.
            let seed = (document.effect.seed &+ emitter.seed) & 0xFFFF_FFFF
            if seed != 0 {
                object.properties.append(Self.property(EmitterLayerKeys.seed, .integer(Int(seed))))
            }
            let cellNodes = json.array(EmitterLayerKeys.emitterCells.name)
            var cells: [CoreAnimationObject] = []
            for (index, cell) in emitter.emitterCells.enumerated() {
                let node = index < cellNodes.count ? cellNodes[index] : nil
                cells.append(cellObject(cell, json: JSONObject(node),
                                        path: path + "." + EmitterLayerKeys.emitterCells.name + "." + (cell.name ?? "[\(index)]")))
            }
            if !cells.isEmpty { object.children[.emitterCells] = cells }
        }
        if let image = layer.image, let contents = image.contents {
            if case .animation = contents {
                warn(path + "." + ImageLayerKeys.contents.name, at: json.member(ImageLayerKeys.contents.name),
                     "approximated: an animated image's first frame is set as contents (Core Animation plays an image sequence as a keyframe animation of `contents`)")
            }
            if let value = self.image(contents) {
                object.properties.append(Self.property(ImageLayerKeys.contents, value))
            } else {
                warn(path + "." + ImageLayerKeys.contents.name, at: json.member(ImageLayerKeys.contents.name),
                     "dropped: a frame of a texture atlas has no Core Animation image of its own")
            }
        }
        if let text = layer.text, let font = text.font {
            // Only a font the file names: without one fx and Core Animation each use their own.
            object.properties.append(Self.property(TextLayerKeys.font, .font(font.contains("/") ? Self.fileName(font) : font)))
        }
        if let shape = layer.shape, !shape.style.lineDashPattern.isEmpty {
            object.properties.append(Self.property(ShapeLayerKeys.lineDashPattern, .numbers(shape.style.lineDashPattern)))
        }
    }
}
