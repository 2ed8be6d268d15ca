extension Layer {
    /// The layer reached from this one by `steps`; nil when a step names a mask or sublayer
    /// the layer does not have.
    public func descendant(_ steps: [LayerStep]) -> Layer? {
        var layer = self
        for step in steps {
            switch step {
            case .mask:
                guard let mask = layer.mask else { return nil }
                layer = mask
            case .sublayer(let index):
                guard layer.sublayers.indices.contains(index) else { return nil }
                layer = layer.sublayers[index]
            }
        }
        return layer
    }

    /// Changes the layer reached by `steps` in place (nothing when it is not there).
    mutating func updateDescendant(_ steps: ArraySlice<LayerStep>, _ change: (inout Layer) -> Void) {
        guard let step = steps.first else { return change(&self) }
        switch step {
        case .mask:
            guard var mask = mask else { return }
            mask.updateDescendant(steps.dropFirst(), change)
            self.mask = mask
        case .sublayer(let index):
            guard sublayers.indices.contains(index) else { return }
            sublayers[index].updateDescendant(steps.dropFirst(), change)
        }
    }

    /// Follows the layer steps at the start of `path` — `mask`, `sublayers.NAME` (a sublayer's
    /// `name`) or `sublayers[INDEX]` (its position in the file's list, from 0), chained in any
    /// order — from this layer. The one walk every key path's layer part goes through: the
    /// effect's (``Effect/layerReference(_:)``) and an animation's (``AnimatableKeyPath``).
    /// - Returns: the steps, the layer reached, and the rest of the path: the property there,
    ///   empty when the path names the layer itself.
    /// - Throws: ``KeyPathLookupError`` (its message without the key path) for a mask the layer
    ///   lacks, a sublayer name it does not have (with the nearest), a name several sublayers
    ///   share, or an index out of range.
    public func descend(_ path: String) throws -> (steps: [LayerStep], layer: Layer, rest: String) {
        var steps: [LayerStep] = []
        var layer = self
        var rest = Substring(path)
        while true {
            let mask = LayerKeys.mask.name, sublayers = LayerKeys.sublayers.name
            if rest == mask || rest.hasPrefix(mask + ".") {
                guard let maskLayer = layer.mask else {
                    throw KeyPathLookupError(description: "layer \"\(layer.identifier)\" has no mask (\(layer.childrenSummary))")
                }
                steps.append(.mask)
                layer = maskLayer
                rest = rest.dropFirst(min(rest.count, mask.count + 1))
            } else if rest == sublayers || rest.hasPrefix(sublayers + ".") || rest.hasPrefix(sublayers + "[") {
                let (index, remainder) = try layer.sublayerIndex(in: rest.dropFirst(sublayers.count))
                steps.append(.sublayer(index))
                layer = layer.sublayers[index]
                rest = remainder
            } else {
                return (steps, layer, String(rest))
            }
        }
    }

    /// The sublayer `text` names — `.NAME` or `[INDEX]`, what follows `sublayers` — and what
    /// comes after it (without its leading dot).
    private func sublayerIndex(in text: Substring) throws -> (Int, Substring) {
        // What follows the sublayer's name or index: nothing (the path names the layer) or
        // a dot and more.
        func after(_ end: Substring.Index) throws -> Substring {
            let tail = text[end...]
            guard tail.isEmpty || tail.hasPrefix(".") else {
                throw KeyPathLookupError(description: "a dot goes after \"sublayers\(text[..<end])\", as in sublayers\(text[..<end]).opacity")
            }
            return tail.dropFirst(tail.isEmpty ? 0 : 1)
        }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), let index = Int(text[text.index(after: text.startIndex)..<close]) else {
                throw KeyPathLookupError(description: "\"sublayers[\" takes a sublayer's index, as in sublayers[0]")
            }
            guard sublayers.indices.contains(index) else {
                let has = sublayers.isEmpty ? "no sublayers"
                    : sublayers.count == 1 ? "1 sublayer, sublayers[0]" : "\(sublayers.count) sublayers, sublayers[0]…[\(sublayers.count - 1)]"
                throw KeyPathLookupError(description: "layer \"\(identifier)\" has \(has); there is no sublayers[\(index)]")
            }
            return (index, try after(text.index(after: close)))
        }
        let name = text.dropFirst().prefix { $0 != "." }
        guard text.hasPrefix("."), !name.isEmpty else {
            throw KeyPathLookupError(description: "\"sublayers\" is followed by a sublayer's name or index (sublayers.NAME or sublayers[0]), on layer \"\(identifier)\" (\(childrenSummary))")
        }
        let matches = sublayers.indices.filter { sublayers[$0].name == String(name) }
        guard let index = matches.first else {
            let names = sublayers.compactMap(\.name)
            let hint = closestMatch(to: String(name), in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw KeyPathLookupError(description: "layer \"\(identifier)\" has no sublayer named \"\(name)\"\(hint) (\(childrenSummary))")
        }
        guard matches.count == 1 else {
            let choices = matches.map { "sublayers[\($0)]" }.joined(separator: ", ")
            throw KeyPathLookupError(description: "layer \"\(identifier)\" has \(matches.count) sublayers named \"\(name)\"; choose one by index: \(choices)")
        }
        return (index, try after(name.endIndex))
    }

    /// What a layer has below it, for messages: `its sublayers: dot, arc, [2] (unnamed text
    /// layer); its mask: "fade"`.
    var childrenSummary: String {
        let names = sublayers.indices.map { sublayers[$0].name ?? "[\($0)] (unnamed \(sublayers[$0].type.rawValue) layer)" }
        let list = names.isEmpty ? "it has no sublayers" : "its sublayers: " + names.joined(separator: ", ")
        return list + (mask.map { "; its mask: \"\($0.identifier)\"" } ?? "")
    }
}
