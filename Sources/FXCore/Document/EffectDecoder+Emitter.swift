import Foundation

extension EffectDecoder {
    /// The keys an emitter cell accepts: the registry's cell and media-timing keys.
    static let cellKeys = PropertyRegistry.keys(of: .emitterCell, .mediaTiming)

    static func decodeCells(_ node: JSONNode, path: String, context: DecodingContext, textures: TextureResolver,
                            depth: Int, budget: inout LayerBudget) -> [EmitterCell] {
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of emitter cells, got \(describe(node.value))")
            return []
        }
        guard depth < EffectLimits.maxCellDepth else {
            context.error(at: node.location, path: path, "emitter cells nest deeper than \(EffectLimits.maxCellDepth) levels")
            return []
        }
        var cells: [EmitterCell] = []
        var seenNames: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let cellPath = JSONPath.element(path, index)
            budget.cells += 1
            guard budget.cells <= EffectLimits.maxCells else {
                if budget.cells == EffectLimits.maxCells + 1 {
                    context.error(at: element.location, path: cellPath, "more than \(EffectLimits.maxCells) emitter cells in one effect")
                }
                continue
            }
            guard let cell = decodeCell(element, path: cellPath, context: context, textures: textures, depth: depth, budget: &budget) else { continue }
            if let name = cell.name {
                if let first = seenNames[name] {
                    context.error(at: element.location, path: JSONPath.member(cellPath, "name"),
                                  "another cell in this list, \(JSONPath.element(path, first)), is also named \"\(name)\"",
                                  suggestion: "key paths such as emitterCells.\(name).birthRate need unique names")
                } else {
                    seenNames[name] = index
                }
            }
            cells.append(cell)
        }
        return cells
    }

    static func decodeCell(_ node: JSONNode, path: String, context: DecodingContext, textures: TextureResolver,
                           depth: Int, budget: inout LayerBudget) -> EmitterCell? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "an emitter cell", allowed: cellKeys) else { return nil }
        var cell = EmitterCell(name: reader.string("name"))
        if let name = cell.name, name.isEmpty || name.contains(".") {
            reader.error("name", "a cell name must be non-empty and contain no '.', as it is used in key paths")
        }
        for property in PropertyRegistry.properties(of: .emitterCell) { reader.decode(property, into: &cell) }
        if let name = reader.string("contents") {
            cell.contents = textures.resolve(name, at: reader.node("contents")!.location, path: reader.childPath("contents"), context: context)
        }
        let rect = cell.contentsRect
        if rect.origin.x < 0 || rect.origin.y < 0 || rect.origin.x + rect.size.width > 1 + 1e-9 || rect.origin.y + rect.size.height > 1 + 1e-9 {
            reader.error("contentsRect", "contentsRect is in unit coordinates of the image and must lie inside [0, 0, 1, 1]",
                         suggestion: "for frame c of n across a sheet, write [c/n, 0, 1/n, 1]")
            cell.contentsRect = .unit
        }
        cell.timing = reader.timing()
        decodeExtensions(reader, into: &cell.extensions, context: context)
        decodeParticleBehaviors(reader, into: &cell.extensions, textures: textures, context: context)
        cell.extensions.emitOn = reader.enumeration("emitOn", default: EmitOn.life)
        if depth == 0 && cell.extensions.emitOn != .life {
            reader.error("emitOn", "emitOn \"\(cell.extensions.emitOn.rawValue)\" is for sub-cells, which emit from a parent particle; this cell emits from the layer",
                         suggestion: "move the cell into another cell's \"emitterCells\", or use burstCount for a burst when the cell starts")
        }
        if depth > 0 && cell.extensions.emitOn != .life && cell.extensions.burstCount == 0 {
            context.warning(at: reader.keyLocation("emitOn") ?? node.location, path: reader.childPath("emitOn"),
                            "the sub-cell emits on each parent's \(cell.extensions.emitOn.rawValue) but its burstCount is 0, so it emits nothing then",
                            suggestion: "set \"burstCount\": the particles made at each \(cell.extensions.emitOn.rawValue)")
        }
        if cell.extensions.burstInterval > 0 && cell.extensions.burstInterval < EffectLimits.minBurstInterval {
            reader.error("burstInterval", "burstInterval is 0 (burst once) or at least \(format(EffectLimits.minBurstInterval)) s, got \(format(cell.extensions.burstInterval))",
                         suggestion: "for a stream of particles, use birthRate")
            cell.extensions.burstInterval = 0
        }
        // Keys that would be read and then do nothing: said, not ignored quietly.
        if depth > 0 && cell.extensions.emitOn != .life {
            for key in ["birthRate", "burstInterval", "burstCycles"] where reader.has(key) {
                context.warning(at: reader.keyLocation(key) ?? node.location, path: reader.childPath(key),
                                "a sub-cell that emits on each parent's \(cell.extensions.emitOn.rawValue) makes burstCount particles then and nothing else, so \(key) does nothing",
                                suggestion: "remove \"\(key)\", or use \"emitOn\": \"life\" to emit through the parent's life")
            }
        } else if reader.has("burstCycles") && cell.extensions.burstInterval == 0 {
            context.warning(at: reader.keyLocation("burstCycles") ?? node.location, path: reader.childPath("burstCycles"),
                            "burstCycles counts repeated bursts, but burstInterval is 0, so the cell bursts once",
                            suggestion: "set \"burstInterval\" (seconds between bursts)")
        }
        if cell.extensions.burstInterval > 0 && cell.extensions.burstCount == 0 {
            context.warning(at: reader.keyLocation("burstInterval") ?? node.location, path: reader.childPath("burstInterval"),
                            "burstInterval repeats bursts of burstCount particles, but burstCount is 0",
                            suggestion: "set \"burstCount\"")
        }
        if let subcells = reader.node("emitterCells") {
            cell.emitterCells = decodeCells(subcells, path: reader.childPath("emitterCells"), context: context,
                                            textures: textures, depth: depth + 1, budget: &budget)
        }
        if let trail = cell.extensions.trail, trail.width == nil, cell.contents == nil, cell.extensions.contentsChoices.isEmpty {
            context.warning(at: reader.keyLocation("trail") ?? node.location, path: reader.childPath("trail"),
                            "the trail is as wide as the particle's contents by default, and the cell has none, so it is not drawn",
                            suggestion: "give the trail a \"width\" (points), or the cell \"contents\"")
        }
        if cell.birthRate > 0 && cell.lifetime == 0 && cell.enabled {
            context.warning(at: reader.keyLocation("birthRate") ?? node.location, path: reader.childPath("birthRate"),
                            "the cell has a birthRate but lifetime 0, so its particles never appear",
                            suggestion: "set \"lifetime\" (seconds)")
        }
        return cell
    }
}

extension EffectDecoder {
    /// The extensions held apart from the registry's values: turbulence, curves over life and
    /// sprite frames.
    static func decodeExtensions(_ reader: ObjectReader, into extensions: inout CellExtensions, context: DecodingContext) {
        if let node = reader.node("turbulence") {
            extensions.turbulence = decodeTurbulence(node, path: reader.childPath("turbulence"), context: context)
        }
        if let node = reader.node("colorOverLife") {
            extensions.colorOverLife = lifeSequence(node, path: reader.childPath("colorOverLife"), context: context) { element, path in
                ObjectReader.color(from: element, path: path, context: context)
            }
        }
        for key in ["alphaOverLife", "scaleOverLife"] {
            guard let node = reader.node(key) else { continue }
            let sequence: LifeSequence<Double>? = lifeSequence(node, path: reader.childPath(key), context: context) { element, path in
                guard case .number(let n) = element.value else {
                    context.error(at: element.location, path: path, "expected a number, got \(describe(element.value))")
                    return nil
                }
                if key == "alphaOverLife" && !(0...1).contains(n) {
                    context.error(at: element.location, path: path, "an alpha is a number in 0…1, got \(format(n))")
                    return nil
                }
                return n
            }
            if key == "alphaOverLife" { extensions.alphaOverLife = sequence } else { extensions.scaleOverLife = sequence }
        }
        if let node = reader.node("spriteFrames"),
           let frames = ObjectReader(node, path: reader.childPath("spriteFrames"), context: context, what: "sprite frames",
                                     allowed: ["columns", "rows", "count", "framesPerSecond", "loops"]) {
            let columns = frames.integer("columns", default: 1, .range(1...256))
            let rows = frames.integer("rows", default: 1, .range(1...256))
            let count = frames.integer("count", default: columns * rows, .range(1...Double(columns * rows)))
            let fps = frames.has("framesPerSecond") ? frames.number("framesPerSecond", default: 12, .range(0.001...1000)) : nil
            extensions.spriteFrames = SpriteFrames(columns: columns, rows: rows, count: count, framesPerSecond: fps,
                                                   loops: frames.bool("loops", default: true))
        }
        if let node = reader.node("trail") {
            extensions.trail = trail(node, path: reader.childPath("trail"), context: context)
        }
        if let node = reader.node("orbit") {
            extensions.orbit = decodeOrbit(node, path: reader.childPath("orbit"), context: context)
        }
    }

    /// `{"length": s, "segments": n, "width": pt, "widthOverLife": [...], "widthOverLength": [...],
    /// "alphaOverLength": [...]}`, each member checked against its declaration in the registry.
    static func trail(_ node: JSONNode, path: String, context: DecodingContext) -> Trail? {
        let declaration = TrailHistory.property
        guard let reader = ObjectReader(node, path: path, context: context, what: "a trail",
                                        allowed: declaration.members.map(\.name)) else { return nil }
        func range(_ member: String) -> PropertyRange { declaration.member(member)?.range ?? .any }
        guard reader.has("length") else {
            context.error(at: node.location, path: path, "a trail needs \"length\": the seconds of history it draws, \(range("length").phrase)",
                          suggestion: "for example {\"length\": 0.5, \"segments\": 12}")
            return nil
        }
        var trail = Trail(length: reader.number("length", default: 0.5, range("length")),
                          segments: reader.integer("segments", default: 8, range("segments")))
        if reader.has("width") { trail.width = reader.number("width", default: 0, range("width")) }
        func factors(_ member: String, default value: [Double]) -> [Double] {
            guard let listNode = reader.node(member) else { return value }
            let memberRange = range(member)
            guard case .array(let elements) = listNode.value, (1...256).contains(elements.count) else {
                reader.error(member, "expected a list of 1…256 numbers, each \(memberRange.phrase)")
                return value
            }
            var numbers: [Double] = []
            for (index, element) in elements.enumerated() {
                guard case .number(let number) = element.value, memberRange.contains(number) else {
                    context.error(at: element.location, path: JSONPath.element(reader.childPath(member), index),
                                  "expected \(memberRange.phrase), got \(describe(element.value))")
                    return value
                }
                numbers.append(number)
            }
            return numbers
        }
        trail.widthOverLife = factors("widthOverLife", default: trail.widthOverLife)
        trail.widthOverLength = factors("widthOverLength", default: trail.widthOverLength)
        trail.alphaOverLength = factors("alphaOverLength", default: trail.alphaOverLength)
        return trail
    }

    /// `{"values": [...], "times": [...], "interpolation": "linear" | "step"}`; `times` may be
    /// left out for evenly spaced values.
    static func lifeSequence<Value>(_ node: JSONNode, path: String, context: DecodingContext,
                                    value: (JSONNode, String) -> Value?) -> LifeSequence<Value>? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "a sequence over life",
                                        allowed: ["values", "times", "interpolation"]) else { return nil }
        guard let valuesNode = reader.node("values"), case .array(let elements) = valuesNode.value, !elements.isEmpty,
              elements.count <= 256 else {
            context.error(at: node.location, path: path, "a sequence over life needs \"values\": a list of 1…256 values")
            return nil
        }
        var values: [Value] = []
        for (index, element) in elements.enumerated() {
            guard let parsed = value(element, JSONPath.element(reader.childPath("values"), index)) else { return nil }
            values.append(parsed)
        }
        var times = values.count == 1 ? [0.0] : (0..<values.count).map { Double($0) / Double(values.count - 1) }
        if let timesNode = reader.node("times") {
            guard case .array(let timeElements) = timesNode.value, timeElements.count == values.count else {
                reader.error("times", "expected one time per value (\(values.count)), each in 0…1")
                return nil
            }
            times = []
            for (index, element) in timeElements.enumerated() {
                guard case .number(let t) = element.value, (0...1).contains(t), t >= (times.last ?? 0) else {
                    context.error(at: element.location, path: JSONPath.element(reader.childPath("times"), index),
                                  "times are increasing numbers in 0…1 (normalized age: 0 at birth, 1 at death)")
                    return nil
                }
                times.append(t)
            }
        }
        return LifeSequence(values: values, times: times, interpolation: reader.enumeration("interpolation", default: .linear))
    }
}

/// Resolves a cell's `contents` name to a declared PNG texture or a built-in one, reading each
/// PNG's header (through the decode's ``EffectResources``) once to learn its size.
final class TextureResolver {
    private let declared: [String: String]
    /// The declared textures that are atlas frames: rectangles of their images.
    private let frames: [String: Rect]
    private var resolved: [String: TextureReference] = [:]
    private var failed: Set<String> = []
    /// The animated GIFs read, by path: their frame delays.
    private var gifs: [String: GIFInfo] = [:]

    init(declared: [String: String], frames: [String: Rect] = [:]) {
        self.declared = declared
        self.frames = frames
    }

    /// An image layer's `contents`: the texture, and for an animated GIF its frame delays.
    func resolveImage(_ name: String, at location: SourceLocation, path: String, context: DecodingContext) -> (TextureReference?, GIFInfo?) {
        let reference = resolve(name, at: location, path: path, context: context)
        guard case .animation(let file, _, _)? = reference else { return (reference, nil) }
        return (reference, gifs[file])
    }

    func resolve(_ name: String, at location: SourceLocation, path: String, context: DecodingContext) -> TextureReference? {
        if let reference = resolved[name] { return reference }
        if let file = declared[name] {
            if failed.contains(name) { return nil }
            // Reports why the declared file cannot be used, once per name.
            func fail(_ problem: String, suggestion: String? = nil) -> TextureReference? {
                context.error(at: location, path: path, "texture \"\(name)\" \(problem)", suggestion: suggestion)
                failed.insert(name)
                return nil
            }
            if file.lowercased().hasSuffix(".gif") {
                if frames[name] != nil {
                    return fail("is an atlas frame of an animated GIF (\(file)); frames are rectangles of PNG or JPEG images",
                                suggestion: "export the sheet as a PNG")
                }
                let bytes: [UInt8]
                do {
                    bytes = try context.resources.contents(at: file, prefix: nil, limit: FileReader.maxAssetBytes)
                } catch {
                    return fail("cannot be used: \(file): \(error.message)", suggestion: error.suggestion)
                }
                switch GIFInfo.read(bytes) {
                case .success(let info):
                    gifs[file] = info
                    let reference = TextureReference.animation(path: file, width: info.width, height: info.height)
                    resolved[name] = reference
                    return reference
                case .failure(let failure):
                    return fail("cannot be used: \(file): \(failure.message)")
                }
            }
            switch ImageHeader.read(path: file, resources: context.resources) {
            case .success(let header):
                guard header.width <= EffectLimits.maxTextureSide, header.height <= EffectLimits.maxTextureSide else {
                    return fail("(\(file)) is \(header.width)×\(header.height); the limit is \(EffectLimits.maxTextureSide) pixels a side")
                }
                var reference = TextureReference.file(path: file, width: header.width, height: header.height)
                if let frame = frames[name] {
                    let x = Int(frame.origin.x), y = Int(frame.origin.y), width = Int(frame.size.width), height = Int(frame.size.height)
                    guard x + width <= header.width, y + height <= header.height else {
                        return fail("has the frame [\(x), \(y), \(width), \(height)], which reaches outside its image (\(file) is \(header.width)×\(header.height) pixels)",
                                    suggestion: "a frame is [x, y, width, height] in the image's pixels, from its top-left corner")
                    }
                    reference = .atlasFrame(path: file, x: x, y: y, width: width, height: height)
                }
                resolved[name] = reference
                return reference
            case .failure(let failure):
                return fail("cannot be used: \(file): \(failure.message)", suggestion: failure.readError?.suggestion)
            }
        }
        if let builtin = BuiltinTexture(rawValue: name) {
            resolved[name] = .builtin(builtin)
            return .builtin(builtin)
        }
        let candidates = BuiltinTexture.allCases.map(\.rawValue) + declared.keys.sorted()
        let suggestion = closestMatch(to: name, in: candidates).map { "did you mean \"\($0)\"?" }
            ?? "use a built-in texture (\(BuiltinTexture.allCases.map(\.rawValue).joined(separator: ", "))) or declare it under \"textures\""
        context.error(at: location, path: path, "unknown texture \"\(name)\"", suggestion: suggestion)
        return nil
    }
}
