import FXCore
import Foundation

/// What the importer knows of UIKit, Core Graphics and Core Animation: named colors, color,
/// geometry and image initialisers, the emitter's enumeration constants, animations, and the
/// calls of the source's own functions, initialisers and closures.
extension CoreAnimationCodeConfig {
    /// UIKit's named colors (the system colors in their light-mode sRGB values).
    static let namedColors: [String: [Double]] = {
        var colors: [String: [Double]] = [
            "black": [0, 0, 0, 1], "darkGray": [1 / 3, 1 / 3, 1 / 3, 1], "lightGray": [2 / 3, 2 / 3, 2 / 3, 1], "white": [1, 1, 1, 1],
            "gray": [0.5, 0.5, 0.5, 1], "red": [1, 0, 0, 1], "green": [0, 1, 0, 1], "blue": [0, 0, 1, 1], "cyan": [0, 1, 1, 1],
            "yellow": [1, 1, 0, 1], "magenta": [1, 0, 1, 1], "orange": [1, 0.5, 0, 1], "purple": [0.5, 0, 0.5, 1],
            "brown": [0.6, 0.4, 0.2, 1], "clear": [0, 0, 0, 0],
        ]
        let system: [String: (Double, Double, Double)] = [
            "systemRed": (255, 59, 48), "systemGreen": (52, 199, 89), "systemBlue": (0, 122, 255), "systemOrange": (255, 149, 0),
            "systemYellow": (255, 204, 0), "systemPink": (255, 45, 85), "systemPurple": (175, 82, 222), "systemTeal": (48, 176, 199),
            "systemIndigo": (88, 86, 214), "systemMint": (0, 199, 190), "systemCyan": (50, 173, 230), "systemBrown": (162, 132, 94),
            "systemGray": (142, 142, 147),
        ]
        for (name, (red, green, blue)) in system { colors[name] = [red / 255, green / 255, blue / 255, 1] }
        return colors
    }()

    /// C and Core Animation functions the importer evaluates (``callFunction(_:_:)``).
    static let builtinFunctions: Set<String> = ["CGPointMake", "CGSizeMake", "CGRectMake", "CGVectorMake", "CACurrentMediaTime", "sin", "sinf", "cos",
                                                "cosf", "tan", "tanf", "sqrt", "sqrtf", "abs", "fabs", "fabsf", "floor", "floorf", "ceil", "ceilf",
                                                "round", "roundf", "min", "fmin", "fminf", "MIN", "max", "fmax", "fmaxf", "MAX", "pow", "powf",
                                                "arc4random_uniform", "CGRectGetWidth", "CGRectGetHeight", "CGRectGetMidX", "CGRectGetMidY",
                                                "CGRectGetMinX", "CGRectGetMinY", "CGRectGetMaxX", "CGRectGetMaxY", "CGRectInset",
                                                "CGColorCreateSRGB", "CFAutorelease", "CFBridgingRelease", "CFRetain"]

    /// Core Graphics' measures of a rectangle: `CGRectGetWidth(rect)` is `rect.width`.
    static let rectFunctions: [String: String] = ["CGRectGetWidth": "width", "CGRectGetHeight": "height", "CGRectGetMidX": "midX", "CGRectGetMidY": "midY",
                                                  "CGRectGetMinX": "minX", "CGRectGetMinY": "minY", "CGRectGetMaxX": "maxX", "CGRectGetMaxY": "maxY"]

    static let colorTypes: Set<String> = ["UIColor", "NSColor", "CGColor", "Color", "CIColor"]
    static let numberTypes: Set<String> = ["CGFloat", "Float", "Double", "Float32", "Float64", "Int", "UInt", "Int32", "UInt32", "Int64",
                                           "UInt64", "NSNumber", "TimeInterval", "CFTimeInterval", "NSInteger", "NSUInteger", "float", "double", "int"]

    /// Core Animation's constant names to their string values: `kCAEmitterLayerCircle` is
    /// `circle`, `kCAFillModeForwards` is `forwards`, `kCAMediaTimingFunctionEaseOut` is `easeOut`.
    static func constant(_ name: String) -> String? {
        for prefix in ["kCAEmitterLayer", "kCAFillMode", "kCAMediaTimingFunction", "kCAFilter", "kCAAnimation", "kCALineCap", "kCALineJoin",
                       "kCAFillRule", "kCAGradientLayer", "kCAAlignment", "kCAGravity", "kCATransition"] where name.hasPrefix(prefix) && name.count > prefix.count {
            let rest = name.dropFirst(prefix.count)
            return rest.prefix(1).lowercased() + rest.dropFirst()
        }
        return nil
    }

    /// The canvas's rectangle, standing for the view's or screen's bounds; noted once.
    func screenBounds(_ what: String) -> CoreAnimationCodeValue {
        if usedScreenSize == nil { usedScreenSize = (file, line, what) }
        return .rect(0, 0, Self.screen.width, Self.screen.height)
    }

    /// A bare name.
    func identifier(_ name: String) -> CoreAnimationCodeValue {
        switch name {
        case "true", "YES", "@YES": return .bool(true)
        case "false", "NO", "@NO": return .bool(false)
        case "nil", "NULL", "Nil", "nullptr": return .unknown("nil")
        case "self": return currentSelf ?? .unknown("self outside a class")
        case "super": return .type("super")
        case "M_PI": return .number(.pi)
        case "M_PI_2": return .number(.pi / 2)
        case "M_PI_4": return .number(.pi / 4)
        case "M_2_PI": return .number(2 / .pi)
        case "M_1_PI": return .number(1 / .pi)
        case "HUGE_VALF", "HUGE_VAL", "INFINITY", "CGFLOAT_MAX", "FLT_MAX", "DBL_MAX", "MAXFLOAT": return .number(.infinity)
        case "CATransform3DIdentity", "CGAffineTransformIdentity": return .transform([])
        case "CGPointZero": return .point(0, 0)
        case "CGSizeZero": return .size(0, 0)
        case "CGRectZero": return .rect(0, 0, 0, 0)
        default: break
        }
        if let value = lookup(name) { return value }
        // Objective-C's _name is the instance variable behind the property self.name.
        if name.hasPrefix("_"), name.count > 1 {
            let bare = String(name.dropFirst())
            if let value = lookup(bare) { return value }
            if case .object(let index)? = currentSelf, let value = objects[index].value(bare) { return value }
        }
        if let constant = Self.constant(name) { return .symbol(constant) }
        if Self.builtinFunctions.contains(name) || Self.transformFunctions.contains(name) || Self.pathFunctions.contains(name), functions[name] == nil {
            return .function(name)
        }
        // A layer subclass calls its own add(_:forKey:) and setValue(_:forKey:) without self.
        if ["add", "setValue", "value"].contains(name), functions[name] == nil, case .object(let index)? = currentSelf, objects[index].kind != .other {
            return .function(name)
        }
        if case .object(let index)? = currentSelf, let value = objects[index].value(name) { return value }
        if let getter = functions[name]?.first(where: { $0.isGetter }) {
            if case .returned(let value) = runBody(getter, arguments: []) { return value }
            return .unknown("the getter \(name) returns nothing the importer follows")
        }
        if functions[name] != nil { return .function(name) }
        if ["bounds", "frame"].contains(name), currentSelf != nil { return screenBounds(name) }
        if ["view", "window", "contentView", "superview"].contains(name) { return .unknown("the view (\(name))") }
        if classes[name] == nil, name.lowercased().contains("hex") || name.lowercased().contains("rgb"), !Self.colorTypes.contains(name) { return .function(name) }
        if let first = name.first, first.isUppercase || classes[name] != nil { return .type(name) }
        if Self.numberTypes.contains(name) { return .type(name) }
        return .unknown("\(name) is not defined in the given files")
    }

    /// `.name` with no base: `.pi`, `.zero`, `.red`, `.circle`, `.additive`, `.easeOut`.
    func implicitMember(_ name: String) -> CoreAnimationCodeValue {
        switch name {
        case "pi": return .number(.pi)
        case "zero": return .number(0)
        case "infinity", "greatestFiniteMagnitude": return .number(.infinity)
        default: break
        }
        if let color = Self.namedColors[name] { return .color(color) }
        return .symbol(name)
    }

    /// `base.name`.
    func member(_ base: CoreAnimationCodeValue, _ name: String) -> CoreAnimationCodeValue {
        switch base {
        case .type(let type):
            if Self.numberTypes.contains(type) {
                switch name {
                case "pi": return .number(.pi)
                case "infinity", "greatestFiniteMagnitude": return .number(.infinity)
                case "zero": return .number(0)
                default: return .unknown("\(type).\(name)")
                }
            }
            if Self.colorTypes.contains(type) {
                if let color = Self.namedColors[name] { return .color(color) }
                return .unknown("the color \(type).\(name) (not one of UIKit's named colors)")
            }
            if type.hasPrefix("CAEmitterLayer") || type.hasPrefix("CAMediaTiming") || type == "CALayerContentsFilter" { return .symbol(name) }
            // CAShapeLayerLineCap.round, CAGradientLayerType.radial, CAAnimationCalculationMode.paced…
            if ["CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAAnimation", "CALayer"].contains(where: { type.hasPrefix($0) }),
               Self.layerClasses[type] == nil, !Self.animationClasses.contains(type) {
                return .symbol(name)
            }
            if ["CGAffineTransform", "CATransform3D"].contains(type), name == "identity" { return .transform([]) }
            if type == "UIScreen", name == "main" { return .type("UIScreen.main") }
            if type == "UIScreen.main", name == "bounds" || name == "nativeBounds" { return screenBounds("UIScreen.main.bounds") }
            if type == "UIScreen.main", name == "scale" || name == "nativeScale" {
                warn("UIScreen", "UIScreen.main.scale is the device's: 3, an iPhone's, is used (the canvas is an iPhone's screen)")
                return .number(3)
            }
            switch (type, name) {
            case ("CGPoint", "zero"): return .point(0, 0)
            case ("CGSize", "zero"): return .size(0, 0)
            case ("CGRect", "zero"): return .rect(0, 0, 0, 0)
            case (_, "self"): return .type(type)
            default: break
            }
            if classes[type] != nil {
                if let value = lookup(name) { return value }
                if let getter = functions[name]?.first(where: { $0.isGetter }), case .returned(let value) = runBody(getter, arguments: []) { return value }
                if functions[name] != nil { return .function(name) }
            }
            return .unknown("\(type).\(name) is not read")
        case .color(let components):
            switch name {
            case "cgColor", "CGColor", "ciColor", "color": return base
            case "alpha": return .number(components[3])
            default: return .unknown("the color's \(name)")
            }
        case .image, .drawnImage, .builtinTexture:
            return ["cgImage", "CGImage", "image"].contains(name) ? base : .unknown("the image's \(name)")
        case .rect(let x, let y, let width, let height):
            switch name {
            case "origin": return .point(x, y)
            case "size": return .size(width, height)
            case "width": return .number(width)
            case "height": return .number(height)
            case "midX": return .number(x + width / 2)
            case "midY": return .number(y + height / 2)
            case "minX": return .number(x)
            case "minY": return .number(y)
            case "maxX": return .number(x + width)
            case "maxY": return .number(y + height)
            case "center": return .point(x + width / 2, y + height / 2)
            default: return .unknown("the rectangle's \(name)")
            }
        case .size(let width, let height):
            switch name {
            case "width": return .number(width)
            case "height": return .number(height)
            default: return .unknown("the size's \(name)")
            }
        case .point(let x, let y):
            switch name {
            case "x", "dx": return .number(x)
            case "y", "dy": return .number(y)
            default: return .unknown("the point's \(name)")
            }
        case .array(let items):
            switch name {
            case "count": return .number(Double(items.count))
            case "first", "firstObject": return items.first ?? .unknown("an empty array's first")
            case "last", "lastObject": return items.last ?? .unknown("an empty array's last")
            case "isEmpty": return .bool(items.isEmpty)
            default: return .unknown("the array's \(name)")
            }
        case .object(let index):
            let object = objects[index]
            if object.kind == .path {
                return ["cgPath", "CGPath", "bezierPath"].contains(name) ? base : .unknown("the path's \(name)")
            }
            if let value = object.value(name) { return value }
            if object.kind == .animation, name == "settlingDuration" { return .symbol(name) }
            if object.kind == .layer {
                if name == CoreAnimationCodeMapping.frame, case .rect(_, _, let width, let height)? = object.value(CoreAnimationCodeMapping.codeName(LayerKeys.bounds)) {
                    var anchor = (0.5, 0.5), position = (0.0, 0.0)
                    if case .point(let x, let y)? = object.value(CoreAnimationCodeMapping.codeName(LayerKeys.anchorPoint)) { anchor = (x, y) }
                    if case .point(let x, let y)? = object.value(CoreAnimationCodeMapping.codeName(LayerKeys.position)) { position = (x, y) }
                    return .rect(position.0 - anchor.0 * width, position.1 - anchor.1 * height, width, height)
                }
                if name == CoreAnimationCodeMapping.codeName(LayerKeys.sublayers) { return .array(object.sublayers.map { .object($0) }) }
                if name == CoreAnimationCodeMapping.codeName(LayerKeys.transform) { return .transform([]) }
                if name == CoreAnimationCodeMapping.codeName(LayerKeys.anchorPoint) { return .point(0.5, 0.5) }
                if name == CoreAnimationCodeMapping.codeName(LayerKeys.position) { return .point(0, 0) }
                if name == CoreAnimationCodeMapping.codeName(LayerKeys.bounds) { return .rect(0, 0, 0, 0) }
                if let descriptor = CoreAnimationCodeMapping.layerDescriptor(name, type: .layer), let value = CoreAnimationCodeMapping.defaultValue(descriptor) {
                    return value
                }
            }
            if object.kind == .other {
                if ["bounds", "frame"].contains(name) { return screenBounds("\(object.className).\(name)") }
                if name == "center" {
                    _ = screenBounds("\(object.className).center")
                    return .point(Self.screen.width / 2, Self.screen.height / 2)
                }
                if let getter = functions[name]?.first(where: { $0.isGetter }), case .returned(let value) = runBody(getter, arguments: []) { return value }
                if functions[name] != nil { return .function(name) }
                if let value = lookup(name) ?? lookup("_" + name) { return value }
                if ["view", "window", "contentView", "superview"].contains(name) { return .unknown("the view (self.\(name))") }
                // The layer of a view of a class the files do not have (an off-page Spot view).
                if name == "layer", classes[object.className] == nil, object.className != "the snippet's class",
                   let layer = standInLayer("\(object.variableName ?? object.className) is not set") {
                    return layer
                }
                if name == "layer" { return .unknown("self.layer") }
            }
            if object.kind == .emitterLayer || object.kind == .emitterCell {
                if name == CoreAnimationCodeMapping.codeName(EmitterCellKeys.emitterCells) { return .array([]) }
                if let descriptor = CoreAnimationCodeMapping.descriptor(name, of: object.kind), let value = CoreAnimationCodeMapping.defaultValue(descriptor) {
                    return value
                }
            }
            return .unknown("\(object.variableName ?? object.className).\(name) is not set")
        case .unknown(let why):
            // The size of the app's view or window is the canvas's; any other view's is unknown.
            if why.hasPrefix("the view") {
                let what = why.components(separatedBy: "(").last.map { String($0.dropLast()) } ?? "view"
                if ["bounds", "frame"].contains(name) { return screenBounds("\(what).\(name)") }
                if name == "center" {
                    _ = screenBounds("\(what).center")
                    return .point(Self.screen.width / 2, Self.screen.height / 2)
                }
                if name == "layer" { return .unknown("\(what).layer") }
            }
            if name == "layer" || name == "CALayer", let layer = standInLayer(why) { return layer }
            return base
        default:
            return .unknown("\(base.summary).\(name)")
        }
    }

    /// A call `callee(arguments)`.
    func call(_ callee: CoreAnimationCodeValue, _ arguments: [Argument]) -> CoreAnimationCodeValue {
        switch callee {
        case .type(let type):
            return construct(type, arguments)
        case .function(let name):
            return callFunction(name, arguments)
        case .closure(let tokens, let closureFile):
            return runClosure(tokens, file: closureFile, arguments: arguments.map(\.value))
        case .unknown(let why):
            return .unknown(why)
        case .array(let items) where items.allSatisfy({ if case .type = $0 { return true }; return false }):
            return .array([]) // [CAEmitterCell]()
        default:
            return .unknown("a call of \(callee.summary)")
        }
    }

    /// The source's function `name`, or a math function.
    func callFunction(_ name: String, _ arguments: [Argument]) -> CoreAnimationCodeValue {
        let numbers = arguments.compactMap { $0.value.number }
        let allNumbers = numbers.count == arguments.count
        switch name {
        case "CGPointMake" where allNumbers && numbers.count == 2: return .point(numbers[0], numbers[1])
        case "CGSizeMake" where allNumbers && numbers.count == 2: return .size(numbers[0], numbers[1])
        case "CGRectMake" where allNumbers && numbers.count == 4: return .rect(numbers[0], numbers[1], numbers[2], numbers[3])
        case "CGVectorMake" where allNumbers && numbers.count == 2: return .point(numbers[0], numbers[1])
        case "CACurrentMediaTime": return .number(0) // "now": the effect's start
        case "CGColorCreateSRGB" where allNumbers && numbers.count == 4: return .color(numbers)
        case "CFAutorelease", "CFBridgingRelease", "CFRetain":
            if let first = arguments.first?.value { return first }
        case "sin", "sinf": if allNumbers, numbers.count == 1 { return .number(sin(numbers[0])) }
        case "cos", "cosf": if allNumbers, numbers.count == 1 { return .number(cos(numbers[0])) }
        case "tan", "tanf": if allNumbers, numbers.count == 1 { return .number(tan(numbers[0])) }
        case "sqrt", "sqrtf": if allNumbers, numbers.count == 1 { return .number(numbers[0].squareRoot()) }
        case "abs", "fabs", "fabsf": if allNumbers, numbers.count == 1 { return .number(abs(numbers[0])) }
        case "floor", "floorf": if allNumbers, numbers.count == 1 { return .number(numbers[0].rounded(.down)) }
        case "ceil", "ceilf": if allNumbers, numbers.count == 1 { return .number(numbers[0].rounded(.up)) }
        case "round", "roundf": if allNumbers, numbers.count == 1 { return .number(numbers[0].rounded()) }
        case "min", "fmin", "fminf", "MIN": if allNumbers, !numbers.isEmpty { return .number(numbers.min()!) }
        case "max", "fmax", "fmaxf", "MAX": if allNumbers, !numbers.isEmpty { return .number(numbers.max()!) }
        case "pow", "powf": if allNumbers, numbers.count == 2 { return .number(Foundation.pow(numbers[0], numbers[1])) }
        case _ where Self.rectFunctions[name] != nil && arguments.count == 1:
            if case .rect = arguments[0].value { return member(arguments[0].value, Self.rectFunctions[name]!) }
        case "CGRectInset" where arguments.count == 3 && numbers.count == 2:
            if case .rect(let x, let y, let width, let height) = arguments[0].value, let dx = arguments[1].value.number, let dy = arguments[2].value.number {
                return .rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy)
            }
        case "arc4random_uniform" where allNumbers && numbers.count == 1:
            warn(name, "a random number at set-up: the middle of its range, \(ImportedJSON.text(of: (numbers[0] - 1) / 2)), is used (fx draws its own per-particle randomness from the ranges)")
            return .number((numbers[0] - 1) / 2)
        default: break
        }
        if let transform = transformCall(name, arguments) { return transform }
        if let path = pathFunction(name, arguments) { return path }
        // A built-in given a value it cannot use: the reason is that value's (an unset view, a
        // parameter known only when the app runs), not the built-in's.
        if Self.builtinFunctions.contains(name), functions[name] == nil {
            if let unknown = arguments.first(where: { $0.value.isUnknown }) { return unknown.value }
            return .unknown("\(name)(\(arguments.map(\.value.summary).joined(separator: ", "))) is not read")
        }
        if ["add", "setValue", "value"].contains(name), functions[name] == nil, let me = currentSelf {
            return callMethod(me, name, arguments, baseVariable: nil)
        }
        // UIColorFromRGB(0xFF8800), HEXCOLOR(0xff8800): an app's macro or function, read as the hex color it names.
        let lower = name.lowercased()
        if functions[name] == nil, lower.contains("hex") || lower.contains("rgb"), let first = arguments.first,
           let color = Self.hexColor(first.value, alpha: arguments.count == 2 ? arguments[1].value.number : nil) {
            warn(name, "\(name)(…) is the app's own: read as the hex color \(first.tokens.isEmpty ? "" : CoreAnimationCodeConfig.text(first.tokens))")
            return color
        }
        guard let candidates = functions[name]?.filter({ !$0.isGetter }), !candidates.isEmpty else {
            return .unknown("the function \(name) is not in the given files")
        }
        let labels = arguments.map(\.label)
        let chosen = candidates.first { $0.labels == labels } ?? candidates.first { $0.parameters.count == arguments.count } ?? candidates[0]
        // The helper `fx export` writes to draw fx's built-in textures: an image function of
        // the source, given a texture's name, stands for that texture (its Core Graphics
        // drawing is not run).
        if chosen.returnsImage, name.lowercased().contains("texture"), arguments.count == 1,
           case .string(let textureName) = arguments[0].value, let texture = BuiltinTexture(rawValue: textureName) {
            return .builtinTexture(texture)
        }
        var result = CoreAnimationCodeValue.symbol("void")
        if case .returned(let value) = runBody(chosen, arguments: arguments.map(\.value)) { result = value }
        if chosen.returnsImage, !Self.isImage(result) {
            // An image drawn in code: keep the one color and size it was made from.
            var colors: [[Double]] = [], sizes: [(Double, Double)] = []
            for argument in arguments {
                if case .color(let color) = argument.value { colors.append(color) }
                if case .size(let width, let height) = argument.value { sizes.append((width, height)) }
            }
            return .drawnImage(tint: colors.count == 1 ? colors[0] : nil, size: sizes.count == 1 ? sizes[0] : nil)
        }
        return result
    }

    static func isImage(_ value: CoreAnimationCodeValue) -> Bool {
        switch value {
        case .image, .drawnImage, .builtinTexture: return true
        default: return false
        }
    }

    /// `base.name(arguments)`.
    /// A Swift string with `\(…)` interpolations, evaluated when they are known.
    func interpolate(_ text: String) -> CoreAnimationCodeValue {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "\\(") {
            result += rest[rest.startIndex..<start.lowerBound]
            var depth = 1
            var cursor = start.upperBound
            while cursor < rest.endIndex, depth > 0 {
                if rest[cursor] == "(" { depth += 1 }
                if rest[cursor] == ")" { depth -= 1 }
                if depth > 0 { cursor = rest.index(after: cursor) }
            }
            let inner = String(rest[start.upperBound..<cursor])
            switch evaluate(CoreAnimationCodeToken.tokenize(inner)[...]) {
            case .number(let value): result += ImportedJSON.text(of: value)
            case .string(let value) where result.utf8.count + value.utf8.count <= Self.maxValueLength: result += value
            case .string: return .unknown("a string longer than \(Self.maxValueLength) bytes")
            case .bool(let flag): result += flag ? "true" : "false"
            default: return .unknown("a string made when the app runs (\\(\(inner)))")
            }
            rest = cursor < rest.endIndex ? rest[rest.index(after: cursor)...] : ""
        }
        return .string(result + rest)
    }

    func callMethod(_ base: CoreAnimationCodeValue, _ name: String, _ arguments: [Argument], baseVariable: String?,
                    baseProperty: (object: Int, name: String)? = nil) -> CoreAnimationCodeValue {
        let noOps: Set<String> = ["addSublayer", "insertSublayer", "removeFromSuperlayer", "addSubview", "setNeedsLayout", "layoutIfNeeded",
                                  "removeAllAnimations", "removeAnimation", "setNeedsDisplay", "bringSubviewToFront", "insertSubview", "begin", "commit",
                                  "setDisableActions", "setAnimationDuration"]
        if let result = sublayerCall(base, name, arguments) { return result }
        if noOps.contains(name) { return .symbol("void") }
        if case .transform(let list) = base { return transformMethod(list, name, arguments) }
        if case .object(let index) = base, objects[index].kind == .path, let result = pathMethod(index, name, arguments) { return result }
        switch base {
        case .type(let type):
            if name == "random", let range = arguments.first?.tokens {
                return randomMiddle(range, type: type)
            }
            if name == "init" { return construct(type, arguments) }
            if type == "super" { return .symbol("void") } // super.init(), super.viewDidLoad()
            if let color = Self.colorTypes.contains(type) ? construct(type, arguments, labelsAs: name) : nil, !color.isUnknown { return color }
            if classes[type] != nil || functions[name] != nil { return callFunction(name, arguments) }
            return .unknown("\(type).\(name)(…) is not read")
        case .image, .drawnImage, .builtinTexture:
            // NSImage's cgImage(forProposedRect:context:hints:) is its CGImage.
            return name == "cgImage" ? base : .unknown("the image's \(name)(…)")
        case .color(let components):
            if name == "withAlphaComponent" || name == "copy", let alpha = arguments.first?.value.number {
                return .color([components[0], components[1], components[2], alpha])
            }
            return .unknown("the color's \(name)(…)")
        case .array(let items):
            switch name {
            case "map", "compactMap", "flatMap", "forEach":
                guard let transform = arguments.last?.value else { return .unknown("map without a closure") }
                var result: [CoreAnimationCodeValue] = []
                for (offset, item) in items.prefix(1000).enumerated() where steps < Self.maxSteps {
                    let mapped: CoreAnimationCodeValue
                    switch transform {
                    case .closure(let tokens, let closureFile): mapped = runClosure(tokens, file: closureFile, arguments: [item], offset: offset)
                    case .function(let function): mapped = callFunction(function, [Argument(label: nil, value: item, tokens: [])])
                    case .type(let type): mapped = construct(type, [Argument(label: nil, value: item, tokens: [])])
                    default: return .unknown("map with \(transform.summary)")
                    }
                    if name == "flatMap", case .array(let inner) = mapped { result += inner } else { result.append(mapped) }
                }
                return name == "forEach" ? .symbol("void") : .array(result)
            case "append", "append(contentsOf:)":
                guard let added = arguments.first?.value, baseVariable != nil || baseProperty != nil else {
                    return .unknown("append to an array the importer cannot name")
                }
                var grown = items + [added]
                if arguments.first?.label == "contentsOf", case .array(let more) = added { grown = items + more }
                // A set-up has tens of cells; a list grown past the cap stops growing, warned.
                guard grown.count <= Self.maxListLength else {
                    warn("append", "not run: the list would pass \(Self.maxListLength) items, far more than a set-up makes")
                    return .symbol("void")
                }
                if let baseVariable {
                    assignVariable(baseVariable, .array(grown))
                } else if let baseProperty {
                    setProperty(baseProperty.object, baseProperty.name, .array(grown), valueTokens: nil)
                }
                return .symbol("void")
            case "shuffled", "reversed", "enumerated":
                return .array(name == "reversed" ? items.reversed() : items)
            default:
                return .unknown("the array's \(name)(…)")
            }
        case .object(let index):
            let object = objects[index]
            switch name {
            case "setAffineTransform" where object.kind == .layer:
                if let value = arguments.first?.value { setProperty(index, CoreAnimationCodeMapping.codeName(LayerKeys.transform), value, valueTokens: arguments.first?.tokens) }
                return .symbol("void")
            case "add" where object.kind == .emitterLayer || object.kind == .emitterCell || object.kind == .layer:
                if case .object(let animation)? = arguments.first?.value, objects[animation].kind == .animation {
                    object.animations.append(animation)
                    return .symbol("void")
                }
                warnUnreadAnimation(arguments.first?.value)
                return .symbol("void")
            case "setValue":
                guard let value = arguments.first?.value, case .string(let key)? = arguments.dropFirst().first?.value else {
                    return .unknown("setValue with a key known only when the app runs")
                }
                return setKeyPath(index, key, value)
            case "value":
                if case .string(let key)? = arguments.first?.value { return object.value(key) ?? .unknown("\(key) is not set") }
                return .unknown("value(forKey:) with a key known only when the app runs")
            default:
                if object.kind == .other || functions[name] != nil {
                    selfStack.append(base)
                    defer { selfStack.removeLast() }
                    return callFunction(name, arguments)
                }
                return .unknown("\(object.className).\(name)(…) is not read")
            }
        case .unknown(let why):
            if functions[name] != nil, why.hasPrefix("self") { return callFunction(name, arguments) }
            return base
        default:
            return .unknown("\(base.summary).\(name)(…)")
        }
    }

    /// `CGFloat.random(in: a...b)`: the middle of the range, warned.
    func randomMiddle(_ tokens: ArraySlice<CoreAnimationCodeToken>, type: String) -> CoreAnimationCodeValue {
        guard let operatorIndex = tokens.firstIndex(where: { $0.is("...") || $0.is("..<") }) else { return .unknown("a random number") }
        let low = evaluate(tokens[tokens.startIndex..<operatorIndex]), high = evaluate(tokens[(operatorIndex + 1)...])
        guard let a = low.number, let b = high.number else { return .unknown("a random number") }
        let middle = type.hasPrefix("Int") || type.hasPrefix("UInt") ? ((a + b) / 2).rounded(.down) : (a + b) / 2
        warn("random", "a random number at set-up (\(ImportedJSON.text(of: a))…\(ImportedJSON.text(of: b))): the middle, \(ImportedJSON.text(of: middle)), is used; give the cell a range (velocityRange, scaleRange…) for per-particle variety")
        return .number(middle)
    }

    /// `object.setValue(value, forKey:)` / `forKeyPath:`: a property, or `emitterCells.NAME.property`.
    func setKeyPath(_ index: Int, _ keyPath: String, _ value: CoreAnimationCodeValue) -> CoreAnimationCodeValue {
        var parts = keyPath.split(separator: ".").map(String.init)
        var target = index
        let cellsKey = CoreAnimationCodeMapping.codeName(EmitterLayerKeys.emitterCells)
        let nameKey = CoreAnimationCodeMapping.codeName(EmitterCellKeys.name)
        while parts.count >= 3, parts[0] == cellsKey {
            guard case .array(let cells)? = objects[target].value(cellsKey),
                  let found = cells.first(where: { if case .object(let cell) = $0, case .string(parts[1])? = objects[cell].value(nameKey) { return true }; return false }),
                  case .object(let cell) = found else {
                warn(parts.count > 2 ? parts[2] : keyPath, "could not read setValue(_:forKeyPath: \"\(keyPath)\"): no cell named \"\(parts[1])\" (Core Animation finds cells by their name property)")
                return .symbol("void")
            }
            target = cell
            parts.removeFirst(2)
        }
        guard parts.count == 1 else { return .unknown("the key path \(keyPath)") }
        setProperty(target, parts[0], value, valueTokens: nil)
        return .symbol("void")
    }

    /// `Type(arguments)`: Core Animation objects, colors, geometry, images, numbers and the
    /// source's own classes. `labelsAs` names a static factory (`UIColor.init(white:alpha:)`).
    func construct(_ type: String, _ arguments: [Argument], labelsAs factory: String? = nil) -> CoreAnimationCodeValue {
        var byLabel: [String: CoreAnimationCodeValue] = [:]
        for argument in arguments { if let label = argument.label { byLabel[label] = argument.value } }
        func number(_ label: String, _ fallback: Double? = nil) -> Double? { byLabel[label]?.number ?? fallback }
        if Self.colorTypes.contains(type) {
            if let red = number("red") ?? number("displayP3Red") ?? number("srgbRed"), let green = number("green"), let blue = number("blue") {
                if byLabel["displayP3Red"] != nil { warn("displayP3Red", "a Display P3 color is read as sRGB") }
                return .color([red, green, blue, number("alpha", 1)!])
            }
            if let white = number("white") ?? number("gray") { return .color([white, white, white, number("alpha", 1)!]) }
            if let hue = number("hue"), let saturation = number("saturation"), let brightness = number("brightness") {
                return .color(Self.rgb(hue: hue, saturation: saturation, brightness: brightness) + [number("alpha", 1)!])
            }
            if case .color? = byLabel["cgColor"] ?? byLabel["cgColor"] { return byLabel["cgColor"]! }
            if arguments.count == 1, case .color = arguments[0].value { return arguments[0].value }
            if byLabel["named"] != nil { return .unknown("a color from the asset catalog (\(byLabel["named"]!.summary))") }
            // UIColor(hex: 0xFF8800), UIColor(hexString: "#ff8800", alpha: 0.5), UIColor(rgb: …):
            // an extension of the app, read as the hex color it names.
            if let first = arguments.first, let label = first.label?.lowercased(), label.contains("hex") || label.contains("rgb"),
               let color = Self.hexColor(first.value, alpha: number("alpha") ?? number("opacity")) {
                warn(first.label!, "\(type)(\(first.label!):) is the app's own extension: read as the hex color \(first.tokens.isEmpty ? "" : CoreAnimationCodeConfig.text(first.tokens))")
                return color
            }
            return .unknown("\(type)(\(arguments.map { ($0.label ?? "_") + ":" }.joined())) is not a color initialiser the importer reads")
        }
        if Self.numberTypes.contains(type) {
            if let first = arguments.first?.value, let value = first.number { return .number(value) }
            if let first = arguments.first?.value, case .string(let text) = first, let value = Double(text) { return .number(value) }
            return arguments.first?.value ?? .number(0)
        }
        if Self.pathClasses.contains(type), let path = constructPath(type, arguments) { return path }
        if type == "CGAffineTransform" { return constructTransform(arguments) }
        if type == "CATransform3D", arguments.isEmpty { return .transform([]) }
        if type == "NSValue", let first = arguments.first { return first.value } // NSValue(cgPoint:), NSValue(caTransform3D:)
        if ["CGPoint", "CGVector", "NSPoint", "CGSize", "NSSize", "CGRect", "NSRect"].contains(type),
           let unknown = arguments.first(where: { $0.value.isUnknown }) {
            return unknown.value
        }
        switch type {
        case "CGPoint", "CGVector", "NSPoint":
            if let x = number("x") ?? number("dx"), let y = number("y") ?? number("dy") { return .point(x, y) }
            return .unknown("\(type) with coordinates known only when the app runs")
        case "CGSize", "NSSize":
            if let width = number("width"), let height = number("height") { return .size(width, height) }
            return .unknown("\(type) with a size known only when the app runs")
        case "CGRect", "NSRect":
            if let x = number("x"), let y = number("y"), let width = number("width"), let height = number("height") { return .rect(x, y, width, height) }
            if case .point(let x, let y)? = byLabel["origin"], case .size(let width, let height)? = byLabel["size"] { return .rect(x, y, width, height) }
            return .unknown("\(type) with a rectangle known only when the app runs")
        case "UIImage", "NSImage", "CGImage", "Image":
            if case .string(let name)? = byLabel["named"] ?? byLabel["systemName"] ?? byLabel["contentsOfFile"] ?? arguments.first?.value {
                return .image(name)
            }
            return .image(nil)
        case "CAMediaTimingFunction":
            if case .symbol(let name)? = byLabel["name"] { return .symbol(name) }
            if case .string(let name)? = byLabel["name"] { return .symbol(name) }
            let points = arguments.compactMap { $0.value.number }
            if points.count == 4 { return .array(points.map { .number($0) }) }
            return .unknown("a timing function")
        case "Array":
            if case .array(let items)? = arguments.first?.value { return .array(items) }
            if let count = byLabel["count"]?.number, let item = byLabel["repeating"] {
                // Counted through ImportedNumber: a count of 1e300, -5 or NaN is no array fx follows.
                guard let length = ImportedNumber.whole(count, in: 0...1000).exactValue else {
                    return .unknown("an array of \(ImportedJSON.text(of: count)) items (fx follows 0…1000)")
                }
                return .array(Array(repeating: item, count: length))
            }
            return .array([])
        default:
            break
        }
        if ["CAEmitterLayer", "CAEmitterCell"].contains(type) || Self.animationClasses.contains(type) || Self.layerClasses[type] != nil
            || classes[type] != nil {
            return instantiate(type, arguments: arguments.map(\.value), labels: arguments.map(\.label))
        }
        return .unknown("\(type)(…) is not read")
    }

    /// A color from `0xRRGGBB`, `0xRRGGBBAA` (a number written in hex) or `"#RRGGBB"`, `"RRGGBB"`, `"#RGB"`.
    static func hexColor(_ value: CoreAnimationCodeValue, alpha: Double?) -> CoreAnimationCodeValue? {
        var digits: String
        switch value {
        case .number(let number) where number >= 0 && number <= 0xFFFF_FFFF && number == number.rounded():
            digits = String(UInt64(number), radix: 16)
            digits = String(repeating: "0", count: max(0, (digits.count > 6 ? 8 : 6) - digits.count)) + digits
        case .string(let text):
            digits = text.trimmingCharacters(in: .whitespaces)
            if digits.hasPrefix("#") { digits.removeFirst() }
            if digits.lowercased().hasPrefix("0x") { digits.removeFirst(2) }
            if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        default:
            return nil
        }
        guard digits.count == 6 || digits.count == 8, let packed = UInt64(digits, radix: 16) else { return nil }
        let shift: UInt64 = digits.count == 8 ? 8 : 0
        let red = Double((packed >> (16 + shift)) & 0xFF) / 255, green = Double((packed >> (8 + shift)) & 0xFF) / 255, blue = Double((packed >> shift) & 0xFF) / 255
        let ownAlpha = digits.count == 8 ? Double(packed & 0xFF) / 255 : 1
        return .color([red, green, blue, alpha ?? ownAlpha])
    }

    static func rgb(hue: Double, saturation: Double, brightness: Double) -> [Double] {
        // A hue of ±infinity or NaN has no fraction: taken as 0 (red).
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let whole = ImportedNumber.whole(h, in: 0...5).value ?? 0
        let sector = whole % 6
        let f = h - Double(whole)
        let p = brightness * (1 - saturation), q = brightness * (1 - saturation * f), t = brightness * (1 - saturation * (1 - f))
        switch sector {
        case 0: return [brightness, t, p]
        case 1: return [q, brightness, p]
        case 2: return [p, brightness, t]
        case 3: return [p, q, brightness]
        case 4: return [t, p, brightness]
        default: return [brightness, p, q]
        }
    }

    /// Makes an object of `className` (a Core Animation class or a class of the sources) and
    /// runs its stored properties and the initialiser the arguments choose.
    func instantiate(_ className: String, arguments: [CoreAnimationCodeValue], labels: [String?], selector: String? = nil) -> CoreAnimationCodeValue {
        let base = coreAnimationBase(of: className)
        let kind: CoreAnimationCodeObject.Kind
        switch base {
        case "CAEmitterLayer": kind = .emitterLayer
        case "CAEmitterCell": kind = .emitterCell
        case .some(let name) where Self.layerClasses[name] != nil: kind = .layer
        case .some: kind = .animation
        default: kind = .other
        }
        let index = makeObject(kind: kind, className: className)
        if kind == .animation { objects[index].set(CoreAnimationCodeObject.classKey, .string(base!), file: file, line: line) }
        // `CABasicAnimation(keyPath:)`: the label is the property's name.
        let keyPathName = CoreAnimationCodeMapping.codeName(AnimationKeys.keyPath)
        if kind == .animation, base == "CABasicAnimation" || base == "CAKeyframeAnimation" || base == "CASpringAnimation",
           let keyPath = arguments.first, case .string = keyPath, labels.first == keyPathName || selector != nil {
            objects[index].set(keyPathName, keyPath, file: file, line: line)
        }
        // The chain of source classes, subclass first, for stored properties and initialisers.
        var chain: [String] = []
        var current: String? = className
        while let name = current, classes[name] != nil, !chain.contains(name) {
            chain.append(name)
            current = classes[name]?.superclass
        }
        guard !chain.isEmpty, callDepth < 40 else { return .object(index) }
        let (savedFile, savedLine) = (file, line)
        selfStack.append(.object(index))
        for name in chain.reversed() {
            for statement in classes[name]!.body where statement.body == nil {
                let tokens = Self.stripped(statement.tokens)
                guard let first = tokens.first, first.is("let") || first.is("var") else { continue }
                file = statement.file
                line = statement.line
                // A stored property with a Core Animation name sets it (`var birthRate: Float = 5` is not legal Swift, but say so if seen).
                _ = declaration(tokens)
            }
        }
        let wanted = selector ?? "init"
        for name in chain {
            let inits = (functions.values.flatMap { $0 }).filter { $0.className == name && ($0.name == wanted || (selector == nil && $0.name == "init")) }
            if inits.isEmpty { continue }
            // By labels, then by count; made with no arguments, the first designated initialiser
            // (its parameters unknown), never init(coder:) or init(layer:).
            let usable = inits.filter { !["coder", "layer"].contains($0.labels.first ?? nil) }
            let chosen = usable.first { $0.labels == labels } ?? usable.first { $0.parameters.count == arguments.count }
                ?? usable.first { $0.parameters.isEmpty } ?? (arguments.isEmpty ? usable.first : nil)
            if let chosen {
                _ = runBody(chosen, arguments: arguments)
            }
            break
        }
        selfStack.removeLast()
        (file, line) = (savedFile, savedLine)
        return .object(index)
    }

    /// Runs a function's body with its parameters bound; globals persist, the caller's locals are hidden.
    /// `asEntry`: the function is run as set-up because nothing in the files calls it; a
    /// parameter without an argument or default is then the view's bounds when it is a
    /// `CGRect` (its size when a `CGSize`), as a set-up method given the view's rectangle
    /// would be, and otherwise unknown, warned.
    func runBody(_ function: FunctionInfo, arguments: [CoreAnimationCodeValue], asEntry: Bool = false) -> Flow {
        guard callDepth < 40 else { return .returned(.unknown("calls nested too deep")) }
        guard takeStep() else { return .returned(.unknown("the set-up ran too long to follow")) }
        let identity = "\(function.file):\(function.line):\(function.name)"
        guard !activeFunctions.contains(identity) else {
            warn(function.name, "not followed: a recursive call of \(function.name) (a set-up does not need recursion)")
            return .returned(.unknown("a recursive call of \(function.name)"))
        }
        activeFunctions.insert(identity)
        defer { activeFunctions.remove(identity) }
        callDepth += 1
        let saved = scopes
        let (savedFile, savedLine) = (file, line)
        var parameters: [String: CoreAnimationCodeValue] = [:]
        for (position, name) in function.parameters.enumerated() {
            if position < arguments.count {
                parameters[name] = arguments[position]
            } else if let tokens = function.defaults[position] {
                parameters[name] = evaluate(tokens[...])
            } else if asEntry {
                parameters[name] = entryArgument(function, position)
            } else {
                parameters[name] = .unknown("the parameter \(name) is given only when the app runs")
            }
        }
        scopes = [scopes[0], parameters]
        var flow: Flow
        if let only = function.body.first, function.body.count == 1, only.body == nil, !objectiveC[function.file],
           let first = Self.stripped(only.tokens).first, !["let", "var", "return", "super"].contains(first.text),
           !only.tokens.contains(where: { ["=", "+=", "-=", "*=", "/="].contains($0.text) && $0.kind == .symbol }) {
            // Swift's implicit return: a getter or function of one expression returns it.
            (file, line) = (only.file, only.line)
            flow = .returned(evaluate(Self.stripped(only.tokens)))
        } else {
            flow = execute(function.body)
        }
        let globals = scopes[0]
        scopes = saved
        scopes[0] = globals
        (file, line) = (savedFile, savedLine)
        callDepth -= 1
        if function.name == "init" || function.name.hasPrefix("init"), let me = currentSelf { return .returned(me) }
        return flow
    }

    /// The value of parameter `position` of `function`, run as set-up with no caller (see
    /// ``runBody(_:arguments:asEntry:)``), warned at the function.
    func entryArgument(_ function: FunctionInfo, _ position: Int) -> CoreAnimationCodeValue {
        let name = function.parameters[position]
        let type = position < function.parameterTypes.count ? function.parameterTypes[position] : nil
        let shown = function.name.contains(":") ? function.name : "\(function.name)(\(function.labels.map { ($0 ?? "_") + ":" }.joined()))"
        // viewWillAppear(_ animated: Bool) and init(frame:) handing theirs only to super: nothing to warn.
        let used = function.body.contains { statement in
            mentions(statement, name) && !(statement.tokens.first?.is("super") ?? false) && !(statement.tokens.first?.is("[") == true && statement.tokens.dropFirst().first?.is("super") == true)
        }
        let bounds = (width: Self.screen.width, height: Self.screen.height)
        guard used else {
            switch type {
            case "CGRect", "NSRect": return .rect(0, 0, bounds.width, bounds.height)
            case "CGSize", "NSSize": return .size(bounds.width, bounds.height)
            default: return .unknown("the parameter \(name) of \(shown) is given only when the app runs")
            }
        }
        // The view's size is noted at the method, where the warning about it belongs.
        let saved = (file, line)
        (file, line) = (function.file, function.line)
        defer { (file, line) = saved }
        switch type {
        case "CGRect", "NSRect":
            warn(name, "\(shown) is not called in the given files: it is run as set-up with \(name) = the view's bounds", file: function.file, line: function.line)
            return screenBounds("the parameter \(name) of \(shown)")
        case "CGSize", "NSSize":
            warn(name, "\(shown) is not called in the given files: it is run as set-up with \(name) = the view's size", file: function.file, line: function.line)
            _ = screenBounds("the parameter \(name) of \(shown)")
            return .size(bounds.width, bounds.height)
        default:
            warn(name, "\(shown) is not called in the given files: it is run as set-up, but its parameter \(name)\(type.map { " (\($0))" } ?? "") is given only when the app runs, so the lines that use it are not read",
                 file: function.file, line: function.line)
            return .unknown("the parameter \(name) of \(shown) is given only when the app runs")
        }
    }

    /// Runs a closure's tokens with `arguments` bound to its parameters (or `$0`, `$1`); its
    /// value is what it returns, or its single expression.
    func runClosure(_ tokens: [CoreAnimationCodeToken], file closureFile: Int, arguments: [CoreAnimationCodeValue], offset: Int = 0) -> CoreAnimationCodeValue {
        guard callDepth < 40 else { return .unknown("closures nested too deep") }
        guard takeStep() else { return .unknown("the set-up ran too long to follow") }
        var body = tokens[...]
        var names: [String] = []
        if let inIndex = tokens.firstIndex(where: { $0.is("in") }),
           tokens[..<inIndex].allSatisfy({ $0.kind == .identifier || ["(", ")", ",", ":", "->", "[", "]", "?", "!", "_"].contains($0.text) }) {
            let head = tokens[..<inIndex]
            // (color: UIColor) -> CAEmitterCell in  /  color, index in
            var depth = 0
            var expectName = true
            for token in head {
                if token.is("(") { depth += 1; continue }
                if token.is(")") { depth -= 1; continue }
                if token.is("->") { break }
                if token.is(",") { expectName = true; continue }
                if token.is(":") { expectName = false; continue }
                if expectName, token.kind == .identifier { names.append(token.text); expectName = false }
            }
            body = tokens[(inIndex + 1)...]
        }
        callDepth += 1
        defer { callDepth -= 1 }
        let savedFile = file
        file = closureFile
        defer { file = savedFile }
        scopes.append([:])
        defer { scopes.removeLast() }
        for (position, argument) in arguments.enumerated() {
            if position < names.count { declareVariable(names[position], argument) }
            declareVariable("$\(position)", argument)
        }
        let statements: [CoreAnimationCodeStatement]
        do {
            statements = try CoreAnimationCodeStatement.split(Array(body), file: closureFile, objectiveC: objectiveC[closureFile])
        } catch {
            if nestingError == nil, let error = error as? CoreAnimationCodeStatement.TooDeep {
                nestingError = Self.tooDeep(error.token, path: sources[closureFile].path)
            }
            return .unknown("nested too deep")
        }
        if statements.count == 1, statements[0].body == nil, let first = Self.stripped(statements[0].tokens).first,
           !["let", "var", "return"].contains(first.text), !statements[0].tokens.contains(where: { $0.is("=") }) {
            line = statements[0].line
            return evaluate(Self.stripped(statements[0].tokens))
        }
        if case .returned(let value) = execute(statements) { return value }
        return .symbol("void")
    }

    /// `value as! Type` / `(Type *)value`: a view's `layer` cast to `CAEmitterLayer` is the
    /// emitter layer the view is backed by (its `layerClass`).
    func cast(_ value: CoreAnimationCodeValue, to type: String, source: String) -> CoreAnimationCodeValue {
        guard value.isUnknown, type == "CAEmitterLayer" else { return value }
        let key = "layerClass of \(currentSelf.map { if case .object(let index) = $0 { return objects[index].className }; return "" } ?? "")"
        if case .object? = scopes[0][key] { return scopes[0][key]! }
        let index = makeObject(kind: .emitterLayer, className: "CAEmitterLayer")
        objects[index].variableName = "emitter"
        scopes[0][key] = .object(index)
        return .object(index)
    }

    /// An Objective-C message `[receiver selector arguments]`.
    /// `[NSString stringWithFormat:@"spark%d", i]`: each `%…d`, `i`, `u`, `ld`, `lu`, `f`, `g`, `@`
    /// conversion replaced by the next value (`%%` is a percent sign); a conversion whose value
    /// is not known, or any other, leaves the string unknown.
    static func formatted(_ format: String, _ values: [CoreAnimationCodeValue]) -> CoreAnimationCodeValue {
        var result = ""
        var remaining = values[...]
        var characters = format[...]
        while let character = characters.popFirst() {
            guard character == "%" else { result.append(character); continue }
            if characters.first == "%" { characters.removeFirst(); result.append("%"); continue }
            // Flags, width, precision and length, then the conversion.
            var precision: Int?
            while let next = characters.first, "-+ #0123456789.lhqzjt".contains(next) {
                characters.removeFirst()
                if next == "." {
                    var digits = ""
                    while let digit = characters.first, digit.isNumber { digits.append(digit); characters.removeFirst() }
                    precision = Int(digits) ?? 0
                }
            }
            guard let conversion = characters.popFirst(), let value = remaining.popFirst() else { return .unknown("a format with more conversions than values") }
            switch (conversion, value) {
            case ("d", .number(let n)), ("i", .number(let n)), ("u", .number(let n)), ("D", .number(let n)), ("U", .number(let n)):
                guard n.isFinite, abs(n) < 1e15 else { return .unknown("a number too large to format") }
                result += String(Int64(n.rounded(.towardZero)))
            case ("f", .number(let n)), ("F", .number(let n)):
                guard n.isFinite, abs(n) < 1e15 else { return .unknown("a number too large to format") }
                let digits = min(precision ?? 6, 12)
                var scaled = (abs(n) * pow(10, Double(digits))).rounded()
                var fraction = ""
                for _ in 0..<digits { fraction = String(Int(scaled.truncatingRemainder(dividingBy: 10))) + fraction; scaled = (scaled / 10).rounded(.down) }
                result += (n < 0 ? "-" : "") + String(Int64(scaled)) + (digits > 0 ? "." + fraction : "")
            case ("g", .number(let n)):
                result += ImportedJSON.text(of: n)
            case ("@", .string(let text)):
                result += text
            case ("@", .number(let n)):
                result += ImportedJSON.text(of: n)
            default:
                return .unknown("a %\(conversion) conversion of \(value.summary)")
            }
            guard result.utf8.count <= maxValueLength else { return .unknown("a string longer than \(maxValueLength) bytes") }
        }
        return .string(result)
    }

    func send(_ receiver: CoreAnimationCodeValue, _ selector: String, _ arguments: [Argument], receiverVariable: String?) -> CoreAnimationCodeValue {
        let noOps: Set<String> = ["addSublayer:", "insertSublayer:atIndex:", "insertSublayer:below:", "insertSublayer:above:", "removeFromSuperlayer",
                                  "addSubview:", "setNeedsLayout", "layoutIfNeeded", "removeAllAnimations", "removeAnimationForKey:", "release", "autorelease",
                                  "retain", "begin", "commit", "setDisableActions:", "setAnimationDuration:"]
        if let result = sublayerCall(receiver, selector, arguments) { return result }
        if noOps.contains(selector) { return .symbol("void") }
        if case .object(let index) = receiver, objects[index].kind == .path, let result = pathMethod(index, selector, arguments) { return result }
        if case .transform(let list) = receiver { return transformMethod(list, selector, arguments) }
        let parts = selector.split(separator: ":").map(String.init)
        switch receiver {
        case .type(let type):
            if type == "super" {
                return selector.hasPrefix("init") ? (currentSelf ?? .symbol("void")) : .symbol("void")
            }
            if type.hasSuffix(".alloc") {
                let className = String(type.dropLast(6))
                return instantiate(className, arguments: arguments.map(\.value), labels: arguments.map(\.label), selector: selector)
            }
            switch selector {
            case "alloc": return .type(type + ".alloc")
            case "new", "layer", "emitterCell", "animation":
                return construct(type, [])
            case "animationWithKeyPath:":
                return instantiate(type, arguments: arguments.map(\.value), labels: [CoreAnimationCodeMapping.codeName(AnimationKeys.keyPath)], selector: nil)
            case "stringWithFormat:" where type == "NSString":
                guard case .string(let format)? = arguments.first?.value else { return .unknown("a format known only when the app runs") }
                return Self.formatted(format, arguments.dropFirst().map(\.value))
            case "functionWithName:":
                return arguments.first?.value ?? .unknown("a timing function")
            case "functionWithControlPoints::::":
                let points = arguments.compactMap { $0.value.number }
                return points.count == 4 ? .array(points.map { .number($0) }) : .unknown("a timing function")
            case "bezierPath":
                return makePath(type)
            case _ where type == "NSValue" && selector.hasPrefix("valueWith"):
                return arguments.first?.value ?? .unknown(selector)
            case "imageNamed:", "imageWithContentsOfFile:", "systemImageNamed:":
                if case .string(let name)? = arguments.first?.value { return .image(name) }
                return .image(nil)
            case "mainScreen": return .type("UIScreen.main")
            case _ where type == "UIScreen.main" && ["bounds", "nativeBounds", "scale", "nativeScale"].contains(selector): return member(receiver, selector)
            case "array", "arrayWithCapacity:": return .array([])
            case "arrayWithObjects:", "arrayWithObject:": return .array(arguments.map(\.value).filter { !$0.isUnknown })
            case "arrayWithArray:": return arguments.first?.value ?? .array([])
            default: break
            }
            if Self.colorTypes.contains(type) {
                if parts.count == 1, selector.hasSuffix("Color"), let color = Self.namedColors[String(selector.dropLast(5))] { return .color(color) }
                if selector.hasPrefix("colorWith") {
                    var labeled = arguments
                    if !labeled.isEmpty, let first = parts.first {
                        // colorWithRed: → red, colorWithWhite: → white, colorWithHue: → hue
                        let name = String(first.dropFirst(9))
                        labeled[0].label = name.prefix(1).lowercased() + name.dropFirst()
                    }
                    return construct(type, labeled)
                }
            }
            if Self.numberTypes.contains(type), selector.hasPrefix("numberWith") { return arguments.first?.value ?? .number(0) }
            if Self.pathClasses.contains(type), selector.hasPrefix("bezierPathWith") {
                // bezierPathWithOvalInRect: → ovalInRect, bezierPathWithArcCenter:radius:… → arcCenter, radius, …
                var labelled = arguments
                if !labelled.isEmpty, let first = parts.first { labelled[0].label = String(first.dropFirst("bezierPathWith".count)) }
                if let path = constructPath(type, labelled) { return path }
            }
            if classes[type] != nil || functions[selector] != nil { return callFunction(selector, arguments) }
            return .unknown("[\(type) \(selector)] is not read")
        case .color(let components):
            if selector == "CGColor" || selector == "color" { return receiver }
            if selector == "colorWithAlphaComponent:", let alpha = arguments.first?.value.number { return .color([components[0], components[1], components[2], alpha]) }
            return .unknown("the color's \(selector)")
        case .image, .drawnImage, .builtinTexture:
            // NSImage's CGImageForProposedRect:context:hints: is its CGImage.
            return selector == "CGImage" || selector == "CGImageForProposedRect:context:hints:" ? receiver : .unknown("the image's \(selector)")
        case .array(let items):
            switch selector {
            case "addObject:":
                guard let receiverVariable, let added = arguments.first?.value else { return .unknown("addObject: to an array the importer cannot name") }
                guard items.count < Self.maxListLength else {
                    warn("addObject:", "not run: the list would pass \(Self.maxListLength) items, far more than a set-up makes")
                    return .symbol("void")
                }
                assignVariable(receiverVariable, .array(items + [added]))
                return .symbol("void")
            case "addObjectsFromArray:":
                guard let receiverVariable, case .array(let more)? = arguments.first?.value else { return .unknown("addObjectsFromArray:") }
                assignVariable(receiverVariable, .array(items + more))
                return .symbol("void")
            case "arrayByAddingObject:": return .array(items + [arguments.first?.value ?? .unknown("")])
            case "arrayByAddingObjectsFromArray:":
                if case .array(let more)? = arguments.first?.value { return .array(items + more) }
                return .unknown("arrayByAddingObjectsFromArray:")
            case "copy", "mutableCopy": return receiver
            case "count": return .number(Double(items.count))
            case "firstObject": return items.first ?? .unknown("an empty array")
            case "objectAtIndex:":
                if !items.isEmpty, let position = arguments.first?.value.number,
                   let element = ImportedNumber.whole(position, in: 0...(items.count - 1)).exactValue { return items[element] }
                return .unknown("objectAtIndex:")
            default: return .unknown("the array's \(selector)")
            }
        case .object(let index):
            let object = objects[index]
            if object.kind != .other {
                if parts.count == 1, parts[0].hasPrefix("set"), parts[0].count > 3, arguments.count == 1 {
                    let name = parts[0].dropFirst(3)
                    setProperty(index, name.prefix(1).lowercased() + name.dropFirst(), arguments[0].value, valueTokens: arguments[0].tokens)
                    return .symbol("void")
                }
                if selector == "setAffineTransform:", object.kind == .layer, let value = arguments.first?.value {
                    setProperty(index, CoreAnimationCodeMapping.codeName(LayerKeys.transform), value, valueTokens: arguments.first?.tokens)
                    return .symbol("void")
                }
                if selector == "addAnimation:forKey:" {
                    if case .object(let animation)? = arguments.first?.value, objects[animation].kind == .animation {
                        object.animations.append(animation)
                        return .symbol("void")
                    }
                    warnUnreadAnimation(arguments.first?.value)
                return .symbol("void")
                }
                if selector == "setValue:forKey:" || selector == "setValue:forKeyPath:", arguments.count == 2, case .string(let key) = arguments[1].value {
                    return setKeyPath(index, key, arguments[0].value)
                }
                if parts.count == 1, arguments.isEmpty { return member(receiver, selector) }
                if selector.hasPrefix("init") { return receiver }
            }
            if functions[selector] != nil {
                selfStack.append(receiver)
                defer { selfStack.removeLast() }
                return callFunction(selector, arguments)
            }
            if arguments.isEmpty { return member(receiver, selector) }
            return .unknown("[\(object.variableName ?? object.className) \(selector)] is not read")
        case .unknown(let why):
            if why.hasPrefix("the view"), selector == "bounds" || selector == "frame" { return screenBounds("[\(why) \(selector)]") }
            if selector == "layer", !why.hasPrefix("the view"), let layer = standInLayer(why) { return layer }
            return receiver
        default:
            return .unknown("[\(receiver.summary) \(selector)]")
        }
    }
}
