import CEpoxy
import Foundation

/// Measures what the driver itself can do, for benchmarks that report the engine's throughput as
/// a fraction of it: a transform-feedback pass copying records of the engine's size, nothing else.
@_spi(Benchmarks) public enum TransformFeedbackCeiling {
    /// The pipeline a ceiling copy runs through.
    public enum Stages: String, Sendable, CaseIterable {
        /// A vertex stage that writes its input (`copy_trivial.vert`): the driver's floor for
        /// moving a record, but it cannot drop one.
        case vertexOnly
        /// A vertex stage handing the record to a geometry stage that emits it unchanged
        /// (`record.vert` + `copy_pass.geom`): the floor for any pass that can drop records,
        /// such as the update pass, which culls the dead.
        case geometryPassThrough
        /// A geometry stage that fetches the record from a buffer texture itself.
        case geometryFetch
    }

    /// What a measurement's seconds are.
    public enum Clock: Sendable {
        /// Elapsed time (the default).
        case wall
        /// CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`): on llvmpipe, which runs
        /// transform feedback on the calling thread, the work itself, and far less disturbed by
        /// other processes on a loaded machine than elapsed time.
        case processCPU

        /// The current reading in nanoseconds.
        public func now() -> UInt64 {
            switch self {
            case .wall: return DispatchTime.now().uptimeNanoseconds
            case .processCPU:
                var t = timespec()
                clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
                return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
            }
        }
    }

    /// Bytes of one record of a cell with `subCells` sub-cells (what a pass reads and captures per
    /// particle); `child`: of a sub-cell (whose records hold what the parent handed on).
    public static func recordBytes(subCells: Int, child: Bool = false) -> Int {
        ParticleRecord.bytes(subCells: subCells, child: child)
    }

    /// A record layout (sub-cells, sub-cell or not) whose records are `bytes` bytes, the fewest
    /// sub-cells first; nil when none is: for copying records of a size the engine no longer
    /// uses (the 96-byte record of the 64-bit path is a top-level cell's with three sub-cells now).
    public static func layout(bytes: Int) -> (subCells: Int, child: Bool)? {
        for s in 0...ParticleRecord.maxSubCells {
            for child in [false, true] where ParticleRecord.bytes(subCells: s, child: child) == bytes { return (s, child) }
        }
        return nil
    }

    /// Records copied per second by a bare transform-feedback pass over `records` records of the
    /// layout of a cell with `subCells` sub-cells (a sub-cell's where `child`) through `stages`
    /// (the median of `repeats` passes, each fenced with `glFinish`, timed by `clock`). The
    /// context must be current.
    public static func copyRate(context: GLContext, records: Int, subCells: Int = 0, child: Bool = false,
                                stages: Stages = .vertexOnly, repeats: Int = 9, clock: Clock = .wall) throws -> Double {
        try context.ensureCurrent("TransformFeedbackCeiling.copyRate")
        let program = switch stages {
        case .vertexOnly: try context.programs.program(TrivialCopyUniforms.self, sub: subCells, child: child).program
        case .geometryPassThrough: try context.programs.program(PassCopyUniforms.self, sub: subCells, child: child).program
        case .geometryFetch: try context.programs.program(FetchCopyUniforms.self, sub: subCells, child: child).program
        }
        let textures = stages == .geometryFetch ? [context.makeTexture(), context.makeTexture()] : []
        defer { textures.forEach { context.delete($0) } }
        let a = try RecordBuffer(context: context, capacity: records, subCells: subCells, child: child)
        let b = try RecordBuffer(context: context, capacity: records, subCells: subCells, child: child)
        defer {
            a.release(context)
            b.release(context)
        }
        GL.useProgram(program.name)
        context.bind(context.passFramebuffer)
        GL.enable(.rasterizerDiscard)
        defer {
            GL.disable(.rasterizerDiscard)
            GL.bindFramebuffer(.both, 0)
            GL.bindTransformFeedback(0)
            GL.bindVertexArray(0)
        }
        // Fill `a` with `records` records (contents do not matter to a copy).
        GL.bindTransformFeedback(a.feedback.name)
        GL.beginTransformFeedback(.points)
        GL.bindVertexArray(context.emptyVertexArray.name)      // never read the buffer being written
        GL.drawArrays(.points, count: records)
        GL.endTransformFeedback()
        var times: [Double] = []
        var source = a, target = b
        for _ in 0..<(repeats + 2) {
            GL.finish()
            let start = clock.now()
            GL.bindTransformFeedback(target.feedback.name)
            GL.beginTransformFeedback(.points)
            if stages == .geometryFetch {
                GL.bindTexture(.buffer, textures[0].name)
                GL.texBuffer(.rgba32ui, source.buffer.name)
            }
            GL.bindVertexArray(source.vertexArray.name)
            GL.drawTransformFeedback(.points, source.feedback.name)
            GL.endTransformFeedback()
            GL.finish()
            times.append(Double(clock.now() - start) / 1e9)
            swap(&source, &target)
        }
        try context.check("the transform-feedback ceiling pass", pass: "ceiling measurement")
        let timed = times.dropFirst(2).sorted()
        return Double(records) / timed[timed.count / 2]
    }
}
