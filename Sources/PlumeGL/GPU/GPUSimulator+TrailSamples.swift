import CEpoxy
import Plume

/// A cell's trail samples (Semantics §10 "Trails"): ``stride`` RGBA32UI texels a record (its
/// ``slots`` in whole captured vertices of `TRAIL_SAMPLE_VECS`), `(x, y, z bits, k)` for sample `k`
/// in slot `k mod slots`, in the order of the records an update wrote beside them. The target of
/// the trail samples pass and, through its buffer texture, what the next pass and the trail draws
/// read.
final class TrailSampleBuffer {
    let buffer: GLBuffer
    let feedback: GLTransformFeedback
    let texture: GLTexture
    /// Records it holds samples for.
    let capacity: Int
    /// Samples a record keeps (``Trail/slots``).
    let slots: Int
    /// Texels a record: ``slots`` rounded up to whole captured vertices.
    var stride: Int { Self.stride(slots: slots) }
    /// Bytes of one sample.
    static let sampleBytes = 16

    static func stride(slots: Int) -> Int {
        let k = ShaderConstant.TRAIL_SAMPLE_VECS
        return (slots + k - 1) / k * k
    }

    init(context: GLContext, capacity: Int, slots: Int) throws {
        self.capacity = capacity
        self.slots = slots
        buffer = try context.makeBuffer(bytes: capacity * Self.stride(slots: slots) * Self.sampleBytes)
        feedback = context.makeTransformFeedback(capturingInto: buffer)
        texture = context.makeBufferTexture(over: buffer, format: .rgba32ui)
        do {
            try context.check("creating trail samples for \(capacity) records", pass: "trail samples")
        } catch {
            release(context)
            throw error
        }
    }

    /// A ping-pong pair (`GPUNode.samples`); nothing is left allocated when the second fails.
    static func pair(context: GLContext, capacity: Int, slots: Int) throws -> [TrailSampleBuffer] {
        let first = try TrailSampleBuffer(context: context, capacity: capacity, slots: slots)
        do {
            return [first, try TrailSampleBuffer(context: context, capacity: capacity, slots: slots)]
        } catch {
            first.release(context)
            throw error
        }
    }

    func release(_ context: GLContext) {
        context.delete(texture)
        context.delete(feedback)
        context.delete(buffer)
    }
}

/// The trail samples pass: beside the update of a cell with a trail, the samples each record it
/// keeps holds after the update (`Shaders/trail_samples.geom`), recorded on the GPU, never read back
/// but by a snapshot.
extension GPUSimulator {
    /// Runs after `node`'s update pass, before its buffers swap: over the same sources with the
    /// same update, into `node.samples[1 − current]`, carrying `node.samples[current]`.
    ///
    /// - Throws: ``GLError/limitExceeded(_:)`` where the cell's samples would not fit one buffer
    ///   texture of the driver (its records × ``TrailSampleBuffer/stride`` texels), before the pass.
    func trailSamplesPass(_ node: GPUNode, cell: ResolvedCell, trail: Trail, t0: Int64, t1: Int64) throws {
        let texels = node.output.capacity * TrailSampleBuffer.stride(slots: trail.slots)
        let limit = textureBufferLimit ?? context.info.maxTextureBufferSize
        if texels > limit {
            throw GLError.limitExceeded("\(cell.keyPath)'s trail samples: \(node.output.capacity) particles × "
                                        + "\(TrailSampleBuffer.stride(slots: trail.slots)) texels, the driver's buffer textures hold "
                                        + "\(limit) (fewer trailPointCount, or a smaller maxParticlesPerCell)")
        }
        var restart = node.trailGrid != trail.grid
        if node.samples.count != 2 || node.samples[0].slots != trail.slots || node.samples[0].capacity < node.output.capacity {
            node.releaseSamples(context)
            node.samples = try TrailSampleBuffer.pair(context: context, capacity: node.output.capacity, slots: trail.slots)
            restart = true
        }
        context.bindBufferTexture(node.samples[node.current].texture, unit: 6)
        let u: any TrailSamplesProgramUniforms
        if Self.motionBehaviors(node, cell) != nil {
            let (features, forces) = motionUpdateVariant(node, cell, steady: Self.motionIsSteady(node, cell), from: t0, to: t1)
            let p = try context.programs.program(TrailSamplesMotionUniforms.self, sub: node.subCells, child: node.isChild,
                                                 features: features, forces: forces)
            p.use()
            try setMotionUpdate(p.uniforms, node: node, cell: cell)
            u = p.uniforms
        } else {
            let p = try context.programs.program(TrailSamplesUniforms.self, sub: node.subCells, child: node.isChild)
            p.use()
            setUpdate(p.uniforms, node: node, cell: cell)
            p.uniforms.acc.set(cell.acceleration)
            u = p.uniforms
        }
        u.trailCount.set(Int32(trail.count))
        u.trailSpacing.set(Int32(trail.spacing))
        u.trailRestart.set(restart)
        u.samples.set(TextureUnit(index: 6))
        lastUpdate.passes += 1
        context.capturingPoints(into: node.samples[1 - node.current].feedback) {
            for (source, ticks, isFresh) in sources(of: node, from: t0, to: t1) {
                u.dt.set(ticks)
                u.fresh.set(isFresh)
                draw(from: source)
            }
        }
    }

    /// Moves `node`'s trail samples to buffers for `capacity` records as ``resize(_:capacity:subCells:cell:)``
    /// moves its records (in order, the newest beyond a smaller capacity dropped).
    func resizeSamples(_ node: GPUNode, capacity: Int) throws {
        guard node.samples.count == 2 else { return }
        let old = node.samples[node.current]
        let moved = try TrailSampleBuffer.pair(context: context, capacity: capacity, slots: old.slots)
        context.copy(old.buffer, to: moved[0].buffer, bytes: min(old.capacity, capacity) * old.stride * TrailSampleBuffer.sampleBytes)
        node.releaseSamples(context)
        node.samples = moved
    }

    /// The trail samples of `node`'s first `count` live records, by record (for the snapshot): none
    /// where its samples were not recorded on `grid`.
    func trailSamples(of node: GPUNode, count: Int, grid: TrailGrid) throws -> [TrailSamples] {
        let slots = grid.count + 1
        guard node.trailGrid == grid, node.samples.count == 2, node.samples[0].slots == slots else {
            return Array(repeating: TrailSamples(slots: slots), count: count)
        }
        let stride = TrailSampleBuffer.stride(slots: slots)
        var words = [UInt32](repeating: 0, count: count * stride * 4)
        context.download(node.samples[node.current].buffer, bytes: words.count * 4, into: &words)
        try context.check("reading the trail samples of \(count) particles back", pass: "snapshot")
        totalBytesReadBack += words.count * 4
        return (0..<count).map { i in
            var samples = TrailSamples(slots: slots)
            for j in 0..<slots {
                let w = (i * stride + j) * 4
                let k = words[w + 3]
                guard k != .max, Int(k) % slots == j else { continue }
                samples.store(Int64(k), SIMD3(Double(Float(bitPattern: words[w])), Double(Float(bitPattern: words[w + 1])),
                                               Double(Float(bitPattern: words[w + 2]))))
            }
            return samples
        }
    }
}

/// What every program that advances a pass's sources takes per source (`GPUSimulator.sources`):
/// the ticks its records advance and whether they are this update's births.
protocol UpdateSourceUniforms {
    var dt: Uniform<Int32> { get }
    var fresh: Uniform<Bool> { get }
}

/// What both trail samples programs take beside their update's uniforms.
protocol TrailSamplesProgramUniforms: UpdateSourceUniforms {
    var trailCount: Uniform<Int32> { get }
    var trailSpacing: Uniform<Int32> { get }
    var trailRestart: Uniform<Bool> { get }
    var samples: Uniform<TextureUnit> { get }
}
extension TrailSamplesUniforms: TrailSamplesProgramUniforms {}
extension TrailSamplesMotionUniforms: TrailSamplesProgramUniforms {}

/// The trail samples programs advance no sub-cell clock (their update only decides who survives and
/// where the motion went; `Shaders/plume_update.glsl`).
extension TrailSamplesUniforms { var clock: [ClockParamsUniforms] { [] } }
extension TrailSamplesMotionUniforms { var clock: [ClockParamsUniforms] { [] } }
