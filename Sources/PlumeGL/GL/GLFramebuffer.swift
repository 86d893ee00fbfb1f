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
    /// llvmpipe blends on its 8-bit linear path). Restores the 2-D texture and pixel-unpack
    /// buffer bindings it found.
    /// - Throws: ``GLError/framebufferIncomplete(status:)`` or the driver's error (out of memory).
    func attachBGRAColorTexture(_ texture: GLTexture, to framebuffer: GLFramebuffer, width: Int, height: Int) throws {
        var previousFramebuffer: GLint = 0, previousTexture: GLint = 0, previousUnpack: GLint = 0
        plume_glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previousFramebuffer)
        plume_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &previousTexture)
        plume_glGetIntegerv(GLenum(GL_PIXEL_UNPACK_BUFFER_BINDING), &previousUnpack)
        defer {
            plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previousFramebuffer))
            plume_glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(previousTexture))
            plume_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(previousUnpack))
        }
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        plume_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        plume_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
                           GLenum(GL_BGRA), GLenum(GL_UNSIGNED_BYTE), nil)
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.name)
        plume_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D),
                                     texture.name, 0)
        let status = plume_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        try check("allocating a \(width)×\(height) colour texture", pass: "framebuffer set-up")
        if status != GLenum(GL_FRAMEBUFFER_COMPLETE) { throw GLError.framebufferIncomplete(status: status) }
    }

    /// Whether the driver says the colour buffer drawn into is stored as B8G8R8A8: its preferred
    /// read format (`GL_IMPLEMENTATION_COLOR_READ_FORMAT`) for the bound draw framebuffer is
    /// `GL_BGRA`. False when that framebuffer is incomplete or reads no colour buffer. Restores
    /// the read-framebuffer binding it found.
    public func drawFramebufferIsBGRA() -> Bool {
        var draw: GLint = 0, read: GLint = 0
        plume_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &draw)
        plume_glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &read)
        if read != draw { plume_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(draw)) }
        defer { if read != draw { plume_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(read)) } }
        guard plume_glCheckFramebufferStatus(GLenum(GL_READ_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            return false
        }
        var readBuffer: GLint = 0, format: GLint = 0
        plume_glGetIntegerv(GLenum(GL_READ_BUFFER), &readBuffer)
        guard readBuffer != GL_NONE else { return false }
        plume_glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_FORMAT), &format)
        return format == GL_BGRA
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
