/// The properties of a `CAEmitterLayer`.
public struct EmitterProperties: Sendable {
    public enum Shape: String, CaseIterable, Sendable {
        case point, line, rectangle, circle, cuboid, sphere
    }

    public enum Mode: String, CaseIterable, Sendable {
        case points, outline, surface, volume
    }

    public enum RenderMode: String, CaseIterable, Sendable {
        case unordered, oldestFirst, oldestLast, backToFront, additive
    }

    public var emitterPosition: Point = .zero
    public var emitterZPosition: Double = 0
    public var emitterSize: Size = .zero
    public var emitterDepth: Double = 0
    public var emitterShape: Shape = .point
    public var emitterMode: Mode = .volume
    public var renderMode: RenderMode = .unordered
    public var preservesDepth = false
    /// Multiplier of every cell's `birthRate`.
    public var birthRate: Double = 1
    /// Multiplier of every cell's `lifetime`.
    public var lifetime: Double = 1
    /// Multiplier of every cell's `velocity`.
    public var velocity: Double = 1
    /// Multiplier of every cell's `scale`.
    public var scale: Double = 1
    /// Multiplier of every cell's `spin`.
    public var spin: Double = 1
    public var seed: UInt64 = 0
    /// fx extension: in the window, `emitterPosition` follows the pointer.
    public var followsPointer = false
    /// fx extension: in the window, a click emits each cell's `burstCount` at the pointer.
    public var burstsOnClick = false
    public var emitterCells: [EmitterCell] = []

    public init() {}
}
