import Foundation

/// The JSON Schema (draft 2020-12) of effect files, generated from the same key tables the
/// decoder accepts, so that the two cannot drift: every key the decoder allows has a type here
/// (a test checks it), and unknown keys are rejected by both.
public enum EffectSchema {
    /// The schema's identifier and the file it ships as.
    public static let identifier = "https://fx.invalid/schema/fx-effect-v1.schema.json"
    /// The file name the schema is written to and referenced by.
    public static let fileName = "fx-effect-v1.schema.json"

    /// The key an effect file (any of its objects) may carry to name the JSON Schema it follows,
    /// which fx ignores.
    public static let schemaKey = "$schema"
    /// Keys starting with this are comments, which fx ignores in any object.
    public static let commentPrefix = "//"

    /// The `"$schema"` value for an effect file in `folder`, one an editor resolves from where
    /// the file is: the relative path to `schema/fx-effect-v1.schema.json` of the nearest
    /// enclosing folder that has one (an fx checkout, or a project holding the schema), else
    /// the `file://` URL of the schema installed with the running fx (``installedSchema``),
    /// else `../schema/fx-effect-v1.schema.json` (the shipped examples' path). `fx new` and
    /// `fx import` write it.
    public static func relativePath(from folder: URL) -> String {
        if let relative = enclosingSchemaPath(from: folder) { return relative }
        if let installed = installedSchema { return installed.absoluteString }
        return "../schema/\(fileName)"
    }

    /// The relative path from `folder` to the schema of the nearest enclosing folder (at most
    /// twelve levels up) that has `schema/fx-effect-v1.schema.json`, or nil.
    static func enclosingSchemaPath(from folder: URL) -> String? {
        var candidate = folder.standardizedFileURL
        var ups = 0
        while ups < 12 {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("schema/\(fileName)").path) {
                return String(repeating: "../", count: ups) + "schema/\(fileName)"
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { break }
            candidate = parent
            ups += 1
        }
        return nil
    }

    /// The schema file that comes with the running program, if there is one: in the folder of
    /// its executable (links followed) or a folder above it, within four levels —
    /// `PREFIX/lib/fx/schema/` of an fx installed by tools/install, the checkout's `schema/`
    /// for an fx run from its build folder.
    public static var installedSchema: URL? {
        guard var folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else { return nil }
        for _ in 0...4 {
            let schema = folder.appendingPathComponent("schema/\(fileName)")
            if FileManager.default.fileExists(atPath: schema.path) { return schema.standardizedFileURL }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }

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
        "offset": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2, "description": "[width, height], either may be negative"],
        "rect": ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4, "description": "[x, y, width, height]"],
        "sizeOrRect": ["oneOf": [["$ref": "#/$defs/size"], ["$ref": "#/$defs/rect"]]],
        "color": ["description": "\"#rgb\", \"#rgba\", \"#rrggbb\", \"#rrggbbaa\", a CSS name, or [r, g, b(, a)] in 0…1",
                  "oneOf": [["type": "string"], ["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1],
                                                  "minItems": 3, "maxItems": 4]]],
        "colors": ["type": "array", "items": ["$ref": "#/$defs/color"]],
        "numbers": ["type": "array", "items": ["type": "number"]],
        "transform": ["type": "array", "description": "Operations applied in order.",
                      "items": ["type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false,
                                "properties": [
                                    TransformOperationName.translate.rawValue: ["$ref": "#/$defs/point", "description": "Moves by [x, y] points. Core Animation: CATransform3DTranslate.", "examples": [[10, 0]]],
                                    TransformOperationName.translateZ.rawValue: ["type": "number", "description": "Moves along z, toward the viewer, in points. Core Animation: CATransform3DTranslate.", "examples": [50]],
                                    TransformOperationName.rotate.rawValue: ["$ref": "#/$defs/angle", "description": "Turns about z (clockwise on screen, y down). Core Animation: CATransform3DRotate.", "examples": ["45deg", 0.785]],
                                    TransformOperationName.rotateX.rawValue: ["$ref": "#/$defs/angle", "description": "Turns about x (tilts top and bottom in depth). Core Animation: CATransform3DRotate.", "examples": ["30deg"]],
                                    TransformOperationName.rotateY.rawValue: ["$ref": "#/$defs/angle", "description": "Turns about y (a card flip). Core Animation: CATransform3DRotate.", "examples": ["180deg"]],
                                    TransformOperationName.scale.rawValue: ["oneOf": [["type": "number"], ["$ref": "#/$defs/point"]], "description": "Scales by a factor, or by [x, y] factors. Core Animation: CATransform3DScale.", "examples": [2, [1, -1]]],
                                    TransformOperationName.perspective.rawValue: ["type": "number", "exclusiveMinimum": 0, "description": "A perspective with the eye this many points away (m34 = −1/d). Core Animation: the transform's m34.", "examples": [500]],
                                ]]],
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
        case (.string, _): shape = property.maxLength.map { ["type": "string", "maxLength": $0] } ?? reference("string")
        case (.enumeration(let names), _): shape = ["enum": names]
        case (.color, _): shape = reference("color")
        case (.point, _): shape = reference("point")
        case (.size, .any): shape = reference("offset")
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
        return annotated(shape, by: property)
    }

    /// `shape` with the registry's words on it: description, default and examples (an editor's
    /// hover text and completions).
    static func annotated(_ shape: [String: Any], by property: PropertyDescriptor) -> [String: Any] {
        var shape = shape
        shape["description"] = property.schemaDescription
        if let value = property.schemaDefault { shape["default"] = value }
        let examples = property.schemaExamples
        if !examples.isEmpty { shape["examples"] = examples }
        return shape
    }

    /// The `$schema` key every object may carry.
    static let schemaReference: [String: Any] = [
        "type": "string",
        "description": "The JSON Schema this file follows, so an editor completes and explains its keys: a path relative to the file (fx new and fx import write it) or the schema's URL. fx ignores it.",
        "examples": ["../schema/fx-effect-v1.schema.json", identifier],
    ]

    /// The shape of a structured key declared member by member: an object of its members (a
    /// list of them for ``PropertyDescriptor/isListOfObjects``), each typed and described.
    static func structure(_ descriptor: PropertyDescriptor) -> [String: Any] {
        let object = objectShape(of: descriptor.members)
        return descriptor.isListOfObjects ? ["type": "array", "items": object] : object
    }

    /// An object of `members`, each typed and described (`overrides` give a member's shape
    /// where its form does not say it all), the required ones required.
    static func objectShape(of members: [PropertyDescriptor], overrides: [String: [String: Any]] = [:],
                            required: [PropertyDescriptor]? = nil) -> [String: Any] {
        var properties: [String: Any] = [:]
        for member in members {
            if let override = overrides[member.name] {
                properties[member.name] = annotated(override, by: member)
            } else {
                properties[member.name] = property(member) ?? [:]
            }
        }
        var object: [String: Any] = ["type": "object", "properties": properties, "additionalProperties": false,
                                     "patternProperties": ["^//": [:]]]
        let required = (required ?? members.filter(\.isRequired)).map(\.name)
        if !required.isEmpty { object["required"] = required }
        return object
    }

    /// Overrides of keys' shapes, by key.
    private static func overrides(_ list: [(PropertyDescriptor, [String: Any])]) -> [String: Any] {
        Dictionary(list.map { ($0.0.name, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    /// An object schema allowing exactly the keys of `owners` (plus "$schema" and "//"
    /// comments); the first owner listing a key gives its shape.
    static func object(_ owners: [PropertyOwner], overrides: [String: Any] = [:], required: [String] = [],
                       description: String) -> [String: Any] {
        var properties: [String: Any] = [schemaKey: schemaReference]
        for owner in owners.reversed() {
            for descriptor in PropertyRegistry.properties(of: owner) {
                if let override = overrides[descriptor.name] as? [String: Any] {
                    // A shape given here keeps its own words where it has them (the `fx`
                    // constant's); the registry's fill in the rest.
                    var shape = annotated(override, by: descriptor)
                    for key in ["description", "default", "examples"] where override[key] != nil { shape[key] = override[key] }
                    properties[descriptor.name] = shape
                } else {
                    properties[descriptor.name] = property(descriptor) ?? annotated([:], by: descriptor)
                }
            }
        }
        var result: [String: Any] = ["type": "object", "description": description, "properties": properties,
                                     "patternProperties": ["^//": [:]], "additionalProperties": false]
        if !required.isEmpty { result["required"] = required }
        return result
    }

    /// Structures whose shape is given here rather than by the registry's form.
    static let structureShapes: Set<String> = Set([EffectKeys.layers, EffectKeys.canvas, EffectKeys.textures, LayerKeys.sublayers,
                                                   LayerKeys.mask, LayerKeys.animations, EmitterLayerKeys.emitterCells,
                                                   EmitterCellKeys.contentsChoices, TextLayerKeys.transitions, TransactionKeys.set,
                                                   KeyframeAnimationKeys.timingFunctions].map(\.name))

    /// Registered structures with no shape here (should be empty: a test checks).
    public static var untypedKeys: [String] {
        Set(PropertyRegistry.all.filter { $0.form == .structure && $0.members.isEmpty && !structureShapes.contains($0.name) }.map(\.name)).sorted()
    }

    /// The whole schema.
    public static func schema() -> [String: Any] {
        var defs = definitions
        let layerOwners: [PropertyOwner] = [.layer, .mediaTiming] + Layer.LayerType.allCases.compactMap(PropertyOwner.layer)
        // A scheduled change of an image's contents or a text's string, with its transition:
        // one shape for both, as the layer's schema is one for every type.
        let scheduledChange = objectShape(of: [ContentTransitionKeys.time, ContentTransitionKeys.duration, ContentTransitionKeys.type,
                                               ContentTransitionKeys.subtype, ContentTransitionKeys.contents, ContentTransitionKeys.string],
                                          required: [ContentTransitionKeys.time])
        let layerList: [String: Any] = ["type": "array", "items": ["$ref": "#/$defs/layer"]]
        defs["layer"] = object(layerOwners, overrides: overrides([
            (LayerKeys.sublayers, layerList),
            (LayerKeys.mask, ["$ref": "#/$defs/layer"]),
            (LayerKeys.animations, ["type": "array", "items": ["$ref": "#/$defs/animation"]]),
            (EmitterLayerKeys.emitterCells, ["type": "array", "items": ["$ref": "#/$defs/cell"]]),
            (TextLayerKeys.transitions, ["type": "array", "items": scheduledChange]),
        ]), description: "A layer. Which keys apply depends on its type (layer, emitter, replicator, gradient, shape, text, image).")
        // Each type accepts only its own keys, as the decoder does.
        var byType: [[String: Any]] = []
        let typeKey = LayerKeys.type.name
        for type in Layer.LayerType.allCases {
            let allowed = (PropertyRegistry.layerProperties(for: type) + PropertyRegistry.properties(of: .mediaTiming)).map(\.name)
            let names: [String: Any] = ["anyOf": [["enum": (allowed + [schemaKey]).sorted()], ["pattern": "^//"]]]
            let condition: [String: Any] = type == .layer
                ? ["anyOf": [["not": ["required": [typeKey]]], ["properties": [typeKey: ["const": type.rawValue]], "required": [typeKey]]]]
                : ["properties": [typeKey: ["const": type.rawValue]], "required": [typeKey]]
            byType.append(["if": condition, "then": ["propertyNames": names]])
        }
        var layer = defs["layer"] as! [String: Any]
        layer["allOf"] = byType
        defs["layer"] = layer
        let sequence = objectShape(of: LifeSequenceKeys.all, overrides: [
            LifeSequenceKeys.values.name: ["type": "array", "examples": [[1, 0.5, 0]]],
        ])
        defs["cell"] = object([.emitterCell, .mediaTiming], overrides: overrides([
            (EmitterCellKeys.emitterCells, ["type": "array", "items": ["$ref": "#/$defs/cell"]]),
            (EmitterCellKeys.colorOverLife, sequence), (EmitterCellKeys.alphaOverLife, sequence),
            (EmitterCellKeys.scaleOverLife, sequence), (EmitterCellKeys.velocityOverLife, sequence),
            (EmitterCellKeys.contentsChoices, ["type": "array", "items": ["type": "string"], "maxItems": ColorPalette.maxEntries]),
        ]), description: "An emitter cell (CAEmitterCell), with fx's extensions.")
        let animationOwners: [PropertyOwner] = [.animation, .mediaTiming] + Animation.AnimationType.allCases.map(PropertyOwner.animation)
        defs["animation"] = object(animationOwners, overrides: overrides([
            (GroupAnimationKeys.animations, ["type": "array", "items": ["$ref": "#/$defs/animation"]]),
            (KeyframeAnimationKeys.timingFunctions, ["type": "array", "items": ["$ref": "#/$defs/timingFunction"]]),
            (KeyframeAnimationKeys.path, ["$ref": "#/$defs/path"]),
        ]), required: [AnimationKeys.type.name], description: "A basic, keyframe, spring, group or transition animation.")
        let atlasFrame = objectShape(of: AtlasFrameKeys.all, overrides: [
            AtlasFrameKeys.frame.name: ["type": "array", "items": ["type": "integer", "minimum": 0], "minItems": 4, "maxItems": 4],
        ])
        var root = object([.effect], overrides: overrides([
            (EffectKeys.fx, ["const": 1]),
            (EffectKeys.canvas, structure(EffectKeys.canvas)),
            (EffectKeys.textures, ["type": "object", "additionalProperties": ["oneOf": [["type": "string"], atlasFrame] as [Any]]]),
            (EffectKeys.layers, layerList),
            (EffectKeys.transactions, ["type": "array", "maxItems": EffectDecoder.maxTransactions, "items": objectShape(of: TransactionKeys.all, overrides: [
                TransactionKeys.set.name: ["type": "object", "minProperties": 1, "maxProperties": EffectDecoder.maxChangesPerTransaction,
                                           "patternProperties": ["^//": [:]], "propertyNames": ["pattern": "^(//.*|\\$schema|[^.]+\\..+)$"],
                                           "additionalProperties": ["$ref": "#/$defs/value"]],
            ])]),
        ]), required: [EffectKeys.fx.name], description: "An fx effect file, format version 1.")
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
