import FXCore
import Foundation

/// Makes random valid effect files from the keys the decoder accepts — read from the JSON Schema,
/// which fx generates from the decoder's own key tables — so that a new cell or emitter key is
/// generated as soon as it exists. Every draw comes from one seeded generator: case N of seed S
/// is the same effect on every machine.
struct RandomEffectGenerator {
    /// SplitMix64: small, fast, and the same sequence everywhere.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    var random: SplitMix
    /// Cell keys and their schema shapes (`$ref` names, `enum` lists or inline objects).
    let cellKeys: [(key: String, shape: [String: Any])]
    /// Emitter-layer keys the generator sets, with their shapes.
    let emitterKeys: [(key: String, shape: [String: Any])]
    private var names = 0

    /// Layer keys left out: they place or hide the layer, or hold other layers and animations,
    /// which the checks of the property test do not model (the drawn order and opacity of a
    /// particle stay those of its emitter).
    static let excludedLayerKeys: Set = ["$schema", "type", "name", "animations", "mask", "sublayers", "sublayerTransform",
                                         "transform", "backgroundColor", "borderColor", "borderWidth", "cornerRadius", "bounds",
                                         "anchorPoint", "hidden", "masksToBounds", "opacity", "zPosition", "emitterCells",
                                         EmitterLayerKeys.emitterBehaviors.name]
    /// Core Animation's names for fx's features (`contentsFrameCount` for `spriteFrames`'
    /// count, `emitterBehaviors` for `linearDamping` and the curves over life): left out, as
    /// the generator writes the fx keys themselves, and both in one cell is an error.
    static let coreAnimationNames = Set([EmitterCellKeys.contentsFrameCount, EmitterCellKeys.contentsFramesPerRow,
                                          EmitterCellKeys.contentsFramesPerSecond, EmitterCellKeys.contentsFrameMode,
                                          EmitterCellKeys.particleType, EmitterCellKeys.emitterBehaviors].map(\.name))

    init(seed: UInt64) throws {
        random = SplitMix(state: seed)
        guard let schema = try JSONSerialization.jsonObject(with: Data(EffectSchema.json().utf8)) as? [String: Any],
              let definitions = schema["$defs"] as? [String: Any],
              let cell = definitions["cell"] as? [String: Any], let cellProperties = cell["properties"] as? [String: [String: Any]],
              let layer = definitions["layer"] as? [String: Any], let layerProperties = layer["properties"] as? [String: [String: Any]],
              let byType = layer["allOf"] as? [[String: Any]] else {
            throw GeneratorError("the schema's $defs are not as expected")
        }
        cellKeys = cellProperties.keys.filter { $0 != "$schema" && $0 != "emitterCells" && $0 != "name" && !Self.coreAnimationNames.contains($0) }
            .sorted().map { ($0, cellProperties[$0]!) }
        // The emitter type's allowed names, from its `if type == emitter then propertyNames` branch.
        var emitterNames: [String] = []
        for branch in byType {
            guard let condition = branch["if"] as? [String: Any], let properties = condition["properties"] as? [String: Any],
                  let type = properties["type"] as? [String: Any], type["const"] as? String == "emitter",
                  let then = branch["then"] as? [String: Any], let names = then["propertyNames"] as? [String: Any],
                  let anyOf = names["anyOf"] as? [[String: Any]], let allowed = anyOf.first?["enum"] as? [String] else { continue }
            emitterNames = allowed
        }
        guard !emitterNames.isEmpty else { throw GeneratorError("no emitter branch in the schema") }
        emitterKeys = emitterNames.filter { !Self.excludedLayerKeys.contains($0) }.sorted().compactMap { key in
            layerProperties[key].map { (key, $0) }
        }
    }

    struct GeneratorError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - Values

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func number(_ range: ClosedRange<Double>) -> Double {
        // Round to 4 decimals: the file stays readable, and the value is exactly what is written.
        (Double.random(in: range, using: &random) * 10_000).rounded() / 10_000
    }
    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    /// Magnitudes that keep a case small enough to check quickly: a number key's typical range,
    /// by key, for top-level cells and sub-cells. A schema minimum (0 for non-negative keys) is
    /// also drawn now and then, exactly.
    func range(for key: String, subcell: Bool, layer: Bool) -> ClosedRange<Double> {
        if layer {
            switch key {
            case "birthRate", "lifetime", "velocity", "scale", "spin": return 0...2
            case "emitterPosition": return 0...400
            case "emitterSize": return 0...300
            case "emitterDepth", "emitterZPosition": return 0...100
            case "seed": return 0...1000
            case "beginTime": return -1...1
            case "speed": return -0.5...2
            case "timeOffset": return -1...2
            case "duration", "repeatDuration": return 0...3
            default: return 0...300
            }
        }
        switch key {
        case "birthRate": return subcell ? 0...25 : 0...120
        case "lifetime": return 0...3
        case "lifetimeRange": return 0...2
        case "velocity": return -150...250
        case "velocityRange": return 0...100
        case "xAcceleration", "yAcceleration", "zAcceleration", "radialAcceleration", "tangentialAcceleration": return -150...150
        case "scale": return -0.2...1.5
        case "scaleRange": return 0...0.5
        case "scaleSpeed": return -0.6...0.6
        case "redRange", "greenRange", "blueRange", "alphaRange": return 0...0.6
        case "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed": return -1...1
        case "contentsScale": return 0.05...3
        case "linearDamping": return 0...3
        case "burstCount": return 0...60
        case "beginTime": return subcell ? 0...1 : -0.5...1.5
        case "duration", "repeatDuration": return 0...2
        case "speed": return 0...2
        case "timeOffset": return -1...1
        default: return -10...10
        }
    }

    /// A JSON value for `key` of `shape`, as the schema describes it.
    mutating func value(for key: String, shape: [String: Any], subcell: Bool, layer: Bool) -> Any? {
        if let values = shape["enum"] as? [String] { return pick(values) }
        if let properties = shape["properties"] as? [String: Any] {
            if properties["values"] != nil { return sequence(colors: key == "colorOverLife", alpha: key == "alphaOverLife") }
            if properties["columns"] != nil {
                let columns = Int.random(in: 1...4, using: &random), rows = Int.random(in: 1...4, using: &random)
                var frames: [String: Any] = ["columns": columns, "rows": rows, "count": Int.random(in: 1...(columns * rows), using: &random)]
                if chance(0.5) { frames["framesPerSecond"] = number(1...30) }
                if chance(0.5) { frames["loops"] = chance(0.5) }
                return frames
            }
            return nil
        }
        let reference = (shape["$ref"] as? String).map { String($0.split(separator: "/").last ?? "") } ?? ""
        let span = range(for: key, subcell: subcell, layer: layer)
        switch reference {
        case "boolean": return chance(0.5)
        case "unit": return number(0...1)
        case "count": return Int.random(in: Int(max(0, span.lowerBound))...Int(max(0, span.upperBound)), using: &random)
        case "positive": return chance(0.08) ? 0.0001 : number(0.0001...max(0.0001, span.upperBound))
        case "nonNegative":
            if chance(0.08) { return 0 }
            return key == "seed" ? Double(Int.random(in: 0...1000, using: &random)) : number(max(0, span.lowerBound)...span.upperBound)
        case "number": return number(span)
        case "angle":
            let radians = number(["emissionRange", "spinRange", "rotationRange", "endRotationRange"].contains(key) ? 0...(2 * .pi) : -.pi ... .pi)
            return chance(0.3) ? "\(Int((radians * 180 / .pi).rounded()))deg" : radians
        case "color":
            if chance(0.3) { return pick(["#ff8800", "#00ccff", "white", "#7f3fbf80", "red"]) }
            return (0..<4).map { _ in number(0...1) }
        case "point": return [number(0...400), number(0...300)]
        case "size": return [number(0...300), number(0...300)]
        case "offset": return [number(-20...20), number(-20...20)]
        case "rect":
            let x = number(0...0.5), y = number(0...0.5)
            return [x, y, number(0.05...(1 - x)), number(0.05...(1 - y))]
        case "repeatCount": return chance(0.2) ? "infinity" : number(0...3)
        case "string":
            return key == "contents" ? pick(BuiltinTexture.allCases.map(\.rawValue)) : nil
        default: return nil
        }
    }

    /// A value over life: 1…4 keys, with or without times, linear or stepped.
    mutating func sequence(colors: Bool, alpha: Bool) -> [String: Any] {
        let count = Int.random(in: 1...4, using: &random)
        let values: [Any] = (0..<count).map { _ in
            colors ? (0..<4).map { _ in number(0...1) } as Any : (alpha ? number(0...1) : number(0...3)) as Any
        }
        var sequence: [String: Any] = ["values": values]
        if count > 1 && chance(0.5) {
            sequence["times"] = (0..<count).map { index in index == 0 ? 0 : number(0...1) }.sorted()
        }
        if chance(0.3) { sequence["interpolation"] = "step" }
        return sequence
    }

    mutating func uniqueName(_ prefix: String) -> String {
        names += 1
        return "\(prefix)\(names)"
    }

    // MARK: - Effects

    mutating func cell(depth: Int) -> [String: Any] {
        var cell: [String: Any] = ["name": uniqueName("c")]
        for (key, shape) in cellKeys where chance(0.45) {
            if let value = value(for: key, shape: shape, subcell: depth > 0, layer: false) { cell[key] = value }
        }
        // Births and deaths to emit on are a parent particle's: a cell emitting from the layer
        // emits over its life (the decoder refuses the others there).
        if depth == 0 { cell["emitOn"] = nil }
        // Most cells draw something and live a while, so the checks have particles to look at.
        if cell["contents"] == nil && chance(0.8) { cell["contents"] = pick(BuiltinTexture.allCases.map(\.rawValue)) }
        if cell["birthRate"] == nil { cell["birthRate"] = number(depth > 0 ? 1...25 : 5...80) }
        if cell["lifetime"] == nil { cell["lifetime"] = number(0.3...3) }
        if depth < 2 && chance(depth == 0 ? 0.35 : 0.15) {
            cell["emitterCells"] = (0..<Int.random(in: 1...2, using: &random)).map { _ in self.cell(depth: depth + 1) }
        }
        return cell
    }

    mutating func emitterLayer() -> [String: Any] {
        var layer: [String: Any] = ["type": "emitter", "name": uniqueName("e"), "emitterPosition": [number(50...350), number(50...250)]]
        for (key, shape) in emitterKeys where chance(0.35) {
            if let value = value(for: key, shape: shape, subcell: false, layer: true) { layer[key] = value }
        }
        let cells = (0..<Int.random(in: 1...3, using: &random)).map { _ in cell(depth: 0) }
        layer["emitterCells"] = cells
        if chance(0.3) { layer["animations"] = (0..<Int.random(in: 1...2, using: &random)).map { _ in animation(cells: cells) } }
        return layer
    }

    /// An animation of what the checks do not read from the model: a cell's or the layer's
    /// `birthRate` (how many are born, not what they are), or `emitterPosition`.
    mutating func animation(cells: [[String: Any]]) -> [String: Any] {
        var paths = ["birthRate", "emitterPosition"]
        for cell in cells {
            guard let name = cell["name"] as? String else { continue }
            paths.append("emitterCells.\(name).birthRate")
            for sub in cell["emitterCells"] as? [[String: Any]] ?? [] {
                if let subName = sub["name"] as? String { paths.append("emitterCells.\(name).emitterCells.\(subName).birthRate") }
            }
        }
        let keyPath = pick(paths)
        func value() -> Any {
            if keyPath == "emitterPosition" { return [number(0...400), number(0...300)] }
            return keyPath == "birthRate" ? number(0...2) : number(0...(keyPath.contains(".emitterCells.") ? 25 : 100))
        }
        var animation: [String: Any] = ["keyPath": keyPath, "duration": number(0.05...2)]
        if chance(0.5) {
            animation["type"] = "basic"
            animation["fromValue"] = value()
            animation["toValue"] = value()
        } else {
            animation["type"] = "keyframe"
            let count = Int.random(in: 2...4, using: &random)
            animation["values"] = (0..<count).map { _ in value() }
            if chance(0.5) { animation["keyTimes"] = (0..<count).map { index in index == 0 ? 0 : index == count - 1 ? 1 : number(0...1) }.sorted() }
            animation["calculationMode"] = pick(["linear", "discrete", "paced", "cubic"])
        }
        if chance(0.5) { animation["repeatCount"] = chance(0.3) ? "infinity" as Any : number(0...3) as Any }
        if chance(0.3) { animation["autoreverses"] = true }
        if chance(0.4) { animation["beginTime"] = number(0...1.5) }
        if chance(0.4) { animation["timingFunction"] = pick(["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]) }
        if chance(0.3) { animation["fillMode"] = pick(["removed", "forwards", "backwards", "both"]) }
        return animation
    }

    /// A whole effect: one or two emitter layers, sometimes a small particle budget.
    mutating func effect() -> [String: Any] {
        var effect: [String: Any] = ["fx": 1, "canvas": ["size": [400, 300]]]
        if chance(0.3) { effect["maxParticles"] = Int.random(in: 10...1500, using: &random) }
        effect["layers"] = (0..<Int.random(in: 1...2, using: &random)).map { _ in emitterLayer() }
        return effect
    }

    static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
