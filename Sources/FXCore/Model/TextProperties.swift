/// A text layer's properties (`CATextLayer`).
public struct TextProperties: Sendable, Equatable {
    /// The text; lines split at `\n`, `\r\n` or `\r` (see ``lines(of:)``) (default empty);
    /// `CATextLayer.string`.
    public var string = ""
    /// The font as written: a family name or a font file (nil: the default family);
    /// `CATextLayer.font`.
    public var font: String?
    /// The font file the name resolved to when the effect loaded.
    public var fontPath: String?
    /// Points, 1…2000 (default 36); `CATextLayer.fontSize`.
    public var fontSize: Double = 36
    /// The text's color (default opaque white); `CATextLayer.foregroundColor`.
    public var foregroundColor: Color = .white
    /// Where lines sit across the bounds (default `.left`); `CATextLayer.alignmentMode`.
    public var alignmentMode: TextAlignment = .left

    /// Text with Core Animation's defaults: empty, 36 points, white, left-aligned.
    public init() {}

    /// The most characters (Unicode scalars) a text layer's string may have.
    public static let maxStringLength = 10_000

    /// The lines of a text layer's string: split at each line break, `\n`, `\r\n` (one break,
    /// as Core Text takes it) or a lone `\r`. An empty string is one empty line.
    public static func lines(of string: String) -> [Substring] {
        // "\r\n" is one Character in Swift, equal to neither "\r" nor "\n".
        string.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    /// The font family of a text layer that names none.
    public static let defaultFont = "DejaVu Sans"
}
