/// One update of the reference simulator: existing particles first (emitting their sub-cells at
/// exact times), then the top-level births, each new particle advanced from its birth time to the
/// end of the update, then the dead removed.
extension ReferenceSimulator {
    func step(from t0: Double, to t1: Double) {
        for (node, cell) in zip(roots, resolved.cells) {
            node.walk(cell) { node, _ in
                node.existing = node.particles.count
                node.considered = 0
                node.aliveAtEnd = node.particles.reduce(0) { $0 + ($1.age(at: t1) < $1.lifetime ? 1 : 0) }
            }
        }
        for (node, cell) in zip(roots, resolved.cells) {
            node.walk(cell) { node, cell in
                for i in 0..<node.existing {
                    advance(&node.particles[i], in: node, cell: cell, from: t0, to: t1)
                }
            }
        }
        for (index, (node, cell)) in zip(roots, resolved.cells).enumerated() {
            let births = node.clock.advance(to: t1, rate: cell.rate, window: cell.window,
                                            maxLifetime: cell.maxLifetime)
            create(births, cellIndex: index, in: node, cell: cell, parent: nil, until: t1)
        }
        for (node, cell) in zip(roots, resolved.cells) {
            node.walk(cell) { node, _ in
                let before = node.particles.count
                node.particles.removeAll { $0.age(at: t1) >= $0.lifetime }
                counters.died += UInt64(before - node.particles.count)
            }
        }
    }

    /// Advances one particle from `ta` to `tb`, emitting its sub-cells on the way. A particle
    /// that dies on the way stops emitting at its death (it is removed at the end of the update).
    private func advance(_ p: inout ReferenceParticle, in node: ReferenceNode, cell: ResolvedCell,
                         from ta: Double, to tb: Double) {
        if p.subClocks.count != cell.children.count {
            let age = p.age(at: ta)
            if p.subClocks.count > cell.children.count { p.subClocks.removeLast(p.subClocks.count - cell.children.count) }
            while p.subClocks.count < cell.children.count { p.subClocks.append(EmissionClock(origin: age)) }
        }
        if !cell.children.isEmpty {
            for (j, sub) in cell.children.enumerated() {
                let births = p.subClocks[j].advance(to: p.age(at: tb), rate: sub.rate, window: sub.window,
                                                    deadline: p.lifetime, maxLifetime: sub.maxLifetime)
                create(births, cellIndex: j, in: node.children[j], cell: sub,
                       parent: (p, cell, ta), until: tb)
            }
        }
        p.move(to: tb, now: ta, cell: cell, seed: resolved.seed)
    }

    /// Creates the births of one clock, oldest first, each advanced from its birth time to `t1`.
    ///
    /// Capacity (Semantics §3): an update considers at most `maxParticlesPerCell` births of a clock and
    /// `2 × maxParticlesPerCell` births of a cell over all its parents (so the work of an update is
    /// bounded by the capacity whatever the rates), and a birth that would be alive at the end of
    /// the update when the cell already holds that many live particles is not created; all count
    /// as dropped. Births that die within the update take no room (the GPU path applies the same
    /// rule: it keeps the first records written).
    /// - Parameter parent: the emitting particle with its cell and the time its state is at;
    ///   nil for top-level births.
    private func create(_ births: EmissionClock.Births, cellIndex: Int, in node: ReferenceNode, cell: ResolvedCell,
                        parent: (particle: ReferenceParticle, cell: ResolvedCell, time: Double)?, until t1: Double) {
        counters.skipped &+= UInt64(clamping: births.skipped)
        guard births.count > 0 else { return }
        let limit = limits.maxParticlesPerCell
        let budget = max(0, 2 * max(limit, 1) - node.considered)
        let n = Int(min(births.count, Double(limit), Double(budget)))
        node.considered += n
        func drop(_ count: Double) {
            counters.dropped &+= UInt64(clamping: count)
            drops[cell.keyPath, default: 0] += count
        }
        if births.count > Double(n) { drop(births.count - Double(n)) }
        let parentKey = parent?.particle.key ?? .root
        for i in 0..<n {
            let serial = births.serial(i)
            let key = ParticleKey.child(of: parentKey, cellIndex: UInt32(cellIndex), serial: serial)
            var birthTime = births.time(i)
            var inherited: ParentState?
            if let (p, pcell, pt) = parent {
                birthTime = min(birthTime + p.birthTime, t1)   // the clock runs in the parent's age
                let age = p.age(at: birthTime)
                let (position, velocity) = p.motion(at: birthTime, now: pt, cell: pcell, seed: resolved.seed)
                inherited = ParentState(position: position, velocity: velocity,
                                        scale: p.scale0 + p.scaleSpeed * age,
                                        color: p.color0 + pcell.colorSpeed * age)
            }
            var layer = resolved
            if parent == nil, let path = emitterPath {
                layer.position = path.position(at: birthTime, to: resolved.position)
                layer.emitterVelocity = path.velocity(to: resolved.position)
            }
            guard let b = BirthSampler.sample(cell: cell, layer: layer, key: key, parent: inherited) else {
                continue
            }
            let aliveAtEnd = t1 - birthTime < b.lifetime
            if aliveAtEnd && node.aliveAtEnd >= limit {
                drop(1)
                continue
            }
            counters.born += 1
            var child = ReferenceParticle(
                key: key, parent: parentKey, serial: serial, birthTime: birthTime, lifetime: b.lifetime,
                position: b.position, velocity: b.velocity, scale0: b.scale, scaleSpeed: b.scaleSpeed,
                angle0: b.angle, spin: b.spin, color0: b.color,
                subClocks: Array(repeating: EmissionClock(origin: 0), count: cell.children.count),
                anchor: MotionAnchor(age: 0, position: b.position, velocity: b.velocity))
            advance(&child, in: node, cell: cell, from: birthTime, to: t1)
            if child.age(at: t1) < child.lifetime {
                node.particles.append(child)
                node.aliveAtEnd += 1
            } else {
                counters.died += 1
            }
        }
    }
}
