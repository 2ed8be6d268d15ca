/// A layer's drop shadow in one frame: what casts it, how much it is blurred, moved and
/// colored, and where the layer's plane is on the canvas. A ``DrawList`` holds one per layer
/// with a shadow, as a batch drawn before the layer's content; ``ShadowCache`` turns it into an
/// image.
public struct ShadowItem: Sendable {
    /// What casts the shadow, in the layer's coordinates.
    public var caster: ShadowCaster
    /// The layer's `shadowRadius`: the Gaussian blur's standard deviation, in the layer's points.
    public var radius: Double
    /// The layer's `shadowOffset`, in the layer's points.
    public var offset: Size
    /// The shadow's color, with `shadowOpacity`, the layer's opacity and a replicator copy's
    /// tint multiplied in.
    public var color: Color
    /// From the layer's plane to the canvas, as the layer's content is drawn.
    public var matrix: Matrix4
    /// The layer casting it (its name, unique in the effect), for the error when its image
    /// would pass the frame's ``DrawList/maxOffscreenBytes``.
    public var layer: String

    /// The shadow a placed layer casts now, or nil when it casts none (`shadowOpacity` 0, a
    /// clear color, nothing drawn).
    init?(of placed: PlacedLayer) {
        let layer = placed.layer
        guard layer.shadowOpacity > 0, layer.shadowColor.alpha > 0, placed.opacity > 0 else { return nil }
        var color = layer.shadowColor.clamped.multiplied(by: placed.tint)
        color.alpha *= layer.shadowOpacity.clamped01 * placed.opacity.clamped01
        guard color.alpha > 0, layer.shadowRadius.isFinite, layer.shadowOffset.width.isFinite, layer.shadowOffset.height.isFinite,
              let caster = ShadowCaster(layer, localTime: placed.localTime) else { return nil }
        self.caster = caster
        radius = max(0, layer.shadowRadius)
        offset = layer.shadowOffset
        self.color = color
        matrix = placed.matrix
        self.layer = placed.name
    }
}

extension DrawList {
    /// Adds a layer's shadow, as a batch of its own.
    func appendShadow(_ item: ShadowItem) {
        shadows.append(item)
        batches.append(DrawBatch(texture: nil, image: nil, text: nil, shadow: shadows.count - 1, textureLevel: 0, blendMode: .normal,
                                 vertexStart: vertices.count, vertexCount: 0, indexStart: indices.count, indexCount: 0))
        batchIsSealed = true
    }
}
