import Foundation

/// The documentation's key tables, made from the ``PropertyRegistry``: a Markdown file marks
/// where each goes with `<!-- keys: OWNER -->` … `<!-- /keys -->` (OWNER a ``PropertyOwner``
/// name, or `extensions` for fx's own layer, emitter and cell keys), and ``updatingTables(in:)``
/// writes them there, so the tables cannot drift from what the decoder accepts.
public enum PropertyTable {
    /// The table of `owners`' keys, or of only fx's extensions (`extensions: true`) or only
    /// Core Animation's (`false`). With several owners, an "on" column says whose each key is.
    public static func markdown(for owners: [PropertyOwner], extensions: Bool? = nil) -> String {
        let showOwner = owners.count > 1
        let showAnimatable = owners.contains { PropertyRegistry.properties(of: $0).contains(where: \.isAnimatable) }
        let header = ["key"] + (showOwner ? ["on"] : []) + ["meaning", "default"] + (showAnimatable ? ["animatable"] : [])
        var lines = ["| " + header.joined(separator: " | ") + " |", "|" + String(repeating: " --- |", count: header.count)]
        for owner in owners {
            for property in PropertyRegistry.properties(of: owner) where extensions.map({ $0 == property.isExtension }) ?? true {
                var meaning = property.summary
                let details = [property.unit, rangeText(property), property.lengthText].compactMap { $0 }
                if !details.isEmpty { meaning += " (" + details.joined(separator: ", ") + ")" }
                if let name = property.coreAnimationName, !showOwner || extensions != true {
                    meaning += "; `\(name)`"
                }
                let cells = ["`\(property.name)`"] + (showOwner ? [ownerText(owner)] : [])
                    + [meaning.replacingOccurrences(of: "|", with: "\\|"), property.defaultDescription]
                    + (showAnimatable ? [property.isAnimatable ? "yes" : ""] : [])
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with every marked table written anew from the registry; an unknown owner name is
    /// left as it is.
    public static func updatingTables(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "<!-- keys: "), let close = rest[start.upperBound...].range(of: " -->"),
              let end = rest[close.upperBound...].range(of: "<!-- /keys -->") {
            let name = String(rest[start.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
            result += rest[..<close.upperBound]
            if let table = table(named: name) {
                result += "\n" + table
            } else {
                result += rest[close.upperBound..<end.lowerBound]
            }
            result += rest[end]
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    /// The table a marker names: an owner, `extensions`, or `animations` (every animation's keys).
    static func table(named name: String) -> String? {
        switch name {
        case "extensions": return markdown(for: [.layer, .emitterLayer, .emitterCell], extensions: true)
        case "emitterCell": return markdown(for: [.emitterCell], extensions: false)
        case "animations":
            return markdown(for: [.animation, .basicAnimation, .keyframeAnimation, .springAnimation, .groupAnimation, .transitionAnimation])
        default: return PropertyOwner(rawValue: name).map { markdown(for: [$0]) }
        }
    }

    private static func ownerText(_ owner: PropertyOwner) -> String {
        switch owner {
        case .emitterLayer: return "emitter layer"
        case .emitterCell: return "cell"
        case .animation: return "all"
        case .basicAnimation: return "basic"
        case .keyframeAnimation: return "keyframe"
        case .springAnimation: return "spring"
        case .groupAnimation: return "group"
        case .transitionAnimation: return "transition"
        default: return owner.rawValue
        }
    }

    private static func rangeText(_ property: PropertyDescriptor) -> String? {
        switch property.range {
        case .any: return nil
        case .nonNegative: return "≥ 0"
        case .positive: return "> 0"
        case .unit: return "0…1"
        case .closed(let low, let high): return "\(format(low))…\(format(high))"
        }
    }
}
