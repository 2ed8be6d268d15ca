/// Presentation values of key paths sampled over time: what `fx plot` draws and
/// `fx inspect --keypath` reports.
public struct KeyPathSeries: Sendable {
    /// The key path as asked for: `LAYER.KEYPATH`.
    public var name: String
    /// One name per component: the key path itself for a number, `.x`/`.y` for a point,
    /// `.red` … for a color, `[i]` for lists.
    public var componentNames: [String]
    /// The sample times, in seconds of effect time, evenly spaced from the start to the end.
    public var times: [Double]
    /// `values[component][sample]`.
    public var values: [[Double]]
}
