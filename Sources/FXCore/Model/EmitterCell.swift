/// A `CAEmitterCell`: the template particles are made from. Ranges follow Core Animation's
/// rule — a property with mean M and range R is drawn from [M − R/2, M + R/2].
public struct EmitterCell: Sendable {
    public var name: String?
    public var enabled = true
    /// Particles per second (times the layer's `birthRate`).
    public var birthRate: Double = 0
    /// Seconds (times the layer's `lifetime`).
    public var lifetime: Double = 0
    public var lifetimeRange: Double = 0
    public var emissionLatitude: Double = 0
    /// Radians in the x-y plane from +x; y is down, so π/2 points down the screen.
    public var emissionLongitude: Double = 0
    public var emissionRange: Double = 0
    public var velocity: Double = 0
    public var velocityRange: Double = 0
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    public var zAcceleration: Double = 0
    public var scale: Double = 1
    public var scaleRange: Double = 0
    /// Scale change per second.
    public var scaleSpeed: Double = 0
    /// Radians per second.
    public var spin: Double = 0
    public var spinRange: Double = 0
    public var color: Color = .white
    public var redRange: Double = 0
    public var greenRange: Double = 0
    public var blueRange: Double = 0
    public var alphaRange: Double = 0
    /// Change per second of each channel.
    public var redSpeed: Double = 0
    public var greenSpeed: Double = 0
    public var blueSpeed: Double = 0
    public var alphaSpeed: Double = 0
    public var contents: TextureReference?
    public var contentsRect: Rect = .unit
    public var contentsScale: Double = 1
    /// Sub-cells emitted from each particle (simulated from the sub-cell issue on).
    public var emitterCells: [EmitterCell] = []
    /// Relative to the layer for top-level cells, to the parent particle for sub-cells.
    public var timing = MediaTiming()
    /// fx's extensions (forces, values over life, sprite frames, bursts).
    public var extensions = CellExtensions()

    public init(name: String? = nil) {
        self.name = name
    }
}

/// Where a particle's image comes from: one of the built-in procedural textures, or a PNG file.
public enum TextureReference: Hashable, Sendable, CustomStringConvertible {
    case builtin(BuiltinTexture)
    /// An absolute path, with the image's pixel size read from its header at load time.
    case file(path: String, width: Int, height: Int)
    /// An animated GIF (absolute path), with its size; frames are picked by ``DrawBatch/textureFrame``.
    case animation(path: String, width: Int, height: Int)

    public var pixelSize: Size {
        switch self {
        case .builtin(let texture): return texture.pixelSize
        case .file(_, let width, let height), .animation(_, let width, let height): return Size(width: Double(width), height: Double(height))
        }
    }

    public var description: String {
        switch self {
        case .builtin(let texture): return texture.rawValue
        case .file(let path, _, _), .animation(let path, _, _): return path
        }
    }
}
