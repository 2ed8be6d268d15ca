import FXCore
import Foundation

/// What the importer knows of layers other than emitters: the `CALayer` classes, sublayer
/// trees, `CATransform3D` and `CGAffineTransform` values, and the paths `UIBezierPath` and
/// Core Graphics build.
extension CoreAnimationCodeConfig {
    /// The layer classes and the fx layer type each stands for (`CATransformLayer` is drawn as a
    /// plain layer; docs/importing.md says what that changes).
    static let layerClasses: [String: Layer.LayerType] = [
        "CALayer": .layer, "CAShapeLayer": .shape, "CATextLayer": .text, "CAGradientLayer": .gradient,
        "CAReplicatorLayer": .replicator, "CATransformLayer": .layer,
    ]

    /// The animation classes the reader makes.
    static let animationClasses: Set<String> = ["CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup", "CATransition"]

    /// The path classes whose initialisers and factories make a path.
    static let pathClasses: Set<String> = ["UIBezierPath", "NSBezierPath", "CGMutablePath", "CGPath", "Path"]

    /// Core Graphics' path functions, read as the path methods they are.
    static let pathFunctions: Set<String> = ["CGPathCreateMutable", "CGPathMoveToPoint", "CGPathAddLineToPoint", "CGPathAddCurveToPoint",
                                             "CGPathAddQuadCurveToPoint", "CGPathAddArc", "CGPathAddEllipseInRect", "CGPathAddRect",
                                             "CGPathCloseSubpath", "CGPathCreateWithEllipseInRect", "CGPathCreateWithRect",
                                             "CGPathCreateWithRoundedRect", "CGPathAddPath", "CGPathCreateCopy", "CGPathRelease"]

    /// Core Animation's and Core Graphics' transform functions.
    static let transformFunctions: Set<String> = ["CATransform3DMakeRotation", "CATransform3DMakeScale", "CATransform3DMakeTranslation",
                                                  "CATransform3DRotate", "CATransform3DScale", "CATransform3DTranslate", "CATransform3DConcat",
                                                  "CATransform3DMakeAffineTransform", "CGAffineTransformMakeRotation", "CGAffineTransformMakeScale",
                                                  "CGAffineTransformMakeTranslation", "CGAffineTransformRotate", "CGAffineTransformScale",
                                                  "CGAffineTransformTranslate", "CGAffineTransformConcat"]

    /// The layer class whose own property `property` is (`path` → `CAShapeLayer`, `colors` →
    /// `CAGradientLayer`), for a layer the code uses without making; nil for properties every
    /// layer (or an emitter) has.
    static func layerClass(givenOnly property: String) -> String? {
        for (className, type) in [("CAShapeLayer", Layer.LayerType.shape), ("CAGradientLayer", .gradient), ("CATextLayer", .text), ("CAReplicatorLayer", .replicator)] {
            guard let owner = PropertyOwner.layer(type) else { continue }
            if PropertyRegistry.properties(of: owner).contains(where: { ($0.coreAnimationName?.split(separator: ".").last).map(String.init) == property }) {
                return className
            }
        }
        return nil
    }

    // MARK: - Sublayers

    /// `parent.addSublayer(child)` / `insertSublayer(child, at:)`: `parent` a layer the code made,
    /// or a view's layer (the child is then a root of the effect). A layer moved to a second
    /// parent leaves the first, as in Core Animation.
    func addSublayer(_ parent: CoreAnimationCodeValue, _ child: CoreAnimationCodeValue, at position: Double? = nil) {
        guard case .object(let childIndex) = child, objects[childIndex].kind == .layer || objects[childIndex].kind == .emitterLayer else { return }
        for object in objects { object.sublayers.removeAll { $0 == childIndex } }
        rootLayers.removeAll { $0 == childIndex }
        if case .object(let parentIndex) = parent, objects[parentIndex].kind == .layer || objects[parentIndex].kind == .emitterLayer, parentIndex != childIndex {
            var list = objects[parentIndex].sublayers
            if let position, let at = ImportedNumber.whole(position, in: 0...list.count).exactValue { list.insert(childIndex, at: at) } else { list.append(childIndex) }
            objects[parentIndex].sublayers = list
        } else {
            rootLayers.append(childIndex)
        }
    }

    /// The sublayer methods, Swift's and Objective-C's; nil for other names.
    func sublayerCall(_ base: CoreAnimationCodeValue, _ name: String, _ arguments: [Argument]) -> CoreAnimationCodeValue? {
        switch name {
        case "addSublayer", "addSublayer:":
            if let child = arguments.first?.value { addSublayer(base, child) }
        case "insertSublayer", "insertSublayer:atIndex:", "insertSublayer:below:", "insertSublayer:above:":
            guard let child = arguments.first?.value else { return .symbol("void") }
            let label = arguments.dropFirst().first?.label
            if label == "at" || label == "atIndex" {
                addSublayer(base, child, at: arguments[1].value.number)
            } else if label == "below", case .object(let sibling)? = arguments.dropFirst().first?.value,
                      case .object(let parentIndex) = base, let at = objects[parentIndex].sublayers.firstIndex(of: sibling) {
                addSublayer(base, child, at: Double(at))
            } else {
                addSublayer(base, child)
            }
        case "removeFromSuperlayer":
            if case .object(let index) = base {
                for object in objects { object.sublayers.removeAll { $0 == index } }
                rootLayers.removeAll { $0 == index }
            }
        default:
            return nil
        }
        return .symbol("void")
    }

    /// The layer of a view the code uses but does not make (`self.testButton.layer`,
    /// `movingSpot.layer` of an off-page `Spot` view), made once per view as a plain `CALayer`
    /// with no size at its parent's origin, warned: the animations, properties and sublayers the
    /// code gives it are kept. Nil for reasons that are no view (a parameter, nil, nesting).
    func standInLayer(_ why: String) -> CoreAnimationCodeValue? {
        if let index = standInLayers[why] { return .object(index) }
        let view: String
        if let range = why.range(of: " is not set") ?? why.range(of: " is not defined in the given files") {
            view = String(why[..<range.lowerBound].split(separator: ".").last ?? "view")
        } else if why.hasPrefix("["), let space = why.firstIndex(of: " "), why.hasSuffix("is not read") {
            view = String(why[why.index(after: why.startIndex)..<space]).replacingOccurrences(of: ".alloc", with: "")
        } else {
            return nil
        }
        guard !view.isEmpty, !["self", "nil"].contains(view) else { return nil }
        let index = makeObject(kind: .layer, className: "CALayer")
        objects[index].variableName = view + ".layer"
        standInLayers[why] = index
        warn(view, "\(view) is a view the given files do not make (\(why)): its layer stands in as a plain CALayer with no size at its parent's origin; what the code gives that layer (properties, animations, sublayers) is kept")
        return .object(index)
    }

    /// Warns that `add(_:forKey:)` was given something that is no animation the reader makes
    /// (a `CATransition`, an animation known only when the app runs).
    func warnUnreadAnimation(_ value: CoreAnimationCodeValue?) {
        if case .object(let index)? = value {
            warn(objects[index].variableName ?? "animation", "dropped: a \(objects[index].className) is not read from code (only CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup and CATransition are)")
        } else {
            warn("animation", "dropped: the animation added here could not be read (\(value?.summary ?? "nothing"))")
        }
    }

    // MARK: - Transforms

    /// A rotation about (x, y, z): fx rotates about one of the axes.
    static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> TransformOperation? {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, angle.isFinite else { return nil }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        if abs(abs(uz) - 1) < 1e-9 { return .rotate(uz > 0 ? angle : -angle) }
        if abs(abs(ux) - 1) < 1e-9 { return .rotateX(ux > 0 ? angle : -angle) }
        if abs(abs(uy) - 1) < 1e-9 { return .rotateY(uy > 0 ? angle : -angle) }
        return nil
    }

    /// `CATransform3DMakeRotation(…)` and its kin. fx's transform list is Core Animation's
    /// chain of calls: the newest operation acts first on the layer's points, so
    /// `CATransform3DRotate(t, …)` is t's list then the rotation, and `CATransform3DConcat(a, b)`
    /// (a, then b) is b's list then a's.
    func transformCall(_ name: String, _ arguments: [Argument]) -> CoreAnimationCodeValue? {
        guard Self.transformFunctions.contains(name), functions[name] == nil else { return nil }
        if let unknown = arguments.first(where: { $0.value.isUnknown }) { return unknown.value }
        var values = arguments.map(\.value)
        var base: [TransformOperation] = []
        let chained = ["CATransform3DRotate", "CATransform3DScale", "CATransform3DTranslate", "CGAffineTransformRotate", "CGAffineTransformScale",
                       "CGAffineTransformTranslate"].contains(name)
        if chained {
            guard case .transform(let list)? = values.first else { return .unknown("\(name) of \(values.first?.summary ?? "nothing")") }
            base = list
            values.removeFirst()
        }
        let numbers = values.compactMap(\.number)
        func made(_ operation: TransformOperation?) -> CoreAnimationCodeValue {
            guard let operation else { return .unknown("\(name)(…): a rotation about an axis other than x, y or z") }
            return .transform(base + [operation])
        }
        switch name {
        case "CATransform3DMakeRotation", "CATransform3DRotate":
            guard numbers.count == 4 else { break }
            return made(Self.rotation(numbers[0], numbers[1], numbers[2], numbers[3]))
        case "CGAffineTransformMakeRotation", "CGAffineTransformRotate":
            guard numbers.count == 1 else { break }
            return made(.rotate(numbers[0]))
        case "CATransform3DMakeScale", "CATransform3DScale", "CGAffineTransformMakeScale", "CGAffineTransformScale":
            guard numbers.count >= 2 else { break }
            return made(.scale(x: numbers[0], y: numbers[1]))
        case "CATransform3DMakeTranslation", "CATransform3DTranslate":
            guard numbers.count == 3 else { break }
            // Along z only (`CATransform3DTranslate(t, 0, 0, z)`): fx's translateZ alone.
            if numbers[2] != 0, numbers[0] == 0, numbers[1] == 0 { return .transform(base + [.translateZ(numbers[2])]) }
            return .transform(base + [.translate(x: numbers[0], y: numbers[1])] + (numbers[2] != 0 ? [.translateZ(numbers[2])] : []))
        case "CGAffineTransformMakeTranslation", "CGAffineTransformTranslate":
            guard numbers.count == 2 else { break }
            return made(.translate(x: numbers[0], y: numbers[1]))
        case "CATransform3DConcat", "CGAffineTransformConcat":
            guard values.count == 2, case .transform(let first) = values[0], case .transform(let second) = values[1] else { break }
            return .transform(second + first)
        case "CATransform3DMakeAffineTransform":
            if case .transform = values.first { return values[0] }
        default:
            break
        }
        return .unknown("\(name)(\(values.map(\.summary).joined(separator: ", "))) is not read")
    }

    /// `CGAffineTransform(rotationAngle:)`, `(scaleX:y:)`, `(translationX:y:)`.
    func constructTransform(_ arguments: [Argument]) -> CoreAnimationCodeValue {
        if let unknown = arguments.first(where: { $0.value.isUnknown }) { return unknown.value }
        var byLabel: [String: Double] = [:]
        for argument in arguments { if let label = argument.label, let number = argument.value.number { byLabel[label] = number } }
        if let angle = byLabel["rotationAngle"] { return .transform([.rotate(angle)]) }
        if let x = byLabel["scaleX"], let y = byLabel["y"] { return .transform([.scale(x: x, y: y)]) }
        if let x = byLabel["translationX"], let y = byLabel["y"] { return .transform([.translate(x: x, y: y)]) }
        if arguments.isEmpty { return .transform([]) }
        return .unknown("CGAffineTransform(\(arguments.map { ($0.label ?? "_") + ":" }.joined())) is not read")
    }

    /// `t.rotated(by:)`, `t.scaledBy(x:y:)`, `t.translatedBy(x:y:)`, `t.concatenating(u)`.
    func transformMethod(_ list: [TransformOperation], _ name: String, _ arguments: [Argument]) -> CoreAnimationCodeValue {
        if let unknown = arguments.first(where: { $0.value.isUnknown }) { return unknown.value }
        let numbers = arguments.compactMap(\.value.number)
        switch name {
        case "rotated" where numbers.count == 1: return .transform(list + [.rotate(numbers[0])])
        case "scaledBy" where numbers.count == 2: return .transform(list + [.scale(x: numbers[0], y: numbers[1])])
        case "translatedBy" where numbers.count == 2: return .transform(list + [.translate(x: numbers[0], y: numbers[1])])
        case "concatenating":
            if case .transform(let other)? = arguments.first?.value { return .transform(other + list) }
        default: break
        }
        return .unknown("the transform's \(name)(…)")
    }

    // MARK: - Paths

    /// A new path object, optionally drawn by `draw`.
    func makePath(_ className: String, _ draw: (inout CoreAnimationCodePath) -> Void = { _ in }) -> CoreAnimationCodeValue {
        let index = makeObject(kind: .path, className: className)
        draw(&objects[index].path)
        return .object(index)
    }

    /// `UIBezierPath(ovalIn:)`, `(rect:)`, `(roundedRect:cornerRadius:)`,
    /// `(arcCenter:radius:startAngle:endAngle:clockwise:)`, `CGPath(ellipseIn:transform:)`,
    /// `CGPath(rect:transform:)`, and the Objective-C factories (`bezierPathWithOvalInRect:` is
    /// labelled `ovalInRect`); nil when the labels are none of these.
    func constructPath(_ type: String, _ arguments: [Argument]) -> CoreAnimationCodeValue? {
        if let unknown = arguments.first(where: { $0.value.isUnknown && $0.label != "transform" }) { return unknown.value }
        var byLabel: [String: CoreAnimationCodeValue] = [:]
        for argument in arguments { if let label = argument.label { byLabel[label.lowercased()] = argument.value } }
        let unlabelled = arguments.first { $0.label == nil }?.value
        func rect(_ labels: String...) -> (Double, Double, Double, Double)? {
            for label in labels { if case .rect(let x, let y, let w, let h)? = byLabel[label] { return (x, y, w, h) } }
            return nil
        }
        if arguments.isEmpty { return makePath(type) }
        if let (x, y, w, h) = rect("ovalin", "ovalinrect", "ellipsein", "ellipseinrect") { return makePath(type) { $0.oval(x, y, w, h) } }
        if let (x, y, w, h) = rect("roundedrect") {
            let radius = byLabel["cornerradius"]?.number ?? byLabel["cornerwidth"]?.number ?? 0
            return makePath(type) { $0.rect(x, y, w, h, cornerRadius: radius) }
        }
        if let (x, y, w, h) = rect("rect", "withrect") { return makePath(type) { $0.rect(x, y, w, h) } }
        if case .rect(let x, let y, let w, let h)? = unlabelled { return makePath(type) { $0.rect(x, y, w, h) } }
        if case .point(let cx, let cy)? = byLabel["arccenter"] ?? byLabel["witharccenter"], let radius = byLabel["radius"]?.number,
           let start = byLabel["startangle"]?.number, let end = byLabel["endangle"]?.number {
            let clockwise = byLabel["clockwise"]?.number.map { $0 != 0 } ?? true
            return makePath(type) { $0.arc(center: (cx, cy), radius: radius, startAngle: start, endAngle: end, increasing: clockwise) }
        }
        if case .object(let other)? = unlabelled ?? byLabel["cgpath"], objects[other].kind == .path {
            return makePath(type) { $0.append(self.objects[other].path) } // UIBezierPath(cgPath:), a copy
        }
        return nil
    }

    /// A path method (Swift's `move(to:)`, `addLine(to:)`, `addCurve(to:controlPoint1:controlPoint2:)`,
    /// `addQuadCurve(to:controlPoint:)`, `addArc(withCenter:…)`, `close()`; `CGMutablePath`'s
    /// `addCurve(to:control1:control2:)`, `addArc(center:…)` (Core Graphics' clockwise),
    /// `closeSubpath()`, `addEllipse(in:)`, `addRect(_:)`, `addPath(_:)`; Objective-C's
    /// `moveToPoint:`… `closePath`, `appendPath:`) run on path `index`; nil for other names.
    func pathMethod(_ index: Int, _ name: String, _ arguments: [Argument]) -> CoreAnimationCodeValue? {
        let method = name.split(separator: ":").first.map(String.init) ?? name
        let known: Set<String> = ["move", "moveToPoint", "addLine", "addLineToPoint", "addCurve", "addCurveToPoint", "addQuadCurve", "addQuadCurveToPoint",
                                  "addArc", "addArcWithCenter", "close", "closePath", "closeSubpath", "addEllipse", "addRect", "append", "appendPath",
                                  "addPath", "removeAllPoints", "copy", "mutableCopy", "apply", "applyTransform"]
        guard known.contains(method) else { return nil }
        guard !objects[index].path.isFull else {
            warn(method, "not run: the path would pass \(CoreAnimationCodePath.maxElements) commands, far more than a set-up draws")
            return .symbol("void")
        }
        if let unknown = arguments.first(where: { $0.value.isUnknown }) { return unknown.value }
        func point(_ value: CoreAnimationCodeValue?) -> (Double, Double)? {
            if case .point(let x, let y)? = value { return (x, y) }
            return nil
        }
        var byLabel: [String: CoreAnimationCodeValue] = [:]
        for (position, argument) in arguments.enumerated() { byLabel[(argument.label ?? (position == 0 ? "to" : "_\(position)")).lowercased()] = argument.value }
        let first = arguments.first?.value
        switch method {
        case "move", "moveToPoint":
            guard let p = point(first) else { break }
            objects[index].path.move(p.0, p.1)
        case "addLine", "addLineToPoint":
            guard let p = point(first) else { break }
            objects[index].path.line(p.0, p.1)
        case "addCurve", "addCurveToPoint":
            guard let p = point(first), let c1 = point(byLabel["controlpoint1"] ?? byLabel["control1"]),
                  let c2 = point(byLabel["controlpoint2"] ?? byLabel["control2"]) else { break }
            objects[index].path.curve(c1, c2, to: p)
        case "addQuadCurve", "addQuadCurveToPoint":
            guard let p = point(first), let c = point(byLabel["controlpoint"] ?? byLabel["control"]) else { break }
            objects[index].path.quad(control: c, to: p)
        case "addArc", "addArcWithCenter":
            // UIBezierPath: addArc(withCenter:…) / addArcWithCenter:…, clockwise = the angle grows;
            // CGMutablePath: addArc(center:…), clockwise in Core Graphics' y-up sense.
            guard let c = point(byLabel["withcenter"] ?? byLabel["center"] ?? byLabel["addarcwithcenter"] ?? first),
                  let radius = byLabel["radius"]?.number, let start = byLabel["startangle"]?.number, let end = byLabel["endangle"]?.number else { break }
            let clockwise = byLabel["clockwise"]?.number.map { $0 != 0 } ?? true
            let coreGraphics = byLabel["center"] != nil
            objects[index].path.arc(center: c, radius: radius, startAngle: start, endAngle: end, increasing: coreGraphics ? !clockwise : clockwise)
        case "close", "closePath", "closeSubpath":
            objects[index].path.close()
        case "addEllipse":
            guard case .rect(let x, let y, let w, let h)? = first else { break }
            objects[index].path.oval(x, y, w, h)
        case "addRect":
            guard case .rect(let x, let y, let w, let h)? = first else { break }
            objects[index].path.rect(x, y, w, h)
        case "append", "appendPath", "addPath":
            guard case .object(let other)? = first, objects[other].kind == .path else { break }
            objects[index].path.append(objects[other].path)
        case "removeAllPoints":
            objects[index].path = CoreAnimationCodePath()
        case "copy", "mutableCopy":
            return makePath(objects[index].className) { $0.append(self.objects[index].path) }
        default:
            return .unknown("the path's \(method)(…) (transforming a path) is not read")
        }
        return .symbol("void")
    }

    /// Core Graphics' path functions: `CGPathCreateMutable()`, `CGPathMoveToPoint(path, NULL, x, y)`…
    func pathFunction(_ name: String, _ arguments: [Argument]) -> CoreAnimationCodeValue? {
        guard Self.pathFunctions.contains(name), functions[name] == nil else { return nil }
        let values = arguments.map(\.value)
        func number(_ position: Int) -> Double? { position < values.count ? values[position].number : nil }
        func pathIndex() -> Int? {
            if case .object(let index)? = values.first, objects[index].kind == .path { return index }
            return nil
        }
        switch name {
        case "CGPathCreateMutable": return makePath("CGMutablePath")
        case "CGPathCreateWithEllipseInRect", "CGPathCreateWithRect", "CGPathCreateWithRoundedRect":
            guard case .rect(let x, let y, let w, let h)? = values.first else { return values.first { $0.isUnknown } ?? .unknown("\(name) of an unknown rectangle") }
            if name == "CGPathCreateWithEllipseInRect" { return makePath("CGPath") { $0.oval(x, y, w, h) } }
            return makePath("CGPath") { $0.rect(x, y, w, h, cornerRadius: name == "CGPathCreateWithRect" ? 0 : (number(1) ?? 0)) }
        case "CGPathCreateCopy":
            guard let index = pathIndex() else { return values.first ?? .unknown(name) }
            return makePath("CGPath") { $0.append(self.objects[index].path) }
        case "CGPathRelease":
            return .symbol("void")
        default:
            break
        }
        guard let index = pathIndex() else { return values.first { $0.isUnknown } ?? .unknown("\(name) on something that is not a path the importer made") }
        // The second argument is the transform (NULL in set-up code): the rest follow it.
        let rest = Array(arguments.dropFirst(2))
        func pointArgument(_ x: Int, _ y: Int) -> CoreAnimationCodeValue {
            guard x < rest.count, y < rest.count, let px = rest[x].value.number, let py = rest[y].value.number else {
                return rest.first { $0.value.isUnknown }?.value ?? .unknown("\(name) with coordinates known only when the app runs")
            }
            return .point(px, py)
        }
        func call(_ method: String, _ labelled: [(String?, CoreAnimationCodeValue)]) -> CoreAnimationCodeValue {
            if let unknown = labelled.first(where: { $0.1.isUnknown }) { return unknown.1 }
            return pathMethod(index, method, labelled.map { Argument(label: $0.0, value: $0.1, tokens: []) }) ?? .unknown(name)
        }
        switch name {
        case "CGPathMoveToPoint": return call("move", [("to", pointArgument(0, 1))])
        case "CGPathAddLineToPoint": return call("addLine", [("to", pointArgument(0, 1))])
        case "CGPathAddCurveToPoint":
            return call("addCurve", [("to", pointArgument(4, 5)), ("control1", pointArgument(0, 1)), ("control2", pointArgument(2, 3))])
        case "CGPathAddQuadCurveToPoint": return call("addQuadCurve", [("to", pointArgument(2, 3)), ("control", pointArgument(0, 1))])
        case "CGPathAddArc":
            guard rest.count == 6 else { return .unknown("\(name) with \(arguments.count) arguments") }
            return call("addArc", [("center", pointArgument(0, 1)), ("radius", rest[2].value), ("startAngle", rest[3].value),
                                   ("endAngle", rest[4].value), ("clockwise", rest[5].value)])
        case "CGPathAddEllipseInRect": return call("addEllipse", [(nil, rest.first?.value ?? .unknown("no rectangle"))])
        case "CGPathAddRect": return call("addRect", [(nil, rest.first?.value ?? .unknown("no rectangle"))])
        case "CGPathAddPath": return call("addPath", [(nil, rest.first?.value ?? .unknown("no path"))])
        case "CGPathCloseSubpath": return call("closeSubpath", [])
        default: return nil
        }
    }
}
