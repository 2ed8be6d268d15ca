// The keys of an effect file's top level, and of its canvas, reduced-motion variant and atlas
// frames.

extension EffectKeys {
    /// The `fx` key: the format version; required; must be `1`.
    public static let fx = PropertyDescriptor(
        "fx", .effect, .integer, default: .required, access: .value(.integer(\Effect.formatVersion)), examples: ["1"],
        "the format version; required; must be `1`")
    /// The `name` key: shown in the window title.
    public static let name = PropertyDescriptor(
        "name", .effect, .string, default: .derived("the file name"), access: .choice(.text(\Effect.name)),
        examples: ["\"sparkles\""], "shown in the window title")
    /// The `description` key: shown by `fx list`.
    public static let description = PropertyDescriptor(
        "description", .effect, .string, access: .choice(.text(\Effect.description)),
        examples: ["\"Sparks rising from the middle of the canvas\""], "shown by `fx list`")
    /// The `canvas` key: `{"size": [w, h], "background": color}` in points.
    public static let canvas = PropertyDescriptor(
        "canvas", .effect, .structure, default: .derived("`[800, 600]`, black"), members: CanvasKeys.all,
        examples: ["{\"size\": [800, 600], \"background\": \"#0b1020\"}"], "`{\"size\": [w, h], \"background\": color}` in points")
    /// The `duration` key: the loop period in the window, and the preview time (half of it).
    public static let duration = PropertyDescriptor(
        "duration", .effect, .number, range: .closed(0.001, Effect.maxDuration), unit: "s", access: .value(.number(\Effect.duration)),
        "the loop period in the window, and the preview time (half of it)")
    /// The `loop` key: restart the window after `duration`.
    public static let loop = PropertyDescriptor(
        "loop", .effect, .boolean, access: .value(.bool(\Effect.loop)), "restart the window after `duration`")
    /// The `seed` key: the seed every random draw derives from; `--seed` overrides.
    public static let seed = PropertyDescriptor(
        "seed", .effect, .integer, range: .closed(0, Double(UInt32.max)), access: .value(.seed(\Effect.seed)),
        "the seed every random draw derives from; `--seed` overrides")
    /// The `stepRate` key: simulation steps per second; `--step-rate` overrides.
    public static let stepRate = PropertyDescriptor(
        "stepRate", .effect, .number, range: .closed(Effect.stepRateRange.lowerBound, Effect.stepRateRange.upperBound),
        unit: "steps/s", access: .value(.number(\Effect.stepRate)), "simulation steps per second; `--step-rate` overrides")
    /// The `maxParticles` key: live-particle budget of the whole effect.
    public static let maxParticles = PropertyDescriptor(
        "maxParticles", .effect, .integer, range: .closed(1, Double(Effect.maxParticlesCeiling)),
        access: .value(.integer(\Effect.maxParticles)), "live-particle budget of the whole effect")
    /// The `textures` key: names → PNG, JPEG (or animated GIF) paths relative to the effect file, or → atlas frames
    /// `{"path": "sheet.png", "frame": [x, y, width, height]}` (a rectangle of the image, in its pixels).
    public static let textures = PropertyDescriptor(
        "textures", .effect, .structure, default: .empty("{}"), members: AtlasFrameKeys.all,
        examples: ["{\"leaf\": \"textures/leaf.png\"}", "{\"frame1\": {\"path\": \"textures/sheet.png\", \"frame\": [0, 0, 32, 32]}}"],
        "names → PNG, JPEG (or animated GIF) paths relative to the effect file, or → atlas frames `{\"path\": \"sheet.png\", \"frame\": [x, y, width, height]}` (a rectangle of the image, in its pixels)")
    /// The `layers` key: the layer tree.
    public static let layers = PropertyDescriptor(
        "layers", .effect, .structure, default: .empty("[]"),
        examples: ["[{\"type\": \"emitter\", \"emitterPosition\": [400, 300], \"emitterCells\": [{\"contents\": \"spark\", \"birthRate\": 50, \"lifetime\": 2, \"velocity\": 100}]}]"],
        "the layer tree")
    /// The `previewTime` key: the moment previews and `fx sheet` show (fx key).
    public static let previewTime = PropertyDescriptor(
        "previewTime", .effect, .number, range: .closed(0, Effect.maxDuration), unit: "s", default: .derived("half of `duration`"),
        access: .value(.optionalNumber(\Effect.previewTime, fallback: { $0.duration / 2 })),
        "the moment previews and `fx sheet` show (fx key)")
    /// The `checkTimes` key: more moments `fx check` compares with its expectations, besides `previewTime` (fx key).
    public static let checkTimes = PropertyDescriptor(
        "checkTimes", .effect, .numbers, range: .closed(0, Effect.maxDuration), unit: "s", default: .empty("[]"),
        access: .value(.numbers(\Effect.checkTimes)), examples: ["[1, 3.5]"],
        "more moments `fx check` compares with its expectations, besides `previewTime` (fx key)")
    /// The `reducedMotion` key: the reduced-motion variant (fx key): `{"birthRate": 0…1, "speed": 0.01…1, "still":
    /// false}` — multiplies every emitter's birth rate, slows everything (the top-level layers' speed), or shows a
    /// still frame at `previewTime`.
    public static let reducedMotion = PropertyDescriptor(
        "reducedMotion", .effect, .structure, default: .none("none"), members: ReducedMotionKeys.all,
        "the reduced-motion variant (fx key): `{\"birthRate\": 0…1, \"speed\": 0.01…1, \"still\": false}` — multiplies every emitter's birth rate, slows everything (the top-level layers' speed), or shows a still frame at `previewTime`")
    /// The `transactions` key: scheduled model changes, animated as Core Animation's implicit actions animate them (fx
    /// key): `[{"time": 1, "set": {"LAYER.KEYPATH": value, …}, "animationDuration": 0.25, "timingFunction": "default",
    /// "disableActions": false}, …]`, in time order.
    public static let transactions = PropertyDescriptor(
        "transactions", .effect, .structure, default: .empty("[]"), members: TransactionKeys.all, isListOfObjects: true,
        examples: ["[{\"time\": 0.5, \"set\": {\"ring.strokeEnd\": 1}}]"],
        "scheduled model changes, animated as Core Animation's implicit actions animate them (fx key): `[{\"time\": 1, \"set\": {\"LAYER.KEYPATH\": value, …}, \"animationDuration\": 0.25, \"timingFunction\": \"default\", \"disableActions\": false}, …]`, in time order")

    /// In the documentation's order.
    static let all = [fx, name, description, canvas, duration, loop, seed, stepRate, maxParticles, textures, layers, previewTime,
                      checkTimes, reducedMotion, transactions]
}

extension TransactionKeys {
    /// The `time` key: when the changes are made, in effect time; required.
    public static let time = PropertyDescriptor(
        "time", .effect, .number, range: .closed(0, Effect.maxDuration), unit: "s", default: .required,
        access: .value(.number(\Transaction.time)), required: true, "when the changes are made, in effect time; required")
    /// The `set` key: `{"LAYER.KEYPATH": value, …}`, the new model values, each key path as `fx inspect --keypath` takes
    /// it; required.
    public static let set = PropertyDescriptor(
        "set", .effect, .structure, default: .required, required: true,
        examples: ["{\"ring.strokeEnd\": 1, \"label.opacity\": 0}"],
        "`{\"LAYER.KEYPATH\": value, …}`, the new model values, each key path as `fx inspect --keypath` takes it; required")
    /// The `animationDuration` key: how long the implicit animations last; `CATransaction.animationDuration`.
    public static let animationDuration = PropertyDescriptor(
        "animationDuration", .effect, .number, range: .closed(0, 3600), unit: "s", coreAnimation: "CATransaction.animationDuration",
        access: .value(.number(\Transaction.animationDuration)), "how long the implicit animations last")
    /// The `timingFunction` key: the implicit animations' pacing (default: ``Transaction/defaultTimingFunction``);
    /// `CATransaction.animationTimingFunction`.
    public static let timingFunction = PropertyDescriptor(
        "timingFunction", .effect, .timingFunction, coreAnimation: "CATransaction.animationTimingFunction",
        default: .derived("`\"\(Transaction.defaultTimingFunctionName)\"`"), "the implicit animations' pacing")
    /// The `disableActions` key: the changes jump instead of animating; `CATransaction.disableActions`.
    public static let disableActions = PropertyDescriptor(
        "disableActions", .effect, .boolean, coreAnimation: "CATransaction.disableActions",
        access: .value(.bool(\Transaction.disableActions)), "the changes jump instead of animating")

    /// In the documentation's order.
    static let all = [time, set, animationDuration, timingFunction, disableActions]
}

extension CanvasKeys {
    /// The `size` key: the canvas's width and height.
    public static let size = PropertyDescriptor(
        "size", .effect, .size, range: .closed(1, EffectLimits.maxCanvasSide), unit: "pt", access: .value(.size(\Canvas.size)),
        "the canvas's width and height")
    /// The `background` key: the color the canvas is cleared to.
    public static let background = PropertyDescriptor(
        "background", .effect, .color, access: .value(.color(\Canvas.background)), "the color the canvas is cleared to")

    static let all = [size, background]
}

extension ReducedMotionKeys {
    /// The `birthRate` key: multiplies every emitter layer's birth rate.
    public static let birthRate = PropertyDescriptor(
        "birthRate", .effect, .number, range: .unit, unit: "×", access: .value(.number(\ReducedMotion.birthRate)),
        "multiplies every emitter layer's birth rate")
    /// The `speed` key: multiplies the speed of every top-level layer (so of everything).
    public static let speed = PropertyDescriptor(
        "speed", .effect, .number, range: .closed(0.01, 1), unit: "×", access: .value(.number(\ReducedMotion.speed)),
        "multiplies the speed of every top-level layer (so of everything)")
    /// The `still` key: show one still frame, at `previewTime`, instead of motion.
    public static let still = PropertyDescriptor(
        "still", .effect, .boolean, access: .value(.bool(\ReducedMotion.still)),
        "show one still frame, at `previewTime`, instead of motion")

    static let all = [birthRate, speed, still]
}

extension AtlasFrameKeys {
    /// The `path` key: the image file, relative to the effect file; required.
    public static let path = PropertyDescriptor(
        "path", .effect, .string, default: .required, required: true, examples: ["\"textures/sheet.png\""],
        "the image file, relative to the effect file; required")
    /// The `frame` key: the rectangle `[x, y, width, height]` of the image, in its whole pixels from the top-left
    /// corner; required.
    public static let frame = PropertyDescriptor(
        "frame", .effect, .rect, default: .required, required: true, examples: ["[0, 0, 32, 32]"],
        "the rectangle `[x, y, width, height]` of the image, in its whole pixels from the top-left corner; required")

    static let all = [path, frame]
}
