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
        GL.bindBuffer(.array, source.name)
        GL.bindVertexArray(vertexArray.name)
        GL.vertexAttribute(0, components: 4, integer: true, stride: 16)
        program.use()
        context.bind(context.passFramebuffer)
        GL.enable(.rasterizerDiscard)
        GL.bindBufferBase(.transformFeedback, target.name)
        GL.beginTransformFeedback(.points)
        GL.drawArrays(.points, count: inputs.count)
        GL.endTransformFeedback()
        GL.disable(.rasterizerDiscard)
        GL.bindFramebuffer(.both, 0)
        GL.bindVertexArray(0)
        GL.bindBuffer(.array, 0)
        GL.bindBufferBase(.transformFeedback, 0)
        var words = [UInt32](repeating: 0, count: inputs.count * 4)
        context.download(target, bytes: bytes, into: &words)
        try context.check("running the hash probe", pass: "hash probe")
        return (0..<inputs.count).map { SIMD4(words[4 * $0], words[4 * $0 + 1], words[4 * $0 + 2], words[4 * $0 + 3]) }
    }
}
