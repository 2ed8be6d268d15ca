import FXCore

/// Swift's spelling of Core Animation's values: `CGPoint(x:y:)`, `CGColor(red:green:blue:alpha:)`,
/// `CATransform3D…` chains, `CGMutablePath` calls, `NSValue` boxes for animations.
extension SwiftSourceWriter {
    static func number(_ value: Double, boxed: Bool = false) -> String {
        CodeText.number(value, infinity: boxed ? "Double.infinity" : ".infinity", negativeInfinity: boxed ? "-Double.infinity" : "-.infinity")
    }

    static func value(_ value: CoreAnimationValue, boxed: Bool, name: String, body: inout SourceCodeBody<SwiftSourceWriter>) -> String {
        let ios = body.platform == .ios
        switch value {
        case .number(let number): return self.number(number, boxed: boxed)
        case .integer(let integer): return String(integer)
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return string(text)
        case .enumeration(let enumeration, let name): return self.enumeration(enumeration, name)
        case .point(let x, let y):
            let point = "CGPoint(x: \(number(x)), y: \(number(y)))"
            return boxed ? (ios ? "NSValue(cgPoint: \(point))" : "NSValue(point: \(point))") : point
        case .size(let width, let height):
            let size = "CGSize(width: \(number(width)), height: \(number(height)))"
            return boxed ? (ios ? "NSValue(cgSize: \(size))" : "NSValue(size: \(size))") : size
        case .rect(let x, let y, let width, let height):
            let rect = "CGRect(x: \(number(x)), y: \(number(y)), width: \(number(width)), height: \(number(height)))"
            return boxed ? (ios ? "NSValue(cgRect: \(rect))" : "NSValue(rect: \(rect))") : rect
        case .color(let color): return self.color(color)
        case .colors(let colors): return list(colors.map(color))
        case .numbers(let numbers): return list(numbers.map { number($0) })
        case .transform(let operations):
            let transform = self.transform(operations, name: name, body: &body)
            return boxed ? "NSValue(caTransform3D: \(transform))" : transform
        case .transformValue(let parts):
            let transform = self.transform(parts.operations, name: name, body: &body)
            return boxed ? "NSValue(caTransform3D: \(transform))" : transform
        case .path(let path): return self.path(path, name: name, body: &body)
        case .image(let image):
            let text = self.image(image, body: &body)
            if boxed, case .file = image { return text + " as Any" }
            return text
        case .timingFunction(let function): return timingFunction(function)
        case .timingFunctions(let functions): return list(functions.map(timingFunction))
        case .values(let items):
            var texts: [String] = []
            for (index, item) in items.enumerated() {
                var text = self.value(item, boxed: true, name: name + String(index + 1), body: &body)
                if case .image(.file) = item, !text.hasSuffix(" as Any") { text += " as Any" }
                texts.append(text)
            }
            return list(texts)
        case .font(let font): return string(font) + " as CFString"
        }
    }

    /// `.line`, `.rotateAuto`, or a string for the enumerations Swift spells as strings.
    static func enumeration(_ enumeration: CoreAnimationEnumeration, _ name: String) -> String {
        if enumeration.swiftType == "String" { return string(name) }
        if enumeration == .rotationMode { return ".rotate" + CodeText.capitalized(name) }
        return "." + name
    }

    /// `CGColor(srgbRed:green:blue:alpha:)`: sRGB, as fx's colors are (`CGColor(red:…)` is Generic RGB).
    static func color(_ color: Color) -> String {
        "CGColor(srgbRed: \(number(color.red)), green: \(number(color.green)), blue: \(number(color.blue)), alpha: \(number(color.alpha)))"
    }

    /// `CAMediaTimingFunction(name: .easeIn)` for Core Animation's named curves, else
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`.
    static func timingFunction(_ function: TimingFunction) -> String {
        if let name = timingFunctionName(function) { return "CAMediaTimingFunction(name: .\(name))" }
        return "CAMediaTimingFunction(controlPoints: \(number(function.c1x)), \(number(function.c1y)), \(number(function.c2x)), \(number(function.c2y)))"
    }

    /// The name of one of Core Animation's named timing functions (`easeIn`), or nil.
    static func timingFunctionName(_ function: TimingFunction) -> String? {
        TimingFunction.names.first { TimingFunction.named[$0] == function }
    }

    /// A transform: `CATransform3DIdentity`, one `CATransform3DMake…` call, or a variable
    /// chained in the list's order (each call pre-multiplies, as fx's list does; a perspective
    /// sets `m34` where the list has it).
    static func transform(_ operations: [TransformOperation], name: String, body: inout SourceCodeBody<SwiftSourceWriter>) -> String {
        if operations.isEmpty { return "CATransform3DIdentity" }
        if operations.count == 1, let made = madeTransform(operations[0]) { return made }
        let variable = body.temporary(name)
        body.addBefore("var \(variable) = CATransform3DIdentity")
        for operation in operations {
            switch operation {
            case .perspective(let distance): body.addBefore("\(variable).m34 = -1 / \(number(distance))")
            default: body.addBefore("\(variable) = \(chainedTransform(operation, variable))")
            }
        }
        return variable
    }

    static func madeTransform(_ operation: TransformOperation) -> String? {
        switch operation {
        case .translate(let x, let y): return "CATransform3DMakeTranslation(\(number(x)), \(number(y)), 0)"
        case .translateZ(let z): return "CATransform3DMakeTranslation(0, 0, \(number(z)))"
        case .rotate(let angle): return "CATransform3DMakeRotation(\(number(angle)), 0, 0, 1)"
        case .rotateX(let angle): return "CATransform3DMakeRotation(\(number(angle)), 1, 0, 0)"
        case .rotateY(let angle): return "CATransform3DMakeRotation(\(number(angle)), 0, 1, 0)"
        case .scale(let x, let y): return "CATransform3DMakeScale(\(number(x)), \(number(y)), 1)"
        case .perspective: return nil
        }
    }

    static func chainedTransform(_ operation: TransformOperation, _ base: String) -> String {
        switch operation {
        case .translate(let x, let y): return "CATransform3DTranslate(\(base), \(number(x)), \(number(y)), 0)"
        case .translateZ(let z): return "CATransform3DTranslate(\(base), 0, 0, \(number(z)))"
        case .rotate(let angle): return "CATransform3DRotate(\(base), \(number(angle)), 0, 0, 1)"
        case .rotateX(let angle): return "CATransform3DRotate(\(base), \(number(angle)), 1, 0, 0)"
        case .rotateY(let angle): return "CATransform3DRotate(\(base), \(number(angle)), 0, 1, 0)"
        case .scale(let x, let y): return "CATransform3DScale(\(base), \(number(x)), \(number(y)), 1)"
        case .perspective: return base
        }
    }

    /// A `CGMutablePath` drawn command by command before the statement.
    static func path(_ path: Path, name: String, body: inout SourceCodeBody<SwiftSourceWriter>) -> String {
        let variable = body.temporary(name.hasSuffix("Path") ? name : name + "Path")
        body.addBefore("let \(variable) = CGMutablePath()")
        for element in path.elements {
            switch element {
            case .move(let p): body.addBefore("\(variable).move(to: \(point(p)))")
            case .line(let p): body.addBefore("\(variable).addLine(to: \(point(p)))")
            case .quad(let c, let p): body.addBefore("\(variable).addQuadCurve(to: \(point(p)), control: \(point(c)))")
            case .cubic(let c1, let c2, let p):
                body.addBefore("\(variable).addCurve(to: \(point(p)), control1: \(point(c1)), control2: \(point(c2)))")
            case .close: body.addBefore("\(variable).closeSubpath()")
            }
        }
        return variable
    }

    static func point(_ point: Point) -> String { "CGPoint(x: \(number(point.x)), y: \(number(point.y)))" }

    /// A `CGImage`: a built-in texture drawn by the file's helper, or an image of the app's
    /// bundle by the texture's file name.
    static func image(_ image: CoreAnimationImage, body: inout SourceCodeBody<SwiftSourceWriter>) -> String {
        switch image {
        case .builtin(let texture):
            body.use(texture)
            return "\(textureFunction)(\(string(texture.rawValue)))"
        case .file(let fileName, _):
            let bare = CodeText.imageName(fileName)
            if body.platform == .ios { return "UIImage(named: \(string(bare)))?.cgImage" }
            return "NSImage(named: \(string(bare)))?.cgImage(forProposedRect: nil, context: nil, hints: nil)"
        }
    }
}
