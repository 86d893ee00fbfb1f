import CEpoxy
import Foundation
import Plume

/// The two GL calls a game needs around Plume's drawing — set the viewport, clear — so that an
/// embedding needs only Plume's products, never its internal `CEpoxy` module (see the
/// *Embedding in a game* article).
///
/// ```swift
/// let size = context.framebufferSize ?? (width: 640, height: 480)   // a window's pixels
/// try context.setViewport(width: size.width, height: size.height)
/// try context.clear(to: Color(red: 0.02, green: 0.02, blue: 0.06, alpha: 1))
/// try renderer.draw(simulator, viewProjection: .layer(width: 640, height: 480))
/// ```
///
/// Both act on the framebuffer bound for drawing (a window's own, 0, unless you bound another)
/// and need the context current.
extension GLContext {
    /// Sets the viewport (`glViewport`): the rectangle of the framebuffer, in pixels from its
    /// lower-left corner, that clip space maps onto. Use the framebuffer's pixel size, which
    /// on a HiDPI screen is larger than the window's size in points (`framebufferSize`, from PlumeWindow).
    /// A negative size, or a value beyond 32 bits, is a programmer error and traps.
    /// - Throws: ``GLError/contextNotCurrent(_:)`` unless the context is current.
    public func setViewport(x: Int = 0, y: Int = 0, width: Int, height: Int) throws {
        precondition(width >= 0 && height >= 0, "GLContext.setViewport: negative size \(width)×\(height)")
        guard let w = GLsizei(exactly: width), let h = GLsizei(exactly: height),
              let x = GLint(exactly: x), let y = GLint(exactly: y) else {
            preconditionFailure("GLContext.setViewport: \(width)×\(height) at (\(x), \(y)) does not fit 32 bits")
        }
        try ensureCurrent("GLContext.setViewport")
        GL.viewport(SIMD4(x, y, w, h))
    }

    /// Clears the bound framebuffer's colour to `color` (written as is: give a premultiplied
    /// colour where the framebuffer holds premultiplied alpha) and, when `depth` is true
    /// (default), its depth buffer, if it has one, to the clear depth (1, the far plane, unless
    /// your own code changed it). Like `glClear`, it
    /// covers the scissor rectangle where the scissor test is on, and the colour write mask
    /// applies.
    /// - Throws: ``GLError/contextNotCurrent(_:)`` unless the context is current.
    public func clear(to color: Color, depth: Bool = true) throws {
        try ensureCurrent("GLContext.clear")
        GL.clearColor(SIMD4(color.red, color.green, color.blue, color.alpha))
        GL.clear(depth: depth)
    }

    /// Whether the driver says the colour buffer drawn into is stored as B8G8R8A8: its preferred
    /// read format (`GL_IMPLEMENTATION_COLOR_READ_FORMAT`) for the bound draw framebuffer is
    /// `GL_BGRA`. False when that framebuffer is incomplete or reads no colour buffer. Restores
    /// the read-framebuffer binding it found.
    public func drawFramebufferIsBGRA() -> Bool { GL.drawFramebufferIsBGRA() }
}
