import CGLFW
import Foundation

/// What the window reported since the last frame, in the order it happened.
enum WindowEvent: Equatable {
    /// A mouse button went down at a point of the window (points, y down).
    case press(button: Int32, x: Double, y: Double)
    /// A key went down (or repeated); `key` is a GLFW key code, `mods` its modifier bits.
    case key(Int32, mods: Int32)
}

/// Collects a GLFW window's mouse and key events through its callbacks, so that a press and
/// release within one frame (as `xdotool click` sends them) is never missed. ImGui's own
/// callbacks, installed after these, chain to them.
final class WindowInput {
    private(set) var events: [WindowEvent] = []
    private let window: OpaquePointer

    init(window: OpaquePointer) {
        self.window = window
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard action == GLFW_PRESS, let input = WindowInput.of(window) else { return }
            var x = 0.0, y = 0.0
            glfwGetCursorPos(window, &x, &y)
            input.events.append(.press(button: button, x: x, y: y))
        }
        glfwSetKeyCallback(window) { window, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let input = WindowInput.of(window) else { return }
            input.events.append(.key(key, mods: mods))
            ImGui.noteKeyPress(key, mods: mods)   // a press and release within one frame reaches ImGui too
        }
    }

    /// Stops collecting (before the window goes away).
    func detach() {
        glfwSetMouseButtonCallback(window, nil)
        glfwSetKeyCallback(window, nil)
        glfwSetWindowUserPointer(window, nil)
    }

    private static func of(_ window: OpaquePointer?) -> WindowInput? {
        guard let window, let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<WindowInput>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The events since the last call.
    func take() -> [WindowEvent] {
        defer { events = [] }
        return events
    }

    /// Window size in points and framebuffer size in pixels (they differ on HiDPI screens).
    var sizes: (window: SIMD2<Int>, framebuffer: SIMD2<Int>) {
        var w: Int32 = 0, h: Int32 = 0, fw: Int32 = 0, fh: Int32 = 0
        glfwGetWindowSize(window, &w, &h)
        glfwGetFramebufferSize(window, &fw, &fh)
        return (SIMD2(Int(w), Int(h)), SIMD2(Int(fw), Int(fh)))
    }
}
