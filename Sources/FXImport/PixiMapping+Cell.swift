import FXCore
import Foundation

/// The cell's keys from pixi's particle behaviors: textures, motion, rotation, scale, color and
/// alpha, with value lists as over-life sequences.
extension PixiMapping {
    // MARK: Value lists

    /// `list` (under the emitter's ease and its own) as an fx life sequence
    /// `{"values", "times", "interpolation"}`. Exact without an ease; under one, a stepped list's
    /// steps are moved to the ages where the eased age crosses them (exact to 1e-6), and a
    /// blended list is sampled at ``easeSamples`` evenly spaced ages (warned).
    mutating func lifeSequence<Value>(_ list: PixiValueList<Value>, type: String, line: Int,
                                      blend: @escaping (Value, Value, Double) -> Value,
                                      encode: (Value) -> ImportedJSON) -> ImportedJSON {
        let eases = [config.ease, list.ease].compactMap { $0 }
        if eases.isEmpty {
            let used = list.effectiveSteps
            var members = [ImportedMember(LifeSequenceKeys.values, .array(used.map { encode($0.value) })),
                           ImportedMember(LifeSequenceKeys.times, .array(used.map { .number(min(max($0.time, 0), 1)) }))]
            if list.stepsInPixi { members.append(ImportedMember(LifeSequenceKeys.interpolation, .name(LifeSequence<Double>.Interpolation.step))) }
            return .object(members)
        }
        let value: (Double) -> Value = { t in list.value(at: eases.reduce(t) { $1($0) }, blend: blend) }
        if list.stepsInPixi {
            // Where the stepped value changes, found on a fine grid and refined by bisection.
            var times: [Double] = [0], values: [Value] = [value(0)]
            let grid = 2048
            for k in 1...grid {
                let t = Double(k) / Double(grid)
                guard value(t) != values.last! else { continue }
                var low = Double(k - 1) / Double(grid), high = t
                while high - low > 1e-7 {
                    let middle = (low + high) / 2
                    if value(middle) == values.last! { low = middle } else { high = middle }
                }
                times.append(high)
                values.append(value(t))
            }
            return .object([ImportedMember(LifeSequenceKeys.values, .array(values.map(encode))), ImportedMember(LifeSequenceKeys.times, .array(times.map { .number($0) })),
                            ImportedMember(LifeSequenceKeys.interpolation, .name(LifeSequence<Double>.Interpolation.step))])
        }
        let count = Self.easeSamples
        warn(type, line: line, "approximated: the list under its ease (\(config.ease != nil ? "the emitter's ease" : "the list's ease")) is sampled at \(count) evenly spaced ages and blended linearly between them")
        let samples = (0..<count).map { value(Double($0) / Double(count - 1)) }
        return .object([ImportedMember(LifeSequenceKeys.values, .array(samples.map(encode)))])
    }

    /// A number list's values divided by `divisor` (factors of a birth value).
    mutating func numberSequence(_ list: PixiValueList<Double>, type: String, line: Int, dividedBy divisor: Double) -> ImportedJSON {
        var scaled = list
        for index in scaled.steps.indices { scaled.steps[index].value /= divisor }
        return lifeSequence(scaled, type: type, line: line, blend: { $0 + ($1 - $0) * $2 }, encode: { .number($0) })
    }

    /// A per-particle factor in minimum…1 on a list: a birth value of the first entry × the
    /// factor (fx's value ± range/2) and the list as factors of it — exact, since pixi
    /// multiplies the whole list by the particle's factor. A list starting at 0 keeps the
    /// factor as the birth value and the list as its own values.
    mutating func multipliedList(_ list: PixiValueList<Double>, minimum: Double, type: String, line: Int,
                                 keys: (value: PropertyDescriptor, range: PropertyDescriptor, overLife: PropertyDescriptor), into cell: inout [ImportedMember]) {
        let low = min(max(minimum, 0), 1)
        let base = list.first != 0 ? list.first : 1
        cell.append(ImportedMember(keys.value, .number(base * (1 + low) / 2)))
        if low < 1 { cell.append(ImportedMember(keys.range, .number(abs(base) * (1 - low)))) }
        cell.append(ImportedMember(keys.overLife, numberSequence(list, type: type, line: line, dividedBy: base)))
    }

    // MARK: Motion

    mutating func motion(_ entry: PixiBehaviorEntry?, cell: inout [ImportedMember]) {
        guard let entry else { return }
        switch entry.behavior {
        case .moveSpeedStatic(let low, let high):
            cell.append(ImportedMember(EmitterCellKeys.velocity, .number((low + high) / 2)))
            if high != low { cell.append(ImportedMember(EmitterCellKeys.velocityRange, .number(abs(high - low)))) }
        case .moveSpeed(let list, let minimum), .movePath(let list, let minimum):
            if case .movePath = entry.behavior {
                warn(entry.type, line: entry.line, "approximated: fx has no motion along a path function; particles go straight along their emission angle at the path's speed")
            }
            if list.isConstant {
                let low = list.first * min(max(minimum, 0), 1)
                cell.append(ImportedMember(EmitterCellKeys.velocity, .number((low + list.first) / 2)))
                if low != list.first { cell.append(ImportedMember(EmitterCellKeys.velocityRange, .number(abs(list.first - low)))) }
            } else {
                multipliedList(list, minimum: minimum, type: entry.type, line: list.line,
                               keys: (EmitterCellKeys.velocity, EmitterCellKeys.velocityRange, EmitterCellKeys.velocityOverLife), into: &cell)
            }
        case .moveAcceleration(let x, let y, let minStart, let maxStart, _, let maxSpeed):
            cell.append(ImportedMember(EmitterCellKeys.velocity, .number((minStart + maxStart) / 2)))
            if maxStart != minStart { cell.append(ImportedMember(EmitterCellKeys.velocityRange, .number(abs(maxStart - minStart)))) }
            if x != 0 { cell.append(ImportedMember(EmitterCellKeys.xAcceleration, .number(x))) }
            if y != 0 { cell.append(ImportedMember(EmitterCellKeys.yAcceleration, .number(y))) }
            if maxSpeed > 0 { cell.append(ImportedMember(EmitterCellKeys.maxSpeed, .number(maxSpeed))) }
        default: break
        }
    }

    // MARK: Rotation

    /// The sprite's turn: pixi draws each sprite at the angle it was sent off at and spins it,
    /// unless `noRotation` sets it or `moveAcceleration`'s `rotate` turns it to its velocity.
    mutating func spriteRotation(_ slots: Slots, cell: inout [ImportedMember]) {
        if case .moveAcceleration(_, _, _, _, true, _) = slots.move?.behavior {
            cell.append(ImportedMember(EmitterCellKeys.alignsToVelocity, .bool(true)))
            return
        }
        if case .noRotation(let degrees) = slots.noRotation?.behavior {
            if degrees != 0 { cell.append(ImportedMember(EmitterCellKeys.rotation, .string(Self.degrees(degrees)))) }
        } else if emissionTurnsSprite {
            cell.append(ImportedMember(EmitterCellKeys.rotatesToEmissionAngle, .bool(true)))
        }
        if case .rotation(_, _, let minSpeed, let maxSpeed, let acceleration) = slots.rotation?.behavior {
            if minSpeed != 0 || maxSpeed != 0 { cell.append(ImportedMember(EmitterCellKeys.spin, .string(Self.degrees((minSpeed + maxSpeed) / 2)))) }
            if maxSpeed != minSpeed { cell.append(ImportedMember(EmitterCellKeys.spinRange, .string(Self.degrees(abs(maxSpeed - minSpeed))))) }
            if acceleration != 0 { cell.append(ImportedMember(EmitterCellKeys.spinAcceleration, .string(Self.degrees(acceleration)))) }
        }
    }

    // MARK: Scale, color, alpha

    mutating func scale(_ entry: PixiBehaviorEntry?, cell: inout [ImportedMember]) {
        guard let entry else { return }
        switch entry.behavior {
        case .scaleStatic(let low, let high):
            cell.append(ImportedMember(EmitterCellKeys.scale, .number((low + high) / 2)))
            if high != low { cell.append(ImportedMember(EmitterCellKeys.scaleRange, .number(abs(high - low)))) }
        case .scale(let list, let minimum):
            if list.isConstant {
                let low = list.first * min(max(minimum, 0), 1)
                cell.append(ImportedMember(EmitterCellKeys.scale, .number((low + list.first) / 2)))
                if low != list.first { cell.append(ImportedMember(EmitterCellKeys.scaleRange, .number(abs(list.first - low)))) }
            } else {
                multipliedList(list, minimum: minimum, type: entry.type, line: list.line,
                               keys: (EmitterCellKeys.scale, EmitterCellKeys.scaleRange, EmitterCellKeys.scaleOverLife), into: &cell)
            }
        default: break
        }
    }

    mutating func colorAndAlpha(color: PixiBehaviorEntry?, alpha: PixiBehaviorEntry?, cell: inout [ImportedMember]) {
        var base = PixiColor.white
        var colorList: PixiValueList<PixiColor>?
        switch color?.behavior {
        case .colorStatic(let value): base = value
        case .color(let list): if list.isConstant { base = list.first } else { colorList = list }
        default: break
        }
        var baseAlpha = 1.0
        var alphaList: PixiValueList<Double>?
        switch alpha?.behavior {
        case .alphaStatic(let value): baseAlpha = value
        case .alpha(let list): if list.isConstant { baseAlpha = list.first } else { alphaList = list }
        default: break
        }
        func encode(_ color: PixiColor, _ alpha: Double) -> ImportedJSON {
            .array([color.red, color.green, color.blue, min(max(alpha, 0), 1)].map { .number($0) })
        }
        if let colorList, let entry = color {
            cell.append(ImportedMember(EmitterCellKeys.colorOverLife, lifeSequence(colorList, type: entry.type, line: colorList.line, blend: PixiColor.mix, encode: { encode($0, 1) })))
        } else if base != .white || (baseAlpha != 1 && alphaList == nil) {
            cell.append(ImportedMember(EmitterCellKeys.color, encode(base, alphaList == nil ? baseAlpha : 1)))
        }
        if let alphaList, let entry = alpha {
            cell.append(ImportedMember(EmitterCellKeys.alphaOverLife, lifeSequence(alphaList, type: entry.type, line: alphaList.line, blend: { $0 + ($1 - $0) * $2 }, encode: { .number(min(max($0, 0), 1)) })))
        } else if colorList != nil && baseAlpha != 1 {
            // colorOverLife sets alpha too; a constant alpha rides on an alpha sequence of one value.
            cell.append(ImportedMember(EmitterCellKeys.alphaOverLife, .object([ImportedMember(LifeSequenceKeys.values, .array([.number(min(max(baseAlpha, 0), 1))]))])))
        }
    }

    // MARK: Textures

    /// The cell's `contents` (or `contentsChoices` and `paletteOrder`), resolving each name to
    /// an image beside the source (copied beside the effect) or a built-in shape (warned). A
    /// built-in standing for one of pixi's editor images (``PixiEditorImage``) is drawn at that
    /// image's width through `contentsScale`, so that scale 1 is as big as in pixi.
    mutating func texture(_ entry: PixiBehaviorEntry?, cell: inout [ImportedMember], textures: inout [ImportedMember]) {
        guard let entry else {
            if config.isLegacy {
                legacyTexture(cell: &cell)
            } else {
                warn("behaviors", line: config.line("behaviors"), "no texture behavior: pixi would draw empty sprites; fx draws the built-in \"disc\" (64 px)")
                cell.append(ImportedMember(EmitterCellKeys.contents, .name(BuiltinTexture.disc)))
            }
            return
        }
        var names: [String] = []
        var ordered = false
        switch entry.behavior {
        case .textureSingle(let name): names = [name]
        case .textureRandom(let list): names = list
        case .textureOrdered(let list): names = list; ordered = true
        case .animated(let type, let frames):
            names = frames
            warn(type, line: entry.line, "approximated: fx plays no frame animation made of separate images (its spriteFrames read one grid image); each particle shows its animation's first frame")
        default: break
        }
        var resolved: [String] = []
        var missing: [(String, String)] = []
        for name in names {
            let (fxName, found) = resolve(name, textures: &textures)
            resolved.append(fxName)
            if !found { missing.append((name, fxName)) }
        }
        // Missing images that are all pixi's editor images of one width keep that width.
        let editorImages = missing.count == names.count ? names.compactMap(PixiEditorImage.named) : []
        let scales = Set(editorImages.map(\.contentsScale))
        let scale = editorImages.count == names.count && scales.count == 1 ? scales.first : nil
        if !missing.isEmpty {
            let list = missing.map { "\($0.0) → \"\($0.1)\"" }.joined(separator: ", ")
            let size = scale.map { _ in "drawn as wide as pixi's editor image of that name, \(ImportedJSON.text(of: editorImages[0].width)) px" } ?? "64 px wide, so sizes are scale × 64 points"
            warn(entry.type, line: entry.line, "no image of that name beside the source, drawn with a built-in shape instead (\(size)): \(list)")
        }
        appendContents(resolved, ordered: ordered, to: &cell)
        if let scale { cell.append(ImportedMember(EmitterCellKeys.contentsScale, .number(scale))) }
    }

    /// `contents` when every particle shows the same texture, else `contentsChoices` (and
    /// `paletteOrder` sequential when pixi shows them in order).
    func appendContents(_ resolved: [String], ordered: Bool, to cell: inout [ImportedMember]) {
        if resolved.count == 1 || Set(resolved).count == 1 && !ordered {
            cell.append(ImportedMember(EmitterCellKeys.contents, .string(resolved[0])))
        } else {
            cell.append(ImportedMember(EmitterCellKeys.contentsChoices, .array(resolved.map { .string($0) })))
            if ordered { cell.append(ImportedMember(EmitterCellKeys.paletteOrder, .name(PaletteOrder.sequential))) }
        }
    }

    /// A legacy config names no images: it is what pixi's editor downloads, tuned with the
    /// images of the preset it was made from (the file's name says which: `sparks.json`) or
    /// with the editor's default `particle.png`. Those images become their built-in look-alikes
    /// at the images' width (a soft 44 px dot, not fx's 64 px disc; a 17 px streak for sparks).
    mutating func legacyTexture(cell: inout [ImportedMember]) {
        let (images, why) = PixiEditorImage.images(forFile: source.baseName)
        let first = images[0]
        let shown = images.map { "\($0.name).png → \"\($0.builtin.rawValue)\"" }.joined(separator: ", ")
        let origin = why + " " + shown
        let widths = Set(images.map(\.width)).count == 1 ? "\(ImportedJSON.text(of: first.width)) px wide" : "\(ImportedJSON.text(of: first.width)) px wide, the size of \(first.name).png, for all of them"
        warn("art", line: 1, "a legacy config names no images (they are given to the Emitter in code); \(origin), drawn \(widths) (contentsScale \(ImportedJSON.text(of: first.contentsScale))). Put the real images beside the source and name them in a v5 texture behavior for their exact look")
        appendContents(images.map(\.builtin.rawValue), ordered: false, to: &cell)
        cell.append(ImportedMember(EmitterCellKeys.contentsScale, .number(first.contentsScale)))
    }

    /// The fx texture name for pixi texture `name`: an image file of that name beside the source
    /// (PNG, JPEG or GIF, copied beside the effect and declared), else a built-in shape guessed
    /// from the name. Returns the name and whether the file was found.
    mutating func resolve(_ name: String, textures: inout [ImportedMember]) -> (String, Bool) {
        let url = source.folder.appendingPathComponent(name)
        if let data = ImportSource.sibling(url), Self.isImage(data) {
            var key = url.deletingPathExtension().lastPathComponent
            if BuiltinTexture(rawValue: key) != nil { key += "-image" }
            if !textures.contains(where: { $0.key == key }) {
                let written = self.name + "-" + url.lastPathComponent
                files.append(ImportedFile(relativePath: written, contents: data))
                textures.append(ImportedMember(entry: key, .string(written)))
            }
            return (key, true)
        }
        return (PixiEditorImage.named(name)?.builtin.rawValue ?? Self.builtinShape(for: name), false)
    }

    /// Whether `data` starts like a PNG, a JPEG or a GIF.
    static func isImage(_ data: Data) -> Bool {
        data.starts(with: [0x89, 0x50, 0x4E, 0x47]) || data.starts(with: [0xFF, 0xD8, 0xFF]) || data.starts(with: Array("GIF8".utf8))
    }

    /// The built-in shape that looks most like an image called `name` (pixi's own examples name
    /// their images after what they show: "Sparks.png", "Snow100.png", "Bubbles99.png").
    static func builtinShape(for name: String) -> String {
        let lower = name.lowercased()
        let rules: [([String], String)] = [
            (["spark", "rain", "streak", "line"], "spark"),
            (["snow", "flake"], "snowflake"),
            (["star"], "star"),
            (["heart"], "heart"),
            (["bubble", "ring"], "ring"),
            (["triangle"], "triangle"),
            (["confetti", "paper", "rect"], "rect"),
            (["square", "pixel", "block"], "square"),
            (["circle", "dot"], "circle"),
        ]
        for (words, shape) in rules where words.contains(where: { lower.contains($0) }) { return shape }
        return "disc"
    }
}
