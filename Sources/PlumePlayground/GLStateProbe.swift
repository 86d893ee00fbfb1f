import CEpoxy
import PlumeGL

/// The GL state `ParticleRenderer` promises to leave as it found it (its documented contract),
/// plus what it promises not to touch (framebuffer, viewport, scissor), read with glGet.
struct GLStateProbe: Equatable {
    var values: [String: [Int32]] = [:]

    static func read() -> GLStateProbe {
        var probe = GLStateProbe()
        func get(_ name: String, _ e: Int32, count: Int = 1) {
            var v = [GLint](repeating: 0, count: count)
            plume_glGetIntegerv(GLenum(e), &v)
            probe.values[name] = v
        }
        func enabled(_ name: String, _ e: Int32) { probe.values[name] = [plume_glIsEnabled(GLenum(e)) != 0 ? 1 : 0] }
        get("program", GL_CURRENT_PROGRAM)
        get("vertex array", GL_VERTEX_ARRAY_BINDING)
        get("array buffer", GL_ARRAY_BUFFER_BINDING)
        get("active texture", GL_ACTIVE_TEXTURE)
        get("transform feedback", GL_TRANSFORM_FEEDBACK_BINDING)
        get("pixel unpack buffer", GL_PIXEL_UNPACK_BUFFER_BINDING)
        get("copy read buffer", GL_COPY_READ_BUFFER_BINDING)
        get("copy write buffer", GL_COPY_WRITE_BUFFER_BINDING)
        get("unpack alignment", GL_UNPACK_ALIGNMENT)
        get("unpack row length", GL_UNPACK_ROW_LENGTH)
        get("blend src rgb", GL_BLEND_SRC_RGB)
        get("blend dst rgb", GL_BLEND_DST_RGB)
        get("blend src alpha", GL_BLEND_SRC_ALPHA)
        get("blend dst alpha", GL_BLEND_DST_ALPHA)
        get("blend equation rgb", GL_BLEND_EQUATION_RGB)
        get("blend equation alpha", GL_BLEND_EQUATION_ALPHA)
        get("framebuffer", GL_FRAMEBUFFER_BINDING)
        get("viewport", GL_VIEWPORT, count: 4)
        get("scissor box", GL_SCISSOR_BOX, count: 4)
        enabled("blend", GL_BLEND)
        enabled("depth test", GL_DEPTH_TEST)
        enabled("cull face", GL_CULL_FACE)
        enabled("rasterizer discard", GL_RASTERIZER_DISCARD)
        enabled("scissor test", GL_SCISSOR_TEST)
        var active: GLint = 0
        plume_glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        for unit in 0..<3 {
            plume_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
            get("texture 2D of unit \(unit)", GL_TEXTURE_BINDING_2D)
            get("buffer texture of unit \(unit)", GL_TEXTURE_BINDING_BUFFER)
        }
        plume_glActiveTexture(GLenum(active))
        return probe
    }

    /// The entries that differ, "name: before → after".
    func differences(to other: GLStateProbe) -> [String] {
        values.keys.sorted().compactMap { key in
            values[key] == other.values[key] ? nil : "\(key): \(values[key] ?? []) → \(other.values[key] ?? [])"
        }
    }
}

extension Playground {
    /// Draws the particles between two reads of the GL state, after the host set state of its own
    /// (blending for its UI, texture unit 2 active), and records what was not restored. ImGui
    /// draws in the same frame, before (the previous frame's state) and after.
    func checkedDraw(_ projection: Matrix4) throws {
        plume_glEnable(GLenum(GL_BLEND))
        plume_glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ZERO))
        plume_glActiveTexture(GLenum(GL_TEXTURE2))
        let before = GLStateProbe.read()
        try renderer.draw(simulator, viewProjection: projection)
        let after = GLStateProbe.read()
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        state.glStateChecks += 1
        for difference in before.differences(to: after) where !state.glStateMismatches.contains(difference) {
            state.glStateMismatches.append(difference)
        }
    }
}
