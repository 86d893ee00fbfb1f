/// One update of the reference simulator: existing particles first (emitting their sub-cells at
/// exact times), then the top-level births, each new particle advanced from its birth time to the
/// end of the update, then the dead removed.
extension ReferenceSimulator {
    func step(from t0: Double, to t1: Double) {
        for (node, cell) in zip(roots, resolved.cells) {
            node.walk(cell) { node, _ in node.existing = node.particles.count }
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
        let (position, velocity) = p.motion(after: tb - ta, acceleration: cell.acceleration)
        p.position = position
        p.velocity = velocity
    }

    /// Creates the births of one clock (oldest first, the newest dropped at capacity), each
    /// advanced from its birth time to `t1`.
    /// - Parameter parent: the emitting particle with its cell and the time its state is at;
    ///   nil for top-level births.
    private func create(_ births: EmissionClock.Births, cellIndex: Int, in node: ReferenceNode, cell: ResolvedCell,
                        parent: (particle: ReferenceParticle, cell: ResolvedCell, time: Double)?, until t1: Double) {
        counters.skipped &+= UInt64(clamping: births.skipped)
        guard births.count > 0 else { return }
        let room = max(0, limits.maxParticlesPerCell - node.particles.count)
        let n = Int(min(births.count, Double(room)))
        if births.count > Double(n) {
            counters.dropped &+= UInt64(clamping: births.count - Double(n))
            drops[cell.keyPath, default: 0] += births.count - Double(n)
        }
        let parentKey = parent?.particle.key ?? .root
        for i in 0..<n {
            let serial = births.serial(i)
            let key = ParticleKey.child(of: parentKey, cellIndex: UInt32(cellIndex), serial: serial)
            var birthTime = births.time(i)
            var inherited: ParentState?
            if let (p, pcell, pt) = parent {
                birthTime += p.birthTime                  // the clock runs in the parent's age
                let age = p.age(at: birthTime)
                let (position, velocity) = p.motion(after: birthTime - pt, acceleration: pcell.acceleration)
                inherited = ParentState(position: position, velocity: velocity,
                                        scale: p.scale0 + p.scaleSpeed * age,
                                        color: p.color0 + pcell.colorSpeed * age)
            }
            var layer = resolved
            if parent == nil, let path = emitterPath { layer.position = path.position(at: birthTime, to: resolved.position) }
            guard let b = BirthSampler.sample(cell: cell, layer: layer, key: key, parent: inherited) else {
                continue
            }
            counters.born += 1
            var child = ReferenceParticle(
                key: key, parent: parentKey, serial: serial, birthTime: birthTime, lifetime: b.lifetime,
                position: b.position, velocity: b.velocity, scale0: b.scale, scaleSpeed: b.scaleSpeed,
                angle0: b.angle, spin: b.spin, color0: b.color,
                subClocks: Array(repeating: EmissionClock(origin: 0), count: cell.children.count))
            advance(&child, in: node, cell: cell, from: birthTime, to: t1)
            if child.age(at: t1) < child.lifetime {
                node.particles.append(child)
            } else {
                counters.died += 1
            }
        }
    }
}
