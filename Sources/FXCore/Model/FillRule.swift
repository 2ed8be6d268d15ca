/// How overlapping parts of a path are filled: SVG's and Core Animation's two rules.
public enum FillRule: String, CaseIterable, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
