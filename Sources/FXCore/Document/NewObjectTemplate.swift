/// What a layer or an emitter cell made from nothing starts as (the panel's "+ cell" and
/// "+ layer"): small, visible at once, and written with the registry's key names, so that the
/// file reads like one a person wrote and every value is there to tune.
///
/// A new cell emits 30 white discs a second in every direction, fading as they go: something
/// moves on the canvas the moment it is added, whatever emitter holds it. (A sub-cell, 6 a
/// second per parent particle, shorter-lived.) A new layer sits at
/// the canvas's centre and draws something of its kind there (an emitter with one such cell, a
/// replicator repeating a dot, a gradient, a shape, a string, a filled plain layer).
public enum NewObjectTemplate {
    /// The layer types a layer can be made as from nothing, in the order offered. (An image
    /// layer needs an image file: it is made by naming one.)
    public static let layerTypes: [Layer.LayerType] = [.emitter, .replicator, .gradient, .shape, .text, .layer]

    /// A new emitter cell named `name`, as a one-line JSON object. A sub-cell (emitted from
    /// each particle of its parent, so its birth rate is per parent particle) is a short, faint
    /// trail of 6 small discs a second, where a layer's cell would multiply into thousands.
    public static func cell(named name: String, isSubcell: Bool = false) -> String {
        let (birthRate, lifetime, velocity, scale) = isSubcell ? (6.0, 0.6, 10.0, 0.12) : (30.0, 2.0, 80.0, 0.25)
        return object([
            (EmitterCellKeys.name, .string(name)),
            (EmitterCellKeys.contents, .string(BuiltinTexture.disc.rawValue)),
            (EmitterCellKeys.birthRate, .value(.number(birthRate))),
            (EmitterCellKeys.lifetime, .value(.number(lifetime))),
            (EmitterCellKeys.velocity, .value(.number(velocity))),
            (EmitterCellKeys.velocityRange, .value(.number(velocity * 3 / 8))),
            (EmitterCellKeys.emissionRange, .string("360deg")),
            (EmitterCellKeys.scale, .value(.number(scale))),
            (EmitterCellKeys.color, .value(.color(Color(red: 1, green: 1, blue: 1)))),
            (EmitterCellKeys.alphaSpeed, .value(.number(isSubcell ? -1.5 : -0.4))),
        ])
    }

    /// A new layer of `type` named `name` at the centre of a canvas of `canvas` points, as a
    /// JSON object (one line, its cell or sublayer inside).
    public static func layer(_ type: Layer.LayerType, named name: String, canvas: Size) -> String {
        let center = Point(x: canvas.width / 2, y: canvas.height / 2)
        let side = max(min(min(canvas.width, canvas.height) / 4, 160), 8)
        let box = Size(width: side, height: side)
        var members: [(PropertyDescriptor, Member)] = [(LayerKeys.type, .string(type.rawValue)), (LayerKeys.name, .string(name))]
        switch type {
        case .emitter:
            members += [(EmitterLayerKeys.emitterPosition, .value(.point(center))),
                        (EmitterLayerKeys.emitterCells, .raw("[" + cell(named: "cell") + "]"))]
        case .replicator:
            // Five dots in a row, each a little fainter: what a replicator is, at a glance.
            let dot = object([(LayerKeys.type, .string(Layer.LayerType.shape.rawValue)), (LayerKeys.name, .string(name + "-dot")),
                              (LayerKeys.position, .value(.point(Point(x: center.x - 2 * side / 4, y: center.y)))),
                              (LayerKeys.bounds, .value(.size(Size(width: side / 4, height: side / 4)))),
                              (ShapeLayerKeys.path, .string(circle(center: side / 8, radius: side / 10))),
                              (ShapeLayerKeys.fillColor, .value(.color(Color(red: 1, green: 1, blue: 1))))])
            var step = TransformValue.identity
            step.translationX = side / 4
            members += [(ReplicatorLayerKeys.instanceCount, .value(.number(5))),
                        (ReplicatorLayerKeys.instanceTransform, .value(.transform(step))),
                        (ReplicatorLayerKeys.instanceAlphaOffset, .value(.number(-0.15))),
                        (LayerKeys.sublayers, .raw("[" + dot + "]"))]
        case .gradient:
            members += [(LayerKeys.position, .value(.point(center))), (LayerKeys.bounds, .value(.size(box))),
                        (GradientLayerKeys.colors, .value(.colors([Color(red: 1, green: 0.49, blue: 0.7), Color(red: 0.48, green: 0.36, blue: 1)]))),
                        (GradientLayerKeys.startPoint, .value(.point(Point(x: 0, y: 0)))),
                        (GradientLayerKeys.endPoint, .value(.point(Point(x: 1, y: 1))))]
        case .shape:
            members += [(LayerKeys.position, .value(.point(center))), (LayerKeys.bounds, .value(.size(box))),
                        (ShapeLayerKeys.path, .string(circle(center: side / 2, radius: side * 0.4))),
                        (ShapeLayerKeys.fillColor, .value(.color(Color(red: 0.12, green: 0.56, blue: 1)))),
                        (ShapeLayerKeys.strokeColor, .value(.color(Color(red: 1, green: 1, blue: 1)))),
                        (ShapeLayerKeys.lineWidth, .value(.number(2)))]
        case .text:
            members += [(LayerKeys.position, .value(.point(center))),
                        (LayerKeys.bounds, .value(.size(Size(width: side * 2, height: 28)))),
                        (TextLayerKeys.string, .string("Text")), (TextLayerKeys.fontSize, .value(.number(20))),
                        (TextLayerKeys.foregroundColor, .value(.color(Color(red: 1, green: 1, blue: 1)))),
                        (TextLayerKeys.alignmentMode, .string("center"))]
        case .layer, .image:
            members += [(LayerKeys.position, .value(.point(center))), (LayerKeys.bounds, .value(.size(box))),
                        (LayerKeys.backgroundColor, .value(.color(Color(red: 0.3, green: 0.3, blue: 0.36)))),
                        (LayerKeys.cornerRadius, .value(.number(12)))]
        }
        return object(members)
    }

    /// SVG path data for a circle about (`center`, `center`): two arcs, short to read.
    private static func circle(center: Double, radius: Double) -> String {
        let (left, right, r, y) = (format(center - radius), format(center + radius), format(radius), format(center))
        return "M \(left) \(y) A \(r) \(r) 0 1 0 \(right) \(y) A \(r) \(r) 0 1 0 \(left) \(y) Z"
    }

    private static func format(_ number: Double) -> String {
        EffectDocument.json(.number((number * 100).rounded() / 100), for: nil, replacing: nil)
    }

    /// A member's value: a value written as the registry writes it, a string, or JSON text.
    private enum Member {
        case value(AnimatableValue)
        case string(String)
        case raw(String)
    }

    private static func object(_ members: [(PropertyDescriptor, Member)]) -> String {
        "{" + members.map { property, member in
            let text: String
            switch member {
            case .value(let value): text = EffectDocument.json(value, for: property, replacing: nil)
            case .string(let string): text = JSONValue.quoted(string)
            case .raw(let json): text = json
            }
            return JSONValue.quoted(property.name) + ": " + text
        }.joined(separator: ", ") + "}"
    }
}
