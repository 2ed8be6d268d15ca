import FXCore
import Foundation

/// How CAML writes a ``CoreAnimationValue``: as attribute text where Core Animation's
/// documents do (numbers, flags, strings, enumerations, points, sizes, rects, opaque colors,
/// transforms, timing functions), otherwise as a child element (colors with alpha, images,
/// paths, lists, typed animation values). Numbers are printed so that they read back exactly.
enum CAMLValue {
    // MARK: - Attributes

    /// The attribute text of `value`, or nil when CAML writes it as an element. `key` picks
    /// Core Animation's own spelling of an enumeration where it differs from the case's name
    /// (`fillRule="even-odd"`).
    static func text(_ value: CoreAnimationValue, key: String = "", assets: inout CAMLAssets) -> String? {
        switch value {
        case .number(let number): return self.number(number)
        case .integer(let number): return String(number)
        case .bool(let flag): return flag ? "1" : "0"
        case .string(let string): return string
        case .font(let font): return font
        case .enumeration(_, let name): return enumeration(name, key: key)
        case .point(let x, let y): return numbers([x, y])
        case .size(let width, let height): return numbers([width, height])
        case .rect(let x, let y, let width, let height): return numbers([x, y, width, height])
        case .color(let color): return color.alpha == 1 ? numbers([color.red, color.green, color.blue]) : nil
        case .transform(let operations): return transform(operations)
        case .transformValue(let parts): return transform(parts.operations)
        case .timingFunction(let function): return timingFunction(function)
        case .colors, .numbers, .path, .image, .timingFunctions, .values: return nil
        }
    }

    /// Core Animation's string for an enumeration case: the case itself, except the fill rules,
    /// whose constants are `non-zero` and `even-odd`.
    static func enumeration(_ name: String, key: String) -> String {
        switch (key, name) {
        case ("fillRule", "nonZero"): return "non-zero"
        case ("fillRule", "evenOdd"): return "even-odd"
        default: return name
        }
    }

    /// A number that reads back as the same `Double`: whole numbers without a fraction, others
    /// in Swift's shortest round-trip form, infinity as `inf`.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "0" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func numbers(_ values: [Double]) -> String {
        values.map(number).joined(separator: " ")
    }

    /// A timing function by Core Animation's name (`easeInEaseOut`) or its 4 control points.
    static func timingFunction(_ function: TimingFunction) -> String {
        if let name = TimingFunction.names.first(where: { TimingFunction.named[$0] == function }) { return name }
        return numbers([function.c1x, function.c1y, function.c2x, function.c2y])
    }

    /// A transform as CAML's function list, applied left to right as the operations are:
    /// `translate(x, y)`, `translate(0, 0, z)`, `rotate(30deg)`, `rotate(30deg, 0, 1, 0)`,
    /// `scale(x, y, 1)`, `perspective(d)`. Angles are degrees, printed so that fx's
    /// `degrees × π / 180` gives back the radians exactly where a short number does.
    static func transform(_ operations: [TransformOperation]) -> String {
        operations.map { operation in
            switch operation {
            case .translate(let x, let y): return "translate(\(number(x)), \(number(y)))"
            case .translateZ(let z): return "translate(0, 0, \(number(z)))"
            case .rotate(let angle): return "rotate(\(degrees(angle))deg)"
            case .rotateX(let angle): return "rotate(\(degrees(angle))deg, 1, 0, 0)"
            case .rotateY(let angle): return "rotate(\(degrees(angle))deg, 0, 1, 0)"
            case .scale(let x, let y): return "scale(\(number(x)), \(number(y)), 1)"
            case .perspective(let distance): return "perspective(\(number(distance)))"
            }
        }.joined(separator: " ")
    }

    /// `radians` in degrees: the shortest decimal whose `× π / 180` is `radians` exactly
    /// (`30` for π/6), or the plain conversion when none is.
    static func degrees(_ radians: Double) -> String {
        let plain = radians * 180 / .pi
        guard plain.isFinite else { return number(plain) }
        for digits in 1...17 {
            let candidate = String(format: "%.\(digits)g", plain)
            if let value = Double(candidate), value * (Double.pi / 180) == radians { return number(value) }
        }
        return number(plain)
    }

    /// A path as SVG-style path data with absolute commands: `M x y`, `L x y`,
    /// `Q cx cy x y`, `C c1x c1y c2x c2y x y`, `Z`.
    static func path(_ path: Path) -> String {
        path.elements.map { element in
            switch element {
            case .move(let p): return "M \(number(p.x)) \(number(p.y))"
            case .line(let p): return "L \(number(p.x)) \(number(p.y))"
            case .quad(let c, let p): return "Q \(numbers([c.x, c.y, p.x, p.y]))"
            case .cubic(let c1, let c2, let p): return "C \(numbers([c1.x, c1.y, c2.x, c2.y, p.x, p.y]))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }

    // MARK: - Elements

    /// `value` as the property element `name`: `<backgroundColor opacity="0.5" value="1 0 0"/>`,
    /// `<contents type="CGImage" src="assets/star.png"/>`, `<path type="CGPath" value="…"/>`,
    /// `<colors><CGColor …/></colors>`, `<values><real value="1"/>…</values>`; for a value
    /// that could be an attribute, a typed element (`<fromValue type="real" value="1"/>`).
    /// `typed` writes even a single value with its `type=` (`<fromValue type="CGColor" …/>`).
    static func element(_ value: CoreAnimationValue, name: String, typed: Bool = false, assets: inout CAMLAssets) -> CAMLDocumentWriter.Element {
        if !typed {
            switch value {
            case .colors(let colors):
                return .init(name: name, children: colors.map { color($0, name: "CGColor") })
            case .numbers(let numbers):
                return .init(name: name, children: numbers.map { numberItem($0) })
            case .timingFunctions(let functions):
                return .init(name: name, children: functions.map { .init(name: "CAMediaTimingFunction", attributes: [("value", timingFunction($0))]) })
            case .values(let values):
                return .init(name: name, children: values.map { item($0, assets: &assets) })
            case .color(let value):
                return color(value, name: name)
            default:
                break
            }
        }
        var element = item(value, assets: &assets)
        element.attributes.insert(("type", element.name), at: 0)
        element.name = name
        return element
    }

    /// `value` as an item of a typed list, the element named by its type: `<real value="0.5"/>`,
    /// `<integer value="1"/>`, `<CGPoint value="1 2"/>`, `<CGColor opacity="0.5" value="1 0 0"/>`,
    /// `<CATransform3D value="rotate(90deg)"/>`, `<CGPath value="…"/>`, `<CGImage src="…"/>`,
    /// `<NSArray>…</NSArray>`.
    static func item(_ value: CoreAnimationValue, assets: inout CAMLAssets) -> CAMLDocumentWriter.Element {
        switch value {
        case .number(let number): return numberItem(number)
        case .integer(let number): return .init(name: "integer", attributes: [("value", String(number))])
        case .bool(let flag): return .init(name: "BOOL", attributes: [("value", flag ? "1" : "0")])
        case .string(let string), .font(let string): return .init(name: "NSString", attributes: [("value", string)])
        case .enumeration(_, let name): return .init(name: "NSString", attributes: [("value", name)])
        case .point(let x, let y): return .init(name: "CGPoint", attributes: [("value", numbers([x, y]))])
        case .size(let width, let height): return .init(name: "CGSize", attributes: [("value", numbers([width, height]))])
        case .rect(let x, let y, let width, let height): return .init(name: "CGRect", attributes: [("value", numbers([x, y, width, height]))])
        case .color(let value): return color(value, name: "CGColor")
        case .transform(let operations): return .init(name: "CATransform3D", attributes: [("value", transform(operations))])
        case .transformValue(let parts): return .init(name: "CATransform3D", attributes: [("value", transform(parts.operations))])
        case .path(let value): return .init(name: "CGPath", attributes: [("value", path(value))])
        case .image(let image): return .init(name: "CGImage", attributes: [("src", source(assets.path(of: image)))])
        case .timingFunction(let function): return .init(name: "CAMediaTimingFunction", attributes: [("value", timingFunction(function))])
        case .colors(let colors): return .init(name: "NSArray", children: colors.map { color($0, name: "CGColor") })
        case .numbers(let numbers): return .init(name: "NSArray", children: numbers.map { numberItem($0) })
        case .timingFunctions(let functions):
            return .init(name: "NSArray", children: functions.map { .init(name: "CAMediaTimingFunction", attributes: [("value", timingFunction($0))]) })
        case .values(let values): return .init(name: "NSArray", children: values.map { item($0, assets: &assets) })
        }
    }

    /// `<integer value="2"/>` for a whole number, `<real value="0.5"/>` for any other.
    static func numberItem(_ value: Double) -> CAMLDocumentWriter.Element {
        let whole = value.isFinite && value == value.rounded() && abs(value) < 1e15
        return .init(name: whole ? "integer" : "real", attributes: [("value", number(value))])
    }

    /// A color element: `value="r g b"`, with `opacity="a"` when alpha is not 1.
    static func color(_ color: Color, name: String) -> CAMLDocumentWriter.Element {
        var attributes = [("value", numbers([color.red, color.green, color.blue]))]
        if color.alpha != 1 { attributes.insert(("opacity", number(color.alpha)), at: 0) }
        return .init(name: name, attributes: attributes)
    }

    /// A bundle path as a `src` (URL-encoded: `assets/my%20star.png`).
    static func source(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return path.unicodeScalars.map { scalar in
            guard scalar.isASCII, allowed.contains(scalar) else {
                return String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
            }
            return String(scalar)
        }.joined()
    }

    // MARK: - XML text

    /// Whether `key` can be an element's name (an animation's key): ASCII letters, digits,
    /// `-`, `_` and `.`, starting with a letter or `_`, not `xml…`, and not `p` (the generic
    /// element).
    static func isElementName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        if key.lowercased().hasPrefix("xml") || key == "p" { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// `text` fit for an XML comment (no `--`, no line breaks).
    static func commentText(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "\n", with: " ")
        while result.contains("--") { result = result.replacingOccurrences(of: "--", with: "- -") }
        if result.hasSuffix("-") { result += " " }
        return result
    }
}
