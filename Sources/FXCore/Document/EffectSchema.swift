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

    /// The shape of each key's value, by `$defs` name: also what a value set at run time is
    /// checked against (`nonNegative`, `unit`).
    static let valueShapes: [String: String] = [
        "fx": "number", "name": "string", "description": "string", "duration": "nonNegative", "loop": "boolean",
        "seed": "count", "stepRate": "nonNegative", "maxParticles": "count", "previewTime": "nonNegative",
        "position": "point", "bounds": "sizeOrRect", "anchorPoint": "point", "transform": "transform",
        "sublayerTransform": "transform", "opacity": "unit", "zPosition": "number", "hidden": "boolean",
        "backgroundColor": "color", "cornerRadius": "nonNegative", "borderWidth": "nonNegative", "borderColor": "color",
        "masksToBounds": "boolean", "beginTime": "number", "speed": "number", "timeOffset": "number",
        "repeatCount": "repeatCount", "repeatDuration": "nonNegative", "autoreverses": "boolean",
        "emitterPosition": "point", "emitterZPosition": "number", "emitterSize": "size", "emitterDepth": "nonNegative",
        "preservesDepth": "boolean", "birthRate": "nonNegative", "lifetime": "nonNegative", "velocity": "number",
        "scale": "number", "spin": "angle", "followsPointer": "boolean", "burstsOnClick": "boolean",
        "enabled": "boolean", "lifetimeRange": "nonNegative", "emissionLatitude": "angle", "emissionLongitude": "angle",
        "emissionRange": "angle", "velocityRange": "nonNegative", "xAcceleration": "number", "yAcceleration": "number",
        "zAcceleration": "number", "scaleRange": "nonNegative", "scaleSpeed": "number", "spinRange": "angle",
        "color": "color", "redRange": "nonNegative", "greenRange": "nonNegative", "blueRange": "nonNegative",
        "alphaRange": "nonNegative", "redSpeed": "number", "greenSpeed": "number", "blueSpeed": "number",
        "alphaSpeed": "number", "contents": "string", "contentsRect": "rect", "contentsScale": "positive",
        "linearDamping": "nonNegative", "radialAcceleration": "number", "tangentialAcceleration": "number",
        "alignsToVelocity": "boolean", "burstCount": "count",
        "instanceCount": "nonNegative", "instanceDelay": "number", "instanceTransform": "transform",
        "instanceColor": "color", "instanceRedOffset": "number", "instanceGreenOffset": "number",
        "instanceBlueOffset": "number", "instanceAlphaOffset": "number", "colors": "colors", "locations": "numbers",
        "startPoint": "point", "endPoint": "point", "path": "path", "fillColor": "color", "strokeColor": "color",
        "lineWidth": "nonNegative", "miterLimit": "nonNegative", "lineDashPattern": "numbers", "lineDashPhase": "number",
        "strokeStart": "unit", "strokeEnd": "unit", "string": "string", "font": "string", "fontSize": "nonNegative",
        "foregroundColor": "color", "keyPath": "string", "timingFunction": "timingFunction", "additive": "boolean",
        "cumulative": "boolean", "removedOnCompletion": "boolean", "fromValue": "value", "toValue": "value",
        "byValue": "value", "values": "value", "keyTimes": "numbers", "tensionValues": "numbers",
        "continuityValues": "numbers", "biasValues": "numbers", "mass": "positive", "stiffness": "positive",
        "damping": "nonNegative", "initialVelocity": "number",
    ]

    /// Each key's shape (a `$defs` name or an inline schema) and its description.
    static func property(_ key: String) -> [String: Any]? {
        let enums: [String: [String]] = [
            "emitterShape": EmitterProperties.Shape.allCases.map(\.rawValue),
            "emitterMode": EmitterProperties.Mode.allCases.map(\.rawValue),
            "renderMode": EmitterProperties.RenderMode.allCases.map(\.rawValue),
            "fillMode": MediaTiming.FillMode.allCases.map(\.rawValue),
            "gradientType": ["axial", "radial", "conic"],
            "fillRule": FillRule.allCases.map(\.rawValue),
            "lineCap": StrokeStyle.Cap.allCases.map(\.rawValue),
            "lineJoin": StrokeStyle.Join.allCases.map(\.rawValue),
            "alignmentMode": TextAlignment.allCases.map(\.rawValue),
            "contentsGravity": ContentsGravity.allCases.map(\.rawValue),
            "calculationMode": Animation.CalculationMode.allCases.map(\.rawValue),
            "rotationMode": Animation.RotationMode.allCases.map(\.rawValue),
        ]
        if let values = enums[key] { return ["enum": values] }
        guard let shape = valueShapes[key] else { return nil }
        return ["$ref": "#/$defs/\(shape)"]
    }

    /// An object schema allowing exactly `keys` (plus "$schema" and "//" comments).
    static func object(_ keys: [String], overrides: [String: Any] = [:], required: [String] = [], description: String) -> [String: Any] {
        var properties: [String: Any] = ["$schema": ["type": "string"]]
        for key in keys { properties[key] = overrides[key] ?? property(key) ?? [:] }
        var result: [String: Any] = ["type": "object", "description": description, "properties": properties,
                                     "patternProperties": ["^//": [:]], "additionalProperties": false]
        if !required.isEmpty { result["required"] = required }
        return result
    }

    /// Keys the decoder accepts that have no type here (should be empty: a test checks).
    public static var untypedKeys: [String] {
        let handled: Set = ["layers", "canvas", "textures", "reducedMotion", "type", "sublayers", "mask", "animations",
                            "emitterCells", "colorOverLife", "alphaOverLife", "scaleOverLife", "spriteFrames", "transitions", "timingFunctions"]
        var keys = EffectDecoder.topLevelKeys + EffectDecoder.commonLayerKeys + EffectDecoder.emitterLayerKeys + EffectDecoder.cellKeys
        keys += EffectDecoder.typeKeys.values.flatMap { $0 }
        keys += AnimationDecoder.commonKeys + AnimationDecoder.typeKeys.values.flatMap { $0 }
        return Set(keys).filter { !handled.contains($0) && property($0) == nil }.sorted()
    }

    /// The whole schema.
    public static func schema() -> [String: Any] {
        var defs = definitions
        let layerKeys = EffectDecoder.commonLayerKeys + EffectDecoder.typeKeys.values.flatMap { $0 }
        defs["layer"] = object(Array(Set(layerKeys)).sorted(), overrides: [
            "type": ["enum": Layer.LayerType.allCases.map(\.rawValue)],
            "sublayers": ["type": "array", "items": ["$ref": "#/$defs/layer"]],
            "mask": ["$ref": "#/$defs/layer"],
            "animations": ["type": "array", "items": ["$ref": "#/$defs/animation"]],
            "emitterCells": ["type": "array", "items": ["$ref": "#/$defs/cell"]],
            "transitions": ["type": "array", "items": ["type": "object"]],
            "contents": ["type": "string"],
            // An emitter layer's spin multiplies its cells' spins: a plain factor, not an angle.
            "spin": ["type": "number", "description": "A factor multiplying every cell's spin."],
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
        defs["cell"] = object(EffectDecoder.cellKeys, overrides: [
            "emitterCells": ["type": "array", "items": ["$ref": "#/$defs/cell"]],
            "colorOverLife": sequence, "alphaOverLife": sequence, "scaleOverLife": sequence,
            "spriteFrames": ["type": "object", "additionalProperties": false,
                             "properties": ["columns": ["type": "integer"], "rows": ["type": "integer"], "count": ["type": "integer"],
                                            "framesPerSecond": ["type": "number"], "loops": ["type": "boolean"]]],
        ], description: "An emitter cell (CAEmitterCell), with fx's extensions.")
        let animationKeys = AnimationDecoder.commonKeys + AnimationDecoder.typeKeys.values.flatMap { $0 }
        defs["animation"] = object(Array(Set(animationKeys)).sorted(), overrides: [
            "type": ["enum": Animation.AnimationType.allCases.map(\.rawValue)],
            "animations": ["type": "array", "items": ["$ref": "#/$defs/animation"]],
            "timingFunctions": ["type": "array", "items": ["$ref": "#/$defs/timingFunction"]],
            "path": ["$ref": "#/$defs/path"],
        ], required: ["type"], description: "A basic, keyframe, spring or group animation.")
        var root = object(EffectDecoder.topLevelKeys, overrides: [
            "fx": ["const": 1, "description": "The format version."],
            "canvas": ["type": "object", "additionalProperties": false,
                       "properties": ["size": ["$ref": "#/$defs/size"], "background": ["$ref": "#/$defs/color"]]],
            "textures": ["type": "object", "additionalProperties": ["type": "string"]],
            "layers": ["type": "array", "items": ["$ref": "#/$defs/layer"]],
            "reducedMotion": ["type": "object", "additionalProperties": false,
                              "properties": ["birthRate": ["$ref": "#/$defs/unit"], "speed": ["type": "number"], "still": ["type": "boolean"]]],
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
