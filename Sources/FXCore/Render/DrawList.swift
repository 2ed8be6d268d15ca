/// A vertex of the draw list. Its layout — two floats of position, four bytes of color, two
/// floats of texture coordinate, 20 bytes — is the one `SDL_RenderGeometryRaw` reads, so the SDL
/// module hands these buffers to SDL without converting them.
public struct DrawVertex: Equatable, Sendable {
    static let zero = DrawVertex(x: 0, y: 0, red: 0, green: 0, blue: 0, alpha: 0, u: 0, v: 0)

    /// Horizontal position in canvas points, from the canvas's left edge.
    public var x: Float
    /// Vertical position in canvas points, from the canvas's top edge (y grows downward).
    public var y: Float
    /// Red, 0…255, multiplied into the texture's color.
    public var red: UInt8
    /// Green, 0…255, multiplied into the texture's color.
    public var green: UInt8
    /// Blue, 0…255, multiplied into the texture's color.
    public var blue: UInt8
    /// Straight (not premultiplied) alpha, 0…255, multiplied into the texture's alpha.
    public var alpha: UInt8
    /// Horizontal texture coordinate, 0…1 across the whole texture (ignored without one).
    public var u: Float
    /// Vertical texture coordinate, 0…1 from the texture's top row to its bottom row.
    public var v: Float
}

/// How a batch is composited onto what is below it.
public enum BlendMode: Sendable, Equatable {
    /// Source-over with straight alpha.
    case normal
    /// Adds the source (times its alpha) to the destination.
    case additive
}

/// A run of triangles drawn with one texture and one blend mode: one draw call.
public struct DrawBatch: Equatable, Sendable {
    /// Nil for solid geometry: vertex colors only.
    public var texture: TextureReference?
    /// Set for an image made for this frame (rasterized vector content): an index into
    /// ``DrawList/images``, drawn as one axis-aligned rectangle instead of triangles.
    public var image: Int? = nil
    /// Set for a text layer's text: an index into ``DrawList/texts``, drawn by the backend's
    /// font renderer.
    public var text: Int? = nil
    /// The mip level of a built-in texture to sample (0: full size; see
    /// ``BuiltinTexture/image(level:)``); file textures always use 0.
    public var textureLevel: Int
    /// The frame of an animated texture (a GIF) to sample.
    public var textureFrame: Int = 0
    /// How the batch's triangles are composited onto what is drawn before them.
    public var blendMode: BlendMode
    /// The batch's vertices are `vertices[vertexStart ..< vertexStart + vertexCount]`.
    public var vertexStart: Int
    /// How many vertices the batch uses, from `vertexStart`; 0 for image and text batches.
    public var vertexCount: Int
    /// Its indices, relative to `vertexStart`, are `indices[indexStart ..< indexStart + indexCount]`.
    public var indexStart: Int
    /// How many indices the batch draws, from `indexStart`: three per triangle, six per
    /// particle quad; 0 for image and text batches.
    public var indexCount: Int
}

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
    /// Runs of batches drawn together and then masked: batches `batches` are drawn apart,
    /// their alpha multiplied by `alpha` (one byte a pixel over the canvas at
    /// `pixelsPerPoint`), and the result drawn over the canvas.
    public internal(set) var maskGroups: [MaskGroup] = []
    /// The resolution masks are made at.
    public internal(set) var pixelsPerPoint: Double = 1
    /// True when the next batch must start afresh (a mask group begins or ends here).
    var batchIsSealed = false

    /// A masked run of batches.
    public struct MaskGroup: Sendable {
        /// The indices into ``DrawList/batches`` drawn apart and then masked.
        public var batches: Range<Int>
        /// The mask's width in pixels: the canvas width times ``DrawList/pixelsPerPoint``.
        public var width: Int
        /// The mask's height in pixels: the canvas height times ``DrawList/pixelsPerPoint``.
        public var height: Int
        /// The mask's alpha, one byte (0…255) a pixel, `width × height` bytes, rows top to
        /// bottom.
        public var alpha: [UInt8]
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
        maskGroups.removeAll(keepingCapacity: true)
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
        batches.append(DrawBatch(texture: nil, image: images.count - 1, text: nil, textureLevel: 0, blendMode: .normal,
                                 vertexStart: vertices.count, vertexCount: 0, indexStart: indices.count, indexCount: 0))
    }

    /// The most particle quads one frame draws (replicated emitters count once per copy).
    public static let maxQuads = 4_000_000

    /// The number of quads (particles) in the list.
    public var quadCount: Int { indices.count / 6 }
}

/// A text layer's text, for the backend to draw with its font renderer.
public struct TextItem: Sendable {
    /// The text to draw; each `\n` starts a new line.
    public var string: String
    /// A TrueType file.
    public var fontPath: String
    /// Points, in the layer's coordinates.
    public var fontSize: Double
    /// Straight alpha, tint and opacity applied.
    public var color: Color
    /// How each line sits across the width of `bounds`.
    public var alignment: TextAlignment
    /// The layer's bounds: lines start at their top, aligned within their width.
    public var bounds: Rect
    /// From the layer's coordinates to the canvas.
    public var transform: AffineTransform
}

