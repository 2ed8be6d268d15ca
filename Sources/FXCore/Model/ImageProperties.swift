/// An image layer's properties: a `CALayer` with `contents`.
public struct ImageProperties: Sendable, Equatable {
    /// The image, resolved when the effect loads (nil: nothing drawn); `CALayer.contents`.
    public var contents: TextureReference?
    /// For animated GIF contents: the frames' delays.
    public var animation: GIFInfo?
    /// The part of the image drawn, in unit coordinates (default [0, 0, 1, 1]);
    /// `CALayer.contentsRect`.
    public var contentsRect: Rect = .unit
    /// How the image sits in the bounds (default `.resize`); `CALayer.contentsGravity`.
    public var contentsGravity: ContentsGravity = .resize

    /// An image layer with no contents, drawn whole and stretched to its bounds.
    public init() {}
}

extension ImageProperties {
    /// Where `texture` is drawn in `bounds`: its natural size (its pixels × `contentsRect`)
    /// placed by `contentsGravity`; nil when either has no size.
    func frame(of texture: TextureReference, in bounds: Rect) -> Rect? {
        let natural = Size(width: texture.pixelSize.width * contentsRect.size.width, height: texture.pixelSize.height * contentsRect.size.height)
        guard natural.width > 0, natural.height > 0, bounds.size.width > 0 || bounds.size.height > 0 else { return nil }
        return contentsGravity.frame(natural, in: bounds)
    }
}
