import ArgumentParser
import FXCore

/// `fx add`: adds a layer or an emitter cell to an effect file, as a minimal patch.
struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add a layer or an emitter cell to an effect file, leaving every other byte as it was.",
        discussion: """
            JSON is the new object, with a "name" nothing beside it has (a cell: no sibling \
            cell; a layer: no layer of the effect). PARENT says where it goes. `.` (or \
            `layers`): a top-level layer. A LAYER that is an emitter layer: a cell in its \
            emitterCells when the object has no "type" (cells have none), else a sublayer (give \
            "type": "layer" for a plain one). Any other LAYER: a sublayer. \
            LAYER.emitterCells.NAME: a sub-cell of that cell. LAYER is a layer's unique name or \
            steps to it (ring.sublayers.dot, label.mask).

            The object is written after its last sibling, or before the sibling at --at INDEX \
            (from 0), in the file's style: on its own line at its siblings' indentation, a \
            member a line when they are written so, else on one line when it is short; a \
            parent without the list gets one. Values keep the text you gave (30deg, #ff0000 as \
            strings). The key path of the new object is printed.

            A duplicate name, a parent that is not a layer or a cell, or an object that would \
            not load (a misspelled key, with the nearest suggested) is refused with exit status \
            1 and the file is left byte for byte; the result always passes fx validate. The file \
            is written as fx set writes it (under its lock, through links, keeping its mode).

            --new KIND writes the object the window's panel adds ("+ cell", "+ layer"): a \
            cell emitting 30 white discs a second, or a layer of that kind (emitter, replicator, \
            gradient, shape, text, layer) at the canvas's centre, drawing something at once; \
            --name names it (default: the kind).

            Example: fx add my-confetti.json confetti '{"name": "white", "color": "#ffffff", "birthRate": 20, "lifetime": 4, "velocity": 100, "contents": "rect"}'
            Example: fx add my-confetti.json confetti --new cell --name white
            Example: fx add my-confetti.json . --new gradient --name sky --at 0
            Example: fx add my-confetti.json . '{"type": "text", "name": "title", "string": "Hooray", "position": [400, 300]}'
            Example: fx add my-fireworks.json fireworks.emitterCells.rocket '{"name": "trail", "birthRate": 40, "lifetime": 0.5}' --at 0
            """)

    @Argument(help: "The effect file to change.")
    var file: String

    @Argument(help: ArgumentHelp("Where the new object goes: . (top level), a layer, or a cell's key path.", valueName: "parent"))
    var parent: String

    @Argument(help: ArgumentHelp("The new layer or cell as a JSON object with a \"name\" (or give --new).", valueName: "json"))
    var json: String?

    @Option(help: ArgumentHelp("Add a new object of this kind with the panel's defaults instead of JSON: cell, or a layer type (\(NewObjectTemplate.layerTypes.map(\.rawValue).joined(separator: ", "))).",
                               valueName: "kind"))
    var new: String?

    @Option(help: ArgumentHelp("The name of the object --new adds (default: the kind).", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("Put it before the sibling at this index (from 0) instead of after the last one.", valueName: "index"))
    var at: Int?

    func validate() throws {
        switch (json, new) {
        case (nil, nil):
            throw ValidationError("give the new object as JSON, or --new KIND for the panel's defaults (--new cell, --new emitter)")
        case (.some, .some):
            throw ValidationError("give either JSON or --new, not both")
        case (nil, let kind?):
            if kind != Self.cellKind && Layer.LayerType(rawValue: kind).map(NewObjectTemplate.layerTypes.contains) != true {
                let kinds = [Self.cellKind] + NewObjectTemplate.layerTypes.map(\.rawValue)
                let nearest = closestMatch(to: kind, in: kinds).map { "; did you mean \($0)?" } ?? ""
                throw ValidationError("--new \(kind) is not a kind fx makes\(nearest) (kinds: \(kinds.joined(separator: ", ")))")
            }
        default:
            if name != nil { throw ValidationError("--name names what --new adds; a JSON object has its own \"name\"") }
        }
    }

    /// What `--new` takes for an emitter cell (the other kinds are layer types).
    static let cellKind = "cell"

    func run() throws {
        try EffectFileEdit.run("add", file: file, retry: "\(parent) " + (json.map { "'\($0)'" } ?? "--new \(new ?? "")")) { document in
            try document.addObject(json: try objectJSON(canvas: document.effect.canvas.size), under: parent, at: at)
        }
    }

    /// The JSON given, or the one `--new` makes.
    private func objectJSON(canvas: Size) throws -> String {
        if let json { return json }
        let kind = new ?? Self.cellKind
        if let type = Layer.LayerType(rawValue: kind) {
            return NewObjectTemplate.layer(type, named: name ?? kind, canvas: canvas)
        }
        // Under a cell, a sub-cell (its birth rate is per parent particle).
        return NewObjectTemplate.cell(named: name ?? kind, isSubcell: parent.contains("." + EmitterLayerKeys.emitterCells.name))
    }
}
