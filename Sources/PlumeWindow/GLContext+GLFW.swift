import CGLFW
import Foundation
import Plume
import PlumeGL

// MARK: Windowed (GLFW)

extension GLContext {
    /// A GLFW window with an OpenGL 3.3+ core context, current on the calling thread.
    /// Needs a display (an X server; `Xvfb` on a headless machine).
    public static func window(width: Int = 800, height: Int = 600, title: String = "Plume",
                              visible: Bool = true) throws -> GLContext {
        guard glfwInit() != 0 else { throw GLError.noContext("GLFW: glfwInit failed (\(glfwErrorText()))") }
        var window: OpaquePointer?
        for (maj, min) in [(4, 6), (4, 5), (4, 0), (3, 3)] {
            glfwDefaultWindowHints()
            glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API)
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, Int32(maj))
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, Int32(min))
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
            glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
            glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE)
            window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil)
            if window != nil { break }
        }
        guard let window else { throw GLError.noContext("GLFW: no OpenGL 3.3+ core window (\(glfwErrorText()))") }
        glfwMakeContextCurrent(window)
        var scaleX: Float = 1, scaleY: Float = 1     // the display's scale (issue 27 item 3)
        glfwGetWindowContentScale(window, &scaleX, &scaleY)
        Screen.main.adoptContentScale(CGFloat(max(scaleX, scaleY)))
        do {
            return try GLContext(window: window, system: .glfw, platform: "GLFW window")
        } catch {
            glfwDestroyWindow(window)
            throw error
        }
    }

    private static func glfwErrorText() -> String {
        var description: UnsafePointer<CChar>?
        let code = glfwGetError(&description)
        return description.map { String(cString: $0) } ?? "error \(code)"
    }

    /// The GLFW window, for a host's event loop (nil for headless contexts).
    public var glfwWindow: OpaquePointer? { windowHandle }
}

extension WindowSystem {
    /// GLFW's: `glfwMakeContextCurrent`, `glfwGetCurrentContext`, `glfwDestroyWindow`.
    static let glfw = WindowSystem(makeCurrent: { glfwMakeContextCurrent($0) },
                                   current: { glfwGetCurrentContext() },
                                   destroy: { glfwDestroyWindow($0) })
}
