import CEpoxy

/// The GL state `ParticleRenderer.draw` changes, captured when a draw starts and restored when it
/// ends (the renderer's documented state contract).
struct SavedState {
    var program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0, activeTextureUnit: Int32 = 0
    var texture: GLint = 0, feedback: GLint = 0
    /// The buffer textures of units 0, 1, 2, 3 and 5 (records, sort entries, parents, behaviour
    /// table, birth parameters).
    var bufferTextures: [Int32: GLuint] = [:]
    var unpackBuffer: GLint = 0, copyRead: GLint = 0, copyWrite: GLint = 0
    var unpack: [GLint] = []
    var capabilities: [GLCapability: Bool] = [:]
    var blendSrcRGB: GLint = 0, blendDstRGB: GLint = 0, blendSrcAlpha: GLint = 0, blendDstAlpha: GLint = 0
    var blendEquationRGB: GLint = 0, blendEquationAlpha: GLint = 0
    var blendColor: [Float] = []
    var pointCoordOrigin: GLint = 0

    static let bufferTextureUnits: [Int32] = [0, 1, 2, 3, 5]
    static let savedCapabilities: [GLCapability] = [.blend, .depthTest, .cullFace, .rasterizerDiscard, .programPointSize]

    init() {
        program = GL.integer(.currentProgram)
        vertexArray = GL.integer(.vertexArrayBinding)
        arrayBuffer = GL.integer(.arrayBufferBinding)
        activeTextureUnit = GL.activeTextureUnit
        feedback = GL.integer(.transformFeedbackBinding)
        texture = GLint(GL.texture(.texture2DBinding, unit: 0))
        for unit in Self.bufferTextureUnits { bufferTextures[unit] = GL.texture(.bufferTextureBinding, unit: unit) }
        GL.activeTexture(unit: activeTextureUnit)
        for capability in Self.savedCapabilities { capabilities[capability] = GL.isEnabled(capability) }
        pointCoordOrigin = GL.integer(.pointSpriteCoordOrigin)
        blendSrcRGB = GL.integer(.blendSrcRGB)
        blendDstRGB = GL.integer(.blendDstRGB)
        blendSrcAlpha = GL.integer(.blendSrcAlpha)
        blendDstAlpha = GL.integer(.blendDstAlpha)
        blendEquationRGB = GL.integer(.blendEquationRGB)
        blendEquationAlpha = GL.integer(.blendEquationAlpha)
        blendColor = GL.floats(.blendColor)
        unpackBuffer = GL.integer(.pixelUnpackBufferBinding)
        copyRead = GL.integer(.copyReadBufferBinding)
        copyWrite = GL.integer(.copyWriteBufferBinding)
        unpack = GLPixelStore.unpackParameters.map { GL.integer(.pixelStore($0)) }
    }

    func restore() {
        GL.useProgram(GLuint(program))
        GL.bindVertexArray(GLuint(vertexArray))
        GL.bindBuffer(.array, GLuint(arrayBuffer))
        GL.bindTransformFeedback(GLuint(feedback))
        // Unit 0 last: its 2-D texture is restored with its buffer texture.
        for unit in Self.bufferTextureUnits.reversed() {
            GL.activeTexture(unit: unit)
            if unit == 0 { GL.bindTexture(.texture2D, GLuint(texture)) }
            GL.bindTexture(.buffer, bufferTextures[unit] ?? 0)
        }
        GL.activeTexture(unit: activeTextureUnit)
        GL.bindBuffer(.pixelUnpack, GLuint(unpackBuffer))
        GL.bindBuffer(.copyRead, GLuint(copyRead))
        GL.bindBuffer(.copyWrite, GLuint(copyWrite))
        for (parameter, value) in zip(GLPixelStore.unpackParameters, unpack) { GL.pixelStore(parameter, value) }
        for capability in Self.savedCapabilities { GL.set(capability, capabilities[capability] ?? false) }
        GL.pointSpriteOrigin(GLPointOrigin(pointCoordOrigin))
        GL.blendFunc(GLBlendFactor(raw: GLenum(blendSrcRGB)), GLBlendFactor(raw: GLenum(blendDstRGB)),
                     GLBlendFactor(raw: GLenum(blendSrcAlpha)), GLBlendFactor(raw: GLenum(blendDstAlpha)))
        GL.blendEquation(GLBlendEquation(raw: GLenum(blendEquationRGB)), GLBlendEquation(raw: GLenum(blendEquationAlpha)))
        GL.blendColor(SIMD4(blendColor))
    }
}

/// The viewport and the scissor test and box, captured when made and given back by
/// ``restore()``: the state a clipped or padded draw changes (quad lists, layer clips, layer
/// images), all of it the host's.
struct GLViewportState {
    /// x, y (bottom left, pixels), width, height.
    let viewport: SIMD4<Int32>
    /// x, y (bottom left, pixels), width, height.
    let scissorBox: SIMD4<Int32>
    let scissorTest: Bool

    init() {
        viewport = SIMD4(GL.integers(.viewport))
        scissorBox = SIMD4(GL.integers(.scissorBox))
        scissorTest = GL.isEnabled(.scissorTest)
    }

    /// Turns the scissor test on with the box from (`x0`, `y0`) to (`x1`, `y1`) in pixels, cut to
    /// the host's box where its test was on (an empty box where they do not overlap).
    func scissor(x0: Int, y0: Int, x1: Int, y1: Int) {
        var x0 = x0, y0 = y0, x1 = x1, y1 = y1
        if scissorTest {
            x0 = max(x0, Int(scissorBox.x))
            y0 = max(y0, Int(scissorBox.y))
            x1 = min(x1, Int(scissorBox.x + scissorBox.z))
            y1 = min(y1, Int(scissorBox.y + scissorBox.w))
        }
        GL.enable(.scissorTest)
        GL.scissor(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Gives the viewport, the scissor box and the scissor test back.
    func restore() {
        GL.viewport(viewport)
        GL.scissor(scissorBox)
        GL.set(.scissorTest, scissorTest)
    }
}
