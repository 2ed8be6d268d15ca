import FXCore
import Foundation

/// The panel's editor of structured keys declared member by member in the registry
/// (``PropertyDescriptor/members``): a cell's `spriteFrames`, a layer's
/// `timeOffsetFollowsPointer`, and any key declared so later (a cell's `turbulence` and `trail`,
/// an emitter's `fields` and `colliders`) without code here. Each is a row that opens onto one
/// control per member, by the member's form; a list of objects
/// (``PropertyDescriptor/isListOfObjects``) shows each element under its name and type, with
/// "add" and "remove".
///
/// Values are read from the file's text (``StructuredValue``), so a member the file leaves out
/// shows its default, dimmed. An edit goes live when a running effect's key path reaches the
/// member by names (``AnimatableKeyPath`` resolves `fields.NAME.strength`, say): the file gets
/// the token and the player the value, as for any animatable property. Otherwise the value is
/// written into the file at the member's place (`….spriteFrames.columns`, `….fields[0].radius`)
/// and the effect is played again from the text at the same moment.
extension PropertyPanel {
    /// Whether the panel edits `property` member by member.
    static func isEditedByMembers(_ property: PropertyDescriptor) -> Bool {
        property.form == .structure && !property.members.isEmpty
    }

    /// The rows of a structured key written at `keyPath` (`LAYER.KEY`,
    /// `LAYER.emitterCells.NAME.KEY`, `LAYER.emitterCells[0].KEY`). `layer` is the selected
    /// layer's running model, on which key paths by names are resolved.
    func drawStructureRows(_ property: PropertyDescriptor, keyPath: String, layer: Layer?, player: EffectPlayer?) {
        guard let readJSON else { return }
        let value = StructuredValue(property, keyPath: keyPath, written: readJSON(keyPath))
        let open = ImGui.treeRow("##structure-" + keyPath, label: Self.displayName(property), dim: !value.isSet,
                                 openByDefault: value.isSet)
        ImGui.tooltip(Self.tooltip(property, note: Self.structureNote(property)))
        drawStructureSummary(value)
        guard open else { return }
        if property.isListOfObjects {
            for element in value.elements {
                // The name beside the tree's arrow; the type in the value column, where it has room.
                let elementOpen = ImGui.treeRow("##element-" + element.keyPath, label: element.name ?? "unnamed", dim: false,
                                                openByDefault: true)
                ImGui.tooltip(element.title + "\nwritten at " + element.keyPath)
                if let type = element.type {
                    ImGui.dimText(type)
                    ImGui.sameLine()
                }
                if editJSON != nil {
                    if ImGui.button("remove##" + element.keyPath, small: true) { remove(element.keyPath) }
                    track(element.keyPath + " remove")
                }
                guard elementOpen else { continue }
                drawMembers(element, layer: layer, player: player)
                ImGui.treePop()
            }
            if value.isSet, editJSON != nil {
                ImGui.row("", dim: true)
                if ImGui.button("add " + Self.itemNoun(property) + "##add-" + keyPath, small: true) {
                    append(value.newElementJSON, to: keyPath)
                }
                track(keyPath + " add")
            }
        } else if let element = value.elements.first {
            if element.isObject {
                drawMembers(element, layer: layer, player: player)
            } else {
                ImGui.row("", dim: true)
                ImGui.text("not an object: fix it in the file", color: (1, 0.6, 0.4, 1))
            }
        }
        ImGui.treePop()
    }

    /// What the key's value cell says: how many elements a list has, and "add" or "remove";
    /// at the cell's right end, so that a long key's name can run on into it.
    private func drawStructureSummary(_ value: StructuredValue) {
        let property = value.property
        let count = value.elements.count
        let text = !value.isSet ? "none"
            : !property.isListOfObjects ? "set"
            : count == 1 ? "1 \(Self.itemNoun(property))" : "\(count) \(Self.itemNoun(property))s"
        let button = value.isSet ? "remove" : "add"
        ImGui.alignRight(ImGui.textWidth(text) + (editJSON != nil ? ImGui.itemSpacing + ImGui.buttonWidth(button) : 0))
        if !value.isSet {
            ImGui.dimText(text)
            guard editJSON != nil else { return }
            ImGui.sameLine()
            if ImGui.button("add##" + value.keyPath, small: true) {
                if property.isListOfObjects {
                    append(value.newElementJSON, to: value.keyPath)
                } else {
                    commit(value.additionJSON, at: value.keyPath)
                }
            }
            track(value.keyPath + " add")
            return
        }
        ImGui.dimText(text)
        guard editJSON != nil else { return }
        ImGui.sameLine()
        if ImGui.button("remove##" + value.keyPath, small: true) { remove(value.keyPath) }
        track(value.keyPath + " remove")
    }

    private func drawMembers(_ element: StructuredValue.Element, layer: Layer?, player: EffectPlayer?) {
        for member in element.members {
            drawMember(member, layer: layer, player: player)
        }
    }

    /// One member's row: a control by its form, dimmed at its default when the file leaves it
    /// out, with the member's meaning as its tooltip.
    private func drawMember(_ member: StructuredValue.Member, layer: Layer?, player: EffectPlayer?) {
        let property = member.property
        ImGui.row(property.name, dim: !member.isSet)
        // The live route: a running effect's key path by names reaches the member.
        let live = member.liveKeyPath.flatMap { keyPath in Self.value(at: keyPath, on: layer).map { (keyPath, $0) } }
        let note = live != nil ? "live: \(live!.0)" : "written at \(member.keyPath); the edit plays the effect again from the file"
        let tooltip = Self.tooltip(property, note: note)
        switch property.form {
        case .enumeration(let names):
            var chosen = member.text.flatMap { names.firstIndex(of: $0) } ?? -1
            var changed = false
            ImGui.disabled(editJSON == nil) {
                ImGui.dimmed(!member.isSet) { changed = ImGui.combo("##" + member.keyPath, &chosen, items: names) }
            }
            ImGui.tooltip(tooltip)
            if changed, names.indices.contains(chosen), names[chosen] != member.text {
                commit(JSONValue.quoted(names[chosen]), at: member.keyPath)
            }
            track(member.keyPath)
        case .string:
            var entered: String?
            ImGui.disabled(editJSON == nil) {
                ImGui.dimmed(!member.isSet) { entered = ImGui.inputText("##" + member.keyPath, text: member.text ?? "") }
            }
            ImGui.tooltip(tooltip + "\nEnter applies")
            if let entered, entered != member.text { commit(JSONValue.quoted(entered), at: member.keyPath) }
            track(member.keyPath)
        case .numbers:
            drawNumbersMember(member, tooltip: tooltip)
        default:
            guard let start = live?.1 ?? member.startingValue, PropertyControl.hasControl(for: start) else {
                ImGui.dimText((member.written.map { _ in "set" } ?? Self.words(ofDefault: property)) + "  (no control yet)")
                ImGui.tooltip(tooltip)
                return
            }
            var shape = PropertyControl.Shape(property)
            if !member.isSet && member.value == nil { shape.placeholder = Self.words(ofDefault: property) }
            var edited: AnimatableValue?
            ImGui.disabled(editJSON == nil && live == nil) {
                ImGui.dimmed(!member.isSet) { edited = PropertyControl.edit(start, shape: shape, id: "##" + member.keyPath) }
            }
            ImGui.tooltip(tooltip)
            if let (keyPath, _) = live, let player {
                setLive(edited, keyPath: keyPath, player: player)
                reportRow(keyPath)
            } else {
                if let edited { commit(Self.json(edited, for: member), at: member.keyPath) }
                track(member.keyPath)
            }
        }
    }

    /// A list of numbers (`widthOverLife`) as a small field per number, with "+" (repeats the
    /// last) and "-" (drops it); any change writes the whole list.
    private func drawNumbersMember(_ member: StructuredValue.Member, tooltip: String) {
        guard case .numbers(let numbers)? = member.startingValue else { return }
        var edited: [Double]?
        // As many fields a line as fit at a readable width ("0.15"), the buttons after the last.
        let buttons: Float = 44
        let perLine = max(1, min(numbers.count, Int((ImGui.availableWidth - buttons) / 44)))
        let width = (ImGui.availableWidth - buttons) / Float(perLine) - 4
        let shape = PropertyControl.Shape(form: .number, range: member.property.range, unit: nil)
        ImGui.disabled(editJSON == nil) {
            ImGui.dimmed(!member.isSet) {
                for (index, number) in numbers.enumerated() {
                    ImGui.withID(index) {
                        ImGui.nextItemWidth(width)
                        var shown = Float(number)
                        if ImGui.dragFloat("##" + member.keyPath, &shown, speed: PropertyControl.speed(shape, magnitude: abs(number)),
                                           range: PropertyControl.range(shape.range, factor: 1), format: "%.2f") {
                            var list = numbers
                            list[index] = PropertyControl.decimal(shown)
                            edited = list
                        }
                        ImGui.tooltip(tooltip)
                        if let list = edited, list[index] != number {
                            commit(JSONValue.text(of: .numbers(list)), at: member.keyPath)
                        }
                        if index == 0 { track(member.keyPath) }
                    }
                    if index == numbers.count - 1 || (index + 1) % perLine != 0 { ImGui.sameLine(spacing: 4) }
                }
                if ImGui.button("+##more-" + member.keyPath, small: true) {
                    commit(JSONValue.text(of: .numbers(numbers + [numbers.last ?? 1])), at: member.keyPath)
                }
                ImGui.tooltip("add a number (the last repeated)")
                ImGui.sameLine(spacing: 2)
                if numbers.count > 1, ImGui.button("-##fewer-" + member.keyPath, small: true) {
                    commit(JSONValue.text(of: .numbers(Array(numbers.dropLast()))), at: member.keyPath)
                }
            }
        }
    }

    // MARK: - Edits

    /// Applies a value through the running effect's key path (and the file, through `edit`),
    /// one edit for a whole drag (the last item drawn is the control): every animatable row
    /// and structure member edited live ends here.
    func setLive(_ edited: AnimatableValue?, keyPath: String, player: EffectPlayer) {
        let held = ImGui.isItemActive
        let continuing = held && draggedKeyPath == keyPath
        draggedKeyPath = held ? keyPath : (draggedKeyPath == keyPath ? nil : draggedKeyPath)
        guard let edited else { return }
        do {
            if let edit { try edit(keyPath, edited, continuing) } else { try player.setValue(edited, forKeyPath: keyPath) }
            editError = nil
            logEvent?("panel set \(keyPath) = \(PropertyModel.describe(edited))")
        } catch {
            editError = "\(error)"
        }
    }

    /// Removes a key or an element from the file; the effect plays again from the text.
    func remove(_ keyPath: String) {
        guard let removeJSON else { return }
        do {
            try removeJSON(keyPath)
            editError = nil
            logEvent?("panel remove \(keyPath)")
        } catch {
            editError = "\(error)"
        }
    }

    /// Adds an element to a list in the file (the list too, when the file has none).
    func append(_ json: String, to keyPath: String) {
        guard let appendJSON else { return }
        do {
            try appendJSON(keyPath, json)
            editError = nil
            logEvent?("panel add \(keyPath) = \(json)")
        } catch {
            editError = "\(error)"
        }
    }

    // MARK: - Words

    /// A value as the member's JSON: an angle the file writes in degrees stays in degrees.
    static func json(_ value: AnimatableValue, for member: StructuredValue.Member) -> String {
        if member.property.form == .angle, case .number(let radians) = value, case .string(let text)? = member.written?.value,
           text.trimmingCharacters(in: .whitespaces).hasSuffix("deg") {
            return JSONValue.quoted(JSONValue.text(of: PropertyControl.decimal(Float(radians * 180 / .pi))) + "deg")
        }
        return JSONValue.text(of: value)
    }

    /// A default in a few words for a field too narrow for a sentence: "none" for "none: once
    /// over the particle's life", "default" for a long one (the tooltip has it whole).
    static func words(ofDefault property: PropertyDescriptor) -> String {
        let text = property.defaultDescription.replacingOccurrences(of: "`", with: "")
        // No default: the member is required, or belongs to another kind (a circle collider's
        // radius on a line); "—" is outside the font's glyphs besides.
        guard text != "—" else { return "unset" }
        let head = String(text.prefix { $0 != ":" })
        return head.count <= 22 ? head : "default"
    }

    /// What one element of a list of objects is called: `fields` → "field".
    static func itemNoun(_ property: PropertyDescriptor) -> String {
        property.name.hasSuffix("s") ? String(property.name.dropLast()) : "element"
    }

    /// How edits of the key reach the effect, for its tooltip.
    static func structureNote(_ property: PropertyDescriptor) -> String {
        let live = property.members.filter(\.isAnimatable).map(\.name)
        let members = "members: " + property.members.map(\.name).joined(separator: ", ")
        guard !live.isEmpty else { return members + "\nedits are written into the file and the effect plays again" }
        return members + "\nlive by key path: " + live.joined(separator: ", ") + "; the others are written into the file"
    }
}
