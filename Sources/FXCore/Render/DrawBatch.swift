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
    /// Set for a layer's shadow: an index into ``DrawList/shadows``, which ``ShadowCache``
    /// makes an image of.
    public var shadow: Int? = nil
    /// The mip level of a built-in texture to sample (0: full size; see
    /// ``BuiltinTexture/image(level:)``); file textures always use 0.
    public var textureLevel: Int
    /// The frame of an animated texture (a GIF) to sample.
    public var textureFrame: Int = 0
    /// How the batch's triangles are composited onto what is drawn before them.
    public var blendMode: BlendMode
    /// The batch's vertices are `vertices[vertexStart ..< vertexStart + vertexCount]`.
    public var vertexStart: Int
    /// How many vertices the batch uses, from `vertexStart`; 0 for image, text and shadow batches.
    public var vertexCount: Int
    /// Its indices, relative to `vertexStart`, are `indices[indexStart ..< indexStart + indexCount]`.
    public var indexStart: Int
    /// How many indices the batch draws, from `indexStart`: three per triangle, six per
    /// particle quad; 0 for image, text and shadow batches.
    public var indexCount: Int
}
