import CEpoxy
import Plume

/// The one readback of the GPU simulator.
extension GPUSimulator {
    /// Reads every live record back and evaluates it at the last advanced time (position from the
    /// record's motion anchor with the cell's current acceleration; the birth attributes as the
    /// draws evaluate them on the GPU from the record's key and generation, read back from an
    /// `attributes` pass). Waits for the GPU.
    public func snapshot() throws -> ParticleSnapshot {
        lock.lock()
        defer { lock.unlock() }
        if released { throw GLError.released("GPUSimulator.snapshot") }
        try context.ensureCurrent("GPUSimulator.snapshot")
        ledger.collect(wait: true)
        var particles: [SnapshotParticle] = []
        var live: UInt64 = 0
        if let layerTime {
            let t = Ticks.from(layerTime)
            for (node, cell) in zip(roots, resolved.cells) {
                try read(node, cell: cell, at: t, into: &particles, live: &live)
            }
        }
        var counters = ParticleCounters()
        // Births the update passes found no room for were written by a birth or spawn pass first.
        let unplaced = ledger.dropped - ledger.createdDropped - ledger.movedDropped
        counters.born = ledger.created - unplaced
        counters.dropped = ledger.dropped + hostDropped.values.reduce(0, +)
        counters.skipped = skipped
        let carriedDrops = ledger.dropped - ledger.createdDropped
        counters.died = ledger.created >= live + carriedDrops ? ledger.created - live - carriedDrops : 0
        // Capacity overflows are counted on the GPU and known here, at the readback.
        var drops = hostDropped
        drops.merge(ledger.droppedByCell) { $0 + $1 }
        let reports = drops.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { keyPath, count in
            Diagnostic.capacityReached(keyPath: keyPath, births: count, capacity: storedLimits.capacity(nodes: resolved.nodeCount))
        }
        return ParticleSnapshot(hostTime: hostTime ?? 0, layerTime: layerTime, particles: particles,
                                counters: counters, diagnostics: diagnostics + reports)
    }

    /// The number of live particles (reads query results back; waits for the GPU).
    public var particleCount: Int {
        get throws {
            lock.lock()
            defer { lock.unlock() }
            if released { throw GLError.released("GPUSimulator.particleCount") }
            try context.ensureCurrent("GPUSimulator.particleCount")
            return liveCount()
        }
    }

    private func liveCount() -> Int {
        var n = 0
        func count(_ node: GPUNode) {
            if node.input.hasData, let w = node.input.lastWrite, w.resolve(wait: true) { n += Int(w.result!.written) }
            node.children.forEach(count)
        }
        roots.forEach(count)
        return n
    }

    private func read(_ node: GPUNode, cell: ResolvedCell, at t: Int64, into particles: inout [SnapshotParticle],
                      live: inout UInt64) throws {
        let buffer = node.input
        if let (count, words) = try liveRecords(of: node) {
            let stride = buffer.stride
            let attributes = try self.attributes(of: node, count: count)
            let samples = try cell.trail.map { try trailSamples(of: node, count: count, grid: $0.grid) }
            totalBytesReadBack += count * (stride + Self.attributeBytes)
            live += UInt64(count)
            var list: [SnapshotParticle] = []
            list.reserveCapacity(count)
            words.withUnsafeBufferPointer { w in
                for i in 0..<count {
                    let r = ParticleRecord(words: w, base: i * stride / 4, subCells: 0, child: buffer.child)
                    let a = attributes[(i * Self.attributeBytes / 4)...]
                    let key = r.key(cellIndex: cell.path.last ?? 0)
                    // records are at the last update's end, the snapshot's time
                    let age = Ticks.time(Int64(r.age))
                    let (position, velocity) = motion(of: r, key: key, cell: cell, age: age, birthTick: t - Int64(r.age))
                    var particle = SnapshotParticle(
                        cell: cell, serial: r.serial, parent: r.parentKey, birthTime: Ticks.time(t - Int64(r.age)),
                        age: age, lifetime: Ticks.time(Int64(r.lifetime)), position: position,
                        velocity: velocity, scale0: Double(a[a.startIndex]),
                        scaleSpeed: Double(a[a.startIndex + 1]), angle0: Double(a[a.startIndex + 2]),
                        spin: Double(a[a.startIndex + 3]),
                        color0: SIMD4<Double>((0..<4).map { Double(a[a.startIndex + 4 + $0]) }))
                    // The trail through the record's samples, as the renderer's trail stage draws it.
                    if let trail = cell.trail, let samples {
                        particle.trail = trail.points(age: Int64(r.age), head: position, samples: samples[i])
                    }
                    list.append(particle)
                }
            }
            list.sort { ($0.identity.parent, $0.identity.serial) < ($1.identity.parent, $1.identity.serial) }
            particles += list
        }
        for (child, sub) in zip(node.children, cell.children) {
            try read(child, cell: sub, at: t, into: &particles, live: &live)
        }
    }

    /// A record's position and velocity at `age`: from its anchor under the cell's acceleration and
    /// motion behaviours (Semantics §5, §12), as the renderer's draw stages evaluate it. A grid
    /// anchor's age is stored as a float: it is snapped back to its grid point (an anchor off the
    /// grid, where grid motion began at an update time, is farther from it than float rounding).
    /// `birthTick`: the record's birth, layer local time in ticks (where its grid lies).
    func motion(of r: ParticleRecord, key: ParticleKey, cell: ResolvedCell, age: Double,
                birthTick: Int64) -> (SIMD3<Double>, SIMD3<Double>) {
        let b = cell.behaviors
        let anchor = anchor(of: r)
        let particle = BehaviorParticle(behaviors: b, lifetime: Ticks.time(Int64(r.lifetime)), seed: resolved.seed,
                                        key: key, birthTick: birthTick)
        return BehaviorMotion.evaluate(anchor, at: age, acceleration: cell.acceleration, behaviors: b, particle: particle)
    }

    /// The records whose grid motion a draw could not reach from their anchor, described; empty when
    /// none (for tests; reads the records back and waits for the GPU). Every update leaves a grid
    /// anchor in the grid step that holds the record's age (the last grid point at or before it, or
    /// off the grid within that step where grid motion began at an update), and the draw stages
    /// drift from it without a grid step (`plume_draw_motion`): a record whose age lies past its
    /// anchor's step would be drawn by one drift over several steps.
    func gridAnchorsBehind() throws -> [String] {
        var behind: [String] = []
        let t = Ticks.from(layerTime ?? 0)   // the records' time: a record's grid lies at its birth tick mod the step
        let step = Int64(BehaviorMotion.gridTicks)
        let onTheGrid = { (cell: ResolvedCell) in if case .grid = cell.behaviors.motion { true } else { false } }
        try forEachLiveRecord("GPUSimulator.gridAnchorsBehind", of: onTheGrid) { cell, r in
            let offset = BehaviorMotion.gridPhase(t - Int64(r.age))
            if (Int64(r.age) + offset) / step != (Int64(r.anchorAge) + offset) / step {
                behind.append("\(cell.keyPath) serial \(r.serial): age \(r.age) ticks, anchor at \(r.anchorAge)")
            }
        }
        return behind
    }

    /// Each live record's identity in storage order, cell by cell in pre-order: the order an
    /// `unordered` layer draws them in (for tests; reads the records back and waits for the GPU).
    func storageOrder() throws -> [ParticleIdentity] {
        var order: [ParticleIdentity] = []
        try forEachLiveRecord("GPUSimulator.storageOrder") { cell, r in
            order.append(ParticleIdentity(cellPath: cell.path, serial: r.serial, parent: r.parentKey))
        }
        return order
    }

    /// Calls `body` with each live record of the cells `include` accepts and its cell, in storage
    /// order, cell by cell in pre-order (for tests: reads the records back and waits for the GPU).
    private func forEachLiveRecord(_ caller: String, of include: (ResolvedCell) -> Bool = { _ in true },
                                   _ body: (ResolvedCell, ParticleRecord) -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        if released { throw GLError.released(caller) }
        try context.ensureCurrent(caller)
        func visit(_ node: GPUNode, _ cell: ResolvedCell) throws {
            let buffer = node.input
            if include(cell), let (count, words) = try liveRecords(of: node) {
                words.withUnsafeBufferPointer { w in
                    for i in 0..<count {
                        body(cell, ParticleRecord(words: w, base: i * buffer.stride / 4, subCells: 0, child: buffer.child))
                    }
                }
            }
            for (child, sub) in zip(node.children, cell.children) { try visit(child, sub) }
        }
        for (node, cell) in zip(roots, resolved.cells) { try visit(node, cell) }
    }

    /// The live records of `node` as the last update wrote them, `node.input.stride / 4` words a
    /// record, and their count; nil where it holds none (waits for the GPU).
    private func liveRecords(of node: GPUNode) throws -> (count: Int, words: [UInt32])? {
        let buffer = node.input
        guard buffer.hasData, let write = buffer.lastWrite, write.resolve(wait: true), let result = write.result,
              result.written > 0 else { return nil }
        let count = Int(result.written)
        var words = [UInt32](repeating: 0, count: count * buffer.stride / 4)
        context.download(buffer.buffer, bytes: count * buffer.stride, into: &words)
        try context.check("reading \(count) particle records back", pass: "snapshot")
        return (count, words)
    }

    /// A record's motion anchor, in seconds.
    func anchor(of r: ParticleRecord) -> MotionAnchor {
        MotionAnchor(age: Ticks.time(Int64(r.anchorAge)), position: SIMD3<Double>(r.anchorPos),
                     velocity: SIMD3<Double>(r.anchorVel))
    }

    /// Bytes a snapshot reads back per live particle besides its record: the birth attributes the
    /// `attributes` pass evaluates (the record does not store them).
    public static let attributeBytes = ShaderConstant.ATTRIBUTE_VECS * 16

    /// The birth attributes of the first `count` records of `node`'s live buffer as the GPU
    /// evaluates them (program `attributes`, plume_attributes): per record scale0, scaleSpeed,
    /// angle0, spin and color0, `attributeBytes / 4` floats a record.
    private func attributes(of node: GPUNode, count: Int) throws -> [Float] {
        let buffer = try context.makeBuffer(bytes: count * Self.attributeBytes)
        let feedback = context.makeTransformFeedback(capturingInto: buffer)
        defer {
            context.delete(feedback)
            context.delete(buffer)
        }
        try context.withTransformFeedbackPasses("the snapshot's attributes") {
            let p = try context.programs.program(AttributesUniforms.self, child: node.isChild)
            p.use()
            node.births.bind(unit: 5)
            p.uniforms.births.set(TextureUnit(index: 5))
            context.bind(node.input.vertexArray)
            context.capturingPoints(into: feedback) { context.drawBoundPoints(count: count) }
        }
        var words = [UInt32](repeating: 0, count: count * Self.attributeBytes / 4)
        context.download(buffer, bytes: count * Self.attributeBytes, into: &words)
        return words.map { Float(bitPattern: $0) }
    }
}
