import Foundation

/// The display Plume draws for (the stand-in for `UIScreen`): one scale, pixels per point.
///
/// ```swift
/// Screen.main.scale            // 1 headless; a window's content scale once one is open
/// Screen.main.scale = 2        // the host says so (wins over any window)
/// ```
///
/// Everything that iOS sizes by `UIScreen.main.scale` follows it: the default format of
/// `ImageRenderer` (PlumeDrawing; and `UIGraphicsBeginImageContextWithOptions(size, opaque, 0)`), the scale
/// variant ``SpriteImage/init(named:)`` tries first, and `Matrix4`'s projection of a framebuffer
/// of pixels onto points (`Matrix4.layer(framebufferWidth:framebufferHeight:)` in PlumeGL).
///
/// **As on iOS, a sprite drawn in code has `scale` pixels per point**, so at scale 2 a 20-point
/// image is 40 × 40 pixels with ``SpriteImage/scale`` 2; a cell whose `contents` it is draws it
/// from its pixels and its `contentsScale` (default 1: 40 points, as a `CAEmitterCell` does on a
/// Retina screen), or at 20 points with `cell.contentsScale = image.scale`.
///
/// **Where it comes from.** Default 1 (a headless process has no screen). A GLFW window made
/// by `GLContext.window(…)` reports its content scale (`glfwGetWindowContentScale`) through
/// ``adoptContentScale(_:)`` when it opens and at each `pollEvents()` (so a window moved to a
/// display of another scale carries it along), unless the host has set ``scale`` itself. ``withScale(_:_:)`` sets it
/// for one piece of work only (the current task), e.g. to make @2x images for export.
///
/// Concurrency: reads and writes are behind a lock; the value is process-wide except inside
/// ``withScale(_:_:)``.
public final class Screen: @unchecked Sendable {
    /// The screen (`UIScreen.main`).
    public static let main = Screen()

    private let lock = NSLock()
    private var stored: CGFloat = 1
    private var setByHost = false
    @TaskLocal private static var override: CGFloat?

    /// A screen of its own, for tests of the host's and the window's settings (`main` is the one
    /// everything reads).
    init() {}

    /// Pixels per point (`UIScreen.main.scale`). Default 1. Setting a non-finite value or one
    /// outside 0.5…8 is ignored (the scale stays).
    public var scale: CGFloat {
        get {
            if let o = Self.override { return o }
            return lock.withLock { stored }
        }
        set {
            guard let v = Self.valid(newValue) else { return }
            lock.withLock {
                stored = v
                setByHost = true
            }
        }
    }

    /// `UIScreen.nativeScale`: the same as ``scale`` here (no display zoom).
    public var nativeScale: CGFloat { scale }

    /// A window's content scale, reported by the window code when it opens a window and as it
    /// polls its events: becomes
    /// ``scale`` unless the host has set that itself. Values outside 0.5…8 are ignored.
    public func adoptContentScale(_ contentScale: CGFloat) {
        guard let v = Self.valid(contentScale) else { return }
        lock.withLock { if !setByHost { stored = v } }
    }

    /// Runs `body` with ``scale`` reading `scale` in the current task (and the tasks it starts),
    /// whatever the process-wide value is. A value outside 0.5…8 runs `body` unchanged.
    public static func withScale<T>(_ scale: CGFloat, _ body: () throws -> T) rethrows -> T {
        guard let v = valid(scale) else { return try body() }
        return try $override.withValue(v, operation: body)
    }

    private static func valid(_ v: CGFloat) -> CGFloat? { v.isFinite && v >= 0.5 && v <= 8 ? v : nil }
}
