/// The alpha a layer's subtree is multiplied by, over the whole canvas: its `mask` layer's
/// alpha (what the mask would draw — background, border, gradient, shape — composited; particles
/// and text inside a mask do not count, *fx choice*: masks are vector content), times its
/// bounds when it `masksToBounds` (rounded by `cornerRadius`), times its group opacity.
struct MaskAlpha {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    init(for placed: PlacedLayer, canvas: Size, pixelsPerPoint: Double) {
        width = Int((canvas.width * pixelsPerPoint).rounded())
        height = Int((canvas.height * pixelsPerPoint).rounded())
        var alpha = [Float](repeating: placed.maskLayers.isEmpty ? 1 : 0, count: width * height)
        if let mask = placed.maskLayers.first { MaskAlpha.composite(mask, into: &alpha, width: width, height: height, canvas: canvas, pixelsPerPoint: pixelsPerPoint) }
        if placed.layer.masksToBounds {
            // Clip to the bounds: the alpha of an opaque background of the same shape.
            var clip = [Float](repeating: 0, count: width * height)
            var shape = placed
            shape.layer = Layer(type: .layer)
            shape.layer.bounds = placed.layer.bounds
            shape.layer.cornerRadius = placed.layer.cornerRadius
            shape.layer.backgroundColor = .black
            shape.opacity = 1
            shape.tint = .white
            MaskAlpha.composite(shape, into: &clip, width: width, height: height, canvas: canvas, pixelsPerPoint: pixelsPerPoint)
            for index in alpha.indices { alpha[index] *= clip[index] }
        }
        let fade = Float(placed.groupOpacity ?? 1)
        bytes = alpha.map { UInt8(($0 * fade * 255).rounded()) }
    }

    /// Composites the alpha of what `layer` draws (its vector content) into `alpha`.
    static func composite(_ layer: PlacedLayer, into alpha: inout [Float], width: Int, height: Int, canvas: Size, pixelsPerPoint: Double) {
        let scratch = DrawList()
        scratch.reset(size: canvas, background: .clear)
        VectorRenderer.appendLayerContent(of: layer, to: scratch, pixelsPerPoint: pixelsPerPoint)
        for (image, rect) in scratch.images {
            let x0 = Int((rect.origin.x * pixelsPerPoint).rounded()), y0 = Int((rect.origin.y * pixelsPerPoint).rounded())
            for row in 0..<image.height {
                let y = y0 + row
                guard y >= 0, y < height else { continue }
                for column in 0..<image.width {
                    let x = x0 + column
                    guard x >= 0, x < width else { continue }
                    let a = Float(image.pixels[(row * image.width + column) * 4 + 3]) / 255
                    let index = y * width + x
                    alpha[index] = a + alpha[index] * (1 - a)
                }
            }
        }
    }
}
