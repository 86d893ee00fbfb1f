import CEpoxy
import Foundation
import Plume

/// The GPU implementation of Semantics §3–§8: particle state lives in GPU buffers and
/// transform-feedback shaders advance it; the host does O(number of cells) work per update and
/// reads nothing back in ``advance(to:)``.
///
/// Per update and per cell: the host finds the top-level births on the emission grid (exactly as
/// the reference does), a *birth* pass samples them on the layer's shape, a *spawn* pass per
/// sub-cell lets every parent emit its children at their exact times (any depth, no CPU work per
/// particle), and an *update* pass advances every particle and drops the dead. Capacity grows
/// with rates and lifetimes without losing live particles. ``snapshot()`` is the only readback.
///
/// Use it with its context current (see ``GLContext/withCurrent(_:)``). Every entry point checks
/// that first (``GLContext/ensureCurrent(_:)``): without it, or with another context current, it
/// throws ``GLError/contextNotCurrent(_:)`` and changes nothing, and works again once the context is
/// current. An update that fails half-way (a GL error) makes the next one rebuild the state from
/// the layer's history, so nothing stays broken. Releasing (or dropping the last reference) is safe
/// on any thread: without the context current its GL objects are deleted at the context's next
/// use (deferred deletion, counted in ``GLContext/objects`` until then). Calls from several
/// threads are serialised by a lock; only the thread where the context is current gets past the
/// check. After ``release()`` every call throws ``GLError/released(_:)``. Hence `Sendable`: it
/// may be handed to, used from or released on any thread (see the Concurrency article).
public final class GPUSimulator: ParticleSimulator, @unchecked Sendable {
    /// The layer simulated; read at every ``advance(to:)`` (edits and animations apply then).
    public let layer: EmitterLayer
    /// The context the simulator's buffers and programs belong to.
    public let context: GLContext
    /// The capacities and the layer's budget (see `ParticleSimulator.limits`); set under the
    /// simulator's lock, so any thread may change it.
    public var limits: SimulationLimits {
        get { lock.withLock { storedLimits } }
        set { lock.withLock { storedLimits = newValue; planner.limits = newValue } }
    }
    var storedLimits: SimulationLimits
    /// What the last updates found wrong with the layer's values (each reported once, with its
    /// key path), as `ParticleSimulator.diagnostics`.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Host time of the last `advance`.
    public var hostTime: Double? { planner.hostTime }
    /// Layer local time of the last `advance`; nil before the first one and while the layer is
    /// inactive.
    public var layerTime: Double? { planner.layerTime }

    var resolved: ResolvedLayer
    var roots: [GPUNode] = []
    let ledger = QueryLedger()
    /// Host-known counts: births over capacity at the top level (by cell key path) and births
    /// skipped by catch-up.
    var hostDropped: [String: UInt64] = [:]
    var skipped: UInt64 = 0
    /// The path this update's top-level births are placed along (Semantics §9), if the emitter moved.
    var emitterPath: EmitterPath?
    /// The update decisions both simulators share.
    private var planner: UpdatePlanner
    var released = false
    /// The behaviour table of the cell whose motion behaviours a pass integrates (texture unit 3).
    lazy var motionTable = BehaviorTable(context: context)
    /// The previous update's table where a closed-form motion changed (texture unit 4).
    lazy var previousMotionTable = BehaviorTable(context: context)
    /// Serialises the entry points (a simulator used from two threads).
    let lock = NSLock()
    /// The events the host listens to (Semantics §15), from the next ``advance(to:)`` on; read
    /// with ``takeEventReports(wait:)`` (about one update later: the GPU is not waited for).
    public var eventSubscriptions: [ParticleEventSubscription] {
        get { lock.withLock { storedSubscriptions } }
        set { lock.withLock { storedSubscriptions = newValue } }
    }
    var storedSubscriptions: [ParticleEventSubscription] = []
    /// This update's event captures, one per subscription, and those not read back yet.
    var updateEvents: [EventCapture] = []
    var pendingEvents: [EventCapture] = []
    /// Reports already read back (the oldest, when too many captures waited).
    var readEvents: [ParticleEventReport] = []

    /// Whether the update pass's geometry stage reads the records through a buffer texture
    /// (program `updateFetch`) where a cell's buffers fit one (`GL_MAX_TEXTURE_BUFFER_SIZE`
    /// texels); false: always as vertex attributes handed on by the vertex stage (program
    /// `update`). Default true. Both give the same records, bit for bit; the texture read is
    /// faster on Mesa llvmpipe (the Benchmarks article), and the switch lets a benchmark compare them
    /// or a driver where it is slower opt out.
    public var readsRecordsThroughTexture = true
    /// Texels a buffer texture may hold for that choice and for the behaviour tables; nil: the
    /// driver's limit (tests lower it).
    var textureBufferLimit: Int?

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
    /// The layer local time the current update advances the records to, ticks: the clock of the
    /// update passes' motion tables (``MotionHeaderEntry/gridClock``).
    var updateEnd: Int64 = 0
    /// Counts of the last `advance`.
    public internal(set) var lastUpdate = UpdateStatistics()
    /// How the last `advance` stepped each grid cell's records (by key path): the grid steps its
    /// update compiled (0: the plain update, which crosses no grid point), or nil where it looped
    /// over each record's steps (for tests).
    var lastGridSteps: [String: Int?] = [:]
    /// Birth slots the spawn passes of the last `advance` offered (parents bound × slots per
    /// parent): the work of sub-cell emission, at most about twice the capacity per sub-cell
    /// whatever the rates (it grows with the particles, unlike ``lastUpdate``).
    public internal(set) var lastSpawnSlots = 0
    /// Bytes of particle data read back since creation (by `snapshot()`).
    public internal(set) var totalBytesReadBack = 0

    /// Creates a simulator of `layer` in `context` (which must be current).
    public init(layer: EmitterLayer, context: GLContext, limits: SimulationLimits = .default) throws {
        self.layer = layer
        self.context = context
        self.storedLimits = limits
        self.planner = UpdatePlanner(limits: limits)
        self.resolved = ResolvedLayer(layer)
        try context.ensureCurrent("GPUSimulator.init")
        // Compile the common variants now, so a broken driver fails here with its log.
        _ = try context.programs.program(UpdateUniforms.self)
        _ = try context.programs.program(UpdateFetchUniforms.self)
        _ = try context.programs.program(BirthUniforms.self)
    }

    deinit { release() }

    /// Deletes every GL object this simulator made (the context's shared programs stay).
    /// Called by `deinit`; call it yourself to choose when. Safe on any thread: without the
    /// context current, the deletions wait for its next use.
    public func release() {
        lock.lock()
        defer { lock.unlock() }
        guard !released else { return }
        released = true
        dropEvents()
        roots.forEach { $0.release(context) }
        roots = []
        ledger.release(context)
        motionTable.release()
        previousMotionTable.release()
    }

    /// Drops every particle and all history (`ParticleSimulator.reset()`); the particle buffers
    /// are deleted and the compiled programs kept. Needs the context current.
    public func reset() throws {
        lock.lock()
        defer { lock.unlock() }
        if released { throw GLError.released("GPUSimulator.reset") }
        try context.ensureCurrent("GPUSimulator.reset")
        dropEvents()
        roots.forEach { $0.release(context) }
        roots = []
        ledger.reset()
        planner = UpdatePlanner(limits: storedLimits)
        resolved = ResolvedLayer(layer)
        diagnostics = []
        hostDropped = [:]
        skipped = 0
        emitterPath = nil
        lastUpdate = UpdateStatistics()
        lastGridSteps = [:]
        lastSpawnSlots = 0
        updateIndex = 0
    }

    /// Advances the simulation to `hostTime` (seconds on the host's clock, as
    /// `ParticleSimulator.advance(to:)`): births, spawns and the update run on the GPU; nothing is
    /// read back.
    /// - Throws: ``GLError/contextNotCurrent(_:)`` without the context current,
    ///   ``GLError/released(_:)`` after ``release()``, or a driver error.
    public func advance(to hostTime: TimeInterval) throws {
        lock.lock()
        defer { lock.unlock() }
        if released { throw GLError.released("GPUSimulator.advance") }
        try context.ensureCurrent("GPUSimulator.advance")
        do {
            try update(to: hostTime)
        } catch {
            // Part of the state may have moved on: the next update rebuilds it from history.
            planner.invalidate()
            throw error
        }
    }

    private func update(to hostTime: TimeInterval) throws {
        // A non-finite host time changes nothing at all: not even the layer is read (Semantics §11).
        let update = planner.plan(layer, hostTime: hostTime)
        guard let resolved = update.resolved else {
            diagnostics.noteIgnored(hostTime: hostTime)
            return
        }
        try checkLimits(resolved.cells)
        self.resolved = resolved
        diagnostics = update.diagnostics
        lastUpdate = UpdateStatistics()
        lastGridSteps = [:]
        lastSpawnSlots = 0
        updateIndex += 1
        switch update.step {
        case .ignored:
            return
        case .inactive:
            roots.forEach { $0.clear(origin: .min) }
        case let .advance(t0, t1, path):
            try context.withTransformFeedbackPasses("a simulation update") {
                try reconcile(&roots, with: resolved.cells, origin: Ticks.from(t0))
                emitterPath = path
                beginEvents(layerTime: t1, tick: Ticks.from(t1))
                try step(from: Ticks.from(t0), to: Ticks.from(t1))
                try endEvents()
            }
        case let .rebuild(t1):
            try context.withTransformFeedbackPasses("a simulation update") {
                emitterPath = nil
                roots.forEach { $0.clear(origin: .min) }
                ledger.reset()
                hostDropped = [:]
                skipped = 0
                try reconcile(&roots, with: resolved.cells, origin: .min)
                beginEvents(layerTime: t1, tick: Ticks.from(t1))
                try step(from: .min, to: Ticks.from(t1))
                try endEvents()
            }
        }
        planner.finish(update)
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
    private func reconcile(_ nodes: inout [GPUNode], with cells: [ResolvedCell], origin: Int64, child: Bool = false) throws {
        if nodes.count > cells.count {
            nodes[cells.count...].forEach { $0.release(context) }
            nodes.removeLast(nodes.count - cells.count)
        }
        while nodes.count < cells.count {
            nodes.append(try GPUNode(context: context, subCells: cells[nodes.count].children.count, child: child,
                                     capacity: min(Self.initialCapacity, cells[nodes.count].capacity), origin: origin))
        }
        for (node, cell) in zip(nodes, cells) {
            if node.subCells != cell.children.count {
                try resize(node, capacity: node.input.capacity, subCells: cell.children.count)
            }
            try reconcile(&node.children, with: cell.children, origin: origin, child: true)
        }
    }
}
