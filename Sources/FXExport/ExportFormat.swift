/// What `fx export` writes: Core Animation code in Swift or Objective-C, or a Core Animation
/// document (`.ca` bundle).
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One Swift file with a function that builds and returns the effect's root layer.
    case swift
    /// One Objective-C file (`.m`) with a function that builds and returns the root layer.
    case objc
    /// A `.ca` bundle folder: `main.caml`, `index.xml` and `assets/`.
    case caml

    /// The format an output path's extension names (`.swift`, `.m`, `.caml`, `.ca`), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "swift": self = .swift
        case "m", "mm": self = .objc
        case "caml", "ca": self = .caml
        default: return nil
        }
    }

    /// The extension of the file (or bundle folder) written when no `--out` names one.
    public var pathExtension: String {
        switch self {
        case .swift: return "swift"
        case .objc: return "m"
        case .caml: return "ca"
        }
    }

    /// What the format is, in a few words (the CLI's help).
    public var summary: String {
        switch self {
        case .swift: return "Core Animation code in Swift"
        case .objc: return "Core Animation code in Objective-C"
        case .caml: return "a Core Animation document, a .ca bundle"
        }
    }
}
