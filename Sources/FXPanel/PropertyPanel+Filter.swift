import CSDL2
import FXCore

/// The filter over the selected item's properties: typing `vel` shows only the rows whose key
/// (or Core Animation name) holds "vel", case-insensitively. Ctrl+F puts the keyboard in it,
/// Escape clears it.
struct PropertyFilter {
    /// What is typed.
    var text = ""
    /// Ctrl+F asked for the keyboard: the field takes it as it is built next.
    var focus = FieldFocus()
    /// The field took typing in the last frame built.
    var wasActive = false
    /// The keys of the rows shown in the frame being built, and the last list reported.
    private(set) var shown: [String] = []
    var reported: String?

    /// What rows are matched against: the text trimmed, lowercased.
    var needle: String { text.trimmingCharacters(in: .whitespaces).lowercased() }
    /// Whether some text filters the rows.
    var isActive: Bool { !needle.isEmpty }

    /// Whether `property`'s row matches (every row does when no text is typed).
    func matches(_ property: PropertyDescriptor) -> Bool {
        let needle = needle
        return needle.isEmpty || property.name.lowercased().contains(needle)
            || PropertyPanel.displayName(property).lowercased().contains(needle)
    }

    /// Whether `property`'s row shows, counting it among the frame's rows shown.
    mutating func shows(_ property: PropertyDescriptor) -> Bool {
        guard matches(property) else { return false }
        if isActive && !shown.contains(property.name) { shown.append(property.name) }
        return true
    }

    /// Whether any of `properties` shows (a header over them is drawn).
    func showsAny(_ properties: [PropertyDescriptor]) -> Bool {
        properties.contains(where: matches)
    }

    /// A new frame's rows are about to be drawn.
    mutating func beginFrame() {
        shown = []
    }
}

extension PropertyPanel {
    /// The filter's field, the width of the panel, above the properties (always there, so the
    /// rows do not move when it is used).
    func drawFilterField() {
        // Escape (noted as the key went down: ImGui may not see a press and release between
        // two frames) clears the text and takes the keyboard out of the field.
        if (filter.wasActive || filter.focus.isPending) && typedKeys.escape {
            filter.text = ""
            ImGui.clearActiveField()
        }
        let focus = filter.focus.take()
        ImGui.nextItemWidth(-1)
        ImGui.liveTextField("##property-filter", hint: "filter properties (Ctrl+F)", text: &filter.text, focus: focus)
        reportRow("filter")
        ImGui.tooltip("Shows only the properties whose key holds this text (\"vel\": the velocity rows). "
                      + "Ctrl+F types here; Escape clears it.")
        filter.wasActive = ImGui.isItemFocused
        filter.focus.settle(focused: filter.wasActive)
    }

    /// After the rows: says when none matches, and (for scripts) which rows the filter shows
    /// when that changes: `panel filter "vel" shows velocity, velocityRange, …`.
    func endFilterFrame() {
        if filter.isActive && filter.shown.isEmpty {
            ImGui.wrappedText("No property's key holds \"\(filter.needle)\". Escape clears the filter.", color: (0.6, 0.6, 0.6, 1))
        }
        let report = filter.isActive ? "\"\(filter.needle)\" shows " + (filter.shown.isEmpty ? "nothing" : filter.shown.joined(separator: ", ")) : "cleared"
        if filter.reported != report {
            if filter.reported != nil || filter.isActive { logEvent?("panel filter " + report) }
            filter.reported = report
        }
    }

    /// Ctrl+F: the filter takes the keyboard when the panel is built next.
    func focusFilter() {
        filter.focus.request()
        invalidate()
    }

    /// Notes Enter and Escape going down while a field takes typing (the window hands the
    /// panel keys only then), for the filter and the Save as… field to read as they are built.
    func noteTypedKey(_ event: SDL_Event) {
        guard SDL_EventType(event.type) == SDL_KEYDOWN else { return }
        switch SDL_KeyCode(UInt32(bitPattern: event.key.keysym.sym)) {
        case SDLK_RETURN, SDLK_KP_ENTER: typedKeys.enter = true
        case SDLK_ESCAPE: typedKeys.escape = true
        default: break
        }
    }
}
