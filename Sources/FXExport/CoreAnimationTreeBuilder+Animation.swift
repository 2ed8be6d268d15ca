import FXCore

extension CoreAnimationTreeBuilder {
    /// The Core Animation class of an animation.
    static func className(_ animation: Animation) -> String {
        switch animation.spec {
        case .basic: return "CABasicAnimation"
        case .keyframe, .contents: return "CAKeyframeAnimation"
        case .spring: return "CASpringAnimation"
        case .group: return "CAAnimationGroup"
        case .transition: return "CATransition"
        }
    }

    /// Adds the layer's animations with unique keys, in the order fx applies them: first those
    /// fx makes for the effect's scheduled `transactions` (a CATransaction at a time sets the
    /// model value from then on and adds the implicit animation; written as the explicit
    /// animations Core Animation would then run), then the file's own.
    mutating func addAnimations(of layer: Layer, json: JSONObject, path: String, on object: inout CoreAnimationObject) {
        let nodes = json.array(LayerKeys.animations.name)
        var keys: Set<String> = []
        var index = 0
        for animation in layer.animations {
            var node: JSONNode?
            var animationPath = path + "." + LayerKeys.animations.name
            if let part = animation.transactionPart {
                switch part {
                case .modelValue(let transaction), .implicitAnimation(let transaction):
                    animationPath = EffectKeys.transactions.name + "[\(transaction)]"
                }
            } else {
                node = index < nodes.count ? nodes[index] : nil
                animationPath += "[\(index)]"
                index += 1
            }
            guard var built = animationObject(animation, json: JSONObject(node), path: animationPath) else { continue }
            switch animation.transactionPart {
            case .modelValue(let transaction)?:
                built.comments.append("The model value the effect's transaction \(transaction) sets at \(Self.text(animation.timing.beginTime)) s (a CATransaction then), held from then on.")
            case .implicitAnimation(let transaction)?:
                built.comments.append("The implicit animation of that transaction \(transaction): Core Animation's action for the change.")
            case nil:
                break
            }
            var key = animation.key ?? animation.keyPath?.path ?? (Self.isContents(animation) ? ImageLayerKeys.contents.name : animation.type.rawValue)
            if keys.contains(key) {
                var counter = 2
                while keys.contains("\(key)-\(counter)") { counter += 1 }
                key = "\(key)-\(counter)"
            }
            keys.insert(key)
            object.animations.append((key: key, animation: built))
        }
    }

    static func isContents(_ animation: Animation) -> Bool {
        if case .contents = animation.spec { return true }
        return false
    }

    /// An animation, or nil (with a warning) when it animates one of fx's own keys.
    mutating func animationObject(_ animation: Animation, json: JSONObject, path: String) -> CoreAnimationObject? {
        if let keyPath = animation.keyPath, let property = keyPath.property, property.isExtension {
            warn(path, at: json.member(AnimationKeys.keyPath.name) ?? json.members.first,
                 "dropped: it animates `\(keyPath.path)`, fx's own key, which Core Animation has nothing like")
            return nil
        }
        let name = animation.key ?? animation.keyPath.map { $0.path.split(separator: ".").last.map(String.init) ?? $0.path }
        var object = CoreAnimationObject(className: Self.className(animation),
                                         variableName: variableName(name, suffix: "Animation", fallback: "animation"))
        if let keyPath = animation.keyPath {
            object.properties.append(Self.property(AnimationKeys.keyPath, .string(keyPath.path)))
        } else if case .contents = animation.spec {
            // An image sequence animates `contents` (fx keeps it apart from its key paths).
            object.properties.append(Self.property(AnimationKeys.keyPath, .string(ImageLayerKeys.contents.name)))
        }
        switch animation.spec {
        case .basic(let from, let to, let by):
            if let from { object.properties.append(Self.property(BasicAnimationKeys.fromValue, Self.animationValue(from))) }
            if let to { object.properties.append(Self.property(BasicAnimationKeys.toValue, Self.animationValue(to))) }
            if let by { object.properties.append(Self.property(BasicAnimationKeys.byValue, Self.animationValue(by))) }
        case .keyframe(let keyframes):
            keyframeProperties(keyframes, on: &object)
        case .contents(let contents):
            var values: [CoreAnimationValue] = []
            for frame in contents.frames {
                if let value = image(frame) { values.append(value) }
            }
            object.properties.append(Self.property(KeyframeAnimationKeys.values, .values(values)))
            if let keyTimes = contents.keyTimes {
                object.properties.append(Self.property(KeyframeAnimationKeys.keyTimes, .numbers(keyTimes)))
            }
            object.properties.append(Self.property(KeyframeAnimationKeys.calculationMode,
                                                   .enumeration(.calculationMode, Animation.CalculationMode.discrete.rawValue),
                                                   comment: "each image shows until the next one's time"))
            if contents.animations.contains(where: { $0 != nil }) {
                warn(path, at: json.member(KeyframeAnimationKeys.values.name),
                     "approximated: an animated image among the values shows its first frame")
            }
        case .spring(let spring):
            if let from = spring.fromValue { object.properties.append(Self.property(SpringAnimationKeys.fromValue, Self.animationValue(from))) }
            if let to = spring.toValue { object.properties.append(Self.property(SpringAnimationKeys.toValue, Self.animationValue(to))) }
            setProperties(PropertyRegistry.properties(of: .springAnimation), of: spring, on: &object)
        case .group(let children):
            object.children[.animations] = objects(children, nodes: json.array(GroupAnimationKeys.animations.name)) { builder, child, json, index in
                builder.animationObject(child, json: json, path: path + "." + GroupAnimationKeys.animations.name + "[\(index)]")
            }
        case .transition(let transition):
            setProperties(PropertyRegistry.properties(of: .transitionAnimation), of: transition, on: &object)
        }
        if let timingFunction = animation.timingFunction {
            object.properties.append(Self.property(AnimationKeys.timingFunction, .timingFunction(timingFunction)))
        }
        setProperties(PropertyRegistry.properties(of: .animation), of: animation, on: &object)
        setProperties(PropertyRegistry.properties(of: .mediaTiming), of: animation.timing, on: &object)
        return object
    }

    /// A keyframe animation's values, times, timing functions, mode and path.
    private func keyframeProperties(_ keyframes: Animation.Keyframes, on object: inout CoreAnimationObject) {
        if !keyframes.values.isEmpty {
            object.properties.append(Self.property(KeyframeAnimationKeys.values, .values(keyframes.values.map(Self.animationValue))))
        }
        if let path = keyframes.path {
            object.properties.append(Self.property(KeyframeAnimationKeys.path, .path(path)))
        }
        if let keyTimes = keyframes.keyTimes {
            object.properties.append(Self.property(KeyframeAnimationKeys.keyTimes, .numbers(keyTimes)))
        }
        if let timingFunctions = keyframes.timingFunctions {
            object.properties.append(Self.property(KeyframeAnimationKeys.timingFunctions, .timingFunctions(timingFunctions)))
        }
        if keyframes.calculationMode != .linear {
            object.properties.append(Self.property(KeyframeAnimationKeys.calculationMode, .enumeration(.calculationMode, keyframes.calculationMode.rawValue)))
        }
        for (key, list) in [(KeyframeAnimationKeys.tensionValues, keyframes.tensionValues),
                            (KeyframeAnimationKeys.continuityValues, keyframes.continuityValues),
                            (KeyframeAnimationKeys.biasValues, keyframes.biasValues)] {
            if let list { object.properties.append(Self.property(key, .numbers(list))) }
        }
        if let rotationMode = keyframes.rotationMode {
            object.properties.append(Self.property(KeyframeAnimationKeys.rotationMode, .enumeration(.rotationMode, rotationMode.rawValue)))
        }
    }
}
