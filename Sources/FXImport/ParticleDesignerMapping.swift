import Foundation

/// The key-by-key translation of one Particle Designer configuration into an fx effect
/// (docs/importing.md has the table). cocos2d is y-up with angles counterclockwise in degrees;
/// fx is y-down, so angles and y components change sign. Core Animation ranges are full widths,
/// cocos2d variances half widths: a range is twice the variance.
struct ParticleDesignerMapping {
    let source: ImportSource
    let config: ParticleDesignerConfig
    let name: String
    var warnings: [ImportWarning] = []
    var files: [ImportedFile] = []

    init(source: ImportSource, config: ParticleDesignerConfig, name: String) {
        self.source = source
        self.config = config
        self.name = name
    }

    mutating func warn(_ key: String, _ message: String) {
        warnings.append(ImportWarning(file: source.path, line: config.line(key), key: key, message: message))
    }

    mutating func run() -> ImportResult {
        var cell: [ImportedMember] = [ImportedMember("name", .string("particle"))]
        var layer: [ImportedMember] = [
            ImportedMember("type", .string("emitter")),
            ImportedMember("name", .string(name)),
            ImportedMember("emitterPosition", .array([.number(ParticleDesignerImporter.canvasSize / 2), .number(ParticleDesignerImporter.canvasSize / 2)])),
        ]
        let radial = config.number("emitterType") == 1

        // Texture first: sizes are relative to its width.
        let (contents, textureWidth, textures) = texture()
        cell.append(ImportedMember("contents", .string(contents)))

        // Emission: cocos2d emits maxParticles / particleLifespan a second (or emissionRate when
        // the file gives one) and never holds more than maxParticles.
        let life = max(config.number("particleLifespan"), 0)
        let lifeVariance = abs(config.number("particleLifespanVariance"))
        let maxParticles = max(1, Int(config.number("maxParticles", 100)))
        var birthRate = life > 0 ? Double(maxParticles) / life : 0
        if config.has("emissionRate") { birthRate = config.number("emissionRate") }
        if life <= 0 { warn("particleLifespan", "is \(life): the particles never show") }
        cell.append(ImportedMember("birthRate", .number(birthRate)))
        cell.append(ImportedMember("lifetime", .number(life)))
        if lifeVariance > 0 {
            cell.append(ImportedMember("lifetimeRange", .number(2 * min(lifeVariance, life))))
            if lifeVariance > life { warn("particleLifespanVariance", "larger than particleLifespan: clamped to it (a lifetime cannot be negative)") }
        }
        let duration = config.number("duration", -1)
        if duration >= 0 { cell.append(ImportedMember("duration", .number(duration))) }

        // Where: the emitter sits at the canvas centre (a game places the node itself); the
        // position variance is a rectangle of twice its size.
        let spreadX = abs(config.number("sourcePositionVariancex")), spreadY = abs(config.number("sourcePositionVariancey"))
        if spreadX > 0 || spreadY > 0 {
            layer.append(ImportedMember("emitterShape", .string("rectangle")))
            layer.append(ImportedMember("emitterSize", .array([.number(2 * spreadX), .number(2 * spreadY)])))
        }
        if config.number("sourcePositionx") != 0 || config.number("sourcePositiony") != 0 {
            warn("sourcePositionx", "the emitter is placed at the canvas centre (\(Int(ParticleDesignerImporter.canvasSize / 2)), \(Int(ParticleDesignerImporter.canvasSize / 2))), not at the designer's preview position (\(config.number("sourcePositionx")), \(config.number("sourcePositiony"))): a game positions the emitter node itself")
        }

        // Blending.
        let (renderMode, blendNote) = Self.renderMode(source: Int(config.number("blendFuncSource", 770)), destination: Int(config.number("blendFuncDestination", 771)))
        if renderMode == "additive" { layer.append(ImportedMember("renderMode", .string("additive"))) }
        if let blendNote { warn("blendFuncSource", blendNote) }

        if radial { radialMotion(&cell, layer: &layer, life: life) } else { gravityMotion(&cell) }

        size(&cell, textureWidth: textureWidth)
        rotation(&cell, life: life)
        color(&cell, life: life, lifeVariance: lifeVariance)

        layer.append(ImportedMember("emitterCells", .array([.object(cell)])))
        let longest = life + lifeVariance
        let effectDuration = duration >= 0 ? max(1, duration + longest) : max(5, (2 * longest).rounded(.up))
        var effect: [ImportedMember] = [
            ImportedMember("fx", .number(1)),
            ImportedMember("name", .string(name)),
            ImportedMember("description", .string("\(config.has("configName") ? (config.string("configName") ?? name) : name): a Particle Designer \(radial ? "radial" : "gravity") emitter, imported")),
            ImportedMember("canvas", .object([
                ImportedMember("size", .array([.number(ParticleDesignerImporter.canvasSize), .number(ParticleDesignerImporter.canvasSize)])),
                ImportedMember("background", .string("#000000")),
            ])),
            ImportedMember("duration", .number(effectDuration)),
            ImportedMember("loop", .bool(true)),
            ImportedMember("maxParticles", .number(Double(maxParticles))),
        ]
        if !textures.isEmpty { effect.append(ImportedMember("textures", .object(textures))) }
        effect.append(ImportedMember("layers", .array([.object(layer)])))
        for key in ["rotatePerSecondVariance", "minRadiusVariance", "yCoordFlipped", "rotationIsDir"] where config.has(key) && config.number(key) != 0 {
            switch key {
            case "rotationIsDir": warn(key, "particles face their direction of travel: alignsToVelocity is set")
            case "yCoordFlipped": warn(key, "ignored: fx draws textures upright")
            default: warn(key, "dropped: fx has no range on \(key == "rotatePerSecondVariance" ? "the rotation speed of radial mode" : "the end radius")")
            }
        }
        if config.number("rotationIsDir") != 0 {
            if case .array(var cells) = layer.last!.value, case .object(var members) = cells[0] {
                members.append(ImportedMember("alignsToVelocity", .bool(true)))
                cells[0] = .object(members)
                layer[layer.count - 1] = ImportedMember("emitterCells", .array(cells))
                effect[effect.count - 1] = ImportedMember("layers", .array([.object(layer)]))
            }
        }
        warnings.sort { ($0.line, $0.key) < ($1.line, $1.key) }
        return ImportResult(effect: .object(effect), warnings: warnings, files: files)
    }

    /// Gravity mode (emitterType 0).
    mutating func gravityMotion(_ cell: inout [ImportedMember]) {
        let angle = config.number("angle"), angleVariance = abs(config.number("angleVariance"))
        cell.append(ImportedMember("velocity", .number(config.number("speed"))))
        if config.number("speedVariance") != 0 { cell.append(ImportedMember("velocityRange", .number(2 * abs(config.number("speedVariance"))))) }
        cell.append(ImportedMember("emissionLongitude", .string(Self.degrees(-angle))))
        if angleVariance > 0 { cell.append(ImportedMember("emissionRange", .string(Self.degrees(min(360, 2 * angleVariance))))) }
        let gravityX = config.number("gravityx"), gravityY = config.number("gravityy")
        if gravityX != 0 { cell.append(ImportedMember("xAcceleration", .number(gravityX))) }
        if gravityY != 0 { cell.append(ImportedMember("yAcceleration", .number(-gravityY))) }
        let radial = config.number("radialAcceleration"), tangential = config.number("tangentialAcceleration")
        if radial != 0 { cell.append(ImportedMember("radialAcceleration", .number(radial))) }
        // cocos2d's tangential direction is counterclockwise (y up); fx's positive is clockwise on screen.
        if tangential != 0 { cell.append(ImportedMember("tangentialAcceleration", .number(-tangential))) }
        for key in ["radialAccelVariance", "tangentialAccelVariance"] where config.number(key) != 0 {
            warn(key, "dropped: fx has no range on \(key.hasPrefix("radial") ? "radialAcceleration" : "tangentialAcceleration") yet; every particle gets the mean")
        }
    }

    /// Radial mode (emitterType 1), approximated: particles are born on a ring of maxRadius
    /// around the emitter, pulled in so that they reach minRadius at the end of their life, and
    /// pushed around it by a tangential acceleration giving rotatePerSecond at the mean radius
    /// halfway through their life.
    mutating func radialMotion(_ cell: inout [ImportedMember], layer: inout [ImportedMember], life: Double) {
        let maxRadius = abs(config.number("maxRadius")), minRadius = abs(config.number("minRadius"))
        let rotate = config.number("rotatePerSecond") * .pi / 180
        warn("emitterType", "radial mode (1) has no exact fx equivalent yet: approximated by particles born on a ring of maxRadius pulled in toward minRadius (radialAcceleration, with the mean orbit's centripetal part) and swirled by tangentialAcceleration (rotatePerSecond reached at the mean radius halfway through the life); the orbit is a spiral of roughly the right start radius and turning, not cocos2d's exact path (its end radius is not exact); gravity-mode keys are ignored")
        layer.removeAll { ["emitterShape", "emitterSize"].contains($0.key) }
        layer.insert(contentsOf: [
            ImportedMember("emitterShape", .string("circle")),
            ImportedMember("emitterMode", .string("outline")),
            ImportedMember("emitterSize", .array([.number(2 * maxRadius), .number(2 * maxRadius)])),
        ], at: 3)
        cell.append(ImportedMember("velocity", .number(0)))
        if life > 0 {
            // The pull that brings a particle at rest from maxRadius to minRadius in its life,
            // plus the centripetal pull of the mean orbit (ω² r), so the swirl does not fling
            // particles outward.
            let meanRadius = (maxRadius + minRadius) / 2
            let pull = 2 * (maxRadius - minRadius) / (life * life) + rotate * rotate * meanRadius
            if pull != 0 { cell.append(ImportedMember("radialAcceleration", .number(-pull))) }
            let swirl = rotate * meanRadius / (life / 2)
            if swirl != 0 { cell.append(ImportedMember("tangentialAcceleration", .number(-swirl))) }
        }
        if config.number("maxRadiusVariance") != 0 {
            warn("maxRadiusVariance", "approximated: the birth ring is a circle outline of radius maxRadius; the variance is dropped")
        }
    }

    /// Start and finish sizes (pixels) as a scale of the texture and a scale over life.
    mutating func size(_ cell: inout [ImportedMember], textureWidth: Double) {
        var start = config.number("startParticleSize", 32)
        let startVariance = abs(config.number("startParticleSizeVariance"))
        var finish = config.number("finishParticleSize", -1)
        if finish < 0 { finish = start } // kCCParticleStartSizeEqualToEndSize
        if start <= 0 {
            warn("startParticleSize", "is 0: a scale over life multiplies the birth size, so the particle is born at 1 pixel")
            start = 1
        }
        cell.append(ImportedMember("scale", .number(start / textureWidth)))
        if startVariance > 0 { cell.append(ImportedMember("scaleRange", .number(2 * min(startVariance, start) / textureWidth))) }
        if abs(finish - start) > 1e-9 {
            cell.append(ImportedMember("scaleOverLife", .object([ImportedMember("values", .array([.number(1), .number(finish / start)]))])))
        }
        if config.number("finishParticleSizeVariance") != 0 {
            warn("finishParticleSizeVariance", "dropped: fx's scaleOverLife multiplies each particle's birth size, so the finish size follows the start size's spread and has none of its own")
        }
    }

    /// Rotation: fx particles are born unrotated and spin at a constant rate.
    mutating func rotation(_ cell: inout [ImportedMember], life: Double) {
        let start = config.number("rotationStart"), end = config.number("rotationEnd")
        let startVariance = abs(config.number("rotationStartVariance")), endVariance = abs(config.number("rotationEndVariance"))
        if start != 0 || startVariance != 0 {
            warn("rotationStart", "dropped: fx particles are born unrotated (no initial rotation yet); the spin from start to end is kept")
        }
        guard life > 0, end != start || startVariance != 0 || endVariance != 0 else { return }
        // cocos2d rotation is clockwise degrees, as fx's on a y-down screen.
        cell.append(ImportedMember("spin", .string(Self.degrees((end - start) / life))))
        if startVariance != 0 || endVariance != 0 {
            cell.append(ImportedMember("spinRange", .string(Self.degrees(2 * (startVariance + endVariance) / life))))
            warn("rotationEndVariance", "approximated: the spread of (end − start) / life is taken as uniform over ±(start + end variance) / life")
        }
    }

    /// Start and finish colors with their variances.
    mutating func color(_ cell: inout [ImportedMember], life: Double, lifeVariance: Double) {
        let channels = ["Red", "Green", "Blue", "Alpha"]
        let start = channels.map { config.number("startColor" + $0, 1) }
        let finish = channels.map { config.number("finishColor" + $0, 1) }
        let startVariance = channels.map { abs(config.number("startColorVariance" + $0)) }
        let finishVariance = channels.map { abs(config.number("finishColorVariance" + $0)) }
        let hasStartVariance = startVariance.contains { $0 > 0 }
        if finishVariance.contains(where: { $0 > 0 }) {
            warn("finishColorVarianceRed", "dropped: fx has no spread on the end color; every particle ends at the mean finish color")
        }
        if !hasStartVariance {
            if start == finish {
                cell.append(ImportedMember("color", Self.colorValue(start)))
            } else {
                // Exact: cocos2d moves each particle from start to finish over its own life.
                cell.append(ImportedMember("colorOverLife", .object([ImportedMember("values", .array([Self.colorValue(start), Self.colorValue(finish)]))])))
            }
            return
        }
        // With a start spread, the ranges need `color` and per-second speeds (colorOverLife
        // would override the ranges).
        cell.append(ImportedMember("color", Self.colorValue(start)))
        for (index, channel) in channels.enumerated() where startVariance[index] > 0 {
            cell.append(ImportedMember(channel.lowercased() + "Range", .number(2 * startVariance[index])))
        }
        if life > 0 {
            for (index, channel) in channels.enumerated() where finish[index] != start[index] {
                cell.append(ImportedMember(channel.lowercased() + "Speed", .number((finish[index] - start[index]) / life)))
            }
            if lifeVariance > 0 && start != finish {
                warn("startColorVarianceRed", "approximated: with a start color spread, the change to the finish color is a rate per second at the mean lifespan (colorOverLife would drop the spread), so particles living longer or shorter than particleLifespan end past or short of the finish color")
            }
        }
    }

    /// The texture: the file named by textureFileName beside the source, else the embedded
    /// textureImageData decoded, else the built-in "disc". Returns the contents name, its width
    /// in pixels and the effect's textures.
    mutating func texture() -> (String, Double, [ImportedMember]) {
        let fileName = config.string("textureFileName") ?? ""
        if !fileName.isEmpty {
            let url = source.folder.appendingPathComponent(fileName)
            if let data = try? Data(contentsOf: url) {
                if let width = Self.pngWidth(data) {
                    let written = name + "-" + URL(fileURLWithPath: fileName).lastPathComponent
                    files.append(ImportedFile(relativePath: written, contents: data))
                    return ("particle", width, [ImportedMember("particle", .string(written))])
                }
                warn("textureFileName", "\(fileName) is not a PNG; the built-in \"disc\" is used instead")
                return ("disc", 64, [])
            }
        }
        if let base64 = config.string("textureImageData"), !base64.isEmpty {
            let compact = base64.filter { !$0.isWhitespace }
            guard let packed = Data(base64Encoded: compact) else {
                warn("textureImageData", "is not valid base64; the built-in \"disc\" is used instead")
                return ("disc", 64, [])
            }
            let image = Inflate.decompress(packed) ?? packed
            if let width = Self.pngWidth(image) {
                let written = name + "-texture.png"
                files.append(ImportedFile(relativePath: written, contents: image))
                return ("particle", width, [ImportedMember("particle", .string(written))])
            }
            let isTIFF = image.starts(with: [0x49, 0x49, 0x2A, 0x00]) || image.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            warn("textureImageData", "\(isTIFF ? "a TIFF image, which fx cannot decode yet" : "neither a PNG nor a TIFF once inflated"); the built-in \"disc\" is used instead")
            return ("disc", 64, [])
        }
        warn("textureFileName", fileName.isEmpty ? "no texture given; the built-in \"disc\" is used" : "\(fileName) not found beside the source and no textureImageData; the built-in \"disc\" (64 px) is used instead")
        return ("disc", 64, [])
    }

    /// A PNG's width from its IHDR chunk, or nil when `data` is not a PNG.
    static func pngWidth(_ data: Data) -> Double? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        return width > 0 ? Double(width) : nil
    }

    /// GL blend factors to a render mode, with a note when approximated.
    static func renderMode(source: Int, destination: Int) -> (String, String?) {
        switch (source, destination) {
        case (770, 1), (1, 1): return ("additive", nil)
        case (1, 771), (770, 771): return ("normal", nil)
        default:
            let mode = destination == 1 ? "additive" : "normal"
            return (mode, "blend factors \(source)/\(destination) have no fx render mode; approximated as \(mode) (fx composites source-over or adds)")
        }
    }

    /// An angle in degrees as fx's `"Ndeg"` text.
    static func degrees(_ value: Double) -> String {
        ImportedJSON.text(of: value == 0 ? 0 : value) + "deg"
    }

    /// A color array clamped to 0…1.
    static func colorValue(_ channels: [Double]) -> ImportedJSON {
        .array(channels.map { .number(min(1, max(0, $0))) })
    }
}
