/// Presentation values of key paths sampled over time: what `fx plot` draws and
/// `fx inspect --keypath` reports.
public struct KeyPathSeries: Sendable {
    /// The key path as asked for: `LAYER.KEYPATH`.
    public var name: String
    /// One name per component: the key path itself for a number, `.x`/`.y` for a point,
    /// `.red` … for a color, `[i]` for lists of numbers, `[i].red` … and `[i].x` for lists of
    /// colors and a path's points.
    public var componentNames: [String]
    /// The unit of each component, from the property registry
    /// (``AnimatableKeyPath/componentUnits(of:)``): what `fx plot` groups its panels by.
    public var componentUnits: [String]
    /// The sample times, in seconds of effect time, evenly spaced from the start to the end.
    public var times: [Double]
    /// `values[component][sample]`; NaN where the layer was not presented at that time.
    public var values: [[Double]]
}
