import CGLFW
import Foundation
import Plume
import PlumeGL

/// What a game loop needs from the window ``GLContext/window(width:height:title:visible:)`` made:
/// events, keys, its size, the swap — so a GLFW game built on Plume's window needs only Plume's
/// products, not its internal `CGLFW` module (see the *Embedding in a game* article).
///
/// ```swift
/// let context = try GLContext.window(width: 640, height: 480, title: "My game")
/// while !context.shouldClose && !context.isKeyDown(.escape) {
///     context.pollEvents()
///     if context.isKeyDown(.up) { ship.thrust() }
///     … advance, clear, draw …
///     context.swapBuffers()
/// }
/// ```
///
/// On a context without a window of its own (headless, or a host's wrapped with
/// `GLContext.current()`) these do nothing and report no key down, no size and no close
/// request: the host's own toolkit has the window. GLFW wants them called on the main thread.
extension GLContext {
    /// A key of the keyboard, by its place on a US layout (GLFW's key codes).
    public struct Key: Hashable, Sendable {
        /// GLFW's key code (`GLFW_KEY_…`).
        public let code: Int32
        /// The key with GLFW's key code `code` (`GLFW_KEY_…`), for keys without a constant here.
        public init(code: Int32) { self.code = code }

        /// The left arrow key.
        public static let left = Key(code: GLFW_KEY_LEFT)
        /// The right arrow key.
        public static let right = Key(code: GLFW_KEY_RIGHT)
        /// The up arrow key.
        public static let up = Key(code: GLFW_KEY_UP)
        /// The down arrow key.
        public static let down = Key(code: GLFW_KEY_DOWN)
        /// The space bar.
        public static let space = Key(code: GLFW_KEY_SPACE)
        /// The main Enter (Return) key.
        public static let enter = Key(code: GLFW_KEY_ENTER)
        /// The Escape key.
        public static let escape = Key(code: GLFW_KEY_ESCAPE)
        /// The Tab key.
        public static let tab = Key(code: GLFW_KEY_TAB)
        /// The left Shift key.
        public static let leftShift = Key(code: GLFW_KEY_LEFT_SHIFT)
        /// The left Control key.
        public static let leftControl = Key(code: GLFW_KEY_LEFT_CONTROL)

        /// A letter (`"a"`…`"z"`, either case) or digit key; nil for any other character.
        public static func character(_ c: Character) -> Key? {
            guard let ascii = c.uppercased().first?.asciiValue else { return nil }
            switch ascii {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Key(code: Int32(ascii))
            default: return nil
            }
        }
    }

    /// The window's own GLFW handle (nil without one).
    private var ownWindow: OpaquePointer? { glfwWindow }

    /// Handles the window's pending events (input, resize, close); call once a frame. A window
    /// moved to a display of another scale hands its new content scale to `Screen.main` here
    /// (unless the host set the scale itself): what is drawn from then on follows it, as on iOS
    /// images already made keep the scale they were made at.
    public func pollEvents() {
        guard ownWindow != nil else { return }
        glfwPollEvents()
        if let scale = contentScale { Screen.main.adoptContentScale(scale) }
    }

    /// Whether `key` is down, or was pressed since the last call that asked about it: a press
    /// shorter than a frame is not missed (GLFW's sticky keys, turned on at the first call).
    public func isKeyDown(_ key: Key) -> Bool {
        guard let window = ownWindow else { return false }
        if glfwGetInputMode(window, GLFW_STICKY_KEYS) != GLFW_TRUE { glfwSetInputMode(window, GLFW_STICKY_KEYS, GLFW_TRUE) }
        return glfwGetKey(window, key.code) == GLFW_PRESS
    }

    /// Whether the user asked to close the window (its close button); false without a window.
    public var shouldClose: Bool {
        guard let window = ownWindow else { return false }
        return glfwWindowShouldClose(window) != 0
    }

    /// The window's framebuffer size in pixels, for `setViewport(x:y:width:height:)` (larger
    /// than its size in points on a HiDPI screen); nil without a window.
    public var framebufferSize: (width: Int, height: Int)? {
        guard let window = ownWindow else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        glfwGetFramebufferSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// The window's content scale (`glfwGetWindowContentScale`: pixels per point of the display
    /// it is on, the larger of the two axes); nil without a window. Opening the window hands it
    /// to `Screen.main` (`Screen.adoptContentScale(_:)`), which the host's own setting overrides.
    public var contentScale: CGFloat? {
        guard let window = ownWindow else { return nil }
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(window, &x, &y)
        return CGFloat(max(x, y))
    }

    /// Shows the frame drawn (swaps the window's buffers); nothing without a window.
    public func swapBuffers() {
        guard let window = ownWindow else { return }
        glfwSwapBuffers(window)
    }

    /// Waits for `interval` display refreshes at each ``swapBuffers()`` (1: vertical sync, 0: as
    /// fast as possible). Acts on the current context's window; nothing without a window.
    public func setSwapInterval(_ interval: Int) {
        guard ownWindow != nil, isCurrent else { return }
        glfwSwapInterval(Int32(clamping: interval))
    }
}
