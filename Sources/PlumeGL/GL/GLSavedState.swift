import CEpoxy

/// The GL state `ParticleRenderer.draw` changes, captured when a draw starts and restored when it
/// ends (the renderer's documented state contract).
struct SavedState {
    var program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0, activeTexture: GLint = 0
    var texture: GLint = 0, feedback: GLint = 0, bufferTexture0: GLint = 0, bufferTexture1: GLint = 0, bufferTexture2: GLint = 0, bufferTexture3: GLint = 0, bufferTexture5: GLint = 0
    var unpackBuffer: GLint = 0, copyRead: GLint = 0, copyWrite: GLint = 0
    var unpack: [GLint] = []
    var blend = false, depth = false, cull = false, discard = false, programPointSize = false
    var blendSrcRGB: GLint = 0, blendDstRGB: GLint = 0, blendSrcAlpha: GLint = 0, blendDstAlpha: GLint = 0
    var blendEquationRGB: GLint = 0, blendEquationAlpha: GLint = 0
    var pointCoordOrigin: GLint = 0

    init() {
        func get(_ e: Int32) -> GLint {
            var v: GLint = 0
            plume_glGetIntegerv(GLenum(e), &v)
            return v
        }
        program = get(GL_CURRENT_PROGRAM)
        vertexArray = get(GL_VERTEX_ARRAY_BINDING)
        arrayBuffer = get(GL_ARRAY_BUFFER_BINDING)
        activeTexture = get(GL_ACTIVE_TEXTURE)
        feedback = get(GL_TRANSFORM_FEEDBACK_BINDING)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        texture = get(GL_TEXTURE_BINDING_2D)
        bufferTexture0 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE1))
        bufferTexture1 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE2))
        bufferTexture2 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE3))
        bufferTexture3 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE5))
        bufferTexture5 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(activeTexture))
        blend = plume_glIsEnabled(GLenum(GL_BLEND)) != 0
        depth = plume_glIsEnabled(GLenum(GL_DEPTH_TEST)) != 0
        cull = plume_glIsEnabled(GLenum(GL_CULL_FACE)) != 0
        discard = plume_glIsEnabled(GLenum(GL_RASTERIZER_DISCARD)) != 0
        programPointSize = plume_glIsEnabled(GLenum(GL_PROGRAM_POINT_SIZE)) != 0
        pointCoordOrigin = get(GL_POINT_SPRITE_COORD_ORIGIN)
        blendSrcRGB = get(GL_BLEND_SRC_RGB)
        blendDstRGB = get(GL_BLEND_DST_RGB)
        blendSrcAlpha = get(GL_BLEND_SRC_ALPHA)
        blendDstAlpha = get(GL_BLEND_DST_ALPHA)
        blendEquationRGB = get(GL_BLEND_EQUATION_RGB)
        blendEquationAlpha = get(GL_BLEND_EQUATION_ALPHA)
        unpackBuffer = get(GL_PIXEL_UNPACK_BUFFER_BINDING)
        copyRead = get(GL_COPY_READ_BUFFER_BINDING)
        copyWrite = get(GL_COPY_WRITE_BUFFER_BINDING)
        unpack = SavedState.unpackParameters.map(get)
    }

    static let unpackParameters = [GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_PIXELS]

    func restore() {
        func set(_ e: Int32, _ on: Bool) { on ? plume_glEnable(GLenum(e)) : plume_glDisable(GLenum(e)) }
        plume_glUseProgram(GLuint(program))
        plume_glBindVertexArray(GLuint(vertexArray))
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), GLuint(feedback))
        plume_glActiveTexture(GLenum(GL_TEXTURE1))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture1))
        plume_glActiveTexture(GLenum(GL_TEXTURE2))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture2))
        plume_glActiveTexture(GLenum(GL_TEXTURE3))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture3))
        plume_glActiveTexture(GLenum(GL_TEXTURE5))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture5))
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture0))
        plume_glActiveTexture(GLenum(activeTexture))
        plume_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(unpackBuffer))
        plume_glBindBuffer(GLenum(GL_COPY_READ_BUFFER), GLuint(copyRead))
        plume_glBindBuffer(GLenum(GL_COPY_WRITE_BUFFER), GLuint(copyWrite))
        for (parameter, value) in zip(SavedState.unpackParameters, unpack) { plume_glPixelStorei(GLenum(parameter), value) }
        set(GL_BLEND, blend)
        set(GL_DEPTH_TEST, depth)
        set(GL_CULL_FACE, cull)
        set(GL_RASTERIZER_DISCARD, discard)
        set(GL_PROGRAM_POINT_SIZE, programPointSize)
        plume_glPointParameteri(GLenum(GL_POINT_SPRITE_COORD_ORIGIN), pointCoordOrigin)
        plume_glBlendFuncSeparate(GLenum(blendSrcRGB), GLenum(blendDstRGB), GLenum(blendSrcAlpha), GLenum(blendDstAlpha))
        plume_glBlendEquationSeparate(GLenum(blendEquationRGB), GLenum(blendEquationAlpha))
    }
}
