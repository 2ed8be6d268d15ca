/// A mask layer's alpha over the whole canvas: what it would draw — background, border,
/// gradient, shape — composited, keeping only alpha. Particles and text inside a mask do not
/// count (*fx choice*: masks are vector content).
struct MaskAlpha {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    init(of mask: PlacedLayer, canvas: Size, pixelsPerPoint: Double) {
        width = Int((canvas.width * pixelsPerPoint).rounded())
        height = Int((canvas.height * pixelsPerPoint).rounded())
        var alpha = [Float](repeating: 0, count: width * height)
        let scratch = DrawList()
        scratch.reset(size: canvas, background: .clear)
        VectorRenderer.appendLayerContent(of: mask, to: scratch, pixelsPerPoint: pixelsPerPoint)
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
        bytes = alpha.map { UInt8(($0 * 255).rounded()) }
    }
}
