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
            // The effect file itself: FileReadError's words for a missing file are about the
            // paths an effect names, which are relative to its folder.
            let suggestion: String? = if case .missing = error.reason {
                "check the path; `fx list` shows the effects fx finds by name, and `fx new NAME` writes a new one"
            } else { error.suggestion }
            throw EffectLoadError([Diagnostic(file: displayName ?? path, path: jsonPath, message: error.message, suggestion: suggestion)])
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
        var effect = decodeEffect(root, context: context, sourcePath: sourcePath)
        if let decoded = effect { checkReplicatorProduct(decoded, root: root, context: context) }
        // Transactions name layers by their unique names, so they are read once the tree has them.
        effect?.assignUniqueNames()
        if var decoded = effect, let node = root.node(at: [.key(EffectKeys.transactions.name)]) {
            decoded.transactions = decodeTransactions(node, path: JSONPath.member("$", EffectKeys.transactions.name), effect: decoded,
                                                      context: context)
            if !context.hasErrors { decoded.scheduleTransactions() }
            effect = decoded
        }
        guard var effect, !context.hasErrors else {
            throw EffectLoadError(context.diagnostics)
        }
        effect.warnings = context.diagnostics
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

    /// The keys of an effect file's top level.
    static let topLevelKeys = PropertyRegistry.keys(of: .effect)

    private static func decodeEffect(_ root: JSONNode, context: DecodingContext, sourcePath: String?) -> Effect? {
        guard let reader = ObjectReader(root, path: "$", context: context, what: "an effect", allowed: topLevelKeys) else { return nil }
        guard reader.has(EffectKeys.fx) else {
            context.error(at: root.location, path: "$", "missing \"fx\", the format version",
                          suggestion: "add \"fx\": 1 as the first key")
            return nil
        }
        let version = reader.integer(EffectKeys.fx, default: 1)
        if version != 1 {
            reader.error(EffectKeys.fx, "format version \(version) is not supported; this fx reads version 1",
                         suggestion: "write \"fx\": 1")
        }
        let fallbackName = sourcePath.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "effect"
        var effect = Effect(name: fallbackName, sourcePath: sourcePath)
        reader.decode(PropertyRegistry.properties(of: .effect).filter { $0 != EffectKeys.fx }, into: &effect)
        effect.formatVersion = version
        if let node = reader.node(EffectKeys.reducedMotion),
           let variant = ObjectReader(node, path: reader.childPath(EffectKeys.reducedMotion), context: context, what: "a reduced-motion variant",
                                      allowed: ReducedMotionKeys.all) {
            var reduced = ReducedMotion()
            variant.decode(ReducedMotionKeys.all, into: &reduced)
            effect.reducedMotion = reduced
        }
        if let node = reader.node(EffectKeys.canvas) {
            effect.canvas = decodeCanvas(node, path: reader.childPath(EffectKeys.canvas), context: context)
        }
        if let node = reader.node(EffectKeys.textures) {
            (effect.textures, effect.textureFrames) = decodeTextures(node, path: reader.childPath(EffectKeys.textures), context: context)
        }
        var budget = LayerBudget()
        if let node = reader.node(EffectKeys.layers) {
            let resolver = TextureResolver(declared: effect.textures, frames: effect.textureFrames)
            context.textures = resolver
            effect.layers = decodeLayerList(node, path: reader.childPath(EffectKeys.layers), context: context,
                                            textures: resolver, depth: 0, budget: &budget)
        } else {
            context.warning(at: root.location, path: "$", "the effect has no \"\(EffectKeys.layers.name)\"; it draws only its background")
        }
        return effect
    }

    private static func decodeCanvas(_ node: JSONNode, path: String, context: DecodingContext) -> Canvas {
        guard let reader = ObjectReader(node, path: path, context: context, what: "a canvas", allowed: CanvasKeys.all) else { return Canvas() }
        var canvas = Canvas()
        reader.decode(CanvasKeys.all, into: &canvas)
        if canvas.size.width < 1 || canvas.size.height < 1 || canvas.size.width > EffectLimits.maxCanvasSide || canvas.size.height > EffectLimits.maxCanvasSide {
            reader.error(CanvasKeys.size, "a canvas is 1…\(format(EffectLimits.maxCanvasSide)) points on each side")
            canvas.size = Canvas.defaultSize
        }
        return canvas
    }

    /// `textures`: names → paths, or → atlas frames `{"path": …, "frame": [x, y, width, height]}`.
    private static func decodeTextures(_ node: JSONNode, path: String, context: DecodingContext) -> ([String: String], [String: Rect]) {
        guard case .object(let members) = node.value else {
            context.error(at: node.location, path: path, "expected an object of texture names to PNG paths, got \(describe(node.value))")
            return ([:], [:])
        }
        var textures: [String: String] = [:], frames: [String: Rect] = [:]
        for member in members {
            let memberPath = JSONPath.member(path, member.key)
            if case .object = member.value.value {
                guard let frame = atlasFrame(member.value, path: memberPath, context: context) else { continue }
                textures[member.key] = context.resources.location(ofFile: frame.path, relativeTo: context.baseDirectory)
                frames[member.key] = frame.rect
                continue
            }
            guard case .string(let relative) = member.value.value else {
                context.error(at: member.value.location, path: memberPath,
                              "expected a PNG path relative to the effect file, or an atlas frame {\"path\": …, \"frame\": [x, y, width, height]}, got \(describe(member.value.value))")
                continue
            }
            textures[member.key] = context.resources.location(ofFile: relative, relativeTo: context.baseDirectory)
        }
        return (textures, frames)
    }

    /// `{"path": "sheet.png", "frame": [x, y, width, height]}`: whole pixels, the origin at least
    /// 0 and the size at least 1 (that it lies inside the image is checked when it is read).
    private static func atlasFrame(_ node: JSONNode, path: String, context: DecodingContext) -> (path: String, rect: Rect)? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "an atlas frame", allowed: AtlasFrameKeys.all) else { return nil }
        guard let file = reader.string(AtlasFrameKeys.path) else {
            context.error(at: node.location, path: path, "an atlas frame needs \"path\": the image file, relative to the effect file",
                          suggestion: "for example {\"path\": \"sheet.png\", \"frame\": [0, 0, 32, 32]}")
            return nil
        }
        guard let frameNode = reader.node(AtlasFrameKeys.frame), case .array(let elements) = frameNode.value, elements.count == 4 else {
            context.error(at: reader.node(AtlasFrameKeys.frame)?.location ?? node.location, path: reader.childPath(AtlasFrameKeys.frame),
                          "an atlas frame needs \"frame\": [x, y, width, height] in the image's pixels")
            return nil
        }
        var numbers: [Double] = []
        for (index, element) in elements.enumerated() {
            let minimum = index < 2 ? 0.0 : 1.0
            guard case .number(let n) = element.value, n == n.rounded(), n >= minimum, n <= Double(EffectLimits.maxTextureSide) else {
                context.error(at: element.location, path: JSONPath.element(reader.childPath(AtlasFrameKeys.frame), index),
                              "expected a whole number of pixels, \(index < 2 ? "0" : "1")…\(EffectLimits.maxTextureSide), got \(describe(element.value))")
                return nil
            }
            numbers.append(n)
        }
        return (file, Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }

    // MARK: - Layers

    struct LayerBudget {
        var layers = 0
        var cells = 0
    }

    /// The keys every layer accepts: the registry's layer and media-timing keys.
    static let commonLayerKeys = PropertyRegistry.keys(of: .layer, .mediaTiming)

    /// The keys each layer type accepts besides the common ones.
    static let typeKeys: [Layer.LayerType: [String]] = Dictionary(uniqueKeysWithValues: Layer.LayerType.allCases.map { type in
        (type, PropertyOwner.layer(type).map { PropertyRegistry.keys(of: $0) } ?? [])
    })

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
        guard let type = typeName(Layer.LayerType.self, of: node, key: LayerKeys.type, path: path, context: context, noun: "layer",
                                  required: false, default: .layer) else { return nil }
        let article = type == .emitter || type == .image ? "an" : "a"
        let what = type == .layer ? "a layer" : "\(article) \(type.rawValue) layer"
        guard let reader = ObjectReader(node, path: path, context: context, what: what,
                                        allowed: commonLayerKeys + (typeKeys[type] ?? [])) else { return nil }
        var layer = Layer(type: type)
        reader.decode(PropertyRegistry.properties(of: .layer).filter { $0 != LayerKeys.type }, into: &layer)
        layer.timing = reader.timing()
        if let node = reader.node(LayerKeys.timeOffsetFollowsPointer) {
            layer.timeOffsetFollowsPointer = decodeTimeOffsetFollowsPointer(node, path: reader.childPath(LayerKeys.timeOffsetFollowsPointer),
                                                                            context: context)
        }
        if let mask = reader.node(LayerKeys.mask) {
            layer.mask = decodeLayer(mask, path: reader.childPath(LayerKeys.mask), context: context, textures: textures,
                                     depth: depth + 1, budget: &budget)
        }
        if let sublayers = reader.node(LayerKeys.sublayers) {
            layer.sublayers = decodeLayerList(sublayers, path: reader.childPath(LayerKeys.sublayers), context: context,
                                              textures: textures, depth: depth + 1, budget: &budget)
        }
        decodeTypeProperties(reader, into: &layer, context: context, textures: textures, budget: &budget)
        // Animations come last: their key paths are resolved against the layer's own
        // properties and cells.
        if let animations = reader.node(LayerKeys.animations) {
            var count = 0
            layer.animations = AnimationDecoder.decodeList(animations, path: reader.childPath(LayerKeys.animations), context: context,
                                                           layer: layer, depth: 0, count: &count)
        }
        if let follow = layer.timeOffsetFollowsPointer { checkTimeOffsetFollowsPointer(follow, of: layer, reader: reader) }
        return layer
    }

    /// `{"axis": "x" | "y", "from": POINTS, "to": POINTS, "duration": SECONDS}`: nil (reported)
    /// when a part is missing or wrong.
    static func decodeTimeOffsetFollowsPointer(_ node: JSONNode, path: String, context: DecodingContext) -> TimeOffsetFollowsPointer? {
        let errorsBefore = context.errorCount
        guard let reader = ObjectReader(node, path: path, context: context, what: "a timeOffsetFollowsPointer",
                                        allowed: TimeOffsetFollowsPointerKeys.all) else { return nil }
        let required = TimeOffsetFollowsPointerKeys.all.filter(\.isRequired)
        let missing = required.filter { !reader.has($0) }
        if !missing.isEmpty {
            context.error(at: node.location, path: path,
                          "timeOffsetFollowsPointer needs \(missing.map { "\"\($0.name)\"" }.joined(separator: ", ")): the pointer's axis (\"x\" or \"y\") and the canvas points where the time is 0 (\"from\") and its end (\"to\")",
                          suggestion: "for example {\"axis\": \"x\", \"from\": 0, \"to\": 400}")
        }
        var follow = TimeOffsetFollowsPointer.unwritten
        reader.decode(TimeOffsetFollowsPointerKeys.all, into: &follow)
        if context.errorCount == errorsBefore && follow.from == follow.to {
            reader.error(TimeOffsetFollowsPointerKeys.to, "\"from\" and \"to\" are both \(format(follow.from)): the drag needs a span of canvas points to map to the time",
                         suggestion: "make \"to\" differ from \"from\" (less than it to play forward while dragging back)")
        }
        guard context.errorCount == errorsBefore else { return nil }
        return follow
    }

    /// Warns of a layer the pointer drives that probably does not do what its author meant: its
    /// time keeps running (speed not 0: the layer plays on, and the pointer only shifts it), or
    /// there is nothing to drive (no duration, no animation in it).
    static func checkTimeOffsetFollowsPointer(_ follow: TimeOffsetFollowsPointer, of layer: Layer, reader: ObjectReader) {
        let key = LayerKeys.timeOffsetFollowsPointer
        if layer.timing.speed != 0 {
            let at = reader.has(MediaTimingKeys.speed) ? MediaTimingKeys.speed : key
            reader.context.warning(at: reader.keyLocation(at), path: reader.childPath(at),
                                   "the pointer sets this layer's timeOffset, but its speed is \(format(layer.timing.speed)): its time keeps running, so its animations play on and a drag only shifts them",
                                   suggestion: "set \"speed\": 0, so that the layer shows the moment the pointer chooses (as a paused CALayer driven by a gesture)")
        }
        if follow.duration == nil && layer.animationsEnd <= 0 {
            reader.context.warning(at: reader.keyLocation(key), path: reader.childPath(key),
                                   "the layer and its sublayers have no animations, so the pointer has no time to choose from",
                                   suggestion: "add animations, or give timeOffsetFollowsPointer a \"duration\"")
        }
    }

    /// The properties of the layer's type: the registry's values, then what each type holds
    /// apart (names, files, cells, scheduled changes).
    private static func decodeTypeProperties(_ reader: ObjectReader, into layer: inout Layer, context: DecodingContext,
                                             textures: TextureResolver, budget: inout LayerBudget) {
        guard let owner = PropertyOwner.layer(layer.type) else { return }
        for property in PropertyRegistry.properties(of: owner) { reader.decode(property, into: &layer) }
        switch layer.type {
        case .layer:
            break
        case .emitter:
            if let cells = reader.node(EmitterLayerKeys.emitterCells) {
                layer.emitter?.emitterCells = decodeCells(cells, path: reader.childPath(EmitterLayerKeys.emitterCells), context: context,
                                                          textures: textures, depth: 0, budget: &budget)
            }
            if layer.emitter != nil {
                applyLayerBehaviors(reader, to: &layer.emitter!.emitterCells, context: context)
                decodeMotion(reader, into: &layer.emitter!, context: context)
                decodeEmitterExtensions(reader, into: &layer.emitter!, context: context)
            }
        case .replicator, .gradient:
            break
        case .shape:
            if let dashes = reader.node(ShapeLayerKeys.lineDashPattern) {
                if case .array(let elements) = dashes.value, elements.count <= 1000,
                   case let lengths = elements.compactMap({ element -> Double? in
                       if case .number(let n) = element.value, n >= 0, n.isFinite { return n }
                       return nil
                   }), lengths.count == elements.count {
                    layer.shape?.style.lineDashPattern = lengths
                } else {
                    reader.error(ShapeLayerKeys.lineDashPattern, "expected a list of up to 1000 lengths ≥ 0 (dash, gap, dash, …)")
                }
            }
        case .text:
            let font = reader.string(TextLayerKeys.font)
            layer.text?.font = font
            switch FontCatalog.resolve(font ?? FontCatalog.defaultFamily, baseDirectory: context.baseDirectory, resources: context.resources) {
            case .success(let path): layer.text?.fontPath = path
            case .failure(let failure):
                reader.error(reader.has(TextLayerKeys.font) ? TextLayerKeys.font : TextLayerKeys.string, failure.message, suggestion: failure.suggestion)
            }
        case .image:
            if let name = reader.string(ImageLayerKeys.contents), let node = reader.node(ImageLayerKeys.contents) {
                let (contents, animation) = textures.resolveImage(name, at: node.location, path: reader.childPath(ImageLayerKeys.contents),
                                                                  context: context)
                layer.image?.contents = contents
                layer.image?.animation = animation
            }
        }
        if let node = reader.node(TextLayerKeys.transitions) {
            layer.contentTransitions = decodeTransitions(node, path: reader.childPath(TextLayerKeys.transitions), type: layer.type,
                                                         context: context, textures: textures)
        }
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
            let keys = type == .image ? ContentTransitionKeys.image : ContentTransitionKeys.text
            let content = type == .image ? ContentTransitionKeys.contents : ContentTransitionKeys.string
            guard let reader = ObjectReader(element, path: elementPath, context: context, what: "a scheduled change",
                                            allowed: keys) else { continue }
            guard reader.has(ContentTransitionKeys.time), reader.has(content) else {
                context.error(at: element.location, path: elementPath,
                              "a scheduled change needs \"\(ContentTransitionKeys.time.name)\" and \"\(content.name)\"")
                continue
            }
            var change = ContentTransition.unwritten
            reader.decode(ContentTransitionKeys.time, into: &change)
            if let last = result.last, change.time < last.time {
                reader.error(ContentTransitionKeys.time, "changes must be in time order (\(format(change.time)) after \(format(last.time)))")
            }
            reader.decode(keys.filter { $0 != ContentTransitionKeys.time }, into: &change)
            if type == .image, let name = reader.string(content), let contentsNode = reader.node(content) {
                (change.contents, change.animation) = textures.resolveImage(name, at: contentsNode.location, path: reader.childPath(content),
                                                                            context: context)
            } else {
                change.string = reader.string(content)
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
                if let replicator = layer.replicator {
                    copies = product * replicator.instanceCount
                    if copies > Effect.maxPlacedLayers {
                        let count = JSONPathComponent.key(ReplicatorLayerKeys.instanceCount.name)
                        let node = root.node(at: layerPath + [count]) ?? root.node(at: layerPath)
                        context.error(at: node?.location, path: JSONPathComponent.render(layerPath + [count]),
                                      "nested replicators make \(copies) copies of the layers inside here; the limit is \(Effect.maxPlacedLayers)",
                                      suggestion: "lower an instanceCount")
                        continue
                    }
                }
                visit(layer.sublayers, path: layerPath + [.key(LayerKeys.sublayers.name)], product: max(copies, 1))
            }
        }
        visit(effect.layers, path: [.key(EffectKeys.layers.name)], product: 1)
    }
}
