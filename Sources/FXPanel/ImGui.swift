import CImGuiBridge
import CSDL2
import FXSDL
import Foundation

/// Dear ImGui bound to the window (through CImGuiBridge's C interface): the context, its
/// SDL2 and SDL_Renderer backends, and the font. Made when the property panel first shows;
/// the window has one.
final class ImGuiContext {
    private let handle: OpaquePointer

    /// Starts ImGui for `window` and `renderer`, with the DejaVu Sans the overlays use when it
    /// is installed.
    /// - Throws: ``SDLError`` when a backend does not start.
    init(window: OpaquePointer, renderer: OpaquePointer, fontSize: Float = 15) throws {
        let fontPath = Font.defaultPaths.first { FileManager.default.fileExists(atPath: $0) }
        var message = [CChar](repeating: 0, count: 256)
        let capacity = Int32(message.count)
        guard let handle = message.withUnsafeMutableBufferPointer({ buffer in
            fx_imgui_create(window, renderer, fontPath, fontSize, buffer.baseAddress, capacity)
        }) else {
            throw SDLError("starting the property panel", reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
    }

    deinit {
        fx_imgui_destroy(handle)
    }

    /// Hands ImGui an event; returns what it wants of the input as of its last frame (a drag
    /// begun on one of its controls keeps the mouse until released).
    func process(_ event: inout SDL_Event) -> (wantsMouse: Bool, wantsKeyboard: Bool) {
        let wants = withUnsafePointer(to: &event) { fx_imgui_process_event(handle, UnsafeRawPointer($0)) }
        return (Int(wants) & FX_IMGUI_WANTS_MOUSE != 0, Int(wants) & FX_IMGUI_WANTS_KEYBOARD != 0)
    }

    /// What ImGui wants of the input now, without giving it an event.
    var wants: (wantsMouse: Bool, wantsKeyboard: Bool) {
        let wants = fx_imgui_process_event(handle, nil)
        return (Int(wants) & FX_IMGUI_WANTS_MOUSE != 0, Int(wants) & FX_IMGUI_WANTS_KEYBOARD != 0)
    }

    /// Starts a frame of widgets.
    func newFrame() {
        fx_imgui_new_frame(handle)
    }

    /// Ends the frame without drawing it; returns the box around what it draws (window
    /// pixels), nil when it draws nothing. Then ``draw()`` draws it on the renderer's target.
    func endFrame() -> (left: Float, top: Float, right: Float, bottom: Float)? {
        var bounds: [Float] = [0, 0, 0, 0]
        bounds.withUnsafeMutableBufferPointer { fx_imgui_end_frame(handle, $0.baseAddress) }
        return bounds[2] > bounds[0] && bounds[3] > bounds[1] ? (bounds[0], bounds[1], bounds[2], bounds[3]) : nil
    }

    /// Draws the frame ended by ``endFrame()``.
    func draw() {
        fx_imgui_draw(handle)
    }
}

/// The widgets the panel draws, as Swift calls on the current ImGui frame. Identifiers follow
/// ImGui's rule: a label's text after `##` is the identity, not shown.
enum ImGui {
    /// A docked window at a rectangle in window pixels, around `content`.
    static func docked(_ id: String, x: Float, y: Float, width: Float, height: Float, _ content: () -> Void) {
        if fx_imgui_begin_docked(id, x, y, width, height) { content() }
        fx_imgui_end_docked()
    }

    /// A scrolling region of `height` pixels (0: the rest; negative: the rest minus that).
    static func child(_ id: String, height: Float, border: Bool = false, _ content: () -> Void) {
        if fx_imgui_begin_child(id, height, border) { content() }
        fx_imgui_end_child()
    }

    /// A tree node. Returns whether it is open with children to draw (then draw them and call
    /// ``treePop()``) and whether its label was clicked.
    static func treeNode(_ id: String, label: String, leaf: Bool, selected: Bool, openByDefault: Bool = true) -> (open: Bool, clicked: Bool) {
        var clicked = false
        let open = fx_imgui_tree_node(id, label, leaf, selected, openByDefault, &clicked)
        return (open, clicked)
    }

    static func treePop() { fx_imgui_tree_pop() }

    /// Whether the last item is held (a field being dragged).
    static var isItemActive: Bool { fx_imgui_is_item_active() }

    static func collapsingHeader(_ label: String, openByDefault: Bool = true) -> Bool {
        fx_imgui_collapsing_header(label, openByDefault)
    }

    static func text(_ text: String) { fx_imgui_text(text) }
    static func dimText(_ text: String) { fx_imgui_text_dim(text) }
    static func text(_ text: String, color: (Float, Float, Float, Float)) {
        fx_imgui_text_colored(color.0, color.1, color.2, color.3, text)
    }
    /// Text wrapped at spaces to the panel's width (a message that may be long).
    static func wrappedText(_ text: String, color: (Float, Float, Float, Float)) {
        fx_imgui_text_wrapped(color.0, color.1, color.2, color.3, text)
    }
    static func tooltip(_ text: String) { fx_imgui_tooltip(text) }
    static func separator() { fx_imgui_separator() }
    static func spacing() { fx_imgui_spacing() }
    static func sameLine(spacing: Float = -1) { fx_imgui_same_line(spacing) }

    /// A table of two columns (width 0 stretches); `rows` draws its rows.
    static func table(_ id: String, columns: (String, Float, String, Float), headers: Bool = false, _ rows: () -> Void) {
        guard fx_imgui_begin_table(id, columns.0, columns.1, columns.2, columns.3, headers) else { return }
        rows()
        fx_imgui_end_table()
    }

    static func nextRow() { fx_imgui_table_next_row() }
    static func column(_ index: Int) { fx_imgui_table_column(Int32(index)) }

    /// Starts a row: the name on the left; the next control fills the right.
    static func row(_ name: String, dim: Bool) { fx_imgui_table_row(name, dim) }

    /// A row whose name is a tree node opened and closed by a click on it; the value cell is
    /// current after it. Returns whether it is open: then draw its rows and call ``treePop()``.
    static func treeRow(_ id: String, label: String, dim: Bool, openByDefault: Bool) -> Bool {
        fx_imgui_table_tree_row(id, label, dim, openByDefault)
    }

    /// The width in pixels of a text, and of a button with this label.
    static func textWidth(_ text: String) -> Float { fx_imgui_text_width(text) }
    static func buttonWidth(_ label: String) -> Float { fx_imgui_button_width(label) }
    /// The space between items on a line.
    static var itemSpacing: Float { fx_imgui_item_spacing() }
    /// Puts the next `width` pixels of items at the right end of what is left of the line.
    static func alignRight(_ width: Float) { fx_imgui_align_right(width) }

    /// The next control's width in pixels (negative: what is left minus that).
    static func nextItemWidth(_ width: Float) { fx_imgui_set_next_item_width(width) }

    /// The last item's rectangle in window pixels.
    static var lastItemRect: (x: Float, y: Float, width: Float, height: Float) {
        var rect: [Float] = [0, 0, 0, 0]
        rect.withUnsafeMutableBufferPointer { fx_imgui_last_item_rect($0.baseAddress) }
        return (rect[0], rect[1], rect[2], rect[3])
    }

    static func disabled(_ disabled: Bool, _ content: () -> Void) {
        fx_imgui_begin_disabled(disabled)
        content()
        fx_imgui_end_disabled()
    }

    static func dimmed(_ dim: Bool, _ content: () -> Void) {
        fx_imgui_begin_dim(dim)
        content()
        fx_imgui_end_dim()
    }

    static func dragFloat(_ id: String, _ value: inout Float, speed: Float, range: ClosedRange<Float>?, format: String) -> Bool {
        fx_imgui_drag_float(id, &value, speed, range?.lowerBound ?? 0, range?.upperBound ?? 0, format)
    }

    static func dragFloats(_ id: String, _ values: inout [Float], speed: Float, range: ClosedRange<Float>?, format: String) -> Bool {
        let low = range?.lowerBound ?? 0, high = range?.upperBound ?? 0
        return values.withUnsafeMutableBufferPointer { buffer in
            switch buffer.count {
            case 2: return fx_imgui_drag_float2(id, buffer.baseAddress, speed, low, high, format)
            case 4: return fx_imgui_drag_float4(id, buffer.baseAddress, speed, low, high, format)
            default: return false
            }
        }
    }

    static func checkbox(_ id: String, _ value: inout Bool) -> Bool { fx_imgui_checkbox(id, &value) }

    static func combo(_ id: String, _ current: inout Int, items: [String]) -> Bool {
        var index = Int32(current)
        let cStrings = items.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let changed = cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            fx_imgui_combo(id, &index, buffer.baseAddress, Int32(buffer.count))
        }
        current = Int(index)
        return changed
    }

    static func colorEdit(_ id: String, _ rgba: inout [Float]) -> Bool {
        guard rgba.count == 4 else { return false }
        return rgba.withUnsafeMutableBufferPointer { fx_imgui_color_edit(id, $0.baseAddress) }
    }

    /// Whether a control is being dragged or typed into now.
    static var isAnyItemActive: Bool { fx_imgui_is_any_item_active() }

    /// Whether a popup (a combo's list, a color picker) is open.
    static var isAnyPopupOpen: Bool { fx_imgui_is_any_popup_open() }

    /// Opens the popup `id`: ``popup(_:_:)`` with that id draws it from then on, until an item
    /// in it is chosen, Escape, or a click outside it.
    static func openPopup(_ id: String) { fx_imgui_open_popup(id) }
    /// Draws the popup `id` with `items` while it is open.
    static func popup(_ id: String, _ items: () -> Void) {
        guard fx_imgui_begin_popup(id) else { return }
        items()
        fx_imgui_end_popup()
    }
    /// A menu's item (a popup's line); true when chosen, which closes the popup.
    static func menuItem(_ label: String) -> Bool { fx_imgui_menu_item(label) }

    /// A button; true when clicked.
    static func button(_ label: String, small: Bool = false) -> Bool { fx_imgui_button(label, small) }
    /// A button `width` pixels wide.
    static func button(_ label: String, width: Float) -> Bool { fx_imgui_button_wide(label, width) }

    /// A line of text to type; returns the text when it is final (Enter, or the field left
    /// after a change), nil otherwise. `text` is what the field shows while not typed into.
    static func inputText(_ id: String, text: String, capacity: Int = 512) -> String? {
        var buffer = [CChar](repeating: 0, count: capacity)
        let bytes = Array(text.utf8.prefix(capacity - 1))
        for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        let entered = buffer.withUnsafeMutableBufferPointer { fx_imgui_input_text(id, $0.baseAddress, Int32(capacity)) }
        guard entered else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An area that takes the mouse like a control (drawn by the caller); true when clicked.
    @discardableResult
    static func invisibleButton(_ id: String, width: Float, height: Float) -> Bool {
        fx_imgui_invisible_button(id, width, height)
    }

    static var isItemHovered: Bool { fx_imgui_is_item_hovered() }
    /// Whether the last item shows (not scrolled out of its region).
    static var isItemVisible: Bool { fx_imgui_is_item_visible() }
    /// Whether the last item was pressed this frame.
    static var isItemActivated: Bool { fx_imgui_is_item_activated() }
    static func isMouseDoubleClicked(_ button: Int = 0) -> Bool { fx_imgui_is_mouse_double_clicked(Int32(button)) }

    /// The pointer in window pixels.
    static var mousePosition: (x: Float, y: Float) {
        var position: [Float] = [0, 0]
        position.withUnsafeMutableBufferPointer { fx_imgui_mouse_position($0.baseAddress) }
        return (position[0], position[1])
    }

    /// The width left on the current line, in pixels.
    static var availableWidth: Float { fx_imgui_available_width() }

    /// `content` with `id` pushed onto the identity of its controls (one stop of many).
    static func withID(_ id: Int, _ content: () -> Void) {
        fx_imgui_push_id(Int32(id))
        content()
        fx_imgui_pop_id()
    }
}
