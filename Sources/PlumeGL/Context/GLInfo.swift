import CEpoxy

/// What the driver is and the limits Plume relies on.
public struct GLInfo: Hashable, Sendable, CustomStringConvertible {
    /// `GL_VENDOR` (`"Mesa"`, `"NVIDIA Corporation"`).
    public var vendor: String
    /// `GL_RENDERER` (`"llvmpipe (LLVM 15.0.6, 256 bits)"`).
    public var renderer: String
    /// `GL_VERSION`, as the driver writes it (`"4.5 (Core Profile) Mesa 22.3.6"`).
    public var version: String
    /// `GL_SHADING_LANGUAGE_VERSION` (`"4.50"`).
    public var shadingLanguageVersion: String
    /// Major·10 + minor, e.g. 45 for OpenGL 4.5.
    public var versionNumber: Int
    /// How the context was made: "EGL surfaceless", "EGL device", "GLFW window".
    public var platform: String
    /// `GL_MAX_VERTEX_ATTRIBS`: vertex attributes a stage may read (at least 16).
    public var maxVertexAttribs: Int
    /// `GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS`: floats one captured record may hold
    /// (at least 64; bounds the sub-cells per cell).
    public var maxTransformFeedbackInterleavedComponents: Int
    /// `GL_MAX_GEOMETRY_OUTPUT_COMPONENTS`: floats a geometry stage may emit per vertex.
    public var maxGeometryOutputComponents: Int
    /// `GL_MAX_TEXTURE_SIZE`: the largest side of a texture or offscreen target, in pixels.
    public var maxTextureSize: Int
    /// The largest viewport, pixels (`GL_MAX_VIEWPORT_DIMS`): quad lists draw in a padded one.
    public var maxViewportSize: SIMD2<Int>
    /// Texels a buffer texture may hold (`GL_MAX_TEXTURE_BUFFER_SIZE`): the update reads its records
    /// through one when they fit (`REC_VECS` texels per record).
    public var maxTextureBufferSize: Int
    /// Double precision in shaders (GL 4.0 or ARB_gpu_shader_fp64). Plume does not need it (its
    /// shaders are 32-bit: times are integer ticks); reported for information.
    public var hasDoublePrecision: Bool
    /// `glDrawTransformFeedback` (GL 4.0 or ARB_transform_feedback2): draws without reading counts back.
    public var hasTransformFeedback2: Bool
    /// `glDrawTransformFeedbackInstanced` (GL 4.2 or ARB_transform_feedback_instanced).
    public var hasTransformFeedbackInstanced: Bool
    /// `glClearBufferSubData` (GL 4.3 or ARB_clear_buffer_object): quad lists then draw without
    /// the live count.
    public var hasClearBuffer: Bool

    /// Whether the driver is Mesa's (its `GL_VERSION` names Mesa): Mesa's GLSL linker is the
    /// reference the shader contract is checked against (``GLError/contractViolation(program:detail:)``
    /// for a declared uniform the shader does not use; other drivers may optimise more away).
    public var isMesa: Bool { version.contains("Mesa") }

    /// Several lines: vendor, renderer, version, platform and the limits above.
    public var description: String {
        """
        OpenGL \(version) (\(platform))
          vendor \(vendor), renderer \(renderer), GLSL \(shadingLanguageVersion)
          vertex attribs \(maxVertexAttribs), TF interleaved components \(maxTransformFeedbackInterleavedComponents), \
        GS output components \(maxGeometryOutputComponents), texture size \(maxTextureSize), \
        texture buffer \(maxTextureBufferSize)
          fp64 \(hasDoublePrecision), TF2 \(hasTransformFeedback2), TF instanced \(hasTransformFeedbackInstanced), \
        clear buffer \(hasClearBuffer)
        """
    }

    /// Reads the current context.
    static func read(platform: String) -> GLInfo {
        func string(_ name: GLStringName) -> String { GL.string(name) ?? "?" }
        func integer(_ state: GLIntegerState) -> Int { Int(GL.integer(state)) }
        let number = Int(plume_epoxy_gl_version())
        func has(_ ext: String) -> Bool { plume_epoxy_has_gl_extension(ext) }
        return GLInfo(
            vendor: string(.vendor), renderer: string(.renderer), version: string(.version),
            shadingLanguageVersion: string(.shadingLanguageVersion), versionNumber: number,
            platform: platform,
            maxVertexAttribs: integer(.maxVertexAttribs),
            maxTransformFeedbackInterleavedComponents: integer(.maxTransformFeedbackInterleavedComponents),
            maxGeometryOutputComponents: integer(.maxGeometryTotalOutputComponents),
            maxTextureSize: integer(.maxTextureSize),
            maxViewportSize: {
                let v = GL.integers(.maxViewportDims)
                return SIMD2(Int(v[0]), Int(v[1]))
            }(),
            maxTextureBufferSize: integer(.maxTextureBufferSize),
            hasDoublePrecision: number >= 40 || has("GL_ARB_gpu_shader_fp64"),
            hasTransformFeedback2: number >= 40 || has("GL_ARB_transform_feedback2"),
            hasTransformFeedbackInstanced: number >= 42 || has("GL_ARB_transform_feedback_instanced"),
            hasClearBuffer: number >= 43 || has("GL_ARB_clear_buffer_object"))
    }

    /// Throws unless the context can run the engine: OpenGL 3.3 core with transform feedback 2
    /// (core in 4.0).
    func requireEngineFeatures() throws {
        if versionNumber < 33 { throw GLError.versionTooOld(found: version, required: "3.3 core") }
        if !hasTransformFeedback2 {
            throw GLError.missingFeature("glDrawTransformFeedback (GL 4.0 or GL_ARB_transform_feedback2)")
        }
    }
}
