import CEpoxy

/// Textures through the typed layer.
extension GLObjectOwner {
    /// A mipmapped RGBA8 2-D texture of `width × height` from `rgba` (rows from the top, tightly
    /// packed), with clamped edges and the given filters; `bgra` stores it as B8G8R8A8 instead
    /// (unsized `GL_RGBA` from swizzled bytes: the texel layout Mesa's llvmpipe samples on its 8-bit
    /// linear path; the same colours on every driver). Leaves it bound to `GL_TEXTURE_2D` of the
    /// active unit and uploads from client memory whatever pixel-unpack state the host left (the
    /// caller restores that state).
    /// - Throws: the driver's error (out of memory), with the texture deleted.
    func makeTexture(width: Int, height: Int, rgba: [UInt8], minify: GLTextureFilter, magnify: GLTextureFilter,
                     lodBias: Float, bgra: Bool = false) throws -> GLTexture {
        let texture = makeTexture()
        GL.bindTexture(.texture2D, texture.name)
        GL.bindBuffer(.pixelUnpack, 0)
        GL.pixelStore(.unpackRowLength, 0)
        GL.pixelStore(.unpackSkipRows, 0)
        GL.pixelStore(.unpackSkipPixels, 0)
        GL.pixelStore(.unpackAlignment, 1)
        var bytes = rgba
        if bgra {
            for i in stride(from: 0, to: bytes.count - 3, by: 4) { bytes.swapAt(i, i + 2) }
        }
        bytes.withUnsafeBytes {
            plume_glTexImage2D(GLTextureTarget.texture2D.raw, 0, bgra ? GL_RGBA : GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                               GLenum(bitPattern: bgra ? GL_BGRA : GL_RGBA), GLenum(bitPattern: GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        plume_glGenerateMipmap(GLTextureTarget.texture2D.raw)
        GL.texture2DSampling(minify: minify, magnify: magnify, lodBias: lodBias)
        do {
            try check("uploading a \(width)×\(height) image", pass: "texture upload")
        } catch {
            delete(texture)
            throw error
        }
        return texture
    }
}

extension GLObjectOwner {
    /// A buffer texture over `buffer`'s data as `format` texels (`GL_RG32UI`, `GL_RGBA32UI`), made
    /// on the active unit, which is left with no buffer texture bound.
    func makeBufferTexture(over buffer: GLBuffer, format: GLTexelFormat) -> GLTexture {
        let texture = makeTexture()
        attach(buffer, to: texture, format: format)
        return texture
    }

    /// Binds the buffer texture `texture` (none: nil) to texture unit `unit`, leaving unit 0 active.
    func bindBufferTexture(_ texture: GLTexture?, unit: Int32) {
        GL.activeTexture(unit: unit)
        GL.bindTexture(.buffer, texture?.name ?? 0)
        GL.activeTexture(unit: 0)
    }

    /// Binds the buffer texture `texture` to texture unit `unit`, pointed at `buffer`'s data as
    /// `format` texels, leaving unit 0 active.
    func bindBufferTexture(_ texture: GLTexture, over buffer: GLBuffer, format: GLTexelFormat, unit: Int32) {
        GL.activeTexture(unit: unit)
        GL.bindTexture(.buffer, texture.name)
        GL.texBuffer(format, buffer.name)
        GL.activeTexture(unit: 0)
    }

    /// Points the buffer texture `texture` at `buffer`, on the active unit (left unbound).
    func attach(_ buffer: GLBuffer, to texture: GLTexture, format: GLTexelFormat) {
        GL.bindTexture(.buffer, texture.name)
        GL.texBuffer(format, buffer.name)
        GL.bindTexture(.buffer, 0)
    }
}
