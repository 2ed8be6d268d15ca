/// The alpha a layer's subtree is multiplied by: its `mask` layer's alpha (what the mask would
/// draw — background, border, gradient, shape — composited; particles and text inside a mask
/// do not count, *fx choice*: masks are vector content), times its bounds when it
/// `masksToBounds` (rounded by `cornerRadius`), times its group opacity. It is kept only over
/// the pixels where it may not be 0 (``rect``): the bounds of what the mask draws and of the
/// clip, within the canvas; a group opacity alone is one number.
struct MaskAlpha {
    /// The canvas pixels outside which the alpha is 0.
    var rect: PixelRect
    /// The alpha over ``rect``, a byte a pixel; empty when it is ``opacity`` everywhere.
    var bytes: [UInt8]
    /// The alpha at every pixel of ``rect`` when ``bytes`` is empty.
    var opacity: UInt8

    /// The alpha of `placed`, drawn apart.
    /// - Parameter budget: the most bytes ``bytes`` may take; past it the alpha is not made
    ///   and this fails with the bytes it would have taken.
    static func make(for placed: PlacedLayer, canvas: Size, pixelsPerPoint: Double, budget: Int) -> Result<MaskAlpha, Overflow> {
        var rect = PixelRect(x: 0, y: 0, width: Int((canvas.width * pixelsPerPoint).rounded()),
                             height: Int((canvas.height * pixelsPerPoint).rounded()))
        let fade = Float(placed.groupOpacity ?? 1)
        if placed.layer.masksToBounds, let clip = projectedBounds(of: placed, pixelsPerPoint: pixelsPerPoint) {
            // Nothing of the layer shows outside its bounds: known before anything is drawn.
            rect = rect.intersection(clip)
            guard rect.area <= budget else { return .failure(Overflow(bytes: rect.area)) }
        }
        var mask: [(image: RGBAImage, rect: Rect)]? = nil
        if let layer = placed.maskLayers.first {
            let images = contentImages(of: layer, canvas: canvas, pixelsPerPoint: pixelsPerPoint)
            rect = rect.intersection(bounds(of: images, pixelsPerPoint: pixelsPerPoint))
            mask = images
        }
        var clip: [(image: RGBAImage, rect: Rect)]? = nil
        if placed.layer.masksToBounds {
            // Clip to the bounds: the alpha of an opaque background of the same shape.
            var shape = placed
            shape.layer = Layer(type: .layer)
            shape.layer.bounds = placed.layer.bounds
            shape.layer.cornerRadius = placed.layer.cornerRadius
            shape.layer.backgroundColor = .black
            shape.opacity = 1
            shape.tint = .white
            let images = contentImages(of: shape, canvas: canvas, pixelsPerPoint: pixelsPerPoint)
            rect = rect.intersection(bounds(of: images, pixelsPerPoint: pixelsPerPoint))
            clip = images
        }
        let opacity = UInt8((fade * 255).rounded())
        guard mask != nil || clip != nil else { return .success(MaskAlpha(rect: rect, bytes: [], opacity: opacity)) }
        guard rect.area <= budget else { return .failure(Overflow(bytes: rect.area)) }
        var alpha = [Float](repeating: mask == nil ? 1 : 0, count: rect.area)
        if let mask { composite(mask, into: &alpha, rect: rect, pixelsPerPoint: pixelsPerPoint) }
        if let clip {
            var coverage = [Float](repeating: 0, count: rect.area)
            composite(clip, into: &coverage, rect: rect, pixelsPerPoint: pixelsPerPoint)
            for index in alpha.indices { alpha[index] *= coverage[index] }
        }
        return .success(MaskAlpha(rect: rect, bytes: alpha.map { UInt8(($0 * fade * 255).rounded()) }, opacity: opacity))
    }

    /// The alpha over `part`, a part of ``rect``.
    func cropped(to part: PixelRect) -> MaskAlpha {
        guard !bytes.isEmpty, part.area > 0 else {
            return MaskAlpha(rect: part, bytes: [], opacity: part.area > 0 ? opacity : 0)
        }
        var cropped = [UInt8]()
        cropped.reserveCapacity(part.area)
        for y in part.y..<(part.y + part.height) {
            let start = (y - rect.y) * rect.width + part.x - rect.x
            cropped.append(contentsOf: bytes[start..<(start + part.width)])
        }
        return MaskAlpha(rect: part, bytes: cropped, opacity: opacity)
    }

    /// The canvas pixels the layer's bounds cover, with a pixel's margin (nil when a corner
    /// is behind the viewer).
    static func projectedBounds(of placed: PlacedLayer, pixelsPerPoint: Double) -> PixelRect? {
        let bounds = placed.layer.bounds
        let corners = [Point(x: bounds.origin.x, y: bounds.origin.y), Point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y),
                       Point(x: bounds.origin.x, y: bounds.origin.y + bounds.size.height),
                       Point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y + bounds.size.height)]
        let projected = corners.compactMap { placed.matrix.project($0) }
        guard projected.count == 4 else { return nil }
        let xs = projected.map { $0.x * pixelsPerPoint }, ys = projected.map { $0.y * pixelsPerPoint }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        func whole(_ value: Double) -> Int { Int(min(max(value, -1e9), 1e9)) }
        let left = whole(minX.rounded(.down)) - 1, top = whole(minY.rounded(.down)) - 1
        return PixelRect(x: left, y: top, width: whole(maxX.rounded(.up)) + 1 - left, height: whole(maxY.rounded(.up)) + 1 - top)
    }

    /// A mask whose alpha would take more than the frame's budget.
    struct Overflow: Error {
        /// The bytes it would take.
        var bytes: Int
    }

    /// The images `layer`'s vector content is drawn as, each with the canvas rectangle it covers.
    static func contentImages(of layer: PlacedLayer, canvas: Size, pixelsPerPoint: Double) -> [(image: RGBAImage, rect: Rect)] {
        let scratch = DrawList()
        scratch.reset(size: canvas, background: .clear)
        VectorRenderer.appendLayerContent(of: layer, to: scratch, pixelsPerPoint: pixelsPerPoint)
        return scratch.images
    }

    /// Where an image drawn at `rect` starts, in canvas pixels (as ``composite`` places it).
    private static func pixelOrigin(of rect: Rect, pixelsPerPoint: Double) -> (x: Int, y: Int) {
        let x = (rect.origin.x * pixelsPerPoint).rounded(), y = (rect.origin.y * pixelsPerPoint).rounded()
        func whole(_ value: Double) -> Int { value.isFinite ? Int(min(max(value, -1e15), 1e15)) : 0 }
        return (whole(x), whole(y))
    }

    /// The canvas pixels the images cover.
    static func bounds(of images: [(image: RGBAImage, rect: Rect)], pixelsPerPoint: Double) -> PixelRect {
        var union: PixelRect? = nil
        for (image, rect) in images where image.width > 0 && image.height > 0 {
            let origin = pixelOrigin(of: rect, pixelsPerPoint: pixelsPerPoint)
            let covered = PixelRect(x: origin.x, y: origin.y, width: image.width, height: image.height)
            union = union.map { $0.union(covered) } ?? covered
        }
        return union ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Composites the alpha of `images` into `alpha`, which covers `rect`.
    static func composite(_ images: [(image: RGBAImage, rect: Rect)], into alpha: inout [Float], rect: PixelRect, pixelsPerPoint: Double) {
        for (image, imageRect) in images {
            let origin = pixelOrigin(of: imageRect, pixelsPerPoint: pixelsPerPoint)
            let rows = max(origin.y, rect.y)..<min(origin.y + image.height, rect.y + rect.height)
            let columns = max(origin.x, rect.x)..<min(origin.x + image.width, rect.x + rect.width)
            guard !rows.isEmpty, !columns.isEmpty else { continue }
            for y in rows {
                for x in columns {
                    let a = Float(image.pixels[((y - origin.y) * image.width + x - origin.x) * 4 + 3]) / 255
                    let index = (y - rect.y) * rect.width + x - rect.x
                    alpha[index] = a + alpha[index] * (1 - a)
                }
            }
        }
    }
}
