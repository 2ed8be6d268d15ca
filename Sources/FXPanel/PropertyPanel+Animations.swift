import FXCore
import Foundation

/// The panel's editor of a layer's animations (`CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation`, `CAAnimationGroup`) and of any media timing: what the tree lists under
/// a layer. Animations are not key-value properties of a running effect (Core Animation copies
/// them when added), so every change goes into the file's text at the animation's place —
/// `LAYER.animations[0].duration`, `LAYER.animations[1].values[2]` — and the effect is played
/// again from that text at the same moment.
extension PropertyPanel {
    /// The animation at `indexes` under `layer`: in its `animations`, then in each group's.
    static func animation(at indexes: [Int], in layer: Layer) -> Animation? {
        var list = layer.ownAnimations
        var found: Animation?
        for index in indexes {
            guard list.indices.contains(index) else { return nil }
            found = list[index]
            if case .group(let children) = list[index].spec { list = children } else { list = [] }
        }
        return found
    }

    /// How the tree names an animation: what it animates and its kind.
    static func label(of animation: Animation) -> String {
        switch animation.spec {
        case .group(let children): return "group of \(children.count)"
        case .transition(let transition): return "\(transition.type.rawValue) \(transition.subtype.rawValue)  \u{B7} transition"
        case .contents(let contents): return "contents  \u{B7} \(contents.frames.count) images"
        default: return (animation.keyPath?.path ?? "?") + "  \u{B7} " + animation.type.rawValue
        }
    }

    /// The Core Animation class of an animation.
    static func coreAnimationClass(_ type: Animation.AnimationType) -> String {
        switch type {
        case .basic: return "CABasicAnimation"
        case .keyframe: return "CAKeyframeAnimation"
        case .spring: return "CASpringAnimation"
        case .group: return "CAAnimationGroup"
        case .transition: return "CATransition"
        }
    }

    /// The key path prefix of the animation at `indexes` in the file: `LAYER.animations[0]`,
    /// `LAYER.animations[0].animations[1]`.
    static func animationPath(layer: String, indexes: [Int]) -> String {
        layer + indexes.map { ".\(LayerKeys.animations.name)[\($0)]" }.joined()
    }

    func drawAnimationProperties(_ animation: Animation, layer: Layer, indexes: [Int]) {
        let path = Self.animationPath(layer: layer.identifier, indexes: indexes)
        ImGui.text(Self.label(of: animation), color: (0.55, 0.75, 1, 1))
        ImGui.dimText("\(Self.coreAnimationClass(animation.type)) on \(layer.identifier)")
        if editJSON == nil { ImGui.text("Edits need the effect's file: shown, not edited.", color: (1, 0.75, 0.4, 1)) }
        ImGui.table("##animation", columns: ("property", Self.nameWidth, "value", 0)) {
            if let keyPath = animation.keyPath, filter.shows(AnimationKeys.keyPath) {
                textRow(AnimationKeys.keyPath.name, text: keyPath.path, path: path + "." + AnimationKeys.keyPath.name,
                        tooltip: Self.tooltip(AnimationKeys.keyPath) + "; Enter applies")
            }
            if animation.type != .spring, filter.shows(AnimationKeys.timingFunction) {
                timingFunctionRows(animation.timingFunction, path: path + "." + AnimationKeys.timingFunction.name)
            }
            // A group and a transition are plain CAAnimations: no additive or cumulative.
            let flags = animation.type == .group || animation.type == .transition
                ? [AnimationKeys.removedOnCompletion] : [AnimationKeys.additive, AnimationKeys.cumulative, AnimationKeys.removedOnCompletion]
            for property in flags where filter.shows(property) { modelRow(property, on: animation, path: path) }
            let shape = PropertyControl.Shape(animation.keyPath)
            // What a missing fromValue or toValue stands for: the model value.
            let model = animation.keyPath?.value(on: layer)
            switch animation.spec {
            case .basic(let from, let to, let by):
                valueRow(BasicAnimationKeys.fromValue, from, shape: shape, path: path, model: model)
                valueRow(BasicAnimationKeys.toValue, to, shape: shape, path: path, model: model)
                valueRow(BasicAnimationKeys.byValue, by, shape: shape, path: path, model: nil)
            case .keyframe(let keyframes):
                if filter.shows(KeyframeAnimationKeys.values) { keyframeRows(keyframes, shape: shape, path: path) }
            case .spring(let spring):
                valueRow(SpringAnimationKeys.fromValue, spring.fromValue, shape: shape, path: path, model: model)
                valueRow(SpringAnimationKeys.toValue, spring.toValue, shape: shape, path: path, model: model)
                for property in [SpringAnimationKeys.mass, SpringAnimationKeys.stiffness, SpringAnimationKeys.damping,
                                 SpringAnimationKeys.initialVelocity] where filter.shows(property) {
                    modelRow(property, on: spring, path: path)
                }
            case .group(let children) where filter.shows(GroupAnimationKeys.animations):
                ImGui.row(GroupAnimationKeys.animations.name, dim: false)
                ImGui.dimText("\(children.count) below it in the tree")
            case .contents(let contents) where filter.shows(KeyframeAnimationKeys.values):
                // The images are texture names: shown, edited in the file's text.
                for (index, frame) in contents.frames.enumerated() {
                    ImGui.row(index == 0 ? KeyframeAnimationKeys.values.name : "", dim: false)
                    ImGui.dimText(frame.description.split(separator: "/").last.map(String.init) ?? frame.description)
                }
                ImGui.row(KeyframeAnimationKeys.calculationMode.name, dim: false)
                ImGui.dimText(Animation.CalculationMode.discrete.rawValue)
            case .transition(let transition):
                for property in PropertyRegistry.properties(of: .transitionAnimation) where filter.shows(property) {
                    modelRow(property, on: transition, path: path)
                }
            case .group, .contents:
                break
            }
        }
        drawTimingEditor(animation.timing, path: path, open: true)
    }

    /// `CAMediaTiming` of a layer, a cell or an animation, edited in the file at `path`
    /// (`LAYER`, `LAYER.emitterCells.NAME`, `LAYER.animations[0]`); nil `path`: shown only.
    func drawTimingEditor(_ timing: MediaTiming, path: String?, open: Bool = false) {
        ImGui.spacing()
        guard filter.showsAny(PropertyRegistry.properties(of: .mediaTiming)),
              ImGui.collapsingHeader("Media timing", openByDefault: open || filter.isActive) else { return }
        ImGui.table("##timing-" + (path ?? "none"), columns: ("property", Self.nameWidth, "value", 0)) {
            for property in PropertyRegistry.properties(of: .mediaTiming) where filter.shows(property) {
                modelRow(property, on: timing, path: path)
            }
        }
    }

    /// The row of `property` of `model` (an animation, a spring, a transition, a timing), by
    /// its form: a number, a flag or a choice, edited in the file at `path.NAME` (nil `path`:
    /// shown only).
    func modelRow<Model>(_ property: PropertyDescriptor, on model: Model, path: String?) {
        let key = path.map { $0 + "." + property.name }
        if let name = property.choice(on: model) {
            choiceRow(property, current: name, path: key)
            return
        }
        switch property.value(on: model) {
        case .number(let number)?: numberRow(property.name, number, shape: PropertyControl.Shape(property), path: key, property: property)
        case .bool(let flag)?: flagRow(property.name, flag, path: path, property: property)
        default: break
        }
    }

    // MARK: - Rows

    /// Whether the file sets the key at `path` (dims the others).
    private func isSet(_ path: String?) -> Bool {
        guard let path, let isSetInFile else { return true }
        return isSetInFile(path)
    }

    /// Writes `json` at `path` in the file, as one edit for a whole drag.
    func commit(_ json: String, at path: String) {
        let held = ImGui.isItemActive
        let continuing = held && draggedKeyPath == path
        draggedKeyPath = held ? path : (draggedKeyPath == path ? nil : draggedKeyPath)
        guard let editJSON else { return }
        do {
            try editJSON(path, json, continuing)
            editError = nil
            logEvent?("panel set \(path) = \(json)")
        } catch {
            editError = "\(error)"
        }
    }

    /// After a control: keeps the drag state of `path` and reports where the control is.
    func track(_ path: String?) {
        guard let path else { return }
        let held = ImGui.isItemActive
        if !held && draggedKeyPath == path { draggedKeyPath = nil }
        reportRow(path)
    }

    func numberRow(_ name: String, _ value: Double, shape: PropertyControl.Shape, path: String?,
                   property: PropertyDescriptor? = nil) {
        ImGui.row(name, dim: !isSet(path))
        var edited: AnimatableValue?
        ImGui.disabled(path == nil || editJSON == nil) {
            if value.isInfinite {
                ImGui.dimText(MediaTiming.infinityName)
            } else {
                edited = PropertyControl.edit(.number(value), shape: shape, id: "##" + (path ?? name))
            }
        }
        if let property { ImGui.tooltip(Self.tooltip(property)) }
        if let path, case .number(let number)? = edited {
            commit(JSONValue.text(of: number), at: path)
        }
        track(path)
    }

    private func flagRow(_ name: String, _ value: Bool, path: String?, property: PropertyDescriptor? = nil) {
        let key = path.map { $0 + "." + name }
        ImGui.row(name, dim: !isSet(key))
        var flag = value
        var changed = false
        ImGui.disabled(key == nil || editJSON == nil) {
            changed = ImGui.checkbox("##" + (key ?? name), &flag)
        }
        if let property { ImGui.tooltip(Self.tooltip(property)) }
        if changed, let key { commit(flag ? "true" : "false", at: key) }
        track(key)
    }

    /// An enumeration (`emitterShape`, `renderMode`, `fillMode`, …) as a combo. It cannot
    /// change live: the edit goes into the file's text and the effect is played again from it,
    /// at the same moment.
    func choiceRow(_ property: PropertyDescriptor, current: String, path: String?) {
        guard case .enumeration(let names) = property.form else { return }
        ImGui.row(property.name, dim: !isSet(path))
        var chosen = names.firstIndex(of: current) ?? 0
        var changed = false
        ImGui.disabled(path == nil || editJSON == nil) {
            changed = ImGui.combo("##" + (path ?? property.name), &chosen, items: names)
        }
        ImGui.tooltip(Self.tooltip(property, note: "changing it plays the effect again from the edited file, at the same moment"))
        if changed, let path, names.indices.contains(chosen), names[chosen] != current {
            commit(JSONValue.quoted(names[chosen]), at: path)
        }
        track(path)
    }

    private func textRow(_ name: String, text: String, path: String, tooltip: String) {
        ImGui.row(name, dim: !isSet(path))
        var entered: String?
        ImGui.disabled(editJSON == nil) {
            entered = ImGui.inputText("##" + path, text: text)
        }
        ImGui.tooltip(tooltip)
        if let entered, entered != text { commit(JSONValue.quoted(entered), at: path) }
        track(path)
    }

    /// A named curve as a combo, and its control points as four fields (the seeds'
    /// `(0.2, 0, 0.8, 1)`): choosing a name writes the name, dragging a point writes the list.
    private func timingFunctionRows(_ function: TimingFunction?, path: String) {
        let names = TimingFunction.names
        let current = function ?? .linear
        let named = names.first { TimingFunction.named[$0] == current }
        ImGui.row(AnimationKeys.timingFunction.name, dim: !isSet(path))
        var chosen = named.flatMap { names.firstIndex(of: $0) } ?? names.count
        var changed = false
        ImGui.disabled(editJSON == nil) {
            changed = ImGui.combo("##" + path, &chosen, items: names + ["custom"])
        }
        ImGui.tooltip(Self.tooltip(AnimationKeys.timingFunction))
        if changed, names.indices.contains(chosen), names[chosen] != named { commit(JSONValue.quoted(names[chosen]), at: path) }
        track(path)
        ImGui.row("", dim: true)
        var points = [Float(current.c1x), Float(current.c1y), Float(current.c2x), Float(current.c2y)]
        var dragged = false
        ImGui.disabled(editJSON == nil) {
            dragged = ImGui.dragFloats("##" + path + "-points", &points, speed: 0.005, range: nil, format: "%.2f")
        }
        ImGui.tooltip("the curve's control points c1x, c1y, c2x, c2y (x in 0…1)")
        if dragged {
            let x1 = min(max(PropertyControl.decimal(points[0]), 0), 1), x2 = min(max(PropertyControl.decimal(points[2]), 0), 1)
            let list = [x1, PropertyControl.decimal(points[1]), x2, PropertyControl.decimal(points[3])]
            commit("[" + list.map { JSONValue.text(of: $0) }.joined(separator: ", ") + "]", at: path)
        }
        track(path + "-points")
    }

    /// `fromValue`, `toValue`, `byValue`: a control when the file gives one, else the value it
    /// stands for, dimmed, with a button that writes it in.
    private func valueRow(_ property: PropertyDescriptor, _ value: AnimatableValue?, shape: PropertyControl.Shape, path: String,
                          model: AnimatableValue?) {
        guard filter.shows(property) else { return }
        let name = property.name
        let key = path + "." + name
        ImGui.row(name, dim: value == nil)
        guard let value else {
            if let model, PropertyControl.hasControl(for: model) {
                ImGui.dimText(PropertyModel.describe(model) + "  (model)")
                ImGui.sameLine()
                var add = false
                ImGui.disabled(editJSON == nil) { add = ImGui.button("set##" + key, small: true) }
                if add { commit(JSONValue.text(of: model), at: key) }
            } else {
                ImGui.dimText(property.defaultDescription)
            }
            return
        }
        guard PropertyControl.hasControl(for: value) else {
            ImGui.dimText(PropertyModel.describe(value) + "  (no control yet)")
            return
        }
        var edited: AnimatableValue?
        ImGui.disabled(editJSON == nil) { edited = PropertyControl.edit(value, shape: shape, id: "##" + key) }
        if let edited { commit(JSONValue.text(of: edited), at: key) }
        track(key)
    }

    /// A keyframe animation's values, one control each (`values[2]` is written alone), its key
    /// times in 0…1, and its calculation mode.
    private func keyframeRows(_ keyframes: Animation.Keyframes, shape: PropertyControl.Shape, path: String) {
        let modes = KeyframeAnimationKeys.calculationMode
        choiceRow(modes, current: keyframes.calculationMode.rawValue, path: path + "." + modes.name)
        if keyframes.path != nil {
            ImGui.row(KeyframeAnimationKeys.path.name, dim: false)
            ImGui.dimText("a path  (no control yet)")
        }
        for (index, value) in keyframes.values.enumerated() {
            let key = path + "." + KeyframeAnimationKeys.values.name + "[\(index)]"
            ImGui.row(index == 0 ? KeyframeAnimationKeys.values.name : "", dim: false)
            guard PropertyControl.hasControl(for: value) else {
                ImGui.dimText(PropertyModel.describe(value) + "  (no control yet)")
                continue
            }
            var edited: AnimatableValue?
            ImGui.disabled(editJSON == nil) { edited = PropertyControl.edit(value, shape: shape, id: "##" + key) }
            ImGui.tooltip("CAKeyframeAnimation.values[\(index)]")
            if let edited { commit(JSONValue.text(of: edited), at: key) }
            track(key)
        }
        guard !keyframes.values.isEmpty, keyframes.path == nil else { return }
        let given = keyframes.keyTimes
        let count = keyframes.calculationMode == .discrete ? keyframes.values.count + 1 : keyframes.values.count
        let times = given ?? (0..<count).map { count == 1 ? 0 : Double($0) / Double(count - 1) }
        for (index, time) in times.enumerated() {
            let keyTimes = path + "." + KeyframeAnimationKeys.keyTimes.name
            let key = given == nil ? keyTimes : keyTimes + "[\(index)]"
            ImGui.row(index == 0 ? KeyframeAnimationKeys.keyTimes.name : "", dim: given == nil)
            var shown = Float(time)
            var dragged = false
            ImGui.disabled(editJSON == nil) {
                dragged = ImGui.dragFloat("##" + keyTimes + "[\(index)]", &shown, speed: 0.002, range: 0...1, format: "%.3f")
            }
            ImGui.tooltip("CAKeyframeAnimation.keyTimes[\(index)]: when values[\(index)] is reached, 0…1 of the duration"
                          + (given == nil ? "\nnot in the file: evenly spaced; changing one writes the list" : ""))
            guard dragged else {
                track(key)
                continue
            }
            // Key times must not decrease: the one dragged stays between its neighbours.
            let low = index > 0 ? times[index - 1] : 0, high = index + 1 < times.count ? times[index + 1] : 1
            let time = min(max(PropertyControl.decimal(shown), low), high)
            if given == nil {
                var list = times
                list[index] = time
                commit("[" + list.map { JSONValue.text(of: $0) }.joined(separator: ", ") + "]", at: key)
            } else {
                commit(JSONValue.text(of: time), at: key)
            }
            track(key)
        }
    }
}
