// A small C interface to Dear ImGui (Debian's libimgui-dev, 1.86) for Plume's playground: just
// the widgets the inspector and HUD use, typed for Swift. One ImGui context per process, made by
// plume_imgui_init_glfw and destroyed by plume_imgui_shutdown. Every
// call needs the GL context of the window current on the calling thread.
#ifndef PLUME_IMGUI_SHIM_H
#define PLUME_IMGUI_SHIM_H
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A rectangle in window points (origin top-left, y down).
typedef struct PlumeImGuiRect { float x, y, width, height; } PlumeImGuiRect;

/// Window options for plume_imgui_begin (combine with |).
typedef enum PlumeImGuiWindowOption {
    PlumeImGuiWindowNone = 0,
    PlumeImGuiWindowNoTitleBar = 1 << 0,
    PlumeImGuiWindowNoResize = 1 << 1,
    PlumeImGuiWindowNoMove = 1 << 2,
    PlumeImGuiWindowAutoResize = 1 << 3,
    PlumeImGuiWindowNoBackground = 1 << 4,
    PlumeImGuiWindowNoInputs = 1 << 5,
    PlumeImGuiWindowMenuBar = 1 << 6,
    PlumeImGuiWindowNoFocusOnAppearing = 1 << 7,
} PlumeImGuiWindowOption;

// MARK: Lifetime and frames

/// Creates the ImGui context for a GLFW window (GLFWwindow *) with an OpenGL 3.3+ core context
/// current, installing ImGui's GLFW callbacks (they chain to callbacks set before). No imgui.ini
/// is written. Returns false (and leaves no context) when a back end fails to start.
bool plume_imgui_init_glfw(void *glfw_window);
/// Scales the interface (fonts and spacing) by `scale`, for HiDPI screens.
void plume_imgui_set_scale(float scale);
/// Whether a context exists.
bool plume_imgui_is_running(void);
/// Destroys the back ends and the context (no-op without one).
void plume_imgui_shutdown(void);
/// Starts a frame: reads the window size, framebuffer scale, mouse and time.
void plume_imgui_new_frame(void);
/// Ends the frame and draws it into the bound framebuffer. ImGui's OpenGL 3 back end saves and
/// restores the GL state it changes.
void plume_imgui_render(void);
/// Whether ImGui uses the mouse (it is over, or dragging, one of its windows).
bool plume_imgui_wants_mouse(void);
/// Whether ImGui uses the keyboard (a text field has focus).
bool plume_imgui_wants_keyboard(void);
/// Whether a widget is active this frame (a text field being edited, a slider held).
bool plume_imgui_any_item_active(void);
/// Notes a press (or repeat) of GLFW key `key` with modifier bits `mods`. ImGui 1.86 reads keys
/// as up/down state once a frame, so a press and release between two frames (a quick Backspace
/// or Ctrl+A at 15 fps) would be lost: such presses are replayed, one a frame, at the next
/// frames' starts.
void plume_imgui_note_key_press(int key, int mods);

// MARK: Windows and layout

void plume_imgui_set_next_window_rect(float x, float y, float width, float height, bool always);
void plume_imgui_set_next_window_position(float x, float y, bool always);
void plume_imgui_set_next_window_alpha(float alpha);
/// Places the next window's point (pivot_x, pivot_y) — fractions of its size, (0, 1) its
/// bottom-left corner — at (x, y), with a fixed width (height 0: fitted).
void plume_imgui_set_next_window_anchor(float x, float y, float pivot_x, float pivot_y, float width, bool always);
/// The current window's rectangle (window points), between begin and end.
PlumeImGuiRect plume_imgui_window_rect(void);
/// Whether the current window appears this frame (its place and size may not be final yet).
bool plume_imgui_window_appearing(void);
/// A scrolling child region `height` points tall (full width); end it with plume_imgui_end_child.
bool plume_imgui_begin_child(const char *id, float height);
void plume_imgui_end_child(void);
/// A selectable row; true when clicked.
bool plume_imgui_selectable(const char *label, bool selected);
bool plume_imgui_begin(const char *title, int options);
void plume_imgui_end(void);
void plume_imgui_same_line(void);
void plume_imgui_separator(void);
void plume_imgui_indent(void);
void plume_imgui_unindent(void);
void plume_imgui_push_id(const char *id);
void plume_imgui_pop_id(void);
void plume_imgui_set_next_item_width(float width);
/// Widgets until the pop are `width` points wide (negative: the window's width less that much).
void plume_imgui_push_item_width(float width);
void plume_imgui_pop_item_width(void);
/// The last widget's rectangle (window points).
PlumeImGuiRect plume_imgui_last_item_rect(void);

// MARK: Widgets (each returns true when the value changed or the widget was pressed)

void plume_imgui_text(const char *text);
void plume_imgui_text_colored(float r, float g, float b, float a, const char *text);
void plume_imgui_text_wrapped(const char *text);
bool plume_imgui_button(const char *label);
bool plume_imgui_checkbox(const char *label, bool *value);
bool plume_imgui_slider_float(const char *label, float *value, float min, float max, const char *format);
bool plume_imgui_drag_float(const char *label, float *value, float speed, float min, float max, const char *format);
bool plume_imgui_drag_float2(const char *label, float *values, float speed, const char *format);
bool plume_imgui_drag_float4(const char *label, float *values, float speed, const char *format);
bool plume_imgui_drag_int(const char *label, int *value, float speed, int min, int max);
bool plume_imgui_color_edit4(const char *label, float *rgba);
bool plume_imgui_combo(const char *label, int *current, const char *const *items, int count);
/// A single-line text field editing `buffer` (NUL-terminated, `capacity` bytes).
bool plume_imgui_input_text(const char *label, char *buffer, size_t capacity);
bool plume_imgui_collapsing_header(const char *label, bool open_at_first);
/// A tree node; when it returns true call plume_imgui_tree_pop after its children.
bool plume_imgui_tree_node(const char *id, const char *label, bool selected, bool leaf);
void plume_imgui_tree_pop(void);
bool plume_imgui_item_clicked(void);

// MARK: Overlay (drawn behind every ImGui window, over the scene; window points, RGBA 0…1)

void plume_imgui_overlay_line(float x0, float y0, float x1, float y1, float r, float g, float b, float a, float thickness);
void plume_imgui_overlay_rect(float x0, float y0, float x1, float y1, float r, float g, float b, float a, float thickness);
void plume_imgui_overlay_circle(float x, float y, float radius, float r, float g, float b, float a, float thickness);

// MARK: Menus

bool plume_imgui_begin_menu_bar(void);
void plume_imgui_end_menu_bar(void);
bool plume_imgui_begin_menu(const char *label);
void plume_imgui_end_menu(void);
bool plume_imgui_menu_item(const char *label, const char *shortcut, bool selected);

#ifdef __cplusplus
}
#endif
#endif
