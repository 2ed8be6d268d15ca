import FXCore
import Foundation

/// What the `fx` command reads effects' files with: files on disk relative to the effect's
/// folder (as FXCore's `FileResources`), and the DejaVu font families installed in the
/// system's font folders, so that a text layer may name `"DejaVu Sans"` instead of a file.
///
/// Pass it where an effect is decoded to get what `fx` gets:
///
/// ```swift
/// let effect = try EffectDecoder.load(path: "effects/cat-waiting-hud.json", resources: SystemResources())
/// let player = try EffectPlayer(contentsOfFile: "effects/cat-waiting-hud.json", resources: SystemResources())
/// ```
public struct SystemResources: EffectResources {
    /// Where Debian (fonts-dejavu-core), Arch and Fedora install the DejaVu fonts, searched in
    /// this order.
    public static let standardFontDirectories = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu"]

    /// The folders searched for a family's font file, in order: the first that holds it wins.
    public var fontDirectories: [String]

    private let files = FileResources()

    /// Files on disk, and fonts from `fontDirectories`.
    /// - Parameter fontDirectories: the folders searched for installed font files.
    public init(fontDirectories: [String] = SystemResources.standardFontDirectories) {
        self.fontDirectories = fontDirectories
    }

    /// The file's absolute path, as `FileResources` gives it.
    /// - Parameters:
    ///   - path: the path as written in the effect file.
    ///   - directory: the effect's folder.
    public func location(ofFile path: String, relativeTo directory: String) -> String {
        files.location(ofFile: path, relativeTo: directory)
    }

    /// The file's bytes, read as `FileResources` reads them.
    /// - Parameters:
    ///   - location: the file's path.
    ///   - prefix: how many leading bytes are wanted; nil for all of them.
    ///   - limit: the largest file read.
    public func contents(at location: String, prefix: Int?, limit: Int) throws(FileReadError) -> [UInt8] {
        try files.contents(at: location, prefix: prefix, limit: limit)
    }

    /// The family's file in the first of ``fontDirectories`` that holds it, or a failure that
    /// says which package installs it.
    /// - Parameters:
    ///   - family: the family as the effect writes it.
    ///   - fileName: the family's font file.
    public func installedFont(family: String, fileName: String) -> Result<String, FontCatalog.Failure> {
        for directory in fontDirectories {
            let path = (directory as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: path) { return .success(path) }
        }
        return .failure(FontCatalog.Failure(message: "the font \"\(family)\" (\(fileName)) is not installed",
                                            suggestion: "install fonts-dejavu-core (tools/fx does)"))
    }
}
