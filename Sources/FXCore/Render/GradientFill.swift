#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A gradient ready to fill: the layer's ``GradientProperties`` with a location for every
/// color (evenly spread when the layer's `locations` are absent or not one per color).
struct GradientFill {
    var kind: GradientProperties.GradientType
    let colors: [Color]
    let locations: [Double]
    var startPoint: Point
    var endPoint: Point

    init(_ gradient: GradientProperties) {
        kind = gradient.gradientType
        colors = gradient.colors
        startPoint = gradient.startPoint
        endPoint = gradient.endPoint
        if gradient.locations.count == colors.count, !colors.isEmpty {
            locations = gradient.locations
        } else {
            let count = colors.count
            locations = count > 1 ? (0..<count).map { Double($0) / Double(count - 1) } : [0]
        }
        var highest = -Double.infinity
        locationsSoFar = locations.map { location in
            // A location that is not a number stops the scan as one beyond t would.
            highest = location.isNaN ? .infinity : Swift.max(highest, location)
            return highest
        }
    }

    /// The highest of `locations[0...i]` at each i: non-decreasing even when the locations are
    /// not (they are animatable and not checked for order), so ``color(at:)`` finds its pair of
    /// stops by bisection and still picks the pair a scan from the first stop would.
    private let locationsSoFar: [Double]

    /// The gradient's parameter at a point in unit coordinates of the bounds: the projection
    /// on start → end (axial), the distance from start over |end − start| (radial: reaching
    /// endPoint at 1), or the angle around start from the direction of end over a full turn
    /// (conic).
    func parameter(atUnit p: Point, aspect: Double) -> Double {
        let dx = endPoint.x - startPoint.x, dy = endPoint.y - startPoint.y
        switch kind {
        case .axial:
            let length2 = dx * dx + dy * dy
            return length2 > 0 ? ((p.x - startPoint.x) * dx + (p.y - startPoint.y) * dy) / length2 : 0
        case .radial:
            let radius = (dx * dx + dy * dy).squareRoot()
            let px = p.x - startPoint.x, py = p.y - startPoint.y
            return radius > 0 ? (px * px + py * py).squareRoot() / radius : 1
        case .conic:
            // Angles are measured in points, so a square turn is a square turn on any bounds.
            let base = atan2(dy, dx * aspect)
            var angle = atan2(p.y - startPoint.y, (p.x - startPoint.x) * aspect) - base
            while angle < 0 { angle += 2 * .pi }
            while angle >= 2 * .pi { angle -= 2 * .pi }
            return angle / (2 * .pi)
        }
    }

    /// The color at parameter t: clamped to the first and last stops, blended between stops.
    func color(at t: Double) -> Color {
        guard let first = colors.first else { return .clear }
        if colors.count == 1 || t <= locations[0] { return first }
        if t >= locations[locations.count - 1] { return colors[colors.count - 1] }
        // The stops are a, b = index, index + 1 where index + 1 is the first stop after the
        // first that lies beyond t (or the last): the first i ≥ 1 whose locationsSoFar[i] > t.
        // A bisection, so a gradient of 100 000 stops costs 17 steps a pixel, not 100 000.
        var index = 0
        if !t.isNaN {
            var low = 1, high = locations.count - 1
            while low < high {
                let middle = (low + high) / 2
                if locationsSoFar[middle] > t { high = middle } else { low = middle + 1 }
            }
            index = low - 1
        }
        let span = locations[index + 1] - locations[index]
        let f = span > 0 ? (t - locations[index]) / span : 0
        let a = colors[index], b = colors[index + 1]
        return Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                     blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }
}

extension VectorRenderer {
    /// Rasterizes a gradient layer over its bounds: coverage of the (transformed) bounds times
    /// the gradient's color at each pixel's centre, found through the inverse transform.
    static func appendGradient(of placed: PlacedLayer, to list: DrawList, pixelsPerPoint: Double) {
        let layer = placed.layer
        let bounds = layer.bounds
        guard bounds.size.width > 0, bounds.size.height > 0,
              let image = gradientImage(layer, transform: placed.matrix, tint: placed.tint, opacity: placed.opacity,
                                        canvas: list.size, pixelsPerPoint: pixelsPerPoint,
                                        admits: { list.admitsImage(pixels: $0) }) else { return }
        list.appendImage(image.image, covering: image.rect)
    }

    /// - Parameter admits: asked with the pixels the image will cover before it is made; no
    ///   image when it says no.
    static func gradientImage(_ layer: Layer, transform: Matrix4, tint: Color, opacity: Double, canvas: Size,
                              pixelsPerPoint: Double, admits: (Int) -> Bool = { _ in true }) -> (image: RGBAImage, rect: Rect)? {
        let gradient = GradientFill(layer.gradient ?? GradientProperties())
        let bounds = layer.bounds
        guard !gradient.colors.isEmpty else { return nil }
        let outline = [Point(x: bounds.origin.x, y: bounds.origin.y), Point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y),
                       Point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y + bounds.size.height),
                       Point(x: bounds.origin.x, y: bounds.origin.y + bounds.size.height)]
            .compactMap { transform.project($0) }.map { Point(x: $0.x * pixelsPerPoint, y: $0.y * pixelsPerPoint) }
        guard outline.count == 4 else { return nil }
        let clip = PathRasterizer.canvasClip(canvas, pixelsPerPoint: pixelsPerPoint)
        guard admits(PathRasterizer.pixelCount(of: [outline], clip: clip)) else { return nil }
        let mask = PathRasterizer.coverage(of: [outline], rule: .nonZero, clip: clip)
        guard mask.width > 0, mask.height > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
        let aspect = bounds.size.width / bounds.size.height
        let layerOpacity = opacity.clamped01
        for row in 0..<mask.height {
            for column in 0..<mask.width {
                let index = row * mask.width + column
                let coverage = mask.coverage[index]
                guard coverage > 0 else { continue }
                let canvasPoint = Point(x: (Double(mask.x + column) + 0.5) / pixelsPerPoint, y: (Double(mask.y + row) + 0.5) / pixelsPerPoint)
                guard let local = transform.unproject(canvasPoint) else { continue }
                let unit = Point(x: (local.x - bounds.origin.x) / bounds.size.width, y: (local.y - bounds.origin.y) / bounds.size.height)
                let color = gradient.color(at: gradient.parameter(atUnit: unit, aspect: aspect)).multiplied(by: tint)
                bytes[index * 4] = UInt8((color.red.clamped01 * 255).rounded())
                bytes[index * 4 + 1] = UInt8((color.green.clamped01 * 255).rounded())
                bytes[index * 4 + 2] = UInt8((color.blue.clamped01 * 255).rounded())
                bytes[index * 4 + 3] = UInt8((color.alpha.clamped01 * layerOpacity * Double(coverage) * 255).rounded())
            }
        }
        return (RGBAImage(width: mask.width, height: mask.height, pixels: bytes), mask.rect(pixelsPerPoint: pixelsPerPoint))
    }
}
