import CImGuiShim
import Foundation

/// Swift spellings of the ImGui calls the playground makes (through the `CImGuiShim` C target).
/// A label's text after `##` is an id only, as in ImGui. Every call needs the window's GL context
/// current and a frame begun with ``newFrame()``.
enum ImGui {
    /// A rectangle in window points (origin top-left, y down).
    typealias Rect = PlumeImGuiRect

    struct WindowOptions: OptionSet {
        let rawValue: Int32
        static let noTitleBar = WindowOptions(rawValue: Int32(PlumeImGuiWindowNoTitleBar.rawValue))
        static let noResize = WindowOptions(rawValue: Int32(PlumeImGuiWindowNoResize.rawValue))
        static let noMove = WindowOptions(rawValue: Int32(PlumeImGuiWindowNoMove.rawValue))
        static let autoResize = WindowOptions(rawValue: Int32(PlumeImGuiWindowAutoResize.rawValue))
        static let noBackground = WindowOptions(rawValue: Int32(PlumeImGuiWindowNoBackground.rawValue))
        static let noInputs = WindowOptions(rawValue: Int32(PlumeImGuiWindowNoInputs.rawValue))
        static let menuBar = WindowOptions(rawValue: Int32(PlumeImGuiWindowMenuBar.rawValue))
        static let noFocusOnAppearing = WindowOptions(rawValue: Int32(PlumeImGuiWindowNoFocusOnAppearing.rawValue))
        /// A fixed overlay: no title, no resize, no move.
        static let overlay: WindowOptions = [.noTitleBar, .noResize, .noMove, .autoResize, .noFocusOnAppearing]
    }

    /// Creates the one ImGui context for a GLFW window (its GL context current).
    static func start(window: OpaquePointer) -> Bool { plume_imgui_init_glfw(UnsafeMutableRawPointer(window)) }
    static func stop() { plume_imgui_shutdown() }
    /// Scales fonts and spacing (once, after ``start(window:)``).
    static func scale(_ factor: Float) { plume_imgui_set_scale(factor) }
    static func newFrame() { plume_imgui_new_frame() }
    static func render() { plume_imgui_render() }
    static var wantsMouse: Bool { plume_imgui_wants_mouse() }
    static var wantsKeyboard: Bool { plume_imgui_wants_keyboard() }
    /// Whether a widget is active (a text field being edited, a slider held).
    static var anyItemActive: Bool { plume_imgui_any_item_active() }
    /// Hands ImGui a key press it may miss (pressed and released within one frame).
    static func noteKeyPress(_ key: Int32, mods: Int32) { plume_imgui_note_key_press(key, mods) }

    /// A window: `body` runs when it is not collapsed.
    static func window(_ title: String, options: WindowOptions = [], _ body: () -> Void) {
        if plume_imgui_begin(title, options.rawValue) { body() }
        plume_imgui_end()
    }
    static func nextWindow(x: Float, y: Float, width: Float, height: Float, always: Bool = false) {
        plume_imgui_set_next_window_rect(x, y, width, height, always)
    }
    static func nextWindow(x: Float, y: Float, always: Bool = true) { plume_imgui_set_next_window_position(x, y, always) }
    static func nextWindowAlpha(_ alpha: Float) { plume_imgui_set_next_window_alpha(alpha) }
    /// Places the next window's `pivot` (fractions of its size; (0, 1) its bottom-left corner) at
    /// (x, y), `width` wide and as tall as its contents.
    static func nextWindow(x: Float, y: Float, pivot: SIMD2<Float>, width: Float) {
        plume_imgui_set_next_window_anchor(x, y, pivot.x, pivot.y, width, true)
    }
    /// The current window's rectangle (inside ``window(_:options:_:)``'s body).
    static var windowRect: Rect { plume_imgui_window_rect() }
    /// Whether the current window appears this frame (a window placed by its bottom edge is
    /// where it belongs from the next frame on).
    static var windowAppearing: Bool { plume_imgui_window_appearing() }
    /// A scrolling region `height` points tall, as wide as the window.
    static func child(_ id: String, height: Float, _ body: () -> Void) {
        if plume_imgui_begin_child(id, height) { body() }
        plume_imgui_end_child()
    }
    /// A row that can be clicked; true when it was.
    static func selectable(_ label: String, selected: Bool = false) -> Bool { plume_imgui_selectable(label, selected) }

    static func sameLine() { plume_imgui_same_line() }
    static func separator() { plume_imgui_separator() }
    static func itemWidth(_ width: Float) { plume_imgui_set_next_item_width(width) }
    static var lastItemRect: Rect { plume_imgui_last_item_rect() }
    /// Widgets in `body` are `width` points wide (negative: the window's width less that much).
    static func itemWidths(_ width: Float, _ body: () -> Void) {
        plume_imgui_push_item_width(width)
        body()
        plume_imgui_pop_item_width()
    }
    static func id(_ id: String, _ body: () -> Void) {
        plume_imgui_push_id(id)
        body()
        plume_imgui_pop_id()
    }
    static func indented(_ body: () -> Void) {
        plume_imgui_indent()
        body()
        plume_imgui_unindent()
    }

    static func text(_ text: String) { plume_imgui_text(text) }
    static func text(_ text: String, color: (Float, Float, Float)) { plume_imgui_text_colored(color.0, color.1, color.2, 1, text) }
    static func wrapped(_ text: String) { plume_imgui_text_wrapped(text.replacingOccurrences(of: "%", with: "%%")) }
    static func button(_ label: String) -> Bool { plume_imgui_button(label) }
    static func checkbox(_ label: String, _ value: inout Bool) -> Bool { plume_imgui_checkbox(label, &value) }
    static func slider(_ label: String, _ value: inout Float, _ range: ClosedRange<Float>, format: String = "%.2f") -> Bool {
        plume_imgui_slider_float(label, &value, range.lowerBound, range.upperBound, format)
    }
    /// A drag field; `range` nil: unbounded.
    static func drag(_ label: String, _ value: inout Float, speed: Float = 0.1, range: ClosedRange<Float>? = nil,
                     format: String = "%.3f") -> Bool {
        plume_imgui_drag_float(label, &value, speed, range?.lowerBound ?? 0, range?.upperBound ?? 0, format)
    }
    static func drag2(_ label: String, _ values: inout SIMD2<Float>, speed: Float = 1, format: String = "%.1f") -> Bool {
        var v = [values.x, values.y]
        let changed = plume_imgui_drag_float2(label, &v, speed, format)
        if changed { values = SIMD2(v[0], v[1]) }
        return changed
    }
    static func drag4(_ label: String, _ values: inout SIMD4<Float>, speed: Float = 0.01, format: String = "%.3f") -> Bool {
        var v = [values.x, values.y, values.z, values.w]
        let changed = plume_imgui_drag_float4(label, &v, speed, format)
        if changed { values = SIMD4(v[0], v[1], v[2], v[3]) }
        return changed
    }
    static func dragInt(_ label: String, _ value: inout Int32, speed: Float = 1, range: ClosedRange<Int32>) -> Bool {
        plume_imgui_drag_int(label, &value, speed, range.lowerBound, range.upperBound)
    }
    static func color(_ label: String, _ rgba: inout SIMD4<Float>) -> Bool {
        var v = [rgba.x, rgba.y, rgba.z, rgba.w]
        let changed = plume_imgui_color_edit4(label, &v)
        if changed { rgba = SIMD4(v[0], v[1], v[2], v[3]) }
        return changed
    }
    /// A drop-down of `items`; `index` is the chosen one.
    static func combo(_ label: String, _ index: inout Int, _ items: [String]) -> Bool {
        var current = Int32(index)
        let pointers = items.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let changed = pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            plume_imgui_combo(label, &current, $0.baseAddress, Int32(items.count))
        }
        if changed { index = Int(current) }
        return changed
    }
    /// A drop-down over an enumeration's cases, by their raw names.
    static func picker<T: CaseIterable & RawRepresentable & Equatable>(_ label: String, _ value: inout T) -> Bool
    where T.RawValue == String {
        let all = Array(T.allCases)
        var index = all.firstIndex(of: value) ?? 0
        guard combo(label, &index, all.map(\.rawValue)) else { return false }
        value = all[index]
        return true
    }
    /// A text field over `text` (at most `capacity` − 1 bytes).
    static func input(_ label: String, _ text: inout String, capacity: Int = 512) -> Bool {
        var buffer = [CChar](repeating: 0, count: capacity)
        let bytes = Array(text.utf8.prefix(capacity - 1))
        for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
        let changed = plume_imgui_input_text(label, &buffer, capacity)
        if changed { text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return changed
    }
    static func header(_ label: String, open: Bool = false) -> Bool { plume_imgui_collapsing_header(label, open) }
    /// A tree node; `body` runs for its children when it is open. Returns whether the label was
    /// clicked, and where the node's own row is.
    @discardableResult
    static func treeNode(id: String, label: String, selected: Bool, leaf: Bool,
                         _ body: () -> Void) -> (clicked: Bool, rect: Rect) {
        let open = plume_imgui_tree_node(id, label, selected, leaf)
        let clicked = plume_imgui_item_clicked()
        let rect = lastItemRect
        if open {
            body()
            plume_imgui_tree_pop()
        }
        return (clicked, rect)
    }

    /// Outlines drawn over the scene, behind the windows (points; colour RGBA 0…1).
    enum Overlay {
        static func line(_ a: SIMD2<Float>, _ b: SIMD2<Float>, color: SIMD4<Float>, thickness: Float = 1) {
            plume_imgui_overlay_line(a.x, a.y, b.x, b.y, color.x, color.y, color.z, color.w, thickness)
        }
        static func rect(_ a: SIMD2<Float>, _ b: SIMD2<Float>, color: SIMD4<Float>, thickness: Float = 1) {
            plume_imgui_overlay_rect(a.x, a.y, b.x, b.y, color.x, color.y, color.z, color.w, thickness)
        }
        static func circle(_ c: SIMD2<Float>, radius: Float, color: SIMD4<Float>, thickness: Float = 1) {
            plume_imgui_overlay_circle(c.x, c.y, radius, color.x, color.y, color.z, color.w, thickness)
        }
    }

    static func menuBar(_ body: () -> Void) {
        if plume_imgui_begin_menu_bar() {
            body()
            plume_imgui_end_menu_bar()
        }
    }
    static func menu(_ label: String, _ body: () -> Void) {
        if plume_imgui_begin_menu(label) {
            body()
            plume_imgui_end_menu()
        }
    }
    static func menuItem(_ label: String, shortcut: String? = nil, selected: Bool = false) -> Bool {
        plume_imgui_menu_item(label, shortcut, selected)
    }
}
