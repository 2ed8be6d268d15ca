/// The source families `fx import` reads (`--from NAME`). Each has one ``Importer``; new
/// families add a case and an importer file.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// Particle Designer / cocos2d `.plist` (XML or binary) and Starling `.pex`.
    case plist

    /// What the format is, for messages and `--help`.
    public var summary: String {
        switch self {
        case .plist: return "Particle Designer / cocos2d .plist, Starling .pex"
        }
    }

    /// The importer for this family.
    public var importer: any Importer.Type {
        switch self {
        case .plist: return ParticleDesignerImporter.self
        }
    }
}
