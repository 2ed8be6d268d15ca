import Foundation
import FXCore

/// Turns the emitter layers, cells and animations the set-up code made into an fx effect. fx
/// uses Core Animation's names, so a property goes across under its own name, converted by the
/// form the property registry gives it (angles in radians become `"Ndeg"`, colors
/// `[r, g, b, a]`); what fx has no property for is warned and dropped (docs/importing.md has
/// the table).
struct CoreAnimationCodeMapping {
    let config: CoreAnimationCodeConfig
    let name: String
    var warnings: [ImportWarning] = []
    var files: [ImportedFile] = []
    var textures: [ImportedMember] = []
    /// The longest particle life, for the effect's duration.
    var longestLife = 0.0
    var animationEnd = 0.0
    /// Whether the code is in the form `fx export` writes (its root layer is the canvas): its
    /// numbers are fx's, kept exactly (paths' coordinates too).
    var exactNumbers = false

    init(config: CoreAnimationCodeConfig, name: String) {
        self.config = config
        self.name = name
    }

    // MARK: - The registry's Core Animation names

    /// The registry's properties a Core Animation object of `kind` has, by the Swift name
    /// (`isEnabled`), the Objective-C name (`enabled`) and fx's name alike. fx's own
    /// extensions (no Core Animation name) are not properties of `CAEmitterCell` and are left out.
    static let names: [CoreAnimationCodeObject.Kind: [String: PropertyDescriptor]] = {
        var result: [CoreAnimationCodeObject.Kind: [String: PropertyDescriptor]] = [:]
        let owners: [(CoreAnimationCodeObject.Kind, [PropertyOwner])] = [
            (.emitterCell, [.emitterCell, .mediaTiming]),
            (.emitterLayer, [.emitterLayer, .layer, .mediaTiming]),
            (.animation, [.animation, .basicAnimation, .mediaTiming]),
        ]
        for (kind, list) in owners {
            var table: [String: PropertyDescriptor] = [:]
            for owner in list {
                for descriptor in PropertyRegistry.properties(of: owner) {
                    guard let caName = descriptor.coreAnimationName, let swiftName = caName.split(separator: ".").last else { continue }
                    if table[descriptor.name] == nil { table[descriptor.name] = descriptor }
                    if table[String(swiftName)] == nil { table[String(swiftName)] = descriptor }
                }
            }
            result[kind] = table
        }
        return result
    }()

    /// Core Animation properties fx has no key for, or reads specially, by class.
    static let otherProperties: [CoreAnimationCodeObject.Kind: Set<String>] = [
        .emitterCell: ["magnificationFilter", "minificationFilter", "minificationFilterBias", "style", "isEnabled"],
        .emitterLayer: [frame, "contentsScale", "needsDisplayOnBoundsChange", "shouldRasterize", "rasterizationScale", "compositingFilter",
                        "filters", "backgroundFilters", "allowsGroupOpacity", "allowsEdgeAntialiasing", "delegate", "contents", "isOpaque",
                        "opaque", "drawsAsynchronously", "contentsGravity", "isGeometryFlipped", "geometryFlipped"],
    ]

    /// Whether `value` is `particleType`'s `plane`, written as a string or a constant.
    static func isPlane(_ value: CoreAnimationCodeValue) -> Bool {
        switch value {
        case .string(let name), .symbol(let name): return name == ParticleType.plane.rawValue
        default: return false
        }
    }

    static func descriptor(_ name: String, of kind: CoreAnimationCodeObject.Kind) -> PropertyDescriptor? {
        names[kind]?[name]
    }

    /// The name Core Animation code gives `property` (`isEnabled` for `enabled`), which the
    /// set-up code is read by.
    static func codeName(_ property: PropertyDescriptor) -> String {
        property.coreAnimationProperty ?? property.name
    }

    /// Whether `name` is a property of a Core Animation object of `kind` (known to fx or not).
    static func isCoreAnimationProperty(_ name: String, of kind: CoreAnimationCodeObject.Kind) -> Bool {
        descriptor(name, of: kind) != nil || (otherProperties[kind]?.contains(name) ?? false)
    }

    /// Whether `name` is a property only emitter layers and cells have (`birthRate`,
    /// `emitterShape`), not every layer's (`backgroundColor`): setting one on something the
    /// importer does not know is worth a warning.
    static func isEmitterProperty(_ name: String) -> Bool {
        for kind in [CoreAnimationCodeObject.Kind.emitterCell, .emitterLayer] {
            if let caName = descriptor(name, of: kind)?.coreAnimationName, caName.hasPrefix("CAEmitter") { return true }
        }
        return false
    }

    /// The value an unset property reads as, when the code reads one before setting it.
    static func defaultValue(_ descriptor: PropertyDescriptor) -> CoreAnimationCodeValue? {
        // Where the registry's default is a number, that is what Core Animation reads too
        // (1 for scales, speeds, opacity and the layer's factors; 0 for the rest).
        if case .number(let value)? = descriptor.defaultValue { return .number(value) }
        if case .number = descriptor.form { return .number(0) }
        if case .angle = descriptor.form { return .number(0) }
        return nil
    }

    /// `CALayer.frame`, which fx has no key for: read to place the layer.
    static let frame = "frame"

    // MARK: - Warnings

    mutating func warn(_ key: String, _ message: String, file: Int, line: Int) {
        let warning = ImportWarning(file: config.sources[file].path, line: line, key: key, message: message)
        guard !warnings.contains(warning) else { return } // a factory's line, run once per cell
        warnings.append(warning)
    }

    mutating func warn(_ assignment: CoreAnimationCodeObject.Assignment, _ message: String) {
        warn(assignment.name, message, file: assignment.file, line: assignment.line)
    }

    // MARK: - The effect

    /// At most this many cells that no `emitterCells` array holds are added to the layer.
    static let maxLooseCells = 64

    mutating func run() throws -> ImportResult {
        config.run()
        if let error = config.nestingError { throw error }
        let objects = config.objects
        var layers = objects.indices.filter { objects[$0].kind == .emitterLayer }
        let cells = objects.indices.filter { objects[$0].kind == .emitterCell }
        let otherLayers = objects.indices.filter { objects[$0].kind == .layer }
        guard !layers.isEmpty || !cells.isEmpty || !otherLayers.isEmpty else {
            let names = config.sources.map { URL(fileURLWithPath: $0.path).lastPathComponent }.joined(separator: ", ")
            throw ImportError.malformed(path: config.sources[0].path, line: 1,
                                        message: "no layer (CALayer, CAShapeLayer, CATextLayer, CAGradientLayer, CAReplicatorLayer, CAEmitterLayer…) and no CAEmitterCell is set up in \(names): the importer reads code that makes layers and emitter cells (CAShapeLayer(), [CALayer layer], CAEmitterCell()) and sets their properties")
        }
        // Cells reached from a layer or from another cell.
        var reached: Set<Int> = []
        func reach(_ value: CoreAnimationCodeValue?) {
            guard case .array(let items)? = value else { return }
            for case .object(let index) in items where objects[index].kind == .emitterCell && !reached.contains(index) {
                reached.insert(index)
                reach(objects[index].value(Self.codeName(EmitterCellKeys.emitterCells)))
            }
        }
        for layer in layers { reach(objects[layer].value(Self.codeName(EmitterLayerKeys.emitterCells))) }
        var subCells: Set<Int> = []
        for cell in cells {
            if case .array(let items)? = objects[cell].value(Self.codeName(EmitterCellKeys.emitterCells)) {
                for case .object(let index) in items { subCells.insert(index) }
            }
        }
        var loose = cells.filter { !reached.contains($0) && !subCells.contains($0) }
        // Cells made in a loop and never attached: a set-up has tens; past the cap they are a
        // loop the importer should not turn into thousands of cells.
        if loose.count > Self.maxLooseCells {
            let first = objects[loose[Self.maxLooseCells]]
            warn(first.variableName ?? first.className, "\(loose.count) cells are never put in an emitterCells array: fx adds the first \(Self.maxLooseCells) to the emitter layer and drops the others", file: first.file, line: first.line)
            loose = Array(loose.prefix(Self.maxLooseCells))
        }
        if layers.isEmpty, !cells.isEmpty {
            let index = config.makeObject(kind: .emitterLayer, className: "CAEmitterLayer", file: objects[loose.first ?? cells[0]].file, line: objects[loose.first ?? cells[0]].line)
            layers = [index]
            warn("CAEmitterLayer", "no emitter layer is made in the given files: fx makes one at the canvas centre for the cells", file: config.objects[index].file, line: config.objects[index].line)
            let centre = CoreAnimationCodeValue.point(CoreAnimationCodeConfig.screen.width / 2, CoreAnimationCodeConfig.screen.height / 2)
            config.objects[index].set(Self.codeName(EmitterLayerKeys.emitterPosition), centre, file: config.objects[index].file, line: config.objects[index].line)
        }
        let cellsKey = Self.codeName(EmitterLayerKeys.emitterCells)
        if !loose.isEmpty, let target = layers.first(where: { config.objects[$0].value(cellsKey) == nil }) ?? (layers.count == 1 ? layers.first : nil) {
            var attached: [CoreAnimationCodeValue] = []
            if case .array(let items)? = config.objects[target].value(cellsKey) { attached = items }
            for cell in loose {
                attached.append(.object(cell))
                let object = config.objects[cell]
                warn(object.variableName ?? object.className, "this cell is never put in an emitterCells array: fx adds it to the emitter layer", file: object.file, line: object.line)
            }
            config.objects[target].set(cellsKey, .array(attached), file: config.objects[target].file, line: config.objects[target].line)
        }

        var canvas = (width: 0.0, height: 0.0)
        var layerJSON: [ImportedJSON] = []
        var layerNames: Set<String> = []
        var roots = topLevelLayers()
        var background = ImportedJSON.string("#000000")
        let exported = exportedCanvas(roots)
        if let exported {
            exactNumbers = true
            roots = config.objects[exported.layer].sublayers
            if let color = exported.background { background = color }
        }
        for layer in roots {
            guard let (json, extent) = makeLayerTree(layer, usedNames: &layerNames) else { continue }
            canvas.width = max(canvas.width, extent.width)
            canvas.height = max(canvas.height, extent.height)
            layerJSON.append(json)
        }
        if let exported {
            canvas = exported.size
        } else if canvas.width <= 0 || canvas.height <= 0 {
            canvas = CoreAnimationCodeConfig.screen
            let first = config.objects[roots.first ?? layers.first ?? otherLayers[0]]
            let (file, line, what) = config.usedScreenSize ?? (first.file, first.line, "")
            warn(EffectKeys.canvas.name, what.isEmpty
                 ? "\(first.kind == .emitterLayer ? "the emitter layer has" : "the layers have") no frame: the canvas is an iPhone's screen, 390 × 844 points, with the layer filling it"
                 : "\(what) depends on the app's view, whose size is known only when the app runs: the canvas is an iPhone's screen, 390 × 844 points, and the view is taken as that",
                 file: file, line: line)
        } else if let (file, line, what) = config.usedScreenSize {
            warn(EffectKeys.canvas.name, "\(what) depends on the app's view, whose size is known only when the app runs: the view is taken as an iPhone's screen, 390 × 844 points", file: file, line: line)
        }
        var grouped: Set<Int> = []
        for object in objects where object.kind == .animation {
            if case .array(let children)? = object.value(Self.codeName(GroupAnimationKeys.animations)) {
                for case .object(let child) in children { grouped.insert(child) }
            }
        }
        for animation in objects.indices where objects[animation].kind == .animation
            && !objects.contains(where: { $0.animations.contains(animation) }) && !grouped.contains(animation) {
            warn(objects[animation].variableName ?? "animation", "this animation is never added to a layer (add(_:forKey:)): not imported",
                 file: objects[animation].file, line: objects[animation].line)
        }
        let names = config.sources.map { URL(fileURLWithPath: $0.path).lastPathComponent }.joined(separator: ", ")
        let duration = max(5, (2 * longestLife).rounded(.up), animationEnd.rounded(.up))
        var effect: [ImportedMember] = [
            ImportedMember(EffectKeys.fx, .number(1)),
            ImportedMember(EffectKeys.name, .string(name)),
            ImportedMember(EffectKeys.description, .string("\(name): Core Animation code (\(names)), imported")),
            ImportedMember(EffectKeys.canvas, .object([
                ImportedMember(CanvasKeys.size, .array([.number(canvas.width), .number(canvas.height)])),
                ImportedMember(CanvasKeys.background, background),
            ])),
            ImportedMember(EffectKeys.duration, .number(min(duration, 600))),
            ImportedMember(EffectKeys.loop, .bool(true)),
        ]
        if !textures.isEmpty { effect.append(ImportedMember(EffectKeys.textures, .object(textures))) }
        effect.append(ImportedMember(EffectKeys.layers, .array(layerJSON)))
        let all = (config.warnings + warnings).enumerated().sorted {
            let a = $0.element, b = $1.element
            let fileA = config.sources.firstIndex { $0.path == a.file } ?? 0, fileB = config.sources.firstIndex { $0.path == b.file } ?? 0
            return (fileA, a.line, $0.offset) < (fileB, b.line, $1.offset)
        }.map(\.element)
        var result = ImportResult(effect: .object(effect), warnings: all, files: files)
        result.exactNumbers = exactNumbers
        return result
    }

    // MARK: - Layers

    /// The canvas a function's returned root layer stands for, as `fx export` writes it
    /// (`func makeConfettiLayer() -> CALayer`): the one top-level layer, a plain `CALayer` a
    /// function outside any class returns, whose bounds start at (0, 0) and that sets nothing
    /// but its bounds, its position at their centre, its background color and (on macOS) its
    /// flipped geometry. Its bounds are the canvas's size, its background the canvas's, its
    /// sublayers the effect's layers. Nil for any other code.
    func exportedCanvas(_ roots: [Int]) -> (layer: Int, size: (width: Double, height: Double), background: ImportedJSON?)? {
        guard roots.count == 1, let root = roots.first, config.returnedLayers.contains(root) else { return nil }
        let object = config.objects[root]
        guard object.kind == .layer, object.className == "CALayer", object.animations.isEmpty,
              case .rect(0, 0, let width, let height)? = object.value(Self.codeName(LayerKeys.bounds)), width > 0, height > 0 else { return nil }
        let allowed: Set<String> = [LayerKeys.bounds, LayerKeys.position, LayerKeys.backgroundColor].map(Self.codeName)
            .reduce(into: ["isGeometryFlipped", "geometryFlipped"]) { $0.insert($1) }
        guard object.assignments.allSatisfy({ allowed.contains($0.name) }) else { return nil }
        if let position = object.value(Self.codeName(LayerKeys.position)) {
            guard case .point(let x, let y) = position, x == width / 2, y == height / 2 else { return nil }
        }
        var background: ImportedJSON?
        if case .color(let components)? = object.value(Self.codeName(LayerKeys.backgroundColor)) {
            background = .array(components.map { .number(min(1, max(0, $0))) })
        }
        return (root, (width, height), background)
    }

    /// The layers no other layer holds as a sublayer or mask: those added to a view's layer
    /// first, in the order they were added, then the others in the order they were made.
    /// A layer the code makes but never adds anywhere is not on screen in Core Animation: when
    /// the code adds other layers to a view, it is left out, warned; in a snippet that adds none
    /// (the view's code is off-page), every layer is kept. Emitter layers and the layers standing
    /// for views' layers are always kept.
    mutating func topLevelLayers() -> [Int] {
        let objects = config.objects
        var held: Set<Int> = []
        for object in objects {
            held.formUnion(object.sublayers)
            if case .object(let mask)? = object.value(Self.codeName(LayerKeys.mask)) { held.insert(mask) }
        }
        var layerish = objects.indices.filter { (objects[$0].kind == .layer || objects[$0].kind == .emitterLayer) && !held.contains($0) }
        let standIns = Set(config.standInLayers.values)
        if !config.rootLayers.isEmpty {
            for index in layerish where objects[index].kind == .layer && !config.rootLayers.contains(index) && !standIns.contains(index) {
                warn(objects[index].variableName ?? objects[index].className,
                     "this layer is never added to a view's layer or to another layer (addSublayer): Core Animation does not show it, and it is not imported",
                     file: objects[index].file, line: objects[index].line)
            }
            layerish.removeAll { objects[$0].kind == .layer && !config.rootLayers.contains($0) && !standIns.contains($0) }
        }
        let added = config.rootLayers.filter { layerish.contains($0) }
        var seen: Set<Int> = []
        return (added + layerish).filter { seen.insert($0).inserted }
    }

    /// The layer's JSON and how far it reaches on the canvas (0 when it gives no frame).
    mutating func makeLayer(_ index: Int, usedNames: inout Set<String>) -> (ImportedJSON, (width: Double, height: Double)) {
        let object = config.objects[index]
        var members: [ImportedMember] = [ImportedMember(LayerKeys.type, .name(Layer.LayerType.emitter))]
        let layerName = Self.layerName(of: object, fallback: name, usedNames: &usedNames)
        members.append(ImportedMember(LayerKeys.name, .string(layerName)))

        // Geometry: frame, or bounds with position and anchor point, places the layer; without
        // them the layer's coordinates are the canvas's.
        var extent = (width: 0.0, height: 0.0)
        var frame: (Double, Double, Double, Double)?
        if case .rect(let x, let y, let width, let height)? = object.value(Self.frame) {
            frame = (x, y, width, height)
        } else if let bounds = object.value(Self.codeName(LayerKeys.bounds)) {
            var size: (Double, Double)?
            if case .rect(_, _, let width, let height) = bounds { size = (width, height) }
            if case .size(let width, let height) = bounds { size = (width, height) }
            if let (width, height) = size {
                var anchor = (0.5, 0.5)
                if case .point(let x, let y)? = object.value(Self.codeName(LayerKeys.anchorPoint)) { anchor = (x, y) }
                var position = (0.0, 0.0)
                if case .point(let x, let y)? = object.value(Self.codeName(LayerKeys.position)) { position = (x, y) }
                frame = (position.0 - anchor.0 * width, position.1 - anchor.1 * height, width, height)
            }
        }
        if let (x, y, width, height) = frame, width > 0, height > 0 {
            members.append(ImportedMember(LayerKeys.position, .array([.number(x + width / 2), .number(y + height / 2)])))
            members.append(ImportedMember(LayerKeys.bounds, .array([.number(width), .number(height)])))
            extent = (max(0, x) + width, max(0, y) + height)
        } else if case .point(let x, let y)? = object.value(Self.codeName(LayerKeys.position)) {
            members.append(ImportedMember(LayerKeys.position, .array([.number(x), .number(y)])))
        }
        let geometryNames = [Self.frame] + [LayerKeys.bounds, LayerKeys.position, LayerKeys.anchorPoint].map(Self.codeName)
        for geometry in geometryNames {
            guard let assignment = object.assignment(geometry) else { continue }
            if frame == nil, geometry != Self.codeName(LayerKeys.position) {
                warn(assignment, "could not read the layer's \(geometry) (\(assignment.value.summary)); the layer's coordinates are the canvas's")
            }
        }
        if object.value(Self.codeName(EmitterLayerKeys.emitterPosition)) == nil {
            warn(Self.codeName(EmitterLayerKeys.emitterPosition), "not set: Core Animation's default, (0, 0), the layer's top-left corner, is kept", file: object.file, line: object.line)
        }

        // Properties in the registry's order.
        let handled = Set(geometryNames + [EmitterLayerKeys.emitterCells, LayerKeys.name].map(Self.codeName) + [CoreAnimationCodeObject.classKey])
        var properties: [(PropertyDescriptor, CoreAnimationCodeObject.Assignment)] = []
        for assignment in object.assignments where !handled.contains(assignment.name) {
            guard let descriptor = Self.descriptor(assignment.name, of: .emitterLayer) else {
                warn(assignment, "dropped: fx has no \(assignment.name) on an emitter layer")
                continue
            }
            if descriptor == LayerKeys.masksToBounds, frame == nil {
                warn(assignment, "dropped: the layer has no frame fx could read, and a mask to empty bounds would hide everything")
                continue
            }
            properties.append((descriptor, assignment))
        }
        let order = PropertyRegistry.all.enumerated().reduce(into: [String: Int]()) { $0[$1.element.owner.rawValue + "." + $1.element.name] = $1.offset }
        properties.sort { (order[$0.0.owner.rawValue + "." + $0.0.name] ?? 0) < (order[$1.0.owner.rawValue + "." + $1.0.name] ?? 0) }
        var lifeFactor = 1.0
        for (descriptor, assignment) in properties {
            if descriptor == MediaTimingKeys.beginTime, assignment.value.number == 0 { continue } // CACurrentMediaTime(): now
            if let json = convert(assignment, descriptor) {
                members.append(ImportedMember(descriptor, json))
                if descriptor == EmitterLayerKeys.lifetime, let value = assignment.value.number { lifeFactor = value }
            }
        }
        // Animations.
        var animations: [ImportedJSON] = []
        for animation in object.animations {
            if let json = makeAnimation(animation, on: index) { animations.append(json) }
        }
        // Cells.
        var cellNames: Set<String> = []
        var cellJSON: [ImportedJSON] = []
        if case .array(let items)? = object.value(Self.codeName(EmitterLayerKeys.emitterCells)) {
            for item in items {
                guard case .object(let cell) = item, config.objects[cell].kind == .emitterCell else {
                    if let assignment = object.assignment(Self.codeName(EmitterLayerKeys.emitterCells)) { warn(assignment, "could not read an item of emitterCells (\(item.summary))") }
                    continue
                }
                cellJSON.append(makeCell(cell, usedNames: &cellNames, lifeFactor: lifeFactor, depth: 0))
            }
        }
        if cellJSON.isEmpty {
            warn(Self.codeName(EmitterLayerKeys.emitterCells), "the emitter layer has no cells the importer could read: it emits nothing", file: object.file, line: object.line)
        }
        members.append(ImportedMember(EmitterLayerKeys.emitterCells, .array(cellJSON)))
        if !animations.isEmpty { members.append(ImportedMember(LayerKeys.animations, .array(animations))) }
        return (.object(members), extent)
    }

    static func sanitized(_ name: String) -> String {
        let cleaned = name.replacingOccurrences(of: ".", with: "-").trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? "cell" : cleaned
    }

    /// A layer's name: the `name` the code gives it, else its variable's, else `fallback`, made
    /// key-path safe and unique among `usedNames`.
    static func layerName(of object: CoreAnimationCodeObject, fallback: String, usedNames: inout Set<String>) -> String {
        var layerName = fallback
        if case .string(let given)? = object.value(codeName(LayerKeys.name)) {
            layerName = given
        } else if let variable = object.variableName, variable != "self" {
            layerName = variable
        }
        return unique(sanitized(layerName), in: &usedNames)
    }

    static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(name)\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    // MARK: - Cells

    mutating func makeCell(_ index: Int, usedNames: inout Set<String>, lifeFactor: Double, depth: Int) -> ImportedJSON {
        let object = config.objects[index]
        var cellName = object.variableName ?? "cell"
        let nameKey = Self.codeName(EmitterCellKeys.name), cellsKey = Self.codeName(EmitterCellKeys.emitterCells)
        let contentsKey = Self.codeName(EmitterCellKeys.contents)
        if case .string(let given)? = object.value(nameKey) { cellName = given }
        let wanted = Self.sanitized(cellName)
        cellName = Self.unique(wanted, in: &usedNames)
        if cellName != wanted, let assignment = object.assignment(nameKey) {
            warn(assignment, "another cell beside it is named \"\(wanted)\": this one is \"\(cellName)\" (fx names are unique among siblings; the key path \(cellsKey).\(wanted) reaches the first, as in Core Animation)")
        } else if wanted != cellName.replacingOccurrences(of: ".", with: "-"), let assignment = object.assignment(nameKey) {
            warn(assignment, "\"\(wanted)\" is renamed: fx names have no \".\"")
        }
        var members: [ImportedMember] = [ImportedMember(EmitterCellKeys.name, .string(cellName))]
        var properties: [(PropertyDescriptor, CoreAnimationCodeObject.Assignment)] = []
        for assignment in object.assignments where ![nameKey, cellsKey, contentsKey].contains(assignment.name) {
            guard let descriptor = Self.descriptor(assignment.name, of: .emitterCell) else {
                let why = ["magnificationFilter", "minificationFilter", "minificationFilterBias"].contains(assignment.name)
                    ? "fx filters textures linearly" : "fx has no \(assignment.name) on a cell"
                warn(assignment, "dropped: \(why)")
                continue
            }
            // Plane particles turn in 3-D by their orientation, which fx does not have: the
            // cell is drawn as sprites, fx's only particles, and the key is left out rather
            // than written for fx validate to warn about.
            if descriptor == EmitterCellKeys.particleType, Self.isPlane(assignment.value) {
                warn(assignment, "dropped: \"\(ParticleType.plane.rawValue)\" particles turn in 3-D by their orientation, which fx does not have; they are drawn as sprites facing the viewer")
                continue
            }
            properties.append((descriptor, assignment))
        }
        let order = PropertyRegistry.all.enumerated().reduce(into: [String: Int]()) { $0[$1.element.owner.rawValue + "." + $1.element.name] = $1.offset }
        properties.sort { (order[$0.0.owner.rawValue + "." + $0.0.name] ?? 0) < (order[$1.0.owner.rawValue + "." + $1.0.name] ?? 0) }
        // An image drawn in code from a color and a size: a white built-in shape, tinted by the
        // color (multiplied into the cell's, as Core Animation multiplies the cell's color into
        // the image) and brought to the size by contentsScale.
        var drawnTexture: String?
        if let assignment = object.assignment(contentsKey), case .drawnImage(let tint, let size) = assignment.value {
            let (shape, scaleFactor) = Self.drawnShape(size: size, cellName: cellName)
            drawnTexture = shape
            var notes: [String] = []
            if let tint {
                var color = [1.0, 1, 1, 1]
                let colorKey = Self.codeName(EmitterCellKeys.color)
                if case .color(let given)? = object.value(colorKey) { color = given }
                let tinted = zip(color, tint).map { $0 * $1 }
                properties.removeAll { $0.0 == EmitterCellKeys.color }
                properties.append((EmitterCellKeys.color, .init(name: colorKey, value: .color(tinted), file: assignment.file, line: assignment.line)))
                notes.append("tinted with the color it is drawn in, \(tint.map { ImportedJSON.text(of: $0) }.joined(separator: ", "))")
            }
            if let scaleFactor, let size {
                let scaleKey = Self.codeName(EmitterCellKeys.contentsScale)
                let given = object.value(scaleKey)?.number ?? 1
                properties.removeAll { $0.0 == EmitterCellKeys.contentsScale }
                properties.append((EmitterCellKeys.contentsScale,
                                   .init(name: scaleKey, value: .number(given * scaleFactor), file: assignment.file, line: assignment.line)))
                notes.append("brought to its \(ImportedJSON.text(of: size.0)) × \(ImportedJSON.text(of: size.1)) points by contentsScale")
            }
            warn(assignment, "an image drawn in code, which the importer cannot run: the built-in \"\(shape)\" is used\(notes.isEmpty ? "" : ", " + notes.joined(separator: " and "))")
            properties.sort { (order[$0.0.owner.rawValue + "." + $0.0.name] ?? 0) < (order[$1.0.owner.rawValue + "." + $1.0.name] ?? 0) }
        }
        var converted: [ImportedMember] = []
        for (descriptor, assignment) in properties {
            if let json = convert(assignment, descriptor) { converted.append(ImportedMember(descriptor, json)) }
        }
        // contents goes where the registry lists it: before contentsRect.
        if let assignment = object.assignment(contentsKey) {
            let texture = drawnTexture ?? contents(assignment, cellName: cellName)
            let position = converted.firstIndex { [EmitterCellKeys.contentsRect.name, EmitterCellKeys.contentsScale.name].contains($0.key) }
                ?? converted.count
            converted.insert(ImportedMember(EmitterCellKeys.contents, .string(texture)), at: position)
        } else if object.value(cellsKey) == nil {
            warn(cellName, "has no contents: it draws nothing, as in Core Animation", file: object.file, line: object.line)
        }
        members += converted
        let life = (object.value(Self.codeName(EmitterCellKeys.lifetime))?.number ?? 0)
            + (object.value(Self.codeName(EmitterCellKeys.lifetimeRange))?.number ?? 0) / 2
        longestLife = max(longestLife, life * lifeFactor * Double(depth + 1))
        if case .array(let items)? = object.value(cellsKey), depth < 8 {
            var subNames: Set<String> = []
            var subCells: [ImportedJSON] = []
            for item in items {
                if case .object(let sub) = item, config.objects[sub].kind == .emitterCell {
                    subCells.append(makeCell(sub, usedNames: &subNames, lifeFactor: lifeFactor, depth: depth + 1))
                } else if let assignment = object.assignment(cellsKey) {
                    warn(assignment, "could not read an item of emitterCells (\(item.summary))")
                }
            }
            if !subCells.isEmpty { members.append(ImportedMember(EmitterCellKeys.emitterCells, .array(subCells))) }
        }
        return .object(members)
    }

    /// The texture for a cell's `contents`: a PNG of the image's name beside a source (copied
    /// beside the effect), else a built-in shape chosen by the name, warned.
    mutating func contents(_ assignment: CoreAnimationCodeObject.Assignment, cellName: String) -> String {
        if case .builtinTexture(let texture) = assignment.value { return texture.rawValue }
        guard case .image(let imageName) = assignment.value else {
            warn(assignment, "could not read the image (\(assignment.value.summary)): the built-in \"disc\" is used")
            return "disc"
        }
        let base = imageName.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? ""
        if !base.isEmpty, let url = Self.imageFile(named: base, besides: config.sources) ?? imageName.flatMap({ Self.namedFile($0, besides: config.sources) }),
           let data = ImportSource.sibling(url) {
            let textureName = Self.sanitized(base)
            if !textures.contains(where: { $0.key == textureName }) {
                let written = name + "-" + url.lastPathComponent
                files.append(ImportedFile(relativePath: written, contents: data))
                textures.append(ImportedMember(entry: textureName, .string(written)))
            }
            return textureName
        }
        let (shape, reason) = Self.builtinShape(for: base.isEmpty ? cellName : base)
        let size = BuiltinTexture(rawValue: shape).map { "\(Int($0.pixelSize.width)) × \(Int($0.pixelSize.height))" } ?? "64 × 64"
        if let imageName {
            warn(assignment, "the image \"\(imageName)\" is not beside the source: the built-in \"\(shape)\" is used (\(reason)); its size, \(size) pixels, stands for the image's, which the importer cannot know — put \(base).png beside the source to use the real image")
        } else {
            warn(assignment, "an image the code loads without a name the importer can read: the built-in \"\(shape)\" is used (\(reason), the cell's); its size, \(size) pixels, stands for the image's")
        }
        return shape
    }

    /// The built-in shape standing for an image drawn in code, and the contentsScale factor
    /// that gives it the image's size (nil without one): a square, or the 2 : 1 `rect` for a wide
    /// image; a tall or other image takes the square of the same area.
    static func drawnShape(size: (Double, Double)?, cellName: String) -> (String, Double?) {
        guard let (width, height) = size, width > 0, height > 0 else {
            let (shape, _) = builtinShape(for: cellName)
            return (shape, nil)
        }
        let aspect = width / height
        if aspect >= 1.6 { return ("rect", 64 / width) }
        return ("square", 64 / (width * height).squareRoot())
    }

    /// The PNG an app would load for `UIImage(named:)`: beside a source, or in an asset
    /// catalog beside it (`Assets.xcassets/NAME.imageset/`), the @3x one first (an iPhone's
    /// screen, whose `cgImage` a cell draws at its pixel size), then @2x, then 1x.
    static func imageFile(named name: String, besides sources: [ImportSource]) -> URL? {
        var folders: [URL] = []
        for source in sources where !folders.contains(source.folder) { folders.append(source.folder) }
        let manager = FileManager.default
        for folder in folders {
            var candidates: [URL] = [folder]
            if let items = try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                for catalog in items where catalog.pathExtension == "xcassets" {
                    candidates.append(catalog.appendingPathComponent(name + ".imageset"))
                    if let groups = try? manager.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil) {
                        candidates += groups.map { $0.appendingPathComponent(name + ".imageset") }
                    }
                }
            }
            for directory in candidates {
                let isImageSet = directory.pathExtension == "imageset"
                let files = isImageSet ? ((try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []) : []
                for suffix in ["@3x", "@2x", ""] {
                    let matches = isImageSet
                        ? files.filter { $0.pathExtension.lowercased() == "png" && $0.deletingPathExtension().lastPathComponent.hasSuffix(suffix) }
                            .filter { suffix != "" || !($0.lastPathComponent.contains("@2x") || $0.lastPathComponent.contains("@3x")) }
                            .sorted { $0.path < $1.path }
                        : [directory.appendingPathComponent(name + suffix + ".png")]
                    for url in matches {
                        if let head = try? FileHandle(forReadingFrom: url).readData(ofLength: 8), head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return url }
                    }
                }
            }
        }
        return nil
    }

    /// A file named with its extension (`UIImage(named: "clip.gif")`, as `fx export` loads a
    /// texture that is not a PNG) beside a source, or nil.
    static func namedFile(_ name: String, besides sources: [ImportSource]) -> URL? {
        let fileName = URL(fileURLWithPath: name).lastPathComponent
        guard !URL(fileURLWithPath: fileName).pathExtension.isEmpty else { return nil }
        for source in sources {
            let url = source.folder.appendingPathComponent(fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue { return url }
        }
        return nil
    }

    /// A built-in texture for an image name, and why it was chosen.
    static func builtinShape(for name: String) -> (String, String) {
        let lower = name.lowercased()
        let choices: [(String, [String])] = [
            ("snowflake", ["snow", "flake"]), ("heart", ["heart", "love"]), ("star", ["star", "sparkle", "twinkle"]),
            ("spark", ["spark", "streak", "line", "ember", "trail"]), ("ring", ["ring", "bubble"]), ("triangle", ["triangle"]),
            ("square", ["square", "box", "pixel"]), ("rect", ["confetti", "rect", "paper", "ribbon", "strip"]),
            ("circle", ["circle", "dot", "ball", "round", "coin"]),
            ("disc", ["fire", "smoke", "glow", "particle", "blur", "soft", "spot", "light", "cloud", "flare"]),
        ]
        for (shape, words) in choices {
            if let word = words.first(where: { lower.contains($0) }) { return (shape, "chosen by the name: \"\(word)\"") }
        }
        return ("disc", "nothing in the name suggests a shape; a soft disc")
    }

    // MARK: - Values

    /// The JSON for an assignment, by the property's form, or nil (warned).
    mutating func convert(_ assignment: CoreAnimationCodeObject.Assignment, _ descriptor: PropertyDescriptor) -> ImportedJSON? {
        let value = assignment.value
        func fail(_ expected: String) -> ImportedJSON? {
            warn(assignment, "could not read \(value.summary) as \(expected): left at its default")
            return nil
        }
        func checked(_ number: Double) -> ImportedJSON? {
            guard number.isFinite else { return fail("a finite number") }
            if !descriptor.range.contains(number) {
                let clamped = descriptor.range.clamp(number)
                warn(assignment, "\(ImportedJSON.text(of: number)) is outside fx's range (\(descriptor.range.phrase)): \(ImportedJSON.text(of: clamped)) is used")
                return .number(clamped)
            }
            return .number(number)
        }
        switch descriptor.form {
        case .number:
            guard let number = value.number else { return fail("a number") }
            return checked(number)
        case .integer:
            guard let number = value.number else { return fail("a whole number") }
            return checked(number.rounded())
        case .angle:
            guard let number = value.number, number.isFinite else { return fail("an angle") }
            if !descriptor.range.contains(number) { return checked(number) }
            // Degrees when they are round (π/4 is "45deg"), else Core Animation's radians.
            let degrees = number * 180 / .pi
            if abs(degrees * 100 - (degrees * 100).rounded()) < 1e-6 { return .string(ImportedJSON.text(of: degrees) + "deg") }
            return .number(number)
        case .boolean:
            if case .bool(let flag) = value { return .bool(flag) }
            if let number = value.number { return .bool(number != 0) }
            return fail("true or false")
        case .color:
            guard case .color(let components) = value else { return fail("a color") }
            return .array(components.map { .number(min(1, max(0, $0))) })
        case .point:
            if case .point(let x, let y) = value { return .array([.number(x), .number(y)]) }
            if value.number == 0 { return .array([.number(0), .number(0)]) }
            return fail("a point")
        case .size:
            if case .size(let width, let height) = value { return .array([.number(max(0, width)), .number(max(0, height))]) }
            if value.number == 0 { return .array([.number(0), .number(0)]) }
            return fail("a size")
        case .rect, .bounds:
            if case .rect(let x, let y, let width, let height) = value { return .array([x, y, width, height].map { .number($0) }) }
            return fail("a rectangle")
        case .string:
            if case .string(let text) = value { return .string(text) }
            return fail("a string")
        case .enumeration(let allowed):
            var text: String?
            if case .symbol(let name) = value { text = name }
            if case .string(let name) = value { text = CoreAnimationCodeConfig.constant(name) ?? name }
            // kCAAnimationRotateAuto is "auto", kCAAnimationRotateAutoReverse "autoReverse".
            if let name = text, !allowed.contains(name), name.hasPrefix("rotate"), name.count > 6 {
                let rest = name.dropFirst(6)
                text = rest.prefix(1).lowercased() + rest.dropFirst()
            }
            guard let text, allowed.contains(text) else { return fail("one of \(allowed.joined(separator: ", "))") }
            return .string(text)
        case .repeatCount:
            guard let number = value.number else { return fail("a repeat count") }
            return number.isInfinite || number >= 1e9 ? .string(MediaTiming.infinityName) : .number(max(0, number))
        case .timingFunction:
            if case .symbol(let name) = value {
                let known = TimingFunction.names
                if known.contains(name) { return .string(name) }
                return fail("a timing function (\(known.joined(separator: ", ")))")
            }
            if case .array(let points) = value, points.count == 4 { return .array(points.compactMap { $0.number }.map { .number($0) }) }
            return fail("a timing function")
        case .transform, .colors, .numbers, .path:
            guard let kind = descriptor.kind, let json = animatedValue(value, kind: kind) else {
                let expected: String
                switch descriptor.form {
                case .transform: expected = "a transform (CATransform3DMake…, CGAffineTransform…)"
                case .colors: expected = "a list of colors"
                case .numbers: expected = "a list of numbers"
                default: expected = "a path (UIBezierPath, CGPath)"
                }
                return fail(expected)
            }
            return json
        default:
            warn(assignment, "dropped: the importer does not read \(descriptor.name) from code")
            return nil
        }
    }

    // MARK: - Animations

    /// A `CABasicAnimation`, `CAKeyframeAnimation`, `CASpringAnimation` or `CAAnimationGroup`
    /// with a key path the layer has; others are warned and dropped.
    mutating func makeAnimation(_ index: Int, on layer: Int) -> ImportedJSON? {
        let object = config.objects[index]
        let label = object.variableName ?? "animation"
        let animationsKey = Self.codeName(GroupAnimationKeys.animations)
        if case .string("CAAnimationGroup")? = object.value(CoreAnimationCodeObject.classKey) {
            // A group of readable animations: fx's group, its children timed in its time.
            guard case .array(let children)? = object.value(animationsKey) else {
                warn(label, "dropped: the group's animations could not be read", file: object.file, line: object.line)
                return nil
            }
            var converted: [ImportedJSON] = []
            let end = animationEnd
            for child in children {
                // A child that cannot be read is left out (warned where it is dropped); the rest
                // keep their timing in the group's.
                guard case .object(let childIndex) = child, config.objects[childIndex].kind == .animation, let json = makeAnimation(childIndex, on: layer) else {
                    warn(label, "an animation of the group could not be read (\(child.summary)): the group keeps the others", file: object.file, line: object.line)
                    continue
                }
                converted.append(json)
            }
            animationEnd = end // the group's own timing says where it ends
            guard !converted.isEmpty else {
                warn(label, "dropped: none of the group's animations could be read", file: object.file, line: object.line)
                return nil
            }
            var members: [ImportedMember] = [ImportedMember(AnimationKeys.type, .name(Animation.AnimationType.group))]
            members += timing(object, skipping: [CoreAnimationCodeObject.classKey, animationsKey])
            members.append(ImportedMember(GroupAnimationKeys.animations, .array(converted)))
            return .object(members)
        }
        if case .string("CATransition")? = object.value(CoreAnimationCodeObject.classKey) {
            // A transition: its type, subtype and progress under fx's names, then its timing.
            var members: [ImportedMember] = [ImportedMember(AnimationKeys.type, .name(Animation.AnimationType.transition))]
            var handled: Set<String> = [CoreAnimationCodeObject.classKey]
            for descriptor in PropertyRegistry.properties(of: .transitionAnimation) {
                guard let codeName = descriptor.coreAnimationName?.split(separator: ".").last.map(String.init),
                      let assignment = object.assignment(codeName) else { continue }
                handled.insert(codeName)
                if let json = convert(assignment, descriptor) { members.append(ImportedMember(descriptor, json)) }
            }
            members += timing(object, skipping: handled)
            return .object(members)
        }
        guard case .string(let kind)? = object.value(CoreAnimationCodeObject.classKey),
              let type: Animation.AnimationType = ["CABasicAnimation": .basic, "CAKeyframeAnimation": .keyframe, "CASpringAnimation": .spring][kind] else {
            warn(label, "dropped: only CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, CATransition and groups of them are read from code, not \(object.className)", file: object.file, line: object.line)
            return nil
        }
        guard case .string(let keyPath)? = object.value(Self.codeName(AnimationKeys.keyPath)) else {
            warn(label, "dropped: its keyPath could not be read", file: object.file, line: object.line)
            return nil
        }
        // The kind of value the key path takes: through fx's own key path resolution for layers,
        // through the cells' names for an emitter.
        var valueKind: ValueKind?
        var target: PropertyDescriptor?
        if config.objects[layer].kind == .emitterLayer {
            target = descriptor(forKeyPath: keyPath, on: layer)
            if let found = target, found.isAnimatable { valueKind = found.kind }
        } else {
            valueKind = AnimatableKeyPath(keyPath, on: Layer(type: layerType(config.objects[layer])))?.kind
        }
        if valueKind == nil, let sequence = contentsKeyframes(object, keyPath: keyPath, type: type, label: label) { return sequence }
        guard let valueKind else {
            warn(label, "dropped: the key path \"\(keyPath)\" names no animatable property of this \(config.objects[layer].className) fx has", file: object.file, line: object.line)
            return nil
        }
        var members: [ImportedMember] = [ImportedMember(AnimationKeys.type, .name(type)),
                                         ImportedMember(AnimationKeys.keyPath, .string(keyPath))]
        func value(_ assignment: CoreAnimationCodeObject.Assignment) -> ImportedJSON? {
            if let target, case .angle = target.form, let number = assignment.value.number { return .number(number) }
            if let target, target.kind == valueKind, case .number = target.form, let number = assignment.value.number { return .number(number) }
            return animatedValue(assignment.value, kind: valueKind)
        }
        var handled: Set<String> = [CoreAnimationCodeObject.classKey, Self.codeName(AnimationKeys.keyPath)]
        let valueKeys: [PropertyDescriptor]
        switch type {
        case .keyframe: valueKeys = [KeyframeAnimationKeys.values]
        case .spring: valueKeys = [SpringAnimationKeys.fromValue, SpringAnimationKeys.toValue]
        default: valueKeys = [BasicAnimationKeys.fromValue, BasicAnimationKeys.toValue, BasicAnimationKeys.byValue]
        }
        for key in valueKeys {
            guard let assignment = object.assignment(Self.codeName(key)) else { continue }
            handled.insert(assignment.name)
            var json: ImportedJSON?
            if key == KeyframeAnimationKeys.values {
                if case .array(let items) = assignment.value {
                    let converted = items.compactMap { value(CoreAnimationCodeObject.Assignment(name: assignment.name, value: $0, file: assignment.file, line: assignment.line)) }
                    if converted.count == items.count { json = .array(converted) }
                }
            } else {
                json = value(assignment)
            }
            guard let json else {
                warn(label, "dropped: its \(assignment.name) (\(assignment.value.summary)) could not be read as values of \(keyPath)", file: assignment.file, line: assignment.line)
                return nil
            }
            members.append(ImportedMember(key, json))
        }
        if type == .keyframe {
            for key in [KeyframeAnimationKeys.keyTimes, KeyframeAnimationKeys.timingFunctions, KeyframeAnimationKeys.calculationMode,
                        KeyframeAnimationKeys.tensionValues, KeyframeAnimationKeys.continuityValues, KeyframeAnimationKeys.biasValues,
                        KeyframeAnimationKeys.path, KeyframeAnimationKeys.rotationMode] {
                guard let assignment = object.assignment(Self.codeName(key)) else { continue }
                handled.insert(assignment.name)
                if key == KeyframeAnimationKeys.timingFunctions {
                    guard case .array(let items) = assignment.value else {
                        warn(assignment, "could not read \(assignment.value.summary) as timing functions: dropped")
                        continue
                    }
                    let converted = items.compactMap { convert(CoreAnimationCodeObject.Assignment(name: assignment.name, value: $0, file: assignment.file, line: assignment.line), AnimationKeys.timingFunction) }
                    if converted.count == items.count { members.append(ImportedMember(key, .array(converted))) }
                    continue
                }
                if let json = convert(assignment, key) { members.append(ImportedMember(key, json)) }
            }
        }
        if type == .keyframe, !members.contains(where: { $0.key == KeyframeAnimationKeys.values.name || $0.key == KeyframeAnimationKeys.path.name }) {
            warn(label, "dropped: a keyframe animation needs values or a path, and neither could be read", file: object.file, line: object.line)
            return nil
        }
        if type == .spring {
            for key in [SpringAnimationKeys.mass, SpringAnimationKeys.stiffness, SpringAnimationKeys.damping, SpringAnimationKeys.initialVelocity,
                        SpringAnimationKeys.perceptualDuration, SpringAnimationKeys.bounce] {
                guard let assignment = object.assignment(Self.codeName(key)) else { continue }
                handled.insert(assignment.name)
                if let json = convert(assignment, key) { members.append(ImportedMember(key, json)) }
            }
        }
        members += timing(object, skipping: handled)
        return .object(members)
    }

    /// A keyframe animation of `contents` whose values are images (`UIImage(named:)…cgImage`,
    /// the export's texture helper): an image sequence, its values the effect's textures by
    /// name; nil for anything else.
    mutating func contentsKeyframes(_ object: CoreAnimationCodeObject, keyPath: String, type: Animation.AnimationType, label: String) -> ImportedJSON? {
        let valuesKey = Self.codeName(KeyframeAnimationKeys.values)
        guard type == .keyframe, keyPath == Self.codeName(ImageLayerKeys.contents), let assignment = object.assignment(valuesKey),
              case .array(let items) = assignment.value, !items.isEmpty,
              items.allSatisfy({ if case .image = $0 { return true }; if case .builtinTexture = $0 { return true }; return false }) else { return nil }
        var members: [ImportedMember] = [ImportedMember(AnimationKeys.type, .name(type)), ImportedMember(AnimationKeys.keyPath, .string(keyPath))]
        let textures = items.map { ImportedJSON.string(contents(.init(name: valuesKey, value: $0, file: assignment.file, line: assignment.line), cellName: label)) }
        members.append(ImportedMember(KeyframeAnimationKeys.values, .array(textures)))
        var handled: Set<String> = [CoreAnimationCodeObject.classKey, Self.codeName(AnimationKeys.keyPath), valuesKey]
        for key in [KeyframeAnimationKeys.keyTimes, KeyframeAnimationKeys.calculationMode] {
            guard let given = object.assignment(Self.codeName(key)) else { continue }
            handled.insert(given.name)
            if let json = convert(given, key) { members.append(ImportedMember(key, json)) }
        }
        members += timing(object, skipping: handled)
        return .object(members)
    }

    /// An animation's timing and flags (`duration`, `beginTime`, `fillMode`,
    /// `isRemovedOnCompletion`, `timingFunction`, …), noting where it ends for the effect's duration.
    mutating func timing(_ object: CoreAnimationCodeObject, skipping: Set<String>) -> [ImportedMember] {
        var members: [ImportedMember] = []
        var beginTime = 0.0, duration = 0.25, repeats = 1.0
        for assignment in object.assignments where !skipping.contains(assignment.name) {
            // The Swift names (isRemovedOnCompletion), the Objective-C ones and fx's alike.
            guard let descriptor = Self.descriptor(assignment.name, of: .animation)
                    ?? PropertyRegistry.property(assignment.name, of: .animation) else {
                warn(assignment, "dropped: fx has no \(assignment.name) on a basic animation")
                continue
            }
            if descriptor == MediaTimingKeys.beginTime, assignment.value.number == 0 { continue }
            // spring.duration = spring.settlingDuration: fx's spring lasts its settling time when
            // no duration is given.
            if descriptor == MediaTimingKeys.duration, case .symbol("settlingDuration") = assignment.value { continue }
            if let json = convert(assignment, descriptor) {
                members.append(ImportedMember(descriptor, json))
                if descriptor == MediaTimingKeys.beginTime, let number = assignment.value.number { beginTime = number }
                if descriptor == MediaTimingKeys.duration, let number = assignment.value.number { duration = number }
                if descriptor == MediaTimingKeys.repeatCount, let number = assignment.value.number { repeats = number.isFinite ? max(1, number) : 1 }
            }
        }
        animationEnd = max(animationEnd, beginTime + duration * repeats)
        return members
    }

    /// The property a key path on the layer animates: `birthRate`, `emitterPosition`,
    /// `emitterCells.NAME.velocity`, `emitterCells.A.emitterCells.B.scale` (cells by name).
    func descriptor(forKeyPath keyPath: String, on layer: Int) -> PropertyDescriptor? {
        var parts = keyPath.split(separator: ".").map(String.init)
        var kind = CoreAnimationCodeObject.Kind.emitterLayer
        var current = config.objects[layer]
        let cellsKey = Self.codeName(EmitterLayerKeys.emitterCells)
        while parts.count >= 3, parts[0] == cellsKey {
            guard case .array(let items)? = current.value(cellsKey),
                  let found = items.first(where: {
                      guard case .object(let cell) = $0 else { return false }
                      let object = config.objects[cell]
                      if case .string(let cellName)? = object.value(Self.codeName(EmitterCellKeys.name)) { return cellName == parts[1] }
                      return object.variableName == parts[1]
                  }), case .object(let cell) = found else { return nil }
            current = config.objects[cell]
            kind = .emitterCell
            parts.removeFirst(2)
        }
        guard parts.count == 1 else { return nil }
        return Self.descriptor(parts[0], of: kind)
    }
}
