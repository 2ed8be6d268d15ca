// The names other particle engines give to the format's keys: a user coming from Godot, Unity,
// LÖVE, pixi-particles, Cocos / Particle Designer or canvas-confetti writes `gravity` or
// `startColor`, and the decoder answers with the Core Animation key fx uses instead of a list of
// every key. Declared here once, against the descriptors; the unknown-key message reads it.

/// Another engine's name for a key of the format.
public struct OtherEngineName: Sendable {
    /// The names as the engines write them (`gravity`, `startColor`); matched ignoring case,
    /// `_` and `-` (`initial_velocity` is `initialVelocity`).
    public let names: [String]
    /// The engines that use them, in words (`"Godot and Unity"`).
    public let engines: String
    /// The key of the format it corresponds to: the first listed that the object being read
    /// accepts is suggested (`maxParticles` of an emitter layer, else of the effect).
    public let properties: [PropertyDescriptor]
    /// How the value differs, when it does (`"a factor of the contents' size, not pixels"`).
    public let note: String?

    init(_ names: [String], _ engines: String, _ properties: [PropertyDescriptor], note: String? = nil) {
        self.names = names
        self.engines = engines
        self.properties = properties
        self.note = note
    }

    init(_ names: [String], _ engines: String, _ property: PropertyDescriptor, note: String? = nil) {
        self.init(names, engines, [property], note: note)
    }

    /// The entry naming `key`, or nil.
    public static func matching(_ key: String) -> OtherEngineName? {
        let wanted = folded(key)
        return PropertyRegistry.otherEngineNames.first { entry in entry.names.contains { folded($0) == wanted } }
    }

    /// `name` lowercased without `_`, `-`, spaces and dots, for comparing spellings.
    static func folded(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !"_- .".unicodeScalars.contains($0) }.map(Character.init))
    }
}

extension PropertyDescriptor {
    /// The names other particle engines give this key (`gravity` for `yAcceleration`), from
    /// ``PropertyRegistry/otherEngineNames``.
    public var otherEngineNames: [String] {
        PropertyRegistry.otherEngineNames.filter { $0.properties.contains(self) }.flatMap(\.names)
    }
}

extension PropertyRegistry {
    /// Other engines' names for the format's keys, each with the engines that use it.
    public static let otherEngineNames: [OtherEngineName] = [
        // Birth
        OtherEngineName(["emissionRate", "rateOverTime"], "Unity, Particle Designer and LÖVE",
                        [EmitterCellKeys.birthRate, EmitterLayerKeys.birthRate], note: "particles per second"),
        OtherEngineName(["amount"], "Godot", [EmitterCellKeys.birthRate, EmitterLayerKeys.birthRate],
                        note: "Godot's amount is the particles of one lifetime: birthRate = amount ÷ lifetime"),
        OtherEngineName(["frequency"], "pixi-particles", [EmitterCellKeys.birthRate, EmitterLayerKeys.birthRate],
                        note: "pixi's frequency is seconds between births: birthRate = 1 ÷ frequency"),
        OtherEngineName(["maxParticles", "particleCount", "maxParticleCount", "bufferSize"],
                        "Unity, Particle Designer, pixi-particles, LÖVE and canvas-confetti",
                        [EmitterLayerKeys.maxParticles, EffectKeys.maxParticles],
                        note: "the live-particle budget of an emitter layer, or of the whole effect"),
        // Life
        OtherEngineName(["lifespan", "startLifetime", "particleLifespan", "particleLifetime", "life", "ttl"],
                        "Unity, Particle Designer, LÖVE and three.js", [EmitterCellKeys.lifetime, EmitterLayerKeys.lifetime],
                        note: "seconds"),
        OtherEngineName(["particleLifespanVariance", "lifespanVariance", "lifetimeRandomness"],
                        "Particle Designer and Godot", EmitterCellKeys.lifetimeRange),
        // Speed and direction
        OtherEngineName(["startSpeed", "startVelocity", "initialVelocity", "initial_velocity_min"],
                        "Unity, Godot, Particle Designer, pixi-particles, LÖVE and canvas-confetti",
                        [EmitterCellKeys.velocity, EmitterLayerKeys.velocity], note: "points per second"),
        OtherEngineName(["speedVariance", "initial_velocity_random"], "Particle Designer and Godot",
                        EmitterCellKeys.velocityRange),
        OtherEngineName(["angle", "direction", "emissionAngle"], "Particle Designer, Cocos, canvas-confetti, LÖVE and Godot",
                        EmitterCellKeys.emissionLongitude,
                        note: "radians, or \"90deg\"; 0 points right and angles turn clockwise, y down"),
        OtherEngineName(["spread", "angleVariance"], "LÖVE, Godot, Particle Designer and canvas-confetti", EmitterCellKeys.emissionRange,
                        note: "the whole width of the cone, in radians or \"60deg\""),
        // Forces
        OtherEngineName(["gravity", "gravityY", "gravityModifier", "linearAcceleration", "linear_accel", "acceleration"],
                        "Godot, Unity, Particle Designer, LÖVE, pixi-particles and canvas-confetti", EmitterCellKeys.yAcceleration,
                        note: "points per second², positive down"),
        OtherEngineName(["gravityX"], "Particle Designer", EmitterCellKeys.xAcceleration, note: "points per second², positive right"),
        OtherEngineName(["damping", "damping_min", "drag", "decay"], "Godot, Unity and canvas-confetti", EmitterCellKeys.linearDamping,
                        note: "velocity decays as e^(−linearDamping · t)"),
        OtherEngineName(["radialAccel"], "Cocos and Godot", EmitterCellKeys.radialAcceleration),
        OtherEngineName(["tangentialAccel"], "Cocos and Godot", EmitterCellKeys.tangentialAcceleration),
        OtherEngineName(["limitVelocity", "limitVelocityOverLifetime"], "Unity", EmitterCellKeys.maxSpeed),
        // Size
        OtherEngineName(["startSize", "startParticleSize", "scaleStart", "scale_amount", "scale_amount_min", "scalar"],
                        "Unity, Particle Designer, pixi-particles, Godot and canvas-confetti",
                        [EmitterCellKeys.scale, EmitterLayerKeys.scale], note: "a factor of the contents' size, not pixels"),
        OtherEngineName(["startParticleSizeVariance", "scaleRandom", "sizeVariation"], "Particle Designer, Godot and LÖVE",
                        EmitterCellKeys.scaleRange),
        OtherEngineName(["endSize", "finishParticleSize", "scaleEnd"], "Particle Designer and pixi-particles", EmitterCellKeys.endScale,
                        note: "a factor of the contents' size, not pixels"),
        OtherEngineName(["sizeOverLifetime", "sizes", "scaleCurve"], "Unity, LÖVE and Godot", EmitterCellKeys.scaleOverLife),
        // Color
        OtherEngineName(["startColor", "colorStart", "tint"], "Unity, Particle Designer and pixi-particles", EmitterCellKeys.color),
        OtherEngineName(["finishColor", "colorEnd"], "Particle Designer and pixi-particles", EmitterCellKeys.endColor),
        OtherEngineName(["colorOverLifetime", "colorRamp"], "Unity and Godot", EmitterCellKeys.colorOverLife),
        OtherEngineName(["alphaOverLifetime", "alphaStart"], "Unity and pixi-particles", EmitterCellKeys.alphaOverLife),
        // Rotation
        OtherEngineName(["angularVelocity", "rotatePerSecond", "rotationSpeed", "startRotationSpeed"],
                        "Godot, Particle Designer, pixi-particles and Unity", [EmitterCellKeys.spin, EmitterLayerKeys.spin],
                        note: "radians per second, or \"90deg\""),
        OtherEngineName(["rotatePerSecondVariance", "spinVariation", "angular_velocity_random"], "Particle Designer, LÖVE and Godot",
                        EmitterCellKeys.spinRange),
        OtherEngineName(["startRotation", "rotationStart"], "Unity, Particle Designer and pixi-particles", EmitterCellKeys.rotation),
        // Looks
        OtherEngineName(["texture", "textureFileName", "textureImageData", "image", "sprite"],
                        "Godot, Unity, Particle Designer, pixi-particles and LÖVE", EmitterCellKeys.contents,
                        note: "a name from the effect's \"textures\", or a built-in shape such as \"circle\""),
        // Emitter
        OtherEngineName(["sourcePosition", "pos", "origin"], "Particle Designer, pixi-particles and canvas-confetti",
                        EmitterLayerKeys.emitterPosition),
        OtherEngineName(["sourcePositionVariance", "emission_box_extents", "emissionArea", "spawnRect"],
                        "Particle Designer, Godot, LÖVE and pixi-particles", EmitterLayerKeys.emitterSize),
        OtherEngineName(["emissionShape", "shape", "spawnType", "emitterType"],
                        "Godot, Unity, pixi-particles and Particle Designer", EmitterLayerKeys.emitterShape),
        OtherEngineName(["preprocess"], "Godot", EmitterLayerKeys.prewarm),
    ]
}

extension OtherEngineName {
    /// The way out of an unknown `key` that another engine uses, read in an object that accepts
    /// `allowed` (named `what` in messages): the key to write instead, or where that key goes
    /// when this object has no such key; nil when no engine names a key `key`.
    static func suggestion(for key: String, allowed: [String], what: String) -> String? {
        guard let entry = matching(key) else { return nil }
        let note = entry.note.map { ": " + $0 } ?? ""
        let sameName = entry.properties.first { folded($0.name) == folded(key) }
        if sameName == nil, let target = entry.properties.first(where: { allowed.contains($0.name) }) {
            return "did you mean \"\(target.name)\"? fx uses Core Animation's names; \"\(key)\" (as \(entry.engines) call it) is \"\(target.name)\" here\(note)"
        }
        let owners = entry.properties.filter { !allowed.contains($0.name) }
        guard let target = owners.first else { return nil }
        let places = owners.map(\.owner.phrase).joined(separator: " or ")
        if sameName != nil {
            return "\"\(target.name)\" is a key of \(places), not of \(what): move it there"
        }
        return "fx uses Core Animation's names; \"\(key)\" (as \(entry.engines) call it) is \"\(target.name)\", a key of \(places)\(note)"
    }
}

extension PropertyOwner {
    /// What has the property, in words, for messages ("an emitter cell").
    var phrase: String {
        switch self {
        case .effect: return "the effect (the file's top level)"
        case .layer: return "a layer"
        case .mediaTiming: return "a layer, cell or animation"
        case .emitterLayer: return "an emitter layer"
        case .emitterCell: return "an emitter cell (in an emitter layer's \"\(EmitterLayerKeys.emitterCells.name)\")"
        case .replicatorLayer: return "a replicator layer"
        case .gradientLayer: return "a gradient layer"
        case .shapeLayer: return "a shape layer"
        case .textLayer: return "a text layer"
        case .imageLayer: return "an image layer"
        case .animation: return "an animation"
        case .basicAnimation: return "a basic animation"
        case .keyframeAnimation: return "a keyframe animation"
        case .springAnimation: return "a spring animation"
        case .groupAnimation: return "an animation group"
        case .transitionAnimation: return "a transition"
        }
    }
}
