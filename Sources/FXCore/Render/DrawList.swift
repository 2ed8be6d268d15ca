/// What to draw for one frame, free of any rendering backend: a background color and batches
/// of textured triangles in canvas coordinates. The buffers are kept between frames, so once
/// they have grown to the effect's size no frame allocates.
public final class DrawList {
    /// The canvas size in points; vertices and rectangles are in this coordinate space.
    public private(set) var size: Size = .zero
    /// The color the canvas is cleared to before any batch is drawn.
    public private(set) var background: Color = .black
    /// Every batch's vertices, each batch using a contiguous run of them.
    public internal(set) var vertices: [DrawVertex] = []
    /// Triangle corners, three per triangle, each an index into `vertices` relative to its
    /// batch's `vertexStart` (the form `SDL_RenderGeometryRaw` takes).
    public internal(set) var indices: [Int32] = []
    /// The draw calls of the frame, in drawing order: later batches are drawn over earlier ones.
    public internal(set) var batches: [DrawBatch] = []
    /// Images made for this frame, each with the canvas rectangle (in points) it covers.
    public internal(set) var images: [(image: RGBAImage, rect: Rect)] = []
    /// Texts to draw this frame.
    public internal(set) var texts: [TextItem] = []
    /// The layers' shadows, each drawn (through ``ShadowCache``) where its batch is: before
    /// the layer's content.
    public internal(set) var shadows: [ShadowItem] = []
    /// Runs of batches drawn together and then masked: batches `batches` are drawn apart,
    /// their alpha multiplied by the group's (see ``MaskGroup``), and the result drawn over the
    /// canvas. Each group covers only the pixels its mask and clip leave visible.
    public internal(set) var maskGroups: [MaskGroup] = [] {
        didSet { if maskGroups.isEmpty { maskGroupsByFirstBatch.removeAll(keepingCapacity: true) } }
    }
    /// The indices in ``maskGroups`` of the groups whose batches start at each batch, in order:
    /// what a renderer walking the batches looks up, where scanning every group at every batch
    /// took time growing with their product (ten thousand replicated masked layers).
    public private(set) var maskGroupsByFirstBatch: [Int: [Int]] = [:]

    /// Appends `group` to ``maskGroups`` and to its first batch's entry.
    func appendMaskGroup(_ group: MaskGroup) {
        maskGroupsByFirstBatch[group.batches.lowerBound, default: []].append(maskGroups.count)
        maskGroups.append(group)
    }
    /// Layers drawn through a transition: their batches are drawn apart into snapshots, and the
    /// snapshots drawn as meshes (see ``TransitionGroup``). A group never spans a mask group's
    /// edge.
    public internal(set) var transitionGroups: [TransitionGroup] = []
    /// The resolution masks are made at.
    public internal(set) var pixelsPerPoint: Double = 1
    /// True when the next batch must start afresh (a mask group begins or ends here).
    var batchIsSealed = false

    /// A masked run of batches (a layer with a `mask`, `masksToBounds` or group opacity, and
    /// its sublayers), drawn apart over the pixels ``x``, ``y``, ``width`` × ``height`` of the
    /// canvas at ``DrawList/pixelsPerPoint``: outside them its alpha is 0.
    public struct MaskGroup: Sendable {
        /// The indices into ``DrawList/batches`` drawn apart and then masked.
        public var batches: Range<Int>
        /// The layer drawn apart (its name, unique in the effect), for messages.
        public var layer: String
        /// The left edge of the pixels the group may show on, in canvas pixels.
        public var x: Int
        /// The top edge of the pixels the group may show on, in canvas pixels.
        public var y: Int
        /// The width of the pixels the group may show on (0 when nothing of it shows).
        public var width: Int
        /// The height of the pixels the group may show on (0 when nothing of it shows).
        public var height: Int
        /// The mask's alpha over those pixels, one byte (0…255) a pixel, `width × height`
        /// bytes, rows top to bottom; empty when it is ``opacity`` at every pixel (a group
        /// opacity with no mask and no clip).
        public var alpha: [UInt8]
        /// The alpha of every pixel when ``alpha`` is empty.
        public var opacity: UInt8
    }

    /// The most bytes one frame's layers drawn apart (group opacity, `masksToBounds`, masks)
    /// may take: their masks' alpha, kept for the whole frame, plus the buffers they are drawn
    /// into while they are drawn (4 bytes a pixel each, with a copy to composite). A frame
    /// that needs more fails with an error naming the layer (1 GiB).
    public static let maxOffscreenBytes = 1 << 30

    /// Set when the masks' alpha of this frame would pass ``maxOffscreenBytes``: the layer
    /// whose mask did not fit, and the bytes the masks needed with it. A renderer reports it
    /// instead of drawing the frame.
    public internal(set) var offscreenOverflow: (layer: String, bytes: Int)?

    /// The bytes of every mask group's alpha.
    public internal(set) var maskAlphaBytes = 0

    /// The most bytes one frame's vector content may take as images (backgrounds, borders,
    /// shapes, gradients: 4 bytes a pixel at the output's resolution, over the pixels each
    /// covers): 1 GiB, so that with a largest output's surface and ``maxOffscreenBytes`` a
    /// frame stays within 4 GB.
    public static let maxImageBytes = 1 << 30

    /// The bytes of this frame's images.
    public internal(set) var imageBytes = 0

    /// Set when the frame's vector content would pass ``maxImageBytes``: the first layer whose
    /// content did not fit, and the bytes it would have made the images. A renderer reports
    /// it instead of drawing the frame.
    public internal(set) var imageOverflow: (layer: String, bytes: Int)?

    /// The bytes the images would have taken when one did not fit (until the layer is named).
    var refusedImageBytes: Int?

    /// Whether an image of `pixels` pixels fits in ``maxImageBytes`` with the frame's images;
    /// when it does not, it is remembered for ``imageOverflow``.
    func admitsImage(pixels: Int) -> Bool {
        let bytes = imageBytes + pixels * 4
        if refusedImageBytes == nil, imageOverflow == nil, bytes <= Self.maxImageBytes { return true }
        if refusedImageBytes == nil, imageOverflow == nil { refusedImageBytes = bytes }
        return false
    }

    /// An empty list; ``DrawListBuilder`` fills it for each frame.
    public init() {}

    /// Empties the list, keeping its buffers' capacity.
    func reset(size: Size, background: Color) {
        self.size = size
        self.background = background
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        shadows.removeAll(keepingCapacity: true)
        maskGroups.removeAll(keepingCapacity: true)
        offscreenOverflow = nil
        maskAlphaBytes = 0
        imageBytes = 0
        imageOverflow = nil
        refusedImageBytes = nil
        transitionGroups.removeAll(keepingCapacity: true)
        batchIsSealed = false
    }

    /// Adds a text, as a batch of its own.
    func appendText(_ item: TextItem) {
        texts.append(item)
        batches.append(DrawBatch(texture: nil, image: nil, text: texts.count - 1, textureLevel: 0, blendMode: .normal,
                                 vertexStart: vertices.count, vertexCount: 0, indexStart: indices.count, indexCount: 0))
    }

    /// Adds an image covering `rect` of the canvas, as a batch of its own.
    func appendImage(_ image: RGBAImage, covering rect: Rect) {
        images.append((image, rect))
        imageBytes += image.pixels.count
        batches.append(DrawBatch(texture: nil, image: images.count - 1, text: nil, textureLevel: 0, blendMode: .normal,
                                 vertexStart: vertices.count, vertexCount: 0, indexStart: indices.count, indexCount: 0))
    }

    /// The most particle quads one frame draws (replicated emitters count once per copy; a
    /// piece of a trail's ribbon counts as two).
    public static let maxQuads = 4_000_000

    /// The number of quads in the list: one per particle, and six indices' worth for each
    /// piece of a trail's ribbon (four triangles, so two quads).
    public var quadCount: Int { indices.count / 6 }
}
