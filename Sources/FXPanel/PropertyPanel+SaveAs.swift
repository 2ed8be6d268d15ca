import FXCore
import FXWindow

/// The Save as… field: a path (relative paths are the working folder's), Enter saves, Escape
/// cancels; a file there is replaced only after a second Enter. It shows in the status line's
/// room, under the numbers, so nothing below moves. The Export… menu's formats open it too:
/// Enter then exports there instead.
struct SaveAsField {
    /// The path typed.
    var path: String
    /// The format an export writes; nil: the field saves the effect.
    var exportFormat: WindowExport.Format?
    /// The field's claim on the keyboard: it takes it as it opens, and again after an Enter
    /// that did not save.
    var focus: FieldFocus = {
        var focus = FieldFocus()
        focus.request()
        return focus
    }()
    /// The field took typing in the last frame built.
    var wasActive = false
    /// The path a file was found at: Enter again (with the path unchanged) replaces it.
    var confirming: String?
    /// Why the last Enter did not save, or what the next one does.
    var message: (text: String, isWarning: Bool)?
}

extension PropertyPanel {
    /// Opens the Save as… field with `path` in it, the keyboard in it (Ctrl+Shift+S).
    func beginSaveAs(path: String) {
        saveAsField = SaveAsField(path: path)
        invalidate()
    }

    /// Opens the field to export as `format`, with the window's suggested path in it.
    func beginExport(_ format: WindowExport.Format) {
        guard let export else { return }
        saveAsField = SaveAsField(path: export.suggestedPath(format), exportFormat: format)
        logEvent?("panel export menu \(format.name)")
        invalidate()
    }

    /// "Export…" and "Save as…" at the right of the effect's name: the first opens a menu of
    /// the export formats, each opening the field; the second opens the field (or closes it).
    func drawSaveAsButton() {
        guard saveAs != nil else { return }
        let label = saveAsField == nil ? "Save as\u{2026}" : "cancel"
        let exportLabel = "Export\u{2026}"
        ImGui.sameLine()
        if let export {
            ImGui.alignRight(ImGui.buttonWidth(exportLabel) + ImGui.itemSpacing + ImGui.buttonWidth(label))
            if ImGui.button(exportLabel + "##export-button", small: true) {
                ImGui.openPopup("##export-menu")
                logEvent?("panel export menu open")
            }
            reportRow("export button")
            ImGui.tooltip("Export the effect, with the edits, as Core Animation code (Swift, Objective-C) or a .ca document (fx export).")
            ImGui.popup("##export-menu") {
                for format in export.formats {
                    if ImGui.menuItem(format.title + "##export-" + format.name) { beginExport(format) }
                    reportRow("export menu " + format.name)
                }
            }
            ImGui.sameLine()
        } else {
            ImGui.alignRight(ImGui.buttonWidth(label))
        }
        if ImGui.button(label + "##save-as-button", small: true) {
            if saveAsField == nil, let suggestedSaveAsPath {
                beginSaveAs(path: suggestedSaveAsPath())
            } else {
                saveAsField = nil
            }
        }
        reportRow("save as button")
        ImGui.tooltip("Save the effect, with the edits, as a new file (Ctrl+Shift+S); that file is then the one edited.")
    }

    /// The status line's room, two lines high whether or not a status shows: the Save as…
    /// field when it is open, else the line about the file (wrapped; whole in its tooltip).
    func drawStatusArea() {
        ImGui.child("##status", height: ImGui.lineHeight * 2) {
            if saveAsField != nil {
                drawSaveAsField()
            } else if let refusal = treeEditing.refusal {
                ImGui.wrappedText(refusal, color: (1, 0.45, 0.45, 1))
                ImGui.tooltip(refusal)
            } else if let fileStatus {
                ImGui.wrappedText(fileStatus.text, color: fileStatus.isWarning ? (1, 0.7, 0.35, 1) : (0.6, 0.85, 0.6, 1))
                ImGui.tooltip(fileStatus.text)
            } else {
                ImGui.dimText(saveAs == nil ? "edits are live only: the effect has no file" : "no unsaved edits")
            }
        }
    }

    private func drawSaveAsField() {
        guard var field = saveAsField else { return }
        let focus = field.focus.take()
        let exporting = field.exportFormat
        let verb = exporting == nil ? "save" : "export"
        let button = verb + "##save-as-save"
        ImGui.nextItemWidth(-(ImGui.buttonWidth(verb) + ImGui.itemSpacing))
        let hint = exporting.map { "path of the \($0.title) export" } ?? "path of the new file"
        if ImGui.liveTextField("##save-as", hint: hint, text: &field.path, focus: focus) {
            field.confirming = nil
            field.message = nil
        }
        reportRow("save as")
        let active = ImGui.isItemFocused
        // Keys pressed while the keyboard moves back to the field (after an Enter) are its too.
        let typing = field.wasActive || active || field.focus.isPending
        field.wasActive = active
        field.focus.settle(focused: active)
        ImGui.sameLine()
        let clicked = ImGui.button(button, small: true)
        if typing && typedKeys.escape {
            saveAsField = nil
            ImGui.clearActiveField()
            logEvent?(exporting == nil ? "panel save as cancelled" : "panel export cancelled")
            return
        }
        if clicked || (typing && typedKeys.enter) {
            let overwrite = field.confirming == field.path
            let outcome: SaveAsOutcome
            let event: String
            if let exporting {
                guard let export else {
                    saveAsField = nil
                    return
                }
                outcome = export.run(exporting, field.path, overwrite)
                event = "panel export \(exporting.name) \(field.path)"
            } else {
                guard let saveAs else {
                    saveAsField = nil
                    return
                }
                outcome = saveAs(field.path, overwrite)
                event = "panel save as \(field.path)"
            }
            switch outcome {
            case .saved:
                logEvent?(event)
                saveAsField = nil
                return
            case .exists:
                field.confirming = field.path
                field.message = ("exists: Enter again replaces it; Esc cancels", true)
                logEvent?(event + " exists")
            case .refused(let reason):
                field.confirming = nil
                field.message = (reason, true)
                logEvent?(event + " refused: \(reason)")
            }
            field.focus.request()
        }
        let message = field.message ?? (exporting == nil ? "Enter saves there; Esc cancels" : "Enter exports there; Esc cancels", false)
        ImGui.text(message.text, color: message.isWarning ? (1, 0.7, 0.35, 1) : (0.6, 0.6, 0.6, 1))
        ImGui.tooltip(message.text)
        saveAsField = field
    }
}
