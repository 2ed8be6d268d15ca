import FXCore
import Foundation

extension ImportedJSON {
    /// The value of `key` when this is an object that has it.
    public subscript(member key: String) -> ImportedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value of the format's `key` when this is an object that has it.
    public subscript(member key: PropertyDescriptor) -> ImportedJSON? {
        self[member: key.name]
    }

    /// This object with `key` set to `value` (replaced in place, or appended).
    func setting(_ key: PropertyDescriptor, _ value: ImportedJSON) -> ImportedJSON {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key.name }) {
            members[index].value = value
        } else {
            members.append(ImportedMember(key, value))
        }
        return .object(members)
    }

    /// An enumeration's case as the file writes it (`Layer.LayerType.emitter` → `"emitter"`).
    public static func name<Name: RawRepresentable>(_ value: Name) -> ImportedJSON where Name.RawValue == String {
        .string(value.rawValue)
    }

    var number: Double? { if case .number(let value) = self { return value }; return nil }
    var text: String? { if case .string(let value) = self { return value }; return nil }
    var items: [ImportedJSON] { if case .array(let values) = self { return values }; return [] }
    var members: [ImportedMember] { if case .object(let values) = self { return values }; return [] }
}

extension ImportResult {
    /// Several imported effects played together as one, for several source files read as one
    /// effect (a fire and its smoke): the first effect's header with every effect's layers in
    /// order, their textures, the longest duration, the largest canvas, and the sum of the
    /// particle budgets (each layer keeps its own). Layer and texture names must already differ.
    public static func merging(_ results: [ImportResult], name: String) -> ImportResult {
        guard var effect = results.first?.effect, results.count > 1 else {
            return results.first ?? ImportResult(effect: .object([]), warnings: [], files: [])
        }
        let effects = results.map(\.effect)
        let duration = effects.compactMap { $0[member: EffectKeys.duration]?.number }.max() ?? Effect.defaultDuration
        let budget = effects.compactMap { $0[member: EffectKeys.maxParticles]?.number }.reduce(0, +)
        var width = 0.0, height = 0.0
        for size in effects.compactMap({ $0[member: EffectKeys.canvas]?[member: CanvasKeys.size]?.items }) where size.count == 2 {
            width = max(width, size[0].number ?? 0)
            height = max(height, size[1].number ?? 0)
        }
        effect = effect.setting(EffectKeys.name, .string(name))
        effect = effect.setting(EffectKeys.description, .string(effects.compactMap { $0[member: EffectKeys.description]?.text }.joined(separator: "; ")))
        if width > 0, let canvas = effect[member: EffectKeys.canvas] {
            effect = effect.setting(EffectKeys.canvas, canvas.setting(CanvasKeys.size, .array([.number(width), .number(height)])))
        }
        effect = effect.setting(EffectKeys.duration, .number(duration))
        if budget > 0 { effect = effect.setting(EffectKeys.maxParticles, .number(budget)) }
        // The same image declared by two files under the same name is declared once.
        var textures: [ImportedMember] = []
        for texture in effects.flatMap({ $0[member: EffectKeys.textures]?.members ?? [] }) where !textures.contains(where: { $0.key == texture.key }) {
            textures.append(texture)
        }
        if !textures.isEmpty {
            effect = .object(effect.members.filter { $0.key != EffectKeys.textures.name && $0.key != EffectKeys.layers.name }
                + [ImportedMember(EffectKeys.textures, .object(textures))])
        }
        effect = effect.setting(EffectKeys.layers, .array(effects.flatMap { $0[member: EffectKeys.layers]?.items ?? [] }))
        return ImportResult(effect: effect, warnings: results.flatMap(\.warnings), files: results.flatMap(\.files))
    }

    /// This effect with its layers named after `prefix`: a single layer is called `prefix`,
    /// several `prefix-NAME`, so that the layers of several files read as one effect differ.
    public func renamingLayers(after prefix: String) -> ImportResult {
        let layers = effect[member: EffectKeys.layers]?.items ?? []
        let renamed: [ImportedJSON] = layers.map { layer in
            let old = layer[member: LayerKeys.name]?.text ?? "layer"
            return layer.setting(LayerKeys.name, .string(layers.count == 1 ? prefix : prefix + "-" + old))
        }
        var result = self
        result.effect = effect.setting(EffectKeys.layers, .array(renamed))
        return result
    }

    /// Reads each of `sources` on its own with `importOne` and plays them together as one
    /// effect (``merging(_:name:)``), each file's layers named after it; a single source is
    /// imported as it is.
    /// `importOne` gets the source and, when several are read, the name its layers take (nil
    /// for a single source), so that an importer can name what it writes beside the effect
    /// after it too.
    static func importing(_ sources: [ImportSource], name: String,
                          _ importOne: (ImportSource, _ layerName: String?) throws -> ImportResult) throws -> ImportResult {
        guard sources.count > 1 else {
            guard let source = sources.first else { return ImportResult(effect: .object([]), warnings: [], files: []) }
            return try importOne(source, nil)
        }
        var seen: [String: Int] = [:]
        let results = try sources.map { source -> ImportResult in
            var prefix = source.layerName
            seen[prefix, default: 0] += 1
            if let count = seen[prefix], count > 1 { prefix += "-\(count)" }
            return try importOne(source, prefix).renamingLayers(after: prefix)
        }
        return merging(results, name: name)
    }
}
