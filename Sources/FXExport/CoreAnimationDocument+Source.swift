/// A document written as source code directly: what `fx export --to swift|objc` writes, for a
/// tree made or changed by hand (see ``EffectExport/tree(of:format:platform:)``).
extension CoreAnimationDocument {
    /// The Swift (`.swift`) or Objective-C (`.m`) file of this document, named `fileName`
    /// (`confetti.swift`) in its opening comment; nil for CAML, which is a bundle
    /// (``EffectExport/run(_:format:platform:name:)`` writes it).
    public func source(_ format: ExportFormat, fileName: String) -> String? {
        switch format {
        case .swift: return SwiftSourceWriter.source(for: self, fileName: fileName)
        case .objc: return ObjectiveCSourceWriter.source(for: self, fileName: fileName)
        case .caml: return nil
        }
    }
}
