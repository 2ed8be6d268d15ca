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
        let transform = placed.transformToCanvas
        let scale = max((transform.a * transform.a + transform.b * transform.b).squareRoot(),
                        (transform.c * transform.c + transform.d * transform.d).squareRoot()) * pixelsPerPoint
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
        if layer.type == .text, let text = TextProperties(layer, tint: placed.tint, opacity: placed.opacity), !text.string.isEmpty {
            list.appendText(TextItem(string: text.string, fontPath: text.fontPath, fontSize: text.fontSize, color: text.color,
                                     alignment: text.alignment, bounds: layer.bounds, transform: placed.transformToCanvas))
        }
        if layer.type == .gradient {
            appendGradient(of: placed, to: list, pixelsPerPoint: pixelsPerPoint)
        }
        if layer.type == .shape {
            let shape = ShapeProperties(layer)
            let paths = shape.path.flattened(tolerance: tolerance)
            if shape.fillColor.alpha > 0 {
                fill(paths.map(\.points), rule: shape.fillRule, color: shape.fillColor.multiplied(by: placed.tint),
                     opacity: placed.opacity, transform: transform, list: list, pixelsPerPoint: pixelsPerPoint)
            }
            if shape.strokeColor.alpha > 0, shape.style.lineWidth > 0 {
                let polygons = Stroker.polygons(of: paths, style: shape.style)
                fill(polygons, rule: .nonZero, color: shape.strokeColor.multiplied(by: placed.tint), opacity: placed.opacity,
                     transform: transform, list: list, pixelsPerPoint: pixelsPerPoint)
            }
        }
    }

    /// Fills polygons given in the layer's coordinates.
    static func fill(_ polygons: [[Point]], rule: FillRule, color: Color, opacity: Double, transform: AffineTransform,
                     list: DrawList, pixelsPerPoint: Double) {
        let alpha = color.alpha * opacity
        guard alpha > 0, !polygons.isEmpty else { return }
        let pixels = polygons.map { polygon in
            polygon.map { point -> Point in
                let canvas = transform.apply(to: point)
                return Point(x: canvas.x * pixelsPerPoint, y: canvas.y * pixelsPerPoint)
            }
        }
        let clip = (x: -2, y: -2, width: Int((list.size.width * pixelsPerPoint).rounded(.up)) + 4,
                    height: Int((list.size.height * pixelsPerPoint).rounded(.up)) + 4)
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
                         covering: Rect(x: Double(mask.x) / pixelsPerPoint, y: Double(mask.y) / pixelsPerPoint,
                                        width: Double(mask.width) / pixelsPerPoint, height: Double(mask.height) / pixelsPerPoint))
    }
}

/// A shape layer's properties, from its presentation values and its file keys.
struct ShapeProperties {
    var path: Path
    var fillColor: Color
    var strokeColor: Color
    var fillRule: FillRule
    var style: StrokeStyle

    init(_ layer: Layer) {
        func value(_ key: String) -> AnimatableValue { layer.typeValues[key] ?? AnimatableKeyPath.defaultTypeValue(key) }
        func number(_ key: String) -> Double { value(key).components.first ?? 0 }
        func string(_ key: String) -> String? {
            if case .string(let text)? = layer.typeProperties[key]?.value { return text }
            return nil
        }
        if case .path(let path) = value("path") { self.path = path } else { path = Path() }
        if case .color(let color) = value("fillColor") { fillColor = color } else { fillColor = .black }
        if case .color(let color) = value("strokeColor") { strokeColor = color } else { strokeColor = .clear }
        fillRule = string("fillRule").flatMap(FillRule.init(rawValue:)) ?? .nonZero
        style = StrokeStyle()
        style.lineWidth = max(0, number("lineWidth"))
        style.miterLimit = max(1, number("miterLimit"))
        style.lineDashPhase = number("lineDashPhase")
        style.strokeStart = number("strokeStart")
        style.strokeEnd = number("strokeEnd")
        style.lineCap = string("lineCap").flatMap(StrokeStyle.Cap.init(rawValue:)) ?? .butt
        style.lineJoin = string("lineJoin").flatMap(StrokeStyle.Join.init(rawValue:)) ?? .miter
        if case .array(let elements)? = layer.typeProperties["lineDashPattern"]?.value {
            style.lineDashPattern = elements.compactMap { element in
                if case .number(let n) = element.value { return n }
                return nil
            }
        }
    }
}

/// A text layer's properties.
struct TextProperties {
    var string: String
    var fontPath: String
    var fontSize: Double
    var color: Color
    var alignment: TextAlignment

    init?(_ layer: Layer, tint: Color, opacity: Double) {
        guard let fontPath = layer.fontPath else { return nil }
        self.fontPath = fontPath
        if case .string(let text)? = layer.typeProperties["string"]?.value { string = text } else { string = "" }
        fontSize = max(1, layer.typeValues["fontSize"]?.components.first ?? 36)
        var color = Color.white
        if case .color(let c)? = layer.typeValues["foregroundColor"] { color = c }
        color = color.multiplied(by: tint)
        color.alpha *= opacity
        self.color = color
        if case .string(let text)? = layer.typeProperties["alignmentMode"]?.value, let mode = TextAlignment(rawValue: text) {
            alignment = mode
        } else {
            alignment = .left
        }
    }
}
