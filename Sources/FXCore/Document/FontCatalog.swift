import Foundation

/// Resolves a text layer's `font`: a TrueType or OpenType file (relative to the effect file),
/// or a family name of the DejaVu fonts (Debian's fonts-dejavu-core). Which font files exist is
/// the ``EffectResources``' answer: FXCore knows the family names the format accepts, not where
/// a system installs them.
public enum FontCatalog {
    /// The family a text layer uses when it names no `font`.
    public static let defaultFamily = TextProperties.defaultFont

    /// Family names and their files.
    public static let families: [String: String] = [
        "DejaVu Sans": "DejaVuSans.ttf",
        "DejaVu Sans Bold": "DejaVuSans-Bold.ttf",
        "DejaVu Sans Mono": "DejaVuSansMono.ttf",
        "DejaVu Sans Mono Bold": "DejaVuSansMono-Bold.ttf",
        "DejaVu Serif": "DejaVuSerif.ttf",
        "DejaVu Serif Bold": "DejaVuSerif-Bold.ttf",
    ]

    /// Why a font could not be resolved.
    public struct Failure: Error {
        /// What is wrong: a missing or non-font file, an unknown family, or an uninstalled one.
        public var message: String
        /// What to write or install instead, for the diagnostic.
        public var suggestion: String?

        /// A failure with this message and suggestion (a resolver's answer for a family it
        /// cannot find).
        /// - Parameters:
        ///   - message: what is wrong.
        ///   - suggestion: what to write or install instead.
        public init(message: String, suggestion: String? = nil) {
            self.message = message
            self.suggestion = suggestion
        }
    }

    /// The location of the font file `font` names, or why there is none. A `.ttf` or `.otf`
    /// name, or any name with a `/`, is a file (relative to `baseDirectory` unless absolute),
    /// checked to start like a font; anything else is a family of ``families``, matched ignoring
    /// case, whose installed file `resources` finds.
    /// - Parameters:
    ///   - font: the text layer's `font`.
    ///   - baseDirectory: the effect's folder.
    ///   - resources: where font files are read and installed families found.
    public static func resolve(_ font: String, baseDirectory: String,
                               resources: any EffectResources = FileResources()) -> Result<String, Failure> {
        let lower = font.lowercased()
        if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || font.contains("/") {
            let path = resources.location(ofFile: font, relativeTo: baseDirectory)
            // TrueType, OpenType and collections start with one of these tags.
            let head: [UInt8]
            do {
                head = try resources.contents(at: path, prefix: 4, limit: FileReader.maxAssetBytes)
            } catch {
                if case .missing = error.reason {
                    return .failure(Failure(message: "font file \(path) not found", suggestion: "use a family such as \"\(defaultFamily)\" or a .ttf path relative to the effect file"))
                }
                return .failure(Failure(message: "font file \(error.description)", suggestion: error.suggestion))
            }
            let tags: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
            guard tags.contains(head) else {
                return .failure(Failure(message: "\(path) is not a TrueType or OpenType font", suggestion: "use a .ttf or .otf file"))
            }
            return .success(path)
        }
        guard let file = families.first(where: { $0.key.lowercased() == lower })?.value else {
            let names = families.keys.sorted()
            return .failure(Failure(message: "unknown font family \"\(font)\"",
                                    suggestion: closestMatch(to: font, in: names).map { "did you mean \"\($0)\"?" } ?? "use one of \(names.joined(separator: ", ")) or a .ttf path"))
        }
        return resources.installedFont(family: font, fileName: file)
    }
}
