import CEpoxy
import PlumeGL

/// The GL state `ParticleRenderer` promises to leave as it found it (its documented contract),
/// plus what it promises not to touch (framebuffer, viewport, scissor), read with glGet.
struct GLStateProbe: Equatable {
    var values: [String: [Int32]] = [:]

    static func read() -> GLStateProbe {
        var probe = GLStateProbe()
        func get(_ name: String, _ state: GLIntegerState) { probe.values[name] = GL.integers(state) }
        func enabled(_ name: String, _ capability: GLCapability) { probe.values[name] = [GL.isEnabled(capability) ? 1 : 0] }
        get("program", .currentProgram)
        get("vertex array", .vertexArrayBinding)
        get("array buffer", .arrayBufferBinding)
        get("active texture", .activeTexture)
        get("transform feedback", .transformFeedbackBinding)
        get("pixel unpack buffer", .pixelUnpackBufferBinding)
        get("copy read buffer", .copyReadBufferBinding)
        get("copy write buffer", .copyWriteBufferBinding)
        get("unpack alignment", .unpackAlignment)
        get("unpack row length", .unpackRowLength)
        get("blend src rgb", .blendSrcRGB)
        get("blend dst rgb", .blendDstRGB)
        get("blend src alpha", .blendSrcAlpha)
        get("blend dst alpha", .blendDstAlpha)
        get("blend equation rgb", .blendEquationRGB)
        get("blend equation alpha", .blendEquationAlpha)
        get("framebuffer", .framebufferBinding)
        get("viewport", .viewport)
        get("scissor box", .scissorBox)
        enabled("blend", .blend)
        enabled("depth test", .depthTest)
        enabled("cull face", .cullFace)
        enabled("rasterizer discard", .rasterizerDiscard)
        enabled("scissor test", .scissorTest)
        let active = GL.activeTextureUnit
        for unit in Int32(0)..<3 {
            GL.activeTexture(unit: unit)
            get("texture 2D of unit \(unit)", .texture2DBinding)
            get("buffer texture of unit \(unit)", .bufferTextureBinding)
        }
        GL.activeTexture(unit: active)
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
        GL.enable(.blend)
        GL.blendFunc(.srcAlpha, .oneMinusSrcAlpha, .one, .zero)
        GL.activeTexture(unit: 2)
        let before = GLStateProbe.read()
        try renderer.draw(simulator, viewProjection: projection)
        let after = GLStateProbe.read()
        GL.activeTexture(unit: 0)
        state.glStateChecks += 1
        for difference in before.differences(to: after) where !state.glStateMismatches.contains(difference) {
            state.glStateMismatches.append(difference)
        }
    }
}
