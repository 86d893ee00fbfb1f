import CEpoxy
import Plume

/// Runs the GLSL hash over inputs `(seed, key.lo, key.hi, draw)` and returns, per input,
/// `(mix(seed), hash(seed, key, draw), child(key, seed as cell index, draw as serial))` — the
/// GPU side of the published test vectors.
enum HashProbe {
    static func run(_ inputs: [SIMD4<UInt32>], in context: GLContext) throws -> [SIMD4<UInt32>] {
        let program = try context.programs.program(HashVectorsUniforms.self)
        let bytes = inputs.count * 16
        let source = try context.makeBuffer(bytes: bytes)
        let target = try context.makeBuffer(bytes: bytes)
        let vertexArray = context.makeVertexArray()
        defer {
            context.delete(vertexArray)
            context.delete(source)
            context.delete(target)
        }
        context.upload(inputs, to: source)
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), source.name)
        plume_glBindVertexArray(vertexArray.name)
        plume_glEnableVertexAttribArray(0)
        plume_glVertexAttribIPointer(0, 4, GLenum(GL_UNSIGNED_INT), 16, nil)
        program.use()
        context.bind(context.passFramebuffer)
        plume_glEnable(GLenum(GL_RASTERIZER_DISCARD))
        plume_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, target.name)
        plume_glBeginTransformFeedback(GLenum(GL_POINTS))
        plume_glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(inputs.count))
        plume_glEndTransformFeedback()
        plume_glDisable(GLenum(GL_RASTERIZER_DISCARD))
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        plume_glBindVertexArray(0)
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        plume_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
        var words = [UInt32](repeating: 0, count: inputs.count * 4)
        context.download(target, bytes: bytes, into: &words)
        try context.check("running the hash probe", pass: "hash probe")
        return (0..<inputs.count).map { SIMD4(words[4 * $0], words[4 * $0 + 1], words[4 * $0 + 2], words[4 * $0 + 3]) }
    }
}
