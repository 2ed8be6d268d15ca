import CImGuiBridge

/// Text fields read as they are typed (the property filter, the Save as… path) and the keys
/// that end them.
extension ImGui {
    /// A line of text typed into `text`, read every frame: returns true when the text changed.
    /// `hint` shows, dimmed, while the field is empty; `focus` puts the keyboard in it.
    @discardableResult
    static func liveTextField(_ id: String, hint: String, text: inout String, focus: Bool = false, capacity: Int = 512) -> Bool {
        var buffer = [CChar](repeating: 0, count: capacity)
        let bytes = Array(text.utf8.prefix(capacity - 1))
        for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        let changed = buffer.withUnsafeMutableBufferPointer {
            fx_imgui_input_text_live(id, hint, $0.baseAddress, Int32(capacity), focus)
        }
        if changed { text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return changed
    }

    /// Whether the last item (a text field) takes typing now.
    static var isItemFocused: Bool { fx_imgui_is_item_focused() }
    /// Takes typing away from the field that has it: it shows the text it is given next.
    static func clearActiveField() { fx_imgui_clear_active() }
    /// Whether Enter went down this frame.
    static var isEnterPressed: Bool { fx_imgui_is_enter_pressed() }
    /// Whether Escape went down this frame.
    static var isEscapePressed: Bool { fx_imgui_is_escape_pressed() }
    /// A framed line's height (a field, a button) with the space under it, in pixels: the
    /// most a line of the panel takes.
    static var lineHeight: Float { fx_imgui_line_height() }
}
