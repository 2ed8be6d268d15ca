import FXCore

/// The helper an exported Objective-C file draws fx's built-in textures with: only the shapes
/// the effect uses, in Core Graphics.
extension ObjectiveCSourceWriter {
    static func textureHelper(_ textures: [BuiltinTexture]) -> [String] {
        func n(_ value: Double) -> String { number(value) }
        func rect(_ r: Rect) -> String { "CGRectMake(\(n(r.origin.x)), \(n(r.origin.y)), \(n(r.size.width)), \(n(r.size.height)))" }
        var lines = [
            "/// Draws one of fx's built-in textures as fx does: a white shape on transparent pixels, so that",
            "/// the color of the cell or layer showing it tints it, at fx's pixel size. Autoreleased.",
            "static CGImageRef \(textureFunction)(NSString *name) {",
        ]
        var height = "64"
        for texture in textures.reversed() where texture.pixelSize.height != 64 {
            height = "[name isEqualToString:\(string(texture.rawValue))] ? \(n(texture.pixelSize.height)) : " + height
        }
        lines += [
            "    size_t width = 64, height = \(height);",
            "    CGColorSpaceRef space = CGColorSpaceCreateWithName(kCGColorSpaceSRGB);",
            "    CGContextRef context = CGBitmapContextCreate(NULL, width, height, 8, 0, space, kCGImageAlphaPremultipliedLast);",
            "    // fx's texture coordinates: y points down from the top-left corner.",
            "    CGContextTranslateCTM(context, 0, height);",
            "    CGContextScaleCTM(context, 1, -1);",
            "    CGContextSetRGBFillColor(context, 1, 1, 1, 1);",
            "    CGContextSetRGBStrokeColor(context, 1, 1, 1, 1);",
        ]
        for (index, texture) in textures.enumerated() {
            lines.append("    \(index == 0 ? "if" : "} else if") ([name isEqualToString:\(string(texture.rawValue))]) {")
            for step in BuiltinTextureSketch(texture).steps {
                switch step {
                case .fillEllipse(let r):
                    lines.append("        CGContextFillEllipseInRect(context, \(rect(r)));")
                case .fillRect(let r):
                    lines.append("        CGContextFillRect(context, \(rect(r)));")
                case .fillPolygon(let points):
                    for (position, point) in points.enumerated() {
                        lines.append("        CGContext\(position == 0 ? "MoveToPoint" : "AddLineToPoint")(context, \(n(point.x)), \(n(point.y)));")
                    }
                    lines.append("        CGContextClosePath(context);")
                    lines.append("        CGContextFillPath(context);")
                case .strokeEllipse(let r, let width):
                    lines.append("        CGContextSetLineWidth(context, \(n(width)));")
                    lines.append("        CGContextStrokeEllipseInRect(context, \(rect(r)));")
                case .strokeSegments(let segments, let width):
                    lines.append("        CGContextSetLineCap(context, kCGLineCapRound);")
                    lines.append("        CGContextSetLineWidth(context, \(n(width)));")
                    for (from, to) in segments {
                        lines.append("        CGContextMoveToPoint(context, \(n(from.x)), \(n(from.y)));")
                        lines.append("        CGContextAddLineToPoint(context, \(n(to.x)), \(n(to.y)));")
                    }
                    lines.append("        CGContextStrokePath(context);")
                case .radialGradient(let centre, let radius, let scaleY, let alphas):
                    let colors = alphas.map { "(__bridge id)CFAutorelease(CGColorCreateSRGB(1, 1, 1, \(n($0))))" }
                    lines.append("        NSArray *colors = @[\(colors.joined(separator: ",\n                            "))];")
                    lines.append("        CGGradientRef gradient = CGGradientCreateWithColors(space, (__bridge CFArrayRef)colors, NULL);")
                    lines.append("        CGContextTranslateCTM(context, \(n(centre.x)), \(n(centre.y)));")
                    if scaleY != 1 { lines.append("        CGContextScaleCTM(context, 1, \(n(scaleY)));") }
                    lines.append("        CGContextDrawRadialGradient(context, gradient, CGPointZero, 0, CGPointZero, \(n(radius)), 0);")
                    lines.append("        CGGradientRelease(gradient);")
                }
            }
        }
        lines += [
            "    }",
            "    CGImageRef image = CGBitmapContextCreateImage(context);",
            "    CGContextRelease(context);",
            "    CGColorSpaceRelease(space);",
            "    return (CGImageRef)CFAutorelease(image);",
            "}",
        ]
        return lines
    }
}
