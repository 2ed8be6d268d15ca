/// The properties of a `CAEmitterLayer`.
public struct EmitterProperties: Sendable {
    /// The shape particles are born in, centred on `emitterPosition`; `CAEmitterLayerEmitterShape`.
    public enum Shape: String, CaseIterable, Sendable {
        /// A single point: the position itself (the default).
        case point
        /// A segment `emitterSize.width` long along x.
        case line
        /// A rectangle of `emitterSize`.
        case rectangle
        /// A circle of radius `emitterSize.width / 2`.
        case circle
        /// The rectangle of `emitterSize` extruded by `emitterDepth` along z.
        case cuboid
        /// A ball of radius `emitterSize.width / 2`.
        case sphere
    }

    /// Which part of the shape particles are born on; `CAEmitterLayerEmitterMode`.
    public enum Mode: String, CaseIterable, Sendable {
        /// On the shape's vertices: a line's ends, a rectangle's or cuboid's corners; the centre
        /// of a circle or sphere (fx choice).
        case points
        /// On the boundary: a circle's circumference, a rectangle's edges, a cuboid's faces, a
        /// sphere's surface.
        case outline
        /// Anywhere inside the shape, as `volume` (fx draws the two alike).
        case surface
        /// Anywhere inside the shape (the default).
        case volume
    }

    /// The order particles are drawn in and how they composite; `CAEmitterLayerRenderMode`.
    public enum RenderMode: String, CaseIterable, Sendable {
        /// In storage order, composited source-over (the default).
        case unordered
        /// Sorted by age across cells, the oldest drawn last, on top (fx choice).
        case oldestFirst
        /// Sorted by age across cells, the oldest drawn first, at the bottom.
        case oldestLast
        /// Sorted by depth, far (low z) to near.
        case backToFront
        /// Colors added to what is below instead of composited source-over.
        case additive
    }

    /// The centre of the emission shape, in points in the layer's coordinates (default [0, 0]);
    /// `CAEmitterLayer.emitterPosition`.
    public var emitterPosition: Point = .zero
    /// The z of the shape's centre, in points (default 0); `CAEmitterLayer.emitterZPosition`.
    public var emitterZPosition: Double = 0
    /// The size of the emission shape, in points (default [0, 0]); `CAEmitterLayer.emitterSize`.
    public var emitterSize: Size = .zero
    /// The depth of a cuboid along z, in points, not negative (default 0);
    /// `CAEmitterLayer.emitterDepth`.
    public var emitterDepth: Double = 0
    /// Where particles are born (default `.point`); `CAEmitterLayer.emitterShape`.
    public var emitterShape: Shape = .point
    /// Which part of the shape particles are born on (default `.volume`);
    /// `CAEmitterLayer.emitterMode`.
    public var emitterMode: Mode = .volume
    /// The drawing order and compositing of the layer's particles (default `.unordered`);
    /// `CAEmitterLayer.renderMode`.
    public var renderMode: RenderMode = .unordered
    /// Whether particles keep their z and are projected through a perspective above the layer;
    /// false (the default) flattens them into the layer's plane. `CAEmitterLayer.preservesDepth`.
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
    /// 0…4 294 967 295, added to the effect's seed modulo 2³² (default 0), so that an export's
    /// one `CAEmitterLayer.seed` carries both.
    public var seed: UInt64 = 0
    /// fx extension: in the window, `emitterPosition` follows the pointer.
    public var followsPointer = false
    /// fx extension: in the window, a click emits each cell's `burstCount` at the pointer.
    public var burstsOnClick = false
    /// fx extension: seconds of emission simulated before time 0, with the layer's time-0
    /// values, so that the layer starts full (Unity's prewarm, Godot's preprocess); 0 starts
    /// empty, as Core Animation does.
    public var prewarm: Double = 0
    /// fx extension: force fields acting on every particle of the layer (default none).
    public var fields: [ForceField] = []
    /// fx extension: lines, circles and rectangles every particle of the layer bounces off or
    /// dies on (default none).
    public var colliders: [Collider] = []
    /// fx extension: each particle's emission longitude is measured from the direction from
    /// `emitterPosition` to its birth point, so a circle, sphere or rectangle emits outward
    /// (default false).
    public var emitsOutward = false
    /// fx extension: for `circle` and `sphere` shapes in `volume` or `surface` mode, births
    /// fall between this radius and the outer one, uniform by area (volume); 0 (the default)
    /// fills the whole disc or ball.
    public var emitterInnerRadius: Double = 0
    /// fx extension: `CALayer.compositingFilter` for the layer's particles, screen or
    /// multiply; nil (the default) composites as `renderMode` says.
    public var compositingFilter: CompositingFilter?
    /// fx extension: this layer's own live-particle budget; births pause while it is full.
    /// Nil (the default) leaves only the effect's `maxParticles`.
    public var maxParticles: Int?
    /// The cells the layer emits, in file order (default none); `CAEmitterLayer.emitterCells`.
    public var emitterCells: [EmitterCell] = []

    /// An emitter with Core Animation's defaults: a point at [0, 0], volume mode, unordered, all
    /// multipliers 1, no cells.
    public init() {}
}
