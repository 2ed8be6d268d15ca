// The C interface of imgui_bridge.h, over Dear ImGui 1.86 and its SDL2 and SDL_Renderer
// backends.
#include "imgui_bridge.h"

// ImGui 1.86's header clears objects with memset, which newer clang warns about; the header is
// Debian's, not fx's, so that one warning is off here.
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wnontrivial-memcall"

#include <SDL2/SDL.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_sdl.h>
#include <backends/imgui_impl_sdlrenderer.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

struct fx_imgui {
    ImGuiContext *context;
    SDL_Window *window;
};

static void fx_copy_error(char *error, int capacity, const char *message) {
    if (error && capacity > 0) snprintf(error, (size_t)capacity, "%s", message);
}

// A dark theme with the panel's own spacing: compact rows, rounded frames, an opaque window
// (the dock must hide whatever the canvas draws beyond its edge).
static void fx_style(void) {
    ImGui::StyleColorsDark();
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 0;
    style.WindowBorderSize = 0;
    style.WindowPadding = ImVec2(10, 10);
    style.FrameRounding = 3;
    style.FramePadding = ImVec2(6, 3);
    style.ItemSpacing = ImVec2(8, 4);
    style.CellPadding = ImVec2(4, 2);
    style.IndentSpacing = 14;
    style.ScrollbarSize = 12;
    style.GrabRounding = 3;
    ImVec4 *colors = style.Colors;
    colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
    colors[ImGuiCol_ChildBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.0f);
    colors[ImGuiCol_Header] = ImVec4(0.22f, 0.36f, 0.58f, 0.55f);
    colors[ImGuiCol_HeaderHovered] = ImVec4(0.26f, 0.42f, 0.66f, 0.70f);
    colors[ImGuiCol_HeaderActive] = ImVec4(0.28f, 0.46f, 0.72f, 0.90f);
    colors[ImGuiCol_TableRowBgAlt] = ImVec4(1, 1, 1, 0.03f);
}

fx_imgui *fx_imgui_create(SDL_Window *window, SDL_Renderer *renderer, const char *font_path, float font_size,
                          char *error, int error_capacity) {
    if (!window || !renderer) {
        fx_copy_error(error, error_capacity, "no window or renderer");
        return NULL;
    }
    IMGUI_CHECKVERSION();
    ImGuiContext *context = ImGui::CreateContext();
    ImGui::SetCurrentContext(context);
    ImGuiIO &io = ImGui::GetIO();
    // No imgui.ini in the user's folder: the dock's place is the window's to decide.
    io.IniFilename = NULL;
    io.LogFilename = NULL;
    fx_style();
    if (font_path && font_path[0] && font_size > 0) {
        FILE *probe = fopen(font_path, "rb");
        if (probe) {
            fclose(probe);
            // Latin-1 and the punctuation, arrows and math signs the panel writes ("…",
            // "→", "−", "≥"): Dear ImGui's default range is Latin-1 alone, drawn "?" else.
            static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};
            io.Fonts->AddFontFromFileTTF(font_path, font_size, NULL, ranges);
        }
    }
    if (io.Fonts->Fonts.Size == 0) io.Fonts->AddFontDefault();
    if (!ImGui_ImplSDL2_InitForSDLRenderer(window)) {
        fx_copy_error(error, error_capacity, "Dear ImGui's SDL2 backend did not start");
        ImGui::DestroyContext(context);
        return NULL;
    }
    if (!ImGui_ImplSDLRenderer_Init(renderer)) {
        fx_copy_error(error, error_capacity, "Dear ImGui's SDL_Renderer backend did not start");
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext(context);
        return NULL;
    }
    fx_imgui *imgui = new fx_imgui;
    imgui->context = context;
    imgui->window = window;
    return imgui;
}

void fx_imgui_destroy(fx_imgui *imgui) {
    if (!imgui) return;
    ImGui::SetCurrentContext(imgui->context);
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext(imgui->context);
    delete imgui;
}

int fx_imgui_process_event(fx_imgui *imgui, const void *event) {
    ImGui::SetCurrentContext(imgui->context);
    if (event) ImGui_ImplSDL2_ProcessEvent((const SDL_Event *)event);
    ImGuiIO &io = ImGui::GetIO();
    return (io.WantCaptureMouse ? FX_IMGUI_WANTS_MOUSE : 0) | (io.WantCaptureKeyboard ? FX_IMGUI_WANTS_KEYBOARD : 0);
}

void fx_imgui_new_frame(fx_imgui *imgui) {
    ImGui::SetCurrentContext(imgui->context);
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    // The 1.86 SDL backend reads the pointer with SDL_GetGlobalMouseState, which on X11 is
    // refreshed only by XInput2 raw motion: synthetic input (xdotool, XTest) and a grabbed
    // pointer (a drag) need not produce any, and a drag then sees no motion. SDL's position from
    // the window's own events is always current (later backends switched to events too).
    int x = 0, y = 0;
    Uint32 buttons = SDL_GetMouseState(&x, &y);
    if (SDL_GetMouseFocus() == imgui->window || buttons != 0)
        ImGui::GetIO().MousePos = ImVec2((float)x, (float)y);
    else
        ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    ImGui::NewFrame();
}

void fx_imgui_end_frame(fx_imgui *imgui, float bounds[4]) {
    ImGui::SetCurrentContext(imgui->context);
    ImGui::Render();
    const ImDrawData *data = ImGui::GetDrawData();
    float left = FLT_MAX, top = FLT_MAX, right = -FLT_MAX, bottom = -FLT_MAX;
    // Each command's triangles, cut to its clip rectangle: the rectangle alone may be the
    // whole display (a window's draw list starts with one), and the triangles alone may run
    // past the window (a scrolled list's rows, clipped when drawn).
    for (int list = 0; data && list < data->CmdListsCount; list++) {
        const ImDrawList *commands = data->CmdLists[list];
        for (int index = 0; index < commands->CmdBuffer.Size; index++) {
            const ImDrawCmd &command = commands->CmdBuffer[index];
            if (command.UserCallback || command.ElemCount == 0) continue;
            float boxLeft = FLT_MAX, boxTop = FLT_MAX, boxRight = -FLT_MAX, boxBottom = -FLT_MAX;
            for (unsigned int element = 0; element < command.ElemCount; element++) {
                const ImDrawIdx vertex = commands->IdxBuffer[(int)(command.IdxOffset + element)];
                const ImVec2 position = commands->VtxBuffer[(int)(command.VtxOffset + vertex)].pos;
                boxLeft = fminf(boxLeft, position.x);
                boxTop = fminf(boxTop, position.y);
                boxRight = fmaxf(boxRight, position.x);
                boxBottom = fmaxf(boxBottom, position.y);
            }
            boxLeft = fmaxf(boxLeft, command.ClipRect.x);
            boxTop = fmaxf(boxTop, command.ClipRect.y);
            boxRight = fminf(boxRight, command.ClipRect.z);
            boxBottom = fminf(boxBottom, command.ClipRect.w);
            if (boxLeft >= boxRight || boxTop >= boxBottom) continue;
            left = fminf(left, boxLeft);
            top = fminf(top, boxTop);
            right = fmaxf(right, boxRight);
            bottom = fmaxf(bottom, boxBottom);
        }
    }
    if (left > right) left = top = right = bottom = 0;
    bounds[0] = left;
    bounds[1] = top;
    bounds[2] = right;
    bounds[3] = bottom;
}

void fx_imgui_draw(fx_imgui *imgui) {
    ImGui::SetCurrentContext(imgui->context);
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
}

bool fx_imgui_begin_docked(const char *id, float x, float y, float width, float height) {
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove
        | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    return ImGui::Begin(id, NULL, flags);
}

void fx_imgui_end_docked(void) { ImGui::End(); }

bool fx_imgui_begin_child(const char *id, float height, bool border) {
    return ImGui::BeginChild(id, ImVec2(0, height), border);
}

void fx_imgui_end_child(void) { ImGui::EndChild(); }

bool fx_imgui_tree_node(const char *id, const char *label, bool leaf, bool selected, bool open_by_default, bool *clicked) {
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_OpenOnDoubleClick
        | ImGuiTreeNodeFlags_SpanAvailWidth;
    if (leaf) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
    if (selected) flags |= ImGuiTreeNodeFlags_Selected;
    if (open_by_default) flags |= ImGuiTreeNodeFlags_DefaultOpen;
    bool open = ImGui::TreeNodeEx(id, flags, "%s", label);
    if (clicked) *clicked = ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen();
    return open && !leaf;
}

void fx_imgui_tree_pop(void) { ImGui::TreePop(); }

bool fx_imgui_collapsing_header(const char *label, bool open_by_default) {
    return ImGui::CollapsingHeader(label, open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}

bool fx_imgui_selectable(const char *label, bool selected) { return ImGui::Selectable(label, selected); }

void fx_imgui_text(const char *text) { ImGui::TextUnformatted(text); }

void fx_imgui_text_dim(const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}

void fx_imgui_text_colored(float red, float green, float blue, float alpha, const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(red, green, blue, alpha));
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}

void fx_imgui_text_wrapped(float red, float green, float blue, float alpha, const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(red, green, blue, alpha));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

void fx_imgui_tooltip(const char *text) {
    if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void fx_imgui_separator(void) { ImGui::Separator(); }
void fx_imgui_spacing(void) { ImGui::Spacing(); }
void fx_imgui_same_line(float spacing) { ImGui::SameLine(0, spacing); }

bool fx_imgui_begin_table(const char *id, const char *first, float first_width, const char *second, float second_width,
                          bool headers) {
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return false;
    ImGui::TableSetupColumn(first, first_width > 0 ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch,
                            first_width);
    ImGui::TableSetupColumn(second, second_width > 0 ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch,
                            second_width);
    if (headers) ImGui::TableHeadersRow();
    return true;
}

void fx_imgui_table_next_row(void) { ImGui::TableNextRow(); }

void fx_imgui_table_column(int index) { ImGui::TableSetColumnIndex(index); }

void fx_imgui_table_row(const char *name, bool dim) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    if (dim) fx_imgui_text_dim(name); else ImGui::TextUnformatted(name);
    ImGui::TableSetColumnIndex(1);
    ImGui::SetNextItemWidth(-FLT_MIN);
}

bool fx_imgui_table_tree_row(const char *id, const char *label, bool dim, bool open_by_default) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    if (dim) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanAvailWidth | (open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    // A long key (timeOffsetFollowsPointer) runs on into the value column, whose controls the
    // caller puts at its right end (fx_imgui_align_right).
    ImVec2 clip_min = ImGui::GetWindowDrawList()->GetClipRectMin(), clip_max = ImGui::GetWindowDrawList()->GetClipRectMax();
    float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    ImGui::PushClipRect(clip_min, ImVec2(right > clip_max.x ? right : clip_max.x, clip_max.y), false);
    bool open = ImGui::TreeNodeEx(id, flags, "%s", label);
    ImGui::PopClipRect();
    if (dim) ImGui::PopStyleColor();
    ImGui::TableSetColumnIndex(1);
    return open;
}

float fx_imgui_text_width(const char *text) { return ImGui::CalcTextSize(text, NULL, true).x; }

float fx_imgui_button_width(const char *label) {
    return ImGui::CalcTextSize(label, NULL, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

float fx_imgui_item_spacing(void) { return ImGui::GetStyle().ItemSpacing.x; }

void fx_imgui_align_right(float width) {
    float available = ImGui::GetContentRegionAvail().x;
    if (available > width) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + available - width);
}

void fx_imgui_set_next_item_width(float width) { ImGui::SetNextItemWidth(width); }

bool fx_imgui_is_item_active(void) {
    return ImGui::IsItemActive();
}

void fx_imgui_last_item_rect(float rect[4]) {
    ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    rect[0] = min.x;
    rect[1] = min.y;
    rect[2] = max.x - min.x;
    rect[3] = max.y - min.y;
}

void fx_imgui_end_table(void) { ImGui::EndTable(); }

void fx_imgui_begin_disabled(bool disabled) { ImGui::BeginDisabled(disabled); }
void fx_imgui_end_disabled(void) { ImGui::EndDisabled(); }

void fx_imgui_begin_dim(bool dim) {
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, dim ? ImGui::GetStyle().Alpha * 0.55f : ImGui::GetStyle().Alpha);
}

void fx_imgui_end_dim(void) { ImGui::PopStyleVar(); }

// AlwaysClamp: a typed value obeys the range too, not only a dragged one.
static ImGuiSliderFlags fx_drag_flags(float min, float max) {
    return min < max ? ImGuiSliderFlags_AlwaysClamp : ImGuiSliderFlags_None;
}

bool fx_imgui_drag_float(const char *id, float *value, float speed, float min, float max, const char *format) {
    return ImGui::DragFloat(id, value, speed, min, max, format, fx_drag_flags(min, max));
}

bool fx_imgui_drag_float2(const char *id, float values[2], float speed, float min, float max, const char *format) {
    return ImGui::DragFloat2(id, values, speed, min, max, format, fx_drag_flags(min, max));
}

bool fx_imgui_drag_float4(const char *id, float values[4], float speed, float min, float max, const char *format) {
    return ImGui::DragFloat4(id, values, speed, min, max, format, fx_drag_flags(min, max));
}

bool fx_imgui_checkbox(const char *id, bool *value) { return ImGui::Checkbox(id, value); }

bool fx_imgui_combo(const char *id, int *current, const char *const *items, int count) {
    return ImGui::Combo(id, current, items, count);
}

bool fx_imgui_color_edit(const char *id, float rgba[4]) {
    return ImGui::ColorEdit4(id, rgba, ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_DisplayHex
                             | ImGuiColorEditFlags_AlphaPreviewHalf);
}

bool fx_imgui_is_any_item_active(void) { return ImGui::IsAnyItemActive(); }


bool fx_imgui_is_any_popup_open(void) {
    return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
}

void fx_imgui_open_popup(const char *id) { ImGui::OpenPopup(id); }
bool fx_imgui_begin_popup(const char *id) { return ImGui::BeginPopup(id); }
void fx_imgui_end_popup(void) { ImGui::EndPopup(); }
bool fx_imgui_menu_item(const char *label) { return ImGui::MenuItem(label); }

bool fx_imgui_button(const char *label, bool small) { return small ? ImGui::SmallButton(label) : ImGui::Button(label); }
bool fx_imgui_button_wide(const char *label, float width) { return ImGui::Button(label, ImVec2(width, 0)); }

bool fx_imgui_input_text(const char *id, char *buffer, int capacity) {
    bool entered = ImGui::InputText(id, buffer, (size_t)capacity, ImGuiInputTextFlags_EnterReturnsTrue);
    return entered || ImGui::IsItemDeactivatedAfterEdit();
}

bool fx_imgui_input_text_live(const char *id, const char *hint, char *buffer, int capacity, bool focus) {
    if (focus) ImGui::SetKeyboardFocusHere(0);
    // Taking the keyboard selects the text: typing replaces it (a new path, a new filter).
    return ImGui::InputTextWithHint(id, hint, buffer, (size_t)capacity, ImGuiInputTextFlags_AutoSelectAll);
}

bool fx_imgui_is_item_focused(void) { return ImGui::IsItemActive(); }
void fx_imgui_clear_active(void) { ImGui::ClearActiveID(); }
bool fx_imgui_is_enter_pressed(void) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false)
        || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
}
bool fx_imgui_is_escape_pressed(void) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false); }
float fx_imgui_line_height(void) { return ImGui::GetFrameHeightWithSpacing(); }

bool fx_imgui_invisible_button(const char *id, float width, float height) {
    return ImGui::InvisibleButton(id, ImVec2(width > 1 ? width : 1, height > 1 ? height : 1));
}

bool fx_imgui_is_item_hovered(void) { return ImGui::IsItemHovered(); }
bool fx_imgui_is_item_visible(void) { return ImGui::IsItemVisible(); }
bool fx_imgui_is_item_activated(void) { return ImGui::IsItemActivated(); }
bool fx_imgui_is_mouse_double_clicked(int button) { return ImGui::IsMouseDoubleClicked(button); }

void fx_imgui_mouse_position(float position[2]) {
    ImVec2 mouse = ImGui::GetMousePos();
    position[0] = mouse.x;
    position[1] = mouse.y;
}

float fx_imgui_available_width(void) { return ImGui::GetContentRegionAvail().x; }
void fx_imgui_push_id(int id) { ImGui::PushID(id); }
void fx_imgui_pop_id(void) { ImGui::PopID(); }

void fx_imgui_draw_rect_filled(float left, float top, float right, float bottom, unsigned int color) {
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(left, top), ImVec2(right, bottom), color);
}

void fx_imgui_draw_rect_gradient(float left, float top, float right, float bottom, unsigned int left_color,
                                 unsigned int right_color) {
    ImGui::GetWindowDrawList()->AddRectFilledMultiColor(ImVec2(left, top), ImVec2(right, bottom), left_color, right_color,
                                                        right_color, left_color);
}

void fx_imgui_draw_rect(float left, float top, float right, float bottom, unsigned int color, float thickness) {
    ImGui::GetWindowDrawList()->AddRect(ImVec2(left, top), ImVec2(right, bottom), color, 0, 0, thickness);
}

void fx_imgui_draw_line(float x0, float y0, float x1, float y1, unsigned int color, float thickness) {
    ImGui::GetWindowDrawList()->AddLine(ImVec2(x0, y0), ImVec2(x1, y1), color, thickness);
}

void fx_imgui_draw_circle_filled(float x, float y, float radius, unsigned int color) {
    ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(x, y), radius, color);
}

void fx_imgui_draw_circle(float x, float y, float radius, unsigned int color, float thickness) {
    ImGui::GetWindowDrawList()->AddCircle(ImVec2(x, y), radius, color, 0, thickness);
}

void fx_imgui_draw_triangle_filled(float x0, float y0, float x1, float y1, float x2, float y2, unsigned int color) {
    ImGui::GetWindowDrawList()->AddTriangleFilled(ImVec2(x0, y0), ImVec2(x1, y1), ImVec2(x2, y2), color);
}
