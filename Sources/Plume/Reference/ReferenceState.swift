/// One live particle of the reference simulator, at the time last advanced to.
struct ReferenceParticle {
    var key: ParticleKey
    var parent: ParticleKey
    var serial: UInt32
    /// Layer local time of birth, ticks (``Ticks``).
    var birthTick: Int64
    /// Ticks, > 0.
    var lifetimeTicks: Int64
    var position: SIMD3<Double>
    var velocity: SIMD3<Double>
    var scale0: Double
    var scaleSpeed: Double
    var angle0: Double
    var spin: Double
    var color0: SIMD4<Double>
    /// One emission clock per sub-cell, in the particle's age (ticks).
    var subClocks: [EmissionClock]

    /// Layer local time of birth, seconds.
    var birthTime: Double { Ticks.time(birthTick) }
    /// Seconds.
    var lifetime: Double { Ticks.time(lifetimeTicks) }
    /// Alive at layer tick `t`: `0 ≤ age < lifetime` and before a `kill` collider's hit (the age
    /// is never negative here).
    func isAlive(at t: Int64) -> Bool { t - birthTick < endTicks }
    /// The age at which it dies, ticks: its lifetime, or the tick of the hit that killed it.
    var endTicks: Int64 { kill.map { min($0.tick, lifetimeTicks) } ?? lifetimeTicks }
    /// The hit of a `kill` collider that ends it (Semantics §12 "Collisions").
    var kill: CollisionHit?
    /// Its collision events so far (a collision sub-cell's serials count them, Semantics §14).
    var contacts: UInt32 = 0

    /// Where the motion under behaviours continues from (Semantics §12); for a cell without
    /// motion behaviours, the state at the last update.
    var anchor: MotionAnchor

    /// Its recorded trail samples (Semantics §10 "Trails"); none where its cell has no trail.
    var trail = TrailSamples.none

    /// Age in seconds at layer time `t` (a tick time: the difference is exact).
    func age(at t: Double) -> Double { t - birthTime }

    /// Position and velocity at layer time `t` (not before the state's time `now`), under the
    /// cell's constant acceleration and behaviours.
    func motion(at t: Double, now: Double, cell: ResolvedCell, seed: UInt32) -> (SIMD3<Double>, SIMD3<Double>) {
        let b = cell.behaviors
        if b.motion == .ballistic {
            let dt = t - now
            let a = cell.acceleration
            return (position + velocity * dt + 0.5 * a * dt * dt, velocity + a * dt)
        }
        let particle = BehaviorParticle(behaviors: b, lifetime: lifetime, seed: seed, key: key, birthTick: birthTick)
        return BehaviorMotion.evaluate(anchor, at: age(at: t), acceleration: cell.acceleration, behaviors: b,
                                       particle: particle)
    }

    /// Advances the state from `now` to layer time `t`.
    mutating func move(to t: Double, now: Double, cell: ResolvedCell, seed: UInt32) {
        let b = cell.behaviors
        if b.motion == .ballistic {
            (position, velocity) = motion(at: t, now: now, cell: cell, seed: seed)
            anchor = MotionAnchor(age: age(at: t), position: position, velocity: velocity)
            return
        }
        let particle = BehaviorParticle(behaviors: b, lifetime: lifetime, seed: seed, key: key, birthTick: birthTick)
        anchor = BehaviorMotion.advance(anchor, to: age(at: t), acceleration: cell.acceleration, behaviors: b,
                                        particle: particle)
        (position, velocity) = BehaviorMotion.evaluate(anchor, at: age(at: t), acceleration: cell.acceleration,
                                                       behaviors: b, particle: particle)
    }
}

/// The simulation state of one node of the cell tree: its live particles (from every parent),
/// the top-level emission clock, and the state of its sub-cells by index.
final class ReferenceNode {
    var particles: [ReferenceParticle] = []
    /// Used for top-level cells only; sub-cell clocks live in their parents.
    var clock: EmissionClock
    /// Top-level cells only: how far the cell's bursts have fired (Semantics §13).
    var bursts: BurstClock
    var children: [ReferenceNode] = []
    /// Particles that existed when the current update began (those appended later are already
    /// at the update's end time).
    var existing = 0
    /// Particles that will be alive at the end of the current update (the capacity counts these).
    var aliveAtEnd = 0
    /// Births considered in the current update, over all parents (bounded by twice the capacity).
    var considered = 0
    /// The cell's trail grid at the previous update: its particles' recordings start again when
    /// it changes (Semantics §10 "Trails").
    var trailGrid: TrailGrid?

    init(origin: Int64) {
        clock = EmissionClock(origin: origin)
        bursts = BurstClock(origin: origin)
    }

    /// Matches the node tree to the cell tree by array index: indices present in both keep their
    /// state; removed indices lose theirs; new ones start empty, emitting from `origin` on.
    static func reconcile(_ nodes: inout [ReferenceNode], with cells: [ResolvedCell], origin: Int64) {
        if nodes.count > cells.count { nodes.removeLast(nodes.count - cells.count) }
        while nodes.count < cells.count { nodes.append(ReferenceNode(origin: origin)) }
        for (node, cell) in zip(nodes, cells) {
            reconcile(&node.children, with: cell.children, origin: origin)
        }
    }

    /// Calls `body` on this node and its descendants in pre-order, with the matching cell.
    func walk(_ cell: ResolvedCell, _ body: (ReferenceNode, ResolvedCell) -> Void) {
        body(self, cell)
        for (child, sub) in zip(children, cell.children) { child.walk(sub, body) }
    }
}
