import CEpoxy

/// Draw calls and transform-feedback capture: the GL calls the GPU passes make, typed (objects,
/// not names; counts as `Int`), so the layers above GL make none of their own.
extension GLContext {
    /// Binds `feedback` and runs `body` between `glBeginTransformFeedback(GL_POINTS)` and its end:
    /// every point `body` draws is captured into `feedback`'s buffers. Unbinds it afterwards.
    func capturingPoints(into feedback: GLTransformFeedback, _ body: () throws -> Void) rethrows {
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), feedback.name)
        plume_glBeginTransformFeedback(GLenum(GL_POINTS))
        defer {
            plume_glEndTransformFeedback()
            plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), 0)
        }
        try body()
    }

    /// Binds `vertexArray` (the records a draw reads as attributes).
    func bind(_ vertexArray: GLVertexArray) { plume_glBindVertexArray(vertexArray.name) }

    /// Draws `count` points with no attributes (the empty vertex array bound).
    func drawPoints(count: Int) {
        plume_glBindVertexArray(emptyVertexArray.name)
        plume_glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(count))
    }

    /// Draws `count` points from the bound vertex array, starting at vertex `first`.
    func drawBoundPoints(first: Int = 0, count: Int) {
        plume_glDrawArrays(GLenum(GL_POINTS), GLint(first), GLsizei(count))
    }

    /// Draws, as points, every vertex `feedback` captured (its count stays on the GPU), reading
    /// them through `vertexArray`; `instances` times each where given (GL 4.2 or the extension).
    func drawCaptured(_ vertexArray: GLVertexArray, _ feedback: GLTransformFeedback, instances: Int? = nil) {
        plume_glBindVertexArray(vertexArray.name)
        if let instances {
            plume_glDrawTransformFeedbackInstanced(GLenum(GL_POINTS), feedback.name, GLsizei(instances))
        } else {
            plume_glDrawTransformFeedback(GLenum(GL_POINTS), feedback.name)
        }
    }

    /// Draws `instances` triangle strips of `vertices` vertices each (`glDrawArraysInstanced`),
    /// reading per-instance attributes through `vertexArray`, or none (the empty vertex array).
    func drawStrips(vertices: Int, instances: Int, from vertexArray: GLVertexArray? = nil) {
        plume_glBindVertexArray((vertexArray ?? emptyVertexArray).name)
        plume_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, GLsizei(vertices), GLsizei(instances))
    }

    /// Binds the 2-D texture `texture` to texture unit `unit`, leaving unit 0 active.
    func bindTexture(_ texture: GLTexture, unit: Int32 = 0) {
        plume_glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// Runs `body` and gives the buffer-texture bindings of texture `units` back afterwards (the
    /// host's), with its active unit.
    func preservingBufferTextures<T>(units: [Int32], _ body: () throws -> T) rethrows -> T {
        var active: GLint = 0
        plume_glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        let saved = units.map { unit -> GLint in
            var name: GLint = 0
            plume_glActiveTexture(GLenum(GL_TEXTURE0 + unit))
            plume_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_BUFFER), &name)
            return name
        }
        plume_glActiveTexture(GLenum(active))
        defer {
            for (unit, name) in zip(units, saved) {
                plume_glActiveTexture(GLenum(GL_TEXTURE0 + unit))
                plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(name))
            }
            plume_glActiveTexture(GLenum(active))
        }
        return try body()
    }
}
