import CEpoxy

extension GL {
    /// Level 0 of the host's 2-D texture `name`: its width, height and red channel as floats, rows
    /// in memory order (row 0, the first uploaded, first; tightly packed). What it changes is
    /// restored: the 2-D binding of the active unit, the pixel-pack buffer and the pack state.
    /// - Throws: ``GLError/invalidUse(pass:call:code:)`` where `name` is not a texture, not a 2-D
    ///   one, or has no level 0 (a read the driver refuses: its error code).
    package static func readTexture2DRed(_ name: GLuint) throws -> (width: Int, height: Int, red: [Float]) {
        let pass = "reading a distance texture"
        guard name != 0, plume_glIsTexture(name) != 0 else {
            throw GLError.invalidUse(pass: pass, call: "glIsTexture(\(name)): not a texture", code: GLenum(bitPattern: GL_INVALID_VALUE))
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
        var pending = takeError()                   // the host's own, left to it: cleared, not reported
        while pending != 0 { pending = takeError() }
        bindTexture(.texture2D, name)
        if case let code = takeError(), code != 0 {
            throw GLError.invalidUse(pass: pass, call: "glBindTexture(GL_TEXTURE_2D, \(name)): not a 2-D texture", code: code)
        }
        var width: GLint = 0, height: GLint = 0
        plume_glGetTexLevelParameteriv(GLTextureTarget.texture2D.raw, 0, GLenum(bitPattern: GL_TEXTURE_WIDTH), &width)
        plume_glGetTexLevelParameteriv(GLTextureTarget.texture2D.raw, 0, GLenum(bitPattern: GL_TEXTURE_HEIGHT), &height)
        guard width > 0, height > 0 else {
            throw GLError.invalidUse(pass: pass, call: "glGetTexLevelParameteriv: texture \(name) has no level 0",
                                     code: GLenum(bitPattern: GL_INVALID_OPERATION))
        }
        bindBuffer(.pixelPack, 0)
        pixelStore(.packAlignment, 4)
        for (parameter, _) in packState.dropFirst() { pixelStore(parameter, 0) }
        var red = [Float](repeating: 0, count: Int(width) * Int(height))
        red.withUnsafeMutableBytes {
            plume_glGetTexImage(GLTextureTarget.texture2D.raw, 0, GLenum(bitPattern: GL_RED), GLenum(bitPattern: GL_FLOAT), $0.baseAddress)
        }
        if case let code = takeError(), code != 0 {
            throw GLError.invalidUse(pass: pass, call: "glGetTexImage(GL_RED, GL_FLOAT) of texture \(name)", code: code)
        }
        return (Int(width), Int(height), red)
    }
}
