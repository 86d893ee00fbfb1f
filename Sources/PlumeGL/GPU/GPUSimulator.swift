import CEpoxy
import Foundation
import Plume

/// The GPU implementation of SPEC §3–§8: particle state lives in GPU buffers and
/// transform-feedback shaders advance it; the host does O(number of cells) work per update and
/// reads nothing back in ``advance(to:)``.
///
/// Per update and per cell: the host finds the top-level births on the emission grid (exactly as
/// the reference does), a *birth* pass samples them on the layer's shape, a *spawn* pass per
/// sub-cell lets every parent emit its children at their exact times (any depth, no CPU work per
/// particle), and an *update* pass advances every particle and drops the dead. Capacity grows
/// with rates and lifetimes without losing live particles. ``snapshot()`` is the only readback.
///
/// Use it, and release it, with its context current (see ``GLContext/withCurrent(_:)``).
public final class GPUSimulator: ParticleSimulator {
    public let layer: EmitterLayer
    public let context: GLContext
    public let limits: SimulationLimits
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var hostTime: Double?
    public private(set) var layerTime: Double?

    var resolved: ResolvedLayer
    var roots: [GPUNode] = []
    let ledger = QueryLedger()
    /// Host-known counts: births over capacity at the top level (by cell key path) and births
    /// skipped by catch-up.
    var hostDropped: [String: UInt64] = [:]
    var skipped: UInt64 = 0
    /// The emitter's presented position at the last update, whether an animation moved it, and
    /// the path this update's births are placed along (as in the reference).
    var emitterPosition: SIMD3<Double>?
    var emitterAnimated = false
    var emitterPath: EmitterPath?
    /// Host time of the first update: when a layer with `beginTime` 0 starts (SPEC §8).
    public private(set) var startHostTime: Double?
    /// Which of the layer's key-value failures were already reported.
    var keyValueReports = KeyValueReportCursor()
    var released = false

    /// Records a node starts with; buffers grow as the live bound requires.
    static let initialCapacity = 256

    /// What the last `advance` asked of the GPU: it depends on the cells, never on the particles.
    public struct UpdateStatistics: Hashable, Sendable {
        /// Transform-feedback passes (birth, spawn, update, copy).
        public var passes = 0
        /// Draw calls issued by those passes.
        public var draws = 0
    }
    /// Updates since creation (numbers the entries of the live bounds).
    var updateIndex = 0
    /// Counts of the last `advance`.
    public internal(set) var lastUpdate = UpdateStatistics()
    /// Bytes of particle data read back since creation (by `snapshot()`).
    public internal(set) var totalBytesReadBack = 0

    /// Creates a simulator of `layer` in `context` (which must be current).
    public init(layer: EmitterLayer, context: GLContext, limits: SimulationLimits = .default) throws {
        self.layer = layer
        self.context = context
        self.limits = limits
        self.resolved = ResolvedLayer(layer)
        // Compile the common variants now, so a broken driver fails here with its log.
        _ = try context.programs.program(ProgramKey(kind: .update, sub: 0, csub: 0))
        _ = try context.programs.program(ProgramKey(kind: .birth, sub: 0, csub: 0))
    }

    deinit { release() }

    /// Deletes every GL object this simulator made (the context's shared programs stay).
    /// Called by `deinit`; call it yourself to choose when (the context must be current).
    public func release() {
        guard !released else { return }
        released = true
        roots.forEach { $0.release(context) }
        roots = []
        ledger.release(context)
    }

    public func advance(to hostTime: TimeInterval) throws {
        precondition(!released, "GPUSimulator used after release()")
        layer.layoutIfNeeded()
        let presented = layer.presented(at: hostTime)
        resolved = ResolvedLayer(presented.layer)
        diagnostics = resolved.diagnostics + presented.diagnostics + keyValueReports.newDiagnostics(of: layer)
        guard hostTime.isFinite else {
            diagnostics.append(Diagnostic(keyPath: "hostTime", value: "\(hostTime)", rule: "must be finite", effect: .ignored))
            return
        }
        // SPEC §8 "When a layer starts": the first update is the moment a layer starts.
        let startHostTime = self.startHostTime ?? hostTime
        self.startHostTime = startHostTime
        resolved.start(atHostTime: startHostTime)
        try checkLimits(resolved.cells)
        lastUpdate = UpdateStatistics()
        updateIndex += 1
        self.hostTime = hostTime
        guard let t1 = resolved.localTime(hostTime: hostTime) else {
            roots.forEach { $0.clear(origin: -.infinity) }
            layerTime = nil
            return
        }
        let movesEmitter = !presented.animated.isDisjoint(with: EmitterLayer.emitterPositionKeyPaths)
        try withPassState {
            if let t0 = layerTime, t1 >= t0 {
                try reconcile(&roots, with: resolved.cells, origin: t0)
                emitterPath = movesEmitter && emitterAnimated && t1 > t0
                    ? EmitterPath(from: emitterPosition ?? resolved.position, start: t0, end: t1) : nil
                try step(from: t0, to: t1)
            } else {
                emitterPath = nil
                roots.forEach { $0.clear(origin: -.infinity) }
                ledger.reset()
                hostDropped = [:]
                skipped = 0
                try reconcile(&roots, with: resolved.cells, origin: -.infinity)
                try step(from: -.infinity, to: t1)
            }
        }
        layerTime = t1
        emitterPosition = resolved.position
        emitterAnimated = movesEmitter
        ledger.collect(wait: false)
    }

    /// The GPU can give a cell at most `ParticleRecord.maxSubCells` sub-cells.
    private func checkLimits(_ cells: [ResolvedCell]) throws {
        for cell in cells {
            if cell.children.count > ParticleRecord.maxSubCells {
                throw GLError.limitExceeded("\(cell.keyPath) has \(cell.children.count) sub-cells; "
                                            + "the GPU simulator supports \(ParticleRecord.maxSubCells) per cell")
            }
            try checkLimits(cell.children)
        }
    }

    /// Matches nodes to cells by index; a node whose cell changed its number of sub-cells has its
    /// records converted to the new layout.
    private func reconcile(_ nodes: inout [GPUNode], with cells: [ResolvedCell], origin: Double) throws {
        if nodes.count > cells.count {
            nodes[cells.count...].forEach { $0.release(context) }
            nodes.removeLast(nodes.count - cells.count)
        }
        while nodes.count < cells.count {
            nodes.append(try GPUNode(context: context, subCells: cells[nodes.count].children.count,
                                     capacity: min(Self.initialCapacity, limits.maxParticlesPerCell), origin: origin))
        }
        for (node, cell) in zip(nodes, cells) {
            if node.subCells != cell.children.count {
                try resize(node, capacity: node.input.capacity, subCells: cell.children.count)
            }
            try reconcile(&node.children, with: cell.children, origin: origin)
        }
    }

    /// Runs `body` with the state the passes need, restoring the host's GL state afterwards.
    private func withPassState(_ body: () throws -> Void) throws {
        var framebuffer: GLint = 0, program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0
        var feedback: GLint = 0
        plume_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &framebuffer)
        plume_glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        plume_glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &vertexArray)
        plume_glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &arrayBuffer)
        plume_glGetIntegerv(GLenum(GL_TRANSFORM_FEEDBACK_BINDING), &feedback)
        let discard = plume_glIsEnabled(GLenum(GL_RASTERIZER_DISCARD)) != 0
        plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), context.passFramebuffer)
        plume_glEnable(GLenum(GL_RASTERIZER_DISCARD))
        defer {
            if !discard { plume_glDisable(GLenum(GL_RASTERIZER_DISCARD)) }
            plume_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(framebuffer))
            plume_glUseProgram(GLuint(program))
            plume_glBindVertexArray(GLuint(vertexArray))
            plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
            plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), GLuint(feedback))
        }
        try body()
        try context.check("a simulation pass")
    }
}
