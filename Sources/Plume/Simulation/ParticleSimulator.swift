import Foundation

/// What every simulator of an ``EmitterLayer`` offers, so tests can swap the CPU reference for
/// the GPU implementation and compare them particle by particle.
///
/// The host drives time: call ``advance(to:)`` with your own clock (seconds, any origin, the
/// same origin as the layer's `beginTime`), then draw or take a ``snapshot()``. Nothing inside
/// reads a wall clock. The first `advance` is the moment the layer starts: a layer whose
/// `beginTime` is 0 starts then, empty, whatever the host clock reads (Semantics §8).
public protocol ParticleSimulator: AnyObject {
    /// The layer being simulated; edits to it and its cells apply at the next `advance`.
    var layer: EmitterLayer { get }

    /// Advances the simulation to host time `hostTime`.
    ///
    /// Time may jump by any amount: emission, motion and sub-cells are computed at the exact
    /// sub-frame birth times, so the result does not depend on the step sizes. A time earlier
    /// than the previous one (in layer time) rebuilds the state at that time (a seek).
    /// - Throws: only for failures of the machinery itself (for the GPU simulator, GL errors);
    ///   bad property values never throw, they are reported in ``diagnostics``.
    func advance(to hostTime: TimeInterval) throws

    /// Every live particle at the last advanced time, in the documented order
    /// (see ``ParticleSnapshot``). The GPU simulator reads its buffers back here and only here.
    func snapshot() throws -> ParticleSnapshot

    /// Problems found in the layer's values at the last advance, and capacity overflows.
    var diagnostics: [Diagnostic] { get }

    /// The capacities and the layer's particle budget. A change applies at the next `advance`:
    /// a larger budget lets more births in, a smaller one drops the newest live particles beyond
    /// it, counted as dropped (``ParticleScene`` shares its budget among its layers this way).
    var limits: SimulationLimits { get set }

    /// Restarts the simulation: every particle, counter, diagnostic and remembered time is
    /// dropped, and the next ``advance(to:)`` behaves exactly as the first one of a new simulator
    /// of the same layer (it is the moment a layer whose `beginTime` is 0 starts). Cheaper than
    /// making a new simulator: the GPU one keeps its compiled programs.
    ///
    /// ```swift
    /// if player.respawned { try simulator.reset() }   // the level starts over, empty
    /// try simulator.advance(to: now)
    /// ```
    /// - Throws: what the simulator's entry points throw when it cannot run (for the GPU
    ///   simulator: its context not current, or released).
    func reset() throws

    /// The events the host listens to (Semantics §15 "Events to the game"): per subscription, each
    /// update reports how many of its cell's particles were born or died and a bounded sample, with
    /// no snapshot readback. Applies from the next ``advance(to:)``.
    var eventSubscriptions: [ParticleEventSubscription] { get set }

    /// The reports finished since the last call, oldest first. The reference finishes an update's
    /// reports in the update (latency 0); the GPU simulator reads them back when its queries have
    /// finished, without waiting, normally at the next update (latency about one update), unless
    /// `wait` is true (then it waits for the GPU, as a snapshot does).
    func takeEventReports(wait: Bool) throws -> [ParticleEventReport]
}

/// Capacity limits of a simulator (Semantics §3): nothing is dropped silently.
///
/// The budget is in particles; the memory it stands for is, per live particle, the GPU
/// simulator's record twice (its buffers are double: 48 bytes for a top-level cell without
/// sub-cells, 80 for a sub-cell's, +12 per sub-cell, `Shaders/plume.contract`) plus room for one
/// update's births, and about 200 bytes in the CPU reference. So the default layer budget of 2²⁰
/// particles is at most about 100 MB of GPU memory for plain cells, and a game that wants more
/// raises it:
///
/// ```swift
/// let simulator = try GPUSimulator(layer: layer, context: context,
///                                  limits: SimulationLimits(maxParticlesPerCell: 1 << 22, maxParticles: 1 << 23))
/// ```
public struct SimulationLimits: Hashable, Sendable {
    /// The most live particles one cell (one node of the cell tree, all its parents together)
    /// may hold. When a birth would exceed it, the newest births of the update are not created,
    /// ``ParticleCounters/dropped`` counts them and a ``Diagnostic`` reports it.
    /// Default 1,048,576 (2²⁰).
    public var maxParticlesPerCell: Int
    /// The most live particles the whole layer may hold, all cells together: each node of the
    /// cell tree gets an equal share as its capacity, `min(maxParticlesPerCell, maxParticles ÷
    /// nodes)` (``capacity(nodes:)``), enforced as ``maxParticlesPerCell`` is and identically on
    /// both simulators. Default 1,048,576 (2²⁰), or `maxParticlesPerCell` where that is larger (a
    /// host that raises one cell's capacity gets it).
    public var maxParticles: Int

    /// The defaults.
    public static let `default` = SimulationLimits(maxParticlesPerCell: 1 << 20)

    /// Limits of `maxParticlesPerCell` per cell (negative values read as 0) and `maxParticles`
    /// for the layer (default 2²⁰, or `maxParticlesPerCell` where that is larger).
    public init(maxParticlesPerCell: Int, maxParticles: Int? = nil) {
        self.maxParticlesPerCell = max(0, maxParticlesPerCell)
        self.maxParticles = max(0, maxParticles ?? max(1 << 20, maxParticlesPerCell))
    }

    /// The capacity of each node of a layer whose cell tree has `nodes` nodes (cells and
    /// sub-cells at every depth).
    public func capacity(nodes: Int) -> Int {
        min(maxParticlesPerCell, maxParticles / max(nodes, 1))
    }
}
