import FXCore

/// Objective-C's spelling of Core Animation's values: `CGPointMake`, sRGB colors through
/// `FXColor`, `CATransform3D…` chains, `CGPath…` calls, `NSValue` and `NSNumber` boxes for
/// animations.
extension ObjectiveCSourceWriter {
    static func number(_ value: Double) -> String {
        CodeText.number(value, infinity: "HUGE_VALF", negativeInfinity: "-HUGE_VALF")
    }

    /// An `NSNumber` literal: `@0.5`, `@(-1)`, `@(HUGE_VAL)`.
    static func boxedNumber(_ value: Double) -> String {
        let text = CodeText.number(value, infinity: "HUGE_VAL", negativeInfinity: "-HUGE_VAL")
        return text.hasPrefix("-") || text.contains("HUGE") ? "@(\(text))" : "@" + text
    }

    static func value(_ value: CoreAnimationValue, boxed: Bool, name: String, body: inout SourceCodeBody<ObjectiveCSourceWriter>) -> String {
        let ios = body.platform == .ios
        switch value {
        case .number(let number): return boxed ? boxedNumber(number) : self.number(number)
        case .integer(let integer): return boxed ? boxedNumber(Double(integer)) : String(integer)
        case .bool(let flag): return boxed ? (flag ? "@YES" : "@NO") : (flag ? "YES" : "NO")
        case .string(let text): return string(text)
        case .enumeration(let enumeration, let name):
            if enumeration.objectiveCPrefix.isEmpty { return string(name) }
            return enumeration.objectiveCPrefix + CodeText.capitalized(name)
        case .point(let x, let y):
            let point = "CGPointMake(\(number(x)), \(number(y)))"
            return boxed ? "[NSValue \(ios ? "valueWithCGPoint" : "valueWithPoint"):\(point)]" : point
        case .size(let width, let height):
            let size = "CGSizeMake(\(number(width)), \(number(height)))"
            return boxed ? "[NSValue \(ios ? "valueWithCGSize" : "valueWithSize"):\(size)]" : size
        case .rect(let x, let y, let width, let height):
            let rect = "CGRectMake(\(number(x)), \(number(y)), \(number(width)), \(number(height)))"
            return boxed ? "[NSValue \(ios ? "valueWithCGRect" : "valueWithRect"):\(rect)]" : rect
        case .color(let color):
            let text = self.color(color, body: &body)
            return boxed ? "(__bridge id)" + text : text
        case .colors(let colors):
            var items: [String] = []
            for color in colors { items.append("(__bridge id)" + self.color(color, body: &body)) }
            return list(items)
        case .numbers(let numbers): return list(numbers.map(boxedNumber))
        case .transform(let operations):
            let transform = self.transform(operations, name: name, body: &body)
            return boxed ? "[NSValue valueWithCATransform3D:\(transform)]" : transform
        case .transformValue(let parts):
            let transform = self.transform(parts.operations, name: name, body: &body)
            return boxed ? "[NSValue valueWithCATransform3D:\(transform)]" : transform
        case .path(let path):
            let variable = self.path(path, name: name, body: &body)
            return boxed ? "(__bridge id)" + variable : variable
        case .image(let image): return self.image(image, body: &body)
        case .timingFunction(let function): return timingFunction(function)
        case .timingFunctions(let functions): return list(functions.map(timingFunction))
        case .values(let items):
            var texts: [String] = []
            for (index, item) in items.enumerated() { texts.append(self.value(item, boxed: true, name: name + String(index + 1), body: &body)) }
            return list(texts)
        case .font(let font): return "(__bridge CFTypeRef)" + string(font)
        }
    }

    /// `FXColor(red, green, blue, alpha)`: an sRGB `CGColorRef`, as fx's colors are.
    static func color(_ color: Color, body: inout SourceCodeBody<ObjectiveCSourceWriter>) -> String {
        body.need(colorFunction)
        return "\(colorFunction)(\(number(color.red)), \(number(color.green)), \(number(color.blue)), \(number(color.alpha)))"
    }

    static func timingFunction(_ function: TimingFunction) -> String {
        if let name = SwiftSourceWriter.timingFunctionName(function) {
            return "[CAMediaTimingFunction functionWithName:kCAMediaTimingFunction\(CodeText.capitalized(name))]"
        }
        return "[CAMediaTimingFunction functionWithControlPoints:\(number(function.c1x)) :\(number(function.c1y)) :\(number(function.c2x)) :\(number(function.c2y))]"
    }

    /// A transform: `CATransform3DIdentity`, one `CATransform3DMake…` call, or a variable
    /// chained in the list's order (a perspective sets `m34` where the list has it).
    static func transform(_ operations: [TransformOperation], name: String, body: inout SourceCodeBody<ObjectiveCSourceWriter>) -> String {
        if operations.isEmpty { return "CATransform3DIdentity" }
        if operations.count == 1, let made = SwiftSourceWriter.madeTransform(operations[0]).map(cNumbers) { return made }
        let variable = body.temporary(name)
        body.addBefore("CATransform3D \(variable) = CATransform3DIdentity;")
        for operation in operations {
            switch operation {
            case .perspective(let distance): body.addBefore("\(variable).m34 = -1.0 / \(CodeText.floatingNumber(distance));")
            default: body.addBefore("\(variable) = \(cNumbers(SwiftSourceWriter.chainedTransform(operation, variable)));")
            }
        }
        return variable
    }

    /// Swift's transform call with C's infinity (the calls are spelled alike).
    private static func cNumbers(_ text: String) -> String {
        text.replacingOccurrences(of: "-.infinity", with: "-HUGE_VALF").replacingOccurrences(of: ".infinity", with: "HUGE_VALF")
    }

    /// A `CGMutablePathRef` drawn before the statement and released after it.
    static func path(_ path: Path, name: String, body: inout SourceCodeBody<ObjectiveCSourceWriter>) -> String {
        let variable = body.temporary(name.hasSuffix("Path") ? name : name + "Path")
        body.addBefore("CGMutablePathRef \(variable) = CGPathCreateMutable();")
        func p(_ point: Point) -> String { "\(number(point.x)), \(number(point.y))" }
        for element in path.elements {
            switch element {
            case .move(let to): body.addBefore("CGPathMoveToPoint(\(variable), NULL, \(p(to)));")
            case .line(let to): body.addBefore("CGPathAddLineToPoint(\(variable), NULL, \(p(to)));")
            case .quad(let c, let to): body.addBefore("CGPathAddQuadCurveToPoint(\(variable), NULL, \(p(c)), \(p(to)));")
            case .cubic(let c1, let c2, let to): body.addBefore("CGPathAddCurveToPoint(\(variable), NULL, \(p(c1)), \(p(c2)), \(p(to)));")
            case .close: body.addBefore("CGPathCloseSubpath(\(variable));")
            }
        }
        body.addAfter("CGPathRelease(\(variable));")
        return variable
    }

    /// A `CGImage` as an object (`contents` is `id`): a built-in texture drawn by the file's
    /// helper, or an image of the app's bundle by the texture's file name.
    static func image(_ image: CoreAnimationImage, body: inout SourceCodeBody<ObjectiveCSourceWriter>) -> String {
        switch image {
        case .builtin(let texture):
            body.use(texture)
            return "(__bridge id)\(textureFunction)(\(string(texture.rawValue)))"
        case .file(let fileName, _):
            let bare = CodeText.imageName(fileName)
            if body.platform == .ios { return "(__bridge id)[UIImage imageNamed:\(string(bare))].CGImage" }
            return "(__bridge id)[[NSImage imageNamed:\(string(bare))] CGImageForProposedRect:NULL context:nil hints:nil]"
        }
    }
}
