/// The source families `fx import` reads (`--from NAME`). Each has one ``Importer``; new
/// families add a case and an importer file.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// Particle Designer / cocos2d `.plist` (XML or binary) and Starling `.pex`.
    case plist
    /// canvas-confetti options: a JSON object, or a list of them.
    case confetti

    /// What the format is, for messages and `--help`.
    public var summary: String {
        switch self {
        case .plist: return "Particle Designer / cocos2d .plist, Starling .pex"
        case .confetti: return "canvas-confetti options, JSON"
        }
    }

    /// The importer for this family.
    public var importer: any Importer.Type {
        switch self {
        case .plist: return ParticleDesignerImporter.self
        case .confetti: return CanvasConfettiImporter.self
        }
    }
}
