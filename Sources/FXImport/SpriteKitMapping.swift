import FXCore
import Foundation

/// The key-by-key translation of one archived `SKEmitterNode` into an fx effect
/// (docs/importing.md has the table). The archive's keys are SpriteKit's coder keys
/// (`-[SKEmitterNode initWithCoder:]`: `_birthrate`, `_lifetimeVariance`, `_startColorMix`…);
/// warnings name the public properties Xcode's inspector shows (`particleLifetimeRange`).
/// SpriteKit is y-up with counterclockwise angles in radians; fx is y-down with clockwise
/// angles, so angles, rotations and y components change sign. SpriteKit's ranges are full
/// widths (± range / 2), as Core Animation's and fx's are: they carry over as they are.
struct SpriteKitMapping {
    let source: ImportSource
    let archive: SpriteKitArchive
    let emitter: SpriteKitArchive.Instance
    /// The effect's name (files written beside it start with it).
    let name: String
    /// The layer's name: the effect's for a single file, the file's when several are read.
    let layerName: String
    var warnings: [ImportWarning] = []
    var files: [ImportedFile] = []

    /// The smallest canvas; the emitter sits at its centre.
    static let canvasSize = 600.0

    init(source: ImportSource, archive: SpriteKitArchive, name: String, layerName: String?) throws {
        self.source = source
        self.archive = archive
        self.name = name
        self.layerName = layerName ?? name
        let root = archive.root
        guard root.className == "SKEmitterNode" || root.classes.contains("SKEmitterNode") else {
            let found = root.className.map { "an \($0)" } ?? "an object of no class"
            throw ImportError.malformed(path: source.path, line: 1, message: "the archive's root is \(found), not an SKEmitterNode: fx imports SpriteKit particle files (Xcode: File ▸ New ▸ File… ▸ SpriteKit Particle File), not scenes")
        }
        emitter = root
    }

    /// The texture's name under `textures` and in `contents`.
    var textureName: String { layerName == name ? "particle" : layerName }
    /// The prefix of files written beside the effect.
    var filePrefix: String { layerName == name ? name : name + "-" + layerName }

    mutating func warn(_ key: String, _ message: String) {
        warnings.append(ImportWarning(file: source.path, line: 1, key: key, message: message))
    }

    /// The number archived under `key` (0 when absent, as `decodeDoubleForKey:` reads it).
    /// - Throws: ``ImportError/malformed(path:line:message:)`` for NaN or infinity.
    func number(_ key: String, _ publicName: String) throws -> Double {
        try ImportedNumber.finite(try archive.number(key, of: emitter) ?? 0, file: source.path, line: 1, key: publicName)
    }

    /// The pair archived under `key` ((0, 0) when absent), each number finite.
    func pair(_ key: String, _ publicName: String) throws -> (Double, Double) {
        let (x, y) = try archive.pair(key, of: emitter) ?? (0, 0)
        return (try ImportedNumber.finite(x, file: source.path, line: 1, key: publicName),
                try ImportedNumber.finite(y, file: source.path, line: 1, key: publicName))
    }

    /// The keyframe sequence under `key`, or nil.
    /// - Throws: ``ImportError/malformed(path:line:message:)`` when its values are not of the
    ///   property's kind: colors for `particleColorSequence`, numbers for the others.
    func sequence(_ key: String, _ publicName: String) throws -> SpriteKitKeyframeSequence? {
        guard let sequence = try SpriteKitKeyframeSequence(key, of: emitter, in: archive, publicName: publicName) else { return nil }
        let colors = key == "_particleColorSequence"
        guard sequence.keyframes.allSatisfy({ $0.value.count == (colors ? 4 : 1) }) else {
            throw ImportError.malformed(path: source.path, line: 1, message: "\(publicName): holds \(colors ? "numbers" : "colors"), where SpriteKit samples \(colors ? "colors" : "numbers")")
        }
        return sequence
    }

    mutating func run() throws -> ImportResult {
        var cell: [ImportedMember] = [ImportedMember(EmitterCellKeys.name, .string("particle"))]
        let texture = try self.texture()
        cell.append(ImportedMember(EmitterCellKeys.contents, .string(texture.contents)))

        let (finiteEmission, longest) = try emission(&cell)
        let positionRange = try motion(&cell)
        try size(&cell, texture: texture)
        try rotation(&cell)
        try color(&cell, textured: texture.textured, lifetime: cell.first { $0.key == EmitterCellKeys.lifetime.name }?.value.number ?? 0)
        try dropped()

        // Where: the canvas centre, moved by particlePosition (y up in SpriteKit); the spawn
        // area is a rectangle of particlePositionRange, as SpriteKit draws each coordinate
        // uniformly within ± range / 2.
        let canvas = max(Self.canvasSize, (max(abs(positionRange.0), abs(positionRange.1)) + 200).rounded(.up))
        let (x, y) = try pair("_startPosition", "particlePosition")
        var layer: [ImportedMember] = [
            ImportedMember(LayerKeys.type, .name(Layer.LayerType.emitter)),
            ImportedMember(LayerKeys.name, .string(layerName)),
            ImportedMember(EmitterLayerKeys.emitterPosition, .array([.number(canvas / 2 + x), .number(canvas / 2 - y)])),
        ]
        if positionRange.0 != 0 || positionRange.1 != 0 {
            layer.append(ImportedMember(EmitterLayerKeys.emitterShape, .name(EmitterProperties.Shape.rectangle)))
            layer.append(ImportedMember(EmitterLayerKeys.emitterSize, .array([.number(abs(positionRange.0)), .number(abs(positionRange.1))])))
        }
        layer += try blend()
        layer.append(ImportedMember(EmitterLayerKeys.emitterCells, .array([.object(cell)])))

        let duration = finiteEmission.map { max(1, ($0 + longest).rounded(.up)) } ?? max(5, (2 * longest).rounded(.up))
        var effect: [ImportedMember] = [
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("\(source.baseName): a SpriteKit emitter (SKEmitterNode), imported")),
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(canvas), .number(canvas)])),
                ImportedMember(CanvasKeys.background, .string("#000000")),
            ])),
            ImportedMember(EffectKeys.duration, .number(min(duration, Effect.maxDuration))),
            ImportedMember(EffectKeys.loop, .bool(true)),
        ]
        if !texture.textures.isEmpty { effect.append(ImportedMember(EffectKeys.textures, .object(texture.textures))) }
        effect.append(ImportedMember(EffectKeys.layers, .array([.object(layer)])))
        return ImportResult(effect: .object(effect), warnings: warnings, files: files)
    }

    /// Birth rate, `numParticlesToEmit` and lifetimes. SpriteKit draws each lifetime uniformly
    /// in `particleLifetime` ± `particleLifetimeRange` / 2; one drawn ≤ 0 is never seen, as in fx,
    /// so the two carry over as they are — except a `particleLifetime` ≤ 0, which fx refuses:
    /// then the lives that show, uniform in 0…L + R/2, are written with the birth rate of the
    /// particles that live. `numParticlesToEmit` N stops emission after N particles: at
    /// N / `particleBirthRate` seconds, which fx's cell `duration` reproduces. Returns that time
    /// (nil: endless) and the longest life.
    mutating func emission(_ cell: inout [ImportedMember]) throws -> (Double?, Double) {
        let rate = max(0, try number("_birthrate", "particleBirthRate"))
        let life = try number("_lifetime", "particleLifetime")
        let range = abs(try number("_lifetimeVariance", "particleLifetimeRange"))
        let toEmit = try ImportedNumber.whole(try archive.number("_numParticlesToEmit", of: emitter) ?? 0, in: 0...1_000_000_000,
                                              why: "the particles one emitter can emit", file: source.path, line: 1,
                                              key: "numParticlesToEmit", warnings: &warnings)
        var birthRate = rate, lifetime = life, lifetimeRange = range
        let longest = life + range / 2
        if life <= 0 {
            if longest > 0 {
                // Lives uniform in L − R/2 … L + R/2; those above 0 show, uniform in 0…longest.
                let shown = longest / range
                birthRate = rate * shown
                lifetime = longest / 2
                lifetimeRange = longest
                warn("particleLifetime", "is \(ImportedJSON.text(of: life)) with a range of \(ImportedJSON.text(of: range)) s: SpriteKit draws lives in \(ImportedJSON.text(of: life - range / 2))…\(ImportedJSON.text(of: longest)) s and never shows those ≤ 0; fx emits the \(Int((shown * 100).rounded())) % that live (\(ImportedJSON.text(of: birthRate)) a second), their lives \(ImportedJSON.text(of: lifetime)) ± \(ImportedJSON.text(of: lifetime)) s")
            } else {
                birthRate = 0
                lifetime = 0
                lifetimeRange = 0
                warn("particleLifetime", "is \(ImportedJSON.text(of: life)) s (range \(ImportedJSON.text(of: range))): no particle lives, in SpriteKit as in fx")
            }
        }
        cell.append(ImportedMember(EmitterCellKeys.birthRate, .number(min(birthRate, EffectLimits.maxBirthRate))))
        cell.append(ImportedMember(EmitterCellKeys.lifetime, .number(lifetime)))
        if lifetimeRange > 0 { cell.append(ImportedMember(EmitterCellKeys.lifetimeRange, .number(lifetimeRange))) }
        guard toEmit > 0 else { return (nil, max(0, longest)) }
        guard rate > 0 else {
            warn("numParticlesToEmit", "is \(toEmit), but particleBirthRate is 0: nothing is emitted, in SpriteKit as in fx")
            return (nil, max(0, longest))
        }
        // SpriteKit emits at the birth rate until N particles were made: N / rate seconds.
        let active = Double(toEmit) / rate
        cell.append(ImportedMember(MediaTimingKeys.duration, .number(active)))
        return (active, max(0, longest))
    }

    /// Speed, direction, acceleration; returns `particlePositionRange`.
    mutating func motion(_ cell: inout [ImportedMember]) throws -> (Double, Double) {
        let speed = try number("_startSpeed", "particleSpeed"), speedRange = abs(try number("_startSpeedVariance", "particleSpeedRange"))
        let angle = try number("_emissionAngle", "emissionAngle"), angleRange = abs(try number("_emissionAngleVariance", "emissionAngleRange"))
        cell.append(ImportedMember(EmitterCellKeys.velocity, .number(speed)))
        if speedRange > 0 { cell.append(ImportedMember(EmitterCellKeys.velocityRange, .number(speedRange))) }
        // Counterclockwise from +x with y up is clockwise from +x with y down, negated:
        // SpriteKit's π/2 (up the screen) is fx's −90°.
        cell.append(ImportedMember(EmitterCellKeys.emissionLongitude, .string(Self.degrees(-angle))))
        if angleRange > 0 { cell.append(ImportedMember(EmitterCellKeys.emissionRange, .string(Self.degrees(min(angleRange, 2 * .pi))))) }
        let (ax, ay) = try pair("_acceleration", "xAcceleration")
        if ax != 0 { cell.append(ImportedMember(EmitterCellKeys.xAcceleration, .number(ax))) }
        if ay != 0 { cell.append(ImportedMember(EmitterCellKeys.yAcceleration, .number(-ay))) }
        return try pair("_startPositionVariance", "particlePositionRange")
    }

    /// Scale: SpriteKit draws a particle `particleSize` (the texture's own size in points when
    /// it is {0, 0}) times its scale; fx draws the texture's pixels times `scale`, so every scale
    /// is multiplied by particleSize / the texture's pixel width. `particleScaleSequence`
    /// replaces particleScale, its range and speed (Apple's documentation): it becomes
    /// `scaleOverLife` on a birth scale of that factor.
    mutating func size(_ cell: inout [ImportedMember], texture: Texture) throws {
        var (width, height) = try pair("_startSize", "particleSize")
        if width <= 0 || height <= 0 { (width, height) = texture.pointSize }
        if texture.pixelSize.1 > 0, abs(width / height - texture.pixelSize.0 / texture.pixelSize.1) > 0.01 {
            warn("particleSize", "\(ImportedJSON.text(of: width)) × \(ImportedJSON.text(of: height)) stretches the texture (\(ImportedJSON.text(of: texture.pixelSize.0)) × \(ImportedJSON.text(of: texture.pixelSize.1)) pixels); fx keeps the texture's proportions and sizes it by the width")
        }
        let factor = width / texture.pixelSize.0
        if let scales = try sequence("_particleScaleSequence", "particleScaleSequence") {
            cell.append(ImportedMember(EmitterCellKeys.scale, .number(factor)))
            cell.append(ImportedMember(EmitterCellKeys.scaleOverLife, lifeSequence(scales, "particleScaleSequence") { .number($0[0]) }))
            return
        }
        let scale = try number("_startScale", "particleScale"), scaleRange = abs(try number("_startScaleVariance", "particleScaleRange"))
        let scaleSpeed = try number("_scaleSpeed", "particleScaleSpeed")
        cell.append(ImportedMember(EmitterCellKeys.scale, .number(scale * factor)))
        if scaleRange > 0 { cell.append(ImportedMember(EmitterCellKeys.scaleRange, .number(scaleRange * factor))) }
        if scaleSpeed != 0 { cell.append(ImportedMember(EmitterCellKeys.scaleSpeed, .number(scaleSpeed * factor))) }
    }

    /// Rotation: counterclockwise radians in SpriteKit, clockwise on fx's y-down screen.
    /// `particleRotationSequence` replaces the rotation, its range and speed: fx's `rotation`
    /// and `endRotation` (reached linearly over the life) hold its values at birth and death —
    /// exact for a linear sequence with keys only at 0 and 1 (or one value).
    mutating func rotation(_ cell: inout [ImportedMember]) throws {
        if let rotations = try sequence("_particleRotationSequence", "particleRotationSequence") {
            let start = rotations.value(at: 0)[0], end = rotations.value(at: 1)[0]
            cell.append(ImportedMember(EmitterCellKeys.rotation, .string(Self.degrees(-start))))
            if end != start { cell.append(ImportedMember(EmitterCellKeys.endRotation, .string(Self.degrees(-end)))) }
            let keys = rotations.keyframes
            let exact = Set(keys.map(\.value)).count == 1
                || (keys.count == 2 && keys[0].time <= 0 && keys[1].time >= 1 && rotations.interpolationMode != SpriteKitKeyframeSequence.step)
            if !exact {
                warn("particleRotationSequence", "approximated: fx turns each particle linearly from the sequence's value at birth, \(Self.degrees(-start)), to its value at death, \(Self.degrees(-end)) (fx has no rotation over life with more keys)")
            }
            return
        }
        let rotation = try number("_startRotation", "particleRotation"), range = abs(try number("_startRotationVariance", "particleRotationRange"))
        let speed = try number("_rotationSpeed", "particleRotationSpeed")
        if rotation != 0 { cell.append(ImportedMember(EmitterCellKeys.rotation, .string(Self.degrees(-rotation)))) }
        if range != 0 { cell.append(ImportedMember(EmitterCellKeys.rotationRange, .string(Self.degrees(range)))) }
        if speed != 0 { cell.append(ImportedMember(EmitterCellKeys.spin, .string(Self.degrees(-speed)))) }
    }

    /// A keyframe sequence as an fx over-life sequence: the values (`value` makes each), the
    /// times (normalized ages, as SpriteKit's are for an emitter), the interpolation.
    mutating func lifeSequence(_ sequence: SpriteKitKeyframeSequence, _ publicName: String,
                               _ value: ([Double]) -> ImportedJSON) -> ImportedJSON {
        var times = sequence.keyframes.map(\.time)
        if times.contains(where: { $0 < 0 || $0 > 1 }) {
            warn(publicName, "keyframe times outside 0…1 are clamped to it (a particle's normalized age)")
            times = times.map { min(1, max(0, $0)) }
        }
        if sequence.total > SpriteKitArchive.maximumKeyframes {
            warn(publicName, "has \(sequence.total) keyframes; fx reads the first \(SpriteKitArchive.maximumKeyframes)")
        }
        var members: [ImportedMember] = [ImportedMember(LifeSequenceKeys.values, .array(sequence.keyframes.map { value($0.value) }))]
        if times.count > 1 { members.append(ImportedMember(LifeSequenceKeys.times, .array(times.map { .number($0) }))) }
        switch sequence.interpolationMode {
        case SpriteKitKeyframeSequence.step:
            members.append(ImportedMember(LifeSequenceKeys.interpolation, .name(LifeSequence<Double>.Interpolation.step)))
        case SpriteKitKeyframeSequence.spline:
            warn(publicName, "spline interpolation is drawn linear between the keyframes (fx's sequences are linear or step)")
        default: break
        }
        if sequence.repeatMode == SpriteKitKeyframeSequence.loop, let last = times.last, last < 1 {
            warn(publicName, "repeat mode loop: fx holds the last keyframe after time \(ImportedJSON.text(of: last)) instead of starting the sequence again")
        }
        return .object(members)
    }

    /// Keys fx has nothing for: each dropped with a warning when it is set.
    mutating func dropped() throws {
        let fieldMask = try number("_fieldBitMask", "fieldBitMask")
        if fieldMask != 0 { warn("fieldBitMask", "dropped: SpriteKit's physics fields (SKFieldNode) live in the scene, not in the particle file; fx's own forces are the layer's `fields`") }
        if try archive.object("_target", of: emitter) != nil {
            warn("targetNode", "dropped: the particles are drawn in the emitter's layer (a target node is set by the game at run time)")
        }
        if try archive.object("_particleAction", of: emitter) != nil { warn("particleAction", "dropped: fx runs no SKAction on particles") }
        if try archive.object("_shader", of: emitter) != nil { warn("shader", "dropped: fx runs no custom SKShader") }
        for (key, publicName) in [("_particleSpeedSequence", "particleSpeedSequence"), ("_fieldInfluenceSequence", "fieldInfluenceSequence")]
        where try sequence(key, publicName) != nil {
            warn(publicName, "dropped: fx has no such sequence")
        }
        let distance = try number("_emissionDistance", "emissionDistance"), distanceRange = try number("_emissionDistanceRange", "emissionDistanceRange")
        if distance != 0 || distanceRange != 0 { warn("emissionDistance", "dropped: particles are born at the emitter's position and range") }
        for (key, publicName) in [("_startZPosition", "particleZPosition"), ("_startZPositionVariance", "particleZPositionRange"),
                                  ("_zPositionSpeed", "particleZPositionSpeed")] where try number(key, publicName) != 0 {
            warn(publicName, "dropped: the particles of one emitter are drawn in the layer's order (SpriteKit sorts them against other nodes)")
        }
    }

    /// `SKBlendMode` (`_particleBlendMode`): alpha 0, add 1, subtract 2, multiply 3, multiplyX2 4,
    /// screen 5, replace 6, multiplyAlpha 7.
    mutating func blend() throws -> [ImportedMember] {
        let mode = try number("_particleBlendMode", "particleBlendMode")
        let additive = ImportedMember(EmitterLayerKeys.renderMode, .name(EmitterProperties.RenderMode.additive))
        let multiply = ImportedMember(EmitterLayerKeys.compositingFilter, .name(CompositingFilter.multiplyBlendMode))
        switch mode {
        case 0: return []
        case 1: return [additive]
        case 3: return [multiply]
        case 5: return [ImportedMember(EmitterLayerKeys.compositingFilter, .name(CompositingFilter.screenBlendMode))]
        case 4, 7:
            warn("particleBlendMode", "\(mode == 4 ? "multiplyX2" : "multiplyAlpha") is drawn as multiply (fx draws normal, additive, screen and multiply)")
            return [multiply]
        case 2:
            warn("particleBlendMode", "subtract has no fx equivalent; drawn normal (alpha)")
            return []
        case 6:
            warn("particleBlendMode", "replace is drawn normal (alpha): fx blends every particle over what is behind it")
            return []
        default:
            warn("particleBlendMode", "\(ImportedJSON.text(of: mode)) is no SKBlendMode; drawn normal (alpha)")
            return []
        }
    }

    /// An angle in radians as fx's `"Ndeg"` text.
    static func degrees(_ radians: Double) -> String {
        let degrees = radians * 180 / .pi
        return ImportedJSON.text(of: degrees == 0 ? 0 : degrees) + "deg"
    }
}
