/// The limits on what an effect file may ask for. Past them a file is rejected with a message,
/// so that no file can make fx hang or exhaust memory.
public enum EffectLimits {
    /// The largest effect file read.
    public static let maxFileBytes = 8 * 1024 * 1024
    /// How deep layers (sublayers and masks) may nest.
    public static let maxLayerDepth = 32
    /// How deep emitter cells may nest (cells of cells).
    public static let maxCellDepth = 8
    /// The most layers in one effect.
    public static let maxLayers = 10_000
    /// The most cells in one effect, counting sub-cells.
    public static let maxCells = 10_000
    /// A cell's birthRate.
    public static let maxBirthRate = 10_000_000.0
    /// A cell's `burstCount`.
    public static let maxBurstCount = 1_000_000
    /// A cell's `burstInterval`, when not 0: bursts at most a thousand times a second.
    public static let minBurstInterval = 0.001
    /// A cell's `burstCycles`.
    public static let maxBurstCycles = 1_000_000
    /// An emitter layer's `prewarm`, in seconds.
    public static let maxPrewarm = 600.0
    /// The most steps a `prewarm` takes: a longer prewarm takes longer steps, so that a
    /// hostile prewarm cannot hang the load.
    public static let maxPrewarmSteps = 2048
    /// The most force fields, and the most colliders, one emitter layer has (each acts on
    /// every particle every step).
    public static let maxMotionElements = 256
    /// A PNG texture's largest side.
    public static let maxTextureSide = 8192
    /// The most memory an effect's images may take decoded, as 4-byte RGBA pixels: 1 GiB (four
    /// images of 8192², or 64 of 1024²), counting each image file the effect draws once (an
    /// animated GIF once per frame). The sizes are read from the files' headers as the effect
    /// loads, so an effect past it is refused before any image is decoded.
    public static let maxTextureBytes = 1 << 30
    /// The largest canvas side.
    public static let maxCanvasSide = 8192.0
    /// The largest side of a rendered image, in pixels (`fx render --size`, recordings, sheets).
    public static let maxImageSide = 8192
}
