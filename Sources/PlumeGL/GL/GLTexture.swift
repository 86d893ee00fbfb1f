import CEpoxy

/// Textures through the typed layer.
extension GLContext {
    /// A mipmapped RGBA8 2-D texture of `width × height` from `rgba` (rows from the top, tightly
    /// packed), with clamped edges and the given filters; `bgra` stores it as B8G8R8A8 instead
    /// (unsized `GL_RGBA` from swizzled bytes: the texel layout Mesa's llvmpipe samples on its 8-bit
    /// linear path; the same colours on every driver). Leaves it bound to `GL_TEXTURE_2D` of the
    /// active unit and uploads from client memory whatever pixel-unpack state the host left (the
    /// caller restores that state).
    /// - Throws: the driver's error (out of memory), with the texture deleted.
    func makeTexture(width: Int, height: Int, rgba: [UInt8], minify: Int32, magnify: Int32,
                     lodBias: Float, bgra: Bool = false) throws -> GLTexture {
        let texture = makeTexture()
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        plume_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        plume_glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        plume_glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
        plume_glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
        plume_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        var bytes = rgba
        if bgra {
            for i in stride(from: 0, to: bytes.count - 3, by: 4) { bytes.swapAt(i, i + 2) }
        }
        bytes.withUnsafeBytes {
            plume_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, bgra ? GL_RGBA : GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                               GLenum(bgra ? GL_BGRA : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        plume_glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minify)
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), magnify)
        plume_glTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_LOD_BIAS), lodBias)
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        do {
            try check("uploading a \(width)×\(height) image", pass: "texture upload")
        } catch {
            delete(texture)
            throw error
        }
        return texture
    }
}

extension GLContext {
    /// A buffer texture over `buffer`'s data as `format` texels (`GL_RG32UI`, `GL_RGBA32UI`), made
    /// on the active unit, which is left with no buffer texture bound.
    func makeBufferTexture(over buffer: GLBuffer, format: Int32) -> GLTexture {
        let texture = makeTexture()
        attach(buffer, to: texture, format: format)
        return texture
    }

    /// Binds the buffer texture `texture` (none: nil) to texture unit `unit`, leaving unit 0 active.
    func bindBufferTexture(_ texture: GLTexture?, unit: Int32) {
        plume_glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), texture?.name ?? 0)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// Points the buffer texture `texture` at `buffer`, on the active unit (left unbound).
    func attach(_ buffer: GLBuffer, to texture: GLTexture, format: Int32) {
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), texture.name)
        plume_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(format), buffer.name)
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), 0)
    }
}
