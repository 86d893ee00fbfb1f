// The C interface of imgui_shim.h over Dear ImGui 1.86 and its GLFW and OpenGL 3 back ends.
#include "imgui_shim.h"

// imgui.h's own memset of its structs warns under clang 17+; the header is not ours to change.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#pragma clang diagnostic pop
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace {
ImGuiWindowFlags windowFlags(int options) {
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoSavedSettings;
    if (options & PlumeImGuiWindowNoTitleBar) flags |= ImGuiWindowFlags_NoTitleBar;
    if (options & PlumeImGuiWindowNoResize) flags |= ImGuiWindowFlags_NoResize;
    if (options & PlumeImGuiWindowNoMove) flags |= ImGuiWindowFlags_NoMove;
    if (options & PlumeImGuiWindowAutoResize) flags |= ImGuiWindowFlags_AlwaysAutoResize;
    if (options & PlumeImGuiWindowNoBackground) flags |= ImGuiWindowFlags_NoBackground;
    if (options & PlumeImGuiWindowNoInputs) flags |= ImGuiWindowFlags_NoInputs;
    if (options & PlumeImGuiWindowMenuBar) flags |= ImGuiWindowFlags_MenuBar;
    if (options & PlumeImGuiWindowNoFocusOnAppearing) flags |= ImGuiWindowFlags_NoFocusOnAppearing;
    return flags;
}
bool frameOpen = false;
GLFWwindow *shimWindow = nullptr;
/// Key presses to replay (plume_imgui_note_key_press) with their GLFW modifier bits, and the
/// key replayed last frame.
struct PendingKey { int key; int mods; };
PendingKey pendingKeys[64];
int pendingCount = 0;
int replayedKey = -1;

/// The modifier state as the keyboard has it now.
void physicalModifiers(ImGuiIO &io) {
    auto down = [](int key) { return shimWindow != nullptr && glfwGetKey(shimWindow, key) == GLFW_PRESS; };
    io.KeyCtrl = down(GLFW_KEY_LEFT_CONTROL) || down(GLFW_KEY_RIGHT_CONTROL);
    io.KeyShift = down(GLFW_KEY_LEFT_SHIFT) || down(GLFW_KEY_RIGHT_SHIFT);
    io.KeyAlt = down(GLFW_KEY_LEFT_ALT) || down(GLFW_KEY_RIGHT_ALT);
    io.KeySuper = down(GLFW_KEY_LEFT_SUPER) || down(GLFW_KEY_RIGHT_SUPER);
}

/// Whether the last frame's modifiers were taken from a noted press rather than the keyboard.
bool modifiersForced = false;

/// Adds the modifiers held when `key` was pressed: X may report Ctrl up before ImGui sees the
/// key of Ctrl+A down.
void forceModifiers(ImGuiIO &io, int mods) {
    io.KeyCtrl = io.KeyCtrl || (mods & GLFW_MOD_CONTROL) != 0;
    io.KeyShift = io.KeyShift || (mods & GLFW_MOD_SHIFT) != 0;
    io.KeyAlt = io.KeyAlt || (mods & GLFW_MOD_ALT) != 0;
    io.KeySuper = io.KeySuper || (mods & GLFW_MOD_SUPER) != 0;
    modifiersForced = true;
}

/// Before NewFrame: releases the key replayed last frame, then replays the next press that ImGui
/// did not see as down (pressed and released within one frame), with its modifiers. A press
/// ImGui sees as down gets its modifiers too.
void replayKeys() {
    ImGuiIO &io = ImGui::GetIO();
    const int size = (int)(sizeof(io.KeysDown) / sizeof(io.KeysDown[0]));
    if (modifiersForced) {
        physicalModifiers(io);
        modifiersForced = false;
    }
    if (replayedKey >= 0) {
        if (shimWindow == nullptr || glfwGetKey(shimWindow, replayedKey) != GLFW_PRESS) io.KeysDown[replayedKey] = false;
        int released = replayedKey;
        replayedKey = -1;
        // The same key again needs one frame up before it can go down.
        if (pendingCount > 0 && pendingKeys[0].key == released) return;
    }
    while (pendingCount > 0) {
        PendingKey next = pendingKeys[0];
        for (int i = 1; i < pendingCount; i++) pendingKeys[i - 1] = pendingKeys[i];
        pendingCount -= 1;
        if (next.key < 0 || next.key >= size) continue;
        if (next.mods != 0) forceModifiers(io, next.mods);
        if (io.KeysDown[next.key]) {
            // Down now: ImGui sees the press itself. Its modifiers hold for this frame only.
            if (next.mods != 0) return;
            continue;
        }
        io.KeysDown[next.key] = true;
        replayedKey = next.key;
        return;
    }
}
}  // namespace

extern "C" {

bool plume_imgui_init_glfw(void *glfw_window) {
    if (ImGui::GetCurrentContext() != nullptr || glfw_window == nullptr) return false;
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    shimWindow = static_cast<GLFWwindow *>(glfw_window);
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    ImGui::StyleColorsDark();
    if (!ImGui_ImplGlfw_InitForOpenGL(static_cast<GLFWwindow *>(glfw_window), true)) {
        ImGui::DestroyContext();
        return false;
    }
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
        return false;
    }
    return true;
}

void plume_imgui_set_scale(float scale) {
    if (ImGui::GetCurrentContext() == nullptr || !(scale > 0.25f && scale < 8.0f)) return;
    ImGui::GetIO().FontGlobalScale = scale;
    ImGui::GetStyle().ScaleAllSizes(scale);
}

bool plume_imgui_is_running(void) { return ImGui::GetCurrentContext() != nullptr; }

void plume_imgui_shutdown(void) {
    if (ImGui::GetCurrentContext() == nullptr) return;
    if (frameOpen) { ImGui::EndFrame(); frameOpen = false; }
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void plume_imgui_new_frame(void) {
    if (frameOpen) ImGui::EndFrame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    replayKeys();
    ImGui::NewFrame();
    frameOpen = true;
}

void plume_imgui_render(void) {
    if (!frameOpen) return;
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    frameOpen = false;
}

bool plume_imgui_wants_mouse(void) { return ImGui::GetIO().WantCaptureMouse; }
bool plume_imgui_wants_keyboard(void) { return ImGui::GetIO().WantCaptureKeyboard; }
bool plume_imgui_any_item_active(void) { return ImGui::GetCurrentContext() != nullptr && ImGui::IsAnyItemActive(); }
void plume_imgui_note_key_press(int key, int mods) {
    if (ImGui::GetCurrentContext() == nullptr) return;
    // Only the keys ImGui maps (editing and navigation; A, C, V, X, Y, Z with Ctrl).
    ImGuiIO &io = ImGui::GetIO();
    bool mapped = false;
    for (int i = 0; i < ImGuiKey_COUNT; i++) mapped = mapped || io.KeyMap[i] == key;
    if (!mapped || pendingCount == (int)(sizeof(pendingKeys) / sizeof(pendingKeys[0]))) return;
    pendingKeys[pendingCount++] = PendingKey{key, mods};
}

void plume_imgui_set_next_window_rect(float x, float y, float width, float height, bool always) {
    ImGuiCond cond = always ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(x, y), cond);
    ImGui::SetNextWindowSize(ImVec2(width, height), cond);
}
void plume_imgui_set_next_window_position(float x, float y, bool always) {
    ImGui::SetNextWindowPos(ImVec2(x, y), always ? ImGuiCond_Always : ImGuiCond_FirstUseEver);
}
void plume_imgui_set_next_window_alpha(float alpha) { ImGui::SetNextWindowBgAlpha(alpha); }
void plume_imgui_set_next_window_anchor(float x, float y, float pivot_x, float pivot_y, float width, bool always) {
    ImGuiCond cond = always ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(x, y), cond, ImVec2(pivot_x, pivot_y));
    ImGui::SetNextWindowSize(ImVec2(width, 0), cond);
}
PlumeImGuiRect plume_imgui_window_rect(void) {
    ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
    return PlumeImGuiRect{p.x, p.y, s.x, s.y};
}
bool plume_imgui_window_appearing(void) { return ImGui::IsWindowAppearing(); }
bool plume_imgui_begin_child(const char *id, float height) { return ImGui::BeginChild(id, ImVec2(0, height), true); }
void plume_imgui_end_child(void) { ImGui::EndChild(); }
bool plume_imgui_selectable(const char *label, bool selected) { return ImGui::Selectable(label, selected); }
bool plume_imgui_begin(const char *title, int options) { return ImGui::Begin(title, nullptr, windowFlags(options)); }
void plume_imgui_end(void) { ImGui::End(); }
void plume_imgui_same_line(void) { ImGui::SameLine(); }
void plume_imgui_separator(void) { ImGui::Separator(); }
void plume_imgui_indent(void) { ImGui::Indent(); }
void plume_imgui_unindent(void) { ImGui::Unindent(); }
void plume_imgui_push_id(const char *id) { ImGui::PushID(id); }
void plume_imgui_pop_id(void) { ImGui::PopID(); }
void plume_imgui_set_next_item_width(float width) { ImGui::SetNextItemWidth(width); }
void plume_imgui_push_item_width(float width) { ImGui::PushItemWidth(width); }
void plume_imgui_pop_item_width(void) { ImGui::PopItemWidth(); }

PlumeImGuiRect plume_imgui_last_item_rect(void) {
    ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    return PlumeImGuiRect{min.x, min.y, max.x - min.x, max.y - min.y};
}

void plume_imgui_text(const char *text) { ImGui::TextUnformatted(text); }
void plume_imgui_text_colored(float r, float g, float b, float a, const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(r, g, b, a));
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}
void plume_imgui_text_wrapped(const char *text) { ImGui::TextWrapped("%s", text); }
bool plume_imgui_button(const char *label) { return ImGui::Button(label); }
bool plume_imgui_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }
bool plume_imgui_slider_float(const char *label, float *value, float min, float max, const char *format) {
    return ImGui::SliderFloat(label, value, min, max, format);
}
bool plume_imgui_drag_float(const char *label, float *value, float speed, float min, float max, const char *format) {
    return ImGui::DragFloat(label, value, speed, min, max, format);
}
bool plume_imgui_drag_float2(const char *label, float *values, float speed, const char *format) {
    return ImGui::DragFloat2(label, values, speed, 0, 0, format);
}
bool plume_imgui_drag_float4(const char *label, float *values, float speed, const char *format) {
    return ImGui::DragFloat4(label, values, speed, 0, 0, format);
}
bool plume_imgui_drag_int(const char *label, int *value, float speed, int min, int max) {
    return ImGui::DragInt(label, value, speed, min, max);
}
bool plume_imgui_color_edit4(const char *label, float *rgba) {
    return ImGui::ColorEdit4(label, rgba, ImGuiColorEditFlags_Float | ImGuiColorEditFlags_AlphaBar);
}
bool plume_imgui_combo(const char *label, int *current, const char *const *items, int count) {
    return ImGui::Combo(label, current, items, count);
}
bool plume_imgui_input_text(const char *label, char *buffer, size_t capacity) {
    return ImGui::InputText(label, buffer, capacity);
}
bool plume_imgui_collapsing_header(const char *label, bool open_at_first) {
    return ImGui::CollapsingHeader(label, open_at_first ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}
bool plume_imgui_tree_node(const char *id, const char *label, bool selected, bool leaf) {
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_DefaultOpen
        | ImGuiTreeNodeFlags_SpanAvailWidth;
    if (selected) flags |= ImGuiTreeNodeFlags_Selected;
    if (leaf) flags |= ImGuiTreeNodeFlags_Leaf;
    return ImGui::TreeNodeEx(id, flags, "%s", label);
}
void plume_imgui_tree_pop(void) { ImGui::TreePop(); }
bool plume_imgui_item_clicked(void) { return ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen(); }

void plume_imgui_overlay_line(float x0, float y0, float x1, float y1, float r, float g, float b, float a, float thickness) {
    ImGui::GetBackgroundDrawList()->AddLine(ImVec2(x0, y0), ImVec2(x1, y1), ImGui::GetColorU32(ImVec4(r, g, b, a)), thickness);
}
void plume_imgui_overlay_rect(float x0, float y0, float x1, float y1, float r, float g, float b, float a, float thickness) {
    ImGui::GetBackgroundDrawList()->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), ImGui::GetColorU32(ImVec4(r, g, b, a)), 0, 0, thickness);
}
void plume_imgui_overlay_circle(float x, float y, float radius, float r, float g, float b, float a, float thickness) {
    ImGui::GetBackgroundDrawList()->AddCircle(ImVec2(x, y), radius, ImGui::GetColorU32(ImVec4(r, g, b, a)), 0, thickness);
}

bool plume_imgui_begin_menu_bar(void) { return ImGui::BeginMenuBar(); }
void plume_imgui_end_menu_bar(void) { ImGui::EndMenuBar(); }
bool plume_imgui_begin_menu(const char *label) { return ImGui::BeginMenu(label); }
void plume_imgui_end_menu(void) { ImGui::EndMenu(); }
bool plume_imgui_menu_item(const char *label, const char *shortcut, bool selected) {
    return ImGui::MenuItem(label, shortcut, selected);
}

}  // extern "C"
