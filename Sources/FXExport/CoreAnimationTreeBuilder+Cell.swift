import FXCore

extension CoreAnimationTreeBuilder {
    /// An emitter cell and its sub-cells. `path` is its key path in the effect
    /// (`sparks.emitterCells.red`), which warnings name.
    mutating func cellObject(_ cell: EmitterCell, json: JSONObject, path: String) -> CoreAnimationObject {
        var object = CoreAnimationObject(className: "CAEmitterCell", variableName: variableName(cell.name, suffix: "Cell", fallback: "cell"))
        setProperties(PropertyRegistry.properties(of: .emitterCell), of: cell, on: &object)
        setProperties(PropertyRegistry.properties(of: .mediaTiming), of: cell.timing, on: &object)
        if let contents = cell.contents {
            if let value = image(contents) {
                object.properties.append(Self.property(EmitterCellKeys.contents, value))
            } else {
                warn(path + "." + EmitterCellKeys.contents.name, at: json.member(EmitterCellKeys.contents.name),
                     "dropped: a frame of a texture atlas has no Core Animation image of its own")
            }
        }
        cellExtensionKeys(cell, json: json, path: path, on: &object)
        let subcellNodes = json.array(EmitterCellKeys.emitterCells.name)
        var subcells: [CoreAnimationObject] = []
        for (index, subcell) in cell.emitterCells.enumerated() {
            let node = index < subcellNodes.count ? subcellNodes[index] : nil
            subcells.append(cellObject(subcell, json: JSONObject(node),
                                       path: path + "." + EmitterCellKeys.emitterCells.name + "." + (subcell.name ?? "[\(index)]")))
        }
        if !subcells.isEmpty { object.children[.emitterCells] = subcells }
        return object
    }
}
