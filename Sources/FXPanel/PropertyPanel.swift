import CSDL2
import FXCore
import FXSDL
import FXWindow
import Foundation

/// The property panel docked right of the canvas (Tab, `fx play --panel`), drawn with Dear
/// ImGui: the run's numbers, the effect's layers and emitter cells as a tree with each cell's
/// alive and born particles, and every property the registry declares for the node selected,
/// with a control by its kind. Animatable properties edit the running effect through
/// `EffectPlayer.setValue(_:forKeyPath:)`, as a program embedding fx would; the others are shown
/// and marked "(not live)".
final class PropertyPanel {
    /// The panel's width in window pixels: what the window grows by when it shows.
    static let width = 320

    /// A node of the tree: a layer by its unique name, or one of its emitter cells by the
    /// indexes from the layer's `emitterCells` down (indexes, because a cell may have no name).
    struct Node: Equatable {
        var layer: String
        var cells: [Int] = []
        /// An animation's indexes: in the layer's `animations`, then in each group's.
        var animation: [Int] = []
    }

    /// The window's own averaged timings, shown at the top.
    struct Timings {
        var fps = 0.0
        var stepMilliseconds = 0.0
        var renderMilliseconds = 0.0
    }

    private let imgui: ImGuiContext
    /// Writes script events (a row's place, an edit) when the window reports events; nil otherwise.
    let logEvent: ((String) -> Void)?
    private(set) var selection: Node?
    /// The effect's `textures` (name → image file): what the `contents` control offers first.
    var declaredTextures: [String: String] = [:]
    /// Why the last edit was refused, until the next edit goes through.
    var editError: String?
    /// Makes an edit: the window records it in the file's text and applies it to the running
    /// effect (`continuing` while one drag goes on, so that the drag is undone at once). Nil:
    /// edits go straight to the player, and nothing is saved.
    var edit: ((_ keyPath: String, _ value: AnimatableValue, _ continuing: Bool) throws -> Void)?
    /// Sets a key path to a value written as JSON (an enumeration's name, an animation's
    /// duration, a stop of `colorOverLife`): what cannot change live; the window plays the
    /// effect again from the edited text (`continuing` while one drag goes on). Nil: such
    /// values are shown only.
    var editJSON: ((_ keyPath: String, _ json: String, _ continuing: Bool) throws -> Void)?
    /// The value at a key path as the file writes it (nil when the file does not set it):
    /// what structured keys are read from. Nil: they are shown, not edited.
    var readJSON: ((String) -> JSONNode?)?
    /// Removes a key, a member or a list's element from the file; the window plays the effect
    /// again from the edited text.
    var removeJSON: ((_ keyPath: String) throws -> Void)?
    /// Adds an element written as JSON to the list at a key path (the list too, when the file
    /// has none); the window plays the effect again from the edited text.
    var appendJSON: ((_ keyPath: String, _ json: String) throws -> Void)?
    /// Whether the file sets a key path (the others show their default, dimmed); nil: a value
    /// equal to the registry's default counts as not set.
    var isSetInFile: ((String) -> Bool)?
    /// A line about the file: unsaved edits, a save, edits dropped by a reload.
    var fileStatus: (text: String, isWarning: Bool)?
    /// Saves the effect as the file at a path (the window checks it at once, writes it once
    /// the panel has drawn). Nil: no file to save.
    var saveAs: ((_ path: String, _ overwrite: Bool) -> SaveAsOutcome)?
    /// The path a Save as… starts from (the window's suggestion).
    var suggestedSaveAsPath: (() -> String)?
    /// The Export… menu's formats and the export (the window's). Nil: no file to export.
    var export: WindowExport?
    /// The Save as… field while it is open (PropertyPanel+SaveAs).
    var saveAsField: SaveAsField?
    /// The filter over the selected item's properties, and its state (PropertyPanel+Filter).
    var filter = PropertyFilter()
    /// Changes the effect's layers or cells; nil: no file to edit (PropertyPanel+TreeEditing).
    var editStructure: ((StructureEdit) throws -> Void)?
    /// The row over the tree and what it shows (PropertyPanel+TreeEditing).
    var treeEditing = TreeEditingState()
    /// The image files beside the effect that `contents` offers, and how one is chosen; nil:
    /// the effect has no file.
    var imageFiles: (() -> [String])?
    var useImageFile: ((_ keyPath: String, _ file: String) throws -> Void)?
    /// The window's playback, and the transport's own state (PropertyPanel+Transport).
    var transport: WindowTransport?
    var transportControls = TransportControls()
    /// Enter or Escape went down while a field of the panel took typing: read by the filter
    /// and the Save as… field as the frame is built (a key pressed and let go between two
    /// frames still counts).
    var typedKeys: (enter: Bool, escape: Bool) = (false, false)
    /// The key path being dragged, while its field is held.
    var draggedKeyPath: String?
    /// The rectangles of the editable rows last reported, by key path, so that a script finds a
    /// control to drag; reported again when one moves.
    private var reportedRows: [String: String] = [:]
    /// The panel's own cost, summed over half a second of the window's clock, then shown.
    private var spentSeconds = 0.0, spentFrames = 0, averagedSince = 0.0
    /// Milliseconds per frame the panel took (building and drawing its widgets), averaged.
    private(set) var shownMilliseconds = 0.0
    /// The selected stop or point of each over-life editor, by its key path, and the one being dragged.
    var overLifeSelection: [String: Int] = [:]
    var overLifeDrag: (id: String, index: Int)?
    /// The part of a transform being dragged (its control's identity).
    var heldPart: String?
    /// The last frame's widgets, drawn, and when they were built.
    private let cache = PanelFrameCache()
    /// Input arrived since the last frame; the window's clock at the last input.
    private var hadInput = true
    private var lastInput = 0.0

    /// The name column's width, in pixels: long enough for `tangentialAcceleration`.
    static let nameWidth: Float = 148

    init(imgui: ImGuiContext, logEvent: ((String) -> Void)?) {
        self.imgui = imgui
        self.logEvent = logEvent
    }

    /// Hands ImGui an event; returns what it wants of the input.
    func process(_ event: inout SDL_Event) -> (wantsMouse: Bool, wantsKeyboard: Bool) {
        noteTypedKey(event)
        // A key the panel claimed (a field about to have the keyboard, the kinds of layer
        // listed) is the panel's even when ImGui does not take it: the window must not see it.
        let claimed = wantsKeyboard
        let wants = imgui.process(&event)
        return (wants.wantsMouse, wants.wantsKeyboard || claimed)
    }

    /// Whether the panel takes typing now: a field is being typed into, or one asked for the
    /// keyboard and is about to have it, or the kinds of layer to add are listed (Escape
    /// closes the list).
    var wantsKeyboard: Bool {
        imgui.wants.wantsKeyboard || filter.focus.isPending || saveAsField?.focus.isPending == true || treeEditing.focus.isPending
            || treeEditing.mode == .choosingLayerType
    }

    /// Draws the panel over the rectangle (window pixels), reading and editing `player`, and
    /// counts what that cost; `clock` is the window's clock, which the shown average goes by.
    ///
    /// Widgets are built and drawn only when something can have changed: for half a second
    /// after any input, while a control is held or a popup is open, and otherwise four times a
    /// second (the numbers it shows). The frame is drawn into a texture the size of the window
    /// (ImGui draws in window pixels), and in between the panel's strip is copied from it: an
    /// idle panel costs one copy, not ImGui's thousands of triangles, which a software GL
    /// (Mesa's llvmpipe) draws slowly. A frame that draws outside the strip (a tooltip or a
    /// picker over the canvas) is drawn on the window directly, and the next frame is built again.
    func draw(player: EffectPlayer, renderer: OpaquePointer, x: Float, y: Float, width: Float, height: Float,
              timings: Timings, clock: Double) {
        let start = SDLClock.seconds()
        if hadInput {
            hadInput = false
            lastInput = clock
        }
        if cache.needsFrame(clock: clock, lastInput: lastInput, refreshInterval: Self.refreshInterval) {
            imgui.newFrame()
            ImGui.docked("##fx-panel", x: x, y: y, width: width, height: height) {
                drawContents(player, height: height, timings: timings)
            }
            let busy = ImGui.isAnyItemActive || ImGui.isAnyPopupOpen
            let bounds = imgui.endFrame()
            let inside = bounds.map { $0.left >= x - 1 && $0.top >= y - 1 && $0.right <= x + width + 1 && $0.bottom <= y + height + 1 } ?? true
            if !(inside && cache.draw(renderer: renderer, clock: clock, busy: busy, imgui.draw)) {
                imgui.draw()
                cache.invalidate()
            }
        }
        cache.copy(renderer: renderer, x: x, y: y, width: width, height: height)
        drawScrubberBar(renderer: renderer)
        spentSeconds += SDLClock.seconds() - start
        spentFrames += 1
        if clock - averagedSince >= 0.5 {
            shownMilliseconds = spentSeconds / Double(spentFrames) * 1000
            spentSeconds = 0
            spentFrames = 0
            averagedSince = clock
        }
    }

    /// How often an idle panel builds its widgets again, in seconds: its numbers (particles,
    /// timings) change at this rate.
    static let refreshInterval = 0.25

    /// Says that input arrived (any event, the panel's or the window's): the panel builds its
    /// widgets every frame for a while, so that hovering, dragging and typing show at once.
    func noteInput() {
        hadInput = true
    }

    /// Makes the next frame build the widgets again (the effect changed under the panel).
    func invalidate() {
        cache.invalidate()
    }

    private func drawContents(_ player: EffectPlayer, height: Float, timings: Timings) {
        let effect = player.effect
        let counts = Self.cellCounts(player.snapshot())
        applyPendingTreeSelection(in: effect)
        keepSelectionValid(in: effect)
        drawHeader(player, timings: timings)
        ImGui.spacing()
        // The tree takes what its rows need, up to a third of the height; the properties the rest.
        let treeHeight = max(72, min(height * 0.34, Float(30 + 22 * Self.nodeCount(effect))))
        // The row that edits the tree is above it, where it stays as the tree grows.
        ImGui.child("##tree-editing", height: ImGui.lineHeight) { drawTreeEditingRow(effect) }
        ImGui.child("##tree", height: treeHeight, border: true) {
            if treeEditing.mode == .choosingLayerType {
                drawLayerTypeChoices(effect)
            } else {
                drawTree(effect, counts: counts)
            }
        }
        ImGui.spacing()
        drawFilterField()
        ImGui.child("##properties", height: 0) {
            filter.beginFrame()
            drawProperties(player, effect: effect, counts: counts)
            endFilterFrame()
        }
        typedKeys = (false, false)
    }

    // MARK: - The numbers

    private func drawHeader(_ player: EffectPlayer, timings: Timings) {
        let stats = player.stats
        ImGui.text(player.effect.name, color: (0.55, 0.75, 1, 1))
        drawSaveAsButton()
        // (The time shows in the transport, under these lines.)
        let particles = "\(stats.liveParticles) / \(player.effect.maxParticles) particles"
        if stats.budgetReached {
            ImGui.text(particles + ": births paused", color: (1, 0.7, 0.35, 1))
        } else {
            ImGui.text(particles + String(format: "  \u{B7}  %.0f fps", timings.fps))
        }
        ImGui.tooltip("Live particles / the effect's budget (maxParticles); when it is reached, births pause until particles die.")
        ImGui.dimText(String(format: "ms: step %.3f  \u{B7}  render %.2f  \u{B7}  panel %.2f",
                             timings.stepMilliseconds, timings.renderMilliseconds, shownMilliseconds))
        drawTransport()
        // The status line (or the Save as… field) has its room whether or not it shows, so
        // that the rows below never move when it appears.
        drawStatusArea()
    }

    /// Alive and born particles by `LAYER|CELL PATH` (the snapshot's cell paths,
    /// `emitterCells.red.emitterCells.spark`).
    static func cellCounts(_ snapshot: SimulationSnapshot) -> [String: (alive: Int, born: Int)] {
        var counts: [String: (alive: Int, born: Int)] = [:]
        for emitter in snapshot.emitters {
            for cell in emitter.cells { counts[emitter.name + "|" + cell.path] = (cell.particles.count, cell.born) }
        }
        return counts
    }

    // MARK: - The tree

    private static func nodeCount(_ effect: Effect) -> Int {
        func cells(_ list: [EmitterCell]) -> Int { list.reduce(0) { $0 + 1 + cells($1.emitterCells) } }
        func animations(_ list: [Animation]) -> Int {
            list.reduce(0) { count, animation in
                if case .group(let children) = animation.spec { return count + 1 + animations(children) }
                return count + 1
            }
        }
        return effect.allLayers().reduce(0) { $0 + 1 + cells($1.layer.emitter?.emitterCells ?? []) + animations($1.layer.ownAnimations) }
    }

    private func drawTree(_ effect: Effect, counts: [String: (alive: Int, born: Int)]) {
        ImGui.table("##tree-table", columns: ("layer / cell", 0, "alive / born", 92), headers: true) {
            for layer in effect.layers { drawLayerNode(layer, counts: counts) }
        }
    }

    private func drawLayerNode(_ layer: Layer, counts: [String: (alive: Int, born: Int)], isMask: Bool = false) {
        let name = layer.identifier
        let node = Node(layer: name)
        let cells = layer.emitter?.emitterCells ?? []
        ImGui.nextRow()
        ImGui.column(0)
        let isLeaf = cells.isEmpty && layer.sublayers.isEmpty && layer.ownAnimations.isEmpty && layer.mask == nil
        let (open, clicked) = ImGui.treeNode("##layer-\(name)", label: (isMask ? "mask: " : "") + "\(name)  (\(layer.type.rawValue))",
                                             leaf: isLeaf, selected: selection == node)
        if clicked { select(node) }
        ImGui.column(1)
        if layer.type == .emitter {
            let totals = counts.filter { $0.key.hasPrefix(name + "|") }.values.reduce((0, 0)) { ($0.0 + $1.alive, $0.1 + $1.born) }
            ImGui.dimText("\(totals.0) / \(totals.1)")
        }
        guard open else { return }
        for (index, cell) in cells.enumerated() {
            drawCellNode(cell, layer: name, indexes: [index], path: "emitterCells." + (cell.name ?? "[\(index)]"), counts: counts)
        }
        for (index, animation) in layer.ownAnimations.enumerated() { drawAnimationNode(animation, layer: name, indexes: [index]) }
        if let mask = layer.mask { drawLayerNode(mask, counts: counts, isMask: true) }
        for sublayer in layer.sublayers { drawLayerNode(sublayer, counts: counts) }
        ImGui.treePop()
    }

    /// - Parameter groupDuration: the enclosing group's simple duration, which a child without
    ///   a duration of its own lasts (nil at the top).
    private func drawAnimationNode(_ animation: Animation, layer: String, indexes: [Int], groupDuration: Double? = nil) {
        let node = Node(layer: layer, animation: indexes)
        var children: [Animation] = []
        if case .group(let list) = animation.spec { children = list }
        ImGui.nextRow()
        ImGui.column(0)
        let id = "##animation-\(layer)-" + indexes.map(String.init).joined(separator: ".")
        let (open, clicked) = ImGui.treeNode(id, label: Self.label(of: animation), leaf: children.isEmpty,
                                             selected: selection == node, openByDefault: false)
        if clicked { select(node) }
        reportRow("node " + Self.animationPath(layer: layer, indexes: indexes))
        ImGui.column(1)
        let duration = animation.duration(inGroupOfDuration: groupDuration)
        ImGui.dimText(String(format: "%.3g s", duration))
        guard open else { return }
        for (index, child) in children.enumerated() {
            drawAnimationNode(child, layer: layer, indexes: indexes + [index], groupDuration: duration)
        }
        ImGui.treePop()
    }

    private func drawCellNode(_ cell: EmitterCell, layer: String, indexes: [Int], path: String,
                              counts: [String: (alive: Int, born: Int)]) {
        let node = Node(layer: layer, cells: indexes)
        ImGui.nextRow()
        ImGui.column(0)
        let label = cell.name ?? "cell \(indexes.last ?? 0) (unnamed)"
        let (open, clicked) = ImGui.treeNode("##cell-\(layer)-\(path)", label: label, leaf: cell.emitterCells.isEmpty,
                                             selected: selection == node)
        if clicked { select(node) }
        ImGui.column(1)
        let count = counts[layer + "|" + path]
        ImGui.text(count.map { "\($0.alive) / \($0.born)" } ?? "-")
        guard open else { return }
        for (index, sub) in cell.emitterCells.enumerated() {
            drawCellNode(sub, layer: layer, indexes: indexes + [index], path: path + ".emitterCells." + (sub.name ?? "[\(index)]"),
                         counts: counts)
        }
        ImGui.treePop()
    }

    func select(_ node: Node) {
        guard node != selection else { return }
        selection = node
        editError = nil
        reportedRows = [:]
        logEvent?("panel selected " + node.layer + node.cells.map { ".emitterCells[\($0)]" }.joined()
                  + (node.animation.isEmpty ? "" : ".animations" + node.animation.map { "[\($0)]" }.joined()))
    }

    /// Selects the first emitter cell (what one tunes first), or the first layer, when nothing
    /// is selected or the selection is gone (a reload removed it).
    private func keepSelectionValid(in effect: Effect) {
        if let selection, let layer = Self.layer(named: selection.layer, in: effect),
           selection.cells.isEmpty || Self.cell(at: selection.cells, in: layer) != nil,
           selection.animation.isEmpty || Self.animation(at: selection.animation, in: layer) != nil {
            return
        }
        let layers = effect.allLayers().map(\.layer)
        if let emitter = layers.first(where: { !($0.emitter?.emitterCells.isEmpty ?? true) }) {
            select(Node(layer: emitter.identifier, cells: [0]))
        } else if let first = layers.first {
            select(Node(layer: first.identifier))
        } else {
            selection = nil
        }
    }

    /// The layer of this unique name (masks included).
    static func layer(named name: String, in effect: Effect) -> Layer? {
        effect.allLayers().first { $0.layer.identifier == name }?.layer
    }

    /// The cell at `indexes` under `layer`, with the names on the way (nil for an unnamed one).
    static func cell(at indexes: [Int], in layer: Layer) -> (cell: EmitterCell, names: [String?])? {
        var list = layer.emitter?.emitterCells ?? []
        var names: [String?] = []
        var found: EmitterCell?
        for index in indexes {
            guard list.indices.contains(index) else { return nil }
            found = list[index]
            names.append(list[index].name)
            list = list[index].emitterCells
        }
        return found.map { ($0, names) }
    }

    // MARK: - The properties

    private func drawProperties(_ player: EffectPlayer, effect: Effect, counts: [String: (alive: Int, born: Int)]) {
        declaredTextures = effect.textures
        guard let selection, let layer = Self.layer(named: selection.layer, in: effect) else {
            ImGui.dimText("Select a layer or a cell above.")
            return
        }
        if !selection.animation.isEmpty {
            guard let animation = Self.animation(at: selection.animation, in: layer) else { return }
            drawAnimationProperties(animation, layer: layer, indexes: selection.animation)
        } else if selection.cells.isEmpty {
            ImGui.text("\(layer.identifier)", color: (0.55, 0.75, 1, 1))
            ImGui.sameLine()
            ImGui.dimText(Self.coreAnimationClass(layer.type))
            let rows = PropertyRegistry.layerProperties(for: layer.type)
            let model = PropertyModel(layer)
            drawTable("##layer", rows, keyPrefix: layer.identifier + ".", player: player, layer: layer, model: model)
            drawTimingEditor(layer.timing, path: layer.identifier)
        } else {
            guard let (cell, names) = Self.cell(at: selection.cells, in: layer) else { return }
            // A key path reaches a cell only by names: an unnamed cell (or one under it) is shown, not edited.
            let named = names.compactMap { $0 }
            let keyPrefix = named.count == names.count
                ? layer.identifier + "." + named.map { "emitterCells.\($0)." }.joined() : nil
            let path = zip(selection.cells, names).map { "emitterCells." + ($1 ?? "[\($0)]") }.joined(separator: ".")
            ImGui.text(cell.name ?? "unnamed cell", color: (0.55, 0.75, 1, 1))
            ImGui.sameLine()
            ImGui.dimText("cell of \(layer.identifier)")
            let count = counts[layer.identifier + "|" + path]
            ImGui.dimText("alive \(count?.alive ?? 0)  \u{B7}  born \(count?.born ?? 0)")
            drawBudget(cell, layer: layer, isSubcell: selection.cells.count > 1, maxParticles: effect.maxParticles)
            // A key path reaches a cell only by names: an unnamed cell (or one under it) is
            // edited in the file by its place (`LAYER.emitterCells[0].birthRate`), and the
            // effect played again from the text, as for what cannot change live.
            let filePrefix = keyPrefix ?? layer.identifier + "." + selection.cells.map { "emitterCells[\($0)]." }.joined()
            if keyPrefix == nil {
                ImGui.wrappedText("Unnamed: no key path reaches it live, so an edit plays the effect again from the file. "
                                  + "Give it a \"name\" to tune it live.", color: (1, 0.75, 0.4, 1))
            }
            // The values over life have their own editors, above the table.
            drawOverLife(cell, keyPrefix: filePrefix)
            let rows = PropertyRegistry.properties(of: .emitterCell).filter { !Self.overLifeKeys.contains($0.name) }
            drawTable("##cell", rows, keyPrefix: keyPrefix, player: player, layer: layer,
                      model: PropertyModel(cell), fileValues: keyPrefix == nil ? (filePrefix, { $0.value(on: cell) }) : nil)
            drawTimingEditor(cell.timing, path: String(filePrefix.dropLast()))
        }
        if let editError {
            ImGui.spacing()
            ImGui.wrappedText(editError, color: (1, 0.45, 0.45, 1))
        }
    }

    /// The cell's share of the particle budget: how many it keeps alive once emission is
    /// steady (birth rate × the layer's birth rate and lifetime scales × lifetime, as Core
    /// Animation multiplies them), against the effect's `maxParticles`, which every cell
    /// shares. A sub-cell's count is per parent particle.
    private func drawBudget(_ cell: EmitterCell, layer: Layer, isSubcell: Bool, maxParticles: Int) {
        let emitter = layer.emitter ?? EmitterProperties()
        let steady = cell.birthRate * emitter.birthRate * cell.lifetime * emitter.lifetime
        let extensions = cell.extensions
        let bursts = extensions.burstCount
        // How the bursts come: once, repeated (how often and how many times), or on each
        // parent's birth or death.
        var burstText = "bursts \(bursts) at once"
        if isSubcell && extensions.emitOn != .life {
            burstText = "\(bursts) at each parent's \(extensions.emitOn.rawValue)"
        } else if extensions.burstInterval > 0 {
            burstText = "bursts \(bursts) every \(PropertyModel.describe(extensions.burstInterval)) s"
                + (extensions.burstCycles > 0 ? ", \(extensions.burstCycles) times" : "")
        }
        let text = steady == 0 || (isSubcell && extensions.emitOn != .life)
            ? (bursts > 0 ? burstText + "; no steady emission" : "no births: birthRate or lifetime is 0")
            : isSubcell
            ? String(format: "steady ~%.4g per parent particle", steady)
            : String(format: "steady ~%.4g alive  \u{B7}  %.2g%% of %d", steady, steady / Double(max(maxParticles, 1)) * 100, maxParticles)
        ImGui.dimText(text)
        ImGui.tooltip("birthRate \u{D7} lifetime, times the emitter layer's birthRate and lifetime scales: the particles this cell "
                      + "keeps alive once emission is steady (bursts come on top). Every cell shares the effect's maxParticles; "
                      + "when it is reached, births pause.")
    }

    /// The Core Animation class a layer type stands for.
    static func coreAnimationClass(_ type: Layer.LayerType) -> String {
        switch type {
        case .layer: return "CALayer"
        case .emitter: return "CAEmitterLayer"
        case .replicator: return "CAReplicatorLayer"
        case .gradient: return "CAGradientLayer"
        case .shape: return "CAShapeLayer"
        case .text: return "CATextLayer"
        case .image: return "CALayer with contents"
        }
    }

    /// - Parameter layer: the selected layer's model (the player's, with its run-time changes),
    ///   which the values are read from: through a key path resolved on it, not through the
    ///   player, which would present every layer of the effect for each row.
    /// - Parameter fileValues: for what no key path reaches (an unnamed cell), its place in the
    ///   file (`LAYER.emitterCells[0].`) and how to read a property's value on
    ///   it: values are written at that place, and the effect is played again.
    private func drawTable(_ id: String, _ properties: [PropertyDescriptor], keyPrefix: String?, player: EffectPlayer?,
                           layer: Layer?, model: PropertyModel,
                           fileValues: (prefix: String, read: (PropertyDescriptor) -> AnimatableValue?)? = nil) {
        ImGui.table(id, columns: ("property", Self.nameWidth, "value", 0)) {
            for property in properties where filter.shows(property) {
                if Self.isEditedByMembers(property), readJSON != nil,
                   let path = keyPrefix.map({ $0 + property.name }) ?? fileValues.map({ $0.prefix + property.name }) {
                    drawStructureRows(property, keyPath: path, layer: layer, player: player)
                    continue
                }
                if Self.isPalette(property), let cell = model.cell, editJSON != nil,
                   let path = keyPrefix.map({ $0 + property.name }) ?? fileValues.map({ $0.prefix + property.name }) {
                    drawPaletteRows(property, cell: cell, keyPath: path)
                    continue
                }
                if property == EmitterCellKeys.contents, let cell = model.cell, editJSON != nil,
                   let path = keyPrefix.map({ $0 + property.name }) ?? fileValues.map({ $0.prefix + property.name }) {
                    drawContentsRow(property, current: cell.contents, path: path)
                    continue
                }
                if let fileValues, property.isAnimatable, let value = fileValues.read(property),
                   PropertyControl.hasControl(for: value), editJSON != nil {
                    let path = fileValues.prefix + property.name
                    ImGui.row(Self.displayName(property), dim: property.defaultValue == value)
                    var edited: AnimatableValue?
                    ImGui.dimmed(property.defaultValue == value) { edited = PropertyControl.edit(value, of: property, id: "##" + path) }
                    ImGui.tooltip(Self.tooltip(property, note: "no key path reaches it live: the edit plays the effect again from the file"))
                    if let edited { commit(JSONValue.text(of: edited), at: path) }
                    track(path)
                    continue
                }
                // What does not animate (a burst's count and interval, a prewarm, a cell's
                // emitOn) is still tuned here: written into the file, and the effect plays
                // again from the text at the same moment.
                if !property.isAnimatable, editJSON != nil,
                   let path = keyPrefix.map({ $0 + property.name }) ?? fileValues.map({ $0.prefix + property.name }) {
                    if let value = model.cell.flatMap(property.value(on:)) ?? (model.cell == nil ? layer.flatMap(property.value(on:)) : nil),
                       PropertyControl.hasControl(for: value) {
                        ImGui.row(Self.displayName(property), dim: property.defaultValue == value)
                        var edited: AnimatableValue?
                        ImGui.dimmed(property.defaultValue == value) { edited = PropertyControl.edit(value, of: property, id: "##" + path) }
                        reportRow(path)
                        ImGui.tooltip(Self.tooltip(property, note: "not animatable: an edit plays the effect again from the file"))
                        if let edited { commit(JSONValue.text(of: edited), at: path) }
                        track(path)
                        continue
                    }
                    if case .enumeration = property.form, model.cell != nil, let current = model.text(of: property) {
                        choiceRow(property, current: current, path: path)
                        continue
                    }
                }
                let keyPath = keyPrefix.map { $0 + property.name }
                let value = property.isAnimatable ? keyPath.flatMap { Self.value(at: $0, on: layer) } : nil
                if case .transform(let transform)? = value, let keyPath, let player {
                    drawTransformRows(property, value: transform, keyPath: keyPath, player: player)
                    continue
                }
                if let value, let keyPath, let player, PropertyControl.hasControl(for: value) {
                    // A value an animation drives is edited in the animation.
                    if let layer, drawAnimatedRow(property, keyPath: keyPath, layer: layer, player: player) { continue }
                    drawEditableRow(property, value: value, keyPath: keyPath, player: player)
                    drawBand(property, mean: value, keyPath: keyPath, layer: layer)
                } else if case .enumeration = property.form, let keyPath, editJSON != nil,
                          let current = layer.flatMap(property.choice(on:)) {
                    choiceRow(property, current: current, path: keyPath)
                } else {
                    drawReadOnlyRow(property, typed: value, model: model)
                }
            }
        }
    }

    /// The property's name as the panel shows it: Core Animation's (`isHidden` for `hidden`),
    /// or fx's own key.
    static func displayName(_ property: PropertyDescriptor) -> String {
        property.coreAnimationName.map { String($0.split(separator: ".").last ?? Substring(property.name)) } ?? property.name
    }

    /// What the tooltip says: the Core Animation property or fx's key, the unit, the meaning.
    static func tooltip(_ property: PropertyDescriptor, note: String? = nil) -> String {
        var lines = [property.coreAnimationName ?? "\(property.name) (fx's own key)"]
        lines.append(property.summary)
        if let unit = property.unit { lines.append("unit: \(unit)" + (property.form == .angle ? ", shown in degrees" : "")) }
        lines.append("default: " + property.defaultDescription.replacingOccurrences(of: "`", with: ""))
        if let note { lines.append(note) }
        return lines.joined(separator: "\n")
    }

    private func drawEditableRow(_ property: PropertyDescriptor, value: AnimatableValue, keyPath: String, player: EffectPlayer) {
        // Not set in the file: dimmed, showing the default. Without the file's text, a value
        // equal to the registry's default counts as not set.
        let isDefault = isSetInFile.map { !$0(keyPath) } ?? (property.defaultValue == value)
        ImGui.row(Self.displayName(property), dim: isDefault)
        var edited: AnimatableValue?
        ImGui.dimmed(isDefault) {
            edited = PropertyControl.edit(value, of: property, id: "##" + keyPath)
        }
        reportRow(keyPath)
        setLive(edited, keyPath: keyPath, player: player)
        ImGui.tooltip(Self.tooltip(property))
    }

    /// For a property with a spread (the registry's ``PropertyDescriptor/spreadKey``:
    /// `lifetimeRange` for `lifetime`, `emissionRange` for `emissionLongitude`, …): the band its
    /// values are drawn from, mean ± range/2, under its row.
    private func drawBand(_ property: PropertyDescriptor, mean: AnimatableValue, keyPath: String, layer: Layer?) {
        guard case .number(let center) = mean, let spreadKey = property.spreadKey,
              case .number(let range)? = Self.value(at: String(keyPath.dropLast(property.name.count)) + spreadKey, on: layer),
              range > 0 else { return }
        let factor = property.form == .angle ? 180 / Double.pi : 1
        let unit = property.form == .angle ? "°" : (property.unit.map { " " + $0 } ?? "")
        ImGui.row("", dim: true)
        ImGui.dimText(String(format: "band %.4g to %.4g", (center - range / 2) * factor, (center + range / 2) * factor) + unit)
    }

    /// The model value at `LAYER.KEYPATH` on `layer` (whose unique name the key path starts with).
    static func value(at keyPath: String, on layer: Layer?) -> AnimatableValue? {
        guard let layer, keyPath.hasPrefix(layer.identifier + ".") else { return nil }
        return AnimatableKeyPath(String(keyPath.dropFirst(layer.identifier.count + 1)), on: layer)?.value(on: layer)
    }

    /// A cell's `contents` as a combo of fx's built-in shapes (and the file it names, when it
    /// names one): choosing one writes its name and plays the effect again from the file.
    private func drawContentsRow(_ property: PropertyDescriptor, current: TextureReference?, path: String) {
        // The effect's own textures (its `textures` names, images and atlas frames), then the
        // built-in shapes.
        let declared = declaredTextures.keys.sorted()
        // Then the image files beside the effect that no texture names yet (by their path).
        let files = imageFiles?() ?? []
        var names = declared + files + BuiltinTexture.allCases.map(\.rawValue).filter { !declared.contains($0) }
        var currentName = current?.description
        if let current, case .file(let file, _, _) = current, let name = declared.first(where: { declaredTextures[$0] == file }) {
            currentName = name
        } else if let current, case .animation(let file, _, _) = current, let name = declared.first(where: { declaredTextures[$0] == file }) {
            currentName = name
        }
        if let currentName, !names.contains(currentName) { names.insert(currentName, at: 0) }
        ImGui.row(Self.displayName(property), dim: current == nil)
        var chosen = currentName.flatMap { names.firstIndex(of: $0) } ?? -1
        let changed = ImGui.combo("##" + path, &chosen, items: names)
        reportRow(path)
        ImGui.tooltip(Self.tooltip(property, note: "the effect's textures (its \"textures\" names), the image files beside the effect "
                                   + "(in its folder and its textures folder: choosing one names it under \"textures\"), then fx's built-in shapes. "
                                   + "Changing it plays the effect again."))
        guard changed, names.indices.contains(chosen), names[chosen] != currentName else { return }
        if files.contains(names[chosen]), let useImageFile {
            do {
                try useImageFile(path, names[chosen])
                editError = nil
                logEvent?("panel set \(path) = image \(names[chosen])")
            } catch {
                editError = "\(error)"
            }
            return
        }
        commit(JSONValue.quoted(names[chosen]), at: path)
    }

    /// A value shown, not edited: `typed` for an animatable property without a control yet
    /// (a transform, a list, a path), or the model's value read by name.
    private func drawReadOnlyRow(_ property: PropertyDescriptor, typed: AnimatableValue?, model: PropertyModel) {
        let text = typed.map { PropertyModel.describe($0) } ?? model.text(of: property)
        let isDefault = typed.map { $0 == property.defaultValue } ?? (text == nil || text == model.defaultText(of: property))
        ImGui.row(Self.displayName(property), dim: isDefault)
        // "(not live)": changing it means reloading the effect (an enumeration, a name, a
        // structure, media timing; anything of a cell no key path reaches); "(no control yet)":
        // it animates, but the panel has no editor for its kind.
        let note = typed != nil ? "(no control yet)" : "(not live)"
        ImGui.dimText((text ?? "-") + "  " + note)
        ImGui.tooltip(Self.tooltip(property, note: text == nil ? "not readable from the model here yet" : nil))
    }

    /// With script events on, writes where an editable row's control is, when it first shows
    /// or moves: `panel row LAYER.KEYPATH x=… y=… w=… h=…` (window pixels), or `hidden` when
    /// it is scrolled out of sight.
    func reportRow(_ keyPath: String) {
        guard let logEvent else { return }
        let rect = ImGui.lastItemRect
        let text = ImGui.isItemVisible ? "x=\(Int(rect.x)) y=\(Int(rect.y)) w=\(Int(rect.width)) h=\(Int(rect.height))" : "hidden"
        guard reportedRows[keyPath] != text else { return }
        reportedRows[keyPath] = text
        logEvent("panel row \(keyPath) \(text)")
    }
}
