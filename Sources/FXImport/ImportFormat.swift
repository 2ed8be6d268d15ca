/// The source families `fx import` reads (`--from NAME`). Each has one ``Importer``; new
/// families add a case and an importer file.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// Particle Designer / cocos2d `.plist` (XML or binary) and Starling `.pex`.
    case plist
    /// canvas-confetti options: a JSON object, or a list of them.
    case confetti
    /// pixi-particle-emitter JSON, the v5 behaviors format and the legacy one.
    case pixi
    /// CAML, Core Animation's document format: `main.caml` or its `.ca` bundle folder
    /// (before `swift`, whose detection takes any text naming `CAEmitterLayer`).
    case caml
    /// Swift or Objective-C code that sets up Core Animation layers (emitters, shapes, gradients,
    /// text, replicators), their paths and their animations.
    case swift
    /// SpriteKit particle files (`.sks`, Xcode's particle editor): an `NSKeyedArchiver` binary
    /// plist of an `SKEmitterNode`.
    case spritekit
    /// Godot scenes and resources, text format (`.tscn`, `.tres`), Godot 3 and 4.
    case godot

    /// What the format is, for messages and `--help`.
    public var summary: String {
        switch self {
        case .plist: return "Particle Designer / cocos2d .plist, Starling .pex"
        case .confetti: return "canvas-confetti options, JSON"
        case .pixi: return "pixi-particle-emitter JSON, v5 behaviors or legacy"
        case .swift: return "Core Animation code: Swift or Objective-C setting up layers, emitters and animations"
        case .spritekit: return "SpriteKit particle file .sks (Xcode's particle editor)"
        case .godot: return "Godot 3 / 4 scene or resource, text format (.tscn, .tres)"
        case .caml: return "Core Animation documents: a .ca bundle folder or its main.caml"
        }
    }

    /// The importer for this family.
    public var importer: any Importer.Type {
        switch self {
        case .plist: return ParticleDesignerImporter.self
        case .confetti: return CanvasConfettiImporter.self
        case .pixi: return PixiImporter.self
        case .swift: return CoreAnimationCodeImporter.self
        case .spritekit: return SpriteKitImporter.self
        case .godot: return GodotImporter.self
        case .caml: return CAMLImporter.self
        }
    }
}
