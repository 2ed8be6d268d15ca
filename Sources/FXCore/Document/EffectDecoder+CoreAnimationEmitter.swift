/// Decoding of Core Animation's undocumented emitter keys (``EmitterCellKeys/contentsFrameCount``
/// and its siblings, ``EmitterCellKeys/particleType``, the `emitterBehaviors` of cells and
/// layers): each is mapped onto the fx feature that does the same as the effect loads, and what
/// fx cannot do is said. docs/core-animation.md gives the sources of each rule.
extension EffectDecoder {
    /// What a list of `CAEmitterBehavior`s comes to in fx's keys.
    struct MappedBehaviors {
        /// `drag`: the sum of the drags (forces add).
        var linearDamping: Double?
        /// `colorOverLife`.
        var colorOverLife: LifeSequence<Color>?
        /// `valueOverLife` of `color.alpha`.
        var alphaOverLife: LifeSequence<Double>?
        /// `valueOverLife` of `scale`: absolute scales, made relative to each cell's `scale`.
        var scales: LifeSequence<Double>?
        /// `alignToMotion`.
        var alignsToVelocity = false
        /// Where the list is, for messages about applying it.
        var location: SourceLocation
        var path: String

        var isEmpty: Bool {
            linearDamping == nil && colorOverLife == nil && alphaOverLife == nil && scales == nil && !alignsToVelocity
        }
    }

    /// The most behaviors one list may hold.
    static let maxEmitterBehaviors = 64

    /// A cell's Core Animation sprite-sheet keys, as `spriteFrames`, and its `particleType`.
    static func decodeCoreAnimationCellKeys(_ reader: ObjectReader, into cell: inout EmitterCell, context: DecodingContext) {
        let frameKeys = [EmitterCellKeys.contentsFrameCount, EmitterCellKeys.contentsFramesPerRow,
                         EmitterCellKeys.contentsFramesPerSecond, EmitterCellKeys.contentsFrameMode]
        if let written = frameKeys.first(where: { reader.has($0) }) {
            if reader.has(EmitterCellKeys.spriteFrames) {
                reader.error(written, "\(written.name) is Core Animation's name for a part of \"\(EmitterCellKeys.spriteFrames.name)\", which the cell also has",
                             suggestion: "keep one of them: \"\(EmitterCellKeys.spriteFrames.name)\" or Core Animation's contentsFrame keys")
            } else if reader.string(EmitterCellKeys.contentsFrameMode) == "random" {
                reader.error(EmitterCellKeys.contentsFrameMode,
                             "contentsFrameMode \"random\" (Core Animation's: a random frame of the sheet for each particle) is not one fx has",
                             suggestion: "use \"\(ContentsFrameMode.sequential.rawValue)\" to play the frames, or atlas frames in \"\(EmitterCellKeys.contentsChoices.name)\" for a random picture per particle")
            } else {
                let count = reader.integer(EmitterCellKeys.contentsFrameCount)
                let columns = min(reader.integer(EmitterCellKeys.contentsFramesPerRow), count)
                let rows = (count + columns - 1) / columns
                let mode = reader.enumeration(EmitterCellKeys.contentsFrameMode, default: ContentsFrameMode.single)
                let perSecond = reader.number(EmitterCellKeys.contentsFramesPerSecond)
                if rows > 256 {
                    reader.error(EmitterCellKeys.contentsFrameCount, "\(count) frames of \(columns) a row make \(rows) rows; a sheet has at most 256",
                                 suggestion: "set \"\(EmitterCellKeys.contentsFramesPerRow.name)\" to the frames across the sheet")
                } else if mode == .single {
                    // Core Animation's default: one frame per particle — fx shows the first.
                    cell.extensions.spriteFrames = SpriteFrames(columns: columns, rows: rows, count: 1, framesPerSecond: nil)
                    if count > 1 && reader.has(EmitterCellKeys.contentsFramesPerSecond) {
                        context.warning(at: reader.keyLocation(EmitterCellKeys.contentsFramesPerSecond) ?? reader.location,
                                        path: reader.childPath(EmitterCellKeys.contentsFramesPerSecond),
                                        "contentsFrameMode is \"single\" (the default), so each particle shows one frame and the frame rate does nothing",
                                        suggestion: "set \"\(EmitterCellKeys.contentsFrameMode.name)\": \"\(ContentsFrameMode.sequential.rawValue)\" to play the frames")
                    }
                } else {
                    cell.extensions.spriteFrames = SpriteFrames(columns: columns, rows: rows, count: count,
                                                                framesPerSecond: perSecond > 0 ? perSecond : nil)
                }
            }
        }
        if reader.enumeration(EmitterCellKeys.particleType, default: ParticleType.sprite) == .plane {
            context.warning(at: reader.keyLocation(EmitterCellKeys.particleType) ?? reader.location, path: reader.childPath(EmitterCellKeys.particleType),
                            "particleType \"plane\" turns particles in 3-D by their orientation, which fx does not have: they are drawn as sprites facing the viewer",
                            suggestion: "remove it, or turn particles about the view axis with \"\(EmitterCellKeys.rotation.name)\" and \"\(EmitterCellKeys.spin.name)\"")
        }
    }

    /// An `emitterBehaviors` list: each behavior checked and mapped; the ones fx does not have
    /// are errors that say so.
    static func decodeEmitterBehaviors(_ node: JSONNode, path: String, context: DecodingContext) -> MappedBehaviors {
        var mapped = MappedBehaviors(location: node.location, path: path)
        guard case .array(let elements) = node.value else {
            context.error(at: node.location, path: path, "expected a list of Core Animation emitter behaviors, got \(describe(node.value))",
                          suggestion: "write [{\"\(EmitterBehaviorKeys.type.name)\": \"\(EmitterBehaviorType.drag.rawValue)\", \"\(EmitterBehaviorKeys.drag.name)\": 0.5}]")
            return mapped
        }
        if elements.count > maxEmitterBehaviors {
            context.error(at: node.location, path: path, "more than \(maxEmitterBehaviors) emitter behaviors in one list")
        }
        for (index, element) in elements.prefix(maxEmitterBehaviors).enumerated() {
            let elementPath = JSONPath.element(path, index)
            // A behavior fx does not have is reported as such, not its keys one by one.
            var allowed = EmitterBehaviorKeys.all.map(\.name)
            if case .object(let members) = element.value,
               let typeNode = members.first(where: { $0.key == EmitterBehaviorKeys.type.name })?.value,
               case .string(let typeName) = typeNode.value, let type = EmitterBehaviorType(rawValue: typeName), !type.isMapped {
                allowed += members.map(\.key).filter { !allowed.contains($0) }
            }
            guard let reader = ObjectReader(element, path: elementPath, context: context, what: "an emitter behavior",
                                            allowed: allowed) else { continue }
            guard reader.has(EmitterBehaviorKeys.type) else {
                context.error(at: element.location, path: JSONPath.member(elementPath, EmitterBehaviorKeys.type.name), "an emitter behavior needs a \"\(EmitterBehaviorKeys.type.name)\"",
                              suggestion: "one of \(EmitterBehaviorType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                continue
            }
            guard let type = reader.enumeration(EmitterBehaviorKeys.type, as: EmitterBehaviorType.self) else { continue }
            _ = reader.string(EmitterBehaviorKeys.name)
            guard reader.bool(EmitterBehaviorKeys.enabled) else { continue }
            // A member another type reads is a mistake worth saying.
            let members: [PropertyDescriptor]
            switch type {
            case .drag: members = [EmitterBehaviorKeys.drag]
            case .colorOverLife: members = [EmitterBehaviorKeys.colors, EmitterBehaviorKeys.locations]
            case .valueOverLife: members = [EmitterBehaviorKeys.keyPath, EmitterBehaviorKeys.values, EmitterBehaviorKeys.locations]
            case .alignToMotion: members = [EmitterBehaviorKeys.rotation]
            case .attractor, .simpleAttractor, .wave, .light: members = []
            }
            let common = [EmitterBehaviorKeys.type, EmitterBehaviorKeys.name, EmitterBehaviorKeys.enabled]
            for other in EmitterBehaviorKeys.all where reader.has(other) && !members.contains(other) && !common.contains(other) && !members.isEmpty {
                reader.error(other, "a \(type.rawValue) behavior has no \"\(other.name)\"",
                             suggestion: "a \(type.rawValue) behavior reads \(members.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
            switch type {
            case .drag:
                mapped.linearDamping = (mapped.linearDamping ?? 0) + reader.number(EmitterBehaviorKeys.drag)
            case .colorOverLife:
                guard let colors = lifeValues(reader, EmitterBehaviorKeys.colors, context: context, value: { element, path in
                    ObjectReader.color(from: element, path: path, context: context)
                }), let times = lifeTimes(reader, EmitterBehaviorKeys.locations, count: colors.count, context: context) else { continue }
                mapped.colorOverLife = LifeSequence(values: colors, times: times)
            case .valueOverLife:
                decodeValueOverLife(reader, into: &mapped, context: context)
            case .alignToMotion:
                mapped.alignsToVelocity = true
                let turns = reader.number(EmitterBehaviorKeys.rotation)
                let apart = (0.25 - turns).truncatingRemainder(dividingBy: 1)
                if abs(apart) > 1e-9 && abs(abs(apart) - 1) > 1e-9 {
                    context.warning(at: element.location, path: elementPath,
                                    "alignToMotion turns each particle's y axis (\(format(turns)) turns on) to its direction of travel; fx's alignsToVelocity turns its x axis, so the image is drawn \(format(apart)) turns off Core Animation's",
                                    suggestion: "turn the image by \(format(apart)) turns in the file, or write \"\(EmitterBehaviorKeys.rotation.name)\": 0.25 where the image's x axis should lead")
                }
            case .attractor, .simpleAttractor:
                reader.error(EmitterBehaviorKeys.type,
                             "\(type == .attractor ? "an" : "a") \(type.rawValue) behavior (Core Animation's spring pull toward a point, of undocumented stiffness and falloff) is not one fx has",
                             suggestion: "use the layer's \"\(EmitterLayerKeys.fields.name)\": a field of type \"\(ForceField.Kind.attractor.rawValue)\" pulls particles toward its position")
            case .wave:
                reader.error(EmitterBehaviorKeys.type, "a wave behavior (Core Animation's force that swells and fades at a frequency) is not one fx has",
                             suggestion: "use a cell's \"\(EmitterCellKeys.turbulence.name)\" or \"\(EmitterCellKeys.flutter.name)\" for wavering motion")
            case .light:
                reader.error(EmitterBehaviorKeys.type, "a light behavior (Core Animation's lighting of plane particles) is not one fx has",
                             suggestion: "color the particles with \"\(EmitterCellKeys.colorOverLife.name)\" instead")
            }
        }
        return mapped
    }

    /// `valueOverLife`: `color.alpha` → `alphaOverLife`, `scale` → `scaleOverLife`.
    private static func decodeValueOverLife(_ reader: ObjectReader, into mapped: inout MappedBehaviors, context: DecodingContext) {
        guard let keyPath = reader.string(EmitterBehaviorKeys.keyPath) else {
            if !reader.has(EmitterBehaviorKeys.keyPath) {
                reader.error(EmitterBehaviorKeys.keyPath, "a valueOverLife behavior needs a \"\(EmitterBehaviorKeys.keyPath.name)\"",
                             suggestion: "\"color.alpha\" or \"scale\"")
            }
            return
        }
        guard keyPath == "color.alpha" || keyPath == "scale" else {
            reader.error(EmitterBehaviorKeys.keyPath, "valueOverLife of \"\(keyPath)\" is Core Animation's, but fx has values over life only for color.alpha and scale",
                         suggestion: "for colors use a \"\(EmitterBehaviorType.colorOverLife.rawValue)\" behavior (or the cell's \"\(EmitterCellKeys.colorOverLife.name)\")")
            return
        }
        let isAlpha = keyPath == "color.alpha"
        guard let values = lifeValues(reader, EmitterBehaviorKeys.values, context: context, value: { element, path in
            lifeNumber(element, path: path, isAlpha: isAlpha, context: context)
        }), let times = lifeTimes(reader, EmitterBehaviorKeys.locations, count: values.count, context: context) else { return }
        if isAlpha {
            mapped.alphaOverLife = LifeSequence(values: values, times: times)
        } else {
            mapped.scales = LifeSequence(values: values, times: times)
        }
    }

    /// Applies a cell's own `emitterBehaviors` to it: a key the cell also writes is an error
    /// (which would win is not clear).
    static func applyCellBehaviors(_ reader: ObjectReader, to cell: inout EmitterCell, context: DecodingContext) {
        guard let node = reader.node(EmitterCellKeys.emitterBehaviors) else { return }
        let mapped = decodeEmitterBehaviors(node, path: reader.childPath(EmitterCellKeys.emitterBehaviors), context: context)
        let written: [(PropertyDescriptor, Bool)] = [
            (EmitterCellKeys.linearDamping, mapped.linearDamping != nil), (EmitterCellKeys.colorOverLife, mapped.colorOverLife != nil),
            (EmitterCellKeys.alphaOverLife, mapped.alphaOverLife != nil), (EmitterCellKeys.scaleOverLife, mapped.scales != nil),
            (EmitterCellKeys.alignsToVelocity, mapped.alignsToVelocity),
        ]
        for (key, mapsToIt) in written where mapsToIt && reader.has(key) {
            reader.error(EmitterCellKeys.emitterBehaviors, "a behavior here sets the cell's \"\(key.name)\", which it also writes",
                         suggestion: "keep one of them")
            return
        }
        apply(mapped, to: &cell, context: context, overriding: true)
    }

    /// Applies a layer's `emitterBehaviors` to every cell and sub-cell that does not set the
    /// same fx key itself (its own key or behavior comes first).
    static func applyLayerBehaviors(_ reader: ObjectReader, to cells: inout [EmitterCell], context: DecodingContext) {
        guard let node = reader.node(EmitterLayerKeys.emitterBehaviors) else { return }
        let mapped = decodeEmitterBehaviors(node, path: reader.childPath(EmitterLayerKeys.emitterBehaviors), context: context)
        guard !mapped.isEmpty else { return }
        func visit(_ cells: inout [EmitterCell]) {
            for index in cells.indices {
                apply(mapped, to: &cells[index], context: context, overriding: false)
                visit(&cells[index].emitterCells)
            }
        }
        visit(&cells)
    }

    /// Writes `mapped` into `cell`'s keys (all of them, or only those it leaves unset).
    private static func apply(_ mapped: MappedBehaviors, to cell: inout EmitterCell, context: DecodingContext, overriding: Bool) {
        var extensions = cell.extensions
        if let damping = mapped.linearDamping, overriding || extensions.linearDamping == 0 { extensions.linearDamping = damping }
        if let colors = mapped.colorOverLife, overriding || extensions.colorOverLife == nil { extensions.colorOverLife = colors }
        if let alphas = mapped.alphaOverLife, overriding || extensions.alphaOverLife == nil { extensions.alphaOverLife = alphas }
        if let scales = mapped.scales, overriding || extensions.scaleOverLife == nil {
            // Core Animation's values replace the scale; fx's scale over life multiplies each
            // particle's birth scale, so the values are divided by the cell's mean scale.
            if cell.scale == 0 {
                context.error(at: mapped.location, path: mapped.path,
                              "a valueOverLife of scale sets scales relative to the cell's \"\(EmitterCellKeys.scale.name)\", which is 0 for cell \"\(cell.name ?? "?")\"",
                              suggestion: "give the cell a scale, or use its \"\(EmitterCellKeys.scaleOverLife.name)\" (factors of the birth scale)")
            } else {
                var relative = scales
                relative.values = scales.values.map { $0 / cell.scale }
                extensions.scaleOverLife = relative
            }
        }
        if mapped.alignsToVelocity { extensions.alignsToVelocity = true }
        cell.extensions = extensions
    }
}
