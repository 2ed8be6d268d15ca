import FXCore

/// `fx export`: an effect written as Core Animation code or a Core Animation document.
public enum EffectExport {
    /// Exports `document` (a loaded effect file) as `format` for `platform`. `name` names the
    /// main file (`confetti` → `confetti.swift`); the function the code defines is named after
    /// the effect (`makeConfettiLayer`).
    public static func run(_ document: EffectDocument, format: ExportFormat, platform: ExportPlatform = .ios,
                           name: String? = nil) -> ExportResult {
        var builder = CoreAnimationTreeBuilder(document: document, format: format, platform: platform)
        let tree = builder.build()
        let fileName = name ?? document.effect.name
        let files: [ExportedFile]
        switch format {
        case .swift: files = SwiftSourceWriter.files(for: tree, name: fileName)
        case .objc: files = ObjectiveCSourceWriter.files(for: tree, name: fileName)
        case .caml: files = CAMLWriter.files(for: tree, name: fileName)
        }
        var all = files
        if format != .caml {
            // Code loads the effect's image files by name: they go beside the source.
            for case .file(let name, let path) in tree.images {
                all.append(ExportedFile(relativePath: name, contents: .copy(path)))
            }
        }
        return ExportResult(files: all, warnings: builder.warnings, isBundle: format == .caml)
    }

    /// The tree `document` exports as (what the writers print), with the warnings.
    public static func tree(of document: EffectDocument, format: ExportFormat,
                            platform: ExportPlatform = .ios) -> (document: CoreAnimationDocument, warnings: [ExportWarning]) {
        var builder = CoreAnimationTreeBuilder(document: document, format: format, platform: platform)
        let tree = builder.build()
        return (tree, builder.warnings)
    }
}
