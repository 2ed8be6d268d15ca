/// A node of the layer tree, with Core Animation's `CALayer` properties. What a layer draws
/// depends on its ``type``; emitter layers carry ``emitter``.
public struct Layer: Sendable {
    /// What a layer draws besides its background and border: the Core Animation class it
    /// stands for (the file's `type` key).
    public enum LayerType: String, CaseIterable, Sendable {
        /// A plain `CALayer`: background, border and sublayers only (the file's default).
        case layer
        /// A `CAEmitterLayer`: emits particles from its ``Layer/emitter`` cells.
        case emitter
        /// A `CAReplicatorLayer`: draws its sublayers `instanceCount` times.
        case replicator
        /// A `CAGradientLayer`: axial, radial or conic color gradient over its bounds.
        case gradient
        /// A `CAShapeLayer`: fills and strokes a vector path.
        case shape
        /// A `CATextLayer`: draws a string in a font.
        case text
        /// A `CALayer` with image `contents` (a PNG, a JPEG or an animated GIF).
        case image
    }

    /// What the layer draws; emitter layers also carry ``emitter``.
    public var type: LayerType
    /// The name written in the file, used in key paths and `fx inspect` (nil when unnamed);
    /// `CALayer.name`.
    public var name: String?
    /// The name that identifies the layer in the effect: its `name` (or its type when unnamed),
    /// made unique with `#2`, `#3`, … in file order. Set by ``Effect/assignUniqueNames()``.
    public internal(set) var uniqueName: String?
    /// Where the anchor point sits in the parent's coordinates, in points (default [0, 0]);
    /// `CALayer.position`.
    public var position: Point = .zero
    /// The layer's own coordinate rectangle, in points (default zero: a point at `position`);
    /// `CALayer.bounds`.
    public var bounds: Rect = .zero
    /// The point of the bounds placed at `position`, in unit coordinates of the bounds
    /// (default [0.5, 0.5], the centre); `CALayer.anchorPoint`.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The layer's transform about its anchor point, as operations applied in order (default
    /// none); `CALayer.transform`.
    public var transform: [TransformOperation] = []
    /// A transform applied to the sublayers about the anchor point, where a perspective is
    /// usually set (default none); `CALayer.sublayerTransform`.
    public var sublayerTransform: [TransformOperation] = []
    /// 0…1, multiplied down the tree; applied to a layer with sublayers as a group (default 1);
    /// `CALayer.opacity`.
    public var opacity: Double = 1
    /// Position on the z axis in points: orders siblings (higher drawn later) and moves the
    /// layer in depth (default 0); `CALayer.zPosition`.
    public var zPosition: Double = 0
    /// Whether the layer and its sublayers are not drawn (default false); `CALayer.isHidden`.
    public var hidden = false
    /// The color filling the bounds, rounded by `cornerRadius`; nil (the default) draws none.
    /// `CALayer.backgroundColor`.
    public var backgroundColor: Color?
    /// The radius of the rounded corners of the background, border and `masksToBounds` clip,
    /// in points, not negative (default 0); `CALayer.cornerRadius`.
    public var cornerRadius: Double = 0
    /// The width of the border drawn inside the bounds, in points (default 0: none);
    /// `CALayer.borderWidth`.
    public var borderWidth: Double = 0
    /// The border's color (default opaque black); `CALayer.borderColor`.
    public var borderColor: Color = .black
    /// Whether the contents and sublayers are clipped to the bounds, rounded by `cornerRadius`
    /// (default false); `CALayer.masksToBounds`.
    public var masksToBounds = false
    /// The shadow's color (default opaque black); `CALayer.shadowColor`.
    public var shadowColor: Color = .black
    /// How opaque the shadow is, 0…1 (default 0: no shadow); `CALayer.shadowOpacity`.
    public var shadowOpacity: Double = 0
    /// The shadow's blur radius in the layer's points, not negative (default 3): the standard
    /// deviation of the Gaussian blur; `CALayer.shadowRadius`.
    public var shadowRadius: Double = 3
    /// How far the shadow is moved from the layer's content, in the layer's points (default
    /// [0, −3], Core Animation's numbers: on fx's y-down canvas, as on iOS, 3 points up);
    /// `CALayer.shadowOffset`.
    public var shadowOffset = Size(width: 0, height: -3)
    /// The shape of the shadow, filled with the non-zero rule, instead of the layer's content
    /// (nil, the default: the content's alpha); `CALayer.shadowPath`.
    public var shadowPath: Path?
    /// The child layers, in their coordinates, drawn in order then by `zPosition`;
    /// `CALayer.sublayers`.
    public var sublayers: [Layer] = []
    /// The keypath animations attached to the layer, timed in its time (default none).
    public var animations: [Animation] = []
    /// The layer's `CAMediaTiming`: maps its parent's time to the layer's own.
    public var timing = MediaTiming()
    /// The emitter properties, for `type == .emitter`.
    public var emitter: EmitterProperties?
    /// A replicator layer's properties, for `type == .replicator`.
    public var replicator: ReplicatorProperties?
    /// A gradient layer's properties, for `type == .gradient`.
    public var gradient: GradientProperties?
    /// A shape layer's properties, for `type == .shape`.
    public var shape: ShapeProperties?
    /// A text layer's properties, for `type == .text`.
    public var text: TextProperties?
    /// An image layer's properties, for `type == .image`.
    public var image: ImageProperties?
    /// Scheduled changes of an image or text layer's contents, with their transitions.
    public var contentTransitions: [ContentTransition] = []
    /// fx extension: in the window, a drag on the canvas sets the layer's `timeOffset` (nil,
    /// the default: the pointer does not drive it).
    public var timeOffsetFollowsPointer: TimeOffsetFollowsPointer?
    /// Stored as an array so that `Layer` can contain a `Layer`.
    private var maskStorage: [Layer] = []

    /// The layer whose alpha masks this one.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    /// A layer of the given type with every property at Core Animation's default; the type's
    /// own properties (``emitter``, ``replicator``, ``gradient``, ``shape``, ``text``,
    /// ``image``) start at theirs.
    public init(type: LayerType, name: String? = nil) {
        self.type = type
        self.name = name
        switch type {
        case .layer: break
        case .emitter: emitter = EmitterProperties()
        case .replicator: replicator = ReplicatorProperties()
        case .gradient: gradient = GradientProperties()
        case .shape: shape = ShapeProperties()
        case .text: text = TextProperties()
        case .image: image = ImageProperties()
        }
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
