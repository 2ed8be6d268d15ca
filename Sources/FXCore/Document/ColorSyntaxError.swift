/// Why a color string did not parse.
public struct ColorSyntaxError: Error, Equatable, Sendable {
    /// What is wrong with the string, for a diagnostic.
    public var message: String
    /// The 0-based character index inside the string, when one character is at fault.
    public var position: Int?
    /// A likely intended color ("did you mean …?") for a misspelt CSS name; nil otherwise.
    public var suggestion: String?
}
