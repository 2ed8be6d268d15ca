import Foundation

/// Resolves a text layer's `font`: a TrueType or OpenType file (relative to the effect file),
/// or a family name of the DejaVu fonts every install has (Debian's fonts-dejavu-core).
public enum FontCatalog {
    /// The family a text layer uses when it names no `font`.
    public static let defaultFamily = "DejaVu Sans"

    /// Family names and their files.
    public static let families: [String: String] = [
        "DejaVu Sans": "DejaVuSans.ttf",
        "DejaVu Sans Bold": "DejaVuSans-Bold.ttf",
        "DejaVu Sans Mono": "DejaVuSansMono.ttf",
        "DejaVu Sans Mono Bold": "DejaVuSansMono-Bold.ttf",
        "DejaVu Serif": "DejaVuSerif.ttf",
        "DejaVu Serif Bold": "DejaVuSerif-Bold.ttf",
    ]

    /// Where the DejaVu files are found, in order.
    public static let directories = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu"]

    /// Why a font could not be resolved.
    public struct Failure: Error {
        /// What is wrong: a missing or non-font file, an unknown family, or an uninstalled one.
        public var message: String
        /// What to write or install instead, for the diagnostic.
        public var suggestion: String?
    }

    /// The path of the font file `font` names, or why there is none. A `.ttf` or `.otf` name,
    /// or any name with a `/`, is a file (relative to `baseDirectory` unless absolute), checked
    /// to start like a font; anything else is a family of ``families``, matched ignoring case
    /// and looked for in ``directories``.
    public static func resolve(_ font: String, baseDirectory: String) -> Result<String, Failure> {
        let lower = font.lowercased()
        if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || font.contains("/") {
            let path = font.hasPrefix("/") ? font : (baseDirectory as NSString).appendingPathComponent(font)
            // TrueType, OpenType and collections start with one of these tags.
            let head: [UInt8]
            do {
                head = try FileReader.readPrefix(path, count: 4)
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
            return .success((path as NSString).standardizingPath)
        }
        guard let file = families.first(where: { $0.key.lowercased() == lower })?.value else {
            let names = families.keys.sorted()
            return .failure(Failure(message: "unknown font family \"\(font)\"",
                                    suggestion: closestMatch(to: font, in: names).map { "did you mean \"\($0)\"?" } ?? "use one of \(names.joined(separator: ", ")) or a .ttf path"))
        }
        for directory in directories {
            let path = (directory as NSString).appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: path) { return .success(path) }
        }
        return .failure(Failure(message: "the font \"\(font)\" (\(file)) is not installed", suggestion: "install fonts-dejavu-core (tools/fx does)"))
    }
}
