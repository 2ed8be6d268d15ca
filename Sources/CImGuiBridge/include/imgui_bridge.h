// The C interface of the window's property panel over Dear ImGui (a C++ library): exactly the
// calls the panel makes, so that Swift never sees C++. Only FXPanel imports it (the window and
// the embedding product, FXSDL, build without Dear ImGui). Functions other than create and
// destroy act on the current context: the one made by the last fx_imgui_create (fx has one
// window, so one context).
#ifndef FX_IMGUI_BRIDGE_H
#define FX_IMGUI_BRIDGE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct SDL_Window;
struct SDL_Renderer;

/// A Dear ImGui context bound to one SDL window and its SDL_Renderer.
typedef struct fx_imgui fx_imgui;

/// Makes a context for `window` drawn with `renderer`, with DejaVu Sans from `font_path` at
/// `font_size` pixels when the file loads (ImGui's own font otherwise). Writes no imgui.ini.
/// Returns NULL when a backend cannot start; `error` then holds why (NUL-terminated).
fx_imgui *fx_imgui_create(struct SDL_Window *window, struct SDL_Renderer *renderer, const char *font_path,
                          float font_size, char *error, int error_capacity);
void fx_imgui_destroy(fx_imgui *imgui);

/// What ImGui wants of the input, as of the last frame: bit 1 the mouse, bit 2 the keyboard.
enum { FX_IMGUI_WANTS_MOUSE = 1, FX_IMGUI_WANTS_KEYBOARD = 2 };
/// Hands ImGui one SDL_Event (`event` points to an SDL_Event) and returns the FX_IMGUI_WANTS_ bits.
int fx_imgui_process_event(fx_imgui *imgui, const void *event);
/// Starts a frame: the window's size, the time since the last frame, the mouse.
void fx_imgui_new_frame(fx_imgui *imgui);
/// Ends the frame without drawing it, and writes the box around everything it draws (left,
/// top, right, bottom in window pixels; all zero when it draws nothing): the window decides
/// where to draw it (a cached texture when it stays inside the dock) before fx_imgui_draw.
void fx_imgui_end_frame(fx_imgui *imgui, float bounds[4]);
/// Draws the frame ended by fx_imgui_end_frame with the renderer, on its current target (the
/// caller resets any logical size or scale first).
void fx_imgui_draw(fx_imgui *imgui);

/// A window without title bar, fixed at the rectangle (window pixels), opaque: the dock.
/// Always pair with fx_imgui_end_docked, whatever this returns.
bool fx_imgui_begin_docked(const char *id, float x, float y, float width, float height);
void fx_imgui_end_docked(void);
/// A scrolling region `height` pixels high (0: the rest of the window; negative: the rest
/// minus that many). Always pair with fx_imgui_end_child.
bool fx_imgui_begin_child(const char *id, float height, bool border);
void fx_imgui_end_child(void);

/// A tree node; `leaf` has no children to open. Sets `clicked` when its label (not its arrow)
/// was clicked. Returns true when it is open and not a leaf: its children follow, then
/// fx_imgui_tree_pop.
bool fx_imgui_tree_node(const char *id, const char *label, bool leaf, bool selected, bool open_by_default, bool *clicked);
void fx_imgui_tree_pop(void);
/// A header that folds what follows; returns whether it is open.
bool fx_imgui_collapsing_header(const char *label, bool open_by_default);
/// A selectable line; returns true when clicked.
bool fx_imgui_selectable(const char *label, bool selected);

void fx_imgui_text(const char *text);
/// Text in the style's dim color (a value the file does not set, a note).
void fx_imgui_text_dim(const char *text);
void fx_imgui_text_colored(float red, float green, float blue, float alpha, const char *text);
/// Colored text wrapped at spaces to the window's width.
void fx_imgui_text_wrapped(float red, float green, float blue, float alpha, const char *text);
/// A tooltip with `text` while the last item is hovered.
void fx_imgui_tooltip(const char *text);
void fx_imgui_separator(void);
void fx_imgui_spacing(void);
/// The next item on the same line, `spacing` pixels after the last (negative: the default).
void fx_imgui_same_line(float spacing);

/// A two-column table; a column of width 0 stretches, another width is fixed (pixels). With
/// `headers`, the first row names the columns. Returns false when it is scrolled out of sight
/// (then no rows and no end_table).
bool fx_imgui_begin_table(const char *id, const char *first, float first_width, const char *second, float second_width,
                          bool headers);
void fx_imgui_table_next_row(void);
/// Moves to column `index` of the current row.
void fx_imgui_table_column(int index);
/// Starts a row with `name` in the first column (dim when `dim`), and moves to the second,
/// where the next control fills the width.
void fx_imgui_table_row(const char *name, bool dim);
/// A table row whose name cell is a tree node (a structured key, an element of its list),
/// clicked anywhere on its label to open or close; the value cell is current after it. Returns
/// whether the node is open (then draw its rows and call fx_imgui_tree_pop).
bool fx_imgui_table_tree_row(const char *id, const char *label, bool dim, bool open_by_default);
/// The width of a text, of a button with this label (its text up to "##"), and the space
/// between items on a line, in pixels.
float fx_imgui_text_width(const char *text);
float fx_imgui_button_width(const char *label);
float fx_imgui_item_spacing(void);
/// Moves the cursor so that an item `width` pixels wide ends at the right of what is left.
void fx_imgui_align_right(float width);
void fx_imgui_end_table(void);
/// The width of the next control, in pixels (negative: the width left minus that).
void fx_imgui_set_next_item_width(float width);
/// The last item's rectangle in window pixels: x, y, width, height.
void fx_imgui_last_item_rect(float rect[4]);
/// Whether the last item is held (a field being dragged): a drag's changes are one edit.
bool fx_imgui_is_item_active(void);

/// Greys out and disables the controls up to fx_imgui_end_disabled when `disabled`.
void fx_imgui_begin_disabled(bool disabled);
void fx_imgui_end_disabled(void);
/// Dims what follows (text and frames) up to fx_imgui_end_dim, for values the file does not set.
void fx_imgui_begin_dim(bool dim);
void fx_imgui_end_dim(void);

/// A number dragged with the mouse (or typed after a double-click), clamped to min…max
/// (min >= max: unbounded), `format` printf-style. Returns true when it changed.
bool fx_imgui_drag_float(const char *id, float *value, float speed, float min, float max, const char *format);
/// Two numbers side by side (a point, a size).
bool fx_imgui_drag_float2(const char *id, float values[2], float speed, float min, float max, const char *format);
/// Four numbers side by side (a rectangle: x, y, width, height).
bool fx_imgui_drag_float4(const char *id, float values[4], float speed, float min, float max, const char *format);
bool fx_imgui_checkbox(const char *id, bool *value);
/// A drop-down of `count` items; `current` is the chosen index.
bool fx_imgui_combo(const char *id, int *current, const char *const *items, int count);
/// A color as red, green, blue, alpha in 0…1, with a swatch that opens a picker.
bool fx_imgui_color_edit(const char *id, float rgba[4]);

/// Whether a control is being used (dragged, typed into) now.
bool fx_imgui_is_any_item_active(void);
/// Whether a popup (a combo's list, a color picker) is open.
bool fx_imgui_is_any_popup_open(void);

/// Opens the popup `id` (shown from the next fx_imgui_begin_popup with that id, until an
/// item in it is chosen, Escape, or a click outside it).
void fx_imgui_open_popup(const char *id);
/// Begins the popup `id` when it is open: returns true, then draw its items and call
/// fx_imgui_end_popup; returns false (and nothing to end) while it is closed.
bool fx_imgui_begin_popup(const char *id);
void fx_imgui_end_popup(void);
/// An item of a menu (a popup's line); returns true when chosen, which closes the popup.
bool fx_imgui_menu_item(const char *label);

/// A button; returns true when clicked. `small` draws it without frame padding.
bool fx_imgui_button(const char *label, bool small);
/// A button `width` pixels wide (the label centred in it).
bool fx_imgui_button_wide(const char *label, float width);
/// A line of text typed into `buffer` (NUL-terminated, `capacity` bytes). Returns true when
/// Enter was pressed or the field lost focus with its text changed: the text is then final.
bool fx_imgui_input_text(const char *id, char *buffer, int capacity);
/// A line of text typed into `buffer`, read live: returns true on each frame its text changed.
/// `hint` shows, dimmed, while it is empty; `focus` puts the keyboard in it (Ctrl+F), which
/// selects its text, so that typing replaces it.
bool fx_imgui_input_text_live(const char *id, const char *hint, char *buffer, int capacity, bool focus);
/// Whether the last item (a text field) takes typing now.
bool fx_imgui_is_item_focused(void);
/// Takes typing away from the field that has it (its text as the caller sets it next).
void fx_imgui_clear_active(void);
/// Whether Enter or Escape went down this frame (a field's own keys: submit, cancel).
bool fx_imgui_is_enter_pressed(void);
bool fx_imgui_is_escape_pressed(void);
/// A framed line's height (a field, a button) with the space under it, in pixels.
float fx_imgui_line_height(void);
/// An area that takes the mouse like a control, drawn by the caller (a gradient bar, a
/// curve); returns true when clicked.
bool fx_imgui_invisible_button(const char *id, float width, float height);
bool fx_imgui_is_item_hovered(void);
/// Whether the last item is inside its window's visible part (not scrolled away).
bool fx_imgui_is_item_visible(void);
/// Whether the last item was pressed this frame (a drag begins).
bool fx_imgui_is_item_activated(void);
/// Whether the mouse button (0 left, 1 right) was double-clicked this frame.
bool fx_imgui_is_mouse_double_clicked(int button);
/// The pointer's position in window pixels.
void fx_imgui_mouse_position(float position[2]);
/// The width left on the current line, in pixels.
float fx_imgui_available_width(void);
/// Pushes and pops a part of the identity of the controls between (a stop's index).
void fx_imgui_push_id(int id);
void fx_imgui_pop_id(void);

/// Drawing into the current window, in window pixels; colors are ImGui's packed 0xAABBGGRR.
void fx_imgui_draw_rect_filled(float left, float top, float right, float bottom, unsigned int color);
/// A rectangle shaded from `left_color` at its left edge to `right_color` at its right.
void fx_imgui_draw_rect_gradient(float left, float top, float right, float bottom, unsigned int left_color,
                                 unsigned int right_color);
void fx_imgui_draw_rect(float left, float top, float right, float bottom, unsigned int color, float thickness);
void fx_imgui_draw_line(float x0, float y0, float x1, float y1, unsigned int color, float thickness);
void fx_imgui_draw_circle_filled(float x, float y, float radius, unsigned int color);
void fx_imgui_draw_circle(float x, float y, float radius, unsigned int color, float thickness);
void fx_imgui_draw_triangle_filled(float x0, float y0, float x1, float y1, float x2, float y2, unsigned int color);

#ifdef __cplusplus
}
#endif

#endif
