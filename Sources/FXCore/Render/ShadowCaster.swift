/// What casts a layer's shadow, in the layer's own coordinates: its `shadowPath`, or else what
/// the layer itself draws — background (rounded by `cornerRadius`), border, a shape layer's fill
/// and stroke, a gradient, an image's contents, a text's glyphs — of which only the alpha counts.
///
/// Two casters are equal when they cast the same shadow, so a blurred shadow is made once and
/// reused while the layer moves, turns, fades or changes its shadow's color, offset or opacity
/// (see ``ShadowCache``). The sublayers and an emitter's particles cast nothing through their
/// parent (Core Animation includes them; give them a shadow of their own, or the parent a
/// `shadowPath`).
public struct ShadowCaster: Sendable, Equatable {
    /// The layer's `shadowPath`, when it has one: the shadow's shape, filled non-zero.
    public let path: Path?
    /// The part of the layer's plane the caster can cover, in its points.
    public let extent: Rect
    /// Whether a text's glyphs or an image's contents cast part of the shadow: a backend draws
    /// those (``ShadowCache/image(for:canvas:pixelsPerPoint:contents:)``'s `contents`).
    public let castsContents: Bool
    /// The layer as it draws its own content, with every color reduced to black of its alpha,
    /// and nothing else (no sublayers, animations, mask, transform or shadow).
    let layer: Layer
    /// The frame of an animated GIF shown, and the layer's time that shows it.
    let imageFrame: Int
    let localTime: Double

    /// The caster of a presented layer, or nil when it draws nothing that casts.
    init?(_ presented: Layer, localTime: Double) {
        if let shadowPath = presented.shadowPath {
            let points = shadowPath.points
            guard let extent = Rect.enclosing(points) else { return nil }
            path = shadowPath
            self.extent = extent
            castsContents = false
            layer = Layer(type: .layer)
            imageFrame = 0
            self.localTime = 0
            return
        }
        path = nil
        self.localTime = localTime
        var layer = Layer(type: presented.type)
        // The contents shown now, without the transition that may be moving them.
        let shown = presented.contents(at: localTime)
        layer.bounds = presented.bounds
        layer.cornerRadius = presented.cornerRadius
        layer.backgroundColor = presented.backgroundColor.map(Self.alphaOnly)
        layer.borderWidth = presented.borderWidth
        layer.borderColor = Self.alphaOnly(presented.borderColor)
        var areas: [Rect] = []
        let bounds = presented.bounds
        let hasArea = bounds.size.width > 0 && bounds.size.height > 0
        if hasArea, (layer.backgroundColor?.alpha ?? 0) > 0 || (layer.borderWidth > 0 && layer.borderColor.alpha > 0) {
            areas.append(bounds)
        }
        if var gradient = presented.gradient {
            gradient.colors = gradient.colors.map(Self.alphaOnly)
            layer.gradient = gradient
            if hasArea, gradient.colors.contains(where: { $0.alpha > 0 }) { areas.append(bounds) }
        }
        if var shape = presented.shape {
            shape.fillColor = Self.alphaOnly(shape.fillColor)
            shape.strokeColor = Self.alphaOnly(shape.strokeColor)
            layer.shape = shape
            let fills = shape.fillColor.alpha > 0
            let strokes = shape.strokeColor.alpha > 0 && shape.style.lineWidth > 0
            if fills || strokes, let outline = Rect.enclosing(shape.path.points) {
                // A miter reaches out at most miterLimit half-widths from the path.
                let reach = strokes ? shape.style.lineWidth / 2 * max(1, shape.style.miterLimit) : 0
                areas.append(outline.insetBy(-reach))
            }
        }
        var contents = false
        if let image = shown.image {
            layer.image = image
            if let texture = image.contents, let frame = image.frame(of: texture, in: bounds) {
                areas.append(frame)
                contents = true
            }
        }
        imageFrame = shown.image?.animation?.frame(at: localTime) ?? 0
        if var text = shown.text {
            text.foregroundColor = Self.alphaOnly(text.foregroundColor)
            layer.text = text
            if text.fontPath != nil, !text.string.isEmpty, text.foregroundColor.alpha > 0 {
                areas.append(Self.textExtent(text, in: bounds))
                contents = true
            }
        }
        guard let first = areas.first else { return nil }
        extent = areas.dropFirst().reduce(first) { $0.union($1) }
        guard extent.size.width > 0 || extent.size.height > 0 else { return nil }
        castsContents = contents
        self.layer = layer
    }

    /// Black with the color's alpha: only a caster's alpha counts, so a change of its color
    /// alone casts the same shadow.
    private static func alphaOnly(_ color: Color) -> Color {
        Color(red: 0, green: 0, blue: 0, alpha: color.alpha)
    }

    /// A rectangle sure to hold a text's glyphs: a line is at most one em a character wide and
    /// 1.3 em tall, placed as the text layer places it.
    private static func textExtent(_ text: TextProperties, in bounds: Rect) -> Rect {
        let lines = TextProperties.lines(of: text.string)
        let widest = Double(lines.map(\.count).max() ?? 0) * text.fontSize
        let height = Double(lines.count) * text.fontSize * 1.3
        let left: Double
        switch text.alignmentMode {
        case .left: left = bounds.origin.x
        case .center: left = bounds.origin.x + (bounds.size.width - widest) / 2
        case .right: left = bounds.origin.x + bounds.size.width - widest
        }
        return Rect(x: left, y: bounds.origin.y, width: max(widest, 0), height: height)
            .union(bounds).insetBy(-text.fontSize / 4)
    }

    /// Whether two casters cast the same shadow: the same path, or the same drawn content
    /// (colors compared by their alpha only).
    public static func == (lhs: ShadowCaster, rhs: ShadowCaster) -> Bool {
        guard lhs.path == rhs.path, lhs.extent == rhs.extent, lhs.castsContents == rhs.castsContents,
              lhs.imageFrame == rhs.imageFrame else { return false }
        let a = lhs.layer, b = rhs.layer
        return a.type == b.type && a.bounds == b.bounds && a.cornerRadius == b.cornerRadius && a.backgroundColor == b.backgroundColor
            && a.borderWidth == b.borderWidth && a.borderColor == b.borderColor && a.shape == b.shape && a.gradient == b.gradient
            && a.text == b.text && a.image == b.image
    }
}
