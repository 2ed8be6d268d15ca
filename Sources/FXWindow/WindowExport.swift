import FXExport

/// The panel's Export… menu (issue 36): the formats it offers, the path each starts from, and
/// the export of the effect as it is edited now. The window makes it (``WindowPanel/export``),
/// so that the panel builds without the exporter.
public struct WindowExport {
    /// A format the menu offers.
    public struct Format: Equatable {
        /// The menu item's title: `Swift (.swift)`.
        public let title: String
        /// The extension of the file (or, for a bundle, the folder) written: `swift`, `m`, `ca`.
        public let pathExtension: String
        /// A short name for the log: `swift`, `objc`, `caml`.
        public let name: String
        let format: ExportFormat

        init(_ format: ExportFormat) {
            self.format = format
            switch format {
            case .swift: title = "Swift (.swift)"
            case .objc: title = "Objective-C (.m)"
            case .caml: title = "Core Animation document (.ca)"
            }
            pathExtension = format.pathExtension
            name = format.rawValue
        }

        /// Every format the exporter writes, in its order.
        static let all = ExportFormat.allCases.map(Format.init)
    }

    /// The formats, in the menu's order.
    public let formats: [Format]
    /// The path an export in a format starts from: a free `NAME.EXT` beside the effect file
    /// (in the working folder for a shipped effect).
    public let suggestedPath: (Format) -> String
    /// Exports the effect, with the panel's edits, at a path (relative paths are the working
    /// folder's): checked at once, written once the panel has drawn; `overwrite` replaces
    /// what is there (asked only after ``SaveAsOutcome/exists``).
    public let run: (_ format: Format, _ path: String, _ overwrite: Bool) -> SaveAsOutcome
}
