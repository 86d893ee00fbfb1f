import CEpoxy

extension GLContext {
    /// Runs transform-feedback passes: binds the pass framebuffer (a surfaceless context has no
    /// default one, and llvmpipe refuses transform feedback without one) and enables rasterizer
    /// discard, then restores what the host had bound: draw and read framebuffers, program,
    /// vertex array, array buffer, transform-feedback binding, the active texture unit, the buffer
    /// textures of unit 0 (records) and unit 5 (birth parameters) and the discard flag. Throws the
    /// GL error the passes left, naming `pass`.
    func withTransformFeedbackPasses(_ pass: String, _ body: () throws -> Void) throws {
        func get(_ e: Int32) -> GLuint {
            var v: GLint = 0
            plume_glGetIntegerv(GLenum(e), &v)
            return GLuint(v)
        }
        let drawFramebuffer = get(GL_DRAW_FRAMEBUFFER_BINDING), readFramebuffer = get(GL_READ_FRAMEBUFFER_BINDING)
        let program = get(GL_CURRENT_PROGRAM), vertexArray = get(GL_VERTEX_ARRAY_BINDING)
        let arrayBuffer = get(GL_ARRAY_BUFFER_BINDING), feedback = get(GL_TRANSFORM_FEEDBACK_BINDING)
        let discard = plume_glIsEnabled(GLenum(GL_RASTERIZER_DISCARD)) != 0
        // The update pass reads records through a buffer texture on unit 0.
        let activeTexture = get(GL_ACTIVE_TEXTURE)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        let bufferTexture = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE5))
        let birthsTexture = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        bind(passFramebuffer)
        plume_glEnable(GLenum(GL_RASTERIZER_DISCARD))
        defer {
            if !discard { plume_glDisable(GLenum(GL_RASTERIZER_DISCARD)) }
            plume_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), drawFramebuffer)
            plume_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), readFramebuffer)
            plume_glUseProgram(program)
            plume_glBindVertexArray(vertexArray)
            plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), arrayBuffer)
            plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), feedback)
            plume_glActiveTexture(GLenum(GL_TEXTURE5))
            plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), birthsTexture)
            plume_glActiveTexture(GLenum(GL_TEXTURE0))
            plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), bufferTexture)
            plume_glActiveTexture(activeTexture)
        }
        try body()
        try check(pass, pass: pass)
    }
}
