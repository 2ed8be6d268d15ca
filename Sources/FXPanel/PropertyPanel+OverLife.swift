import FXCore
import Foundation

/// The panel's editors of a cell's values over life: `colorOverLife` as a gradient bar whose
/// stops are dragged along it, `alphaOverLife` and `scaleOverLife` as small curves whose points
/// are dragged (LÖVE's color lists, Godot's curves). A stop's color is written alone
/// (`colorOverLife.values[2]`); moving a stop or a point, or adding or removing one, writes
/// the sequence's object. The effect is played again from the text at the same moment.
extension PropertyPanel {
    /// The keys the over-life editors show (not rows of the cell's table).
    static let overLifeKeys: Set<String> = Set([EmitterCellKeys.colorOverLife, EmitterCellKeys.alphaOverLife, EmitterCellKeys.scaleOverLife,
                                                EmitterCellKeys.velocityOverLife].map(\.name))

    /// The height of the gradient bar and of a curve, in pixels.
    private static let barHeight: Float = 22
    private static let curveHeight: Float = 64
    /// How near (pixels) a press must be to a stop or a point to take it.
    private static let grabDistance: Float = 8

    /// A sequence's keys as the editors handle them: times, and values as colors or numbers.
    private struct Keys {
        var times: [Double]
        var colors: [Color] = []
        var numbers: [Double] = []
        var isStepped: Bool

        var count: Int { times.count }

        /// The sequence's object as JSON, as a file writes it.
        var json: String {
            let values = colors.isEmpty ? numbers.map { JSONValue.text(of: $0) } : colors.map { JSONValue.text(of: .color($0)) }
            var text = "{" + JSONValue.quoted(LifeSequenceKeys.values.name) + ": [" + values.joined(separator: ", ") + "], "
                + JSONValue.quoted(LifeSequenceKeys.times.name) + ": [" + times.map { JSONValue.text(of: $0) }.joined(separator: ", ") + "]"
            if isStepped {
                text += ", " + JSONValue.quoted(LifeSequenceKeys.interpolation.name) + ": "
                    + JSONValue.quoted(LifeSequence<Double>.Interpolation.step.rawValue)
            }
            return text + "}"
        }

        mutating func remove(at index: Int) {
            times.remove(at: index)
            if colors.isEmpty { numbers.remove(at: index) } else { colors.remove(at: index) }
        }

        /// Where a new key at `time` goes, keeping the times in order.
        func insertionIndex(for time: Double) -> Int {
            times.firstIndex { $0 > time } ?? times.count
        }
    }

    /// The four sequences of `cell`, under a header; `keyPrefix` is the cell's
    /// `LAYER.emitterCells.NAME.` (nil: shown only).
    func drawOverLife(_ cell: EmitterCell, keyPrefix: String?) {
        let extensions = cell.extensions
        let hasAny = extensions.colorOverLife != nil || extensions.alphaOverLife != nil || extensions.scaleOverLife != nil
            || extensions.velocityOverLife != nil
        let keys = [EmitterCellKeys.colorOverLife, EmitterCellKeys.alphaOverLife, EmitterCellKeys.scaleOverLife, EmitterCellKeys.velocityOverLife]
        guard filter.showsAny(keys), ImGui.collapsingHeader("Over life", openByDefault: hasAny || filter.isActive) else { return }
        let canEdit = keyPrefix != nil && editJSON != nil
        if filter.shows(EmitterCellKeys.colorOverLife) {
            drawColorOverLife(extensions.colorOverLife, cell: cell, path: keyPrefix.map { $0 + EmitterCellKeys.colorOverLife.name }, canEdit: canEdit)
        }
        if filter.shows(EmitterCellKeys.alphaOverLife) {
            drawCurve(EmitterCellKeys.alphaOverLife, extensions.alphaOverLife, range: 0...1, fresh: [1, 0],
                      path: keyPrefix.map { $0 + EmitterCellKeys.alphaOverLife.name }, canEdit: canEdit)
        }
        if filter.shows(EmitterCellKeys.scaleOverLife) {
            let largest = max(1, extensions.scaleOverLife?.values.max() ?? 1)
            drawCurve(EmitterCellKeys.scaleOverLife, extensions.scaleOverLife, range: 0...((largest * 1.25 * 2).rounded(.up) / 2), fresh: [1, 0.5],
                      path: keyPrefix.map { $0 + EmitterCellKeys.scaleOverLife.name }, canEdit: canEdit)
        }
        if filter.shows(EmitterCellKeys.velocityOverLife) {
            let fastest = max(1, extensions.velocityOverLife?.values.max() ?? 1)
            drawCurve(EmitterCellKeys.velocityOverLife, extensions.velocityOverLife, range: 0...((fastest * 1.25 * 2).rounded(.up) / 2),
                      fresh: [1, 0.5], path: keyPrefix.map { $0 + EmitterCellKeys.velocityOverLife.name }, canEdit: canEdit)
        }
    }

    // MARK: - colorOverLife

    private func drawColorOverLife(_ sequence: LifeSequence<Color>?, cell: EmitterCell, path: String?, canEdit: Bool) {
        let id = path ?? EmitterCellKeys.colorOverLife.name
        ImGui.spacing()
        ImGui.text(EmitterCellKeys.colorOverLife.name, color: sequence == nil ? (0.6, 0.6, 0.6, 1) : (0.9, 0.9, 0.9, 1))
        guard let sequence else {
            ImGui.dimText("none: the cell's color, its ranges and speeds apply")
            if canEdit, let path, ImGui.button("add a gradient##" + id, small: true) {
                var clear = cell.color
                clear.alpha = 0
                commit(Keys(times: [0, 1], colors: [cell.color, clear], isStepped: false).json, at: path)
            }
            return
        }
        var keys = Keys(times: sequence.times, colors: sequence.values, isStepped: sequence.interpolation == .step)
        let handleHeight: Float = 12
        ImGui.invisibleButton("##bar-" + id, width: max(ImGui.availableWidth, 40), height: Self.barHeight + handleHeight)
        let item = ImGui.lastItemRect
        // Inset by half a handle, so that the stops at 0 and 1 show whole.
        let rect = (x: item.x + 6, y: item.y)
        let width = item.width - 12
        let barBottom = rect.y + Self.barHeight
        // The bar: the colors over a checkerboard, segment by segment as the particles see them.
        ImGui.checkerboard(rect.x, rect.y, rect.x + width, barBottom)
        func x(_ time: Double) -> Float { rect.x + Float(time) * width }
        if let first = keys.colors.first { ImGui.fillRect(rect.x, rect.y, x(keys.times[0]), barBottom, ImGui.packed(first)) }
        for index in 0..<(keys.count - 1) {
            let left = ImGui.packed(keys.colors[index]), right = ImGui.packed(keys.isStepped ? keys.colors[index] : keys.colors[index + 1])
            ImGui.fillGradient(x(keys.times[index]), rect.y, x(keys.times[index + 1]), barBottom, from: left, to: right)
        }
        if let last = keys.colors.last { ImGui.fillRect(x(keys.times[keys.count - 1]), rect.y, rect.x + width, barBottom, ImGui.packed(last)) }
        ImGui.strokeRect(rect.x, rect.y, rect.x + width, barBottom, ImGui.packed(0.4, 0.4, 0.45))
        // The stops: a triangle under the bar each, the selected one outlined in white.
        let selected = overLifeSelection[id]
        for index in 0..<keys.count {
            let center = x(keys.times[index])
            let tip = (center, barBottom + 1), leftCorner = (center - 6, barBottom + handleHeight), rightCorner = (center + 6, barBottom + handleHeight)
            ImGui.fillTriangle(tip, leftCorner, rightCorner, selected == index ? ImGui.packed(1, 1, 1) : ImGui.packed(0.55, 0.58, 0.65))
            ImGui.fillRect(center - 3, barBottom + handleHeight - 5, center + 3, barBottom + handleHeight - 1, ImGui.packed(keys.colors[index].opaque))
        }
        ImGui.tooltip("colorOverLife: the color at each normalized age (0 at birth, 1 at death)\n"
                      + "drag a stop to move it; click one to pick its color; double-click the bar to add one")
        reportRow(id)
        guard canEdit, let path else { return }
        let mouse = ImGui.mousePosition
        let time = Double(min(max((mouse.x - rect.x) / width, 0), 1))
        let edited = handleKeys(&keys, id: id, time: time, distance: { keys, index in abs(x(keys.times[index]) - mouse.x) }, add: { keys, index in
            keys.colors.insert(sequence.color(at: time), at: index)
        }, move: { keys, index, time in
            keys.times[index] = time
        })
        if edited {
            commit(keys.json, at: path)
            return
        }
        // The selected stop: its color, a button that removes it, and its age.
        drawSelectedKey(&keys, id: id, path: path, noun: "stop") { keys, index in
            let color = keys.colors[index]
            var rgba = [Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha)]
            guard ImGui.colorEdit("##stop-" + id, &rgba) else { return nil }
            return JSONValue.text(of: .color(Color(red: PropertyControl.decimal(rgba[0]), green: PropertyControl.decimal(rgba[1]),
                                                   blue: PropertyControl.decimal(rgba[2]), alpha: PropertyControl.decimal(rgba[3]))))
        }
    }

    // MARK: - alphaOverLife, scaleOverLife

    private func drawCurve(_ property: PropertyDescriptor, _ sequence: LifeSequence<Double>?, range: ClosedRange<Double>, fresh: [Double],
                           path: String?, canEdit: Bool) {
        let name = property.name, isAlpha = property == EmitterCellKeys.alphaOverLife
        let id = path ?? name
        ImGui.spacing()
        ImGui.text(name, color: sequence == nil ? (0.6, 0.6, 0.6, 1) : (0.9, 0.9, 0.9, 1))
        guard let sequence else {
            ImGui.dimText(isAlpha ? "none: alpha and alphaSpeed apply"
                          : property == EmitterCellKeys.velocityOverLife ? "none: particles move at their velocity" : "none: scale and scaleSpeed apply")
            if canEdit, let path, ImGui.button("add a curve##" + id, small: true) {
                commit(Keys(times: [0, 1], numbers: fresh, isStepped: false).json, at: path)
            }
            return
        }
        var keys = Keys(times: sequence.times, numbers: sequence.values, isStepped: sequence.interpolation == .step)
        let width = max(ImGui.availableWidth, 40)
        ImGui.invisibleButton("##curve-" + id, width: width, height: Self.curveHeight)
        let rect = ImGui.lastItemRect
        let span = range.upperBound - range.lowerBound
        func x(_ time: Double) -> Float { rect.x + 6 + Float(time) * (width - 12) }
        func y(_ value: Double) -> Float { rect.y + Self.curveHeight - 6 - Float((value - range.lowerBound) / span) * (Self.curveHeight - 12) }
        ImGui.fillRect(rect.x, rect.y, rect.x + width, rect.y + Self.curveHeight, ImGui.packed(0.07, 0.08, 0.1))
        for fraction in [0.0, 0.5, 1.0] {
            let level = y(range.lowerBound + span * fraction)
            ImGui.line(rect.x, level, rect.x + width, level, ImGui.packed(1, 1, 1, fraction == 0.5 ? 0.06 : 0.12))
        }
        let lineColor = ImGui.packed(0.45, 0.7, 1)
        // Flat before the first key and after the last, as the particles see it.
        ImGui.line(rect.x, y(keys.numbers[0]), x(keys.times[0]), y(keys.numbers[0]), lineColor, thickness: 2)
        for index in 0..<(keys.count - 1) {
            let (x0, y0, x1, y1) = (x(keys.times[index]), y(keys.numbers[index]), x(keys.times[index + 1]), y(keys.numbers[index + 1]))
            if keys.isStepped {
                ImGui.line(x0, y0, x1, y0, lineColor, thickness: 2)
                ImGui.line(x1, y0, x1, y1, lineColor, thickness: 2)
            } else {
                ImGui.line(x0, y0, x1, y1, lineColor, thickness: 2)
            }
        }
        let last = keys.count - 1
        ImGui.line(x(keys.times[last]), y(keys.numbers[last]), rect.x + width, y(keys.numbers[last]), lineColor, thickness: 2)
        let selected = overLifeSelection[id]
        for index in 0..<keys.count {
            ImGui.fillCircle(x(keys.times[index]), y(keys.numbers[index]), radius: 4, selected == index ? ImGui.packed(1, 1, 1) : lineColor)
        }
        ImGui.tooltip("\(name): the value at each normalized age (0 at birth, 1 at death), \(String(format: "%g", range.lowerBound))…\(String(format: "%g", range.upperBound)) shown\n"
                      + "drag a point to move it; double-click to add one")
        reportRow(id)
        guard canEdit, let path else { return }
        let mouse = ImGui.mousePosition
        let time = Double(min(max((mouse.x - rect.x - 6) / (width - 12), 0), 1))
        // Alpha stays in 0…1; a scale may be dragged past the top of the view (it grows to fit).
        let pointed = range.lowerBound + Double((rect.y + Self.curveHeight - 6 - mouse.y) / (Self.curveHeight - 12)) * span
        let value = min(max(pointed, 0), isAlpha ? 1 : 1e9)
        let edited = handleKeys(&keys, id: id, time: time, distance: { keys, index in hypot(x(keys.times[index]) - mouse.x, y(keys.numbers[index]) - mouse.y) },
                                add: { keys, index in keys.numbers.insert((value * 1000).rounded() / 1000, at: index) },
                                move: { keys, index, time in
            keys.times[index] = time
            keys.numbers[index] = (value * 1000).rounded() / 1000
        })
        if edited {
            commit(keys.json, at: path)
            return
        }
        drawSelectedKey(&keys, id: id, path: path, noun: "point") { keys, index in
            var shown = Float(keys.numbers[index])
            let upper = isAlpha ? Float(1) : 1e9
            guard ImGui.dragFloat("##point-" + id, &shown, speed: 0.005, range: 0...upper, format: "%.3f") else { return nil }
            return JSONValue.text(of: PropertyControl.decimal(shown))
        }
    }

    // MARK: - Keys

    /// The mouse on an editor (its item just drawn): a press within ``grabDistance`` of a key
    /// (`distance` in pixels) selects it and starts dragging it; a double-click elsewhere adds a
    /// key at `time` (`add` inserts its value at the index it takes); while the press holds,
    /// `move` puts the dragged key at `time`, kept between its neighbours. Returns whether the
    /// keys changed (the caller writes them).
    private func handleKeys(_ keys: inout Keys, id: String, time: Double, distance: (Keys, Int) -> Float,
                            add: (inout Keys, Int) -> Void, move: (inout Keys, Int, Double) -> Void) -> Bool {
        let current = keys
        if ImGui.isItemActivated, let nearest = keys.times.indices.min(by: { distance(current, $0) < distance(current, $1) }),
           distance(current, nearest) <= Self.grabDistance {
            overLifeSelection[id] = nearest
            overLifeDrag = (id, nearest)
        }
        if ImGui.isItemHovered && ImGui.isMouseDoubleClicked() && overLifeDrag == nil {
            let index = keys.insertionIndex(for: time)
            keys.times.insert(time, at: index)
            add(&keys, index)
            overLifeSelection[id] = index
            return true
        }
        guard ImGui.isItemActive, let drag = overLifeDrag, drag.id == id, keys.times.indices.contains(drag.index) else {
            if overLifeDrag?.id == id { overLifeDrag = nil }
            return false
        }
        let low = drag.index > 0 ? keys.times[drag.index - 1] : 0
        let high = drag.index + 1 < keys.count ? keys.times[drag.index + 1] : 1
        let before = keys.json
        move(&keys, drag.index, (min(max(time, low), high) * 1000).rounded() / 1000)
        return keys.json != before
    }

    /// Under an editor: the selected key's control (`control` draws it and returns its edited
    /// value as JSON, written as that value alone), a button that removes the key (the sequence
    /// keeps one at least), and where it is; or how many keys there are.
    private func drawSelectedKey(_ keys: inout Keys, id: String, path: String, noun: String, control: (Keys, Int) -> String?) {
        guard let index = overLifeSelection[id], keys.times.indices.contains(index) else {
            ImGui.dimText("\(keys.count) \(noun)s \u{B7} \(keys.isStepped ? "step" : "linear")")
            return
        }
        ImGui.nextItemWidth(-64)
        if let json = control(keys, index) { commit(json, at: path + ".values[\(index)]") }
        track(path + ".values[\(index)]")
        ImGui.sameLine()
        if keys.count > 1, ImGui.button("remove##\(noun)-" + id, small: true) {
            keys.remove(at: index)
            overLifeSelection[id] = nil
            commit(keys.json, at: path)
            return
        }
        ImGui.dimText("\(noun) \(index + 1) of \(keys.count) at age " + String(format: "%.3f", keys.times[index]))
    }
}

private extension Color {
    /// The color without its alpha: how a stop's swatch shows it.
    var opaque: Color {
        var color = self
        color.alpha = 1
        return color
    }
}

private extension LifeSequence where Value == Color {
    /// The color at a normalized age, as the particles blend it (held before the first key and
    /// after the last).
    func color(at time: Double) -> Color {
        guard let next = times.firstIndex(where: { $0 >= time }) else { return values[values.count - 1] }
        guard next > 0 else { return values[0] }
        if interpolation == .step { return values[next - 1] }
        let span = times[next] - times[next - 1]
        let fraction = span > 0 ? (time - times[next - 1]) / span : 1
        let (a, b) = (values[next - 1], values[next])
        return Color(red: a.red + (b.red - a.red) * fraction, green: a.green + (b.green - a.green) * fraction,
                     blue: a.blue + (b.blue - a.blue) * fraction, alpha: a.alpha + (b.alpha - a.alpha) * fraction)
    }
}
