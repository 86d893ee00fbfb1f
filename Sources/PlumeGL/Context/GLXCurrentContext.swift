import Foundation

/// `glXGetCurrentContext`, looked up in the GLX library the process has already loaded (an SDL2
/// or GLFW game on X11 loads `libGL.so.1`, or glvnd's `libGLX.so.0`, before it makes a GLX context
/// current). Plume neither links nor loads libGL: where no GLX library is loaded, no GLX context
/// can be current, and ``lookUp()`` returns nil.
///
/// A host context wrapped by ``GLContext/current()`` is identified by its GLX handle this way,
/// as EGL ones are by `eglGetCurrentContext`, so a call from another thread, or after the host
/// unbinds its context, throws ``GLError/contextNotCurrent(_:)`` instead of reaching libepoxy
/// (which aborts the process on a GL call without a current context).
struct GLXCurrentContext: @unchecked Sendable {
    typealias Function = @convention(c) () -> OpaquePointer?
    /// The loaded library's `glXGetCurrentContext`.
    let function: Function

    /// The libraries that export `glXGetCurrentContext`, in the order tried.
    static let libraries = ["libGLX.so.0", "libGL.so.1", "libGLX.so", "libGL.so"]

    /// The function from a GLX library already loaded in the process; nil when none is.
    static func lookUp() -> GLXCurrentContext? {
        for name in libraries {
            // RTLD_NOLOAD: only a library the process already has (this never loads libGL).
            guard let library = dlopen(name, RTLD_LAZY | RTLD_NOLOAD) else { continue }
            if let symbol = dlsym(library, "glXGetCurrentContext") {
                // The library stays loaded (the handle is never closed): the host uses it.
                return GLXCurrentContext(function: unsafeBitCast(symbol, to: Function.self))
            }
            dlclose(library)
        }
        return nil
    }

    /// The GLX context current on the calling thread, if any.
    func current() -> OpaquePointer? { function() }
}

extension GLXCurrentContext {
    /// `glfwGetCurrentContext` (the same shape: no argument, a handle back) from a GLFW library
    /// the process already has (a GLFW game's, or PlumeWindow's); nil when none is loaded.
    /// PlumeGL neither links nor loads GLFW: a host's GLFW context is recognised this way.
    static func lookUpGLFW() -> GLXCurrentContext? {
        // A null handle is RTLD_DEFAULT: every library already loaded with global scope.
        guard let symbol = dlsym(nil, "glfwGetCurrentContext") else { return nil }
        return GLXCurrentContext(function: unsafeBitCast(symbol, to: Function.self))
    }
}
