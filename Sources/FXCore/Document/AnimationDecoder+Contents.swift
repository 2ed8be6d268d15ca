extension AnimationDecoder {
    /// Whether the object is a keyframe animation of `contents` (frame-by-frame images), which
    /// has texture names for values, not values of a key path.
    static func animatesContents(_ reader: ObjectReader, type: Animation.AnimationType) -> Bool {
        type == .keyframe && reader.string("keyPath") == "contents"
    }

    /// A keyframe animation of an image layer's `contents`: `values` are texture names declared
    /// under `textures`, each shown in turn until the next key time. Core Animation cross-fades
    /// images in its default `linear` mode; fx draws `discrete` only, and says so.
    static func decodeContents(_ reader: ObjectReader, layer: Layer, context: DecodingContext) -> Animation.ContentsKeyframes? {
        guard layer.type == .image else {
            reader.error("keyPath", "a keyframe animation of contents changes an image layer's image; this is a \(layer.type.rawValue) layer",
                         suggestion: "put it on an image layer (\"type\": \"image\")")
            return nil
        }
        let mode: Animation.CalculationMode = reader.enumeration("calculationMode", default: .linear)
        guard mode == .discrete else {
            reader.error("calculationMode", "images are shown one after another: fx draws contents keyframes in discrete mode only "
                         + "(Core Animation's \(mode.rawValue) mode would cross-fade them)",
                         suggestion: "add \"calculationMode\": \"discrete\"")
            return nil
        }
        for key in ["path", "timingFunctions", "tensionValues", "continuityValues", "biasValues", "rotationMode"] where reader.has(key) {
            reader.error(key, "\"\(key)\" does not apply to a keyframe animation of contents")
        }
        guard let node = reader.node("values"), case .array(let elements) = node.value, !elements.isEmpty else {
            reader.error("values", "expected a list of texture names, one per image")
            return nil
        }
        var frames: [TextureReference] = [], animations: [GIFInfo?] = []
        for (index, element) in elements.enumerated() {
            let path = JSONPath.element(reader.childPath("values"), index)
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
        if reader.has("keyTimes") {
            let stand = Animation.Keyframes(values: Array(repeating: .number(0), count: frames.count), calculationMode: .discrete)
            guard let times = keyTimes(reader, keyframes: stand, segmentCount: frames.count - 1, context: context) else { return nil }
            contents.keyTimes = times
        }
        return contents
    }
}
