/// A replicator layer's properties (`CAReplicatorLayer`): it draws its sublayers
/// `instanceCount` times, each copy transformed, delayed and tinted a step further.
public struct ReplicatorProperties: Sendable, Equatable {
    /// The number of copies, the original included: 0…``maxInstanceCount`` (default 1);
    /// animated values are rounded down. `CAReplicatorLayer.instanceCount`.
    public var instanceCount = 1
    /// Seconds each copy runs behind the one before (default 0); `CAReplicatorLayer.instanceDelay`.
    public var instanceDelay: Double = 0
    /// The transform applied k times to copy k, about the replicator's centre (default none);
    /// `CAReplicatorLayer.instanceTransform`.
    public var instanceTransform: [TransformOperation] = []
    /// The tint of copy 0 (default opaque white); `CAReplicatorLayer.instanceColor`.
    public var instanceColor: Color = .white
    /// Added to the tint's red per copy (default 0); `CAReplicatorLayer.instanceRedOffset`.
    public var instanceRedOffset: Double = 0
    /// Added to the tint's green per copy (default 0); `CAReplicatorLayer.instanceGreenOffset`.
    public var instanceGreenOffset: Double = 0
    /// Added to the tint's blue per copy (default 0); `CAReplicatorLayer.instanceBlueOffset`.
    public var instanceBlueOffset: Double = 0
    /// Added to the tint's alpha per copy (default 0); `CAReplicatorLayer.instanceAlphaOffset`.
    public var instanceAlphaOffset: Double = 0
    /// Read for Core Animation compatibility; copies are always drawn in order (default
    /// false). `CAReplicatorLayer.preservesDepth`.
    public var preservesDepth = false

    /// The most copies one replicator makes.
    public static let maxInstanceCount = 10_000

    /// A replicator with Core Animation's defaults: one copy, no delay, transform or tint.
    public init() {}

    /// The tint of copy k: instanceColor plus k times each offset, clamped to 0…1.
    public func color(instance k: Int) -> Color {
        let n = Double(k)
        return Color(red: instanceColor.red + n * instanceRedOffset, green: instanceColor.green + n * instanceGreenOffset,
                     blue: instanceColor.blue + n * instanceBlueOffset, alpha: instanceColor.alpha + n * instanceAlphaOffset).clamped
    }
}
