import Foundation

/// Turns an effect file (format v1) into an ``Effect``, or into every problem found in it.
public enum EffectDecoder {
    /// Loads and decodes the effect file at `path`.
    /// - Parameter path: the effect file.
    /// - Parameter displayName: how the file is named in messages (defaults to `path`).
    /// - Parameter resources: where the effect's textures and fonts are read, relative to its
    ///   folder; files on disk and no installed fonts by default (the `fx` command passes
    ///   FXEffects' `SystemResources`).
    public static func load(path: String, displayName: String? = nil,
                            resources: any EffectResources = FileResources()) throws -> Effect {
        let name = displayName ?? path
        return try decode(bytes: read(path: path, displayName: name), file: name, baseDirectory: baseDirectory(of: path),
                          sourcePath: path, resources: resources)
    }

    /// The bytes of the effect file at `path` (at most ``EffectLimits/maxFileBytes``), or a load
    /// error that says why it cannot be read: missing, a directory, a pipe or device, too large.
    /// - Parameter path: the effect file.
    /// - Parameter displayName: how the file is named in messages (defaults to `path`).
    public static func read(path: String, displayName: String? = nil) throws -> [UInt8] {
        do {
            return try FileReader.read(path, limit: EffectLimits.maxFileBytes)
        } catch {
            let jsonPath = if case .tooLarge = error.reason { "$" } else { "" }
            throw EffectLoadError([Diagnostic(file: displayName ?? path, path: jsonPath, message: error.message, suggestion: error.suggestion)])
        }
    }

    /// The folder relative paths in the effect file at `path` are resolved against.
    public static func baseDirectory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Decodes effect JSON held in memory. Its textures and fonts are found by `resources`,
    /// relative to `baseDirectory`.
    /// - Parameters:
    ///   - bytes: the effect file's bytes (UTF-8 JSON).
    ///   - file: how the effect is named in messages.
    ///   - baseDirectory: the effect's folder, which relative texture and font paths start from.
    ///   - sourcePath: the file the bytes were read from, if any (the model's ``Effect/sourcePath``).
    ///   - resources: where textures and fonts are read; by default files on disk and no
    ///     installed fonts, enough for an effect that uses only built-in textures.
    public static func decode(bytes: [UInt8], file: String = "<effect>", baseDirectory: String = ".",
                              sourcePath: String? = nil, resources: any EffectResources = FileResources()) throws -> Effect {
        guard bytes.count <= EffectLimits.maxFileBytes else {
            throw EffectLoadError([Diagnostic(file: file, path: "$", message: "the effect is \(bytes.count) bytes; effect files are limited to \(EffectLimits.maxFileBytes) bytes")])
        }
        let root = try parseJSON(bytes, file: file)
        let context = DecodingContext(file: file, bytes: bytes, baseDirectory: baseDirectory, resources: resources)
        let effect = decodeEffect(root, context: context, sourcePath: sourcePath)
        if let effect { checkReplicatorProduct(effect, root: root, context: context) }
        guard var effect, !context.hasErrors else {
            throw EffectLoadError(context.diagnostics)
        }
        effect.warnings = context.diagnostics
        effect.assignUniqueNames()
        return effect
    }

    /// The JSON tree of `bytes`, or its syntax error as a load error at its line and column.
    static func parseJSON(_ bytes: [UInt8], file: String) throws -> JSONNode {
        do {
            return try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw EffectLoadError([Diagnostic(file: file, line: error.location.line, column: error.location.column(in: bytes),
                                              path: "", message: error.message)])
        }
    }

    static let topLevelKeys = ["fx", "name", "description", "canvas", "duration", "loop", "seed", "stepRate",
                               "maxParticles", "textures", "layers", "previewTime", "reducedMotion"]

    private static func decodeEffect(_ root: JSONNode, context: DecodingContext, sourcePath: String?) -> Effect? {
        guard let reader = ObjectReader(root, path: "$", context: context, what: "an effect", allowed: topLevelKeys) else { return nil }
        guard reader.has("fx") else {
            context.error(at: root.location, path: "$", "missing \"fx\", the format version",
                          suggestion: "add \"fx\": 1 as the first key")
            return nil
        }
        let version = reader.integer("fx", default: 1)
        if version != 1 {
            reader.error("fx", "format version \(version) is not supported; this fx reads version 1",
                         suggestion: "write \"fx\": 1")
        }
        let fallbackName = sourcePath.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "effect"
        var effect = Effect(name: reader.string("name") ?? fallbackName, sourcePath: sourcePath)
        effect.formatVersion = version
        effect.description = reader.string("description") ?? ""
        effect.duration = reader.number("duration", default: Effect.defaultDuration, .range(0.001...Effect.maxDuration))
        effect.loop = reader.bool("loop", default: true)
        if let node = reader.node("reducedMotion"),
           let variant = ObjectReader(node, path: reader.childPath("reducedMotion"), context: context, what: "a reduced-motion variant",
                                      allowed: ["birthRate", "speed", "still"]) {
            var reduced = ReducedMotion()
            reduced.birthRate = variant.number("birthRate", default: 1, .range(0...1))
            reduced.speed = variant.number("speed", default: 1, .range(0.01...1))
            reduced.still = variant.bool("still", default: false)
            effect.reducedMotion = reduced
        }
        if reader.has("previewTime") { effect.previewTime = reader.number("previewTime", default: 0, .range(0...Effect.maxDuration)) }
        effect.seed = UInt64(reader.integer("seed", default: 0, .range(0...Double(UInt32.max))))
        effect.stepRate = reader.number("stepRate", default: Effect.defaultStepRate, .range(Effect.stepRateRange))
        effect.maxParticles = reader.integer("maxParticles", default: Effect.defaultMaxParticles,
                                             .range(1...Double(Effect.maxParticlesCeiling)))
        if let node = reader.node("canvas") {
            effect.canvas = decodeCanvas(node, path: reader.childPath("canvas"), context: context)
        }
        if let node = reader.node("textures") {
            effect.textures = decodeTextures(node, path: reader.childPath("textures"), context: context)
        }
        var budget = LayerBudget()
        if let node = reader.node("layers") {
            let resolver = TextureResolver(declared: effect.textures)
            effect.layers = decodeLayerList(node, path: reader.childPath("layers"), context: context,
                                            textures: resolver, depth: 0, budget: &budget)
        } else {
            context.warning(at: root.location, path: "$", "the effect has no \"layers\"; it draws only its background")
        }
        return effect
    }

    private static func decodeCanvas(_ node: JSONNode, path: String, context: DecodingContext) -> Canvas {
        guard let reader = ObjectReader(node, path: path, context: context, what: "a canvas", allowed: ["size", "background"]) else { return Canvas() }
        var canvas = Canvas()
        canvas.size = reader.size("size", default: Canvas.defaultSize)
        if canvas.size.width < 1 || canvas.size.height < 1 || canvas.size.width > EffectLimits.maxCanvasSide || canvas.size.height > EffectLimits.maxCanvasSide {
            reader.error("size", "a canvas is 1…\(format(EffectLimits.maxCanvasSide)) points on each side")
            canvas.size = Canvas.defaultSize
        }
        canvas.background = reader.color("background", default: .black)
        return canvas
    }

    private static func decodeTextures(_ node: JSONNode, path: String, context: DecodingContext) -> [String: String] {
        guard case .object(let members) = node.value else {
            context.error(at: node.location, path: path, "expected an object of texture names to PNG paths, got \(describe(node.value))")
            return [:]
        }
        var textures: [String: String] = [:]
        for member in members {
            let memberPath = JSONPath.member(path, member.key)
            guard case .string(let relative) = member.value.value else {
                context.error(at: member.value.location, path: memberPath, "expected a PNG path relative to the effect file, got \(describe(member.value.value))")
                continue
            }
            textures[member.key] = context.resources.location(ofFile: relative, relativeTo: context.baseDirectory)
        }
        return textures
    }

    // MARK: - Layers

    struct LayerBudget {
        var layers = 0
        var cells = 0
    }

    static let commonLayerKeys = ["type", "name", "position", "bounds", "anchorPoint", "transform", "sublayerTransform",
                                  "opacity", "zPosition", "hidden", "backgroundColor", "cornerRadius", "borderWidth",
                                  "borderColor", "masksToBounds", "mask", "sublayers", "animations"] + ObjectReader.timingKeys

    static let emitterLayerKeys = ["emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape",
                                   "emitterMode", "renderMode", "preservesDepth", "birthRate", "lifetime", "velocity",
                                   "scale", "spin", "seed", "emitterCells", "followsPointer", "burstsOnClick"]

    /// The keys each layer type accepts besides the common ones.
    static let typeKeys: [Layer.LayerType: [String]] = [
        .layer: [],
        .emitter: emitterLayerKeys,
        .replicator: ["instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
                      "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth"],
        .gradient: ["gradientType", "colors", "locations", "startPoint", "endPoint"],
        .shape: ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                 "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"],
        .text: ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "transitions"],
        .image: ["contents", "contentsRect", "contentsGravity", "transitions"],
    ]

    static func decodeLayerList(_ node: JSONNode, path: String, context: DecodingContext, textures: TextureResolver,
                                depth: Int, budget: inout LayerBudget) -> [Layer] {
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of layers, got \(describe(node.value))")
            return []
        }
        var layers: [Layer] = []
        for (index, element) in elements.enumerated() {
            if let layer = decodeLayer(element, path: JSONPath.element(path, index), context: context, textures: textures,
                                       depth: depth, budget: &budget) {
                layers.append(layer)
            }
        }
        return layers
    }

    static func decodeLayer(_ node: JSONNode, path: String, context: DecodingContext, textures: TextureResolver,
                            depth: Int, budget: inout LayerBudget) -> Layer? {
        guard depth < EffectLimits.maxLayerDepth else {
            context.error(at: node.location, path: path, "layers nest deeper than \(EffectLimits.maxLayerDepth) levels")
            return nil
        }
        budget.layers += 1
        guard budget.layers <= EffectLimits.maxLayers else {
            if budget.layers == EffectLimits.maxLayers + 1 {
                context.error(at: node.location, path: path, "more than \(EffectLimits.maxLayers) layers in one effect")
            }
            return nil
        }
        // The type decides which keys are allowed, so read it before checking keys.
        var type = Layer.LayerType.layer
        if case .object(let members) = node.value, let typeMember = members.first(where: { $0.key == "type" }) {
            let names = Layer.LayerType.allCases.map(\.rawValue)
            if case .string(let text) = typeMember.value.value, let parsed = Layer.LayerType(rawValue: text) {
                type = parsed
            } else {
                let text: String
                if case .string(let value) = typeMember.value.value { text = value } else { text = "" }
                context.error(at: typeMember.value.location, path: JSONPath.member(path, "type"),
                              "expected a layer type (\(names.joined(separator: ", "))), got \(describe(typeMember.value.value))",
                              suggestion: closestMatch(to: text, in: names).map { "did you mean \"\($0)\"?" })
                return nil
            }
        }
        let allowed = commonLayerKeys + (typeKeys[type] ?? [])
        let article = type == .emitter || type == .image ? "an" : "a"
        let what = type == .layer ? "a layer" : "\(article) \(type.rawValue) layer"
        guard let reader = ObjectReader(node, path: path, context: context, what: what, allowed: allowed) else { return nil }
        var layer = Layer(type: type, name: reader.string("name"))
        layer.position = reader.point("position", default: .zero)
        layer.bounds = reader.bounds("bounds", default: .zero)
        layer.anchorPoint = reader.point("anchorPoint", default: Point(x: 0.5, y: 0.5))
        layer.transform = reader.transform("transform")
        layer.sublayerTransform = reader.transform("sublayerTransform")
        layer.opacity = reader.number("opacity", default: 1, .unit)
        layer.zPosition = reader.number("zPosition", default: 0)
        layer.hidden = reader.bool("hidden", default: false)
        if reader.has("backgroundColor") { layer.backgroundColor = reader.color("backgroundColor", default: .clear) }
        layer.cornerRadius = reader.number("cornerRadius", default: 0, .nonNegative)
        layer.borderWidth = reader.number("borderWidth", default: 0, .nonNegative)
        layer.borderColor = reader.color("borderColor", default: .black)
        layer.masksToBounds = reader.bool("masksToBounds", default: false)
        layer.timing = reader.timing()
        if let mask = reader.node("mask") {
            layer.mask = decodeLayer(mask, path: reader.childPath("mask"), context: context, textures: textures,
                                     depth: depth + 1, budget: &budget)
        }
        if let sublayers = reader.node("sublayers") {
            layer.sublayers = decodeLayerList(sublayers, path: reader.childPath("sublayers"), context: context,
                                              textures: textures, depth: depth + 1, budget: &budget)
        }
        switch type {
        case .emitter:
            layer.emitter = decodeEmitter(reader, context: context, textures: textures, budget: &budget)
        case .layer:
            break
        default:
            // Keys that are not animatable are checked here; the animatable ones below.
            if type == .gradient {
                _ = reader.enumeration("gradientType", default: GradientProperties.Kind.axial)
            }
            if let node = reader.node("transitions") {
                layer.contentTransitions = decodeTransitions(node, path: reader.childPath("transitions"), type: type,
                                                             context: context, textures: textures)
            }
            if type == .image {
                _ = reader.enumeration("contentsGravity", default: ContentsGravity.resize)
                if let name = reader.string("contents"), let node = reader.node("contents") {
                    (layer.imageContents, layer.imageAnimation) = textures.resolveImage(name, at: node.location, path: reader.childPath("contents"),
                                                                                        context: context)
                }
            }
            if type == .text {
                _ = reader.enumeration("alignmentMode", default: TextAlignment.left)
                if let string = reader.string("string"), string.count > 10_000 {
                    reader.error("string", "a text layer's string is limited to 10 000 characters")
                }
                let font = reader.string("font") ?? FontCatalog.defaultFamily
                switch FontCatalog.resolve(font, baseDirectory: context.baseDirectory, resources: context.resources) {
                case .success(let path): layer.fontPath = path
                case .failure(let failure): reader.error(reader.has("font") ? "font" : "string", failure.message, suggestion: failure.suggestion)
                }
                if case .number(let size)? = reader.node("fontSize")?.value, !(1...2000).contains(size) {
                    reader.error("fontSize", "fontSize is 1…2000 points, got \(format(size))")
                }
            }
            if type == .shape {
                _ = reader.enumeration("fillRule", default: FillRule.nonZero)
                _ = reader.enumeration("lineCap", default: StrokeStyle.Cap.butt)
                _ = reader.enumeration("lineJoin", default: StrokeStyle.Join.miter)
                if let dashes = reader.node("lineDashPattern") {
                    guard case .array(let elements) = dashes.value,
                          elements.allSatisfy({ if case .number(let n) = $0.value { return n >= 0 && n.isFinite }; return false }),
                          elements.count <= 1000 else {
                        reader.error("lineDashPattern", "expected a list of up to 1000 lengths ≥ 0 (dash, gap, dash, …)")
                        return nil
                    }
                }
            }
            for key in typeKeys[type] ?? [] {
                guard let value = reader.node(key) else { continue }
                layer.typeProperties[key] = value
                if let kind = AnimatableKeyPath.typeProperties[type]?[key],
                   let decoded = ValueDecoder.decode(value, kind: kind, angles: false, path: reader.childPath(key), context: context) {
                    if key == "instanceCount", case .number(let count) = decoded,
                       count != count.rounded() || count < 0 || count > Double(ReplicatorProperties.maxInstanceCount) {
                        reader.error(key, "instanceCount is a whole number in 0…\(ReplicatorProperties.maxInstanceCount), got \(format(count))")
                        continue
                    }
                    layer.typeValues[key] = decoded
                }
            }
        }
        // Animations come last: their key paths are resolved against the layer's own
        // properties and cells.
        if let animations = reader.node("animations") {
            var count = 0
            layer.animations = AnimationDecoder.decodeList(animations, path: reader.childPath("animations"), context: context,
                                                           layer: layer, depth: 0, count: &count)
        }
        return layer
    }

    /// `[{"time": 1, "contents": "b" (or "string": "…"), "type": "push", "subtype": "fromRight", "duration": 0.4}, …]`
    static func decodeTransitions(_ node: JSONNode, path: String, type: Layer.LayerType, context: DecodingContext,
                                  textures: TextureResolver) -> [ContentTransition] {
        guard case .array(let elements) = node.value, elements.count <= 1000 else {
            context.error(at: node.location, path: path, "expected a list of up to 1000 scheduled changes")
            return []
        }
        var result: [ContentTransition] = []
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(path, index)
            let contentKey = type == .image ? "contents" : "string"
            guard let reader = ObjectReader(element, path: elementPath, context: context, what: "a scheduled change",
                                            allowed: ["time", "duration", "type", "subtype", contentKey]) else { continue }
            guard reader.has("time"), reader.has(contentKey) else {
                context.error(at: element.location, path: elementPath, "a scheduled change needs \"time\" and \"\(contentKey)\"")
                continue
            }
            var change = ContentTransition(time: reader.number("time", default: 0, .range(0...Effect.maxDuration)))
            if let last = result.last, change.time < last.time {
                reader.error("time", "changes must be in time order (\(format(change.time)) after \(format(last.time)))")
            }
            change.duration = reader.number("duration", default: 0.25, .range(0...3600))
            change.kind = reader.enumeration("type", default: .fade)
            change.subtype = reader.enumeration("subtype", default: .fromRight)
            if type == .image, let name = reader.string("contents"), let contentsNode = reader.node("contents") {
                (change.contents, change.animation) = textures.resolveImage(name, at: contentsNode.location, path: reader.childPath("contents"),
                                                                            context: context)
            } else {
                change.string = reader.string("string")
            }
            result.append(change)
        }
        return result
    }

    /// Nested replicators multiply: the copies of the innermost layers are the product of the
    /// instance counts above them. Past ``Effect/maxPlacedLayers`` that is an error at the
    /// replicator where the product crosses it.
    static func checkReplicatorProduct(_ effect: Effect, root: JSONNode, context: DecodingContext) {
        func visit(_ layers: [Layer], path: [JSONPathComponent], product: Int) {
            for (index, layer) in layers.enumerated() {
                let layerPath = path + [.index(index)]
                var copies = product
                if layer.type == .replicator {
                    copies = product * ReplicatorProperties(layer).instanceCount
                    if copies > Effect.maxPlacedLayers {
                        let node = root.node(at: layerPath + [.key("instanceCount")]) ?? root.node(at: layerPath)
                        context.error(at: node?.location, path: JSONPathComponent.render(layerPath + [.key("instanceCount")]),
                                      "nested replicators make \(copies) copies of the layers inside here; the limit is \(Effect.maxPlacedLayers)",
                                      suggestion: "lower an instanceCount")
                        continue
                    }
                }
                visit(layer.sublayers, path: layerPath + [.key("sublayers")], product: max(copies, 1))
            }
        }
        visit(effect.layers, path: [.key("layers")], product: 1)
    }
}
