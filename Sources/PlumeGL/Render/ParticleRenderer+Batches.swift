import CEpoxy

/// Drawing a cell in batches (``ParticleRenderer/batchSize``).
///
/// A software rasterizer such as Mesa's llvmpipe shades vertices and bins primitives on the
/// calling thread, then rasterizes on worker threads only once the commands are flushed: one draw
/// call of 10⁵ particles keeps the workers idle while the calling thread does its part, and the
/// calling thread idle while they do theirs. Drawn in batches with a flush after each, the
/// workers rasterize one batch while the calling thread prepares the next (measured on two
/// cores: the driver's own floor loop draws 10⁵ point sprites about 15 % faster in four
/// batches). Hardware GPUs queue commands anyway, so they draw each cell in one call.
extension ParticleRenderer {
    /// The default ``batchSize`` for a driver: 16,384 particles on Mesa's software rasterizers
    /// (llvmpipe, softpipe), one call per cell elsewhere.
    public static func defaultBatchSize(renderer: String) -> Int? {
        let software = ["llvmpipe", "softpipe", "swrast"]
        return software.contains { renderer.lowercased().contains($0) } ? 16_384 : nil
    }

    /// Draws vertices `0 ..< count` as `mode` primitives from the bound vertex array, in batches
    /// of ``batchSize`` with a flush after each when the count exceeds it.
    func drawArraysInBatches(_ mode: Int32, count: Int) {
        guard let size = batchSize, size > 0, count > size else {
            plume_glDrawArrays(GLenum(mode), 0, GLsizei(count))
            return
        }
        for first in stride(from: 0, to: count, by: size) {
            plume_glDrawArrays(GLenum(mode), GLint(first), GLsizei(min(size, count - first)))
            plume_glFlush()
            lastBatchCalls += 1
        }
    }

    /// The live count of a cell's records when the host already knows it without waiting (its
    /// last pass's query has a result), else nil.
    func knownLiveCount(_ records: RecordBuffer) -> Int? {
        guard let counts = records.lastWrite, counts.resolve(wait: false), let written = counts.result?.written else {
            return nil
        }
        return Int(written)
    }
}
