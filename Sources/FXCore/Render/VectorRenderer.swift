#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws the vector content of layers — backgrounds with rounded corners, borders, shape fills
/// and strokes — by rasterizing it on the CPU with exact coverage into images aligned with the
/// canvas, at the output's resolution. Translucent shapes have no seams, every edge is
/// anti-aliased, and the window and headless renders get the same pixels.
enum VectorRenderer {
    static func appendLayerContent(of placed: PlacedLayer, to list: DrawList, pixelsPerPoint: Double) {
        let layer = placed.layer
        let transform = placed.matrix
        let affine = transform.affine
        let scale = max(affine.largestStretch, 0.05) * pixelsPerPoint
        // Curves are flattened to a tenth of an output pixel.
        let tolerance = 0.1 / max(scale, 1e-6)
        let bounds = layer.bounds
        if bounds.size.width > 0, bounds.size.height > 0 {
            let radius = min(layer.cornerRadius, bounds.size.width / 2, bounds.size.height / 2)
            let outline = Path.rect(bounds, cornerRadius: radius).flattened(tolerance: tolerance).map(\.points)
            if let background = layer.backgroundColor, background.alpha > 0 {
                fill(outline, rule: .nonZero, color: background.multiplied(by: placed.tint), opacity: placed.opacity,
                     transform: transform, list: list, pixelsPerPoint: pixelsPerPoint)
            }
            if layer.borderWidth > 0, layer.borderColor.alpha > 0 {
                // The border lies inside the bounds: the outline less the outline inset by its width.
                let width = min(layer.borderWidth, bounds.size.width / 2, bounds.size.height / 2)
                let inner = Rect(x: bounds.origin.x + width, y: bounds.origin.y + width,
                                 width: bounds.size.width - 2 * width, height: bounds.size.height - 2 * width)
                let hole = Path.rect(inner, cornerRadius: max(0, radius - width)).flattened(tolerance: tolerance).map(\.points)
                fill(outline + hole, rule: .evenOdd, color: layer.borderColor.multiplied(by: placed.tint), opacity: placed.opacity,
                     transform: transform, list: list, pixelsPerPoint: pixelsPerPoint)
            }
        }
        if layer.type == .text || layer.type == .image {
            // The contents of the last scheduled change (a transition is drawn by
            // TransitionRenderer, around this).
            var shown = placed
            if !layer.contentTransitions.isEmpty { shown.layer = layer.contents(at: placed.localTime) }
            appendContents(of: shown, to: list)
        }
        if layer.type == .gradient {
            appendGradient(of: placed, to: list, pixelsPerPoint: pixelsPerPoint)
        }

        if let shape = layer.shape {
            var style = shape.style
            style.lineWidth = max(0, style.lineWidth)
            style.miterLimit = max(1, style.miterLimit)
            let paths = shape.path.flattened(tolerance: tolerance)
            if shape.fillColor.alpha > 0 {
                fill(paths.map(\.points), rule: shape.fillRule, color: shape.fillColor.multiplied(by: placed.tint),
                     opacity: placed.opacity, transform: transform, list: list, pixelsPerPoint: pixelsPerPoint)
            }
            if shape.strokeColor.alpha > 0, style.lineWidth > 0 {
                let polygons = Stroker.polygons(of: paths, style: style)
                fill(polygons, rule: .nonZero, color: shape.strokeColor.multiplied(by: placed.tint), opacity: placed.opacity,
                     transform: transform, list: list, pixelsPerPoint: pixelsPerPoint)
            }
        }
    }

    /// A text layer's text or an image layer's image.
    static func appendContents(of placed: PlacedLayer, to list: DrawList) {
        let layer = placed.layer
        if let text = layer.text, let fontPath = text.fontPath, !text.string.isEmpty {
            var color = text.foregroundColor.multiplied(by: placed.tint)
            color.alpha *= placed.opacity
            list.appendText(TextItem(string: text.string, fontPath: fontPath, fontSize: max(1, text.fontSize), color: color,
                                     alignment: text.alignmentMode, bounds: layer.bounds, transform: placed.transformToCanvas))
        }
        if let image = layer.image, let contents = image.contents {
            appendImageContents(contents, of: image, placed: placed, to: list)
        }
    }

    /// Fills polygons given in the layer's plane, projected by `transform` (a polygon reaching
    /// behind the eye of a perspective is left out).
    static func fill(_ polygons: [[Point]], rule: FillRule, color: Color, opacity: Double, transform: Matrix4,
                     list: DrawList, pixelsPerPoint: Double) {
        let alpha = color.alpha * opacity
        guard alpha > 0, !polygons.isEmpty else { return }
        let pixels = polygons.compactMap { polygon -> [Point]? in
            var projected: [Point] = []
            projected.reserveCapacity(polygon.count)
            for point in polygon {
                guard let canvas = transform.project(point) else { return nil }
                projected.append(Point(x: canvas.x * pixelsPerPoint, y: canvas.y * pixelsPerPoint))
            }
            return projected
        }
        let clip = PathRasterizer.canvasClip(list.size, pixelsPerPoint: pixelsPerPoint)
        guard list.admitsImage(pixels: PathRasterizer.pixelCount(of: pixels, clip: clip)) else { return }
        let mask = PathRasterizer.coverage(of: pixels, rule: rule, clip: clip)
        guard mask.width > 0, mask.height > 0 else { return }
        var bytes = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
        let red = UInt8((color.red.clamped01 * 255).rounded()), green = UInt8((color.green.clamped01 * 255).rounded())
        let blue = UInt8((color.blue.clamped01 * 255).rounded())
        let scaledAlpha = Float(alpha.clamped01 * 255)
        var any = false
        for index in 0..<mask.coverage.count {
            let coverage = mask.coverage[index]
            guard coverage > 0 else { continue }
            any = true
            bytes[index * 4] = red
            bytes[index * 4 + 1] = green
            bytes[index * 4 + 2] = blue
            bytes[index * 4 + 3] = UInt8((coverage * scaledAlpha).rounded())
        }
        guard any else { return }
        list.appendImage(RGBAImage(width: mask.width, height: mask.height, pixels: bytes),
                         covering: mask.rect(pixelsPerPoint: pixelsPerPoint))
    }
}

extension VectorRenderer {
    /// An image layer's contents: one textured quad placed in the bounds by the gravity, the
    /// frame of an animated GIF chosen by the layer's time and the GIF's own delays.
    static func appendImageContents(_ contents: TextureReference, of image: ImageProperties, placed: PlacedLayer, to list: DrawList) {
        let bounds = placed.layer.bounds
        guard let frame = image.frame(of: contents, in: bounds) else { return }
        let rect = image.contentsRect
        var color = Color.white.multiplied(by: placed.tint)
        color.alpha *= placed.opacity
        guard color.alpha > 0 else { return }
        let corners = [Point(x: frame.origin.x, y: frame.origin.y), Point(x: frame.origin.x + frame.size.width, y: frame.origin.y),
                       Point(x: frame.origin.x + frame.size.width, y: frame.origin.y + frame.size.height),
                       Point(x: frame.origin.x, y: frame.origin.y + frame.size.height)].compactMap { placed.matrix.project($0) }
        guard corners.count == 4 else { return }
        let uvs = [(rect.origin.x, rect.origin.y), (rect.origin.x + rect.size.width, rect.origin.y),
                   (rect.origin.x + rect.size.width, rect.origin.y + rect.size.height), (rect.origin.x, rect.origin.y + rect.size.height)]
        let frameIndex = image.animation?.frame(at: placed.localTime) ?? 0
        list.batchIsSealed = true
        list.beginBatch(texture: contents, blendMode: .normal)
        list.batches[list.batches.count - 1].textureFrame = frameIndex
        let byte = { (value: Double) in UInt8((value.clamped01 * 255).rounded()) }
        let (red, green, blue, alpha) = (byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha))
        let base = Int32(list.vertices.count - list.batches[list.batches.count - 1].vertexStart)
        for (corner, uv) in zip(corners, uvs) {
            list.vertices.append(DrawVertex(x: Float(corner.x), y: Float(corner.y), red: red, green: green,
                                            blue: blue, alpha: alpha, u: Float(uv.0), v: Float(uv.1)))
        }
        list.indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        list.endBatch()
        list.batchIsSealed = true
    }

}

extension ContentsGravity {
    /// Where contents of `natural` size (points) go in `bounds`.
    public func frame(_ natural: Size, in bounds: Rect) -> Rect {
        let gravity = self
        let bw = bounds.size.width, bh = bounds.size.height
        switch gravity {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            let fit = gravity == .resizeAspect ? min(bw / natural.width, bh / natural.height) : max(bw / natural.width, bh / natural.height)
            let w = natural.width * fit, h = natural.height * fit
            return Rect(x: bounds.origin.x + (bw - w) / 2, y: bounds.origin.y + (bh - h) / 2, width: w, height: h)
        default:
            let w = natural.width, h = natural.height
            let left = bounds.origin.x, centerX = bounds.origin.x + (bw - w) / 2, right = bounds.origin.x + bw - w
            let top = bounds.origin.y, centerY = bounds.origin.y + (bh - h) / 2, bottom = bounds.origin.y + bh - h
            let x: Double, y: Double
            switch gravity {
            case .center: (x, y) = (centerX, centerY)
            case .top: (x, y) = (centerX, top)
            case .bottom: (x, y) = (centerX, bottom)
            case .left: (x, y) = (left, centerY)
            case .right: (x, y) = (right, centerY)
            case .topLeft: (x, y) = (left, top)
            case .topRight: (x, y) = (right, top)
            case .bottomLeft: (x, y) = (left, bottom)
            default: (x, y) = (right, bottom)
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
