import FXCore

/// The helper an exported Swift file draws fx's built-in textures with: only the shapes the
/// effect uses, in Core Graphics.
extension SwiftSourceWriter {
    static func textureHelper(_ textures: [BuiltinTexture]) -> [String] {
        func n(_ value: Double) -> String { number(value) }
        func rect(_ r: Rect) -> String { "CGRect(x: \(n(r.origin.x)), y: \(n(r.origin.y)), width: \(n(r.size.width)), height: \(n(r.size.height)))" }
        func p(_ point: Point) -> String { "CGPoint(x: \(n(point.x)), y: \(n(point.y)))" }
        var lines = [
            "/// Draws one of fx's built-in textures as fx does: a white shape on transparent pixels, so that",
            "/// the color of the cell or layer showing it tints it, at fx's pixel size.",
            "private func \(textureFunction)(_ name: String) -> CGImage {",
        ]
        var height = "64"
        for texture in textures.reversed() where texture.pixelSize.height != 64 {
            height = "name == \(string(texture.rawValue)) ? \(n(texture.pixelSize.height)) : " + height
        }
        lines += [
            "    let width = 64, height = \(height)",
            "    let space = CGColorSpace(name: CGColorSpace.sRGB)!",
            "    let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,",
            "                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!",
            "    // fx's texture coordinates: y points down from the top-left corner.",
            "    context.translateBy(x: 0, y: CGFloat(height))",
            "    context.scaleBy(x: 1, y: -1)",
            "    context.setFillColor(CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))",
            "    context.setStrokeColor(CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))",
            "    switch name {",
        ]
        for texture in textures {
            lines.append("    case \(string(texture.rawValue)):")
            for step in BuiltinTextureSketch(texture).steps {
                switch step {
                case .fillEllipse(let r):
                    lines.append("        context.fillEllipse(in: \(rect(r)))")
                case .fillRect(let r):
                    lines.append("        context.fill(\(rect(r)))")
                case .fillPolygon(let points):
                    lines.append("        context.addLines(between: [")
                    for chunk in stride(from: 0, to: points.count, by: 3) {
                        lines.append("            " + points[chunk..<min(points.count, chunk + 3)].map(p).joined(separator: ", ") + ",")
                    }
                    lines.append("        ])")
                    lines.append("        context.closePath()")
                    lines.append("        context.fillPath()")
                case .strokeEllipse(let r, let width):
                    lines.append("        context.setLineWidth(\(n(width)))")
                    lines.append("        context.strokeEllipse(in: \(rect(r)))")
                case .strokeSegments(let segments, let width):
                    lines.append("        context.setLineCap(.round)")
                    lines.append("        context.setLineWidth(\(n(width)))")
                    lines.append("        context.strokeLineSegments(between: [")
                    for (from, to) in segments { lines.append("            \(p(from)), \(p(to)),") }
                    lines.append("        ])")
                case .radialGradient(let centre, let radius, let scaleY, let alphas):
                    let colors = alphas.map { "CGColor(srgbRed: 1, green: 1, blue: 1, alpha: \(n($0)))" }
                    lines.append("        let gradient = CGGradient(colorsSpace: space, colors: [")
                    for color in colors { lines.append("            \(color),") }
                    lines.append("        ] as CFArray, locations: nil)!")
                    lines.append("        context.translateBy(x: \(n(centre.x)), y: \(n(centre.y)))")
                    if scaleY != 1 { lines.append("        context.scaleBy(x: 1, y: \(n(scaleY)))") }
                    lines.append("        context.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: \(n(radius)), options: [])")
                }
            }
        }
        lines += [
            "    default:",
            "        break",
            "    }",
            "    return context.makeImage()!",
            "}",
        ]
        return lines
    }
}
