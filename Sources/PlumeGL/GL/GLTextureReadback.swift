import CEpoxy

extension GL {
    /// Level 0 of the host's 2-D texture `name`: its width, height and red channel as floats, rows
    /// in memory order (row 0, the first uploaded, first; tightly packed). What it changes is
    /// restored: the 2-D binding of the active unit, the pixel-pack buffer and the pack state.
    /// GL errors the host left pending are cleared first (to tell this read's own).
    /// - Throws: ``GLError/badInput(call:reason:)`` (for `call`, the entry point) where `name` is
    ///   not a texture, not a 2-D one, or has no level 0; the driver's error where the read fails.
    package static func readTexture2DRed(_ name: GLuint, for call: String) throws -> (width: Int, height: Int, red: [Float]) {
        guard name != 0, plume_glIsTexture(name) != 0 else {
            throw GLError.badInput(call: call, reason: "\(name) is not a texture name of this context")
        }
        let bound = GLuint(bitPattern: integer(.texture2DBinding))
        let packBuffer = GLuint(bitPattern: integer(.pixelPackBufferBinding))
        let packState: [(GLPixelStore, GLIntegerState)] = [(.packAlignment, .packAlignment), (.packRowLength, .packRowLength),
                                                           (.packSkipRows, .packSkipRows), (.packSkipPixels, .packSkipPixels)]
        let pack = packState.map { ($0.0, integer($0.1)) }
        defer {
            bindTexture(.texture2D, bound)
            bindBuffer(.pixelPack, packBuffer)
            for (parameter, value) in pack { pixelStore(parameter, value) }
        }
        for _ in 0..<8 where takeError() == 0 { break }   // a few flags at most; bounded (a lost context keeps reporting)
        bindTexture(.texture2D, name)
        guard takeError() == 0 else {
            throw GLError.badInput(call: call, reason: "texture \(name) is not a 2-D texture (glBindTexture refused it)")
        }
        let width = levelParameter(.width), height = levelParameter(.height)
        guard width > 0, height > 0 else {
            throw GLError.badInput(call: call, reason: "texture \(name) has no level 0")
        }
        bindBuffer(.pixelPack, 0)
        pixelStore(.packAlignment, 4)
        for (parameter, _) in packState.dropFirst() { pixelStore(parameter, 0) }
        var red = [Float](repeating: 0, count: width * height)
        red.withUnsafeMutableBytes {
            plume_glGetTexImage(GLTextureTarget.texture2D.raw, 0, GLPixelFormat.red.raw, GLPixelType.float.raw, $0.baseAddress)
        }
        if case let code = takeError(), code != 0 {
            throw GLError.reported(code, call: "glGetTexImage(GL_RED, GL_FLOAT) of texture \(name)", pass: call)
        }
        return (width, height, red)
    }

    /// A level-0 parameter of the 2-D texture bound to the active unit.
    private static func levelParameter(_ parameter: GLTextureLevelParameter) -> Int {
        var value: GLint = 0
        plume_glGetTexLevelParameteriv(GLTextureTarget.texture2D.raw, 0, parameter.raw, &value)
        return Int(value)
    }
}

extension GLObjectOwner {
    /// A one-channel 2-D texture of `width × height` (level 0 only, nearest filtering), `R32F` from
    /// `floats` or `R8` from `bytes` (rows in order, tightly packed): what a game keeps a distance
    /// field in. Leaves `GL_TEXTURE_2D` of the active unit unbound; uploads with an unpack
    /// alignment of 1 and no pixel-unpack buffer (restoring neither).
    func makeRedTexture(width: Int, height: Int, floats: [Float]? = nil, bytes: [UInt8]? = nil) -> GLTexture {
        let texture = makeTexture()
        GL.bindTexture(.texture2D, texture.name)
        GL.bindBuffer(.pixelUnpack, 0)
        GL.pixelStore(.unpackAlignment, 1)
        if let floats {
            floats.withUnsafeBytes {
                plume_glTexImage2D(GLTextureTarget.texture2D.raw, 0, GL_R32F, GLsizei(width), GLsizei(height), 0,
                                   GLPixelFormat.red.raw, GLPixelType.float.raw, $0.baseAddress)
            }
        } else if let bytes {
            bytes.withUnsafeBytes {
                plume_glTexImage2D(GLTextureTarget.texture2D.raw, 0, GL_R8, GLsizei(width), GLsizei(height), 0,
                                   GLPixelFormat.red.raw, GLPixelType.unsignedByte.raw, $0.baseAddress)
            }
        }
        GL.texture2DSampling(minify: .nearest, magnify: .nearest)
        GL.bindTexture(.texture2D, 0)
        return texture
    }
}
