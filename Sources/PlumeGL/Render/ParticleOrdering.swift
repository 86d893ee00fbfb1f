import CEpoxy
import Plume

/// Orders a cell's particles on the GPU for `oldestFirst`, `oldestLast` and `backToFront`
/// (Semantics §10), with no CPU sort and no readback: a transform-feedback pass writes one
/// (key, index) entry per live record over a buffer pre-filled with +∞ sentinels, then a bitonic
/// sorting network (log₂N·(log₂N+1)/2 compare-exchange passes over N = the buffer's capacity
/// rounded up to a power of two) sorts them.
final class ParticleOrdering {
    let context: GLContext
    /// Entries capacity (a power of two).
    private(set) var capacity = 0
    private var entries: [GLBuffer] = []
    private var textures: [GLTexture] = []
    private var sentinel: GLBuffer?
    private let feedback: GLTransformFeedback

    init(context: GLContext) {
        self.context = context
        feedback = context.makeTransformFeedback()
    }

    func release() {
        freeBuffers()
        context.delete(feedback)
    }

    private func freeBuffers() {
        entries.forEach { context.delete($0) }
        entries = []
        textures.forEach { context.delete($0) }
        textures = []
        if let s = sentinel { context.delete(s) }
        sentinel = nil
    }

    /// Makes room for `records` entries (allocating everything before replacing anything, so a
    /// failed allocation leaves the previous state intact).
    private func reserve(_ records: Int) throws {
        var n = 2
        while n < records { n *= 2 }
        guard n > capacity else { return }
        let bytes = n * 8
        var made: [GLBuffer] = []
        var madeTextures: [GLTexture] = []
        do {
            made.append(try context.makeBuffer(bytes: bytes))
            made.append(try context.makeBuffer(bytes: bytes))
            let s = try context.makeBuffer(bytes: bytes, usage: .staticDraw)
            made.append(s)
            let fill = (0..<n * 2).map { $0 % 2 == 0 ? Float.infinity.bitPattern : UInt32.max }
            context.upload(fill, to: s)
            madeTextures = made.prefix(2).map { context.makeBufferTexture(over: $0, format: .rg32ui) }
            try context.check("allocating \(n) ordering entries", pass: "ordering")
        } catch {
            made.forEach { context.delete($0) }
            madeTextures.forEach { context.delete($0) }
            throw error
        }
        freeBuffers()
        capacity = n
        entries = Array(made.prefix(2))
        sentinel = made[2]
        textures = madeTextures
    }

    /// Sorts the records of `records` (drawn as its last transform feedback wrote them) by `order`
    /// and returns the buffer texture holding the sorted entries, and how many entries to draw.
    /// The records are sorted as they are at their own time (the simulator's, where they are drawn).
    /// `motion`: the cell's motion behaviours' forces where `backToFront` must key its particles by
    /// the z the draws draw (the behaviour table bound to texture unit 3 and the births to unit
    /// 5, as the draws bind them), nil to key them by their ballistic z (a cell without any).
    func sort(_ records: RecordBuffer, order: EmitterRenderMode, acceleration: SIMD3<Double>,
              motion: MotionForces? = nil) throws -> (texture: GLTexture, count: Int) {
        try reserve(records.capacity)
        context.copy(sentinel!, to: entries[0], bytes: capacity * 8)
        GL.enable(.rasterizerDiscard)
        GL.bindTransformFeedback(feedback.name)

        let moving = order == .backToFront ? motion : nil
        let keys = try context.programs.program(SortKeysUniforms.self, child: records.child,
                                                features: moving == nil ? [] : .motion, forces: moving ?? [])
        keys.use()
        if moving != nil {
            keys.uniforms.births.set(TextureUnit(index: 5))
            keys.uniforms.behaviors.set(TextureUnit(index: 3))
        }
        keys.uniforms.acc.set(acceleration)
        keys.uniforms.order.set(order.contractOrdinal)
        GL.bindBufferBase(.transformFeedback, entries[0].name)
        GL.beginTransformFeedback(.points)
        GL.bindVertexArray(records.vertexArray.name)
        GL.drawTransformFeedback(.points, records.feedback.name)
        GL.endTransformFeedback()

        let step = try context.programs.program(SortStepUniforms.self)
        step.use()
        step.uniforms.entries.set(TextureUnit(index: 1))
        GL.bindVertexArray(context.emptyVertexArray.name)
        GL.activeTexture(unit: 1)
        var source = 0
        var k = 2
        while k <= capacity {
            var j = k / 2
            while j >= 1 {
                GL.bindTexture(.buffer, textures[source].name)
                GL.bindBufferBase(.transformFeedback, entries[1 - source].name)
                step.uniforms.k.set(k)
                step.uniforms.j.set(j)
                GL.beginTransformFeedback(.points)
                GL.drawArrays(.points, count: capacity)
                GL.endTransformFeedback()
                source = 1 - source
                j /= 2
            }
            k *= 2
        }
        GL.bindTexture(.buffer, 0)
        GL.activeTexture(unit: 0)
        GL.bindBufferBase(.transformFeedback, 0)
        GL.bindTransformFeedback(0)
        GL.disable(.rasterizerDiscard)
        try context.check("ordering particles")
        return (textures[source], capacity)
    }
}
