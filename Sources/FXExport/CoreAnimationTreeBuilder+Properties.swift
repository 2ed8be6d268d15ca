import FXCore

extension CoreAnimationTreeBuilder {
    /// Sets on `object` every Core Animation property among `descriptors` that `model` holds
    /// with a value other than its default, in the registry's order. fx's own keys, keys
    /// decoded by code of their own (sublayers, cells, contents) and those in `skipping` are
    /// left to the caller.
    func setProperties<Model>(_ descriptors: [PropertyDescriptor], of model: Model, on object: inout CoreAnimationObject,
                              skipping: [PropertyDescriptor] = []) {
        for descriptor in descriptors where descriptor.coreAnimationName != nil && !descriptor.isExtension && !skipping.contains(descriptor) {
            if let value = descriptor.value(on: model) {
                guard descriptor.isSet(on: model) else { continue }
                if let standard = descriptor.defaultValue, standard == value { continue }
                guard let converted = Self.coreAnimationValue(value, form: descriptor.form) else { continue }
                object.properties.append(Self.property(descriptor, converted))
            } else if let choice = descriptor.choice(on: model) {
                guard descriptor.isSet(on: model), choice != descriptor.defaultChoice else { continue }
                object.properties.append(Self.property(descriptor, Self.choiceValue(choice, of: descriptor)))
            }
        }
    }

    /// The property `descriptor` names, with `value`: its KVC name (`hidden` for Swift's
    /// `isHidden`) and its Swift name.
    static func property(_ descriptor: PropertyDescriptor, _ value: CoreAnimationValue, comment: String? = nil) -> CoreAnimationProperty {
        let swiftName = descriptor.coreAnimationProperty ?? descriptor.name
        return CoreAnimationProperty(name: keyValueCodingName(swiftName), swiftName: swiftName, value: value, comment: comment)
    }

    /// `isHidden` → `hidden`, `isRemovedOnCompletion` → `removedOnCompletion`; other names
    /// as they are.
    static func keyValueCodingName(_ swiftName: String) -> String {
        guard swiftName.hasPrefix("is"), swiftName.count > 2 else { return swiftName }
        let rest = swiftName.dropFirst(2)
        guard let first = rest.first, first.isUppercase else { return swiftName }
        return first.lowercased() + rest.dropFirst()
    }

    /// An fx value as Core Animation holds it (nil for a kind the exporter sets by code of its
    /// own: transforms, whose operations are read from the model).
    static func coreAnimationValue(_ value: AnimatableValue, form: PropertyForm) -> CoreAnimationValue? {
        switch value {
        case .number(let n):
            if form == .integer, n.isFinite, abs(n) < 9e15 { return .integer(Int(n)) }
            return .number(n)
        case .bool(let flag): return .bool(flag)
        case .point(let p): return .point(x: p.x, y: p.y)
        case .size(let s): return .size(width: s.width, height: s.height)
        case .rect(let r): return .rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
        case .color(let c): return .color(c)
        case .colors(let c): return .colors(c)
        case .numbers(let n): return .numbers(n)
        case .path(let p): return .path(p)
        case .transform(let t): return .transformValue(t)
        }
    }

    /// A value an animation holds (from, to, by, keyframes) as Core Animation boxes it.
    static func animationValue(_ value: AnimatableValue) -> CoreAnimationValue {
        coreAnimationValue(value, form: .number) ?? .number(0)
    }

    /// A name-valued property: one of Core Animation's string enumerations, or text.
    static func choiceValue(_ choice: String, of descriptor: PropertyDescriptor) -> CoreAnimationValue {
        for (key, enumeration) in enumerations where key == descriptor {
            return .enumeration(enumeration, choice)
        }
        return .string(choice)
    }

    /// Which of Core Animation's string enumerations each name-valued property is.
    static let enumerations: [(PropertyDescriptor, CoreAnimationEnumeration)] = [
        (EmitterLayerKeys.emitterShape, .emitterShape),
        (EmitterLayerKeys.emitterMode, .emitterMode),
        (EmitterLayerKeys.renderMode, .renderMode),
        (EmitterLayerKeys.compositingFilter, .compositingFilter),
        (MediaTimingKeys.fillMode, .fillMode),
        (GradientLayerKeys.gradientType, .gradientType),
        (ShapeLayerKeys.fillRule, .fillRule),
        (ShapeLayerKeys.lineCap, .lineCap),
        (ShapeLayerKeys.lineJoin, .lineJoin),
        (TextLayerKeys.alignmentMode, .alignmentMode),
        (ImageLayerKeys.contentsGravity, .contentsGravity),
        (KeyframeAnimationKeys.calculationMode, .calculationMode),
        (KeyframeAnimationKeys.rotationMode, .rotationMode),
        (TransitionAnimationKeys.transitionType, .transitionType),
        (TransitionAnimationKeys.subtype, .transitionSubtype),
        (EmitterCellKeys.contentsFrameMode, .privateString),
        (EmitterCellKeys.particleType, .privateString),
    ]

    /// A texture as a Core Animation image (noted as used).
    mutating func image(_ texture: TextureReference) -> CoreAnimationValue? {
        let image: CoreAnimationImage
        switch texture {
        case .builtin(let builtin): image = .builtin(builtin)
        case .file(let path, _, _), .animation(let path, _, _):
            // The decoder has resolved the path already (against the effect file's folder).
            image = .file(name: Self.fileName(path), path: path)
        case .atlasFrame: return nil
        }
        use(image)
        return .image(image)
    }

    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
