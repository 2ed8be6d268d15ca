/// A node of the layer tree, with Core Animation's `CALayer` properties. What a layer draws
/// depends on its ``type``; emitter layers carry ``emitter``.
public struct Layer: Sendable {
    public enum LayerType: String, CaseIterable, Sendable {
        case layer, emitter, replicator, gradient, shape, text, image
    }

    public var type: LayerType
    public var name: String?
    /// The name that identifies the layer in the effect: its `name` (or its type when unnamed),
    /// made unique with `#2`, `#3`, … in file order. Set by ``Effect/assignUniqueNames()``.
    public internal(set) var uniqueName: String?
    public var position: Point = .zero
    public var bounds: Rect = .zero
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var transform: [TransformOperation] = []
    public var sublayerTransform: [TransformOperation] = []
    public var opacity: Double = 1
    public var zPosition: Double = 0
    public var hidden = false
    public var backgroundColor: Color?
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var masksToBounds = false
    public var sublayers: [Layer] = []
    public var animations: [Animation] = []
    public var timing = MediaTiming()
    /// The emitter properties, for `type == .emitter`.
    public var emitter: EmitterProperties?
    /// Properties of the replicator, gradient, shape, text and image types, decoded and checked
    /// by name and kept as written until their layer types are drawn.
    public var typeProperties: [String: JSONNode] = [:]
    /// The animatable properties of those types (`colors`, `locations`, `path`, `instanceDelay`,
    /// …), decoded to values so that animations can read and write them.
    public var typeValues: [String: AnimatableValue] = [:]
    /// A text layer's font file, resolved from `font` when the effect loads.
    public var fontPath: String?
    /// An image layer's `contents`, resolved when the effect loads.
    public var imageContents: TextureReference?
    /// For animated GIF contents: the frames' delays.
    public var imageAnimation: GIFInfo?
    /// Scheduled changes of an image or text layer's contents, with their transitions.
    public var contentTransitions: [ContentTransition] = []
    /// Stored as an array so that `Layer` can contain a `Layer`.
    private var maskStorage: [Layer] = []

    /// The layer whose alpha masks this one.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    public init(type: LayerType, name: String? = nil) {
        self.type = type
        self.name = name
        if type == .emitter { emitter = EmitterProperties() }
    }

    /// The anchor point in the layer's own coordinates: where `position` is in the parent, and
    /// what the layer's transform and sublayer transform turn about.
    public var anchorInBounds: Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width, y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// The transform from this layer's coordinates to its parent's: bounds origin and anchor
    /// point, the layer transform about the anchor, then position.
    public var transformToParent: AffineTransform {
        let anchor = anchorInBounds
        return AffineTransform.translation(-anchor.x, -anchor.y)
            .concatenating(transform.affineTransform)
            .concatenating(.translation(position.x, position.y))
    }
}
