/// One update of the reference simulator: existing particles first (emitting their sub-cells at
/// exact times), then the top-level births, each new particle advanced from its birth time to the
/// end of the update, then the dead removed. Times are layer ticks (``Ticks``); `t0` is
/// `Int64.min` when the update rebuilds from all history.
extension ReferenceSimulator {
    func step(from t0: Int64, to t1: Int64) {
        for (node, cell) in zip(roots, resolved.cells) {
            node.walk(cell) { node, cell in
                // A smaller share of the layer's budget (more cells): the newest particles beyond it
                // go first (SimulationLimits.maxParticles).
                if node.particles.count > cell.capacity {
                    let excess = node.particles.count - cell.capacity
                    node.particles.removeLast(excess)
                    counters.dropped &+= UInt64(excess)
                    drops[cell.keyPath, default: 0] += Double(excess)
                }
                if node.trailGrid != cell.trail?.grid {
                    // a new grid (or a new trail): every recording starts again
                    let empty = cell.trail.map { TrailSamples(slots: $0.slots) } ?? .none
                    for i in node.particles.indices { node.particles[i].trail = empty }
                    node.trailGrid = cell.trail?.grid
                }
                node.existing = node.particles.count
                node.considered = 0
                node.aliveAtEnd = node.particles.reduce(0) { $0 + ($1.isAlive(at: t1) ? 1 : 0) }
            }
        }
        for (node, cell) in zip(roots, resolved.cells) {
            node.walk(cell) { node, cell in
                for i in 0..<node.existing {
                    advance(&node.particles[i], in: node, cell: cell, from: t0, to: t1, fresh: false)
                }
            }
        }
        for (index, (node, cell)) in zip(roots, resolved.cells).enumerated() {
            let births = node.clock.advance(to: t1, step: cell.step, window: cell.windowTicks,
                                            maxLifetime: cell.maxLifetimeTicks)
            create(births, cellIndex: index, in: node, cell: cell, parent: nil, until: t1)
            // Then the bursts' cycles, in time order (Semantics §13), under the same capacity rule.
            let firings = node.bursts.advance(to: t1, bursts: cell.bursts, window: cell.windowTicks,
                                              maxLifetime: cell.reachTicks, cellIndex: index, seed: resolved.seed)
            counters.skipped &+= firings.skipped
            for cycle in firings.births {
                create(cycle, cellIndex: index, in: node, cell: cell, parent: nil, until: t1)
            }
        }
        for (node, cell) in zip(roots, resolved.cells) {
            node.walk(cell) { node, cell in
                if !events.isEmpty {
                    for p in node.particles where !p.isAlive(at: t1) { noteDeath(p, cell: cell) }
                }
                let before = node.particles.count
                node.particles.removeAll { !$0.isAlive(at: t1) }
                counters.died += UInt64(before - node.particles.count)
            }
        }
    }

    /// Advances one particle from `ta` to `tb` (ticks), emitting its sub-cells on the way. A particle
    /// that dies on the way stops emitting at its death (it is removed at the end of the update).
    /// `fresh`: the particle is born in this update, at `ta` (its birth events fire, Semantics §14).
    private func advance(_ p: inout ReferenceParticle, in node: ReferenceNode, cell: ResolvedCell,
                         from ta: Int64, to tb: Int64, fresh: Bool) {
        if p.subClocks.count != cell.children.count {
            let age = max(ta, p.birthTick) - p.birthTick
            if p.subClocks.count > cell.children.count { p.subClocks.removeLast(p.subClocks.count - cell.children.count) }
            while p.subClocks.count < cell.children.count { p.subClocks.append(EmissionClock(origin: age)) }
        }
        // Collisions (Semantics §12, §14): the contacts of the update's span, found from the
        // anchor before it moves, where something needs them (ResolvedCell.countsContacts, or a
        // host subscription); a kill ends the particle at its hit.
        let counts = cell.countsContacts
        let contacts = counts || events.wants(.collision, cellPath: cell.path)
            ? collisions(of: p, cell: cell, from: ta, to: tb, fresh: fresh) : Collisions.Contacts()
        if counts, let kill = contacts.kill { p.kill = kill }
        if !cell.children.isEmpty {
            for (j, sub) in cell.children.enumerated() {
                // ages saturate at 2³¹ − 1 ticks, as the GPU's 32-bit ones (the parent is long dead then)
                let births = p.subClocks[j].advance(to: min(tb - p.birthTick, Ticks.maxAge), step: sub.step,
                                                    window: sub.clockWindowTicks,
                                                    deadline: p.endTicks, maxLifetime: sub.maxLifetimeTicks)
                create(births, cellIndex: j, in: node.children[j], cell: sub,
                       parent: (p, cell, ta), until: tb)
                if sub.event == .collision {
                    fireCollisions(contacts.events, of: p, sub: sub, index: j, in: node.children[j], cell: cell,
                                   from: ta, to: tb)
                } else if sub.event != .life, let age = eventAge(of: p, sub: sub, from: ta, to: tb, fresh: fresh) {
                    let killed = sub.event == .death ? p.kill.map { contactState($0, of: p, cell: cell) } : nil
                    create(.burst(tick: age, firstSerial: 1, count: UInt64(sub.eventCount)), cellIndex: j,
                           in: node.children[j], cell: sub, parent: (p, cell, ta), until: tb, at: killed)
                }
            }
        }
        if !events.isEmpty {
            for hit in contacts.events.prefix(Collisions.maxReports) {
                events.note(.collision, cellPath: cell.path) {
                    let (position, velocity) = contactState(hit, of: p, cell: cell)
                    return ParticleEvent(identity: ParticleIdentity(cellPath: cell.path, serial: p.serial, parent: p.parent),
                                         time: Ticks.time(p.birthTick + hit.tick), position: position, velocity: velocity,
                                         collider: hit.collider)
                }
            }
        }
        if counts { p.contacts &+= UInt32(truncatingIfNeeded: contacts.events.count) }
        // A particle that dies before tb moves only to its death (it is removed at the end of the
        // update): a long jump costs what the survivors cost, not the jump's length in grid steps.
        let end = min(tb, p.birthTick + p.endTicks)
        if let trail = cell.trail {
            // the trail samples reached in the update, from the state before it moves (§10 "Trails")
            let q = p, now = Ticks.time(max(ta, p.birthTick)), seed = resolved.seed
            trail.record(&p.trail, after: fresh ? -1 : max(ta, p.birthTick) - p.birthTick, through: end - p.birthTick) { age in
                q.motion(at: Ticks.time(q.birthTick + age), now: now, cell: cell, seed: seed).0
            }
        }
        p.move(to: Ticks.time(end), now: Ticks.time(max(ta, p.birthTick)), cell: cell, seed: resolved.seed)
    }

    /// The contacts of `p`'s grid motion in the update from `ta` to `tb` (Semantics §12
    /// "Collisions"): ages in `(age0, age1]`, from −1 for a particle born in it (its birth tick).
    private func collisions(of p: ReferenceParticle, cell: ResolvedCell, from ta: Int64, to tb: Int64,
                            fresh: Bool) -> Collisions.Contacts {
        let b = cell.behaviors
        guard !b.colliders.isEmpty, b.motion == .grid else { return Collisions.Contacts() }
        let particle = BehaviorParticle(behaviors: b, lifetime: p.lifetime, seed: resolved.seed, key: p.key,
                                        birthTick: p.birthTick)
        let age0 = max(ta, p.birthTick) - p.birthTick
        return Collisions.contacts(p.anchor, after: fresh ? -1 : age0, through: min(tb - p.birthTick, Ticks.maxAge),
                                   lifetime: p.lifetimeTicks, acceleration: cell.acceleration, behaviors: b,
                                   particle: particle)
    }

    /// Where a hit puts the particle for its events: the hit point, and the velocity arriving
    /// with the speed curve's factor (as every reported velocity).
    private func contactState(_ hit: CollisionHit, of p: ReferenceParticle, cell: ResolvedCell)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>) {
        (hit.position, hit.velocity * (cell.behaviors.velocity?.value(at: hit.age / p.lifetime) ?? 1))
    }

    /// The births of collision sub-cell `sub` (the `index`-th of `p`'s cell) at `p`'s collision
    /// events of this update: `eventCount` at each, at its tick and point, serials counting the
    /// parent's events (`contacts · eventCount + 1 …`), inside the sub-cell's window.
    private func fireCollisions(_ hits: [CollisionHit], of p: ReferenceParticle, sub: ResolvedCell, index j: Int,
                                in node: ReferenceNode, cell: ResolvedCell, from ta: Int64, to tb: Int64) {
        guard sub.eventCount > 0 else { return }
        let count = UInt32(truncatingIfNeeded: sub.eventCount)
        for (k, hit) in hits.enumerated() {
            let window = sub.clockWindowTicks
            guard hit.tick >= window.start && hit.tick < window.end else { continue }
            let first = (p.contacts &+ UInt32(truncatingIfNeeded: k)) &* count &+ 1
            create(.burst(tick: hit.tick, firstSerial: first, count: UInt64(sub.eventCount)), cellIndex: j,
                   in: node, cell: sub, parent: (p, cell, ta), until: tb, at: contactState(hit, of: p, cell: cell))
        }
    }

    /// Notes the death of `p` for the event subscriptions (Semantics §15): it has moved to its death.
    /// A particle killed by a collider dies at the hit point.
    private func noteDeath(_ p: ReferenceParticle, cell: ResolvedCell) {
        events.note(.death, cellPath: cell.path) {
            let (position, velocity) = p.kill.map { contactState($0, of: p, cell: cell) } ?? (p.position, p.velocity)
            return ParticleEvent(identity: ParticleIdentity(cellPath: cell.path, serial: p.serial, parent: p.parent),
                                 time: Ticks.time(p.birthTick + p.endTicks), position: position, velocity: velocity)
        }
    }

    /// The parent age (ticks) at which event sub-cell `sub` fires for `p` in the update from `ta` to
    /// `tb` (Semantics §14): 0 for a birth event of a particle born in it, the lifetime for a death in
    /// `(ta, tb]` (the tick of a `kill` collider's hit when one ends it first); nil when none fires
    /// (also outside the sub-cell's window; collisions fire through `fireCollisions`).
    private func eventAge(of p: ReferenceParticle, sub: ResolvedCell, from ta: Int64, to tb: Int64, fresh: Bool) -> Int64? {
        guard sub.eventCount > 0 else { return nil }
        let age: Int64
        switch sub.event {
        case .life, .collision: return nil
        case .birth:
            guard fresh else { return nil }
            age = 0
        case .death:
            let death = p.birthTick + p.endTicks
            guard death > max(ta, p.birthTick), death <= tb, p.endTicks <= Ticks.maxAge else { return nil }
            age = p.endTicks
        }
        let window = sub.clockWindowTicks
        return age >= window.start && age < window.end ? age : nil
    }

    /// Creates the births of one clock, oldest first, each advanced from its birth time to `t1`.
    ///
    /// Capacity (Semantics §3): an update considers at most the cell's capacity (its share of the
    /// layer's budget, ``ResolvedCell/capacity``) of births of a clock and twice it over all its parents (so the work of an update is
    /// bounded by the capacity whatever the rates), and a birth that would be alive at the end of
    /// the update when the cell already holds that many live particles is not created; all count
    /// as dropped. Births that die within the update take no room (the GPU path applies the same
    /// rule: it keeps the first records written).
    /// - Parameter parent: the emitting particle with its cell and the time its state is at;
    ///   nil for top-level births.
    /// - Parameter contact: the parent's position and velocity at the births where a collision
    ///   gives them (its hit), instead of its motion's.
    private func create(_ births: EmissionClock.Births, cellIndex: Int, in node: ReferenceNode, cell: ResolvedCell,
                        parent: (particle: ReferenceParticle, cell: ResolvedCell, time: Int64)?, until t1: Int64,
                        at contact: (position: SIMD3<Double>, velocity: SIMD3<Double>)? = nil) {
        counters.skipped &+= births.skipped
        guard births.count > 0 else { return }
        let limit = cell.capacity
        let budget = max(0, 2 * max(limit, 1) - node.considered)
        let n = Int(min(births.count, UInt64(limit), UInt64(budget)))
        node.considered += n
        func drop(_ count: UInt64) {
            counters.dropped &+= count
            drops[cell.keyPath, default: 0] += Double(count)
        }
        if births.count > UInt64(n) { drop(births.count - UInt64(n)) }
        let parentKey = parent?.particle.key ?? .root
        for i in 0..<n {
            let serial = births.serial(i)
            let key = ParticleKey.child(of: parentKey, cellIndex: UInt32(cellIndex), serial: serial)
            var birthTick = births.tick(UInt64(i))
            var inherited: ParentState?
            if let (p, pcell, pt) = parent {
                birthTick += p.birthTick   // the clock runs in the parent's age
                let birthTime = Ticks.time(birthTick)
                let age = p.age(at: birthTime)
                let (position, velocity) = contact ?? p.motion(at: birthTime, now: Ticks.time(max(pt, p.birthTick)),
                                                               cell: pcell, seed: resolved.seed)
                inherited = ParentState(position: position, velocity: velocity,
                                        scale: p.scale0 + p.scaleSpeed * age,
                                        color: p.color0 + pcell.colorSpeed * age)
            }
            var layer = resolved
            if parent == nil, let path = emitterPath {
                layer.position = path.position(atTick: birthTick, end: t1, to: resolved.position)
                layer.emitterVelocity = path.velocity(to: resolved.position)
            }
            guard let b = BirthSampler.sample(cell: cell, layer: layer, key: key, parent: inherited) else {
                continue
            }
            let aliveAtEnd = t1 - birthTick < b.lifetimeTicks
            if aliveAtEnd && node.aliveAtEnd >= limit {
                drop(1)
                continue
            }
            counters.born += 1
            if !events.isEmpty {
                events.note(.birth, cellPath: cell.path) {
                    ParticleEvent(identity: ParticleIdentity(cellPath: cell.path, serial: serial, parent: parentKey),
                                  time: Ticks.time(birthTick), position: b.position, velocity: b.velocity)
                }
            }
            var child = ReferenceParticle(
                key: key, parent: parentKey, serial: serial, birthTick: birthTick, lifetimeTicks: b.lifetimeTicks,
                position: b.position, velocity: b.velocity, scale0: b.scale, scaleSpeed: b.scaleSpeed,
                angle0: b.angle, spin: b.spin, color0: b.color,
                subClocks: Array(repeating: EmissionClock(origin: 0), count: cell.children.count),
                anchor: MotionAnchor(age: 0, position: b.position, velocity: b.velocity))
            advance(&child, in: node, cell: cell, from: birthTick, to: t1, fresh: true)
            if child.isAlive(at: t1) {
                node.particles.append(child)
                node.aliveAtEnd += 1
            } else {
                counters.died += 1
                if !events.isEmpty { noteDeath(child, cell: cell) }
            }
        }
    }
}
