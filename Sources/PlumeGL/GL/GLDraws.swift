import CEpoxy

/// Draw calls and transform-feedback capture: the GL calls the GPU passes make, typed (objects,
/// not names; counts as `Int`), so the layers above GL make none of their own.
extension GLObjectOwner {
    /// Binds `feedback` and runs `body` between `glBeginTransformFeedback(GL_POINTS)` and its end:
    /// every point `body` draws is captured into `feedback`'s buffers. Unbinds it afterwards.
    /// `discardingRaster`: rasterizer discard is on while `body` runs and off afterwards (a pass
    /// outside ``withTransformFeedbackPasses(_:_:)``, which keeps it on itself).
    func capturingPoints(into feedback: GLTransformFeedback, discardingRaster: Bool = false,
                         _ body: () throws -> Void) rethrows {
        if discardingRaster { GL.enable(.rasterizerDiscard) }
        GL.bindTransformFeedback(feedback.name)
        GL.beginTransformFeedback(.points)
        defer {
            GL.endTransformFeedback()
            GL.bindTransformFeedback(0)
            if discardingRaster { GL.disable(.rasterizerDiscard) }
        }
        try body()
    }

    /// Binds `vertexArray` (the records a draw reads as attributes).
    func bind(_ vertexArray: GLVertexArray) { GL.bindVertexArray(vertexArray.name) }

    /// Draws `count` points with no attributes (the empty vertex array bound).
    func drawPoints(count: Int) {
        GL.bindVertexArray(emptyVertexArray.name)
        GL.drawArrays(.points, count: count)
    }

    /// Draws `count` points from the bound vertex array, starting at vertex `first`.
    func drawBoundPoints(first: Int = 0, count: Int) { GL.drawArrays(.points, first: first, count: count) }

    /// Draws, as points, every vertex `feedback` captured (its count stays on the GPU), reading
    /// them through `vertexArray`; `instances` times each where given (GL 4.2 or the extension).
    func drawCaptured(_ vertexArray: GLVertexArray, _ feedback: GLTransformFeedback, instances: Int? = nil) {
        GL.bindVertexArray(vertexArray.name)
        if let instances {
            plume_glDrawTransformFeedbackInstanced(GLPrimitive.points.raw, feedback.name, GLsizei(instances))
        } else {
            GL.drawTransformFeedback(.points, feedback.name)
        }
    }

    /// Draws `instances` triangle strips of `vertices` vertices each (`glDrawArraysInstanced`),
    /// reading per-instance attributes through `vertexArray`, or none (the empty vertex array).
    func drawStrips(vertices: Int, instances: Int, from vertexArray: GLVertexArray? = nil) {
        GL.bindVertexArray((vertexArray ?? emptyVertexArray).name)
        GL.drawArraysInstanced(.triangleStrip, count: vertices, instances: instances)
    }

    /// Binds the 2-D texture `texture` to texture unit `unit`, leaving unit 0 active.
    func bindTexture(_ texture: GLTexture, unit: Int32 = 0) {
        GL.activeTexture(unit: unit)
        GL.bindTexture(.texture2D, texture.name)
        GL.activeTexture(unit: 0)
    }

    /// Runs `body` and gives the buffer-texture bindings of texture `units` back afterwards (the
    /// host's), with its active unit.
    func preservingBufferTextures<T>(units: [Int32], _ body: () throws -> T) rethrows -> T {
        let active = GL.activeTextureUnit
        let saved = units.map { GL.texture(.bufferTextureBinding, unit: $0) }
        GL.activeTexture(unit: active)
        defer {
            for (unit, name) in zip(units, saved) {
                GL.activeTexture(unit: unit)
                GL.bindTexture(.buffer, name)
            }
            GL.activeTexture(unit: active)
        }
        return try body()
    }
}
