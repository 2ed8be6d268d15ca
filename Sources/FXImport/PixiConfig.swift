import FXCore
import Foundation

/// A pixi-particle-emitter configuration, either format, as one model: the emitter's own keys
/// and a list of v5 behaviors. The legacy format (`alpha`, `speed`, `spawnType`… at the top
/// level) is turned into behaviors by ``PixiConfig/legacyBehaviors(_:)`` the way pixi's
/// `upgradeConfig` does, so the mapping reads one model.
struct PixiConfig {
    /// The whole file, for lines of top-level keys.
    let root: PixiJSON
    /// Whether the file is in the legacy (pre-5.0) format.
    let isLegacy: Bool
    /// `lifetime.min` and `lifetime.max` (s).
    var lifetimeMin = 0.0
    var lifetimeMax = 0.0
    /// The emitter's `ease`, applied to every particle's normalized age.
    var ease: PixiEase?
    /// Particles per wave (at least 1).
    var particlesPerWave = 1
    /// Seconds between waves.
    var frequency = 0.0
    /// The chance each particle of a wave is made (0 or absent = 1).
    var spawnChance = 1.0
    /// Seconds the emitter emits (≤ 0 or absent = forever).
    var emitterLifetime = -1.0
    /// The emitter's particle budget (pixi's default 1000).
    var maxParticles = 1000
    /// Whether new particles go behind older ones.
    var addAtBack = false
    /// The emitter's position in its container.
    var position = (x: 0.0, y: 0.0)
    /// The behaviors, in file order.
    var behaviors: [PixiBehaviorEntry] = []
    /// Keys read but not carried over, found while reading (legacy keys pixi itself ignores…).
    var notes: [(key: String, line: Int, message: String)] = []

    /// Reads `source`.
    init(_ source: ImportSource) throws {
        let node: JSONNode
        do {
            node = try JSONParser.parse([UInt8](source.data))
        } catch let error as JSONSyntaxError {
            throw ImportError.malformed(path: source.path, line: error.location.line, message: "not JSON: \(error.message)")
        }
        root = PixiJSON(node: node, path: source.path, keyPath: "")
        _ = try root.members()
        isLegacy = !root.has("behaviors")

        let lifetime = try root.required("lifetime", "an object {\"min\", \"max\"} of seconds")
        lifetimeMin = try lifetime.requiredNumber("min")
        lifetimeMax = try lifetime.requiredNumber("max")
        if lifetimeMax < lifetimeMin { swap(&lifetimeMin, &lifetimeMax) }
        if let ease = root.member("ease") {
            if case .string = ease.node.value {
                notes.append(("ease", ease.line, "a named ease (\(try ease.string())) is a function given in code; not carried over, the lists keep their plain timing"))
            } else {
                self.ease = try PixiEase(ease)
            }
        }
        frequency = try root.requiredNumber("frequency")
        if frequency <= 0 { throw try root.required("frequency", "").error("must be more than 0 seconds between waves (pixi would loop forever)") }
        // Clamped to what fx takes (a burst of at most a million) before becoming an Int, so an
        // absurd number cannot trap.
        particlesPerWave = try whole("particlesPerWave", 1, in: 1...EffectLimits.maxBurstCount, why: "fx's largest burstCount")
        let chance = try root.number("spawnChance", 1)
        spawnChance = chance > 0 ? min(chance, 1) : 1
        let life = try root.number("emitterLifetime", -1)
        emitterLifetime = life > 0 ? life : -1
        let budget = try root.number("maxParticles", 1000)
        maxParticles = budget > 0 ? try whole("maxParticles", 1000, in: 1...Effect.maxParticlesCeiling, why: "fx's particle budget") : 1000
        addAtBack = try root.member("addAtBack")?.bool() ?? false
        if let pos = root.member("pos") {
            position = (try pos.number("x", 0), try pos.number("y", 0))
        }
        if let emit = root.member("emit"), try emit.bool() == false {
            notes.append(("emit", emit.line, "false (the emitter waits to be started in code): fx emits from time 0"))
        }
        if let update = root.member("autoUpdate") {
            notes.append(("autoUpdate", update.line, "ignored: fx's player drives time"))
        }

        if isLegacy {
            behaviors = try legacyBehaviors(root)
        } else {
            for item in try root.required("behaviors", "an array").elements() {
                behaviors.append(try Self.behavior(item))
            }
        }
    }

    /// The top-level number `key` as a whole number in `range` (``ImportedNumber``): clamped
    /// into it with a note when outside.
    mutating func whole(_ key: String, _ fallback: Double, in range: ClosedRange<Int>, why: String) throws -> Int {
        var warnings: [ImportWarning] = []
        let number = try ImportedNumber.whole(try root.number(key, fallback), in: range, why: why, file: root.path, line: line(key), key: key,
                                              warnings: &warnings)
        notes += warnings.map { ($0.key, $0.line, $0.message) }
        return number
    }

    /// The line of top-level `key`.
    func line(_ key: String) -> Int { root.line(of: key) }

    /// One `{"type", "config"}` entry.
    static func behavior(_ item: PixiJSON) throws -> PixiBehaviorEntry {
        let type = try item.required("type", "a behavior type name").string()
        let config = item.member("config") ?? PixiJSON(node: JSONNode(.object([]), at: item.node.location), path: item.path, keyPath: item.keyPath + ".config")
        let behavior: PixiBehavior
        switch type {
        case "alpha": behavior = .alpha(try numberList(config.required("alpha", "a value list")))
        case "alphaStatic": behavior = .alphaStatic(try config.requiredNumber("alpha"))
        case "scale":
            behavior = .scale(try numberList(config.required("scale", "a value list")), minimumMultiplier: try config.number("minMult", 1))
        case "scaleStatic": behavior = .scaleStatic(min: try config.requiredNumber("min"), max: try config.requiredNumber("max"))
        case "color": behavior = .color(try colorList(config.required("color", "a value list")))
        case "colorStatic": behavior = .colorStatic(try color(config.required("color", "a hex color string")))
        case "moveSpeed":
            behavior = .moveSpeed(try numberList(config.required("speed", "a value list")), minimumMultiplier: try config.number("minMult", 1))
        case "moveSpeedStatic": behavior = .moveSpeedStatic(min: try config.requiredNumber("min"), max: try config.requiredNumber("max"))
        case "moveAcceleration":
            let accel = try config.required("accel", "an object {\"x\", \"y\"}")
            behavior = .moveAcceleration(x: try accel.number("x", 0), y: try accel.number("y", 0),
                                         minStart: try config.requiredNumber("minStart"), maxStart: try config.requiredNumber("maxStart"),
                                         rotate: try config.member("rotate")?.bool() ?? false, maxSpeed: try config.number("maxSpeed", 0))
        case "movePath":
            behavior = .movePath(try numberList(config.required("speed", "a value list")), minimumMultiplier: try config.number("minMult", 1))
        case "rotation":
            behavior = .rotation(minStart: try config.number("minStart", 0), maxStart: try config.number("maxStart", 0),
                                 minSpeed: try config.number("minSpeed", 0), maxSpeed: try config.number("maxSpeed", 0),
                                 acceleration: try config.number("accel", 0))
        case "rotationStatic": behavior = .rotationStatic(min: try config.number("min", 0), max: try config.number("max", 0))
        case "noRotation": behavior = .noRotation(try config.number("rotation", 0))
        case "blendMode": behavior = .blendMode(try config.required("blendMode", "a blend mode name").string())
        case "textureSingle": behavior = .textureSingle(try textureName(config.required("texture", "a texture name")))
        case "textureRandom": behavior = .textureRandom(try config.required("textures", "an array of texture names").elements().map(textureName))
        case "textureOrdered": behavior = .textureOrdered(try config.required("textures", "an array of texture names").elements().map(textureName))
        case "animatedSingle":
            behavior = .animated(type: type, firstFrames: [try firstFrame(config.required("anim", "an animation"))])
        case "animatedRandom":
            behavior = .animated(type: type, firstFrames: try config.required("anims", "an array of animations").elements().map(firstFrame))
        case "spawnPoint": behavior = .spawnPoint
        case "spawnBurst":
            behavior = .spawnBurst(start: try config.number("start", 0), spacing: try config.number("spacing", 0), distance: try config.number("distance", 0))
        case "spawnShape": behavior = .spawnShape(try shape(type: try config.required("type", "a shape type").string(), data: config.required("data", "the shape's data")))
        default: behavior = .unknown(type)
        }
        return PixiBehaviorEntry(behavior: behavior, type: type, line: item.line)
    }

    /// A spawn shape of `type` from its data.
    static func shape(type: String, data: PixiJSON) throws -> PixiShape {
        switch type {
        case "rect":
            return .rectangle(x: try data.number("x", 0), y: try data.number("y", 0), width: try data.requiredNumber("w"), height: try data.requiredNumber("h"))
        case "torus", "circle":
            let radius = try data.requiredNumber("radius")
            return .torus(x: try data.number("x", 0), y: try data.number("y", 0), radius: radius,
                          innerRadius: try data.number("innerRadius", 0), affectsRotation: try data.member("affectRotation")?.bool() ?? false)
        case "polygonalChain":
            return .polygonalChain(try chains(data))
        default:
            throw data.error("unknown spawn shape \"\(type)\"; pixi ships rect, torus (circle) and polygonalChain")
        }
    }

    /// A polygonal chain's points: a list of points or a list of lists.
    static func chains(_ data: PixiJSON) throws -> [[(x: Double, y: Double)]] {
        let items = try data.elements()
        func point(_ item: PixiJSON) throws -> (x: Double, y: Double) { (try item.number("x", 0), try item.number("y", 0)) }
        if let first = items.first, case .array = first.node.value {
            return try items.map { try $0.elements().map(point) }
        }
        return [try items.map(point)]
    }

    /// A texture name (a string; an object with a `texture` string is read too).
    static func textureName(_ item: PixiJSON) throws -> String {
        if case .object = item.node.value { return try item.required("texture", "a texture name").string() }
        return try item.string()
    }

    /// The first frame of an animation `{"textures": [...], "framerate", "loop"}`.
    static func firstFrame(_ anim: PixiJSON) throws -> String {
        guard let first = try anim.required("textures", "an array of frames").elements().first else {
            throw anim.error("an animation needs at least one texture")
        }
        return try textureName(first)
    }

    /// A color from a hex string.
    static func color(_ item: PixiJSON) throws -> PixiColor {
        guard let color = PixiColor(hex: try item.string()) else { throw item.error("expected a hex color such as \"ff8800\"") }
        return color
    }

    /// A number list: `{"list": [{"time", "value"}], "isStepped", "ease"}`, `{"start", "end"}`,
    /// or a bare number.
    static func numberList(_ item: PixiJSON) throws -> PixiValueList<Double> {
        try valueList(item) { try $0.number() }
    }

    /// A color list.
    static func colorList(_ item: PixiJSON) throws -> PixiValueList<PixiColor> {
        try valueList(item, read: color)
    }

    static func valueList<Value>(_ item: PixiJSON, read: (PixiJSON) throws -> Value) throws -> PixiValueList<Value> {
        if case .object = item.node.value {
            if let list = item.member("list") {
                let steps = try list.elements().map { step in
                    PixiValueList<Value>.Step(time: try step.requiredNumber("time"), value: try read(step.required("value", "a value")))
                }
                if steps.isEmpty { throw list.error("a value list needs at least one entry") }
                return PixiValueList(steps: steps, isStepped: try item.member("isStepped")?.bool() ?? false,
                                     ease: try item.member("ease").map(PixiEase.init), line: item.line)
            }
            let start = try read(item.required("start", "the start value"))
            let end = try item.member("end").map(read) ?? start
            return PixiValueList(steps: [.init(time: 0, value: start), .init(time: 1, value: end)], isStepped: false, ease: nil, line: item.line)
        }
        return PixiValueList(constant: try read(item), line: item.line)
    }
}
