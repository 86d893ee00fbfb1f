import CEpoxy

extension GLObjectOwner {
    /// Runs transform-feedback passes: binds the pass framebuffer (a surfaceless context has no
    /// default one, and llvmpipe refuses transform feedback without one) and enables rasterizer
    /// discard, then restores what the host had bound: draw and read framebuffers, program,
    /// vertex array, array buffer, transform-feedback binding, the active texture unit, the buffer
    /// textures of unit 0 (records) and unit 5 (birth parameters) and the discard flag. Throws the
    /// GL error the passes left, naming `pass`.
    func withTransformFeedbackPasses(_ pass: String, _ body: () throws -> Void) throws {
        func get(_ state: GLIntegerState) -> GLuint { GLuint(GL.integer(state)) }
        let drawFramebuffer = get(.drawFramebufferBinding), readFramebuffer = get(.readFramebufferBinding)
        let program = get(.currentProgram), vertexArray = get(.vertexArrayBinding)
        let arrayBuffer = get(.arrayBufferBinding), feedback = get(.transformFeedbackBinding)
        let discard = GL.isEnabled(.rasterizerDiscard)
        // The update pass reads records through a buffer texture on unit 0.
        let activeTexture = GL.activeTextureUnit
        let bufferTexture = GL.texture(.bufferTextureBinding, unit: 0)
        let birthsTexture = GL.texture(.bufferTextureBinding, unit: 5)
        GL.activeTexture(unit: 0)
        bind(passFramebuffer)
        GL.enable(.rasterizerDiscard)
        defer {
            if !discard { GL.disable(.rasterizerDiscard) }
            GL.bindFramebuffer(.draw, drawFramebuffer)
            GL.bindFramebuffer(.read, readFramebuffer)
            GL.useProgram(program)
            GL.bindVertexArray(vertexArray)
            GL.bindBuffer(.array, arrayBuffer)
            GL.bindTransformFeedback(feedback)
            GL.activeTexture(unit: 5)
            GL.bindTexture(.buffer, birthsTexture)
            GL.activeTexture(unit: 0)
            GL.bindTexture(.buffer, bufferTexture)
            GL.activeTexture(unit: activeTexture)
        }
        try body()
        try check(pass, pass: pass)
    }
}

/// The fixed-function state of a draw that blends premultiplied colour into the bound
/// framebuffer: rasterizer discard, depth test and face culling off, blending on with
/// ``source``/``destination`` for colour and alpha alike and the add equation, no
/// transform-feedback object bound, texture unit 0 active, and, for point sprites,
/// `gl_PointSize` from the vertex stage with `gl_PointCoord` from the upper left
/// (`plume_point.glsl`). The draw's ``SavedState`` gives the host's back.
struct GLBlendedDraw {
    var source: GLBlendFactor
    var destination: GLBlendFactor
    /// The blend colour's alpha, set with the functions when given (`constantAlpha` factors).
    var constantAlpha: Float? = nil
    /// Sets the point-sprite state too.
    var pointSprites = false

    /// Additive particles: `ONE, ONE`.
    static let additive = GLBlendedDraw(source: .one, destination: .one)
    /// Premultiplied source-over: `ONE, ONE_MINUS_SRC_ALPHA`.
    static let sourceOver = GLBlendedDraw(source: .one, destination: .oneMinusSrcAlpha)
    /// Premultiplied source-over with each source scaled by `opacity` in the blend and the
    /// destination kept by the source's own alpha: `CONSTANT_ALPHA, ONE_MINUS_SRC_ALPHA` with the
    /// blend colour's alpha `opacity`, so `d ← opacity·p + (1 − pₐ)·d`. From a transparent
    /// image, source-over particles drawn so sum to `opacity ×` the image they draw at full
    /// opacity (a layer image faded as it is drawn, `ParticleRenderer+Compositing.swift`).
    static func sourceOver(fadedBy opacity: Float) -> GLBlendedDraw {
        GLBlendedDraw(source: .constantAlpha, destination: .oneMinusSrcAlpha, constantAlpha: opacity)
    }

    /// This state with point sprites on.
    var withPointSprites: GLBlendedDraw {
        var state = self
        state.pointSprites = true
        return state
    }

    /// Sets the state.
    func apply() {
        GL.disable(.rasterizerDiscard)
        GL.disable(.depthTest)
        GL.disable(.cullFace)
        GL.enable(.blend)
        if pointSprites {
            GL.enable(.programPointSize)
            GL.pointSpriteOrigin(.upperLeft)
        }
        GL.blendEquation(.add)
        GL.bindTransformFeedback(0)
        GL.activeTexture(unit: 0)
        GL.blendFunc(source, destination)
        if let constantAlpha { GL.blendColor(SIMD4(0, 0, 0, constantAlpha)) }
    }
}
