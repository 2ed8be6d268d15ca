import FXCore
import Foundation

/// The key-by-key translation of one Particle Designer configuration into an fx effect
/// (docs/importing.md has the table). cocos2d is y-up with angles counterclockwise in degrees;
/// fx is y-down, so angles and y components change sign. Starling (a `.pex`) is y-down as fx
/// is: nothing changes sign. Core Animation ranges are full widths,
/// cocos2d variances half widths: a range is twice the variance.
struct ParticleDesignerMapping {
    let source: ImportSource
    let config: ParticleDesignerConfig
    /// The effect's name (files written beside it start with it).
    let name: String
    /// The emitter layer's name and its texture's: the effect's name for a single file, the
    /// source file's when several are read as one effect.
    let layerName: String
    var warnings: [ImportWarning] = []
    var files: [ImportedFile] = []

    init(source: ImportSource, config: ParticleDesignerConfig, name: String, layerName: String? = nil) {
        self.source = source
        self.config = config
        self.name = name
        self.layerName = layerName ?? name
    }

    /// The texture's name under `textures` and in `contents`.
    var textureName: String { layerName == name ? "particle" : layerName }
    /// The prefix of files written beside the effect.
    var filePrefix: String { layerName == name ? name : name + "-" + layerName }

    mutating func warn(_ key: String, _ message: String) {
        warnings.append(ImportWarning(file: source.path, line: config.line(key), key: key, message: message))
    }

    /// The number under `key` as a whole number in `range` (``ImportedNumber``: NaN and
    /// infinity refused, a number outside the range clamped and warned).
    mutating func whole(_ key: String, _ fallback: Double, in range: ClosedRange<Int>, why: String) throws -> Int {
        try ImportedNumber.whole(try config.number(key, fallback), in: range, why: why, file: source.path, line: config.line(key), key: key,
                                 warnings: &warnings)
    }

    mutating func run() throws -> ImportResult {
        var cell: [ImportedMember] = [ImportedMember(EmitterCellKeys.name, .string("particle"))]
        var layer: [ImportedMember] = [
            ImportedMember(LayerKeys.type, .name(Layer.LayerType.emitter)),
            ImportedMember(LayerKeys.name, .string(layerName)),
            ImportedMember(EmitterLayerKeys.emitterPosition, .array([.number(ParticleDesignerImporter.canvasSize / 2), .number(ParticleDesignerImporter.canvasSize / 2)])),
        ]
        let radial = try config.number("emitterType") == 1

        // Texture first: sizes are relative to its width.
        let (contents, textureWidth, textures) = texture()
        cell.append(ImportedMember(EmitterCellKeys.contents, .string(contents)))

        // Emission and lives: see `emission(_:maxParticles:)`.
        let maxParticles = try whole("maxParticles", 100, in: 1...Effect.maxParticlesCeiling, why: "fx's particle budget")
        let (life, lifeVariance) = try emission(&cell, maxParticles: maxParticles)
        let duration = try config.number("duration", -1)
        if duration >= 0 { cell.append(ImportedMember(MediaTimingKeys.duration, .number(duration))) }

        // Where: the emitter sits at the canvas centre (a game places the node itself); the
        // position variance is a rectangle of twice its size.
        let spreadX = abs(try config.number("sourcePositionVariancex")), spreadY = abs(try config.number("sourcePositionVariancey"))
        if spreadX > 0 || spreadY > 0 {
            layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.rectangle)))
            layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(2 * spreadX), .number(2 * spreadY)])))
        }
        let sourceX = try config.number("sourcePositionx"), sourceY = try config.number("sourcePositiony")
        if sourceX != 0 || sourceY != 0 {
            warn("sourcePositionx", "the emitter is placed at the canvas centre (\(Int(ParticleDesignerImporter.canvasSize / 2)), \(Int(ParticleDesignerImporter.canvasSize / 2))), not at the designer's preview position (\(sourceX), \(sourceY)): a game positions the emitter node itself")
        }

        // Blending.
        // GL blend factors are 16-bit enumerants; anything else is no factor at all.
        let (blend, blendNote) = Self.blend(source: try whole("blendFuncSource", 770, in: 0...0xFFFF, why: "OpenGL's blend factors"),
                                            destination: try whole("blendFuncDestination", 771, in: 0...0xFFFF, why: "OpenGL's blend factors"))
        if let blend { layer.append(blend) }
        if let blendNote { warn("blendFuncSource", blendNote) }
        // cocos2d's maxParticles is this emitter's own budget.
        layer.append(ImportedMember(EmitterLayerKeys.maxParticles, .number(Double(maxParticles))))

        if radial { try radialMotion(&cell, layer: &layer, life: life) } else { try gravityMotion(&cell) }

        try size(&cell, textureWidth: textureWidth)
        try rotation(&cell, life: life)
        try color(&cell, life: life, lifeVariance: lifeVariance)

        layer.append(ImportedMember(EmitterLayerKeys.emitterCells, .array([.object(cell)])))
        let longest = life + lifeVariance
        let effectDuration = duration >= 0 ? max(1, duration + longest) : max(5, (2 * longest).rounded(.up))
        var effect: [ImportedMember] = [
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("\(config.has("configName") ? (config.string("configName") ?? name) : name): a Particle Designer \(radial ? "radial" : "gravity") emitter, imported")),
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(ParticleDesignerImporter.canvasSize), .number(ParticleDesignerImporter.canvasSize)])),
                ImportedMember(CanvasKeys.background, .string("#000000")),
            ])),
            ImportedMember(EffectKeys.duration, .number(effectDuration)),
            ImportedMember(EffectKeys.loop, .bool(true)),
            ImportedMember(EffectKeys.maxParticles, .number(Double(maxParticles))),
        ]
        if !textures.isEmpty { effect.append(ImportedMember(EffectKeys.textures, .object(textures))) }
        effect.append(ImportedMember(EffectKeys.layers, .array([.object(layer)])))
        for key in ["yCoordFlipped", "rotationIsDir"] where config.has(key) {
            guard try config.number(key) != 0 else { continue }
            switch key {
            case "rotationIsDir": warn(key, "particles face their direction of travel: alignsToVelocity is set (it replaces the rotation keys)")
            default: warn(key, "ignored: fx draws textures upright")
            }
        }
        if try config.number("rotationIsDir") != 0 {
            if case .array(var cells) = layer.last!.value, case .object(var members) = cells[0] {
                members.append(ImportedMember(EmitterCellKeys.alignsToVelocity, .bool(true)))
                cells[0] = .object(members)
                layer[layer.count - 1] = ImportedMember(EmitterLayerKeys.emitterCells, .array(cells))
                effect[effect.count - 1] = ImportedMember(EffectKeys.layers, .array([.object(layer)]))
            }
        }
        warnings.sort { ($0.line, $0.key) < ($1.line, $1.key) }
        return ImportResult(effect: .object(effect), warnings: warnings, files: files)
    }

    /// How many particles a second and how long each lives; returns the lifespan and its
    /// variance. Both engines draw each life as L + V·u, u uniform in −1…1: cocos2d-x
    /// (cocos/2d/CCParticleSystem.cpp, `ParticleSystem::initParticle`) clamps it at 0 and
    /// `update` removes a particle of life 0 in the step it is added; Starling
    /// (src/starling/extensions/PDParticleSystem.as, `initParticle`) gives it a total time of
    /// 0. fx draws `lifetime` ± `lifetimeRange` / 2 and never shows a particle whose life is
    /// ≤ 0, so lifetime L and lifetimeRange 2V are the same distribution, V > L included.
    /// Rates: cocos2d `initWithDictionary` sets maxParticles / L (infinite for L = 0: `update`
    /// then refills the pool every frame); Starling `updateEmissionRate` (maxParticles − 1) / L
    /// with L at least 0.01 (`initWithConfig`). Both add particles only while fewer than
    /// maxParticles are alive, as fx's `maxParticles` budget does.
    mutating func emission(_ cell: inout [ImportedMember], maxParticles: Int) throws -> (Double, Double) {
        let starling = config.isStarling
        let written = max(try config.number("particleLifespan"), 0)
        let life = starling ? max(written, 0.01) : written
        let lifeVariance = abs(try config.number("particleLifespanVariance"))
        // The mean life, max(0, L + V·u) averaged over u: (L + V)² / 4V when V > L.
        let meanLife = lifeVariance > life ? (life + lifeVariance) * (life + lifeVariance) / (4 * lifeVariance) : life
        var birthRate: Double
        // fx's lifetime and range: L and 2V, but for cocos2d's L = 0 the lives that show,
        // uniform in 0…V: V / 2 ± V / 2 (a lifetime of 0 would be refused as never showing).
        var lifetime = life, lifetimeRange = 2 * lifeVariance
        if starling {
            birthRate = Double(max(maxParticles - 1, 0)) / life
            if maxParticles <= 1 && !config.has("emissionRate") {
                warn("maxParticles", "is \(maxParticles): Starling's emission rate, (maxParticles − 1) / particleLifespan, is 0, so nothing is emitted, in Starling as in fx")
            }
        } else if life > 0 {
            birthRate = Double(maxParticles) / life
        } else if lifeVariance > 0 {
            // cocos2d's rate is infinite: the pool is refilled every frame, so about
            // maxParticles are alive (the half drawn a life of 0 die at once). fx offers a whole
            // pool of births every 1/60 s (cocos2d's frame) and its budget keeps out the rest.
            // The half drawn a life of 0 never show: fx draws only the others, uniform in 0…V.
            birthRate = min(Double(maxParticles) * Self.refillsPerSecond, EffectLimits.maxBirthRate)
            lifetime = lifeVariance / 2
            lifetimeRange = lifeVariance
            warn("particleLifespan", "is 0 with a variance of \(ImportedJSON.text(of: lifeVariance)) s: cocos2d's rate, maxParticles / particleLifespan, is infinite (it refills its pool every frame, the half drawn a life of 0 dying at once); fx emits \(ImportedJSON.text(of: birthRate)) a second, a pool every 1/\(Int(Self.refillsPerSecond)) s, with the lives that show, \(ImportedJSON.text(of: lifetime)) ± \(ImportedJSON.text(of: lifetime)) s, and maxParticles keeps about \(maxParticles) alive")
        } else {
            birthRate = 0
            warn("particleLifespan", "is 0 with no variance: the particles never show, as in cocos2d")
        }
        if config.has("emissionRate") { birthRate = try config.number("emissionRate") }
        cell.append(ImportedMember(EmitterCellKeys.birthRate, .number(birthRate)))
        cell.append(ImportedMember(EmitterCellKeys.lifetime, .number(lifetime)))
        if lifetimeRange > 0 { cell.append(ImportedMember(EmitterCellKeys.lifetimeRange, .number(lifetimeRange))) }
        if lifeVariance > life && life > 0 {
            let dying = (lifeVariance - life) / (2 * lifeVariance)
            warn("particleLifespanVariance", "larger than particleLifespan: lives reach \(ImportedJSON.text(of: life + lifeVariance)) s; the \(Int((dying * 100).rounded())) % of particles drawn a life below 0 die at birth, in \(starling ? "Starling" : "cocos2d") as in fx (mean life \(ImportedJSON.text(of: (meanLife * 1000).rounded() / 1000)) s)")
        }
        return (life, lifeVariance)
    }

    /// The frames a second cocos2d refills its pool at when its rate is infinite (its
    /// `Director` default animation interval, 1/60 s).
    static let refillsPerSecond = 60.0

    /// Gravity mode (emitterType 0). cocos2d is y-up with counterclockwise angles: velocity
    /// speed · (cos a, sin a) and gravity y turn over on fx's y-down canvas, and its tangential
    /// direction (−y, x) is counterclockwise on screen. Starling's `PDParticleSystem` is y-down
    /// as fx is (`initParticle`: velocityY = speed · sin(angle); `advanceParticle`: gravityY as
    /// written; tangential (−y, x), clockwise on screen as fx's positive): nothing turns over.
    mutating func gravityMotion(_ cell: inout [ImportedMember]) throws {
        let angle = try config.number("angle"), angleVariance = abs(try config.number("angleVariance"))
        cell.append(ImportedMember(EmitterCellKeys.velocity, .number(try config.number("speed"))))
        if try config.number("speedVariance") != 0 { cell.append(ImportedMember(EmitterCellKeys.velocityRange, .number(2 * abs(try config.number("speedVariance"))))) }
        // −1 turns cocos2d's y-up over onto fx's y-down; Starling is y-down already.
        let flip = config.isStarling ? 1.0 : -1.0
        cell.append(ImportedMember(EmitterCellKeys.emissionLongitude, .string(Self.degrees(flip * angle))))
        if angleVariance > 0 { cell.append(ImportedMember(EmitterCellKeys.emissionRange, .string(Self.degrees(min(360, 2 * angleVariance))))) }
        let gravityX = try config.number("gravityx"), gravityY = try config.number("gravityy")
        if gravityX != 0 { cell.append(ImportedMember(EmitterCellKeys.xAcceleration, .number(gravityX))) }
        if gravityY != 0 { cell.append(ImportedMember(EmitterCellKeys.yAcceleration, .number(flip * gravityY))) }
        let radial = try config.number("radialAcceleration"), tangential = try config.number("tangentialAcceleration")
        let radialVariance = abs(try config.number("radialAccelVariance")), tangentialVariance = abs(try config.number("tangentialAccelVariance"))
        if radial != 0 || radialVariance != 0 { cell.append(ImportedMember(EmitterCellKeys.radialAcceleration, .number(radial))) }
        if radialVariance != 0 { cell.append(ImportedMember(EmitterCellKeys.radialAccelerationRange, .number(2 * radialVariance))) }
        if tangential != 0 || tangentialVariance != 0 { cell.append(ImportedMember(EmitterCellKeys.tangentialAcceleration, .number(flip * tangential))) }
        if tangentialVariance != 0 { cell.append(ImportedMember(EmitterCellKeys.tangentialAccelerationRange, .number(2 * tangentialVariance))) }
    }

    /// Radial mode (emitterType 1), exact through fx's `orbit`: cocos2d places a particle at
    /// −radius · (cos a, sin a) from where it was born (y up), a = its emission angle turned by
    /// rotatePerSecond, the radius going linearly from its start (maxRadius ± variance) to its
    /// end (minRadius ± variance) over its own life. In fx's y-down, clockwise angles that point
    /// is at angle 180° − a, turning at −rotatePerSecond. Starling's `advanceParticle` places it
    /// at −radius · (cos a, sin a) in its own y-down space, fx's: angle 180° + a, turning at
    /// +rotatePerSecond.
    mutating func radialMotion(_ cell: inout [ImportedMember], layer: inout [ImportedMember], life: Double) throws {
        let maxRadius = try config.number("maxRadius"), minRadius = try config.number("minRadius")
        let maxRadiusVariance = abs(try config.number("maxRadiusVariance")), minRadiusVariance = abs(try config.number("minRadiusVariance"))
        let angle = try config.number("angle"), angleVariance = abs(try config.number("angleVariance"))
        // The position variance is overwritten by the orbit in cocos2d's radial mode.
        layer.removeAll { [EmitterLayerKeys.emitterShape.name, EmitterLayerKeys.emitterSize.name].contains($0.key) }
        let flip = config.isStarling ? 1.0 : -1.0
        cell.append(ImportedMember(EmitterCellKeys.emissionLongitude, .string(Self.degrees(180 + flip * angle))))
        if angleVariance > 0 { cell.append(ImportedMember(EmitterCellKeys.emissionRange, .string(Self.degrees(min(360, 2 * angleVariance))))) }
        var orbit: [ImportedMember] = [ImportedMember(OrbitKeys.startRadius, .number(maxRadius))]
        if maxRadiusVariance > 0 { orbit.append(ImportedMember(OrbitKeys.startRadiusRange, .number(2 * maxRadiusVariance))) }
        // cocos2d's −1 (kCCParticleStartRadiusEqualToEndRadius): no endRadius, so each particle
        // keeps its own start radius, as fx's orbit does without one. Starling's `initParticle`
        // has no such case: the end radius is minRadius ± variance, −1 included.
        if minRadius != -1 || config.isStarling {
            orbit.append(ImportedMember(OrbitKeys.endRadius, .number(minRadius)))
            if minRadiusVariance > 0 { orbit.append(ImportedMember(OrbitKeys.endRadiusRange, .number(2 * minRadiusVariance))) }
        }
        let rotate = try config.number("rotatePerSecond"), rotateVariance = abs(try config.number("rotatePerSecondVariance"))
        if rotate != 0 { orbit.append(ImportedMember(OrbitKeys.rotationSpeed, .string(Self.degrees(flip * rotate)))) }
        if rotateVariance > 0 { orbit.append(ImportedMember(OrbitKeys.rotationSpeedRange, .string(Self.degrees(2 * rotateVariance)))) }
        cell.append(ImportedMember(EmitterCellKeys.orbit, .object(orbit)))
        for key in ["sourcePositionVariancex", "sourcePositionVariancey"] {
            guard try config.number(key) != 0 else { continue }
            warn(key, "ignored in radial mode, as cocos2d ignores it (the orbit places the particle)")
        }
        for key in ["speed", "gravityx", "gravityy", "radialAcceleration", "tangentialAcceleration"] {
            guard try config.number(key) != 0 else { continue }
            warn(key, "ignored in radial mode, as cocos2d ignores it")
        }
    }

    /// Start and finish sizes (pixels) as a scale of the texture, each with its own spread:
    /// cocos2d picks a start and an end size per particle and goes linearly between them.
    mutating func size(_ cell: inout [ImportedMember], textureWidth: Double) throws {
        let start = try config.number("startParticleSize", 32)
        let startVariance = abs(try config.number("startParticleSizeVariance"))
        let finish = try config.number("finishParticleSize", -1)
        let finishVariance = abs(try config.number("finishParticleSizeVariance"))
        cell.append(ImportedMember(EmitterCellKeys.scale, .number(max(0, start) / textureWidth)))
        if startVariance > 0 { cell.append(ImportedMember(EmitterCellKeys.scaleRange, .number(2 * startVariance / textureWidth))) }
        if start - startVariance < 0 || (finish != -1 && finish - finishVariance < 0) {
            warn("startParticleSizeVariance", "sizes below 0 are clamped to 0 by cocos2d; fx draws a negative scale mirrored, so the smallest particles differ")
        }
        // −1 (kCCParticleStartSizeEqualToEndSize): each particle keeps its start size.
        guard finish != -1, finish != start || finishVariance != 0 || startVariance != 0 else {
            if finish == -1 && finishVariance != 0 { warn("finishParticleSizeVariance", "ignored: finishParticleSize is −1 (the start size throughout), as in cocos2d") }
            return
        }
        cell.append(ImportedMember(EmitterCellKeys.endScale, .number(max(0, finish) / textureWidth)))
        if finishVariance > 0 { cell.append(ImportedMember(EmitterCellKeys.endScaleRange, .number(2 * finishVariance / textureWidth))) }
    }

    /// Rotation: a start angle and an end angle per particle, each with its spread, reached
    /// linearly over the particle's life (cocos2d's rotation is clockwise degrees, as fx's on a
    /// y-down screen).
    mutating func rotation(_ cell: inout [ImportedMember], life: Double) throws {
        let start = try config.number("rotationStart"), end = try config.number("rotationEnd")
        let startVariance = abs(try config.number("rotationStartVariance")), endVariance = abs(try config.number("rotationEndVariance"))
        if start != 0 { cell.append(ImportedMember(EmitterCellKeys.rotation, .string(Self.degrees(start)))) }
        if startVariance != 0 { cell.append(ImportedMember(EmitterCellKeys.rotationRange, .string(Self.degrees(2 * startVariance)))) }
        guard end != start || endVariance != 0 || startVariance != 0 else { return }
        cell.append(ImportedMember(EmitterCellKeys.endRotation, .string(Self.degrees(end))))
        if endVariance != 0 { cell.append(ImportedMember(EmitterCellKeys.endRotationRange, .string(Self.degrees(2 * endVariance)))) }
    }

    /// Start and finish colors, each with its own spread: cocos2d picks both per particle
    /// (clamped to 0…1) and goes linearly from one to the other over the particle's life.
    mutating func color(_ cell: inout [ImportedMember], life: Double, lifeVariance: Double) throws {
        let channels = ["Red", "Green", "Blue", "Alpha"]
        // Each channel's variance key in fx, the start's and the finish's.
        let startRanges = [EmitterCellKeys.redRange, EmitterCellKeys.greenRange, EmitterCellKeys.blueRange, EmitterCellKeys.alphaRange]
        let finishRanges = [EmitterCellKeys.endRedRange, EmitterCellKeys.endGreenRange, EmitterCellKeys.endBlueRange,
                            EmitterCellKeys.endAlphaRange]
        let start = try channels.map { try config.number("startColor" + $0, 1) }
        let finish = try channels.map { try config.number("finishColor" + $0, 1) }
        let startVariance = try channels.map { abs(try config.number("startColorVariance" + $0)) }
        let finishVariance = try channels.map { abs(try config.number("finishColorVariance" + $0)) }
        let hasStartVariance = startVariance.contains { $0 > 0 }, hasFinishVariance = finishVariance.contains { $0 > 0 }
        if !hasStartVariance && !hasFinishVariance && start == finish {
            cell.append(ImportedMember(EmitterCellKeys.color, Self.colorValue(start)))
            return
        }
        if !hasStartVariance && !hasFinishVariance {
            // Exact, and the simplest to edit: every particle goes from start to finish.
            cell.append(ImportedMember(EmitterCellKeys.colorOverLife, .object([ImportedMember(LifeSequenceKeys.values, .array([Self.colorValue(start), Self.colorValue(finish)]))])))
            return
        }
        cell.append(ImportedMember(EmitterCellKeys.color, Self.colorValue(start)))
        for index in channels.indices where startVariance[index] > 0 {
            cell.append(ImportedMember(startRanges[index], .number(2 * startVariance[index])))
        }
        cell.append(ImportedMember(EmitterCellKeys.endColor, Self.colorValue(finish)))
        for index in channels.indices where finishVariance[index] > 0 {
            cell.append(ImportedMember(finishRanges[index], .number(2 * finishVariance[index])))
        }
        if zip(start, startVariance).contains(where: { $0 - $1 < 0 || $0 + $1 > 1 }) || zip(finish, finishVariance).contains(where: { $0 - $1 < 0 || $0 + $1 > 1 }) {
            warn(hasStartVariance ? "startColorVarianceRed" : "finishColorVarianceRed", "a color ± its variance leaves 0…1; cocos2d and fx both clamp it, so those particles pile up at 0 or 1")
        }
    }

    /// The texture: the file named by textureFileName beside the source, else the embedded
    /// textureImageData decoded, else the built-in "disc". Returns the contents name, its width
    /// in pixels and the effect's textures.
    mutating func texture() -> (String, Double, [ImportedMember]) {
        let fileName = config.string("textureFileName") ?? ""
        if !fileName.isEmpty {
            let url = source.folder.appendingPathComponent(fileName)
            if let data = ImportSource.sibling(url) {
                if let width = Self.pngWidth(data) {
                    let written = filePrefix + "-" + URL(fileURLWithPath: fileName).lastPathComponent
                    files.append(ImportedFile(relativePath: written, contents: data))
                    return (textureName, width, [ImportedMember(entry: textureName, .string(written))])
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
                let written = filePrefix + "-texture.png"
                files.append(ImportedFile(relativePath: written, contents: image))
                return (textureName, width, [ImportedMember(entry: textureName, .string(written))])
            }
            if let width = Self.tiffWidth(image) {
                // Older Particle Designer files embed TIFF: written as PNG by the caller.
                let written = filePrefix + "-texture.png"
                files.append(ImportedFile(relativePath: written, contents: image, convertsToPNG: true))
                return (textureName, width, [ImportedMember(entry: textureName, .string(written))])
            }
            warn("textureImageData", "neither a PNG nor a readable TIFF once inflated; the built-in \"disc\" is used instead")
            return ("disc", 64, [])
        }
        warn("textureFileName", fileName.isEmpty ? "no texture given; the built-in \"disc\" is used" : "\(fileName) not found beside the source and no textureImageData; the built-in \"disc\" (64 px) is used instead")
        return ("disc", 64, [])
    }

    /// A TIFF's width from the ImageWidth tag (256) of its first image directory, or nil when
    /// `data` is not a TIFF.
    static func tiffWidth(_ data: Data) -> Double? {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            let slice = bytes[offset..<(offset + count)]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard read(2, 2) == 42, let directory = read(4, 4), let entries = read(directory, 2) else { return nil }
        for index in 0..<min(entries, 4096) {
            let entry = directory + 2 + 12 * index
            guard let tag = read(entry, 2), let type = read(entry + 2, 2) else { return nil }
            if tag == 256 {
                // SHORT (3) or LONG (4), stored in the entry's value field.
                guard let width = type == 3 ? read(entry + 8, 2) : read(entry + 8, 4), width > 0 else { return nil }
                return Double(width)
            }
        }
        return nil
    }

    /// A PNG's width from its IHDR chunk, or nil when `data` is not a PNG.
    static func pngWidth(_ data: Data) -> Double? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        return width > 0 ? Double(width) : nil
    }

    /// GL blend factors to the layer member that draws them (none for source-over), with a
    /// note when approximated.
    static func blend(source: Int, destination: Int) -> (ImportedMember?, String?) {
        let additive = ImportedMember(EmitterLayerKeys.renderMode, .name(EmitterProperties.RenderMode.additive))
        let screen = ImportedMember(EmitterLayerKeys.compositingFilter, .name(CompositingFilter.screenBlendMode))
        let multiply = ImportedMember(EmitterLayerKeys.compositingFilter, .name(CompositingFilter.multiplyBlendMode))
        switch (source, destination) {
        case (770, 1), (1, 1): return (additive, nil)
        case (1, 771), (770, 771): return (nil, nil)
        // GL_ONE / GL_ONE_MINUS_SRC_COLOR and GL_ONE_MINUS_DST_COLOR / GL_ONE: 1 − (1 − s)(1 − d).
        case (1, 769), (775, 1): return (screen, nil)
        // GL_DST_COLOR / GL_ZERO and GL_ZERO / GL_SRC_COLOR: s × d; GL_DST_COLOR /
        // GL_ONE_MINUS_SRC_ALPHA is multiply weighted by the particle's alpha, as fx's is.
        case (774, 0), (0, 768), (774, 771): return (multiply, nil)
        default:
            let member: ImportedMember? = destination == 1 ? additive : nil
            let name = destination == 1 ? "additive" : "normal"
            return (member, "blend factors \(source)/\(destination) have no fx equivalent; approximated as \(name) (fx draws normal, additive, screen and multiply)")
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
