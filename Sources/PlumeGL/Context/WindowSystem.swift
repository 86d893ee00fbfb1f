/// How a window toolkit makes its windows' contexts current and destroys them: the seam through
/// which `PlumeWindow` (GLFW) hands PlumeGL a windowed context, so PlumeGL itself links libepoxy
/// alone (EGL through it) and a game with its own toolkit (SDL2) never loads GLFW.
package struct WindowSystem: Sendable {
    /// Makes the window's context current on the calling thread; nil releases the current one.
    package var makeCurrent: @Sendable (OpaquePointer?) -> Void
    /// The window whose context is current on the calling thread, if any.
    package var current: @Sendable () -> OpaquePointer?
    /// Destroys the window and its context.
    package var destroy: @Sendable (OpaquePointer) -> Void

    package init(makeCurrent: @escaping @Sendable (OpaquePointer?) -> Void,
                 current: @escaping @Sendable () -> OpaquePointer?,
                 destroy: @escaping @Sendable (OpaquePointer) -> Void) {
        self.makeCurrent = makeCurrent
        self.current = current
        self.destroy = destroy
    }
}
