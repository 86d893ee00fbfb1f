import CEpoxy

// Typed GL enumerants: each kind of `GLenum` argument gets its own small type, so a call reads
// `GL.enable(.blend)` instead of `plume_glEnable(GLenum(GL_BLEND))` and the compiler refuses a
// blend factor where a capability belongs. libepoxy's constants import as `Int32`; the one
// conversion to `GLenum` is in each type's initialiser. Only the values Plume uses are listed;
// add one where a new call needs it.

/// A typed GL enumerant: the raw value is what the GL entry point takes.
package protocol GLEnumerant: Hashable, Sendable {
    /// The value GL takes.
    var raw: GLenum { get }
}

/// A capability of `glEnable`/`glDisable`/`glIsEnabled`.
package struct GLCapability: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let blend = Self(GL_BLEND)
    package static let depthTest = Self(GL_DEPTH_TEST)
    package static let cullFace = Self(GL_CULL_FACE)
    package static let scissorTest = Self(GL_SCISSOR_TEST)
    /// Primitives stop before rasterisation (transform-feedback passes).
    package static let rasterizerDiscard = Self(GL_RASTERIZER_DISCARD)
    /// The vertex stage writes `gl_PointSize`.
    package static let programPointSize = Self(GL_PROGRAM_POINT_SIZE)
}

/// The primitives a draw call assembles.
package struct GLPrimitive: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let points = Self(GL_POINTS)
    package static let triangles = Self(GL_TRIANGLES)
    package static let triangleStrip = Self(GL_TRIANGLE_STRIP)
}

/// A buffer binding point of `glBindBuffer`.
package struct GLBufferTarget: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    /// Vertex attributes (`GL_ARRAY_BUFFER`).
    package static let array = Self(GL_ARRAY_BUFFER)
    package static let copyRead = Self(GL_COPY_READ_BUFFER)
    package static let copyWrite = Self(GL_COPY_WRITE_BUFFER)
    /// Texture uploads read from it instead of client memory (`GL_PIXEL_UNPACK_BUFFER`).
    package static let pixelUnpack = Self(GL_PIXEL_UNPACK_BUFFER)
    package static let pixelPack = Self(GL_PIXEL_PACK_BUFFER)
    /// The indexed binding transform feedback captures into (`glBindBufferBase`).
    package static let transformFeedback = Self(GL_TRANSFORM_FEEDBACK_BUFFER)
}

/// How a buffer's data will be used (`glBufferData`'s hint).
package struct GLBufferUsage: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    /// Written by the GPU, read by the GPU (records).
    package static let dynamicCopy = Self(GL_DYNAMIC_COPY)
    /// Written by the host now and then, read by the GPU.
    package static let dynamicDraw = Self(GL_DYNAMIC_DRAW)
    /// Written once by the host.
    package static let staticDraw = Self(GL_STATIC_DRAW)
}

/// A texture binding point of `glBindTexture`.
package struct GLTextureTarget: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let texture2D = Self(GL_TEXTURE_2D)
    /// A buffer texture (`GL_TEXTURE_BUFFER`): a buffer's data read as texels.
    package static let buffer = Self(GL_TEXTURE_BUFFER)
}

/// The texel format of a buffer texture (`glTexBuffer`).
package struct GLTexelFormat: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    /// Four 32-bit unsigned words per texel (records, tables).
    package static let rgba32ui = Self(GL_RGBA32UI)
    /// Two 32-bit unsigned words per texel (sort entries).
    package static let rg32ui = Self(GL_RG32UI)
}

/// A texture filter (`GL_TEXTURE_MIN_FILTER`, `GL_TEXTURE_MAG_FILTER`).
package struct GLTextureFilter: Hashable, Sendable {
    package let raw: GLint
    init(_ value: Int32) { raw = value }
    package static let nearest = Self(GL_NEAREST)
    package static let linear = Self(GL_LINEAR)
    /// Trilinear (minification only).
    package static let linearMipmapLinear = Self(GL_LINEAR_MIPMAP_LINEAR)
}

/// A framebuffer binding point of `glBindFramebuffer`.
package struct GLFramebufferTarget: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    /// Both the draw and the read binding (`GL_FRAMEBUFFER`).
    package static let both = Self(GL_FRAMEBUFFER)
    package static let draw = Self(GL_DRAW_FRAMEBUFFER)
    package static let read = Self(GL_READ_FRAMEBUFFER)
}

/// A colour buffer of the default framebuffer (`glReadBuffer`).
package struct GLColorBuffer: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let back = Self(GL_BACK)
}

/// A blend factor (`glBlendFuncSeparate`).
package struct GLBlendFactor: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    init(raw: GLenum) { self.raw = raw }
    package static let zero = Self(GL_ZERO)
    package static let one = Self(GL_ONE)
    package static let srcColor = Self(GL_SRC_COLOR)
    package static let srcAlpha = Self(GL_SRC_ALPHA)
    package static let oneMinusSrcAlpha = Self(GL_ONE_MINUS_SRC_ALPHA)
    /// The blend colour's alpha (`glBlendColor`).
    package static let constantAlpha = Self(GL_CONSTANT_ALPHA)
    package static let dstColor = Self(GL_DST_COLOR)
    package static let dstAlpha = Self(GL_DST_ALPHA)
}

/// A blend equation (`glBlendEquationSeparate`).
package struct GLBlendEquation: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    init(raw: GLenum) { self.raw = raw }
    package static let add = Self(GL_FUNC_ADD)
    package static let subtract = Self(GL_FUNC_SUBTRACT)
    package static let max = Self(GL_MAX)
}

/// A level parameter of `glGetTexLevelParameteriv`.
package struct GLTextureLevelParameter: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let width = Self(GL_TEXTURE_WIDTH)
    package static let height = Self(GL_TEXTURE_HEIGHT)
}

/// The client-side format of texels uploaded or read (`glTexImage2D`, `glGetTexImage`).
package struct GLPixelFormat: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let red = Self(GL_RED)
}

/// The client-side type of texels uploaded or read.
package struct GLPixelType: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let float = Self(GL_FLOAT)
    package static let unsignedByte = Self(GL_UNSIGNED_BYTE)
}

/// A pixel-store parameter (`glPixelStorei`).
package struct GLPixelStore: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let unpackAlignment = Self(GL_UNPACK_ALIGNMENT)
    package static let unpackRowLength = Self(GL_UNPACK_ROW_LENGTH)
    package static let unpackSkipRows = Self(GL_UNPACK_SKIP_ROWS)
    package static let unpackSkipPixels = Self(GL_UNPACK_SKIP_PIXELS)
    package static let packAlignment = Self(GL_PACK_ALIGNMENT)
    package static let packRowLength = Self(GL_PACK_ROW_LENGTH)
    package static let packSkipRows = Self(GL_PACK_SKIP_ROWS)
    package static let packSkipPixels = Self(GL_PACK_SKIP_PIXELS)
    /// The four unpack parameters a texture upload from client memory depends on.
    package static let unpackParameters: [GLPixelStore] = [.unpackAlignment, .unpackRowLength, .unpackSkipRows, .unpackSkipPixels]
}

/// Where `gl_PointCoord`'s origin lies (`GL_POINT_SPRITE_COORD_ORIGIN`).
package struct GLPointOrigin: Hashable, Sendable {
    package let raw: GLint
    init(_ value: Int32) { raw = value }
    package static let upperLeft = Self(GL_UPPER_LEFT)
    package static let lowerLeft = Self(GL_LOWER_LEFT)
}

/// A string of `glGetString`.
package struct GLStringName: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let vendor = Self(GL_VENDOR)
    package static let renderer = Self(GL_RENDERER)
    package static let version = Self(GL_VERSION)
    package static let shadingLanguageVersion = Self(GL_SHADING_LANGUAGE_VERSION)
}

/// A state value of `glGetIntegerv` (its element count where it has several).
package struct GLIntegerState: GLEnumerant {
    package let raw: GLenum
    /// Values the query writes.
    package let count: Int
    init(_ value: Int32, count: Int = 1) {
        raw = GLenum(value)
        self.count = count
    }
    // Bindings.
    package static let currentProgram = Self(GL_CURRENT_PROGRAM)
    package static let vertexArrayBinding = Self(GL_VERTEX_ARRAY_BINDING)
    package static let arrayBufferBinding = Self(GL_ARRAY_BUFFER_BINDING)
    package static let copyReadBufferBinding = Self(GL_COPY_READ_BUFFER_BINDING)
    package static let copyWriteBufferBinding = Self(GL_COPY_WRITE_BUFFER_BINDING)
    package static let pixelUnpackBufferBinding = Self(GL_PIXEL_UNPACK_BUFFER_BINDING)
    package static let pixelPackBufferBinding = Self(GL_PIXEL_PACK_BUFFER_BINDING)
    package static let transformFeedbackBinding = Self(GL_TRANSFORM_FEEDBACK_BINDING)
    package static let framebufferBinding = Self(GL_FRAMEBUFFER_BINDING)
    package static let drawFramebufferBinding = Self(GL_DRAW_FRAMEBUFFER_BINDING)
    package static let readFramebufferBinding = Self(GL_READ_FRAMEBUFFER_BINDING)
    package static let renderbufferBinding = Self(GL_RENDERBUFFER_BINDING)
    /// The active texture unit, as `GL_TEXTURE0 + unit` (``GL/activeTextureUnit`` gives the unit).
    package static let activeTexture = Self(GL_ACTIVE_TEXTURE)
    /// The 2-D texture of the active unit.
    package static let texture2DBinding = Self(GL_TEXTURE_BINDING_2D)
    /// The buffer texture of the active unit.
    package static let bufferTextureBinding = Self(GL_TEXTURE_BINDING_BUFFER)
    // Fixed-function state.
    package static let viewport = Self(GL_VIEWPORT, count: 4)
    package static let scissorBox = Self(GL_SCISSOR_BOX, count: 4)
    package static let blendSrcRGB = Self(GL_BLEND_SRC_RGB)
    package static let blendDstRGB = Self(GL_BLEND_DST_RGB)
    package static let blendSrcAlpha = Self(GL_BLEND_SRC_ALPHA)
    package static let blendDstAlpha = Self(GL_BLEND_DST_ALPHA)
    package static let blendEquationRGB = Self(GL_BLEND_EQUATION_RGB)
    package static let blendEquationAlpha = Self(GL_BLEND_EQUATION_ALPHA)
    package static let pointSpriteCoordOrigin = Self(GL_POINT_SPRITE_COORD_ORIGIN)
    package static let unpackAlignment = Self(GL_UNPACK_ALIGNMENT)
    package static let unpackRowLength = Self(GL_UNPACK_ROW_LENGTH)
    package static let packAlignment = Self(GL_PACK_ALIGNMENT)
    package static let packRowLength = Self(GL_PACK_ROW_LENGTH)
    package static let packSkipRows = Self(GL_PACK_SKIP_ROWS)
    package static let packSkipPixels = Self(GL_PACK_SKIP_PIXELS)
    package static let readBuffer = Self(GL_READ_BUFFER)
    package static let implementationColorReadFormat = Self(GL_IMPLEMENTATION_COLOR_READ_FORMAT)
    // Limits.
    package static let maxVertexAttribs = Self(GL_MAX_VERTEX_ATTRIBS)
    package static let maxTransformFeedbackInterleavedComponents = Self(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS)
    package static let maxGeometryTotalOutputComponents = Self(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS)
    package static let maxTextureSize = Self(GL_MAX_TEXTURE_SIZE)
    package static let maxViewportDims = Self(GL_MAX_VIEWPORT_DIMS, count: 2)
    package static let maxTextureBufferSize = Self(GL_MAX_TEXTURE_BUFFER_SIZE)

    /// The pixel-store value `parameter` holds.
    package static func pixelStore(_ parameter: GLPixelStore) -> Self {
        Self(Int32(bitPattern: parameter.raw), count: 1)
    }
}

/// A state value of `glGetFloatv` (its element count where it has several).
package struct GLFloatState: GLEnumerant {
    package let raw: GLenum
    /// Values the query writes.
    package let count: Int
    init(_ value: Int32, count: Int = 1) {
        raw = GLenum(value)
        self.count = count
    }
    /// The colour `glClear` fills with.
    package static let colorClearValue = Self(GL_COLOR_CLEAR_VALUE, count: 4)
    /// The smallest and largest point size the driver rasterises.
    package static let pointSizeRange = Self(GL_POINT_SIZE_RANGE, count: 2)
    /// The constant colour of the blend factors `CONSTANT_COLOR` and `CONSTANT_ALPHA`.
    package static let blendColor = Self(GL_BLEND_COLOR, count: 4)
}

/// A shader stage (`glCreateShader`).
package struct GLShaderStage: GLEnumerant {
    package let raw: GLenum
    init(_ value: Int32) { raw = GLenum(value) }
    package static let vertex = Self(GL_VERTEX_SHADER)
    package static let geometry = Self(GL_GEOMETRY_SHADER)
    package static let fragment = Self(GL_FRAGMENT_SHADER)
}
