/// A `CAEmitterCell`: the template particles are made from. Ranges follow Core Animation's
/// rule — a property with mean M and range R is drawn from [M − R/2, M + R/2].
public struct EmitterCell: Sendable {
    /// The cell's name in key paths (`emitterCells.NAME.birthRate`), unique among its siblings;
    /// `CAEmitterCell.name`. Nil by default.
    public var name: String?
    /// Whether the cell emits (default true); `CAEmitterCell.isEnabled`.
    public var enabled = true
    /// Particles per second, times the layer's `birthRate` (default 0: none);
    /// `CAEmitterCell.birthRate`.
    public var birthRate: Double = 0
    /// How long a particle lives, in seconds, times the layer's `lifetime` (default 0);
    /// `CAEmitterCell.lifetime`.
    public var lifetime: Double = 0
    /// The spread of `lifetime` in seconds: each particle's is drawn from lifetime ± range/2
    /// (default 0); `CAEmitterCell.lifetimeRange`.
    public var lifetimeRange: Double = 0
    /// Radians out of the x-y plane (fx measures it from the plane, so the default 0 keeps
    /// motion 2D); `CAEmitterCell.emissionLatitude`.
    public var emissionLatitude: Double = 0
    /// The direction of emission in the x-y plane, radians from +x; y is down, so π/2 points
    /// down the screen (default 0); `CAEmitterCell.emissionLongitude`.
    public var emissionLongitude: Double = 0
    /// Radians: each particle's direction is drawn uniformly from `emissionLongitude` ± range/2
    /// (default 0); `CAEmitterCell.emissionRange`.
    public var emissionRange: Double = 0
    /// Initial speed in points per second, times the layer's `velocity` (default 0);
    /// `CAEmitterCell.velocity`.
    public var velocity: Double = 0
    /// The spread of `velocity` in points per second, drawn from velocity ± range/2 (default 0);
    /// `CAEmitterCell.velocityRange`.
    public var velocityRange: Double = 0
    /// Acceleration along x in points per second² (default 0); `CAEmitterCell.xAcceleration`.
    public var xAcceleration: Double = 0
    /// Acceleration along y in points per second², positive down the screen (default 0);
    /// `CAEmitterCell.yAcceleration`.
    public var yAcceleration: Double = 0
    /// Acceleration along z in points per second² (default 0); `CAEmitterCell.zAcceleration`.
    public var zAcceleration: Double = 0
    /// Size factor of the particle's image, times the layer's `scale` (default 1);
    /// `CAEmitterCell.scale`.
    public var scale: Double = 1
    /// The spread of `scale`, drawn from scale ± range/2 (default 0); `CAEmitterCell.scaleRange`.
    public var scaleRange: Double = 0
    /// Scale change per second (default 0); `CAEmitterCell.scaleSpeed`.
    public var scaleSpeed: Double = 0
    /// Rotation in radians per second, times the layer's `spin` (default 0);
    /// `CAEmitterCell.spin`.
    public var spin: Double = 0
    /// The spread of `spin` in radians per second, drawn from spin ± range/2 (default 0);
    /// `CAEmitterCell.spinRange`.
    public var spinRange: Double = 0
    /// The particle's color at birth, multiplied into its image (default opaque white);
    /// `CAEmitterCell.color`.
    public var color: Color = .white
    /// The spread of the red channel (0…1 scale), drawn from red ± range/2 (default 0);
    /// `CAEmitterCell.redRange`.
    public var redRange: Double = 0
    /// The spread of the green channel (0…1 scale), drawn from green ± range/2 (default 0);
    /// `CAEmitterCell.greenRange`.
    public var greenRange: Double = 0
    /// The spread of the blue channel (0…1 scale), drawn from blue ± range/2 (default 0);
    /// `CAEmitterCell.blueRange`.
    public var blueRange: Double = 0
    /// The spread of the alpha channel (0…1 scale), drawn from alpha ± range/2 (default 0);
    /// `CAEmitterCell.alphaRange`.
    public var alphaRange: Double = 0
    /// Change per second of the red channel, clamped to 0…1 (default 0);
    /// `CAEmitterCell.redSpeed`.
    public var redSpeed: Double = 0
    /// Change per second of the green channel, clamped to 0…1 (default 0);
    /// `CAEmitterCell.greenSpeed`.
    public var greenSpeed: Double = 0
    /// Change per second of the blue channel, clamped to 0…1 (default 0);
    /// `CAEmitterCell.blueSpeed`.
    public var blueSpeed: Double = 0
    /// Change per second of alpha, clamped to 0…1 (default 0); `CAEmitterCell.alphaSpeed`.
    public var alphaSpeed: Double = 0
    /// The particle's image, a built-in texture or a declared file; nil (the default) draws
    /// nothing but still emits sub-cells. `CAEmitterCell.contents`.
    public var contents: TextureReference?
    /// The part of the image drawn, in unit coordinates inside [0, 0, 1, 1] (the default);
    /// `CAEmitterCell.contentsRect`.
    public var contentsRect: Rect = .unit
    /// Image pixels per point (default 1): a particle is its image's pixel size × `contentsRect`
    /// ÷ `contentsScale` × its scale, in points. `CAEmitterCell.contentsScale`.
    public var contentsScale: Double = 1
    /// Sub-cells emitted from each of this cell's particles, their timing in the parent's age.
    public var emitterCells: [EmitterCell] = []
    /// Relative to the layer for top-level cells, to the parent particle for sub-cells.
    public var timing = MediaTiming()
    /// fx's extensions (forces, values over life, sprite frames, bursts).
    public var extensions = CellExtensions()

    /// A cell with every property at Core Animation's default (it emits nothing until given a
    /// `birthRate` and `lifetime`).
    public init(name: String? = nil) {
        self.name = name
    }
}
