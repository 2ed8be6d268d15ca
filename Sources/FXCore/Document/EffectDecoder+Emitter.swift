import Foundation

extension EffectDecoder {
    /// The keys an emitter cell accepts: the registry's cell and media-timing keys.
    static let cellKeys = PropertyRegistry.properties(of: .emitterCell) + PropertyRegistry.properties(of: .mediaTiming)

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
                    context.error(at: element.location, path: JSONPath.member(cellPath, EmitterCellKeys.name.name),
                                  "another cell in this list, \(JSONPath.element(path, first)), is also named \"\(name)\"",
                                  suggestion: "key paths such as \(EmitterLayerKeys.emitterCells.name).\(name).\(EmitterCellKeys.birthRate.name) need unique names")
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
        var cell = EmitterCell()
        reader.decode(PropertyRegistry.properties(of: .emitterCell), into: &cell)
        if let name = cell.name, name.isEmpty || name.contains(".") {
            reader.error(EmitterCellKeys.name, "a cell name must be non-empty and contain no '.', as it is used in key paths")
        }
        if let name = reader.string(EmitterCellKeys.contents), let node = reader.node(EmitterCellKeys.contents) {
            cell.contents = textures.resolve(name, at: node.location, path: reader.childPath(EmitterCellKeys.contents), context: context)
        }
        let rect = cell.contentsRect
        if rect.origin.x < 0 || rect.origin.y < 0 || rect.origin.x + rect.size.width > 1 + 1e-9 || rect.origin.y + rect.size.height > 1 + 1e-9 {
            reader.error(EmitterCellKeys.contentsRect, "contentsRect is in unit coordinates of the image and must lie inside [0, 0, 1, 1]",
                         suggestion: "for frame c of n across a sheet, write [c/n, 0, 1/n, 1]")
            cell.contentsRect = .unit
        }
        cell.timing = reader.timing()
        // A cell's `speed` is Core Animation's (how fast its time runs); other engines' `speed`
        // is how fast particles move, which is `velocity` here. A speed no timing needs is that.
        if cell.timing.speed > 10 && !reader.has(EmitterCellKeys.velocity) {
            let speed = MediaTimingKeys.speed
            context.warning(at: reader.keyLocation(speed) ?? node.location, path: reader.childPath(speed),
                            "\(speed.name) \(format(cell.timing.speed)) runs the cell's time \(format(cell.timing.speed))× as fast (Core Animation's CAMediaTiming speed); it is not how fast particles move",
                            suggestion: "for particles moving at \(format(cell.timing.speed)) points per second, write \"\(EmitterCellKeys.velocity.name)\": \(format(cell.timing.speed)) instead")
        }
        decodeExtensions(reader, into: &cell.extensions, context: context)
        decodeParticleBehaviors(reader, into: &cell.extensions, textures: textures, context: context)
        decodeCoreAnimationCellKeys(reader, into: &cell, context: context)
        applyCellBehaviors(reader, to: &cell, context: context)
        if depth == 0 && cell.extensions.emitOn != .life {
            reader.error(EmitterCellKeys.emitOn, "emitOn \"\(cell.extensions.emitOn.rawValue)\" is for sub-cells, which emit from a parent particle; this cell emits from the layer",
                         suggestion: "move the cell into another cell's \"\(EmitterCellKeys.emitterCells.name)\", or use \(EmitterCellKeys.burstCount.name) for a burst when the cell starts")
        }
        if depth > 0 && cell.extensions.emitOn != .life && cell.extensions.burstCount == 0
            && !reader.hasFailed(EmitterCellKeys.emitOn, EmitterCellKeys.burstCount) {
            context.warning(at: reader.keyLocation(EmitterCellKeys.emitOn) ?? node.location, path: reader.childPath(EmitterCellKeys.emitOn),
                            "the sub-cell emits on each parent's \(cell.extensions.emitOn.rawValue) but its burstCount is 0, so it emits nothing then",
                            suggestion: "set \"\(EmitterCellKeys.burstCount.name)\": the particles made at each \(cell.extensions.emitOn.rawValue)")
        }
        if cell.extensions.burstInterval > 0 && cell.extensions.burstInterval < EffectLimits.minBurstInterval {
            reader.error(EmitterCellKeys.burstInterval, "burstInterval is 0 (burst once) or at least \(format(EffectLimits.minBurstInterval)) s, got \(format(cell.extensions.burstInterval))",
                         suggestion: "for a stream of particles, use \(EmitterCellKeys.birthRate.name)")
            cell.extensions.burstInterval = 0
        }
        // Keys that would be read and then do nothing: said, not ignored quietly.
        if depth > 0 && cell.extensions.emitOn != .life {
            for key in [EmitterCellKeys.birthRate, EmitterCellKeys.burstInterval, EmitterCellKeys.burstCycles] where reader.has(key) {
                context.warning(at: reader.keyLocation(key) ?? node.location, path: reader.childPath(key),
                                "a sub-cell that emits on each parent's \(cell.extensions.emitOn.rawValue) makes burstCount particles then and nothing else, so \(key.name) does nothing",
                                suggestion: "remove \"\(key.name)\", or use \"\(EmitterCellKeys.emitOn.name)\": \"\(EmitOn.life.rawValue)\" to emit through the parent's life")
            }
        } else if reader.has(EmitterCellKeys.burstCycles) && cell.extensions.burstInterval == 0 && !reader.hasFailed(EmitterCellKeys.burstInterval) {
            context.warning(at: reader.keyLocation(EmitterCellKeys.burstCycles) ?? node.location, path: reader.childPath(EmitterCellKeys.burstCycles),
                            "burstCycles counts repeated bursts, but burstInterval is 0, so the cell bursts once",
                            suggestion: "set \"\(EmitterCellKeys.burstInterval.name)\" (seconds between bursts)")
        }
        if cell.extensions.burstInterval > 0 && cell.extensions.burstCount == 0 && !reader.hasFailed(EmitterCellKeys.burstCount) {
            context.warning(at: reader.keyLocation(EmitterCellKeys.burstInterval) ?? node.location, path: reader.childPath(EmitterCellKeys.burstInterval),
                            "burstInterval repeats bursts of burstCount particles, but burstCount is 0",
                            suggestion: "set \"\(EmitterCellKeys.burstCount.name)\"")
        }
        if let subcells = reader.node(EmitterCellKeys.emitterCells) {
            cell.emitterCells = decodeCells(subcells, path: reader.childPath(EmitterCellKeys.emitterCells), context: context,
                                            textures: textures, depth: depth + 1, budget: &budget)
        }
        if let trail = cell.extensions.trail, trail.width == nil, cell.contents == nil, cell.extensions.contentsChoices.isEmpty,
           !reader.hasFailed(EmitterCellKeys.contents, EmitterCellKeys.contentsChoices, EmitterCellKeys.trail) {
            context.warning(at: reader.keyLocation(EmitterCellKeys.trail) ?? node.location, path: reader.childPath(EmitterCellKeys.trail),
                            "the trail is as wide as the particle's contents by default, and the cell has none, so it is not drawn",
                            suggestion: "give the trail a \"\(TrailKeys.width.name)\" (points), or the cell \"\(EmitterCellKeys.contents.name)\"")
        }
        // Not when lifetime (or birthRate, enabled) was wrong: its default 0 is no news then.
        if cell.birthRate > 0 && cell.lifetime == 0 && cell.enabled
            && !reader.hasFailed(EmitterCellKeys.lifetime, EmitterCellKeys.birthRate, EmitterCellKeys.enabled) {
            context.warning(at: reader.keyLocation(EmitterCellKeys.birthRate) ?? node.location, path: reader.childPath(EmitterCellKeys.birthRate),
                            "the cell has a birthRate but lifetime 0, so its particles never appear",
                            suggestion: "set \"\(EmitterCellKeys.lifetime.name)\" (seconds)")
        }
        return cell
    }
}

extension EffectDecoder {
    /// The extensions held apart from the registry's values: turbulence, curves over life and
    /// sprite frames.
    static func decodeExtensions(_ reader: ObjectReader, into extensions: inout CellExtensions, context: DecodingContext) {
        if let node = reader.node(EmitterCellKeys.turbulence) {
            extensions.turbulence = decodeTurbulence(node, path: reader.childPath(EmitterCellKeys.turbulence), context: context)
        }
        if let node = reader.node(EmitterCellKeys.flutter) {
            extensions.flutter = decodeFlutter(node, path: reader.childPath(EmitterCellKeys.flutter), context: context)
        }
        if let node = reader.node(EmitterCellKeys.colorOverLife) {
            extensions.colorOverLife = lifeSequence(node, path: reader.childPath(EmitterCellKeys.colorOverLife), context: context) { element, path in
                ObjectReader.color(from: element, path: path, context: context)
            }
        }
        for key in [EmitterCellKeys.alphaOverLife, EmitterCellKeys.scaleOverLife] {
            guard let node = reader.node(key) else { continue }
            let isAlpha = key == EmitterCellKeys.alphaOverLife
            let sequence: LifeSequence<Double>? = lifeSequence(node, path: reader.childPath(key), context: context) { element, path in
                lifeNumber(element, path: path, isAlpha: isAlpha, context: context)
            }
            if isAlpha { extensions.alphaOverLife = sequence } else { extensions.scaleOverLife = sequence }
        }
        if let node = reader.node(EmitterCellKeys.spriteFrames),
           let frames = ObjectReader(node, path: reader.childPath(EmitterCellKeys.spriteFrames), context: context, what: "sprite frames",
                                     allowed: SpriteFramesKeys.all) {
            var spriteFrames = SpriteFrames.unwritten
            frames.decode([SpriteFramesKeys.columns, SpriteFramesKeys.rows, SpriteFramesKeys.framesPerSecond, SpriteFramesKeys.loops],
                          into: &spriteFrames)
            // The count defaults to the whole grid, and cannot exceed it.
            let grid = spriteFrames.columns * spriteFrames.rows
            spriteFrames.count = frames.integer(SpriteFramesKeys.count.name, default: grid, .closed(1, Double(grid)))
            extensions.spriteFrames = spriteFrames
        }
        if let node = reader.node(EmitterCellKeys.trail) {
            extensions.trail = trail(node, path: reader.childPath(EmitterCellKeys.trail), context: context)
        }
        if let node = reader.node(EmitterCellKeys.orbit) {
            extensions.orbit = decodeOrbit(node, path: reader.childPath(EmitterCellKeys.orbit), context: context)
        }
    }

    /// `{"length": s, "segments": n, "width": pt, "widthOverLife": [...], "widthOverLength": [...],
    /// "alphaOverLength": [...]}`, each member checked against its declaration in the registry.
    static func trail(_ node: JSONNode, path: String, context: DecodingContext) -> Trail? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "a trail", allowed: TrailKeys.all) else { return nil }
        guard reader.has(TrailKeys.length) else {
            context.error(at: node.location, path: path,
                          "a trail needs \"\(TrailKeys.length.name)\": the seconds of history it draws, \(TrailKeys.length.range.phrase)",
                          suggestion: "for example {\"\(TrailKeys.length.name)\": 0.5, \"\(TrailKeys.segments.name)\": 12}")
            return nil
        }
        var trail = Trail.unwritten
        reader.decode([TrailKeys.length, TrailKeys.segments, TrailKeys.width], into: &trail)
        func factors(_ member: PropertyDescriptor, default value: [Double]) -> [Double] {
            guard let listNode = reader.node(member) else { return value }
            let memberRange = member.range
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
        trail.widthOverLife = factors(TrailKeys.widthOverLife, default: trail.widthOverLife)
        trail.widthOverLength = factors(TrailKeys.widthOverLength, default: trail.widthOverLength)
        trail.alphaOverLength = factors(TrailKeys.alphaOverLength, default: trail.alphaOverLength)
        return trail
    }

    /// `{"values": [...], "times": [...], "interpolation": "linear" | "step"}`; `times` may be
    /// left out for evenly spaced values.
    /// A number of a sequence over life (an alpha within 0…1); nil when it is not (reported).
    static func lifeNumber(_ element: JSONNode, path: String, isAlpha: Bool, context: DecodingContext) -> Double? {
        guard case .number(let n) = element.value else {
            context.error(at: element.location, path: path, "expected a number, got \(describe(element.value))")
            return nil
        }
        if isAlpha && !(0...1).contains(n) {
            context.error(at: element.location, path: path, "an alpha is a number in 0…1, got \(format(n))")
            return nil
        }
        return n
    }

    static func lifeSequence<Value>(_ node: JSONNode, path: String, context: DecodingContext,
                                    value: (JSONNode, String) -> Value?) -> LifeSequence<Value>? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "a sequence over life",
                                        allowed: LifeSequenceKeys.all) else { return nil }
        guard let values = lifeValues(reader, LifeSequenceKeys.values, context: context, value: value),
              let times = lifeTimes(reader, LifeSequenceKeys.times, count: values.count, context: context) else { return nil }
        return LifeSequence(values: values, times: times,
                            interpolation: reader.enumeration(LifeSequenceKeys.interpolation, default: .linear))
    }

    /// The 1…256 values of the list under `key` (a sequence's `values`, a Core Animation
    /// behavior's), each read by `value`; nil when it is missing, empty, too long or any value
    /// is wrong (reported).
    static func lifeValues<Value>(_ reader: ObjectReader, _ key: PropertyDescriptor, context: DecodingContext,
                                  value: (JSONNode, String) -> Value?) -> [Value]? {
        guard let node = reader.node(key), case .array(let elements) = node.value, !elements.isEmpty, elements.count <= 256 else {
            reader.error(key, "expected \"\(key.name)\": a list of 1…256 values")
            return nil
        }
        var values: [Value] = []
        for (index, element) in elements.enumerated() {
            guard let parsed = value(element, JSONPath.element(reader.childPath(key), index)) else { return nil }
            values.append(parsed)
        }
        return values
    }

    /// The normalized ages under `key` (a sequence's `times`, a behavior's `locations`): one per
    /// value, increasing in 0…1; evenly spaced when absent; nil when wrong (reported).
    static func lifeTimes(_ reader: ObjectReader, _ key: PropertyDescriptor, count: Int, context: DecodingContext) -> [Double]? {
        guard let node = reader.node(key) else {
            return count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
        }
        guard case .array(let elements) = node.value, elements.count == count else {
            reader.error(key, "expected one of \"\(key.name)\" per value (\(count)), each in 0…1")
            return nil
        }
        var times: [Double] = []
        for (index, element) in elements.enumerated() {
            guard case .number(let t) = element.value, (0...1).contains(t), t >= (times.last ?? 0) else {
                context.error(at: element.location, path: JSONPath.element(reader.childPath(key), index),
                              "\(key.name) are increasing numbers in 0…1 (normalized age: 0 at birth, 1 at death)")
                return nil
            }
            times.append(t)
        }
        return times
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
    /// The image files resolved so far, by path: their size and frames, decoded, against
    /// ``EffectLimits/maxTextureBytes``.
    private var decodedImages: [String: (width: Int, height: Int, frames: Int)] = [:]
    /// Whether an image has gone past the budget: the images after it fail without a message
    /// of their own (one error says it).
    private var overBudget = false

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
                // An empty problem: already said (the texture budget's one error).
                if !problem.isEmpty { context.error(at: location, path: path, "texture \"\(name)\" \(problem)", suggestion: suggestion) }
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
                    if let problem = exceedsBudget(file, width: info.width, height: info.height, frames: info.delays.count) {
                        return fail(problem.message, suggestion: problem.suggestion)
                    }
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
                if let problem = exceedsBudget(file, width: header.width, height: header.height, frames: 1) {
                    return fail(problem.message, suggestion: problem.suggestion)
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

    /// Counts the image file `file` (once, however many names and frames of an atlas use it)
    /// against ``EffectLimits/maxTextureBytes``; the reason it cannot be had when it would
    /// take the effect's decoded images past it.
    private func exceedsBudget(_ file: String, width: Int, height: Int, frames: Int) -> (message: String, suggestion: String)? {
        if decodedImages[file] != nil { return nil }
        if overBudget { return ("", "") }
        func bytes(_ image: (width: Int, height: Int, frames: Int)) -> Int { image.width * image.height * 4 * max(image.frames, 1) }
        let image = (width: width, height: height, frames: frames)
        let before = decodedImages.values.reduce(0) { $0 + bytes($1) }
        guard before + bytes(image) > EffectLimits.maxTextureBytes else {
            decodedImages[file] = image
            return nil
        }
        overBudget = true
        func describe(_ path: String, _ image: (width: Int, height: Int, frames: Int)) -> String {
            let name = (path as NSString).lastPathComponent
            return "\(name), \(image.width)×\(image.height)\(image.frames > 1 ? " × \(image.frames) frames" : ""), \(Self.mebibytes(bytes(image)))"
        }
        let largest = decodedImages.sorted { bytes($0.value) > bytes($1.value) || (bytes($0.value) == bytes($1.value) && $0.key < $1.key) }
            .prefix(3).map { "(\(describe($0.key, $0.value)))" }
        let message = "(\(describe(file, image)) decoded) would take the effect's images to \(Self.mebibytes(before + bytes(image))), "
            + "past the budget of \(Self.mebibytes(EffectLimits.maxTextureBytes)) of decoded RGBA pixels"
        var suggestion = "downscale the images (half the width and height takes a quarter of the memory) or use fewer of them"
        if !largest.isEmpty { suggestion += "; the largest counted before it: \(largest.joined(separator: ", "))" }
        return (message, suggestion)
    }

    /// A byte count in MiB (or GiB from 1 GiB), as a person writes it.
    static func mebibytes(_ bytes: Int) -> String {
        let mebibytes = Double(bytes) / Double(1 << 20)
        if mebibytes >= 1024 { return "\(format((mebibytes / 1024 * 100).rounded() / 100)) GiB" }
        return "\(format((mebibytes * 10).rounded() / 10)) MiB"
    }
}
