import FXCore
import FXWindow

/// The row over the tree that changes the effect's structure: add a cell (to the selected
/// emitter layer, or as a sub-cell of the selected cell), add a layer of a kind, duplicate,
/// rename, remove, and move up or down among its siblings. Each is one undoable edit of the
/// file's text (Ctrl+Z), written as ``EffectDocument``'s structure edits write it; the window
/// then plays the effect again from the text, and the panel selects what the edit made.
///
/// The row is one line high whatever it shows (the buttons, the kinds of layer to add, or the
/// rename field), so that nothing below it moves.
struct TreeEditingState {
    /// What the row shows instead of its buttons.
    enum Mode: Equatable {
        case buttons
        /// The kinds of layer "+ layer" can add.
        case choosingLayerType
        /// The rename field, with the name typed.
        case renaming(String)
    }

    var mode = Mode.buttons
    /// The rename field's claim on the keyboard.
    var focus = FieldFocus()
    /// The rename field took typing in the last frame built.
    var wasActive = false
    /// The node to select once the effect played again from the edited text has it.
    var pendingSelection: PropertyPanel.Node?
    /// Frames built since the edit while the node to select is not there yet: past a few, the
    /// edit's effect did not come (a reload failed) and the wait ends.
    var waited = 0
    /// Why the last edit of the row was refused: shown in the status room (always in sight)
    /// until the next edit of the row, or the rename field closes.
    var refusal: String?
}

extension PropertyPanel {
    /// What a command of the tree's row (or the window's keys for it) acts on: the selected
    /// layer or cell, as the structure edits name it (a cell by its indexes, which reach an
    /// unnamed one too).
    struct TreeTarget {
        var node: Node
        /// `LAYER` or `LAYER.emitterCells[0].emitterCells[1]`.
        var path: String
        var isCell: Bool
        /// Its name (a layer's unique name, or the cell's; nil for an unnamed cell).
        var name: String?
        /// Its index among its siblings, and how many they are (itself included).
        var index: Int
        var siblingCount: Int
        /// Whether it is a layer's mask (which has no siblings to move among or copies).
        var isMask: Bool
        /// An emitter layer, or a cell: what a new cell can go under.
        var takesCells: Bool
    }

    /// The selected layer or cell (nil for an animation, or nothing selected).
    func treeTarget(in effect: Effect) -> TreeTarget? {
        guard let selection, selection.animation.isEmpty, let layer = Self.layer(named: selection.layer, in: effect) else { return nil }
        let cellsKey = EmitterLayerKeys.emitterCells.name
        if !selection.cells.isEmpty {
            guard let (cell, _) = Self.cell(at: selection.cells, in: layer) else { return nil }
            var siblings = layer.emitter?.emitterCells ?? []
            for index in selection.cells.dropLast() { siblings = siblings[index].emitterCells }
            let path = layer.identifier + selection.cells.map { ".\(cellsKey)[\($0)]" }.joined()
            return TreeTarget(node: selection, path: path, isCell: true, name: cell.name, index: selection.cells.last ?? 0,
                              siblingCount: siblings.count, isMask: false, takesCells: true)
        }
        let place = Self.place(of: layer.identifier, in: effect)
        return TreeTarget(node: selection, path: layer.identifier, isCell: false, name: layer.identifier, index: place?.index ?? 0,
                          siblingCount: place?.siblings.count ?? 1, isMask: place?.isMask ?? false, takesCells: layer.type == .emitter)
    }

    // MARK: - The row

    /// The row over the tree: the buttons, the kinds of layer to add, or the rename field.
    func drawTreeEditingRow(_ effect: Effect) {
        let target = treeTarget(in: effect)
        let canEdit = editStructure != nil
        switch treeEditing.mode {
        case .buttons:
            drawTreeButtons(effect, target: target, canEdit: canEdit)
        case .choosingLayerType:
            // The kinds are listed where the tree is (PropertyPanel.drawLayerTypeChoices).
            ImGui.dimText("Add a layer of the kind chosen below")
            ImGui.sameLine()
            ImGui.alignRight(ImGui.buttonWidth("\u{D7}"))
            if ImGui.button("\u{D7}##add-layer-cancel", small: true) || typedKeys.escape {
                treeEditing.mode = .buttons
                logEvent?("panel tree add layer cancelled")
            }
            reportRow("tree add cancel")
            ImGui.tooltip("Adds no layer (Escape).")
        case .renaming(var name):
            drawRenameField(&name, target: target)
        }
    }

    /// While "+layer" is choosing, the list of kinds drawn in the tree's place: each adds a layer
    /// of its kind at the canvas's centre.
    func drawLayerTypeChoices(_ effect: Effect) {
        let target = treeTarget(in: effect)
        // Two a line: the three lines fit the tree's least height.
        let width = (ImGui.availableWidth - ImGui.itemSpacing) / 2
        for (index, type) in NewObjectTemplate.layerTypes.enumerated() {
            if index % 2 == 1 { ImGui.sameLine() }
            let label = type == .layer ? "plain" : type.rawValue
            let name = freeLayerName(type.rawValue, in: effect)
            if ImGui.button("\(label)##add-layer-\(type.rawValue)", width: width) {
                addLayer(type, effect: effect, after: target)
            }
            reportRow("tree add \(type.rawValue)")
            ImGui.tooltip("Adds a \(Self.coreAnimationClass(type)) named \(name) at the canvas's centre, at the top level, "
                          + "right after the selected layer (drawn over it).")
        }
    }

    private func drawTreeButtons(_ effect: Effect, target: TreeTarget?, canEdit: Bool) {
        let why = canEdit ? nil : "The effect has no file to edit: its structure is shown only."
        let hasTarget = canEdit && target != nil
        let canCopy = hasTarget && !(target?.isMask ?? true)
        let cellTip = target?.takesCells == true
            ? (target?.isCell == true ? "Adds a sub-cell to this cell: 6 small discs a second from each of its particles (Ctrl+N)."
                                      : "Adds a cell to this emitter layer: 30 white discs a second (Ctrl+N).")
            : "Select an emitter layer or a cell to add a cell to it."
        // (label, the row's name in the event log, enabled, tooltip, what it does)
        let buttons: [(String, String, Bool, String, () -> Void)] = [
            ("+cell", "add cell", canEdit && target?.takesCells == true, cellTip, { self.perform(.addCell, effect: effect) }),
            ("+layer", "add layer", canEdit, "Adds a layer at the top level: emitter, replicator, gradient, shape, text or plain.",
             { self.treeEditing.mode = .choosingLayerType }),
            ("copy", "duplicate", canCopy, "Duplicates the selected layer or cell right after it, with a new name (Ctrl+D).",
             { self.perform(.duplicate, effect: effect) }),
            ("rename", "rename", hasTarget, "Renames it; the animations naming it follow (F2).", { self.perform(.rename, effect: effect) }),
            ("\u{D7}", "remove", hasTarget, "Removes it (Delete); Ctrl+Z brings it back.", { self.perform(.remove, effect: effect) }),
            ("\u{2191}", "move up", canCopy && (target?.index ?? 0) > 0,
             "Moves it before its previous sibling (Ctrl+Up); a layer earlier in the list is drawn under the later ones.",
             { self.perform(.moveUp, effect: effect) }),
            ("\u{2193}", "move down", canCopy && target.map { $0.index < $0.siblingCount - 1 } ?? false,
             "Moves it after its next sibling (Ctrl+Down).", { self.perform(.moveDown, effect: effect) }),
        ]
        for (index, (label, row, enabled, tip, action)) in buttons.enumerated() {
            if index > 0 { ImGui.sameLine(spacing: 4) }
            ImGui.disabled(!enabled) {
                if ImGui.button(label + "##tree-" + row, small: true) { action() }
            }
            reportRow("tree " + row)
            ImGui.tooltip(why ?? tip)
        }
    }

    private func drawRenameField(_ name: inout String, target: TreeTarget?) {
        guard let target else {
            treeEditing.mode = .buttons
            return
        }
        let focus = treeEditing.focus.take()
        ImGui.nextItemWidth(-(ImGui.buttonWidth("rename") + ImGui.buttonWidth("\u{D7}") + 2 * ImGui.itemSpacing))
        ImGui.liveTextField("##tree-rename-field", hint: "new name", text: &name, focus: focus, capacity: 256)
        reportRow("tree rename field")
        let active = ImGui.isItemFocused
        let typing = treeEditing.wasActive || active || treeEditing.focus.isPending
        treeEditing.wasActive = active
        treeEditing.focus.settle(focused: active)
        treeEditing.mode = .renaming(name)
        ImGui.sameLine()
        let confirmed = ImGui.button("rename##tree-rename-confirm", small: true)
        ImGui.tooltip("Renames \(target.name ?? "the cell") to the name typed (Enter).")
        ImGui.sameLine()
        let cancelled = ImGui.button("\u{D7}##tree-rename-cancel", small: true)
        ImGui.tooltip("Keeps the name (Escape).")
        if cancelled || (typing && typedKeys.escape) {
            treeEditing.mode = .buttons
            treeEditing.refusal = nil
            ImGui.clearActiveField()
            logEvent?("panel tree rename cancelled")
        } else if confirmed || (typing && typedKeys.enter) {
            let newName = name.trimmingCharacters(in: .whitespaces)
            if newName == target.name {
                treeEditing.mode = .buttons
                ImGui.clearActiveField()
            } else if structureEdit(.rename(target.path, to: newName), select: target.isCell ? target.node : Node(layer: newName),
                                    describing: "rename \(target.path) to \(newName)") {
                treeEditing.mode = .buttons
                ImGui.clearActiveField()
            } else {
                treeEditing.focus.request()
            }
        }
    }

    // MARK: - The commands

    /// Carries out a command of the tree's row on the selected layer or cell (the window's
    /// keys call this too: Ctrl+N, Ctrl+D, F2, Delete, Ctrl+Up, Ctrl+Down).
    func perform(_ command: TreeCommand, effect: Effect) {
        guard editStructure != nil, let target = treeTarget(in: effect) else { return }
        switch command {
        case .addCell:
            guard target.takesCells, let layer = Self.layer(named: target.node.layer, in: effect) else { return }
            let children = target.isCell ? Self.cell(at: target.node.cells, in: layer)?.cell.emitterCells ?? [] : layer.emitter?.emitterCells ?? []
            let name = Self.freeName("cell", taken: Set(children.compactMap(\.name)))
            let node = Node(layer: target.node.layer, cells: target.node.cells + [children.count])
            structureEdit(.add(json: NewObjectTemplate.cell(named: name, isSubcell: target.isCell), under: target.path, at: nil), select: node,
                          describing: "add cell \(name) under \(target.path)")
        case .duplicate:
            guard !target.isMask else { return }
            let base = target.name ?? "cell"
            let taken: Set<String>
            if target.isCell, let layer = Self.layer(named: target.node.layer, in: effect) {
                var siblings = layer.emitter?.emitterCells ?? []
                for index in target.node.cells.dropLast() { siblings = siblings[index].emitterCells }
                taken = Set(siblings.compactMap(\.name))
            } else {
                taken = Self.layerNames(in: effect)
            }
            let name = Self.freeName(base, taken: taken)
            var node = target.node
            if target.isCell {
                node.cells[node.cells.count - 1] += 1
            } else {
                node = Node(layer: name)
            }
            structureEdit(.duplicate(target.path, as: name), select: node, describing: "duplicate \(target.path) as \(name)")
        case .rename:
            treeEditing.mode = .renaming(target.name ?? "")
            treeEditing.focus.request()
            invalidate()
        case .remove:
            var parent = Node(layer: target.node.layer, cells: Array(target.node.cells.dropLast()))
            if !target.isCell {
                // The layer holding it, or (at the top level) the first layer left.
                let holder = Self.place(of: target.node.layer, in: effect)?.parent
                    ?? effect.layers.first { $0.identifier != target.node.layer }
                parent = Node(layer: holder?.identifier ?? "")
            }
            structureEdit(.remove(target.path), select: parent, describing: "remove \(target.path)")
        case .moveUp, .moveDown:
            guard !target.isMask else { return }
            let index = target.index + (command == .moveUp ? -1 : 1)
            guard index >= 0, index < target.siblingCount else { return }
            var node = target.node
            if target.isCell { node.cells[node.cells.count - 1] = index }
            structureEdit(.move(target.path, to: index), select: node, describing: "move \(target.path) to \(index)")
        }
    }

    private func addLayer(_ type: Layer.LayerType, effect: Effect, after target: TreeTarget?) {
        let name = freeLayerName(type.rawValue, in: effect)
        // After the selected top-level layer (over it), else last (over everything).
        var index: Int?
        if let target, let top = Self.topLevelIndex(of: target.node.layer, in: effect), top + 1 < effect.layers.count {
            index = top + 1
        }
        let json = NewObjectTemplate.layer(type, named: name, canvas: effect.canvas.size)
        if structureEdit(.add(json: json, under: ".", at: index), select: Node(layer: name), describing: "add \(type.rawValue) layer \(name)") {
            treeEditing.mode = .buttons
        }
    }

    /// Makes a structure edit through the window; on success selects `node` once the effect
    /// has it. A refusal is shown under the properties (and logged).
    @discardableResult
    private func structureEdit(_ change: StructureEdit, select node: Node, describing: String) -> Bool {
        guard let editStructure else { return false }
        do {
            try editStructure(change)
            treeEditing.refusal = nil
            treeEditing.pendingSelection = node
            treeEditing.waited = 0
            logEvent?("panel tree " + describing)
            invalidate()
            return true
        } catch {
            treeEditing.refusal = "\(error)"
            logEvent?("panel tree \(describing) refused: \(error)")
            invalidate()
            return false
        }
    }

    /// Selects what the last structure edit made, once the effect played again has it.
    func applyPendingTreeSelection(in effect: Effect) {
        guard let node = treeEditing.pendingSelection else { return }
        if Self.layer(named: node.layer, in: effect).map({ node.cells.isEmpty || Self.cell(at: node.cells, in: $0) != nil }) ?? false {
            select(node)
            treeEditing.pendingSelection = nil
        } else {
            treeEditing.waited += 1
            if treeEditing.waited > 30 { treeEditing.pendingSelection = nil }
        }
    }

    // MARK: - Names

    /// `base`, or `base-2`, `base-3`, … : the first not in `taken`.
    static func freeName(_ base: String, taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var stem = Substring(base)
        // A copy of `dot-2` is `dot-3`, not `dot-2-2`.
        if let dash = base.lastIndex(of: "-"), Int(base[base.index(after: dash)...]) != nil { stem = base[..<dash] }
        var number = 2
        while taken.contains("\(stem)-\(number)") { number += 1 }
        return "\(stem)-\(number)"
    }

    /// Every layer's name and unique name: what a new layer's name must not be.
    static func layerNames(in effect: Effect) -> Set<String> {
        Set(effect.allLayers().flatMap { [$0.layer.identifier, $0.layer.name].compactMap { $0 } })
    }

    private func freeLayerName(_ base: String, in effect: Effect) -> String {
        Self.freeName(base, taken: Self.layerNames(in: effect))
    }

    /// Where the layer of unique name `identifier` is: the layer holding it (nil at the top
    /// level), its siblings (itself included; only itself for a mask), its index among them.
    static func place(of identifier: String, in effect: Effect) -> (parent: Layer?, siblings: [Layer], index: Int, isMask: Bool)? {
        func search(_ layers: [Layer], parent: Layer?) -> (parent: Layer?, siblings: [Layer], index: Int, isMask: Bool)? {
            for (index, layer) in layers.enumerated() {
                if layer.identifier == identifier { return (parent, layers, index, false) }
                if let mask = layer.mask {
                    if mask.identifier == identifier { return (layer, [mask], 0, true) }
                    if let found = search([mask], parent: layer) { return found }
                }
                if let found = search(layer.sublayers, parent: layer) { return found }
            }
            return nil
        }
        return search(effect.layers, parent: nil)
    }

    /// The index of the top-level layer that holds (or is) the layer `identifier`.
    private static func topLevelIndex(of identifier: String, in effect: Effect) -> Int? {
        var top = identifier
        while let parent = place(of: top, in: effect)?.parent { top = parent.identifier }
        return effect.layers.firstIndex { $0.identifier == top }
    }
}
