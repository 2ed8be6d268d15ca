import FXCore

/// Frames of one effect, for recordings: one `EffectPlayer` sought to each frame's time and
/// one renderer reused. `EffectRenderer` renders through one, so a recorded frame is exactly
/// what `fx render` gives for its time.
///
/// Going to a time is the player's `EffectPlayer.seek(to:)`, the one way fx goes to a time:
/// forward by stepping, back by replaying from time 0 with the changes made through
/// ``player`` (`setValue(_:forKeyPath:)`, bursts, added animations) at the steps they were made.
public final class FrameSequence {
    /// The effect running, at the time of the last frame rendered (time 0 before the first).
    /// Change it through the player's methods to render a changed effect.
    public let player: EffectPlayer
    /// The simulation, at the time of the last frame rendered (time 0 before the first).
    public var world: World { player.world }
    /// The output size in pixels.
    public let width: Int, height: Int
    let renderer: HeadlessRenderer
    let list = DrawList()

    /// - Parameters:
    ///   - effect: the effect to render.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate`.
    ///   - size: output pixels; the canvas size when nil.
    ///   - resources: where the effect's image and font files are read from (the resolver it
    ///     was decoded with; files on disk by default).
    ///   - defersPrewarm: leaves the effect's prewarm to the first frame's seek, or to
    ///     ``player``'s `seek(to:maxSteps:)` in slices (`fx render` shows its progress and
    ///     stops on a signal so); false, the default, prewarms here.
    public init(effect: Effect, seed: UInt64? = nil, stepRate: Double? = nil, size: (width: Int, height: Int)? = nil,
                resources: any EffectResources = FileResources(), defersPrewarm: Bool = false) throws {
        player = EffectPlayer(effect: effect, seed: seed, stepRate: stepRate, defersPrewarm: defersPrewarm)
        (width, height) = size ?? effect.canvas.size.wholePixels
        renderer = try HeadlessRenderer(width: width, height: height, canvas: effect.canvas.size, resources: resources)
    }

    /// The effect at `time` (rounded to the nearest step), drawn exactly at that step.
    public func frame(at time: Double) throws -> RGBAImage {
        player.seek(to: time)
        player.buildDrawList(into: list, pixelsPerPoint: renderer.renderedPixelsPerPoint)
        // The rasterizer draws with the player's threads too (the same pixels with any number).
        renderer.threads = player.threads
        return try renderer.render(list)
    }
}
