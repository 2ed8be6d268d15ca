import FXCore
import Foundation

/// The panel's editor of a cell's palettes, `colors` and `contentsChoices`: a row that opens
/// onto one control per entry (a color picker, or a combo of fx's built-in shapes), each with
/// "remove", and "add" at the end. Palettes are chosen at birth, so they do not animate: an edit
/// is written into the file at the entry's place (`….colors[1]`) and the effect plays again from
/// the text at the same moment, as for the other keys that do not animate.
extension PropertyPanel {
    /// Whether the panel edits `property` entry by entry.
    static func isPalette(_ property: PropertyDescriptor) -> Bool {
        property == EmitterCellKeys.colors || property == EmitterCellKeys.contentsChoices
    }

    /// The rows of the palette `property` of `cell`, written at `keyPath`.
    func drawPaletteRows(_ property: PropertyDescriptor, cell: EmitterCell, keyPath: String) {
        let isColors = property == EmitterCellKeys.colors
        let count = isColors ? cell.extensions.colors.count : cell.extensions.contentsChoices.count
        let open = ImGui.treeRow("##palette-" + keyPath, label: Self.displayName(property), dim: count == 0, openByDefault: count > 0)
        ImGui.tooltip(Self.tooltip(property, note: "each particle takes one entry, picked at birth (paletteOrder); edits are written into the file and the effect plays again"))
        let noun = isColors ? "color" : "texture"
        let summary = count == 0 ? "none" : count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
        ImGui.alignRight(ImGui.textWidth(summary) + ImGui.itemSpacing + ImGui.buttonWidth("add"))
        ImGui.dimText(summary)
        ImGui.sameLine()
        if ImGui.button("add##" + keyPath, small: true) { append(newEntryJSON(isColors: isColors, cell: cell), to: keyPath) }
        track(keyPath + " add")
        guard open else { return }
        for index in 0..<count {
            let entryPath = keyPath + "[\(index)]"
            ImGui.row("\(index)", dim: false)
            // Leave room for "remove" on the control's line.
            ImGui.nextItemWidth(-(ImGui.buttonWidth("remove") + ImGui.itemSpacing))
            if isColors {
                let color = cell.extensions.colors[index]
                var rgba = [Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha)]
                if ImGui.colorEdit("##" + entryPath, &rgba) {
                    let edited = Color(red: Double(rgba[0]), green: Double(rgba[1]), blue: Double(rgba[2]), alpha: Double(rgba[3]))
                    commit(JSONValue.text(of: .color(edited)), at: entryPath)
                }
            } else {
                let current = cell.extensions.contentsChoices[index].description
                var names = BuiltinTexture.allCases.map(\.rawValue)
                if !names.contains(current) { names.insert(current, at: 0) }
                var chosen = names.firstIndex(of: current) ?? -1
                if ImGui.combo("##" + entryPath, &chosen, items: names), names.indices.contains(chosen), names[chosen] != current {
                    commit(JSONValue.quoted(names[chosen]), at: entryPath)
                }
            }
            track(entryPath)
            ImGui.sameLine()
            if ImGui.button("remove##" + entryPath, small: true) { remove(entryPath) }
            track(entryPath + " remove")
        }
        ImGui.treePop()
    }

    /// A new entry: a copy of the last one, or the cell's `color` / `contents` for the first.
    private func newEntryJSON(isColors: Bool, cell: EmitterCell) -> String {
        if isColors {
            return JSONValue.text(of: .color(cell.extensions.colors.last ?? cell.color))
        }
        let name = cell.extensions.contentsChoices.last?.description ?? cell.contents?.description ?? BuiltinTexture.circle.rawValue
        return JSONValue.quoted(name)
    }
}
