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
            let s = try context.makeBuffer(bytes: bytes, usage: GL_STATIC_DRAW)
            made.append(s)
            let fill = (0..<n * 2).map { $0 % 2 == 0 ? Float.infinity.bitPattern : UInt32.max }
            context.upload(fill, to: s)
            madeTextures = made.prefix(2).map { context.makeBufferTexture(over: $0, format: GL_RG32UI) }
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
    func sort(_ records: RecordBuffer, order: EmitterRenderMode, acceleration: SIMD3<Double>) throws
        -> (texture: GLTexture, count: Int) {
        try reserve(records.capacity)
        context.copy(sentinel!, to: entries[0], bytes: capacity * 8)
        plume_glEnable(GLenum(GL_RASTERIZER_DISCARD))
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), feedback.name)

        let keys = try context.programs.program(SortKeysUniforms.self)
        keys.use()
        keys.uniforms.dt.set(0)
        keys.uniforms.acc.set(acceleration)
        keys.uniforms.order.set(order.contractOrdinal)
        plume_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, entries[0].name)
        plume_glBeginTransformFeedback(GLenum(GL_POINTS))
        plume_glBindVertexArray(records.vertexArray.name)
        plume_glDrawTransformFeedback(GLenum(GL_POINTS), records.feedback.name)
        plume_glEndTransformFeedback()

        let step = try context.programs.program(SortStepUniforms.self)
        step.use()
        step.uniforms.entries.set(TextureUnit(index: 1))
        plume_glBindVertexArray(context.emptyVertexArray.name)
        plume_glActiveTexture(GLenum(GL_TEXTURE1))
        var source = 0
        var k = 2
        while k <= capacity {
            var j = k / 2
            while j >= 1 {
                plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), textures[source].name)
                plume_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, entries[1 - source].name)
                step.uniforms.k.set(k)
                step.uniforms.j.set(j)
                plume_glBeginTransformFeedback(GLenum(GL_POINTS))
                plume_glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(capacity))
                plume_glEndTransformFeedback()
                source = 1 - source
                j /= 2
            }
            k *= 2
        }
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), 0)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        plume_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), 0)
        plume_glDisable(GLenum(GL_RASTERIZER_DISCARD))
        try context.check("ordering particles")
        return (textures[source], capacity)
    }
}
