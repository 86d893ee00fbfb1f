import CEpoxy
import Plume

/// An offscreen framebuffer of any size for headless rendering, read back as a ``SpriteImage``.
public final class OffscreenTarget {
    public let context: GLContext
    public let width: Int
    public let height: Int
    private var framebuffer: GLuint = 0
    private var colorbuffer: GLuint = 0
    private var released = false

    /// - Throws: ``GLError`` when the size exceeds the driver's limits or the framebuffer is
    ///   incomplete.
    public init(context: GLContext, width: Int, height: Int) throws {
        let limit = context.info.maxTextureSize
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw GLError.limitExceeded("an offscreen target of \(width)×\(height) pixels (the driver allows up to \(limit))")
        }
        self.context = context
        self.width = width
        self.height = height
        try context.ensureCurrent("OffscreenTarget.init")
        plume_glGenFramebuffers(1, &framebuffer)
        context.objects.created(.framebuffer)
        plume_glGenRenderbuffers(1, &colorbuffer)
        context.objects.created(.renderbuffer)
        var previous: GLint = 0
        plume_glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        defer { plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous)) }
        plume_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorbuffer)
        plume_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        plume_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorbuffer)
        let status = plume_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) {
            release()
            throw GLError.framebufferIncomplete(status: status)
        }
        try context.check("creating a \(width)×\(height) offscreen target")
    }

    deinit { release() }

    /// Deletes the framebuffer. Safe on any thread: without the context current the deletions
    /// wait for its next use (``GLContext/ensureCurrent(_:)``).
    public func release() {
        guard !released else { return }
        released = true
        context.deleteFramebuffer(framebuffer)
        context.deleteRenderbuffer(colorbuffer)
    }

    /// Binds the target and sets the viewport to all of it; clears to `background`
    /// (premultiplied colour written as is).
    /// - Throws: ``GLError/contextNotCurrent(_:)`` or ``GLError/released(_:)``.
    public func begin(clearTo background: Color = .black) throws {
        try ensureUsable("OffscreenTarget.begin")
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        plume_glViewport(0, 0, GLsizei(width), GLsizei(height))
        plume_glClearColor(background.red, background.green, background.blue, background.alpha)
        plume_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Reads the pixels back, rows from the top, as straight-alpha RGBA (un-premultiplied).
    public func image() throws -> SpriteImage {
        try ensureUsable("OffscreenTarget.image")
        var previous: GLint = 0
        plume_glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        var rows = [UInt8](repeating: 0, count: width * height * 4)
        plume_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        rows.withUnsafeMutableBytes {
            plume_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
        try context.check("reading back \(width)×\(height) pixels")
        // GL's first row is the bottom one; and the framebuffer holds premultiplied colour.
        var pixels = [UInt8](repeating: 0, count: rows.count)
        let stride = width * 4
        for y in 0..<height {
            let from = (height - 1 - y) * stride, to = y * stride
            for x in 0..<width {
                let a = UInt32(rows[from + x * 4 + 3])
                for c in 0..<3 {
                    let v = UInt32(rows[from + x * 4 + c])
                    pixels[to + x * 4 + c] = a == 0 ? 0 : UInt8(min(255, (v * 255 + a / 2) / a))
                }
                pixels[to + x * 4 + 3] = UInt8(a)
            }
        }
        return try SpriteImage(width: width, height: height, pixels: pixels)
    }

    private func ensureUsable(_ call: String) throws {
        if released { throw GLError.released(call) }
        try context.ensureCurrent(call)
    }

    /// The raw premultiplied framebuffer, rows from the top, for tests.
    func premultipliedPixels() -> [UInt8] {
        var previous: GLint = 0
        plume_glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        var rows = [UInt8](repeating: 0, count: width * height * 4)
        plume_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        rows.withUnsafeMutableBytes {
            plume_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
        var out = [UInt8](repeating: 0, count: rows.count)
        let stride = width * 4
        for y in 0..<height { out[y * stride..<(y + 1) * stride] = rows[(height - 1 - y) * stride..<(height - y) * stride] }
        return out
    }
}
