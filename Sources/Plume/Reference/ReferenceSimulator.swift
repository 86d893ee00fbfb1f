import Foundation

/// The CPU reference implementation of SPEC §3–§8: the definition the GPU path is tested against.
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
public final class ReferenceSimulator: ParticleSimulator {
    public let layer: EmitterLayer
    public let limits: SimulationLimits
    public private(set) var diagnostics: [Diagnostic] = []
    /// Running totals since creation or the last rebuild (seek, or the layer becoming active).
    public internal(set) var counters = ParticleCounters()
    /// Host time of the last `advance`.
    public private(set) var hostTime: Double?
    /// Layer local time of the last `advance`; nil before the first one and while the layer is
    /// inactive.
    public private(set) var layerTime: Double?

    var roots: [ReferenceNode] = []
    var resolved: ResolvedLayer
    /// Cells that dropped births in the current update, with how many.
    var drops: [String: Double] = [:]
    /// The emitter's presented position at the last update, whether an animation moved it, and
    /// the path this update's births are placed along.
    var emitterPosition: SIMD3<Double>?
    var emitterAnimated = false
    var emitterPath: EmitterPath?
    /// Host time of the first update: when a layer with `beginTime` 0 starts (SPEC §8).
    public private(set) var startHostTime: Double?
    /// Which of the layer's key-value failures were already reported.
    var keyValueReports = KeyValueReportCursor()

    /// Creates a simulator of `layer`. Nothing happens until the first ``advance(to:)``.
    public init(layer: EmitterLayer, limits: SimulationLimits = .default) {
        self.layer = layer
        self.limits = limits
        self.resolved = ResolvedLayer(layer)
    }

    /// The number of live particles.
    public var particleCount: Int {
        var n = 0
        for (node, cell) in zip(roots, resolved.cells) { node.walk(cell) { node, _ in n += node.particles.count } }
        return n
    }

    public func advance(to hostTime: TimeInterval) throws {
        layer.layoutIfNeeded()
        let presented = layer.presented(at: hostTime)
        resolved = ResolvedLayer(presented.layer)
        diagnostics = resolved.diagnostics + presented.diagnostics + keyValueReports.newDiagnostics(of: layer)
        guard hostTime.isFinite else {
            diagnostics.append(Diagnostic(keyPath: "hostTime", value: "\(hostTime)", rule: "must be finite",
                                          effect: .ignored))
            return
        }
        // SPEC §8 "When a layer starts": the first update is the moment a layer starts.
        let startHostTime = self.startHostTime ?? hostTime
        self.startHostTime = startHostTime
        resolved.start(atHostTime: startHostTime)
        self.hostTime = hostTime
        guard let t1 = resolved.localTime(hostTime: hostTime) else {
            // Outside its active period (and not filled) the layer shows nothing.
            roots = []
            layerTime = nil
            return
        }
        drops = [:]
        let movesEmitter = !presented.animated.isDisjoint(with: EmitterLayer.emitterPositionKeyPaths)
        if let t0 = layerTime, t1 >= t0 {
            ReferenceNode.reconcile(&roots, with: resolved.cells, origin: t0)
            // An emitter animated at both ends of the update places its births along its path
            // (SPEC §9); where an animation starts or ends, the emitter jumps, as in Core Animation.
            emitterPath = movesEmitter && emitterAnimated && t1 > t0
                ? EmitterPath(from: emitterPosition ?? resolved.position, start: t0, end: t1) : nil
            step(from: t0, to: t1)
        } else {
            emitterPath = nil
            // First update, a seek backwards, or the layer becoming active: rebuild from the births
            // of all history (the catch-up rule keeps only those that can still be alive).
            roots = []
            counters = ParticleCounters()
            ReferenceNode.reconcile(&roots, with: resolved.cells, origin: -.infinity)
            step(from: -.infinity, to: t1)
        }
        layerTime = t1
        emitterPosition = resolved.position
        emitterAnimated = movesEmitter
        for (keyPath, count) in drops.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(Diagnostic(
                keyPath: keyPath, value: "\(Int(count)) births",
                rule: "the cell reached its capacity of \(limits.maxParticlesPerCell) live particles",
                effect: .birthsDropped))
        }
    }

    public func snapshot() throws -> ParticleSnapshot {
        var particles: [SnapshotParticle] = []
        if let t = layerTime {
            for (node, cell) in zip(roots, resolved.cells) {
                node.walk(cell) { node, cell in
                    var list = node.particles.map { p -> SnapshotParticle in
                        let age = p.age(at: t)
                        return SnapshotParticle(
                            identity: ParticleIdentity(cellPath: cell.path, serial: p.serial, parent: p.parent),
                            cellName: cell.name, birthTime: p.birthTime, age: age, lifetime: p.lifetime,
                            position: p.position, velocity: p.velocity,
                            scale: p.scale0 + p.scaleSpeed * age, angle: p.angle0 + p.spin * age,
                            color: p.color0 + cell.colorSpeed * age)
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
