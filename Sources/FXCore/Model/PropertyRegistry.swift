/// Every key of the effect format, declared once: name, owner, form, range, unit, default,
/// meaning, the Core Animation property it mirrors, whether it animates, and where the model
/// keeps it. The decoder reads a file's keys through it; key paths, `setValue`, the JSON
/// Schema, `fx validate` and the documentation's key tables are made from it. Adding a key is
/// one entry here plus its behaviour.
public enum PropertyRegistry {
    /// Every property, in the order the documentation lists them.
    public static let all: [PropertyDescriptor] = effect + layer + mediaTiming + emitterLayer + emitterCell
        + replicatorLayer + gradientLayer + shapeLayer + textLayer + imageLayer + animation

    /// The properties of `owner`, in order.
    public static func properties(of owner: PropertyOwner) -> [PropertyDescriptor] {
        byOwner[owner] ?? []
    }

    /// The property `name` of `owner`, or nil.
    public static func property(_ name: String, of owner: PropertyOwner) -> PropertyDescriptor? {
        byOwnerAndName[owner]?[name]
    }

    /// The keys `owner`'s objects accept, in order.
    public static func keys(of owners: PropertyOwner...) -> [String] {
        owners.flatMap { properties(of: $0).map(\.name) }
    }

    /// The properties a layer of `type` has: every layer's, then its type's.
    public static func layerProperties(for type: Layer.LayerType) -> [PropertyDescriptor] {
        properties(of: .layer) + (PropertyOwner.layer(type).map(properties(of:)) ?? [])
    }

    private static let byOwner: [PropertyOwner: [PropertyDescriptor]] = Dictionary(grouping: all, by: \.owner)
    private static let byOwnerAndName: [PropertyOwner: [String: PropertyDescriptor]] = byOwner.mapValues { list in
        Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Where the model keeps a property

    static func on(_ accessor: PropertyAccessor<Layer>) -> PropertyAccess { .layer(accessor) }
    static func on(_ accessor: PropertyAccessor<EmitterCell>) -> PropertyAccess { .cell(accessor) }
    static func on(_ accessor: PropertyAccessor<EmitterProperties>) -> PropertyAccess {
        .layer(accessor.within(\.emitter, fallback: EmitterProperties()))
    }
    static func on(_ accessor: PropertyAccessor<ReplicatorProperties>) -> PropertyAccess {
        .layer(accessor.within(\.replicator, fallback: ReplicatorProperties()))
    }
    static func on(_ accessor: PropertyAccessor<GradientProperties>) -> PropertyAccess {
        .layer(accessor.within(\.gradient, fallback: GradientProperties()))
    }
    static func on(_ accessor: PropertyAccessor<ShapeProperties>) -> PropertyAccess {
        .layer(accessor.within(\.shape, fallback: ShapeProperties()))
    }
    static func on(_ accessor: PropertyAccessor<TextProperties>) -> PropertyAccess {
        .layer(accessor.within(\.text, fallback: TextProperties()))
    }
    static func on(_ accessor: PropertyAccessor<ImageProperties>) -> PropertyAccess {
        .layer(accessor.within(\.image, fallback: ImageProperties()))
    }

    static func on<Model: Sendable>(_ accessor: ChoiceAccessor<Model>, in part: WritableKeyPath<Layer, Model?> & Sendable,
                                    fallback: Model) -> PropertyAccess {
        .layerChoice(accessor.within(part, fallback: fallback))
    }

    private static func names<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> PropertyForm where E.RawValue == String {
        .enumeration(E.allCases.map(\.rawValue))
    }

    // MARK: - The effect file

    static let effect: [PropertyDescriptor] = [
        .init("fx", .effect, .integer, default: "—", examples: ["1"], "the format version; required; must be `1`"),
        .init("name", .effect, .string, default: "the file name", examples: ["\"sparkles\""], "shown in the window title"),
        .init("description", .effect, .string, default: "`\"\"`", examples: ["\"Sparks rising from the middle of the canvas\""], "shown by `fx list`"),
        .init("canvas", .effect, .structure, default: "`[800, 600]`, black", examples: ["{\"size\": [800, 600], \"background\": \"#0b1020\"}"],
              "`{\"size\": [w, h], \"background\": color}` in points"),
        .init("duration", .effect, .number, range: .closed(0.001, Effect.maxDuration), unit: "s", default: "5",
              "the loop period in the window, and the preview time (half of it)"),
        .init("loop", .effect, .boolean, default: "`true`", "restart the window after `duration`"),
        .init("seed", .effect, .integer, range: .closed(0, Double(UInt32.max)), default: "0",
              "the seed every random draw derives from; `--seed` overrides"),
        .init("stepRate", .effect, .number, range: .closed(Effect.stepRateRange.lowerBound, Effect.stepRateRange.upperBound),
              unit: "steps/s", default: "120", "simulation steps per second; `--step-rate` overrides"),
        .init("maxParticles", .effect, .integer, range: .closed(1, Double(Effect.maxParticlesCeiling)), default: "1 000 000",
              "live-particle budget of the whole effect"),
        .init("textures", .effect, .structure, default: "`{}`", examples: ["{\"leaf\": \"textures/leaf.png\"}", "{\"frame1\": {\"path\": \"textures/sheet.png\", \"frame\": [0, 0, 32, 32]}}"],
              "names → PNG, JPEG (or animated GIF) paths relative to the effect file, or → atlas frames `{\"path\": \"sheet.png\", \"frame\": [x, y, width, height]}` (a rectangle of the image, in its pixels)"),
        .init("layers", .effect, .structure, default: "`[]`", examples: ["[{\"type\": \"emitter\", \"emitterPosition\": [400, 300], \"emitterCells\": [{\"contents\": \"spark\", \"birthRate\": 50, \"lifetime\": 2, \"velocity\": 100}]}]"], "the layer tree"),
        .init("previewTime", .effect, .number, range: .closed(0, Effect.maxDuration), unit: "s", default: "half of `duration`",
              "the moment previews and `fx sheet` show (fx key)"),
        .init("reducedMotion", .effect, .structure, default: "none", members: [
            .init("birthRate", .effect, .number, range: .unit, unit: "×", default: "1", "multiplies every emitter layer's birth rate"),
            .init("speed", .effect, .number, range: .closed(0.01, 1), unit: "×", default: "1",
                  "multiplies the speed of every top-level layer (so of everything)"),
            .init("still", .effect, .boolean, default: "`false`", "show one still frame, at `previewTime`, instead of motion"),
        ],
              "the reduced-motion variant (fx key): `{\"birthRate\": 0…1, \"speed\": 0.01…1, \"still\": false}` — multiplies every emitter's birth rate, slows everything (the top-level layers' speed), or shows a still frame at `previewTime`"),
    ]

    // MARK: - Every layer

    static let layer: [PropertyDescriptor] = [
        .init("type", .layer, names(Layer.LayerType.self), default: "`layer`", "what the layer draws: the Core Animation class it stands for"),
        .init("name", .layer, .string, coreAnimation: "CALayer.name", default: "none", examples: ["\"sparks\""],
              "the name in key paths, `fx inspect` and `--keypath` (made unique with `#2`, `#3`, …)"),
        .init("position", .layer, .point, unit: "pt", coreAnimation: "CALayer.position", animatable: true,
              access: on(.point(\Layer.position)), "where the anchor point sits in the parent's coordinates"),
        .init("bounds", .layer, .bounds, unit: "pt", coreAnimation: "CALayer.bounds", animatable: true,
              access: on(.rect(\Layer.bounds)), "the layer's own coordinate rectangle: a size `[w, h]` or a rect `[x, y, w, h]`"),
        .init("anchorPoint", .layer, .point, coreAnimation: "CALayer.anchorPoint", animatable: true,
              access: on(.point(\Layer.anchorPoint)), "the point of the bounds placed at `position`, in unit coordinates of the bounds"),
        .init("transform", .layer, .transform, coreAnimation: "CALayer.transform", animatable: true,
              access: on(.transform(\Layer.transform)), "the layer's 3D transform about its anchor point"),
        .init("sublayerTransform", .layer, .transform, coreAnimation: "CALayer.sublayerTransform", animatable: true,
              access: on(.transform(\Layer.sublayerTransform)), "a transform of the sublayers about the anchor point, where a perspective is set"),
        .init("opacity", .layer, .number, range: .unit, coreAnimation: "CALayer.opacity", animatable: true,
              access: on(.number(\Layer.opacity)), "multiplied down the tree; a layer with sublayers fades as a group"),
        .init("zPosition", .layer, .number, unit: "pt", coreAnimation: "CALayer.zPosition", animatable: true,
              access: on(.number(\Layer.zPosition)), "orders siblings (higher drawn later) and moves the layer in depth"),
        .init("hidden", .layer, .boolean, coreAnimation: "CALayer.isHidden", animatable: true,
              access: on(.bool(\Layer.hidden)), "hides the layer and its sublayers (hidden emitters still simulate)"),
        .init("backgroundColor", .layer, .color, coreAnimation: "CALayer.backgroundColor", animatable: true, default: "none",
              access: on(.optionalColor(\Layer.backgroundColor)), "fills the bounds, rounded by `cornerRadius`"),
        .init("cornerRadius", .layer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CALayer.cornerRadius", animatable: true,
              access: on(.number(\Layer.cornerRadius)), "rounds the background, border and `masksToBounds` clip"),
        .init("borderWidth", .layer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CALayer.borderWidth", animatable: true,
              access: on(.number(\Layer.borderWidth)), "the border drawn inside the bounds"),
        .init("borderColor", .layer, .color, coreAnimation: "CALayer.borderColor", animatable: true,
              access: on(.color(\Layer.borderColor)), "the border's color"),
        .init("masksToBounds", .layer, .boolean, coreAnimation: "CALayer.masksToBounds", animatable: true,
              access: on(.bool(\Layer.masksToBounds)), "clips the contents and sublayers to the bounds, rounded by `cornerRadius`"),
        .init("shadowColor", .layer, .color, coreAnimation: "CALayer.shadowColor", animatable: true,
              access: on(.color(\Layer.shadowColor)), "the shadow's color"),
        .init("shadowOpacity", .layer, .number, range: .unit, coreAnimation: "CALayer.shadowOpacity", animatable: true,
              access: on(.number(\Layer.shadowOpacity)), "how opaque the shadow is; 0 draws none"),
        .init("shadowRadius", .layer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CALayer.shadowRadius", animatable: true,
              access: on(.number(\Layer.shadowRadius)), "the shadow's blur: the standard deviation of its Gaussian blur; 0 is a hard edge"),
        .init("shadowOffset", .layer, .size, unit: "pt", coreAnimation: "CALayer.shadowOffset", animatable: true,
              access: on(.size(\Layer.shadowOffset)), "how far the shadow moves from the content, in the layer's points; Core Animation's default [0, −3] is 3 points up"),
        .init("shadowPath", .layer, .path, coreAnimation: "CALayer.shadowPath", animatable: true, default: "none",
              access: on(.optionalPath(\Layer.shadowPath)),
              "the shadow's shape (filled non-zero), in the layer's coordinates, instead of the content's alpha"),
        .init("mask", .layer, .structure, coreAnimation: "CALayer.mask", default: "none", examples: ["{\"type\": \"shape\", \"path\": {\"circle\": [100, 100, 80]}, \"fillColor\": \"white\"}"],
              "a layer whose alpha multiplies this one and its sublayers"),
        .init("sublayers", .layer, .structure, coreAnimation: "CALayer.sublayers", default: "`[]`", examples: ["[{\"type\": \"shape\", \"path\": \"M 0 0 L 100 0\", \"strokeColor\": \"white\", \"lineWidth\": 2}]"],
              "the child layers, in this layer's coordinates"),
        .init("animations", .layer, .structure, default: "`[]`", examples: ["[{\"type\": \"basic\", \"keyPath\": \"opacity\", \"fromValue\": 0, \"toValue\": 1, \"duration\": 1}]"], "the layer's keypath animations, timed in its time"),
        .init("timeOffsetFollowsPointer", .layer, .structure, default: "none", members: [
            .init("axis", .layer, names(TimeOffsetFollowsPointer.Axis.self), default: "—", required: true,
                  "the pointer's coordinate that drives the time: across (`x`) or down (`y`); required"),
            .init("from", .layer, .number, unit: "pt", default: "—", required: true, "where along the axis (canvas points) the time is 0; required"),
            .init("to", .layer, .number, unit: "pt", default: "—", required: true,
                  "where along the axis the time is `duration` (less than `from`: a drag back plays forward); required, not `from`"),
            .init("duration", .layer, .number, range: .positive, unit: "s",
                  default: "the end of the layer's and its sublayers' animations", "the layer's time at `to`"),
        ],
              "in the window, a drag sets the layer's `timeOffset` (fx key): `{\"axis\": \"x\" | \"y\", \"from\": pt, \"to\": pt, \"duration\": s}` maps the pointer's coordinate from `from`…`to` (canvas points) to 0…`duration` s, clamped (`duration` default: the end of the layer's and its sublayers' animations); give the layer `speed: 0`"),
    ]

    // MARK: - Media timing (layers, cells, animations)

    static let mediaTiming: [PropertyDescriptor] = [
        .init("beginTime", .mediaTiming, .number, unit: "s", coreAnimation: "CAMediaTiming.beginTime", default: "0",
              "when it starts, in its parent's time"),
        .init("duration", .mediaTiming, .number, range: .nonNegative, unit: "s", coreAnimation: "CAMediaTiming.duration", default: "0",
              "the length of one repeat (0: in a group, the group's; an animation's 0.25 s; a layer's or cell's forever)"),
        .init("speed", .mediaTiming, .number, coreAnimation: "CAMediaTiming.speed", default: "1",
              "how fast its time runs against its parent's (0 stops it)"),
        .init("timeOffset", .mediaTiming, .number, unit: "s", coreAnimation: "CAMediaTiming.timeOffset", default: "0",
              "added to its local time: with speed 0, the moment shown"),
        .init("repeatCount", .mediaTiming, .repeatCount, coreAnimation: "CAMediaTiming.repeatCount", default: "0",
              "how many times it plays, fractions allowed; `\"infinity\"` forever"),
        .init("repeatDuration", .mediaTiming, .number, range: .nonNegative, unit: "s", coreAnimation: "CAMediaTiming.repeatDuration",
              default: "0", "how long it repeats, instead of a count"),
        .init("autoreverses", .mediaTiming, .boolean, coreAnimation: "CAMediaTiming.autoreverses", default: "`false`",
              "each repeat plays forward then backward"),
        .init("fillMode", .mediaTiming, names(MediaTiming.FillMode.self), coreAnimation: "CAMediaTiming.fillMode", default: "`removed`",
              "whether it holds its first value before it starts (`backwards`), its last after it ends (`forwards`), or both"),
    ]

    // MARK: - Emitter layers

    static let emitterLayer: [PropertyDescriptor] = [
        .init("emitterPosition", .emitterLayer, .point, unit: "pt", coreAnimation: "CAEmitterLayer.emitterPosition", animatable: true,
              access: on(.point(\EmitterProperties.emitterPosition)), "centre of the emission shape, in the layer's coordinates"),
        .init("emitterZPosition", .emitterLayer, .number, unit: "pt", coreAnimation: "CAEmitterLayer.emitterZPosition", animatable: true,
              access: on(.number(\EmitterProperties.emitterZPosition)), "z of the shape's centre"),
        .init("emitterSize", .emitterLayer, .size, range: .nonNegative, unit: "pt", coreAnimation: "CAEmitterLayer.emitterSize",
              animatable: true, access: on(.size(\EmitterProperties.emitterSize)), "size of the emission shape"),
        .init("emitterDepth", .emitterLayer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CAEmitterLayer.emitterDepth",
              animatable: true, access: on(.number(\EmitterProperties.emitterDepth)), "depth of a cuboid along z"),
        .init("emitterShape", .emitterLayer, names(EmitterProperties.Shape.self), coreAnimation: "CAEmitterLayer.emitterShape",
              default: "`point`", access: on(.of(\EmitterProperties.emitterShape), in: \.emitter, fallback: EmitterProperties()), "where particles are born"),
        .init("emitterMode", .emitterLayer, names(EmitterProperties.Mode.self), coreAnimation: "CAEmitterLayer.emitterMode",
              default: "`volume`", access: on(.of(\EmitterProperties.emitterMode), in: \.emitter, fallback: EmitterProperties()), "which part of the shape particles are born on"),
        .init("renderMode", .emitterLayer, names(EmitterProperties.RenderMode.self), coreAnimation: "CAEmitterLayer.renderMode",
              default: "`unordered`", access: on(.of(\EmitterProperties.renderMode), in: \.emitter, fallback: EmitterProperties()), "the drawing order and compositing of the particles"),
        .init("preservesDepth", .emitterLayer, .boolean, coreAnimation: "CAEmitterLayer.preservesDepth",
              access: on(.bool(\EmitterProperties.preservesDepth)), "keep particles' z, projected through a perspective above"),
        .init("birthRate", .emitterLayer, .number, range: .nonNegative, unit: "×", coreAnimation: "CAEmitterLayer.birthRate",
              animatable: true, changesBirthRate: true, access: on(.number(\EmitterProperties.birthRate)),
              "multiplies every cell's `birthRate`"),
        .init("lifetime", .emitterLayer, .number, range: .nonNegative, unit: "×", coreAnimation: "CAEmitterLayer.lifetime",
              animatable: true, access: on(.number(\EmitterProperties.lifetime)), "multiplies every cell's `lifetime`"),
        .init("velocity", .emitterLayer, .number, unit: "×", coreAnimation: "CAEmitterLayer.velocity", animatable: true,
              access: on(.number(\EmitterProperties.velocity)), "multiplies every cell's `velocity`"),
        .init("scale", .emitterLayer, .number, unit: "×", coreAnimation: "CAEmitterLayer.scale", animatable: true,
              access: on(.number(\EmitterProperties.scale)), "multiplies every cell's `scale`"),
        .init("spin", .emitterLayer, .number, unit: "×", coreAnimation: "CAEmitterLayer.spin", animatable: true,
              access: on(.number(\EmitterProperties.spin)), "multiplies every cell's `spin` (a factor, not an angle)"),
        .init("seed", .emitterLayer, .integer, range: .closed(0, Double(UInt32.max)), coreAnimation: "CAEmitterLayer.seed",
              access: on(.seed(\EmitterProperties.seed)), "combined with the effect's seed, so that emitters differ"),
        .init("emitterCells", .emitterLayer, .structure, coreAnimation: "CAEmitterLayer.emitterCells", default: "`[]`", examples: ["[{\"name\": \"spark\", \"contents\": \"spark\", \"birthRate\": 50, \"lifetime\": 2, \"velocity\": 100}]"], "the cells"),
        .init("followsPointer", .emitterLayer, .boolean, access: on(.bool(\EmitterProperties.followsPointer)),
              "in the window, `emitterPosition` follows the pointer (renders use the model or animated position)"),
        .init("burstsOnClick", .emitterLayer, .boolean, access: on(.bool(\EmitterProperties.burstsOnClick)),
              "in the window, a click emits every cell's `burstCount` at the pointer"),
        .init("prewarm", .emitterLayer, .number, range: .closed(0, EffectLimits.maxPrewarm), unit: "s",
              access: on(.number(\EmitterProperties.prewarm)),
              "seconds of emission simulated before time 0 with the layer's time-0 values, so the layer starts full (Unity's prewarm, Godot's preprocess)"),
        FieldStep.property,
        ColliderStep.property,
    ] + EmissionShape.properties + [
        EmitterSimulation.maxParticlesProperty,
        CompositingFilter.property,
    ]

    // MARK: - Emitter cells

    static let emitterCell: [PropertyDescriptor] = [
        .init("name", .emitterCell, .string, coreAnimation: "CAEmitterCell.name", default: "none", examples: ["\"spark\""],
              "the cell's name in key paths (`emitterCells.NAME.birthRate`); unique among its siblings, no `.`"),
        .init("enabled", .emitterCell, .boolean, coreAnimation: "CAEmitterCell.isEnabled", animatable: true, changesBirthRate: true,
              access: on(.bool(\EmitterCell.enabled)), "emit or not"),
        .init("birthRate", .emitterCell, .number, range: .closed(0, EffectLimits.maxBirthRate), unit: "1/s",
              coreAnimation: "CAEmitterCell.birthRate", animatable: true, changesBirthRate: true,
              access: on(.number(\EmitterCell.birthRate)), "particles per second (× the layer's `birthRate`)"),
        .init("lifetime", .emitterCell, .number, range: .nonNegative, unit: "s", coreAnimation: "CAEmitterCell.lifetime",
              animatable: true, spread: "lifetimeRange",
              access: on(.number(\EmitterCell.lifetime)), "how long a particle lives (× the layer's `lifetime`)"),
        .init("lifetimeRange", .emitterCell, .number, range: .nonNegative, unit: "s", coreAnimation: "CAEmitterCell.lifetimeRange",
              animatable: true, access: on(.number(\EmitterCell.lifetimeRange)), "each lifetime is drawn from `lifetime` ± range/2"),
        .init("emissionLatitude", .emitterCell, .angle, unit: "rad", coreAnimation: "CAEmitterCell.emissionLatitude", animatable: true,
              access: on(.number(\EmitterCell.emissionLatitude)), "direction out of the x-y plane; 0 keeps motion in the plane"),
        .init("emissionLongitude", .emitterCell, .angle, unit: "rad", coreAnimation: "CAEmitterCell.emissionLongitude", animatable: true,
              spread: "emissionRange",
              access: on(.number(\EmitterCell.emissionLongitude)), "direction in the x-y plane from +x (y down: `\"90deg\"` points down)"),
        .init("emissionRange", .emitterCell, .angle, range: .nonNegative, unit: "rad", coreAnimation: "CAEmitterCell.emissionRange",
              animatable: true, access: on(.number(\EmitterCell.emissionRange)), "directions spread uniformly over this angle around the mean"),
        .init("velocity", .emitterCell, .number, unit: "pt/s", coreAnimation: "CAEmitterCell.velocity", animatable: true,
              spread: "velocityRange",
              access: on(.number(\EmitterCell.velocity)), "initial speed (× the layer's `velocity`)"),
        .init("velocityRange", .emitterCell, .number, range: .nonNegative, unit: "pt/s", coreAnimation: "CAEmitterCell.velocityRange",
              animatable: true, access: on(.number(\EmitterCell.velocityRange)), "each speed is drawn from `velocity` ± range/2"),
        .init("xAcceleration", .emitterCell, .number, unit: "pt/s²", coreAnimation: "CAEmitterCell.xAcceleration", animatable: true,
              access: on(.number(\EmitterCell.xAcceleration)), "acceleration along x"),
        .init("yAcceleration", .emitterCell, .number, unit: "pt/s²", coreAnimation: "CAEmitterCell.yAcceleration", animatable: true,
              access: on(.number(\EmitterCell.yAcceleration)), "acceleration along y, positive down the screen"),
        .init("zAcceleration", .emitterCell, .number, unit: "pt/s²", coreAnimation: "CAEmitterCell.zAcceleration", animatable: true,
              access: on(.number(\EmitterCell.zAcceleration)), "acceleration along z, toward the viewer"),
        .init("scale", .emitterCell, .number, unit: "×", coreAnimation: "CAEmitterCell.scale", animatable: true,
              spread: "scaleRange",
              access: on(.number(\EmitterCell.scale)), "size factor of the image (× the layer's `scale`)"),
        .init("scaleRange", .emitterCell, .number, range: .nonNegative, unit: "×", coreAnimation: "CAEmitterCell.scaleRange",
              animatable: true, access: on(.number(\EmitterCell.scaleRange)), "each scale is drawn from `scale` ± range/2"),
        .init("scaleSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.scaleSpeed", animatable: true,
              access: on(.number(\EmitterCell.scaleSpeed)), "scale change per second"),
        .init("spin", .emitterCell, .angle, unit: "rad/s", coreAnimation: "CAEmitterCell.spin", animatable: true,
              spread: "spinRange",
              access: on(.number(\EmitterCell.spin)), "rotation per second (× the layer's `spin`); particles start at rotation 0"),
        .init("spinRange", .emitterCell, .angle, range: .nonNegative, unit: "rad/s", coreAnimation: "CAEmitterCell.spinRange",
              animatable: true, access: on(.number(\EmitterCell.spinRange)), "each spin is drawn from `spin` ± range/2"),
        .init("color", .emitterCell, .color, coreAnimation: "CAEmitterCell.color", animatable: true,
              access: on(.color(\EmitterCell.color)), "the particle color, multiplied into the texture"),
        .init("redRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.redRange", animatable: true,
              access: on(.number(\EmitterCell.redRange)), "each red is drawn from the color's ± range/2"),
        .init("greenRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.greenRange", animatable: true,
              access: on(.number(\EmitterCell.greenRange)), "each green is drawn from the color's ± range/2"),
        .init("blueRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.blueRange", animatable: true,
              access: on(.number(\EmitterCell.blueRange)), "each blue is drawn from the color's ± range/2"),
        .init("alphaRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.alphaRange", animatable: true,
              access: on(.number(\EmitterCell.alphaRange)), "each alpha is drawn from the color's ± range/2"),
        .init("redSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.redSpeed", animatable: true,
              access: on(.number(\EmitterCell.redSpeed)), "red change per second"),
        .init("greenSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.greenSpeed", animatable: true,
              access: on(.number(\EmitterCell.greenSpeed)), "green change per second"),
        .init("blueSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.blueSpeed", animatable: true,
              access: on(.number(\EmitterCell.blueSpeed)), "blue change per second"),
        .init("alphaSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.alphaSpeed", animatable: true,
              access: on(.number(\EmitterCell.alphaSpeed)), "alpha change per second"),
        .init("contents", .emitterCell, .string, coreAnimation: "CAEmitterCell.contents", default: "none: the particle is not drawn", examples: ["\"spark\"", "\"circle\"", "\"leaf\""],
              "a texture name: built-in or declared in `textures`"),
        .init("contentsRect", .emitterCell, .rect, coreAnimation: "CAEmitterCell.contentsRect", animatable: true,
              access: on(.rect(\EmitterCell.contentsRect)), "the part of the image, in unit coordinates, inside [0, 0, 1, 1]"),
        .init("contentsScale", .emitterCell, .number, range: .positive, coreAnimation: "CAEmitterCell.contentsScale", animatable: true,
              access: on(.number(\EmitterCell.contentsScale)), "image pixels per point"),
        .init("emitterCells", .emitterCell, .structure, coreAnimation: "CAEmitterCell.emitterCells", default: "`[]`", examples: ["[{\"name\": \"trail\", \"contents\": \"circle\", \"birthRate\": 20, \"lifetime\": 0.5, \"scale\": 0.1}]"],
              "sub-cells, emitted from each of this cell's particles"),
    ] + ForceStep.properties + [AlignToVelocity.property] + LifeSequences.properties
        // The keys imported effects need (palettes, end values, initial rotation, velocity over
        // life, speed limit, ranges on accelerations) before the structured keys, which the
        // panel shows last.
        + ColorPalette.properties + EndValues.properties + InitialRotation.properties
        + [VelocityOverLife.property, SpeedLimit.property] + AccelerationSpread.properties + [
        .init("spriteFrames", .emitterCell, .structure, default: "none", members: [
            .init("columns", .emitterCell, .integer, range: .closed(1, 256), default: "1", "frames across the sheet"),
            .init("rows", .emitterCell, .integer, range: .closed(1, 256), default: "1", "frames down the sheet"),
            .init("count", .emitterCell, .integer, range: .closed(1, 65536), default: "columns × rows", "frames played, row by row"),
            .init("framesPerSecond", .emitterCell, .number, range: .closed(0.001, 1000), unit: "frames/s",
                  default: "none: once over the particle's life", "how fast the frames play"),
            .init("loops", .emitterCell, .boolean, default: "`true`", "start again after the last frame (else hold it)"),
        ],
              "`{\"columns\": C, \"rows\": R, \"count\": N, \"framesPerSecond\": F, \"loops\": true}`: `contentsRect` is a grid of frames, played at F frames a second (looping or holding the last), or once over the particle's life without F"),
        .init("burstCount", .emitterCell, .integer, range: .closed(0, Double(EffectLimits.maxBurstCount)),
              access: on(.integer(\EmitterCell.extensions.burstCount)),
              "particles emitted at once when the cell starts emitting (again every `burstInterval`), at each parent's birth or death for a sub-cell with `emitOn`, and at each click for a layer with `burstsOnClick`"),
        .init("burstInterval", .emitterCell, .number, range: .closed(0, Effect.maxDuration), unit: "s",
              access: on(.number(\EmitterCell.extensions.burstInterval)),
              "seconds between repeated bursts of `burstCount`, the first when the cell starts emitting; 0 bursts once (Unity's burst interval)"),
        .init("burstCycles", .emitterCell, .integer, range: .closed(0, Double(EffectLimits.maxBurstCycles)),
              access: on(.integer(\EmitterCell.extensions.burstCycles)),
              "how many bursts in all, the first included; 0 repeats while the cell is active (Unity's cycles)"),
        .init("emitOn", .emitterCell, names(EmitOn.self), default: "`life`",
              "for a sub-cell: `life` emits through the parent's life at `birthRate` (Core Animation's way); `birth` and `death` emit `burstCount` particles where and when each parent is born or dies"),
        TrailHistory.property,
        TurbulenceStep.property,
        BurstSchedule.spacingProperty,
        OrbitMotion.property,
        FlutterDrawing.property,
    ]

    // MARK: - Replicator, gradient, shape, text and image layers

    static let replicatorLayer: [PropertyDescriptor] = [
        .init("instanceCount", .replicatorLayer, .integer, range: .closed(0, Double(ReplicatorProperties.maxInstanceCount)),
              coreAnimation: "CAReplicatorLayer.instanceCount", animatable: true,
              access: on(.integer(\ReplicatorProperties.instanceCount)), "copies of the sublayers, the original included"),
        .init("instanceDelay", .replicatorLayer, .number, unit: "s", coreAnimation: "CAReplicatorLayer.instanceDelay", animatable: true,
              access: on(.number(\ReplicatorProperties.instanceDelay)), "copy k runs k · instanceDelay seconds behind"),
        .init("instanceTransform", .replicatorLayer, .transform, coreAnimation: "CAReplicatorLayer.instanceTransform", animatable: true,
              access: on(.transform(\ReplicatorProperties.instanceTransform)), "applied k times to copy k, about the replicator's centre"),
        .init("instanceColor", .replicatorLayer, .color, coreAnimation: "CAReplicatorLayer.instanceColor", animatable: true,
              access: on(.color(\ReplicatorProperties.instanceColor)), "the tint of copy 0"),
        .init("instanceRedOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceRedOffset", animatable: true,
              access: on(.number(\ReplicatorProperties.instanceRedOffset)), "added to the tint's red per copy"),
        .init("instanceGreenOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceGreenOffset", animatable: true,
              access: on(.number(\ReplicatorProperties.instanceGreenOffset)), "added to the tint's green per copy"),
        .init("instanceBlueOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceBlueOffset", animatable: true,
              access: on(.number(\ReplicatorProperties.instanceBlueOffset)), "added to the tint's blue per copy"),
        .init("instanceAlphaOffset", .replicatorLayer, .number, coreAnimation: "CAReplicatorLayer.instanceAlphaOffset", animatable: true,
              access: on(.number(\ReplicatorProperties.instanceAlphaOffset)), "added to the tint's alpha per copy"),
        .init("preservesDepth", .replicatorLayer, .boolean, coreAnimation: "CAReplicatorLayer.preservesDepth",
              access: on(.bool(\ReplicatorProperties.preservesDepth)), "read; copies are always drawn in order"),
    ]

    static let gradientLayer: [PropertyDescriptor] = [
        .init("gradientType", .gradientLayer, names(GradientProperties.GradientType.self), coreAnimation: "CAGradientLayer.type",
              default: "`axial`", access: on(.of(\GradientProperties.gradientType), in: \.gradient, fallback: GradientProperties()), "along start → end (`axial`), out from start (`radial`) or around it (`conic`)"),
        .init("colors", .gradientLayer, .colors, coreAnimation: "CAGradientLayer.colors", animatable: true,
              access: on(.colors(\GradientProperties.colors)), "the colors, in order"),
        .init("locations", .gradientLayer, .numbers, coreAnimation: "CAGradientLayer.locations", animatable: true,
              access: on(.numbers(\GradientProperties.locations)), "where each color sits, 0…1 (evenly spread when absent)"),
        .init("startPoint", .gradientLayer, .point, coreAnimation: "CAGradientLayer.startPoint", animatable: true,
              access: on(.point(\GradientProperties.startPoint)), "where the gradient starts, in unit coordinates of the bounds"),
        .init("endPoint", .gradientLayer, .point, coreAnimation: "CAGradientLayer.endPoint", animatable: true,
              access: on(.point(\GradientProperties.endPoint)), "where it ends, in unit coordinates of the bounds"),
    ]

    static let shapeLayer: [PropertyDescriptor] = [
        .init("path", .shapeLayer, .path, coreAnimation: "CAShapeLayer.path", animatable: true, default: "none",
              access: on(.path(\ShapeProperties.path)),
              "SVG path data, or `{\"circle\": …}`, `{\"rect\": …}`, `{\"ellipse\": …}`; animatable when the commands stay the same"),
        .init("fillColor", .shapeLayer, .color, coreAnimation: "CAShapeLayer.fillColor", animatable: true,
              access: on(.color(\ShapeProperties.fillColor)), "the fill"),
        .init("fillRule", .shapeLayer, names(FillRule.self), coreAnimation: "CAShapeLayer.fillRule", default: "`nonZero`", access: on(.of(\ShapeProperties.fillRule), in: \.shape, fallback: ShapeProperties()),
              "which parts of an overlapping path are inside"),
        .init("strokeColor", .shapeLayer, .color, coreAnimation: "CAShapeLayer.strokeColor", animatable: true, default: "none",
              access: on(.color(\ShapeProperties.strokeColor)), "the stroke's color"),
        .init("lineWidth", .shapeLayer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CAShapeLayer.lineWidth", animatable: true,
              access: on(.number(\ShapeProperties.style.lineWidth)), "the stroke's width, centred on the path"),
        .init("lineCap", .shapeLayer, names(StrokeStyle.Cap.self), coreAnimation: "CAShapeLayer.lineCap", default: "`butt`", access: on(.of(\ShapeProperties.style.lineCap), in: \.shape, fallback: ShapeProperties()),
              "how open ends are drawn"),
        .init("lineJoin", .shapeLayer, names(StrokeStyle.Join.self), coreAnimation: "CAShapeLayer.lineJoin", default: "`miter`", access: on(.of(\ShapeProperties.style.lineJoin), in: \.shape, fallback: ShapeProperties()),
              "how corners are drawn"),
        .init("miterLimit", .shapeLayer, .number, range: .nonNegative, coreAnimation: "CAShapeLayer.miterLimit", animatable: true,
              access: on(.number(\ShapeProperties.style.miterLimit)), "beyond it (× the line width) a miter join is bevelled"),
        .init("lineDashPattern", .shapeLayer, .numbers, unit: "pt", coreAnimation: "CAShapeLayer.lineDashPattern", default: "none",
              "dash and gap lengths, up to 1000, each ≥ 0"),
        .init("lineDashPhase", .shapeLayer, .number, unit: "pt", coreAnimation: "CAShapeLayer.lineDashPhase", animatable: true,
              access: on(.number(\ShapeProperties.style.lineDashPhase)), "where in the dash pattern the path starts"),
        .init("strokeStart", .shapeLayer, .number, range: .unit, coreAnimation: "CAShapeLayer.strokeStart", animatable: true,
              access: on(.number(\ShapeProperties.style.strokeStart)), "where the stroked part starts, as a fraction of the path's length"),
        .init("strokeEnd", .shapeLayer, .number, range: .unit, coreAnimation: "CAShapeLayer.strokeEnd", animatable: true,
              access: on(.number(\ShapeProperties.style.strokeEnd)), "where the stroked part ends, as a fraction of the path's length"),
    ]

    static let textLayer: [PropertyDescriptor] = [
        .init("string", .textLayer, .string, coreAnimation: "CATextLayer.string", default: "`\"\"`", examples: ["\"Hello\""],
              "the text, up to 10 000 characters; lines split at `\\n`"),
        .init("font", .textLayer, .string, coreAnimation: "CATextLayer.font", default: "`DejaVu Sans`", examples: ["\"DejaVu Sans Bold\"", "\"fonts/Title.ttf\""],
              "a family or a .ttf/.otf path relative to the effect file"),
        .init("fontSize", .textLayer, .number, range: .closed(1, 2000), unit: "pt", coreAnimation: "CATextLayer.fontSize", animatable: true,
              access: on(.number(\TextProperties.fontSize)), "the font's size"),
        .init("foregroundColor", .textLayer, .color, coreAnimation: "CATextLayer.foregroundColor", animatable: true,
              access: on(.color(\TextProperties.foregroundColor)), "the text's color"),
        .init("alignmentMode", .textLayer, names(TextAlignment.self), coreAnimation: "CATextLayer.alignmentMode", default: "`left`", access: on(.of(\TextProperties.alignmentMode), in: \.text, fallback: TextProperties()),
              "where lines sit across the bounds"),
        .init("transitions", .textLayer, .structure, default: "`[]`", examples: ["[{\"time\": 1, \"string\": \"Done\", \"type\": \"push\", \"subtype\": \"fromBottom\"}]"], "scheduled changes of `string`, with `CATransition`s (fx key)"),
    ]

    static let imageLayer: [PropertyDescriptor] = [
        .init("contents", .imageLayer, .string, coreAnimation: "CALayer.contents", default: "none", examples: ["\"photo\""],
              "a texture name: a PNG, JPEG or animated GIF declared under `textures`"),
        .init("contentsRect", .imageLayer, .rect, coreAnimation: "CALayer.contentsRect", animatable: true,
              access: on(.rect(\ImageProperties.contentsRect)), "the part of the image drawn, in unit coordinates"),
        .init("contentsGravity", .imageLayer, names(ContentsGravity.self), coreAnimation: "CALayer.contentsGravity", default: "`resize`", access: on(.of(\ImageProperties.contentsGravity), in: \.image, fallback: ImageProperties()),
              "how the image sits in the bounds"),
        .init("transitions", .imageLayer, .structure, default: "`[]`", examples: ["[{\"time\": 1, \"contents\": \"pic_2\", \"type\": \"fade\", \"duration\": 0.5}]"], "scheduled changes of `contents`, with `CATransition`s (fx key)"),
    ]

    // MARK: - Animations

    static let animation: [PropertyDescriptor] = [
        .init("type", .animation, names(Animation.AnimationType.self), default: "—", "`basic`, `keyframe`, `spring`, `group` or `transition`; required"),
        .init("keyPath", .animation, .string, coreAnimation: "CAPropertyAnimation.keyPath", default: "—", examples: ["\"opacity\"", "\"position\"", "\"transform.rotation.z\"", "\"emitterCells.spark.birthRate\""],
              "what it animates on its layer (not for groups and transitions); `contents` on an image layer steps through images"),
        .init("timingFunction", .animation, .timingFunction, coreAnimation: "CAAnimation.timingFunction", default: "`linear`",
              "the pacing: a named curve or `[c1x, c1y, c2x, c2y]`"),
        .init("additive", .animation, .boolean, coreAnimation: "CAPropertyAnimation.isAdditive", default: "`false`",
              "its value is added to the model value (not for transitions)"),
        .init("cumulative", .animation, .boolean, coreAnimation: "CAPropertyAnimation.isCumulative", default: "`false`",
              "each repeat starts where the last ended (not for transitions)"),
        .init("removedOnCompletion", .animation, .boolean, coreAnimation: "CAAnimation.isRemovedOnCompletion", default: "`true`",
              "whether it is removed when it ends (a filled animation must not be)"),
        .init("fromValue", .basicAnimation, .keyPathValue, coreAnimation: "CABasicAnimation.fromValue", default: "the model value",
              "the start value"),
        .init("toValue", .basicAnimation, .keyPathValue, coreAnimation: "CABasicAnimation.toValue", default: "the model value",
              "the end value"),
        .init("byValue", .basicAnimation, .keyPathValue, coreAnimation: "CABasicAnimation.byValue", default: "none",
              "the change, from `fromValue` or to `toValue`"),
        .init("values", .keyframeAnimation, .keyPathValue, coreAnimation: "CAKeyframeAnimation.values", default: "—",
              "the keyframe values (a list); for `contents`, texture names shown in turn"),
        .init("keyTimes", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.keyTimes", default: "evenly spaced",
              "when each value is reached, 0…1, non-decreasing"),
        .init("timingFunctions", .keyframeAnimation, .structure, coreAnimation: "CAKeyframeAnimation.timingFunctions",
              default: "`linear`", examples: ["[\"easeIn\", \"easeOut\"]"], "one timing function per segment"),
        .init("calculationMode", .keyframeAnimation, names(Animation.CalculationMode.self), coreAnimation: "CAKeyframeAnimation.calculationMode",
              default: "`linear`", "how values between keyframes are found"),
        .init("tensionValues", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.tensionValues", default: "0s",
              "cubic mode: tightness of the curve at each keyframe"),
        .init("continuityValues", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.continuityValues", default: "0s",
              "cubic mode: sharpness of the corner at each keyframe"),
        .init("biasValues", .keyframeAnimation, .numbers, coreAnimation: "CAKeyframeAnimation.biasValues", default: "0s",
              "cubic mode: where the curve leans at each keyframe"),
        .init("path", .keyframeAnimation, .path, coreAnimation: "CAKeyframeAnimation.path", default: "none",
              "a path a point value follows, instead of `values`"),
        .init("rotationMode", .keyframeAnimation, names(Animation.RotationMode.self), coreAnimation: "CAKeyframeAnimation.rotationMode",
              default: "none", "along a path, turn the layer to face its direction"),
        .init("fromValue", .springAnimation, .keyPathValue, coreAnimation: "CASpringAnimation.fromValue", default: "the model value",
              "the start value"),
        .init("toValue", .springAnimation, .keyPathValue, coreAnimation: "CASpringAnimation.toValue", default: "the model value",
              "the value the spring settles at"),
        .init("mass", .springAnimation, .number, range: .positive, coreAnimation: "CASpringAnimation.mass", default: "1",
              "the mass on the spring"),
        .init("stiffness", .springAnimation, .number, range: .positive, coreAnimation: "CASpringAnimation.stiffness", default: "100",
              "the spring's stiffness"),
        .init("damping", .springAnimation, .number, range: .nonNegative, coreAnimation: "CASpringAnimation.damping", default: "10",
              "the friction; 0 never settles and needs a `duration` (or a group to span)"),
        .init("initialVelocity", .springAnimation, .number, coreAnimation: "CASpringAnimation.initialVelocity", default: "0",
              "the start velocity, in units of the whole change per second"),
        .init("perceptualDuration", .springAnimation, .number, range: .positive, unit: "s",
              coreAnimation: "CASpringAnimation.perceptualDuration", default: "none",
              "instead of mass, stiffness and damping: how long the spring seems to take (with `bounce`, as `CASpringAnimation(perceptualDuration:bounce:)` and UIKit's spring animations)"),
        .init("bounce", .springAnimation, .number, range: .closed(-1, 1), coreAnimation: "CASpringAnimation.bounce", default: "0",
              "with `perceptualDuration`: 0 no overshoot, up to 1 ever more bouncy, below 0 slower than critical"),
        .init("animations", .groupAnimation, .structure, coreAnimation: "CAAnimationGroup.animations", default: "—", examples: ["[{\"type\": \"basic\", \"keyPath\": \"opacity\", \"toValue\": 0}, {\"type\": \"basic\", \"keyPath\": \"transform.scale\", \"toValue\": 2}]"],
              "the animations run together, timed in the group's time; a child without a `duration` spans the group"),
        .init("transitionType", .transitionAnimation, names(TransitionType.self), coreAnimation: "CATransition.type", default: "`fade`",
              "the transition: Core Animation's public types and the private ones iOS developers use (fx key name: `type` says the animation's class)"),
        .init("subtype", .transitionAnimation, names(TransitionSubtype.self), coreAnimation: "CATransition.subtype", default: "`fromLeft`",
              "the side the transition starts from"),
        .init("startProgress", .transitionAnimation, .number, range: .unit, coreAnimation: "CATransition.startProgress", default: "0",
              "where in the transition the animation starts"),
        .init("endProgress", .transitionAnimation, .number, range: .unit, coreAnimation: "CATransition.endProgress", default: "1",
              "where in the transition the animation ends (not before `startProgress`)"),
    ]
}
