/// Decodes a layer's `animations` list into animations whose key paths are resolved on that
/// layer and whose values have the key path's kind. A key path that names nothing animatable is
/// an error that names it, with the nearest animatable one.
enum AnimationDecoder {
    /// The keys every animation accepts: the registry's animation and media-timing keys.
    static let commonKeys = PropertyRegistry.properties(of: .animation) + PropertyRegistry.properties(of: .mediaTiming)

    /// Every key an animation of `type` accepts: the common ones (but a transition, a plain
    /// `CAAnimation`, has none of a property animation's), then its type's.
    static func allowedKeys(_ type: Animation.AnimationType) -> [PropertyDescriptor] {
        let common = type == .transition ? commonKeys.filter { !AnimationKeys.propertyAnimationOnly.contains($0) } : commonKeys
        return common + PropertyRegistry.properties(of: PropertyOwner.animation(type))
    }
    /// Groups of groups deeper than this are rejected.
    static let maxDepth = 8
    /// The most animations one layer may have, counting those inside groups.
    static let maxAnimationsPerLayer = 1000
    /// The most keyframe values one animation may have.
    static let maxKeyframes = 10_000

    /// - Parameter groupDuration: for a group's children, the group's simple duration (which
    ///   a child without a duration spans); nil for a layer's own list.
    static func decodeList(_ node: JSONNode, path: String, context: DecodingContext, layer: Layer, depth: Int,
                           groupDuration: Double? = nil, count: inout Int) -> [Animation] {
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of animations, got \(describe(node.value))")
            return []
        }
        guard depth < maxDepth else {
            context.error(at: node.location, path: path, "animation groups nest deeper than \(maxDepth) levels")
            return []
        }
        var result: [Animation] = []
        for (index, element) in elements.enumerated() {
            count += 1
            guard count <= maxAnimationsPerLayer else {
                context.error(at: element.location, path: JSONPath.element(path, index), "more than \(maxAnimationsPerLayer) animations on one layer")
                break
            }
            if let animation = decode(element, path: JSONPath.element(path, index), context: context, layer: layer, depth: depth,
                                      groupDuration: groupDuration, count: &count) {
                result.append(animation)
            }
        }
        return result
    }

    static func decode(_ node: JSONNode, path: String, context: DecodingContext, layer: Layer, depth: Int,
                       groupDuration: Double? = nil, count: inout Int) -> Animation? {
        guard case .object = node.value else {
            context.error(at: node.location, path: path, "expected an animation (a JSON object), got \(describe(node.value))")
            return nil
        }
        // `"type": "push"` reads naturally but names the transition, not the animation's class.
        if case .object(let members) = node.value, let member = members.first(where: { $0.key == AnimationKeys.type.name }),
           case .string(let text) = member.value.value, Animation.AnimationType(rawValue: text) == nil, TransitionType(rawValue: text) != nil {
            context.error(at: member.value.location, path: JSONPath.member(path, AnimationKeys.type.name),
                          "\"\(text)\" is a transition type, not an animation type",
                          suggestion: "write \"\(AnimationKeys.type.name)\": \"\(Animation.AnimationType.transition.rawValue)\", \"\(TransitionAnimationKeys.transitionType.name)\": \"\(text)\"")
            return nil
        }
        guard let type = typeName(Animation.AnimationType.self, of: node, key: AnimationKeys.type, path: path, context: context,
                                  noun: "animation", required: true),
              let reader = ObjectReader(node, path: path, context: context, what: "a \(type.rawValue) animation",
                                        allowed: allowedKeys(type)) else { return nil }
        var keyPath: AnimatableKeyPath?
        if type == .transition {
            // Core Animation draws a transition over the whole layer, under the key
            // "transition": it has no key path, and in a group it does nothing.
            guard depth == 0 else {
                context.error(at: node.location, path: path, "a transition animates its whole layer, so it cannot be inside a group",
                              suggestion: "move it to the layer's own \"animations\" with the group's beginTime")
                return nil
            }
        } else if animatesContents(reader, type: type) {
            // Frame-by-frame images: the values are texture names (decodeContents).
        } else if type != .group {
            guard let resolved = resolveKeyPath(reader, type: type, layer: layer) else { return nil }
            keyPath = resolved
        } else if reader.has(AnimationKeys.keyPath) {
            reader.error(AnimationKeys.keyPath, "a group has no key path of its own; give each child animation one")
        }
        // The timing first: a group's children need its duration.
        let timing = reader.timing()
        if let groupDuration, timing.duration == 0 { warnOfClippedRepeats(timing, groupDuration: groupDuration, reader: reader) }
        let spec: Animation.Spec
        switch type {
        case .basic:
            guard let basic = decodeBasic(reader, keyPath: keyPath!, context: context) else { return nil }
            spec = basic
        case .spring:
            guard let spring = decodeSpring(reader, keyPath: keyPath!, inGroup: depth > 0, context: context) else { return nil }
            spec = .spring(spring)
        case .keyframe where keyPath == nil:
            guard let contents = decodeContents(reader, layer: layer, context: context) else { return nil }
            spec = .contents(contents)
        case .keyframe:
            guard let keyframes = decodeKeyframes(reader, keyPath: keyPath!, context: context) else { return nil }
            spec = .keyframe(keyframes)
        case .group:
            guard let children = reader.node(GroupAnimationKeys.animations) else {
                context.error(at: node.location, path: path, "a group needs \"\(GroupAnimationKeys.animations.name)\"")
                return nil
            }
            let duration = timing.duration > 0 ? timing.duration : groupDuration ?? Animation.defaultDuration
            spec = .group(decodeList(children, path: reader.childPath(GroupAnimationKeys.animations), context: context, layer: layer, depth: depth + 1,
                                     groupDuration: duration, count: &count))
        case .transition:
            spec = .transition(decodeTransition(reader))
        }
        var animation = Animation(keyPath: keyPath, spec: spec)
        animation.location = node.location
        animation.timing = timing
        animation.timingFunction = reader.node(AnimationKeys.timingFunction).flatMap {
            timingFunction($0, path: reader.childPath(AnimationKeys.timingFunction), context: context)
        }
        reader.decode(AnimationKeys.all, into: &animation)
        if animation.timing.speed == 0 && animation.timing.timeOffset == 0 && reader.has(MediaTimingKeys.speed) {
            context.warning(at: reader.keyLocation(MediaTimingKeys.speed), path: reader.childPath(MediaTimingKeys.speed),
                            "speed 0 freezes the animation at its start",
                            suggestion: "set \"\(MediaTimingKeys.timeOffset.name)\" to choose the moment shown")
        }
        return animation
    }

    /// Warns of a group's child without a duration (so spanning its group's `groupDuration`)
    /// whose repeats or way back would begin only when the group has ended: clipped, they never
    /// show, and the author most likely meant a shorter duration.
    private static func warnOfClippedRepeats(_ timing: MediaTiming, groupDuration: Double, reader: ObjectReader) {
        let passes = timing.repeatDuration > 0 ? timing.repeatDuration / groupDuration : max(timing.repeatCount, 1)
        guard timing.autoreverses || passes > 1, timing.speed > 0, timing.timeOffset == 0,
              timing.beginTime + groupDuration / timing.speed >= groupDuration - 1e-9 else { return }
        let key = timing.autoreverses ? MediaTimingKeys.autoreverses
            : (timing.repeatDuration > 0 ? MediaTimingKeys.repeatDuration : MediaTimingKeys.repeatCount)
        let what = timing.autoreverses ? "its way back falls" : "its repeats fall"
        reader.context.warning(at: reader.keyLocation(key), path: reader.childPath(key),
                               "this child has no \"duration\", so one pass spans its group's \(format(groupDuration)) s and \(what) after the group ends, clipped",
                               suggestion: "give the child a \"duration\" shorter than the group's to repeat inside it")
    }

    /// A transition's type, side and progress range; an `endProgress` before the
    /// `startProgress` is an error (Core Animation requires end ≥ start).
    private static func decodeTransition(_ reader: ObjectReader) -> Animation.Transition {
        var transition = Animation.Transition()
        reader.decode(TransitionAnimationKeys.all, into: &transition)
        if transition.endProgress < transition.startProgress {
            reader.error(TransitionAnimationKeys.endProgress, "endProgress \(format(transition.endProgress)) is before startProgress \(format(transition.startProgress))",
                         suggestion: "make endProgress at least startProgress")
            transition.endProgress = transition.startProgress
        }
        return transition
    }

    /// The key path a (non-group) animation names, resolved on its layer; nil (reported, with
    /// the nearest animatable key path) when it names nothing animatable there.
    private static func resolveKeyPath(_ reader: ObjectReader, type: Animation.AnimationType, layer: Layer) -> AnimatableKeyPath? {
        guard let text = reader.string(AnimationKeys.keyPath) else {
            if !reader.has(AnimationKeys.keyPath) {
                reader.context.error(at: reader.location, path: reader.path,
                                     "a \(type.rawValue) animation needs a \"\(AnimationKeys.keyPath.name)\"")
            }
            return nil
        }
        // Layer steps first (`mask.`, `sublayers.NAME.`): a missing mask or sublayer is the
        // whole story, said with what the layer has.
        let reached: (steps: [LayerStep], layer: Layer, rest: String)
        do {
            reached = try layer.descend(text)
        } catch let error as KeyPathLookupError {
            reader.error(AnimationKeys.keyPath, "\"\(text)\": \(error.description)")
            return nil
        } catch {
            return nil
        }
        guard let resolved = AnimatableKeyPath(text, on: layer) else {
            let prefix = String(text.dropLast(reached.rest.count))
            let suggestion = closestMatch(to: reached.rest, in: AnimatableKeyPath.all(on: reached.layer)).map { "did you mean \"\(prefix + $0)\"?" }
            let which = reached.steps.isEmpty ? "this \(layer.type.rawValue) layer" : "\(reached.layer.type.rawValue) layer \"\(reached.layer.identifier)\" (\(prefix.dropLast()))"
            reader.error(AnimationKeys.keyPath, "\"\(text)\" names nothing animatable on \(which)", suggestion: suggestion)
            return nil
        }
        if let refusal = resolved.refusalAsAnimation(on: layer) {
            reader.error(AnimationKeys.keyPath, refusal)
            return nil
        }
        return resolved
    }

    /// The value under `key`, decoded as the key path's kind (nil when absent or wrong).
    private static func value(_ key: PropertyDescriptor, _ reader: ObjectReader, keyPath: AnimatableKeyPath,
                              context: DecodingContext) -> AnimatableValue? {
        reader.node(key).flatMap {
            ValueDecoder.decode($0, kind: keyPath.kind, angles: keyPath.acceptsAngles, path: reader.childPath(key), context: context)
        }
    }

    /// A basic animation's from, to and by values, all of one shape.
    private static func decodeBasic(_ reader: ObjectReader, keyPath: AnimatableKeyPath, context: DecodingContext) -> Animation.Spec? {
        let from = value(BasicAnimationKeys.fromValue, reader, keyPath: keyPath, context: context)
        let to = value(BasicAnimationKeys.toValue, reader, keyPath: keyPath, context: context)
        let by = value(BasicAnimationKeys.byValue, reader, keyPath: keyPath, context: context)
        let given = [(BasicAnimationKeys.fromValue, from), (BasicAnimationKeys.toValue, to), (BasicAnimationKeys.byValue, by)]
            .compactMap { key, value in value.map { (key, $0) } }
        if let first = given.first, let mismatch = given.dropFirst().first(where: { !$0.1.isCompatible(with: first.1) }) {
            reader.error(mismatch.0, "\(mismatch.0.name) does not have the shape of \(first.0.name) (the same count of components, and for paths the same commands), so they cannot be interpolated")
            return nil
        }
        return .basic(fromValue: from, toValue: to, byValue: by)
    }

    /// A spring's values and physics; nil (reported) for one that never settles within an hour
    /// and has no duration: neither its own `duration` nor, `inGroup`, its group's (which a
    /// child without a duration spans).
    private static func decodeSpring(_ reader: ObjectReader, keyPath: AnimatableKeyPath, inGroup: Bool, context: DecodingContext) -> Animation.Spring? {
        var spring = Animation.Spring()
        spring.fromValue = value(SpringAnimationKeys.fromValue, reader, keyPath: keyPath, context: context)
        spring.toValue = value(SpringAnimationKeys.toValue, reader, keyPath: keyPath, context: context)
        if reader.has(SpringAnimationKeys.perceptualDuration) || reader.has(SpringAnimationKeys.bounce) {
            // CASpringAnimation(perceptualDuration:bounce:): a unit mass, ω₀ = 2π / duration, and
            // a damping ratio of 1 − bounce (bounce ≥ 0) or 1 / (1 + bounce) (bounce < 0).
            for key in SpringAnimationKeys.physics where reader.has(key) {
                reader.error(key, "give either perceptualDuration and bounce, or mass, stiffness and damping, not both")
            }
            let duration = reader.number(SpringAnimationKeys.perceptualDuration, default: 1)
            let bounce = reader.number(SpringAnimationKeys.bounce)
            guard bounce > -1 else {
                reader.error(SpringAnimationKeys.bounce, "a bounce of -1 is an infinitely damped spring that never moves", suggestion: "use a bounce above -1")
                return nil
            }
            let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            spring.mass = 1
            spring.stiffness = (2 * .pi / duration) * (2 * .pi / duration)
            spring.damping = 4 * .pi * ratio / duration
        } else {
            reader.decode(SpringAnimationKeys.physics, into: &spring)
        }
        reader.decode(SpringAnimationKeys.initialVelocity, into: &spring)
        let timed = reader.has(MediaTimingKeys.duration) || inGroup
        if spring.damping == 0 && !timed {
            reader.error(SpringAnimationKeys.damping, "an undamped spring never settles, so it needs a \"duration\" (or a group to span)")
        } else if !spring.dampingRatio.isFinite || !spring.naturalFrequency.isFinite || !timed && !(spring.settlingDuration <= 3600) {
            context.error(at: reader.location, path: reader.path, "this spring (mass \(format(spring.mass)), stiffness \(format(spring.stiffness)), damping \(format(spring.damping))) does not settle within an hour",
                          suggestion: "use values nearer the defaults (1, 100, 10), or give a \"duration\"")
            return nil
        }
        if let from = spring.fromValue, let to = spring.toValue, !from.isCompatible(with: to) {
            reader.error(SpringAnimationKeys.toValue, "toValue does not have the shape of fromValue, so they cannot be interpolated")
            return nil
        }
        return spring
    }

    static func timingFunction(_ node: JSONNode, path: String, context: DecodingContext) -> TimingFunction? {
        switch node.value {
        case .string(let name):
            if let function = TimingFunction.named[name] { return function }
            let names = TimingFunction.named.keys.sorted()
            context.error(at: node.location, path: path, "\"\(name)\" is not a timing function",
                          suggestion: closestMatch(to: name, in: names).map { "did you mean \"\($0)\"?" } ?? "use one of \(names.joined(separator: ", ")) or [c1x, c1y, c2x, c2y]")
            return nil
        case .array(let elements):
            let numbers = elements.compactMap { element -> Double? in if case .number(let n) = element.value { return n }; return nil }
            guard numbers.count == 4, elements.count == 4 else {
                context.error(at: node.location, path: path, "a custom timing function is [c1x, c1y, c2x, c2y]")
                return nil
            }
            guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
                context.error(at: node.location, path: path, "the control points' x must be in 0…1 so that time runs forward")
                return nil
            }
            return TimingFunction(numbers[0], numbers[1], numbers[2], numbers[3])
        default:
            context.error(at: node.location, path: path, "expected a timing function name or [c1x, c1y, c2x, c2y], got \(describe(node.value))")
            return nil
        }
    }
}
