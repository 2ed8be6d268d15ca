/// A vertex of the draw list. Its layout — two floats of position, four bytes of color, two
/// floats of texture coordinate, 20 bytes — is the one `SDL_RenderGeometryRaw` reads, so the SDL
/// module hands these buffers to SDL without converting them.
public struct DrawVertex: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8
    public var u: Float
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
    /// The mip level of a built-in texture to sample (0: full size; see
    /// ``BuiltinTexture/image(level:)``); file textures always use 0.
    public var textureLevel: Int
    public var blendMode: BlendMode
    /// The batch's vertices are `vertices[vertexStart ..< vertexStart + vertexCount]`.
    public var vertexStart: Int
    public var vertexCount: Int
    /// Its indices, relative to `vertexStart`, are `indices[indexStart ..< indexStart + indexCount]`.
    public var indexStart: Int
    public var indexCount: Int
}

/// What to draw for one frame, free of any rendering backend: a background color and batches
/// of textured triangles in canvas coordinates. The buffers are kept between frames, so once
/// they have grown to the effect's size no frame allocates.
public final class DrawList {
    public private(set) var size: Size = .zero
    public private(set) var background: Color = .black
    public internal(set) var vertices: [DrawVertex] = []
    public internal(set) var indices: [Int32] = []
    public internal(set) var batches: [DrawBatch] = []
    /// Images made for this frame, each with the canvas rectangle (in points) it covers.
    public internal(set) var images: [(image: RGBAImage, rect: Rect)] = []

    public init() {}

    /// Empties the list, keeping its buffers' capacity.
    func reset(size: Size, background: Color) {
        self.size = size
        self.background = background
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
    }

    /// Adds an image covering `rect` of the canvas, as a batch of its own.
    func appendImage(_ image: RGBAImage, covering rect: Rect) {
        images.append((image, rect))
        batches.append(DrawBatch(texture: nil, image: images.count - 1, textureLevel: 0, blendMode: .normal,
                                 vertexStart: vertices.count, vertexCount: 0, indexStart: indices.count, indexCount: 0))
    }

    /// The number of quads (particles) in the list.
    public var quadCount: Int { indices.count / 6 }
}
