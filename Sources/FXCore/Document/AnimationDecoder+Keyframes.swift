extension AnimationDecoder {
    /// A keyframe animation's values (or path), key times, timing functions, Kochanek–Bartels
    /// parameters and rotation mode; nil (reported) when they cannot make an animation.
    static func decodeKeyframes(_ reader: ObjectReader, keyPath: AnimatableKeyPath, context: DecodingContext) -> Animation.Keyframes? {
        var keyframes = Animation.Keyframes(values: [])
        keyframes.calculationMode = reader.enumeration(KeyframeAnimationKeys.calculationMode, default: .linear)
        if let pathNode = reader.node(KeyframeAnimationKeys.path) {
            guard let path = keyframePath(pathNode, reader: reader, keyPath: keyPath, context: context) else { return nil }
            keyframes.path = path
            if reader.has(KeyframeAnimationKeys.values) { reader.error(KeyframeAnimationKeys.values, "give either \"values\" or \"path\", not both") }
        } else {
            guard let values = keyframeValues(reader, keyPath: keyPath, context: context) else { return nil }
            keyframes.values = values
        }
        let segmentCount = keyframes.sampler?.segmentCount ?? keyframes.values.count - 1
        if reader.has(KeyframeAnimationKeys.keyTimes) {
            guard let times = keyTimes(reader, keyframes: keyframes, segmentCount: segmentCount, context: context) else { return nil }
            keyframes.keyTimes = times
        }
        if reader.has(KeyframeAnimationKeys.timingFunctions) {
            guard let functions = timingFunctions(reader, segmentCount: segmentCount, context: context) else { return nil }
            keyframes.timingFunctions = functions
        }
        keyframes.tensionValues = cubicParameters(KeyframeAnimationKeys.tensionValues, reader, keyframes: keyframes)
        keyframes.continuityValues = cubicParameters(KeyframeAnimationKeys.continuityValues, reader, keyframes: keyframes)
        keyframes.biasValues = cubicParameters(KeyframeAnimationKeys.biasValues, reader, keyframes: keyframes)
        keyframes.prepare()
        if reader.has(KeyframeAnimationKeys.rotationMode) {
            keyframes.rotationMode = reader.enumeration(KeyframeAnimationKeys.rotationMode, default: Animation.RotationMode.auto)
            if keyframes.path == nil && keyPath.kind != .point {
                reader.error(KeyframeAnimationKeys.rotationMode, "rotationMode turns a layer along the path it moves on; it needs a point key path")
            }
        }
        return keyframes
    }

    /// The path a point key path follows, with at least one segment.
    private static func keyframePath(_ node: JSONNode, reader: ObjectReader, keyPath: AnimatableKeyPath,
                                     context: DecodingContext) -> Path? {
        guard keyPath.kind == .point else {
            reader.error(KeyframeAnimationKeys.path, "a keyframe path moves a point, but \"\(keyPath.path)\" is not a point", suggestion: "animate \"\(LayerKeys.position.name)\"")
            return nil
        }
        guard let path = ValueDecoder.decodePath(node, path: reader.childPath(KeyframeAnimationKeys.path), context: context) else { return nil }
        guard path.elements.contains(where: { if case .move = $0 { return false }; if case .close = $0 { return false }; return true }) else {
            reader.error(KeyframeAnimationKeys.path, "the path has no segments to move along")
            return nil
        }
        return path
    }

    /// The keyframe values: 1…``maxKeyframes`` values of the key path's kind, all of the first
    /// one's shape.
    private static func keyframeValues(_ reader: ObjectReader, keyPath: AnimatableKeyPath, context: DecodingContext) -> [AnimatableValue]? {
        guard let valuesNode = reader.node(KeyframeAnimationKeys.values) else {
            context.error(at: reader.location, path: reader.path, "a keyframe animation needs \"\(KeyframeAnimationKeys.values.name)\" or \"\(KeyframeAnimationKeys.path.name)\"")
            return nil
        }
        guard case .array(let elements) = valuesNode.value, !elements.isEmpty else {
            reader.error(KeyframeAnimationKeys.values, "expected a non-empty list of values")
            return nil
        }
        guard elements.count <= maxKeyframes else {
            reader.error(KeyframeAnimationKeys.values, "more than \(maxKeyframes) keyframe values")
            return nil
        }
        var values: [AnimatableValue] = []
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(reader.childPath(KeyframeAnimationKeys.values), index)
            guard let value = ValueDecoder.decode(element, kind: keyPath.kind, angles: keyPath.acceptsAngles, path: elementPath,
                                                  context: context) else { return nil }
            if let first = values.first, !first.isCompatible(with: value) {
                context.error(at: element.location, path: elementPath,
                              "this value does not have the shape of the first one (same count of components, and for paths the same commands)")
                return nil
            }
            values.append(value)
        }
        return values
    }

    /// `keyTimes`: non-decreasing numbers in 0…1, one per value (one more for `discrete`);
    /// any count for the paced modes, which ignore them.
    static func keyTimes(_ reader: ObjectReader, keyframes: Animation.Keyframes, segmentCount: Int,
                                 context: DecodingContext) -> [Double]? {
        guard let node = reader.node(KeyframeAnimationKeys.keyTimes), case .array(let elements) = node.value else {
            reader.error(KeyframeAnimationKeys.keyTimes, "expected a list of numbers in 0…1")
            return nil
        }
        var times: [Double] = []
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(reader.childPath(KeyframeAnimationKeys.keyTimes), index)
            guard case .number(let time) = element.value, (0...1).contains(time) else {
                context.error(at: element.location, path: elementPath, "a key time is a number in 0…1, got \(describe(element.value))")
                return nil
            }
            if let last = times.last, time < last {
                context.error(at: element.location, path: elementPath, "key times must not decrease (\(format(time)) after \(format(last)))")
                return nil
            }
            times.append(time)
        }
        let mode = keyframes.calculationMode
        let expected = mode == .discrete ? [segmentCount + 1, segmentCount + 2] : [segmentCount + 1]
        if !(mode == .paced || mode == .cubicPaced) && !expected.contains(times.count) {
            let what = keyframes.path == nil ? "values" : "path points"
            reader.error(KeyframeAnimationKeys.keyTimes, "\(times.count) key times for \(segmentCount + 1) \(what); expected \(expected.map(String.init).joined(separator: " or "))")
            return nil
        }
        return times
    }

    /// `timingFunctions`: one per segment, or one for every segment (reported otherwise).
    private static func timingFunctions(_ reader: ObjectReader, segmentCount: Int, context: DecodingContext) -> [TimingFunction]? {
        guard let node = reader.node(KeyframeAnimationKeys.timingFunctions), case .array(let elements) = node.value else {
            reader.error(KeyframeAnimationKeys.timingFunctions, "expected a list of timing functions, one per segment")
            return nil
        }
        var functions: [TimingFunction] = []
        for (index, element) in elements.enumerated() {
            guard let function = timingFunction(element, path: JSONPath.element(reader.childPath(KeyframeAnimationKeys.timingFunctions), index),
                                                context: context) else { return nil }
            functions.append(function)
        }
        if functions.count != segmentCount && functions.count != 1 {
            reader.error(KeyframeAnimationKeys.timingFunctions, "\(functions.count) timing functions for \(segmentCount) segments; give one per segment")
        }
        return functions
    }

    /// `tensionValues`, `continuityValues` or `biasValues`: one number per value; nil when
    /// absent or wrong (reported).
    private static func cubicParameters(_ key: PropertyDescriptor, _ reader: ObjectReader, keyframes: Animation.Keyframes) -> [Double]? {
        guard let node = reader.node(key) else { return nil }
        guard case .array(let elements) = node.value else {
            reader.error(key, "expected a list of numbers")
            return nil
        }
        let numbers = elements.compactMap { element -> Double? in if case .number(let n) = element.value { return n }; return nil }
        guard numbers.count == elements.count, numbers.count == keyframes.values.count || keyframes.path != nil else {
            reader.error(key, "expected one number per value (\(keyframes.values.count))")
            return nil
        }
        return numbers
    }
}
