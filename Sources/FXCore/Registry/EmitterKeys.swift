// The keys of emitter layers and emitter cells: Core Animation's, and fx's own that no particle
// behaviour declares (a behaviour declares its keys in its own file).

extension EmitterLayerKeys {
    /// The `emitterPosition` key: centre of the emission shape, in the layer's coordinates.
    public static let emitterPosition = PropertyDescriptor(
        "emitterPosition", .emitterLayer, .point, unit: "pt", coreAnimation: "CAEmitterLayer.emitterPosition", animatable: true,
        access: .value(.point(\EmitterProperties.emitterPosition)), "centre of the emission shape, in the layer's coordinates")
    /// The `emitterZPosition` key: z of the shape's centre.
    public static let emitterZPosition = PropertyDescriptor(
        "emitterZPosition", .emitterLayer, .number, unit: "pt", coreAnimation: "CAEmitterLayer.emitterZPosition", animatable: true,
        access: .value(.number(\EmitterProperties.emitterZPosition)), "z of the shape's centre")
    /// The `emitterSize` key: size of the emission shape.
    public static let emitterSize = PropertyDescriptor(
        "emitterSize", .emitterLayer, .size, range: .nonNegative, unit: "pt", coreAnimation: "CAEmitterLayer.emitterSize",
        animatable: true, access: .value(.size(\EmitterProperties.emitterSize)), "size of the emission shape")
    /// The `emitterDepth` key: depth of a cuboid along z.
    public static let emitterDepth = PropertyDescriptor(
        "emitterDepth", .emitterLayer, .number, range: .nonNegative, unit: "pt", coreAnimation: "CAEmitterLayer.emitterDepth",
        animatable: true, access: .value(.number(\EmitterProperties.emitterDepth)), "depth of a cuboid along z")
    /// The `emitterShape` key: where particles are born.
    public static let emitterShape = PropertyDescriptor(
        "emitterShape", .emitterLayer, .cases(of: EmitterProperties.Shape.self), coreAnimation: "CAEmitterLayer.emitterShape",
        access: .choice(.of(\EmitterProperties.emitterShape)), "where particles are born")
    /// The `emitterMode` key: which part of the shape particles are born on.
    public static let emitterMode = PropertyDescriptor(
        "emitterMode", .emitterLayer, .cases(of: EmitterProperties.Mode.self), coreAnimation: "CAEmitterLayer.emitterMode",
        access: .choice(.of(\EmitterProperties.emitterMode)), "which part of the shape particles are born on")
    /// The `renderMode` key: the drawing order and compositing of the particles.
    public static let renderMode = PropertyDescriptor(
        "renderMode", .emitterLayer, .cases(of: EmitterProperties.RenderMode.self), coreAnimation: "CAEmitterLayer.renderMode",
        access: .choice(.of(\EmitterProperties.renderMode)), "the drawing order and compositing of the particles")
    /// The `preservesDepth` key: keep particles' z, projected through a perspective above.
    public static let preservesDepth = PropertyDescriptor(
        "preservesDepth", .emitterLayer, .boolean, coreAnimation: "CAEmitterLayer.preservesDepth",
        access: .value(.bool(\EmitterProperties.preservesDepth)), "keep particles' z, projected through a perspective above")
    /// The `birthRate` key: multiplies every cell's `birthRate`.
    public static let birthRate = PropertyDescriptor(
        "birthRate", .emitterLayer, .number, range: .nonNegative, unit: "×", coreAnimation: "CAEmitterLayer.birthRate",
        animatable: true, changesBirthRate: true, access: .value(.number(\EmitterProperties.birthRate)),
        "multiplies every cell's `birthRate`")
    /// The `lifetime` key: multiplies every cell's `lifetime`, for particles born from then on (those alive keep
    /// theirs).
    public static let lifetime = PropertyDescriptor(
        "lifetime", .emitterLayer, .number, range: .nonNegative, unit: "×", coreAnimation: "CAEmitterLayer.lifetime",
        animatable: true, access: .value(.number(\EmitterProperties.lifetime)),
        "multiplies every cell's `lifetime`, for particles born from then on (those alive keep theirs)")
    /// The `velocity` key: multiplies every cell's `velocity`, for particles born from then on.
    public static let velocity = PropertyDescriptor(
        "velocity", .emitterLayer, .number, unit: "×", coreAnimation: "CAEmitterLayer.velocity", animatable: true,
        access: .value(.number(\EmitterProperties.velocity)), "multiplies every cell's `velocity`, for particles born from then on")
    /// The `scale` key: multiplies every cell's `scale`, for particles born from then on (those alive keep their size).
    public static let scale = PropertyDescriptor(
        "scale", .emitterLayer, .number, unit: "×", coreAnimation: "CAEmitterLayer.scale", animatable: true,
        access: .value(.number(\EmitterProperties.scale)),
        "multiplies every cell's `scale`, for particles born from then on (those alive keep their size)")
    /// The `spin` key: multiplies every cell's `spin` (a factor, not an angle), for particles born from then on.
    public static let spin = PropertyDescriptor(
        "spin", .emitterLayer, .number, unit: "×", coreAnimation: "CAEmitterLayer.spin", animatable: true,
        access: .value(.number(\EmitterProperties.spin)),
        "multiplies every cell's `spin` (a factor, not an angle), for particles born from then on")
    /// The `seed` key: added to the effect's seed (modulo 2³²), so that Core Animation's one seed carries both.
    public static let seed = PropertyDescriptor(
        "seed", .emitterLayer, .integer, range: .closed(0, Double(UInt32.max)), coreAnimation: "CAEmitterLayer.seed",
        access: .value(.seed(\EmitterProperties.seed)),
        "added to the effect's seed (modulo 2³²), so that Core Animation's one seed carries both")
    /// The `emitterCells` key: the cells.
    public static let emitterCells = PropertyDescriptor(
        "emitterCells", .emitterLayer, .structure, coreAnimation: "CAEmitterLayer.emitterCells", default: .empty("[]"),
        examples: ["[{\"name\": \"spark\", \"contents\": \"spark\", \"birthRate\": 50, \"lifetime\": 2, \"velocity\": 100}]"],
        "the cells")
    /// The `followsPointer` key: in the window, `emitterPosition` follows the pointer (renders use the model or
    /// animated position).
    public static let followsPointer = PropertyDescriptor(
        "followsPointer", .emitterLayer, .boolean, access: .value(.bool(\EmitterProperties.followsPointer)),
        "in the window, `emitterPosition` follows the pointer (renders use the model or animated position)")
    /// The `burstsOnClick` key: in the window, a click emits every cell's `burstCount` at the pointer.
    public static let burstsOnClick = PropertyDescriptor(
        "burstsOnClick", .emitterLayer, .boolean, access: .value(.bool(\EmitterProperties.burstsOnClick)),
        "in the window, a click emits every cell's `burstCount` at the pointer")
    /// The `prewarm` key: seconds of emission simulated before time 0 with the layer's time-0 values, so the layer
    /// starts full (Unity's prewarm, Godot's preprocess).
    public static let prewarm = PropertyDescriptor(
        "prewarm", .emitterLayer, .number, range: .closed(0, EffectLimits.maxPrewarm), unit: "s",
        access: .value(.number(\EmitterProperties.prewarm)),
        "seconds of emission simulated before time 0 with the layer's time-0 values, so the layer starts full (Unity's prewarm, Godot's preprocess)")
}

extension EmitterLayerKeys {
    /// Core Animation's keys and fx's plain ones, in the documentation's order.
    static let coreAnimation = [emitterPosition, emitterZPosition, emitterSize, emitterDepth, emitterShape, emitterMode, renderMode,
                                preservesDepth, birthRate, lifetime, velocity, scale, spin, seed, emitterCells, followsPointer,
                                burstsOnClick, prewarm]
}

extension EmitterCellKeys {
    /// The `name` key: the cell's name in key paths (`emitterCells.NAME.birthRate`); unique among its siblings, no `.`.
    public static let name = PropertyDescriptor(
        "name", .emitterCell, .string, coreAnimation: "CAEmitterCell.name", default: .none("none"),
        access: .choice(.optionalText(\EmitterCell.name)), examples: ["\"spark\""],
        "the cell's name in key paths (`emitterCells.NAME.birthRate`); unique among its siblings, no `.`")
    /// The `enabled` key: emit or not.
    public static let enabled = PropertyDescriptor(
        "enabled", .emitterCell, .boolean, coreAnimation: "CAEmitterCell.isEnabled", animatable: true, changesBirthRate: true,
        access: .value(.bool(\EmitterCell.enabled)), "emit or not")
    /// The `birthRate` key: particles per second (× the layer's `birthRate`).
    public static let birthRate = PropertyDescriptor(
        "birthRate", .emitterCell, .number, range: .closed(0, EffectLimits.maxBirthRate), unit: "1/s",
        coreAnimation: "CAEmitterCell.birthRate", animatable: true, changesBirthRate: true,
        access: .value(.number(\EmitterCell.birthRate)), "particles per second (× the layer's `birthRate`)")
    /// The `lifetime` key: how long a particle lives (× the layer's `lifetime`).
    public static let lifetime = PropertyDescriptor(
        "lifetime", .emitterCell, .number, range: .nonNegative, unit: "s", coreAnimation: "CAEmitterCell.lifetime",
        animatable: true, spread: lifetimeRange.name, access: .value(.number(\EmitterCell.lifetime)),
        "how long a particle lives (× the layer's `lifetime`)")
    /// The `lifetimeRange` key: each lifetime is drawn from `lifetime` ± range/2.
    public static let lifetimeRange = PropertyDescriptor(
        "lifetimeRange", .emitterCell, .number, range: .nonNegative, unit: "s", coreAnimation: "CAEmitterCell.lifetimeRange",
        animatable: true, access: .value(.number(\EmitterCell.lifetimeRange)), "each lifetime is drawn from `lifetime` ± range/2")
    /// The `emissionLatitude` key: direction out of the x-y plane; 0 keeps motion in the plane.
    public static let emissionLatitude = PropertyDescriptor(
        "emissionLatitude", .emitterCell, .angle, unit: "rad", coreAnimation: "CAEmitterCell.emissionLatitude", animatable: true,
        access: .value(.number(\EmitterCell.emissionLatitude)), "direction out of the x-y plane; 0 keeps motion in the plane")
    /// The `emissionLongitude` key: direction in the x-y plane from +x (y down: `"90deg"` points down).
    public static let emissionLongitude = PropertyDescriptor(
        "emissionLongitude", .emitterCell, .angle, unit: "rad", coreAnimation: "CAEmitterCell.emissionLongitude", animatable: true,
        spread: emissionRange.name, access: .value(.number(\EmitterCell.emissionLongitude)),
        "direction in the x-y plane from +x (y down: `\"90deg\"` points down)")
    /// The `emissionRange` key: directions spread uniformly over this angle around the mean.
    public static let emissionRange = PropertyDescriptor(
        "emissionRange", .emitterCell, .angle, range: .nonNegative, unit: "rad", coreAnimation: "CAEmitterCell.emissionRange",
        animatable: true, access: .value(.number(\EmitterCell.emissionRange)),
        "directions spread uniformly over this angle around the mean")
    /// The `velocity` key: initial speed (× the layer's `velocity`).
    public static let velocity = PropertyDescriptor(
        "velocity", .emitterCell, .number, unit: "pt/s", coreAnimation: "CAEmitterCell.velocity", animatable: true,
        spread: velocityRange.name, access: .value(.number(\EmitterCell.velocity)), "initial speed (× the layer's `velocity`)")
    /// The `velocityRange` key: each speed is drawn from `velocity` ± range/2.
    public static let velocityRange = PropertyDescriptor(
        "velocityRange", .emitterCell, .number, range: .nonNegative, unit: "pt/s", coreAnimation: "CAEmitterCell.velocityRange",
        animatable: true, access: .value(.number(\EmitterCell.velocityRange)), "each speed is drawn from `velocity` ± range/2")
    /// The `xAcceleration` key: acceleration along x.
    public static let xAcceleration = PropertyDescriptor(
        "xAcceleration", .emitterCell, .number, unit: "pt/s²", coreAnimation: "CAEmitterCell.xAcceleration", animatable: true,
        access: .value(.number(\EmitterCell.xAcceleration)), "acceleration along x")
    /// The `yAcceleration` key: acceleration along y, positive down the screen.
    public static let yAcceleration = PropertyDescriptor(
        "yAcceleration", .emitterCell, .number, unit: "pt/s²", coreAnimation: "CAEmitterCell.yAcceleration", animatable: true,
        access: .value(.number(\EmitterCell.yAcceleration)), "acceleration along y, positive down the screen")
    /// The `zAcceleration` key: acceleration along z, toward the viewer.
    public static let zAcceleration = PropertyDescriptor(
        "zAcceleration", .emitterCell, .number, unit: "pt/s²", coreAnimation: "CAEmitterCell.zAcceleration", animatable: true,
        access: .value(.number(\EmitterCell.zAcceleration)), "acceleration along z, toward the viewer")
    /// The `scale` key: size factor of the image (× the layer's `scale`).
    public static let scale = PropertyDescriptor(
        "scale", .emitterCell, .number, unit: "×", coreAnimation: "CAEmitterCell.scale", animatable: true, spread: scaleRange.name,
        access: .value(.number(\EmitterCell.scale)), "size factor of the image (× the layer's `scale`)")
    /// The `scaleRange` key: each scale is drawn from `scale` ± range/2.
    public static let scaleRange = PropertyDescriptor(
        "scaleRange", .emitterCell, .number, range: .nonNegative, unit: "×", coreAnimation: "CAEmitterCell.scaleRange",
        animatable: true, access: .value(.number(\EmitterCell.scaleRange)), "each scale is drawn from `scale` ± range/2")
    /// The `scaleSpeed` key: scale change per second.
    public static let scaleSpeed = PropertyDescriptor(
        "scaleSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.scaleSpeed", animatable: true,
        access: .value(.number(\EmitterCell.scaleSpeed)), "scale change per second")
    /// The `spin` key: rotation per second (× the layer's `spin`); particles start at rotation 0.
    public static let spin = PropertyDescriptor(
        "spin", .emitterCell, .angle, unit: "rad/s", coreAnimation: "CAEmitterCell.spin", animatable: true, spread: spinRange.name,
        access: .value(.number(\EmitterCell.spin)), "rotation per second (× the layer's `spin`); particles start at rotation 0")
    /// The `spinRange` key: each spin is drawn from `spin` ± range/2.
    public static let spinRange = PropertyDescriptor(
        "spinRange", .emitterCell, .angle, range: .nonNegative, unit: "rad/s", coreAnimation: "CAEmitterCell.spinRange",
        animatable: true, access: .value(.number(\EmitterCell.spinRange)), "each spin is drawn from `spin` ± range/2")
    /// The `color` key: the particle color, multiplied into the texture.
    public static let color = PropertyDescriptor(
        "color", .emitterCell, .color, coreAnimation: "CAEmitterCell.color", animatable: true,
        access: .value(.color(\EmitterCell.color)), "the particle color, multiplied into the texture")
    /// The `redRange` key: each red is drawn from the color's ± range/2.
    public static let redRange = PropertyDescriptor(
        "redRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.redRange", animatable: true,
        access: .value(.number(\EmitterCell.redRange)), "each red is drawn from the color's ± range/2")
    /// The `greenRange` key: each green is drawn from the color's ± range/2.
    public static let greenRange = PropertyDescriptor(
        "greenRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.greenRange", animatable: true,
        access: .value(.number(\EmitterCell.greenRange)), "each green is drawn from the color's ± range/2")
    /// The `blueRange` key: each blue is drawn from the color's ± range/2.
    public static let blueRange = PropertyDescriptor(
        "blueRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.blueRange", animatable: true,
        access: .value(.number(\EmitterCell.blueRange)), "each blue is drawn from the color's ± range/2")
    /// The `alphaRange` key: each alpha is drawn from the color's ± range/2.
    public static let alphaRange = PropertyDescriptor(
        "alphaRange", .emitterCell, .number, range: .nonNegative, coreAnimation: "CAEmitterCell.alphaRange", animatable: true,
        access: .value(.number(\EmitterCell.alphaRange)), "each alpha is drawn from the color's ± range/2")
    /// The `redSpeed` key: red change per second.
    public static let redSpeed = PropertyDescriptor(
        "redSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.redSpeed", animatable: true,
        access: .value(.number(\EmitterCell.redSpeed)), "red change per second")
    /// The `greenSpeed` key: green change per second.
    public static let greenSpeed = PropertyDescriptor(
        "greenSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.greenSpeed", animatable: true,
        access: .value(.number(\EmitterCell.greenSpeed)), "green change per second")
    /// The `blueSpeed` key: blue change per second.
    public static let blueSpeed = PropertyDescriptor(
        "blueSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.blueSpeed", animatable: true,
        access: .value(.number(\EmitterCell.blueSpeed)), "blue change per second")
    /// The `alphaSpeed` key: alpha change per second.
    public static let alphaSpeed = PropertyDescriptor(
        "alphaSpeed", .emitterCell, .number, unit: "1/s", coreAnimation: "CAEmitterCell.alphaSpeed", animatable: true,
        access: .value(.number(\EmitterCell.alphaSpeed)), "alpha change per second")
    /// The `contents` key: a texture name: built-in or declared in `textures`.
    public static let contents = PropertyDescriptor(
        "contents", .emitterCell, .string, coreAnimation: "CAEmitterCell.contents",
        default: .none("none: the particle is not drawn"), examples: ["\"spark\"", "\"circle\"", "\"leaf\""],
        "a texture name: built-in or declared in `textures`")
    /// The `contentsRect` key: the part of the image, in unit coordinates, inside [0, 0, 1, 1].
    public static let contentsRect = PropertyDescriptor(
        "contentsRect", .emitterCell, .rect, coreAnimation: "CAEmitterCell.contentsRect", animatable: true,
        access: .value(.rect(\EmitterCell.contentsRect)), "the part of the image, in unit coordinates, inside [0, 0, 1, 1]")
    /// The `contentsScale` key: image pixels per point.
    public static let contentsScale = PropertyDescriptor(
        "contentsScale", .emitterCell, .number, range: .positive, coreAnimation: "CAEmitterCell.contentsScale", animatable: true,
        access: .value(.number(\EmitterCell.contentsScale)), "image pixels per point")
    /// The `emitterCells` key: sub-cells, emitted from each of this cell's particles.
    public static let emitterCells = PropertyDescriptor(
        "emitterCells", .emitterCell, .structure, coreAnimation: "CAEmitterCell.emitterCells", default: .empty("[]"),
        examples: ["[{\"name\": \"trail\", \"contents\": \"circle\", \"birthRate\": 20, \"lifetime\": 0.5, \"scale\": 0.1}]"],
        "sub-cells, emitted from each of this cell's particles")
    /// The `spriteFrames` key: `{"columns": C, "rows": R, "count": N, "framesPerSecond": F, "loops": true}`:
    /// `contentsRect` is a grid of frames, played at F frames a second (looping or holding the last), or once over the
    /// particle's life without F.
    public static let spriteFrames = PropertyDescriptor(
        "spriteFrames", .emitterCell, .structure, default: .none("none"), members: SpriteFramesKeys.all,
        "`{\"columns\": C, \"rows\": R, \"count\": N, \"framesPerSecond\": F, \"loops\": true}`: `contentsRect` is a grid of frames, played at F frames a second (looping or holding the last), or once over the particle's life without F")
    /// The `emitOn` key: for a sub-cell: `life` emits through the parent's life at `birthRate` (Core Animation's way);
    /// `birth` and `death` emit `burstCount` particles where and when each parent is born or dies.
    public static let emitOn = PropertyDescriptor(
        "emitOn", .emitterCell, .cases(of: EmitOn.self), access: .choice(.of(\EmitterCell.extensions.emitOn)),
        "for a sub-cell: `life` emits through the parent's life at `birthRate` (Core Animation's way); `birth` and `death` emit `burstCount` particles where and when each parent is born or dies")
    /// Core Animation's keys, in the documentation's order.
    static let coreAnimation = [name, enabled, birthRate, lifetime, lifetimeRange, emissionLatitude, emissionLongitude, emissionRange,
                                velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration, scale, scaleRange, scaleSpeed,
                                spin, spinRange, color, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed,
                                blueSpeed, alphaSpeed, contents, contentsRect, contentsScale, emitterCells]
}

extension SpriteFramesKeys {
    /// The `columns` key: frames across the sheet.
    public static let columns = PropertyDescriptor(
        "columns", .emitterCell, .integer, range: .closed(1, 256), access: .value(.integer(\SpriteFrames.columns)),
        "frames across the sheet")
    /// The `rows` key: frames down the sheet.
    public static let rows = PropertyDescriptor(
        "rows", .emitterCell, .integer, range: .closed(1, 256), access: .value(.integer(\SpriteFrames.rows)),
        "frames down the sheet")
    /// The `count` key: frames played, row by row.
    public static let count = PropertyDescriptor(
        "count", .emitterCell, .integer, range: .closed(1, 65536), default: .derived("columns × rows"),
        access: .value(.integer(\SpriteFrames.count)), "frames played, row by row")
    /// The `framesPerSecond` key: how fast the frames play.
    public static let framesPerSecond = PropertyDescriptor(
        "framesPerSecond", .emitterCell, .number, range: .closed(0.001, 1000), unit: "frames/s",
        default: .none("none: once over the particle's life"),
        access: .value(.optionalNumber(\SpriteFrames.framesPerSecond, fallback: { _ in 12 })), "how fast the frames play")
    /// The `loops` key: start again after the last frame (else hold it).
    public static let loops = PropertyDescriptor(
        "loops", .emitterCell, .boolean, access: .value(.bool(\SpriteFrames.loops)),
        "start again after the last frame (else hold it)")

    static let all = [columns, rows, count, framesPerSecond, loops]
}

extension LifeSequenceKeys {
    /// The `values` key: the values, 1…256 of them, in order of age.
    public static let values = PropertyDescriptor(
        "values", .emitterCell, .structure, default: .required, required: true, "the values, 1…256 of them, in order of age")
    /// The `times` key: when each value is reached, as normalized ages in 0…1 (0 at birth, 1 at death), not decreasing;
    /// one per value.
    public static let times = PropertyDescriptor(
        "times", .emitterCell, .numbers, range: .unit, default: .derived("evenly spaced"),
        "when each value is reached, as normalized ages in 0…1 (0 at birth, 1 at death), not decreasing; one per value")
    /// The `interpolation` key: `linear` goes straight from value to value; `step` holds each value until the next
    /// time.
    public static let interpolation = PropertyDescriptor(
        "interpolation", .emitterCell, .cases(of: LifeSequence<Double>.Interpolation.self),
        default: .choice(LifeSequence<Double>.Interpolation.linear.rawValue),
        "`linear` goes straight from value to value; `step` holds each value until the next time")

    static let all = [values, times, interpolation]
}

// fx's `flutter`, drawn by the draw list (FlutterDrawing): its keys are declared here, as the
// draw list reads the model's `Flutter` and not the registry.
extension EmitterCellKeys {
    /// The `flutter` key: `{"wobble": pt, "wobbleSpeed": rad/s, "wobbleSpeedRange": rad/s, "tiltSpeed": rad/s,
    /// "tiltSpeedRange": rad/s}`: paper tumbling in 3-D, as canvas-confetti draws it: the quad is drawn `wobble` points
    /// from the particle in a turning direction, and its width × cos(tilt phase); phases start at random; drawing only
    /// (positions are unchanged).
    public static let flutter = PropertyDescriptor(
        "flutter", .emitterCell, .structure, default: .none("none"), members: FlutterKeys.all,
        "`{\"wobble\": pt, \"wobbleSpeed\": rad/s, \"wobbleSpeedRange\": rad/s, \"tiltSpeed\": rad/s, \"tiltSpeedRange\": rad/s}`: paper tumbling in 3-D, as canvas-confetti draws it: the quad is drawn `wobble` points from the particle in a turning direction, and its width × cos(tilt phase); phases start at random; drawing only (positions are unchanged)")
}

extension FlutterKeys {
    /// The `wobble` key: how far from the particle's position its quad is drawn, in a direction that turns at the
    /// wobble speed.
    public static let wobble = PropertyDescriptor(
        "wobble", .emitterCell, .number, range: .closed(0, 10_000), unit: "pt", access: .value(.number(\Flutter.wobble)),
        "how far from the particle's position its quad is drawn, in a direction that turns at the wobble speed")
    /// The `wobbleSpeed` key: how fast the wobble's direction turns (from a random start).
    public static let wobbleSpeed = PropertyDescriptor(
        "wobbleSpeed", .emitterCell, .number, range: .closed(-1000, 1000), unit: "rad/s", access: .value(.number(\Flutter.wobbleSpeed)),
        "how fast the wobble's direction turns (from a random start)")
    /// The `wobbleSpeedRange` key: each particle's wobble speed is drawn from `wobbleSpeed` ± half this.
    public static let wobbleSpeedRange = PropertyDescriptor(
        "wobbleSpeedRange", .emitterCell, .number, range: .closed(0, 1000), unit: "rad/s",
        access: .value(.number(\Flutter.wobbleSpeedRange)), "each particle's wobble speed is drawn from `wobbleSpeed` ± half this")
    /// The `tiltSpeed` key: how fast the tilt phase turns (from a random start); the quad's width is multiplied by its
    /// cosine, so it turns edge-on and shows its back. 0 with a 0 range: no tilt.
    public static let tiltSpeed = PropertyDescriptor(
        "tiltSpeed", .emitterCell, .number, range: .closed(-1000, 1000), unit: "rad/s", access: .value(.number(\Flutter.tiltSpeed)),
        "how fast the tilt phase turns (from a random start); the quad's width is multiplied by its cosine, so it turns edge-on and shows its back. 0 with a 0 range: no tilt")
    /// The `tiltSpeedRange` key: each particle's tilt speed is drawn from `tiltSpeed` ± half this.
    public static let tiltSpeedRange = PropertyDescriptor(
        "tiltSpeedRange", .emitterCell, .number, range: .closed(0, 1000), unit: "rad/s", access: .value(.number(\Flutter.tiltSpeedRange)),
        "each particle's tilt speed is drawn from `tiltSpeed` ± half this")

    static let all = [wobble, wobbleSpeed, wobbleSpeedRange, tiltSpeed, tiltSpeedRange]
}
