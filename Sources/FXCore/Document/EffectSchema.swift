import Foundation

/// The JSON Schema (draft 2020-12) of effect files, generated from the same key tables the
/// decoder accepts, so that the two cannot drift: every key the decoder allows has a type here
/// (a test checks it), and unknown keys are rejected by both.
public enum EffectSchema {
    /// The schema's identifier and the file it ships as.
    public static let identifier = "https://fx.invalid/schema/fx-effect-v1.schema.json"
    /// The file name the schema is written to and referenced by.
    public static let fileName = "fx-effect-v1.schema.json"

    /// Value shapes, referenced from `$defs`.
    static let definitions: [String: Any] = [
        "number": ["type": "number"],
        "nonNegative": ["type": "number", "minimum": 0],
        "positive": ["type": "number", "exclusiveMinimum": 0],
        "count": ["type": "integer", "minimum": 0, "description": "A whole number ≥ 0."],
        "unit": ["type": "number", "minimum": 0, "maximum": 1],
        "boolean": ["type": "boolean"],
        "string": ["type": "string"],
        "angle": ["description": "Radians, or a string such as \"90deg\", \"1.2rad\", \"0.5turn\".",
                  "oneOf": [["type": "number"], ["type": "string", "pattern": "^\\s*-?[0-9.eE+-]+\\s*(deg|rad|turn)\\s*$"]]],
        "point": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2, "description": "[x, y] in points"],
        "size": ["type": "array", "items": ["type": "number", "minimum": 0], "minItems": 2, "maxItems": 2, "description": "[width, height]"],
        "rect": ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4, "description": "[x, y, width, height]"],
        "sizeOrRect": ["oneOf": [["$ref": "#/$defs/size"], ["$ref": "#/$defs/rect"]]],
        "color": ["description": "\"#rgb\", \"#rrggbb\", \"#rrggbbaa\", a CSS name, or [r, g, b(, a)] in 0…1",
                  "oneOf": [["type": "string"], ["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1],
                                                  "minItems": 3, "maxItems": 4]]],
        "colors": ["type": "array", "items": ["$ref": "#/$defs/color"]],
        "numbers": ["type": "array", "items": ["type": "number"]],
        "transform": ["type": "array", "description": "Operations applied in order.",
                      "items": ["type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false,
                                "properties": ["translate": ["$ref": "#/$defs/point"], "translateZ": ["type": "number"],
                                               "rotate": ["$ref": "#/$defs/angle"], "rotateX": ["$ref": "#/$defs/angle"],
                                               "rotateY": ["$ref": "#/$defs/angle"],
                                               "scale": ["oneOf": [["type": "number"], ["$ref": "#/$defs/point"]]],
                                               "perspective": ["type": "number", "exclusiveMinimum": 0]]]],
        "path": ["description": "SVG path data, or a circle, rect or ellipse helper.",
                 "oneOf": [["type": "string"], ["type": "object"]]],
        "repeatCount": ["oneOf": [["type": "number", "minimum": 0], ["const": "infinity"]]],
        "timingFunction": ["oneOf": [["enum": TimingFunction.named.keys.sorted()],
                                     ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4]]],
        "value": ["description": "A value of the key path's kind."],
    ]

    /// A property's schema: its value shape (a `$defs` reference or an inline schema) with
    /// the registry's description and unit; nil for a structure, whose shape is given apart.
    static func property(_ property: PropertyDescriptor) -> [String: Any]? {
        var shape: [String: Any]
        func reference(_ name: String) -> [String: Any] { ["$ref": "#/$defs/\(name)"] }
        switch (property.form, property.range) {
        case (.number, .any): shape = reference("number")
        case (.number, .nonNegative): shape = reference("nonNegative")
        case (.number, .positive): shape = reference("positive")
        case (.number, .unit): shape = reference("unit")
        case (.number, .closed(let low, let high)): shape = ["type": "number", "minimum": low, "maximum": high]
        case (.integer, .closed(let low, let high)): shape = ["type": "integer", "minimum": low, "maximum": high]
        case (.integer, .any): shape = ["type": "integer"]
        case (.integer, _): shape = reference("count")
        case (.angle, _): shape = reference("angle")
        case (.boolean, _): shape = reference("boolean")
        case (.string, _): shape = reference("string")
        case (.enumeration(let names), _): shape = ["enum": names]
        case (.color, _): shape = reference("color")
        case (.point, _): shape = reference("point")
        case (.size, _): shape = reference("size")
        case (.rect, _): shape = reference("rect")
        case (.bounds, _): shape = reference("sizeOrRect")
        case (.transform, _): shape = reference("transform")
        case (.colors, _): shape = reference("colors")
        case (.numbers, _): shape = reference("numbers")
        case (.path, _): shape = reference("path")
        case (.repeatCount, _): shape = reference("repeatCount")
        case (.timingFunction, _): shape = reference("timingFunction")
        case (.keyPathValue, _): shape = reference("value")
        case (.structure, _):
            guard !property.members.isEmpty else { return nil }
            shape = structure(property)
        case (.number, _): shape = reference("number")
        }
        let summary = property.summary.prefix(1).uppercased() + property.summary.dropFirst()
        let unit = property.unit.map { " Unit: \($0)." } ?? ""
        let origin = property.coreAnimationName.map { " Core Animation: \($0)." } ?? " An fx extension."
        shape["description"] = summary + "." + unit + origin
        return shape
    }

    /// The shape of a structured key declared member by member: an object of its members (a
    /// list of them for ``PropertyDescriptor/isListOfObjects``), each typed and described.
    static func structure(_ descriptor: PropertyDescriptor) -> [String: Any] {
        var properties: [String: Any] = [:]
        for member in descriptor.members {
            properties[member.name] = property(member) ?? [:]
        }
        var object: [String: Any] = ["type": "object", "properties": properties, "additionalProperties": false,
                                     "patternProperties": ["^//": [:]]]
        let required = descriptor.members.filter(\.isRequired).map(\.name)
        if !required.isEmpty { object["required"] = required }
        return descriptor.isListOfObjects ? ["type": "array", "items": object] : object
    }

    /// An object schema allowing exactly the keys of `owners` (plus "$schema" and "//"
    /// comments); the first owner listing a key gives its shape.
    static func object(_ owners: [PropertyOwner], overrides: [String: Any] = [:], required: [String] = [],
                       description: String) -> [String: Any] {
        var properties: [String: Any] = ["$schema": ["type": "string"]]
        for owner in owners.reversed() {
            for descriptor in PropertyRegistry.properties(of: owner) {
                properties[descriptor.name] = overrides[descriptor.name] ?? property(descriptor) ?? [:]
            }
        }
        var result: [String: Any] = ["type": "object", "description": description, "properties": properties,
                                     "patternProperties": ["^//": [:]], "additionalProperties": false]
        if !required.isEmpty { result["required"] = required }
        return result
    }

    /// Structures whose shape is given here rather than by the registry's form.
    static let structureShapes: Set<String> = ["layers", "canvas", "textures", "sublayers", "mask", "animations",
                                               "emitterCells", "colorOverLife", "alphaOverLife", "scaleOverLife",
                                               "velocityOverLife", "contentsChoices", "transitions", "timingFunctions"]

    /// Registered structures with no shape here (should be empty: a test checks).
    public static var untypedKeys: [String] {
        Set(PropertyRegistry.all.filter { $0.form == .structure && $0.members.isEmpty && !structureShapes.contains($0.name) }.map(\.name)).sorted()
    }

    /// The whole schema.
    public static func schema() -> [String: Any] {
        var defs = definitions
        let layerOwners: [PropertyOwner] = [.layer, .mediaTiming] + Layer.LayerType.allCases.compactMap(PropertyOwner.layer)
        // A scheduled change of an image's contents or a text's string, with its transition.
        let scheduledChange: [String: Any] = [
            "type": "object", "required": ["time"], "additionalProperties": false, "patternProperties": ["^//": [:]],
            "properties": ["time": ["type": "number", "minimum": 0], "duration": ["type": "number", "minimum": 0],
                           "type": ["enum": TransitionType.allCases.map(\.rawValue)], "subtype": ["enum": TransitionSubtype.allCases.map(\.rawValue)],
                           "contents": ["type": "string"], "string": ["type": "string"]],
        ]
        defs["layer"] = object(layerOwners, overrides: [
            "sublayers": ["type": "array", "items": ["$ref": "#/$defs/layer"]],
            "mask": ["$ref": "#/$defs/layer"],
            "animations": ["type": "array", "items": ["$ref": "#/$defs/animation"]],
            "emitterCells": ["type": "array", "items": ["$ref": "#/$defs/cell"]],
            "transitions": ["type": "array", "items": scheduledChange],
        ], description: "A layer. Which keys apply depends on its type (layer, emitter, replicator, gradient, shape, text, image).")
        // Each type accepts only its own keys, as the decoder does.
        var byType: [[String: Any]] = []
        for type in Layer.LayerType.allCases {
            let allowed = (EffectDecoder.commonLayerKeys + (EffectDecoder.typeKeys[type] ?? []) + ["$schema"]).sorted()
            let names: [String: Any] = ["anyOf": [["enum": allowed], ["pattern": "^//"]]]
            let condition: [String: Any] = type == .layer
                ? ["anyOf": [["not": ["required": ["type"]]], ["properties": ["type": ["const": "layer"]], "required": ["type"]]]]
                : ["properties": ["type": ["const": type.rawValue]], "required": ["type"]]
            byType.append(["if": condition, "then": ["propertyNames": names]])
        }
        var layer = defs["layer"] as! [String: Any]
        layer["allOf"] = byType
        defs["layer"] = layer
        let sequence: [String: Any] = ["type": "object", "required": ["values"], "additionalProperties": false,
                                       "properties": ["values": ["type": "array"], "times": ["$ref": "#/$defs/numbers"],
                                                      "interpolation": ["enum": ["linear", "step"]]]]
        defs["cell"] = object([.emitterCell, .mediaTiming], overrides: [
            "emitterCells": ["type": "array", "items": ["$ref": "#/$defs/cell"]],
            "colorOverLife": sequence, "alphaOverLife": sequence, "scaleOverLife": sequence, "velocityOverLife": sequence,
            "contentsChoices": ["type": "array", "items": ["type": "string"], "maxItems": ColorPalette.maxEntries,
                                "description": "Texture names (built-in or declared in textures): each particle draws one, as paletteOrder says; replaces contents. An fx extension."],
        ], description: "An emitter cell (CAEmitterCell), with fx's extensions.")
        let animationOwners: [PropertyOwner] = [.animation, .mediaTiming] + Animation.AnimationType.allCases.map(PropertyOwner.animation)
        defs["animation"] = object(animationOwners, overrides: [
            "animations": ["type": "array", "items": ["$ref": "#/$defs/animation"]],
            "timingFunctions": ["type": "array", "items": ["$ref": "#/$defs/timingFunction"]],
            "path": ["$ref": "#/$defs/path"],
        ], required: ["type"], description: "A basic, keyframe, spring, group or transition animation.")
        var root = object([.effect], overrides: [
            "fx": ["const": 1, "description": "The format version."],
            "canvas": ["type": "object", "additionalProperties": false,
                       "properties": ["size": ["$ref": "#/$defs/size"], "background": ["$ref": "#/$defs/color"]]],
            "textures": ["type": "object", "additionalProperties": ["oneOf": [
                ["type": "string"],
                ["type": "object", "additionalProperties": false, "required": ["path", "frame"],
                 "description": "An atlas frame: a rectangle of an image, in its pixels.",
                 "properties": ["path": ["type": "string"],
                                "frame": ["type": "array", "items": ["type": "integer", "minimum": 0], "minItems": 4, "maxItems": 4]]],
            ] as [Any]]],
            "layers": ["type": "array", "items": ["$ref": "#/$defs/layer"]],
        ], required: ["fx"], description: "An fx effect file, format version 1.")
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = identifier
        root["title"] = "fx effect"
        root["$defs"] = defs
        return root
    }

    /// The schema as JSON text, keys sorted, so the generated file is the same every time.
    public static func json() -> String {
        let data = (try? JSONSerialization.data(withJSONObject: schema(), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
