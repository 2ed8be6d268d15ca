/// A ``Chart`` too small for its panels: each unit gets a panel of its own, and below
/// ``minimumHeight`` their plots would be too flat to read.
public struct ChartSizeError: Error, CustomStringConvertible {
    /// The chart's size in pixels.
    public var width: Int, height: Int
    /// The units that each need a panel, top to bottom.
    public var units: [String]
    /// The least height, in pixels, at which every panel's plot is readable at this width.
    public var minimumHeight: Int

    public var description: String {
        let panels = units.count == 1 ? "its panel" : "\(units.count) panels (one per unit: \(units.map(Chart.heading(forUnit:)).joined(separator: ", ")))"
        return "a \(width)x\(height) chart is too small for \(panels); it needs a height of at least \(minimumHeight) pixels"
    }
}
