import Foundation

/// Decodes a JSON value of a given kind into an ``AnimatableValue``, reporting what was
/// expected when it does not fit.
enum ValueDecoder {
    /// - Parameter angles: accept `"90deg"`-style strings for numbers (rotation, spin and
    ///   emission key paths).
    static func decode(_ node: JSONNode, kind: ValueKind, angles: Bool, path: String, context: DecodingContext) -> AnimatableValue? {
        func fail(_ expected: String) -> AnimatableValue? {
            context.error(at: node.location, path: path, "expected \(expected), got \(describe(node.value))")
            return nil
        }
        func numbers(_ count: Int?) -> [Double]? {
            guard case .array(let elements) = node.value else { return nil }
            var result: [Double] = []
            for element in elements {
                guard case .number(let n) = element.value, abs(n) <= ObjectReader.maxMagnitude else { return nil }
                result.append(n)
            }
            if let count, result.count != count { return nil }
            return result
        }
        switch kind {
        case .number:
            if case .number(let n) = node.value {
                guard abs(n) <= ObjectReader.maxMagnitude else { return fail("a number within ±1e9") }
                return .number(n)
            }
            if angles, case .string(let text) = node.value, let radians = ObjectReader.parseAngle(text) { return .number(radians) }
            return fail(angles ? "a number or an angle such as \"90deg\"" : "a number")
        case .bool:
            if case .bool(let flag) = node.value { return .bool(flag) }
            return fail("true or false")
        case .point:
            guard let n = numbers(2) else { return fail("a point [x, y]") }
            return .point(Point(x: n[0], y: n[1]))
        case .size:
            guard let n = numbers(2) else { return fail("a size [width, height]") }
            return .size(Size(width: n[0], height: n[1]))
        case .rect:
            guard let n = numbers(4) else { return fail("a rect [x, y, width, height]") }
            return .rect(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
        case .color:
            return ObjectReader.color(from: node, path: path, context: context).map { .color($0) }
        case .numbers:
            guard let n = numbers(nil) else { return fail("a list of numbers") }
            return .numbers(n)
        case .colors:
            guard case .array(let elements) = node.value else { return fail("a list of colors") }
            var colors: [Color] = []
            for (index, element) in elements.enumerated() {
                guard let color = ObjectReader.color(from: element, path: JSONPath.element(path, index), context: context) else { return nil }
                colors.append(color)
            }
            return .colors(colors)
        case .transform:
            if case .object = node.value {
                // One operation written without the list brackets.
                let wrapped = JSONNode(.array([node]), at: node.location)
                return .transform(TransformValue(TransformDecoder.decode(wrapped, path: path, context: context)))
            }
            return .transform(TransformValue(TransformDecoder.decode(node, path: path, context: context)))
        case .path:
            return decodePath(node, path: path, context: context).map { .path($0) }
        }
    }

    /// SVG path data, or `{"circle": {"center": [x, y], "radius": r}}`, `{"rect": [x, y, w, h],
    /// "cornerRadius": r}`, `{"ellipse": [x, y, w, h]}`.
    static func decodePath(_ node: JSONNode, path: String, context: DecodingContext) -> Path? {
        switch node.value {
        case .string(let text):
            switch PathParser.parse(text) {
            case .success(let parsed): return parsed
            case .failure(let failure):
                var location = node.location
                location.offset += 1 + failure.position
                context.error(at: location, path: path, "path data: \(failure.message) (at character \(failure.position + 1))")
                return nil
            }
        case .object:
            guard let reader = ObjectReader(node, path: path, context: context, what: "a path shape", allowed: ["circle", "rect", "cornerRadius", "ellipse"]) else { return nil }
            if let circleNode = reader.node("circle") {
                guard let circle = ObjectReader(circleNode, path: reader.childPath("circle"), context: context, what: "a circle", allowed: ["center", "radius"]) else { return nil }
                return .circle(center: circle.point("center", default: .zero), radius: circle.number("radius", default: 0, .nonNegative))
            }
            if reader.has("rect") {
                return .rect(reader.rect("rect", default: .zero), cornerRadius: reader.number("cornerRadius", default: 0, .nonNegative))
            }
            if reader.has("ellipse") { return .ellipse(in: reader.rect("ellipse", default: .zero)) }
            context.error(at: node.location, path: path, "a path shape needs \"circle\", \"rect\" or \"ellipse\"")
            return nil
        default:
            context.error(at: node.location, path: path, "expected a path (SVG path data such as \"M 0 0 L 10 0\", or {\"circle\": …}), got \(describe(node.value))")
            return nil
        }
    }
}
