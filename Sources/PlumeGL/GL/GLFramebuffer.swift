import CEpoxy

/// Framebuffers and renderbuffers through the typed layer. Every function restores the
/// framebuffer and renderbuffer bindings it found.
extension GLContext {
    /// Gives `framebuffer` an RGBA8 colour renderbuffer of `width × height`.
    /// - Throws: ``GLError/framebufferIncomplete(status:)`` or the driver's error (out of memory).
    func attachColorRenderbuffer(_ renderbuffer: GLRenderbuffer, to framebuffer: GLFramebuffer,
                                 width: Int, height: Int) throws {
        var previousFramebuffer: GLint = 0, previousRenderbuffer: GLint = 0
        plume_glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previousFramebuffer)
        plume_glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &previousRenderbuffer)
        defer {
            plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previousFramebuffer))
            plume_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(previousRenderbuffer))
        }
        plume_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer.name)
        plume_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name)
        plume_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0),
                                        GLenum(GL_RENDERBUFFER), renderbuffer.name)
        let status = plume_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        try check("allocating a \(width)×\(height) colour renderbuffer", pass: "framebuffer set-up")
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) { throw GLError.framebufferIncomplete(status: status) }
    }

    /// Gives `framebuffer` a colour texture of `width × height` stored as B8G8R8A8 (unsized
    /// `GL_RGBA` from `GL_BGRA` bytes: the layout of most X11 windows, and the only one Mesa's
    /// llvmpipe blends on its 8-bit linear path). Leaves no 2-D texture bound on the active unit.
    /// - Throws: ``GLError/framebufferIncomplete(status:)`` or the driver's error (out of memory).
    func attachBGRAColorTexture(_ texture: GLTexture, to framebuffer: GLFramebuffer, width: Int, height: Int) throws {
        var previousFramebuffer: GLint = 0
        plume_glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previousFramebuffer)
        defer { plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previousFramebuffer)) }
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        plume_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        plume_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
                           GLenum(GL_BGRA), GLenum(GL_UNSIGNED_BYTE), nil)
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name)
        plume_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D),
                                     texture.name, 0)
        let status = plume_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        try check("allocating a \(width)×\(height) colour texture", pass: "framebuffer set-up")
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) { throw GLError.framebufferIncomplete(status: status) }
    }

    /// Binds `framebuffer` for drawing and reading.
    func bind(_ framebuffer: GLFramebuffer) { plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name) }

    /// The RGBA8 pixels of `framebuffer`, bottom row first (GL's order).
    func readPixels(of framebuffer: GLFramebuffer, width: Int, height: Int) throws -> [UInt8] {
        var previous: GLint = 0, alignment: GLint = 4
        plume_glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        plume_glGetIntegerv(GLenum(GL_PACK_ALIGNMENT), &alignment)
        defer {
            plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
            plume_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), alignment)
        }
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name)
        plume_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var rows = [UInt8](repeating: 0, count: width * height * 4)
        rows.withUnsafeMutableBytes {
            plume_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        try check("reading back \(width)×\(height) pixels", pass: "readback")
        return rows
    }

    /// Binds `framebuffer`, sets the viewport to `width × height` and clears it to `rgba`.
    func clear(_ framebuffer: GLFramebuffer, width: Int, height: Int, to rgba: SIMD4<Float>) {
        bind(framebuffer)
        plume_glViewport(0, 0, GLsizei(width), GLsizei(height))
        plume_glClearColor(rgba.x, rgba.y, rgba.z, rgba.w)
        plume_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }
}
