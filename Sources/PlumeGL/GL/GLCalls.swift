import CEpoxy

/// The GL calls of the layers above `GL/`, typed: enumerants are ``GLCapability``,
/// ``GLBufferTarget`` and their kin (`GLConstants.swift`), counts and coordinates Swift integers.
/// Every function acts on the current context, as the entry point it wraps does (libepoxy aborts
/// on a call without one: callers hold the context current, as ``GLContext/withCurrent(_:)`` does).
///
/// Object names are `GLuint` here because these calls also restore whatever the host had bound
/// (a name Plume did not create); Plume's own objects add typed overloads in the files beside
/// this one. Package API: PlumeGL's own folders, the playground and the tests use it; a game sets
/// GL state with its own calls.
package enum GL {
    // MARK: Capabilities

    package static func enable(_ capability: GLCapability) { plume_glEnable(capability.raw) }
    package static func disable(_ capability: GLCapability) { plume_glDisable(capability.raw) }
    /// Enables `capability` where `on`, disables it elsewhere.
    package static func set(_ capability: GLCapability, _ on: Bool) { on ? enable(capability) : disable(capability) }
    package static func isEnabled(_ capability: GLCapability) -> Bool { plume_glIsEnabled(capability.raw) != 0 }

    // MARK: Queries

    /// The first value of `state` (`glGetIntegerv`).
    package static func integer(_ state: GLIntegerState) -> Int32 { integers(state)[0] }

    /// Every value of `state` (`state.count` of them: four for the viewport).
    package static func integers(_ state: GLIntegerState) -> [Int32] {
        var values = [GLint](repeating: 0, count: max(state.count, 1))
        plume_glGetIntegerv(state.raw, &values)
        return values
    }

    /// Every value of `state` (`glGetFloatv`).
    package static func floats(_ state: GLFloatState) -> [Float] {
        var values = [GLfloat](repeating: 0, count: max(state.count, 1))
        plume_glGetFloatv(state.raw, &values)
        return values
    }

    /// The driver's string `name`, or nil without a current context.
    package static func string(_ name: GLStringName) -> String? {
        plume_glGetString(name.raw).map { String(cString: $0) }
    }

    /// The oldest pending error flag, cleared (`GL_NO_ERROR`, 0, when none).
    package static func takeError() -> UInt32 { plume_glGetError() }

    /// Whether `name` names a buffer object of the current context.
    package static func isBuffer(_ name: GLuint) -> Bool { plume_glIsBuffer(name) != 0 }

    /// Waits until every command sent has run.
    package static func finish() { plume_glFinish() }

    // MARK: Bindings

    package static func useProgram(_ name: GLuint) { plume_glUseProgram(name) }
    package static func bindVertexArray(_ name: GLuint) { plume_glBindVertexArray(name) }
    package static func bindBuffer(_ target: GLBufferTarget, _ name: GLuint) { plume_glBindBuffer(target.raw, name) }
    /// Binds `name` to binding point `index` of the indexed `target` (and to `target` itself).
    package static func bindBufferBase(_ target: GLBufferTarget, index: Int = 0, _ name: GLuint) {
        plume_glBindBufferBase(target.raw, GLuint(index), name)
    }
    package static func bindTexture(_ target: GLTextureTarget, _ name: GLuint) { plume_glBindTexture(target.raw, name) }
    package static func bindFramebuffer(_ target: GLFramebufferTarget, _ name: GLuint) {
        plume_glBindFramebuffer(target.raw, name)
    }
    package static func bindTransformFeedback(_ name: GLuint) {
        plume_glBindTransformFeedback(GLenum(bitPattern: GL_TRANSFORM_FEEDBACK), name)
    }

    /// Makes texture unit `unit` (0 …) the one texture bindings act on.
    package static func activeTexture(unit: Int32) { plume_glActiveTexture(GLenum(bitPattern: GL_TEXTURE0 + unit)) }
    /// The active texture unit (0 …).
    package static var activeTextureUnit: Int32 { integer(.activeTexture) - GL_TEXTURE0 }

    /// The name bound to `state` on texture unit `unit` (`.texture2DBinding`, `.bufferTextureBinding`);
    /// leaves `unit` active.
    package static func texture(_ state: GLIntegerState, unit: Int32) -> GLuint {
        activeTexture(unit: unit)
        return GLuint(integer(state))
    }

    // MARK: Fixed-function state

    /// The blend factors of colour and alpha.
    package static func blendFunc(_ srcRGB: GLBlendFactor, _ dstRGB: GLBlendFactor,
                                  _ srcAlpha: GLBlendFactor, _ dstAlpha: GLBlendFactor) {
        plume_glBlendFuncSeparate(srcRGB.raw, dstRGB.raw, srcAlpha.raw, dstAlpha.raw)
    }
    /// The same blend factors for colour and alpha.
    package static func blendFunc(_ source: GLBlendFactor, _ destination: GLBlendFactor) {
        blendFunc(source, destination, source, destination)
    }
    package static func blendEquation(_ rgb: GLBlendEquation, _ alpha: GLBlendEquation) {
        plume_glBlendEquationSeparate(rgb.raw, alpha.raw)
    }
    package static func blendEquation(_ both: GLBlendEquation) { blendEquation(both, both) }
    /// The constant colour of the blend factors `CONSTANT_COLOR` and `CONSTANT_ALPHA`.
    package static func blendColor(_ color: SIMD4<Float>) { plume_glBlendColor(color.x, color.y, color.z, color.w) }

    package static func pixelStore(_ parameter: GLPixelStore, _ value: Int32) { plume_glPixelStorei(parameter.raw, value) }
    package static func pointSpriteOrigin(_ origin: GLPointOrigin) {
        plume_glPointParameteri(GLenum(bitPattern: GL_POINT_SPRITE_COORD_ORIGIN), origin.raw)
    }

    /// The viewport: x, y (bottom left, pixels), width, height.
    package static func viewport(_ rect: SIMD4<Int32>) { plume_glViewport(rect.x, rect.y, rect.z, rect.w) }
    package static func viewport(x: Int, y: Int, width: Int, height: Int) {
        viewport(SIMD4(Int32(x), Int32(y), Int32(width), Int32(height)))
    }
    /// The scissor box: x, y (bottom left, pixels), width, height.
    package static func scissor(_ rect: SIMD4<Int32>) { plume_glScissor(rect.x, rect.y, rect.z, rect.w) }
    package static func scissor(x: Int, y: Int, width: Int, height: Int) {
        scissor(SIMD4(Int32(x), Int32(y), Int32(width), Int32(height)))
    }

    /// The colour `clearColorBuffer()` fills with.
    package static func clearColor(_ rgba: SIMD4<Float>) { plume_glClearColor(rgba.x, rgba.y, rgba.z, rgba.w) }
    /// Clears the colour buffer (and the depth buffer where `depth`) within the scissor box.
    package static func clear(depth: Bool = false) {
        var bits = GLbitfield(GL_COLOR_BUFFER_BIT)
        if depth { bits |= GLbitfield(GL_DEPTH_BUFFER_BIT) }
        plume_glClear(bits)
    }

    // MARK: Framebuffers

    /// Reads pixels from this colour buffer of the default framebuffer.
    package static func readBuffer(_ buffer: GLColorBuffer) { plume_glReadBuffer(buffer.raw) }

    /// The RGBA8 pixels of the rectangle from the read framebuffer, bottom row first, with the
    /// pack alignment of 1 (restored).
    package static func readPixels(x: Int = 0, y: Int = 0, width: Int, height: Int) -> [UInt8] {
        let alignment = integer(.packAlignment)
        pixelStore(.packAlignment, 1)
        defer { pixelStore(.packAlignment, alignment) }
        var rows = [UInt8](repeating: 0, count: width * height * 4)
        rows.withUnsafeMutableBytes {
            plume_glReadPixels(GLint(x), GLint(y), GLsizei(width), GLsizei(height), GLenum(bitPattern: GL_RGBA),
                               GLenum(bitPattern: GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        return rows
    }

    /// Copies the colour of the read framebuffer's `width × height` corner to the draw
    /// framebuffer's, pixel for pixel.
    package static func blitColor(width: Int, height: Int) {
        plume_glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(bitPattern: GL_NEAREST))
    }

    // MARK: Draws and transform feedback

    /// Draws `count` vertices from vertex `first` of the bound vertex array (or none).
    package static func drawArrays(_ primitive: GLPrimitive, first: Int = 0, count: Int) {
        plume_glDrawArrays(primitive.raw, GLint(first), GLsizei(count))
    }
    /// Draws `count` vertices `instances` times.
    package static func drawArraysInstanced(_ primitive: GLPrimitive, first: Int = 0, count: Int, instances: Int) {
        plume_glDrawArraysInstanced(primitive.raw, GLint(first), GLsizei(count), GLsizei(instances))
    }
    /// Draws as many vertices as the transform-feedback object `feedback` last captured.
    package static func drawTransformFeedback(_ primitive: GLPrimitive, _ feedback: GLuint) {
        plume_glDrawTransformFeedback(primitive.raw, feedback)
    }
    /// Starts capturing `primitive`s into the bound transform-feedback object's buffers.
    package static func beginTransformFeedback(_ primitive: GLPrimitive) { plume_glBeginTransformFeedback(primitive.raw) }
    package static func endTransformFeedback() { plume_glEndTransformFeedback() }

    // MARK: Textures and vertex attributes

    /// Points the buffer texture bound on the active unit at buffer `name`, read as `format`.
    package static func texBuffer(_ format: GLTexelFormat, _ name: GLuint) {
        plume_glTexBuffer(GLTextureTarget.buffer.raw, format.raw, name)
    }

    /// Sets the filters of the 2-D texture bound on the active unit and clamps it at its edges
    /// (`minify` nil: left as it is).
    package static func texture2DSampling(minify: GLTextureFilter? = nil, magnify: GLTextureFilter, lodBias: Float? = nil) {
        let target = GLTextureTarget.texture2D.raw
        if let minify { plume_glTexParameteri(target, GLenum(bitPattern: GL_TEXTURE_MIN_FILTER), minify.raw) }
        plume_glTexParameteri(target, GLenum(bitPattern: GL_TEXTURE_MAG_FILTER), magnify.raw)
        if let lodBias { plume_glTexParameterf(target, GLenum(bitPattern: GL_TEXTURE_LOD_BIAS), lodBias) }
        plume_glTexParameteri(target, GLenum(bitPattern: GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        plume_glTexParameteri(target, GLenum(bitPattern: GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// Makes attribute `index` of the bound vertex array read `components` values per vertex from
    /// the bound array buffer, `stride` bytes apart from byte `offset`: as unsigned integers
    /// (`integer`) or as floats.
    package static func vertexAttribute(_ index: Int, components: Int, integer: Bool, stride: Int, offset: Int = 0) {
        plume_glEnableVertexAttribArray(GLuint(index))
        let pointer = UnsafeRawPointer(bitPattern: offset)
        if integer {
            plume_glVertexAttribIPointer(GLuint(index), GLint(components), GLenum(bitPattern: GL_UNSIGNED_INT),
                                         GLsizei(stride), pointer)
        } else {
            plume_glVertexAttribPointer(GLuint(index), GLint(components), GLenum(bitPattern: GL_FLOAT),
                                        GLboolean(GL_FALSE), GLsizei(stride), pointer)
        }
    }

    /// Zeroes the first `bytes` bytes of the buffer bound to `target` (GL 4.3 or
    /// `GL_ARB_clear_buffer_object`).
    package static func clearBuffer(_ target: GLBufferTarget, bytes: Int) {
        plume_glClearBufferSubData(target.raw, GLTexelFormat.rgba32ui.raw, 0, GLsizeiptr(bytes),
                                   GLenum(bitPattern: GL_RGBA_INTEGER), GLenum(bitPattern: GL_UNSIGNED_INT), nil)
    }
}
