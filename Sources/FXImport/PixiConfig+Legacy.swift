/// The legacy format (pixi-particle-emitter before 5.0: `alpha`, `speed`, `scale`, `color`,
/// `startRotation`, `spawnType`… at the top level) read into v5 behaviors, following the rules
/// of pixi's own `upgradeConfig`, so both formats meet in one model.
extension PixiConfig {
    /// The top-level keys of both formats; anything else is warned as unknown.
    static let emitterKeys: Set<String> = ["lifetime", "ease", "particlesPerWave", "frequency", "spawnChance", "emitterLifetime",
                                           "maxParticles", "addAtBack", "pos", "emit", "autoUpdate", "behaviors"]
    static let legacyKeys: Set<String> = ["alpha", "speed", "minimumSpeedMultiplier", "maxSpeed", "acceleration", "scale", "minimumScaleMultiplier",
                                          "color", "startRotation", "noRotation", "rotationSpeed", "rotationAcceleration", "blendMode",
                                          "extraData", "spawnType", "spawnRect", "spawnCircle", "particleSpacing", "angleStart",
                                          "spawnPolygon", "orderedArt"]

    /// The behaviors a legacy file stands for.
    mutating func legacyBehaviors(_ root: PixiJSON) throws -> [PixiBehaviorEntry] {
        var out: [PixiBehaviorEntry] = []
        func add(_ behavior: PixiBehavior, _ key: String) { out.append(PixiBehaviorEntry(behavior: behavior, type: key, line: root.line(of: key))) }
        // The second format keeps the multipliers beside the lists; the first inside start/end.
        func multiplier(_ list: PixiJSON, _ inner: String, _ outer: String) throws -> Double {
            if list.has("list") { return try root.number(outer, 1) }
            return try list.number(inner, 1)
        }

        if let alpha = root.member("alpha") { add(.alpha(try Self.numberList(alpha)), "alpha") }

        let acceleration = root.member("acceleration")
        let accelX = try acceleration?.number("x", 0) ?? 0, accelY = try acceleration?.number("y", 0) ?? 0
        if let speed = root.member("speed") {
            let list = try Self.numberList(speed)
            let minimum = try multiplier(speed, "minimumSpeedMultiplier", "minimumSpeedMultiplier")
            if accelX != 0 || accelY != 0 {
                // pixi moves an accelerated particle at its start speed only; an end speed or a
                // list is ignored there as here.
                if !list.isConstant {
                    notes.append(("speed", speed.line, "its end value (or list) is ignored, as pixi ignores it when acceleration is set: only the start speed is used"))
                }
                let noRotation = try root.member("noRotation")?.bool() ?? false
                add(.moveAcceleration(x: accelX, y: accelY, minStart: list.first * minimum, maxStart: list.first,
                                      rotate: !noRotation, maxSpeed: try root.number("maxSpeed", 0)), "acceleration")
            } else {
                if root.member("extraData")?.has("path") == true {
                    add(.movePath(list, minimumMultiplier: minimum), "extraData")
                } else if list.isConstant {
                    add(.moveSpeedStatic(min: list.first * minimum, max: list.first), "speed")
                } else {
                    add(.moveSpeed(list, minimumMultiplier: minimum), "speed")
                }
                if let maxSpeed = root.member("maxSpeed"), try maxSpeed.number() != 0 {
                    notes.append(("maxSpeed", maxSpeed.line, "ignored, as pixi ignores it without an acceleration"))
                }
            }
        }

        if let scale = root.member("scale") {
            let list = try Self.numberList(scale)
            let minimum = try multiplier(scale, "minimumScaleMultiplier", "minimumScaleMultiplier")
            if list.isConstant {
                add(.scaleStatic(min: list.first * minimum, max: list.first), "scale")
            } else {
                add(.scale(list, minimumMultiplier: minimum), "scale")
            }
        }

        if let color = root.member("color") { add(.color(try Self.colorList(color)), "color") }

        let start = root.member("startRotation")
        let minStart = try start?.number("min", 0) ?? 0, maxStart = try start?.number("max", 0) ?? 0
        let spin = root.member("rotationSpeed")
        let minSpin = try spin?.number("min", 0) ?? 0, maxSpin = try spin?.number("max", 0) ?? 0
        let spinAcceleration = try root.number("rotationAcceleration", 0)
        if spinAcceleration != 0 || minSpin != 0 || maxSpin != 0 {
            add(.rotation(minStart: minStart, maxStart: maxStart, minSpeed: minSpin, maxSpeed: maxSpin, acceleration: spinAcceleration),
                spin == nil ? "rotationAcceleration" : "rotationSpeed")
        } else if minStart != 0 || maxStart != 0 {
            add(.rotationStatic(min: minStart, max: maxStart), "startRotation")
        }
        if try root.member("noRotation")?.bool() == true { add(.noRotation(0), "noRotation") }

        if let blend = root.member("blendMode") { add(.blendMode(try blend.string()), "blendMode") }

        // A legacy file names no images: they are given to the Emitter in code.
        if let ordered = root.member("orderedArt"), try ordered.bool() {
            notes.append(("orderedArt", ordered.line, "the images are given to the Emitter in code, not in the file: one built-in texture is used, so there is no order to keep"))
        }

        let spawnType = try root.member("spawnType")?.string() ?? "point"
        let spawnLine = root.line(of: "spawnType")
        switch spawnType {
        case "burst":
            add(.spawnBurst(start: try root.number("angleStart", 0), spacing: try root.number("particleSpacing", 0), distance: 0), "spawnType")
        case "point":
            add(.spawnPoint, "spawnType")
        case "ring", "circle":
            let circle = try root.required("spawnCircle", "an object {\"x\", \"y\", \"r\", \"minR\"}")
            let radius = try circle.requiredNumber("r")
            add(.spawnShape(.torus(x: try circle.number("x", 0), y: try circle.number("y", 0), radius: radius,
                                   innerRadius: spawnType == "ring" ? try circle.number("minR", 0) : 0, affectsRotation: spawnType == "ring")), "spawnType")
        case "rect":
            let rect = try root.required("spawnRect", "an object {\"x\", \"y\", \"w\", \"h\"}")
            add(.spawnShape(.rectangle(x: try rect.number("x", 0), y: try rect.number("y", 0), width: try rect.requiredNumber("w"), height: try rect.requiredNumber("h"))), "spawnType")
        case "polygonalChain":
            add(.spawnShape(.polygonalChain(try Self.chains(root.required("spawnPolygon", "an array of points")))), "spawnType")
        default:
            throw ImportError.malformed(path: root.path, line: spawnLine, message: "spawnType: unknown \"\(spawnType)\"; pixi reads point, rect, circle, ring, burst and polygonalChain")
        }
        return out
    }
}
