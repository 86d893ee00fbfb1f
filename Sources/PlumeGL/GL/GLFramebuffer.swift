import CEpoxy

/// Framebuffers and renderbuffers through the typed layer. Every function restores the
/// framebuffer and renderbuffer bindings it found.
extension GLObjectOwner {
    /// Gives `framebuffer` an RGBA8 colour renderbuffer of `width × height`.
    /// - Throws: ``GLError/framebufferIncomplete(status:)`` or the driver's error (out of memory).
    func attachColorRenderbuffer(_ renderbuffer: GLRenderbuffer, to framebuffer: GLFramebuffer,
                                 width: Int, height: Int) throws {
        let previousFramebuffer = GL.integer(.framebufferBinding), previousRenderbuffer = GL.integer(.renderbufferBinding)
        defer {
            GL.bindFramebuffer(.both, GLuint(previousFramebuffer))
            plume_glBindRenderbuffer(GLenum(bitPattern: GL_RENDERBUFFER), GLuint(previousRenderbuffer))
        }
        plume_glBindRenderbuffer(GLenum(bitPattern: GL_RENDERBUFFER), renderbuffer.name)
        plume_glRenderbufferStorage(GLenum(bitPattern: GL_RENDERBUFFER), GLenum(bitPattern: GL_RGBA8), GLsizei(width), GLsizei(height))
        GL.bindFramebuffer(.both, framebuffer.name)
        plume_glFramebufferRenderbuffer(GLFramebufferTarget.both.raw, GLenum(bitPattern: GL_COLOR_ATTACHMENT0),
                                        GLenum(bitPattern: GL_RENDERBUFFER), renderbuffer.name)
        let status = plume_glCheckFramebufferStatus(GLFramebufferTarget.both.raw)
        try check("allocating a \(width)×\(height) colour renderbuffer", pass: "framebuffer set-up")
        if status != GLenum(bitPattern: GL_FRAMEBUFFER_COMPLETE) { throw GLError.framebufferIncomplete(status: status) }
    }

    /// Gives `framebuffer` a colour texture of `width × height` stored as B8G8R8A8 (unsized
    /// `GL_RGBA` from `GL_BGRA` bytes: the layout of most X11 windows, and the only one Mesa's
    /// llvmpipe blends on its 8-bit linear path). Restores the 2-D texture and pixel-unpack
    /// buffer bindings it found.
    /// - Throws: ``GLError/framebufferIncomplete(status:)`` or the driver's error (out of memory).
    func attachBGRAColorTexture(_ texture: GLTexture, to framebuffer: GLFramebuffer, width: Int, height: Int) throws {
        let previousFramebuffer = GL.integer(.framebufferBinding), previousTexture = GL.integer(.texture2DBinding), previousUnpack = GL.integer(.pixelUnpackBufferBinding)
        defer {
            GL.bindFramebuffer(.both, GLuint(previousFramebuffer))
            GL.bindTexture(.texture2D, GLuint(previousTexture))
            GL.bindBuffer(.pixelUnpack, GLuint(previousUnpack))
        }
        GL.bindTexture(.texture2D, texture.name)
        GL.bindBuffer(.pixelUnpack, 0)
        plume_glTexImage2D(GLTextureTarget.texture2D.raw, 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
                           GLenum(bitPattern: GL_BGRA), GLenum(bitPattern: GL_UNSIGNED_BYTE), nil)
        plume_glTexParameteri(GLTextureTarget.texture2D.raw, GLenum(bitPattern: GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        GL.bindFramebuffer(.both, framebuffer.name)
        plume_glFramebufferTexture2D(GLFramebufferTarget.both.raw, GLenum(bitPattern: GL_COLOR_ATTACHMENT0), GLTextureTarget.texture2D.raw,
                                     texture.name, 0)
        let status = plume_glCheckFramebufferStatus(GLFramebufferTarget.both.raw)
        try check("allocating a \(width)×\(height) colour texture", pass: "framebuffer set-up")
        if status != GLenum(bitPattern: GL_FRAMEBUFFER_COMPLETE) { throw GLError.framebufferIncomplete(status: status) }
    }

    /// Binds `framebuffer` for drawing and reading.
    func bind(_ framebuffer: GLFramebuffer) { GL.bindFramebuffer(.both, framebuffer.name) }

    /// The RGBA8 pixels of `framebuffer`, bottom row first (GL's order).
    func readPixels(of framebuffer: GLFramebuffer, width: Int, height: Int) throws -> [UInt8] {
        let previous = GL.integer(.framebufferBinding)
        defer { GL.bindFramebuffer(.both, GLuint(previous)) }
        GL.bindFramebuffer(.both, framebuffer.name)
        let rows = GL.readPixels(width: width, height: height)
        try check("reading back \(width)×\(height) pixels", pass: "readback")
        return rows
    }

    /// Binds `framebuffer`, sets the viewport to `width × height` and clears it to `rgba`.
    func clear(_ framebuffer: GLFramebuffer, width: Int, height: Int, to rgba: SIMD4<Float>) {
        bind(framebuffer)
        GL.viewport(x: 0, y: 0, width: width, height: height)
        GL.clearColor(rgba)
        GL.clear()
    }
}

extension GL {
    /// Whether the driver says the colour buffer drawn into is stored as B8G8R8A8: its preferred
    /// read format (`GL_IMPLEMENTATION_COLOR_READ_FORMAT`) for the bound draw framebuffer is
    /// `GL_BGRA`. False when that framebuffer is incomplete or reads no colour buffer. Restores
    /// the read-framebuffer binding it found.
    package static func drawFramebufferIsBGRA() -> Bool {
        let draw = GL.integer(.drawFramebufferBinding), read = GL.integer(.readFramebufferBinding)
        if read != draw { GL.bindFramebuffer(.read, GLuint(draw)) }
        defer { if read != draw { GL.bindFramebuffer(.read, GLuint(read)) } }
        guard plume_glCheckFramebufferStatus(GLFramebufferTarget.read.raw) == GLenum(bitPattern: GL_FRAMEBUFFER_COMPLETE) else {
            return false
        }
        guard GL.integer(.readBuffer) != GL_NONE else { return false }
        return GL.integer(.implementationColorReadFormat) == GL_BGRA
    }
}
