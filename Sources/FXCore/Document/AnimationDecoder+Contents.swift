extension AnimationDecoder {
    /// Whether the object is a keyframe animation of `contents` (frame-by-frame images), which
    /// has texture names for values, not values of a key path.
    static func animatesContents(_ reader: ObjectReader, type: Animation.AnimationType) -> Bool {
        type == .keyframe && reader.string(AnimationKeys.keyPath) == ImageLayerKeys.contents.name
    }

    /// A keyframe animation of an image layer's `contents`: `values` are texture names declared
    /// under `textures`, each shown in turn until the next key time. Core Animation cross-fades
    /// images in its default `linear` mode; fx draws `discrete` only, and says so.
    static func decodeContents(_ reader: ObjectReader, layer: Layer, context: DecodingContext) -> Animation.ContentsKeyframes? {
        guard layer.type == .image else {
            reader.error(AnimationKeys.keyPath, "a keyframe animation of contents changes an image layer's image; this is a \(layer.type.rawValue) layer",
                         suggestion: "put it on an image layer (\"\(LayerKeys.type.name)\": \"\(Layer.LayerType.image.rawValue)\")")
            return nil
        }
        let mode: Animation.CalculationMode = reader.enumeration(KeyframeAnimationKeys.calculationMode, default: .linear)
        guard mode == .discrete else {
            reader.error(KeyframeAnimationKeys.calculationMode, "images are shown one after another: fx draws contents keyframes in discrete mode only "
                         + "(Core Animation's \(mode.rawValue) mode would cross-fade them)",
                         suggestion: "add \"\(KeyframeAnimationKeys.calculationMode.name)\": \"\(Animation.CalculationMode.discrete.rawValue)\"")
            return nil
        }
        let notForContents = [KeyframeAnimationKeys.path, KeyframeAnimationKeys.timingFunctions, KeyframeAnimationKeys.tensionValues,
                              KeyframeAnimationKeys.continuityValues, KeyframeAnimationKeys.biasValues, KeyframeAnimationKeys.rotationMode]
        for key in notForContents where reader.has(key) {
            reader.error(key, "\"\(key.name)\" does not apply to a keyframe animation of contents")
        }
        guard let node = reader.node(KeyframeAnimationKeys.values), case .array(let elements) = node.value, !elements.isEmpty else {
            reader.error(KeyframeAnimationKeys.values, "expected a list of texture names, one per image")
            return nil
        }
        var frames: [TextureReference] = [], animations: [GIFInfo?] = []
        for (index, element) in elements.enumerated() {
            let path = JSONPath.element(reader.childPath(KeyframeAnimationKeys.values), index)
            guard case .string(let name) = element.value else {
                context.error(at: element.location, path: path, "an image is the name of a texture declared under \"textures\", got \(describe(element.value))")
                return nil
            }
            guard let textures = context.textures else { return nil }
            let (reference, animation) = textures.resolveImage(name, at: element.location, path: path, context: context)
            guard let reference else { return nil }
            frames.append(reference)
            animations.append(animation)
        }
        var contents = Animation.ContentsKeyframes(frames: frames, animations: animations)
        if reader.has(KeyframeAnimationKeys.keyTimes) {
            let stand = Animation.Keyframes(values: Array(repeating: .number(0), count: frames.count), calculationMode: .discrete)
            guard let times = keyTimes(reader, keyframes: stand, segmentCount: frames.count - 1, context: context) else { return nil }
            contents.keyTimes = times
        }
        return contents
    }
}
