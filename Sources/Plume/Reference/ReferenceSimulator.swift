import Foundation

/// The CPU reference implementation of Semantics §3–§8: the definition the GPU path is tested against.
///
/// It favours exactness over speed: state in `Double`, births at their exact sub-frame times,
/// every particle advanced in closed form between updates, so the result does not depend on the
/// frame rate (to rounding). Use it in tests, tools and for small effects.
///
/// ```swift
/// let sim = ReferenceSimulator(layer: layer)
/// for frame in 1...600 { try sim.advance(to: Double(frame) / 60) }
/// let snapshot = try sim.snapshot()
/// ```
///
/// Concurrency: `Sendable`, owned by one thread at a time (it may move between threads); two
/// threads inside ``advance(to:)`` or ``snapshot()`` at once trap with a message. Simulators of
/// one layer may run on several threads (see the Concurrency article).
public final class ReferenceSimulator: ParticleSimulator, @unchecked Sendable {
    public let layer: EmitterLayer
    public var limits: SimulationLimits { didSet { planner.limits = limits } }
    public private(set) var diagnostics: [Diagnostic] = []
    /// Running totals since creation or the last rebuild (seek, or the layer becoming active).
    public internal(set) var counters = ParticleCounters()
    /// Host time of the last `advance`.
    public var hostTime: Double? { planner.hostTime }
    /// Layer local time of the last `advance`; nil before the first one and while the layer is
    /// inactive.
    public var layerTime: Double? { planner.layerTime }

    var roots: [ReferenceNode] = []
    var resolved: ResolvedLayer
    /// Cells that dropped births in the current update, with how many.
    var drops: [String: Double] = [:]
    /// The path this update's top-level births are placed along (Semantics §9), if the emitter moved.
    var emitterPath: EmitterPath?
    /// The update decisions both simulators share.
    private var planner: UpdatePlanner
    /// The events the host listens to (Semantics §15), from the next ``advance(to:)`` on. The
    /// reference reports an update's events at once: ``takeEventReports(wait:)`` after the
    /// `advance` returns them (latency 0).
    public var eventSubscriptions: [ParticleEventSubscription] = []
    /// This update's events.
    var events = EventCollector()
    /// Reports not yet taken.
    private var eventReports: [ParticleEventReport] = []
    /// The run-time check that one thread at a time is inside the simulator.
    private let use = ExclusiveUse("ReferenceSimulator")

    /// Creates a simulator of `layer`. Nothing happens until the first ``advance(to:)``.
    public init(layer: EmitterLayer, limits: SimulationLimits = .default) {
        self.layer = layer
        self.limits = limits
        self.planner = UpdatePlanner(limits: limits)
        self.resolved = ResolvedLayer(layer)
    }

    /// The number of live particles.
    public var particleCount: Int {
        var n = 0
        for (node, cell) in zip(roots, resolved.cells) { node.walk(cell) { node, _ in n += node.particles.count } }
        return n
    }

    public func advance(to hostTime: TimeInterval) throws {
        use.begin("advance(to:)"); defer { use.end() }
        // A non-finite host time changes nothing at all: not even the layer is read (Semantics §11).
        let update = planner.plan(layer, hostTime: hostTime)
        guard let resolved = update.resolved else {
            diagnostics.noteIgnored(hostTime: hostTime)
            return
        }
        self.resolved = resolved
        diagnostics = update.diagnostics
        drops = [:]
        switch update.step {
        case .ignored:
            return
        case .inactive:
            roots = []
        case let .advance(t0, t1, path):
            ReferenceNode.reconcile(&roots, with: resolved.cells, origin: Ticks.from(t0))
            emitterPath = path
            events.begin(eventSubscriptions)
            step(from: Ticks.from(t0), to: Ticks.from(t1))
            eventReports += events.reports(layerTime: t1)
        case let .rebuild(t1):
            emitterPath = nil
            roots = []
            counters = ParticleCounters()
            ReferenceNode.reconcile(&roots, with: resolved.cells, origin: .min)
            events.begin(eventSubscriptions)
            step(from: .min, to: Ticks.from(t1))
            eventReports += events.reports(layerTime: t1)
        }
        events.begin([])
        planner.finish(update)
        for (keyPath, count) in drops.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(.capacityReached(keyPath: keyPath, births: UInt64(count), capacity: limits.capacity(nodes: resolved.nodeCount)))
        }
    }

    public func reset() {
        use.begin("reset()"); defer { use.end() }
        planner = UpdatePlanner(limits: limits)
        roots = []
        resolved = ResolvedLayer(layer)
        diagnostics = []
        counters = ParticleCounters()
        drops = [:]
        emitterPath = nil
        eventReports = []
    }

    /// The reports of the updates since the last call, oldest first, one per subscription and
    /// update (Semantics §15). The reference has them as soon as ``advance(to:)`` returns; `wait`
    /// changes nothing here.
    public func takeEventReports(wait: Bool = false) -> [ParticleEventReport] {
        use.begin("takeEventReports()"); defer { use.end() }
        defer { eventReports = [] }
        return eventReports
    }

    public func snapshot() throws -> ParticleSnapshot {
        use.begin("snapshot()"); defer { use.end() }
        var particles: [SnapshotParticle] = []
        if let layerTime {
            let t = Ticks.time(Ticks.from(layerTime))
            for (node, cell) in zip(roots, resolved.cells) {
                node.walk(cell) { node, cell in
                    var list = node.particles.map { p in
                        var s = SnapshotParticle(cell: cell, serial: p.serial, parent: p.parent, birthTime: p.birthTime,
                                                 age: p.age(at: t), lifetime: p.lifetime, position: p.position,
                                                 velocity: p.velocity, scale0: p.scale0, scaleSpeed: p.scaleSpeed,
                                                 angle0: p.angle0, spin: p.spin, color0: p.color0)
                        // (samples of another grid, before the update that restarts them: none)
                        let samples = node.trailGrid == cell.trail?.grid ? p.trail : .none
                        s.trail = cell.trail?.points(age: Ticks.from(t) - p.birthTick, head: p.position, samples: samples) ?? []
                        return s
                    }
                    list.sort { ($0.identity.parent, $0.identity.serial) < ($1.identity.parent, $1.identity.serial) }
                    particles += list
                }
            }
        }
        return ParticleSnapshot(hostTime: hostTime ?? 0, layerTime: layerTime, particles: particles,
                                counters: counters, diagnostics: diagnostics)
    }
}
