/// A layer of the tree with what it inherits from its ancestors, at one moment.
public struct PlacedLayer: Sendable {
    /// The layer's `name` (or its type when unnamed), made unique in the effect with `#2`,
    /// `#3`, … in drawing order.
    public var name: String
    /// The presentation layer: the model with its animations applied at ``localTime``.
    public var layer: Layer
    /// The layer as written in the file.
    public var model: Layer
    /// From the layer's coordinates to the canvas, flattened to 2D (rotations about x and y
    /// foreshorten, perspective is left out): what particles and text are drawn with.
    public var transformToCanvas: AffineTransform
    /// From the layer's plane to the canvas in 3D, with every perspective above it: what the
    /// layer's vector content (backgrounds, borders, shapes, gradients, images) is drawn with.
    public var matrix: Matrix4 = .identity
    /// The product of its own and its ancestors' opacities.
    public var opacity: Double
    /// The layer's time at this moment: the effect time through the media timing of every
    /// ancestor and the layer itself.
    public var localTime: Double
    /// The media timing of the ancestors and the layer, root first: maps effect time to
    /// ``localTime``.
    public var timingChain: [MediaTiming]
    /// The perspective of the nearest ancestor whose `sublayerTransform` has one.
    public var perspective: Perspective? = nil
    /// A color multiplied into everything the layer draws: the product of the instance colors
    /// of the replicators it is copied by (opaque white for none).
    public var tint: Color = .white
    /// Which copy this is, for each enclosing replicator (empty outside replicators).
    public var instancePath: [Int] = []
    /// The layer's `mask`, placed in the layer's coordinates (empty when it has none).
    public var maskLayers: [PlacedLayer] = []
    /// The index in the placed list just after this layer's sublayers: the layer and its
    /// subtree are the entries up to here (what a mask masks).
    public var subtreeEnd: Int = 0
    /// Set when the layer's opacity is applied to it and its sublayers as a group (it has
    /// sublayers and is not opaque): the subtree is drawn apart and faded once, so overlapping
    /// sublayers do not show through each other. ``opacity`` then leaves this factor out.
    public var groupOpacity: Double? = nil
}
