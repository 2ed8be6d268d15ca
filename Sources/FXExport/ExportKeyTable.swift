import FXCore

/// The table of docs/exporting.md: every key of the effect format and what each export format
/// does with it, made from the ``PropertyRegistry`` (a Core Animation key is set under its Core
/// Animation name; fx's own keys are approximated or dropped as the exporter does). A Markdown
/// file marks where it goes with `<!-- export-keys -->` … `<!-- /export-keys -->`;
/// ``updatingTables(in:)`` writes it there (`fx schema --update-key-tables`).
public enum ExportKeyTable {
    /// The owners whose keys the table lists, in the documentation's order.
    static let owners: [PropertyOwner] = [.effect, .layer, .mediaTiming, .emitterLayer, .emitterCell, .replicatorLayer,
                                          .gradientLayer, .shapeLayer, .textLayer, .imageLayer, .animation, .basicAnimation,
                                          .keyframeAnimation, .springAnimation, .groupAnimation, .transitionAnimation]

    /// The table, one row per key.
    public static func markdown() -> String {
        var lines = ["| key | on | Swift / Objective-C | CAML (`.ca`) |", "| --- | --- | --- | --- |"]
        for owner in owners {
            for property in PropertyRegistry.properties(of: owner) {
                let (code, caml) = treatment(of: property)
                lines.append("| `\(property.name)` | \(owner.rawValue) | \(code) | \(caml) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the code formats and CAML do with `property`.
    static func treatment(of property: PropertyDescriptor) -> (code: String, caml: String) {
        switch property {
        case EffectKeys.canvas: return same("the root layer's `bounds` (size) and `backgroundColor`")
        case EffectKeys.name: return ("names the function (`makeNameLayer`)", "in a comment")
        case EffectKeys.description: return same("a comment")
        case EffectKeys.seed: return same("added into each `CAEmitterLayer.seed`")
        case EffectKeys.layers: return same("the root layer's `sublayers`")
        case EffectKeys.textures: return ("image files copied beside the source, loaded by name; built-in ones drawn by a generated helper",
                                          "PNG files in `assets/` (built-in ones rendered)")
        case EffectKeys.fx, EffectKeys.duration, EffectKeys.loop, EffectKeys.previewTime, EffectKeys.reducedMotion:
            return same("not written: how fx plays the file, not part of the layer tree")
        case EffectKeys.transactions:
            return same("the animations each CATransaction runs: the model value held from its time (`fillMode` forwards) and the implicit animation")
        case EffectKeys.stepRate, EffectKeys.maxParticles: return same("dropped, with a warning")
        case LayerKeys.type: return same("the layer's class (`CAEmitterLayer`, …; `image` is a `CALayer` with `contents`)")
        case LayerKeys.animations: return same("`add(_:forKey:)` with each animation's key")
        case EmitterLayerKeys.seed: return same("`CAEmitterLayer.seed`, plus the effect's `seed`")
        case EmitterLayerKeys.prewarm: return same("approximated: a negative `beginTime`, with a warning")
        case EmitterCellKeys.linearDamping:
            return ("dropped, with a warning", "a `CAEmitterBehavior` of type `drag`")
        case EmitterCellKeys.colorOverLife:
            return ("dropped, with a warning", "a `CAEmitterBehavior` `colorOverLife` (linear sequences; `step` dropped with a warning)")
        case EmitterCellKeys.alphaOverLife:
            return ("approximated: a two-value linear fade becomes `alphaSpeed` over the mean lifetime, with a warning; other sequences dropped",
                    "a `CAEmitterBehavior` `valueOverLife` of `color.alpha` (linear sequences)")
        case EmitterCellKeys.scaleOverLife:
            return ("dropped, with a warning", "a `CAEmitterBehavior` `valueOverLife` of `scale` (linear sequences)")
        case EmitterCellKeys.emitterBehaviors, EmitterLayerKeys.emitterBehaviors:
            return ("dropped, with a warning (`CAEmitterBehavior` is not public API)", "`CAEmitterBehavior`s of the cell (those fx maps)")
        default:
            break
        }
        if let name = property.coreAnimationName, !property.isExtension {
            let swiftName = property.coreAnimationProperty ?? property.name
            let kvc = CoreAnimationTreeBuilder.keyValueCodingName(swiftName)
            let code = swiftName == kvc ? "`\(name)`" : "`\(name)` (Objective-C `\(kvc)`)"
            return (code, "`\(kvc)`")
        }
        if property.owner == .effect { return same("not written") }
        return same("dropped, with a warning")
    }

    private static func same(_ text: String) -> (String, String) { (text, text) }

    /// `text` with its export table written anew.
    public static func updatingTables(in text: String) -> String {
        let open = "<!-- export-keys -->", close = "<!-- /export-keys -->"
        guard let start = text.range(of: open), let end = text[start.upperBound...].range(of: close) else { return text }
        return String(text[..<start.upperBound]) + "\n" + markdown() + String(text[end.lowerBound...])
    }
}
