import FXCore
import Foundation

extension SpriteKitMapping {
    /// Color and alpha. SpriteKit mixes a particle's texture with its color by the color blend
    /// factor f: f = 0 draws the texture as it is, f = 1 tinted by the color (Apple's
    /// SKEmitterNode documentation, "particleColorBlendFactor"). fx multiplies the color into the
    /// texture (Core Animation's rule), so each channel c is written as 1 − f + f·c, the tint that
    /// mix(texture, texture × color, f) is; the ranges and speeds of the color are scaled by f.
    /// An untextured particle is its color (f = 1). The particle's opacity is `particleAlpha`
    /// with its range and speed (the alpha of particleColor does not apply, as a sprite's color
    /// alpha does not). A sequence replaces the value, its range and its speed (Apple's
    /// documentation of each `…Sequence`), and its times are normalized ages.
    mutating func color(_ cell: inout [ImportedMember], textured: Bool, lifetime: Double) throws {
        let channels = ["R", "G", "B"], names = ["Red", "Green", "Blue"]
        let base = try channels.map { try number("_startColor" + $0, "particleColor") }
        let ranges = try zip(channels, names).map { abs(try number("_startColorVariance" + $0.0, "particleColor\($0.1)Range")) }
        let speeds = try zip(channels, names).map { try number("_colorSpeed" + $0.0, "particleColor\($0.1)Speed") }
        let alpha = min(1, max(0, try number("_startOpacity", "particleAlpha")))
        let alphaRange = abs(try number("_startOpacityVariance", "particleAlphaRange"))
        let alphaSpeed = try number("_opacitySpeed", "particleAlphaSpeed")
        var factor = try number("_startColorMix", "particleColorBlendFactor")
        let factorRange = abs(try number("_startColorBlendVariance", "particleColorBlendFactorRange"))
        let factorSpeed = try number("_colorBlendSpeed", "particleColorBlendFactorSpeed")
        // A blend factor that changes over life (an untextured particle is its color whatever it says).
        var factors = try sequence("_particleColorBlendFactorSequence", "particleColorBlendFactorSequence")
        if let sequence = factors {
            factor = sequence.value(at: 0)[0]
            if Set(sequence.keyframes.map(\.value)).count < 2 || !textured { factors = nil }
        } else if textured, factorRange != 0 || factorSpeed != 0 {
            warn(factorRange != 0 ? "particleColorBlendFactorRange" : "particleColorBlendFactorSpeed",
                 "approximated: fx mixes the color at particleColorBlendFactor, \(ImportedJSON.text(of: factor)), for every particle all life long")
        }
        if !textured { factor = 1 }
        factor = min(1, max(0, factor))
        func tint(_ channel: Double, _ factor: Double) -> Double { min(1, max(0, 1 - factor + factor * channel)) }
        for (key, publicName) in [("_startColorVarianceA", "particleColorAlphaRange"), ("_colorSpeedA", "particleColorAlphaSpeed")]
        where try number(key, publicName) != 0 {
            warn(publicName, "dropped: a particle's opacity is particleAlpha with its range and speed; the alpha of its color does not apply")
        }
        let alphas = try sequence("_particleAlphaSequence", "particleAlphaSequence")
        // The color over life: the color sequence tinted at the factor, or at the factor
        // sequence's value (sampled at both sequences' keys and midway between them), or the
        // constant color at each key of the factor sequence (exact: the tint is linear in f).
        var colorsOverLife: (SpriteKitKeyframeSequence, String)?
        let colors = try sequence("_particleColorSequence", "particleColorSequence")
        if let colors, let factors {
            var times = Set((colors.keyframes + factors.keyframes).map { min(1, max(0, $0.time)) }).sorted()
            times = Array(Set(times + zip(times, times.dropFirst()).map { ($0 + $1) / 2 }).sorted().prefix(SpriteKitArchive.maximumKeyframes))
            let stepwise = colors.interpolationMode == SpriteKitKeyframeSequence.step && factors.interpolationMode == SpriteKitKeyframeSequence.step
            let keyframes = times.map { t in (t, colors.value(at: t).prefix(3).map { tint($0, min(1, max(0, factors.value(at: t)[0]))) }) }
            colorsOverLife = (SpriteKitKeyframeSequence(keyframes: keyframes, interpolationMode: stepwise ? SpriteKitKeyframeSequence.step : SpriteKitKeyframeSequence.linear),
                              "particleColorSequence")
            if !stepwise {
                warn("particleColorBlendFactorSequence", "approximated: the color sequence is mixed at the factor sequence's values at both sequences' keys and midway between them (\(times.count) keys), linear between")
            }
        } else if let colors {
            var tinted = colors
            tinted.keyframes = colors.keyframes.map { ($0.time, $0.value.prefix(3).map { tint($0, factor) }) }
            colorsOverLife = (tinted, "particleColorSequence")
        } else if let factors {
            var tinted = factors
            tinted.keyframes = factors.keyframes.map { key in (key.time, base.map { tint($0, min(1, max(0, key.value[0]))) }) }
            colorsOverLife = (tinted, "particleColorBlendFactorSequence")
            if ranges.contains(where: { $0 != 0 }) || speeds.contains(where: { $0 != 0 }) {
                warn("particleColorBlendFactorSequence", "with it the color's ranges and speeds are dropped: fx's color over life sets every particle's color")
            }
        }
        if let (sequence, publicName) = colorsOverLife {
            // fx's colorOverLife sets alpha too: the alpha sequence (applied after it) or the
            // constant particleAlpha rides in it.
            let keyAlpha = alphas == nil ? alpha : 1
            cell.append(ImportedMember(EmitterCellKeys.colorOverLife, lifeSequence(sequence, publicName) { value in
                .array(value.prefix(3).map { .number($0) } + [.number(keyAlpha)])
            }))
            if alphas == nil, alphaSpeed != 0 {
                cell.append(ImportedMember(EmitterCellKeys.alphaOverLife, alphaOverLife(alpha: alpha, speed: alphaSpeed, lifetime: lifetime)))
                warn("particleAlphaSpeed", "approximated with a color over life (fx's color sequence sets alpha): alpha goes from particleAlpha at \(ImportedJSON.text(of: alphaSpeed)) a second over the mean lifetime, \(ImportedJSON.text(of: lifetime)) s, the same for every particle\(alphaRange != 0 ? "; particleAlphaRange is dropped" : "")")
            } else if alphas == nil, alphaRange != 0 {
                warn("particleAlphaRange", "dropped with a color over life (fx's color sequence sets alpha): every particle has particleAlpha, \(ImportedJSON.text(of: alpha))")
            }
        } else {
            cell.append(ImportedMember(EmitterCellKeys.color, .array(base.map { .number(tint($0, factor)) } + [.number(alpha)])))
            let rangeKeys = [EmitterCellKeys.redRange, EmitterCellKeys.greenRange, EmitterCellKeys.blueRange]
            let speedKeys = [EmitterCellKeys.redSpeed, EmitterCellKeys.greenSpeed, EmitterCellKeys.blueSpeed]
            for index in 0..<3 where factor * ranges[index] != 0 { cell.append(ImportedMember(rangeKeys[index], .number(factor * ranges[index]))) }
            for index in 0..<3 where factor * speeds[index] != 0 { cell.append(ImportedMember(speedKeys[index], .number(factor * speeds[index]))) }
            if alphas == nil {
                if alphaRange != 0 { cell.append(ImportedMember(EmitterCellKeys.alphaRange, .number(alphaRange))) }
                if alphaSpeed != 0 { cell.append(ImportedMember(EmitterCellKeys.alphaSpeed, .number(alphaSpeed))) }
            }
        }
        if let alphas {
            cell.append(ImportedMember(EmitterCellKeys.alphaOverLife, lifeSequence(alphas, "particleAlphaSequence") { .number(min(1, max(0, $0[0]))) }))
        }
    }

    /// Alpha from `alpha` changing by `speed` a second, over a life of `lifetime` seconds, as a
    /// sequence over normalized age (clamped to 0…1 where it would leave it).
    func alphaOverLife(alpha: Double, speed: Double, lifetime: Double) -> ImportedJSON {
        let end = alpha + speed * lifetime
        var values: [Double] = [alpha], times: [Double] = [0]
        if end < 0 || end > 1, speed != 0, lifetime > 0 {
            let bound = end < 0 ? 0.0 : 1.0
            times.append(min(1, max(0, (bound - alpha) / speed / lifetime)))
            values.append(bound)
            times.append(1)
            values.append(bound)
        } else {
            times.append(1)
            values.append(min(1, max(0, end)))
        }
        return .object([ImportedMember(LifeSequenceKeys.values, .array(values.map { .number($0) })),
                        ImportedMember(LifeSequenceKeys.times, .array(times.map { .number($0) }))])
    }
}
