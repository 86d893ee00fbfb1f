import CEpoxy
import Foundation
import Plume

/// The passes of one update. Nodes are processed in pre-order, so a cell's births (from the
/// layer or from its parents' spawn pass) are in its `born` buffer before its own passes run.
extension GPUSimulator {
    /// One update from layer tick `t0` (`Int64.min`: a rebuild from all history) to `t1`.
    func step(from t0: Int64, to t1: Int64) throws {
        updateEnd = t1
        // Motion behaviours bind their tables to texture units 3 and 4, the trail samples pass its
        // samples to unit 6 (the spawn passes bind the parents' birth parameters to unit 5, which
        // withTransformFeedbackPasses restores): the host's bindings there come back.
        try context.preservingBufferTextures(units: [3, 4, 6]) { try stepCells(from: t0, to: t1) }
    }

    private func stepCells(from t0: Int64, to t1: Int64) throws {
        for (index, (node, cell)) in zip(roots, resolved.cells).enumerated() {
            try noteGeneration(node, cell: cell, from: t0, to: t1)
            let births = node.clock.advance(to: t1, step: cell.step, window: cell.windowTicks,
                                            maxLifetime: cell.maxLifetimeTicks)
            skipped &+= births.skipped
            // Then the bursts' cycles in time order (Semantics §13): each batch is capped as the
            // reference's `create` caps it (the capacity, and twice it over the update).
            let firings = node.bursts.advance(to: t1, bursts: cell.bursts, window: cell.windowTicks,
                                              maxLifetime: cell.reachTicks, cellIndex: index, seed: resolved.seed)
            skipped &+= firings.skipped
            let limit = UInt64(cell.capacity)
            var considered: UInt64 = 0
            var batches: [(births: EmissionClock.Births, count: Int)] = []
            for batch in [births] + firings.births where batch.count > 0 {
                let budget = 2 * max(limit, 1) - min(considered, 2 * max(limit, 1))
                let count = min(batch.count, limit, budget)
                considered += count
                if batch.count > count { hostDropped[cell.keyPath, default: 0] &+= batch.count - count }
                if count > 0 { batches.append((batch, Int(count))) }
            }
            let n = batches.reduce(0) { $0 + $1.count }
            if n > 0 {
                let born = try bornBuffer(node, capacity: n)
                try birthPass(into: born, node: node, cell: cell, batches: batches, at: t1)
            } else {
                node.born?.hasData = false
            }
            try process(node, cell: cell, from: t0, to: t1, bornBound: n)
        }
    }

    /// Spawns the node's sub-cell births, advances its particles, then processes its sub-cells.
    private func process(_ node: GPUNode, cell: ResolvedCell, from t0: Int64, to t1: Int64, bornBound: Int) throws {
        node.maxLifetimeEver = max(node.maxLifetimeEver, cell.maxLifetime)
        // A live count the GPU has already produced (never waited for) tightens the bound.
        if let m = node.measurement, m.counts.resolve(wait: false), let result = m.counts.result {
            node.bound.rebase(live: Int(result.written), measuredAfter: m.update, at: m.time, maxLifetime: node.maxLifetimeEver)
            node.measurement = nil
        }
        let limit = cell.capacity
        // A smaller share of the layer's budget (more cells): the live records beyond it go first,
        // the newest ones, as the reference drops them (counted as dropped by the copy pass).
        if node.input.capacity > limit {
            try resize(node, capacity: limit, subCells: node.subCells, cell: cell.keyPath)
            node.bound.rebase(live: min(node.bound.total, limit), measuredAfter: updateIndex, at: Ticks.time(t0),
                              maxLifetime: node.maxLifetimeEver)
        }
        let hasParticles = node.input.hasData || (node.born?.hasData ?? false)
        let parentsBound = node.bound.total + bornBound
        var childBorn = [Int](repeating: 0, count: cell.children.count)
        // Death sub-cells (Semantics §14) spawn from the dying records only, found once per update.
        var dying: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)]?
        for (j, sub) in cell.children.enumerated() {
            let child = node.children[j]
            try noteGeneration(child, cell: sub, from: t0, to: t1)
            let perParent = birthsPerParentBound(sub, parent: node, parentCell: cell, from: Ticks.time(t0),
                                                 to: Ticks.time(t1))
            if hasParticles && perParent > 0 && parentsBound > 0 {
                // The work of a spawn pass is parents × slots: at most about twice the capacity
                // (the births that find no slot are counted by the overflow pass).
                let slots = min(perParent, Self.slotsPerParent(parents: parentsBound, limit: limit))
                childBorn[j] = min(parentsBound.multipliedReportingOverflow(by: slots).overflow
                                   ? limit : parentsBound * slots, limit)
                lastSpawnSlots += parentsBound.multipliedReportingOverflow(by: slots).overflow
                    ? .max : parentsBound * slots
                let born = try bornBuffer(child, capacity: childBorn[j])
                var parents: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)]?
                if sub.event == .death {
                    if dying == nil { dying = try dyingSources(of: node, cell: cell, t0: t0, t1: t1) }
                    parents = dying
                }
                try spawnPass(from: node, cell: cell, sub: j, into: born, perParent: slots, t0: t0, t1: t1, parents: parents)
                if slots < perParent {
                    try overflowPass(from: node, cell: cell, sub: j, slots: slots, parents: parentsBound, t0: t0, t1: t1,
                                     records: parents)
                }
            } else {
                child.born?.hasData = false
            }
        }
        node.bound.add(bornBound, at: Ticks.time(t1), maxLifetime: cell.maxLifetime, update: updateIndex)
        node.bound.expire(at: Ticks.time(t1))
        if hasParticles {
            let needed = min(node.bound.total, limit)
            if needed > node.output.capacity {
                let grown = min(max(needed, node.output.capacity + node.output.capacity / 2), limit)
                try resize(node, capacity: grown, subCells: node.subCells)
            }
            if !updateEvents.isEmpty { try eventPasses(node, cell: cell, t0: t0, t1: t1) }
            try updatePass(node, cell: cell, t0: t0, t1: t1)
            if let counts = node.output.lastWrite { node.measurement = (updateIndex, Ticks.time(t1), counts) }
            if let trail = cell.trail { try trailSamplesPass(node, cell: cell, trail: trail, t0: t0, t1: t1) }
            node.current = 1 - node.current
        } else {
            node.input.hasData = false
        }
        node.previousAcceleration = cell.acceleration
        node.previousBehaviors = cell.behaviors
        node.trailGrid = cell.trail?.grid
        if cell.trail == nil { node.releaseSamples(context) }
        for (j, sub) in cell.children.enumerated() {
            try process(node.children[j], cell: sub, from: t0, to: t1, bornBound: childBorn[j])
        }
    }

    /// Sets the generation of the birth parameters `cell`'s births of this update use (its node's
    /// ``BirthHistory``: a new row only when one of them changed).
    private func noteGeneration(_ node: GPUNode, cell: ResolvedCell, from t0: Int64, to t1: Int64) throws {
        node.generation = try node.births.generation(for: BirthParamsRow(cell: cell, layer: resolved), from: t0, to: t1,
                                                     maxLifetime: cell.maxLifetimeTicks)
    }

    /// Birth slots the spawn pass gives each parent: `2 × limit / parents` (at least 1), so a pass
    /// costs about as much as two updates of a full cell whatever the rate (Semantics §3: the births
    /// without a slot are dropped and counted).
    static func slotsPerParent(parents: Int, limit: Int) -> Int {
        max(1, 2 * max(limit, 1) / max(parents, 1))
    }

    /// An upper bound on the births one parent can make for `sub` in this update: the rate over
    /// the shortest of the update and the part of the sub-cell's window a parent can reach (ages
    /// 0 to its cell's longest lifetime), and never more than the catch-up rule lets through.
    private func birthsPerParentBound(_ sub: ResolvedCell, parent: GPUNode, parentCell: ResolvedCell,
                                      from t0: Double, to t1: Double) -> Int {
        // An event sub-cell (Semantics §14): at most one birth or death per parent and update; at
        // most maxHits + 1 collision events per grid step a parent's walk takes (the steps of the
        // update, the one it starts in and the one it ends in), none without colliders.
        if sub.event == .collision {
            guard let (b, ends) = Self.motionBehaviors(parent, parentCell), !ends, b.motion == .grid,
                  !b.colliders.isEmpty else { return 0 }
            let steps = ((t1 - t0) / BehaviorMotion.gridStep).rounded(.up) + 2
            let bound = Double(Collisions.maxHits + 1) * steps * Double(sub.eventCount)
            return bound.isFinite ? Int(min(bound, 1e12)) : Int(1e12)
        }
        if sub.event != .life { return Int(sub.eventCount) }
        guard sub.rate > 0 else { return 0 }
        let reachable = min(sub.window.end, parent.maxLifetimeEver) - max(sub.window.start, 0)
        guard reachable > 0 else { return 0 }
        let span = min(t1 - t0, reachable)
        let plain = (sub.rate * span).rounded(.up) + 1
        let catchUp = max(33, (sub.rate * sub.maxLifetime).rounded(.up) + 2)
        // Not capped at the capacity: every birth is generated, so births over capacity are
        // counted (generated − written) instead of silently never made.
        let bound = min(plain, catchUp)
        return bound.isFinite ? Int(min(bound, 1e12)) : Int(1e12)
    }

    // MARK: Buffers

    /// The node's births buffer, (re)allocated to hold `capacity` records.
    private func bornBuffer(_ node: GPUNode, capacity: Int) throws -> RecordBuffer {
        if let b = node.born, b.capacity >= capacity, b.subCells == node.subCells { return b }
        node.born?.release(context)
        node.born = nil
        let b = try RecordBuffer(context: context, capacity: max(capacity, 64), subCells: node.subCells, child: node.isChild)
        node.born = b
        return b
    }

    /// Replaces the node's live buffers by larger ones and/or another record layout, copying its
    /// live particles over on the GPU.
    func resize(_ node: GPUNode, capacity: Int, subCells: Int, cell: String = "") throws {
        let fresh = [try RecordBuffer(context: context, capacity: capacity, subCells: subCells, child: node.isChild),
                     try RecordBuffer(context: context, capacity: capacity, subCells: subCells, child: node.isChild)]
        let old = node.input
        if old.hasData {
            let program = try context.programs.program(CopyUniforms.self, sub: old.subCells, csub: subCells, child: node.isChild)
            program.use()
            try withCapture(into: fresh[0], creates: false, moves: true, cell: cell) {
                draw(from: old)
            }
        }
        try resizeSamples(node, capacity: capacity)
        node.live.forEach { $0.release(context) }
        node.live = fresh
        node.current = 0
        if node.born?.subCells != subCells {
            node.born?.release(context)
            node.born = nil
        }
    }

    // MARK: Passes

    /// Samples the first `count` of each batch of births (the clock's, then the bursts' cycles) into
    /// `born`, in order, each at its age at tick `t1`. Births older than 2³¹ − 1 ticks (only where
    /// fewer than 33 births span more than that; they are dead) are written with that age, as the
    /// ages of the update saturate.
    private func birthPass(into born: RecordBuffer, node: GPUNode, cell: ResolvedCell,
                           batches: [(births: EmissionClock.Births, count: Int)], at t1: Int64) throws {
        let p = try context.programs.program(BirthUniforms.self, sub: 0, csub: born.subCells)
        p.use()
        let u = p.uniforms
        setLayer(u.layer)
        setCell(u.cell, cell)
        u.generation.set(node.generation)
        u.pathOn.set(emitterPath != nil)
        if let path = emitterPath {
            u.pathFrom.set(path.from)
            u.pathLag.set(path.end - Ticks.time(t1))
            u.pathDuration.set(path.end - path.start)
        }
        try withCapture(into: born, creates: true, cell: cell.keyPath) {
            for (births, count) in batches {
                u.step.set(births.step)
                let old = min(births.firstBirth(atOrAfter: t1 - Ticks.maxAge), UInt64(count))
                for (first, end) in [(UInt64(0), old), (old, UInt64(count))] where end > first {
                    let (tick, excess) = first == 0 && old > 0 ? (t1 - Ticks.maxAge, UInt64.max) : births.batch(from: first)
                    u.firstSerial.set(births.serial(Int(first)))
                    u.firstAge.set(Int32(clamping: t1 - tick))
                    u.excess.set(excess)
                    context.drawPoints(count: Int(end - first))   // the birth pass reads no attributes
                    lastUpdate.draws += 1
                }
            }
        }
    }

    /// `parents`: the records to spawn from, when not all of the node's (a death sub-cell's: the dying ones).
    private func spawnPass(from node: GPUNode, cell: ResolvedCell, sub j: Int, into born: RecordBuffer,
                           perParent: Int, t0: Int64, t1: Int64,
                           parents: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)]? = nil) throws {
        let sub = cell.children[j]
        // The spawn variant keeps the closed form (its uniforms are always declared); none: all classes.
        let classes = motionClasses(node, cell)
        let p = try context.programs.program(SpawnUniforms.self, sub: node.subCells, csub: born.subCells,
                                             child: node.isChild, cchild: true,
                                             features: classes.isEmpty ? [] : classes.union(.closedFormMotion)
                                                .union(Self.contactFeatures(node, cell)),
                                             forces: Self.motionForces(node, cell))
        p.use()
        let u = p.uniforms
        u.sub.set(j)
        u.motion.set(TextureUnit(index: 3))
        u.motionOn.set(try bindMotion(node, cell, changed: u.motionChanged))
        u.motionPrev.set(TextureUnit(index: 4))
        if Self.motionBehaviors(node, cell) != nil {
            setMotionStart(changed: u.accChanged, previous: u.accPrev, node: node, cell: cell)
        } else {
            setAcceleration(changed: u.accChanged, previous: u.accPrev, node: node, cell: cell)
        }
        u.acc.set(cell.acceleration)
        u.colorSpeed.set(cell.colorSpeed)
        setClock(u.clock, sub: sub, child: node.children[j])
        u.event.set(sub.event.contractOrdinal)
        u.eventCount.set(UInt32(clamping: sub.eventCount))
        setLayer(u.layer)
        setCell(u.cell, sub)
        u.generation.set(node.children[j].generation)
        node.births.bind(unit: 5)   // the parents' keys, scales and colours
        u.parentBirths.set(TextureUnit(index: 5))
        let sources = parents ?? self.sources(of: node, from: t0, to: t1)
        try withCapture(into: born, creates: true, cell: sub.keyPath) {
            for (source, dt, fresh) in sources {
                u.dt.set(dt)
                u.fresh.set(fresh)
                if context.info.hasTransformFeedbackInstanced {
                    let chunk = 1 << 24
                    for base in stride(from: 0, to: perParent, by: chunk) {
                        u.slotBase.set(base)
                        context.drawCaptured(source.vertexArray, source.feedback, instances: min(chunk, perParent - base))
                        lastUpdate.draws += 1
                    }
                } else {
                    for slot in 0..<perParent {
                        u.slotBase.set(slot)
                        draw(from: source)
                    }
                }
            }
        }
    }

    /// Adds up, on the host, the births of sub-cell `j` that found no slot in the spawn pass
    /// (a parent with more than `slots` births in this update). Runs only when that can happen,
    /// and reads its small result back at once.
    private func overflowPass(from node: GPUNode, cell: ResolvedCell, sub j: Int, slots: Int, parents: Int,
                              t0: Int64, t1: Int64,
                              records: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)]? = nil) throws {
        let sub = cell.children[j]
        let collisions = Self.contactFeatures(node, cell)
        let p = try context.programs.program(OverflowUniforms.self, sub: node.subCells, csub: 0, child: node.isChild,
                                             cchild: false, features: collisions.union(Self.walkClasses(collisions)))
        p.use()
        let u = p.uniforms
        if !collisions.isEmpty { try setWalk(u, node: node, cell: cell) }
        u.sub.set(j)
        u.slots.set(UInt32(clamping: slots))
        setClock(u.clock, sub: sub, child: node.children[j])
        u.event.set(sub.event.contractOrdinal)
        u.eventCount.set(UInt32(clamping: sub.eventCount))
        let capacity = max(1, min(parents, 2 * max(sub.capacity, 1)))
        let buffer = try context.makeBuffer(bytes: capacity * 8)
        let feedback = context.makeTransformFeedback(capturingInto: buffer)
        let query = context.makeQuery()
        defer {
            context.delete(query)
            context.delete(feedback)
            context.delete(buffer)
        }
        query.begin(.primitivesWritten)
        lastUpdate.passes += 1
        context.capturingPoints(into: feedback) {
            for (source, dt, fresh) in records ?? sources(of: node, from: t0, to: t1) {
                u.dt.set(dt)
                u.fresh.set(fresh)
                draw(from: source)
            }
        }
        GLQuery.end(.primitivesWritten)
        let count = min(Int(query.result), capacity)
        guard count > 0 else { return }
        var words = [UInt32](repeating: 0, count: 2 * count)
        context.download(buffer, bytes: count * 8, into: &words)
        var excess: UInt64 = 0
        for i in 0..<count { excess &+= UInt64(words[2 * i + 1]) << 32 | UInt64(words[2 * i]) }
        hostDropped[sub.keyPath, default: 0] &+= excess
    }

    private func updatePass(_ node: GPUNode, cell: ResolvedCell, t0: Int64, t1: Int64) throws {
        // A steady closed-form or orbit cell's anchors hold (Semantics §12), and so do a steady grid
        // cell's in an update that crosses no grid point (about half the updates at 144 per second)
        // and walks no contacts: the plain update moves its records on; the draws evaluate the motion.
        if let (behaviors, _) = Self.motionBehaviors(node, cell) {
            let steady = Self.motionIsSteady(node, cell)
            let steps = Self.steadyGridSteps(node, cell, steady: steady, from: t0, to: t1)
            if behaviors.motion == .grid { lastGridSteps[cell.keyPath] = steps }
            let holds = steady && (behaviors.motion != .grid || steps == 0)
            if !holds {
                return try updateMotionPass(node, cell: cell, steady: steady, t0: t0, t1: t1)
            }
        }
        let sources = self.sources(of: node, from: t0, to: t1)
        if fetchesRecords(sources, node) {
            let p = try context.programs.program(UpdateFetchUniforms.self, sub: node.subCells, child: node.isChild)
            p.use()
            setUpdate(p.uniforms, node: node, cell: cell)
            p.uniforms.records.set(TextureUnit(index: 0))
            try drawFetching(sources, into: node, cell: cell, dt: p.uniforms.dt, fresh: p.uniforms.fresh)
        } else {
            let p = try context.programs.program(UpdateUniforms.self, sub: node.subCells, child: node.isChild)
            p.use()
            setUpdate(p.uniforms, node: node, cell: cell)
            try withCapture(into: node.output, creates: false, cell: cell.keyPath) {
                for (source, dt, fresh) in sources {
                    p.uniforms.dt.set(dt)
                    p.uniforms.fresh.set(fresh)
                    draw(from: source)
                }
            }
        }
    }

    /// Whether an update of `node` reads `sources` through buffer textures (programs
    /// `updateFetch`, `updateMotionFetch`): the geometry stage fetches the records itself where they
    /// fit one, which saves handing them from the vertex stage (Benchmarks: the GS pass-through vs
    /// fetch ceilings).
    private func fetchesRecords(_ sources: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)], _ node: GPUNode) -> Bool {
        let limit = textureBufferLimit ?? context.info.maxTextureBufferSize
        return readsRecordsThroughTexture && sources.allSatisfy { $0.buffer.capacity * node.input.vectors <= limit }
    }

    /// Draws each of `sources` into `node`'s output with its records bound as the buffer texture of
    /// unit 0 (`u_records`), setting `dt` and `fresh` per source.
    private func drawFetching(_ sources: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)], into node: GPUNode,
                              cell: ResolvedCell, dt: Uniform<Int32>, fresh: Uniform<Bool>) throws {
        let textures = sources.map { $0.buffer.recordTexture(context) }
        try withCapture(into: node.output, creates: false, cell: cell.keyPath) {
            for ((source, ticks, isFresh), texture) in zip(sources, textures) {
                dt.set(ticks)
                fresh.set(isFresh)
                context.bindBufferTexture(texture, unit: 0)
                draw(from: source)
            }
        }
        context.bindBufferTexture(nil, unit: 0)
    }

    func setUpdate(_ u: some UpdateProgramUniforms, node: GPUNode, cell: ResolvedCell) {
        setAcceleration(changed: u.accChanged, previous: u.accPrev, node: node, cell: cell)
        // (none in a trail samples program, which carries no clock)
        for (clock, (j, sub)) in zip(u.clock, cell.children.enumerated()) {
            setClock(clock, sub: sub, child: node.children[j])
        }
    }

    /// The update pass of a cell with motion behaviours (Semantics §12): its own programs, so cells
    /// without them keep the plain one; like the plain update, the geometry stage fetches the
    /// records where they fit a buffer texture (`updateMotionFetch`).
    private func updateMotionPass(_ node: GPUNode, cell: ResolvedCell, steady: Bool, t0: Int64, t1: Int64) throws {
        let (features, forces) = motionUpdateVariant(node, cell, steady: steady, from: t0, to: t1)
        let sources = self.sources(of: node, from: t0, to: t1)
        if fetchesRecords(sources, node) {
            let p = try context.programs.program(UpdateMotionFetchUniforms.self, sub: node.subCells, child: node.isChild,
                                                 features: features, forces: forces)
            p.use()
            try setMotionUpdate(p.uniforms, node: node, cell: cell)
            p.uniforms.records.set(TextureUnit(index: 0))
            try drawFetching(sources, into: node, cell: cell, dt: p.uniforms.dt, fresh: p.uniforms.fresh)
        } else {
            let p = try context.programs.program(UpdateMotionUniforms.self, sub: node.subCells, child: node.isChild,
                                                 features: features, forces: forces)
            p.use()
            try setMotionUpdate(p.uniforms, node: node, cell: cell)
            try withCapture(into: node.output, creates: false, cell: cell.keyPath) {
                for (source, dt, fresh) in sources {
                    p.uniforms.dt.set(dt)
                    p.uniforms.fresh.set(fresh)
                    draw(from: source)
                }
            }
        }
    }

    /// The features and force terms of `node`'s motion update variant from layer tick `t0` to `t1`
    /// (and of its trail samples pass, which runs the same update): its motion classes, steady
    /// where nothing changed (only a grid cell's update comes here steady), its contact walk, and a
    /// steady grid update's steps compiled where it walks no contacts (``steadyGridSteps(_:_:steady:from:to:)``).
    func motionUpdateVariant(_ node: GPUNode, _ cell: ResolvedCell, steady: Bool, from t0: Int64,
                             to t1: Int64) -> (ProgramFeatures, MotionForces) {
        var features = motionClasses(node, cell).union(steady ? .steadyMotion : []).union(Self.contactFeatures(node, cell))
        if let k = Self.steadyGridSteps(node, cell, steady: steady, from: t0, to: t1) { features.insert(.gridSteps(k)) }
        return (features, Self.motionForces(node, cell))
    }

    /// The grid steps every record of a steady grid cell without a contact walk takes in the update
    /// from layer tick `t0` to `t1` (``gridSteps(from:to:)``); nil for other updates, a rebuild
    /// (its births cross many) and more than ``ProgramFeatures/maxGridSteps`` (the loop takes them).
    static func steadyGridSteps(_ node: GPUNode, _ cell: ResolvedCell, steady: Bool, from t0: Int64, to t1: Int64) -> Int? {
        guard steady, t0 != .min, let (b, _) = motionBehaviors(node, cell), b.motion == .grid,
              contactFeatures(node, cell).isEmpty else { return nil }
        let k = gridSteps(from: t0, to: t1)
        return k <= ProgramFeatures.maxGridSteps ? Int(k) : nil
    }

    /// The grid points in the layer ticks `(t0, t1]`: the multiples of the grid step there
    /// (Semantics §12: every particle's grid steps at them).
    static func gridSteps(from t0: Int64, to t1: Int64) -> Int64 {
        let step = Int64(BehaviorMotion.gridTicks)
        func floorDiv(_ t: Int64) -> Int64 { t >= 0 ? t / step : -((-t + step - 1) / step) }
        return floorDiv(t1) - floorDiv(t0)
    }

    /// The uniforms of a motion update but its records: the motion tables, accelerations, the
    /// starts of the table's lists (`MotionLists`) and the sub-cell clocks.
    func setMotionUpdate(_ u: some MotionUpdateUniforms, node: GPUNode, cell: ResolvedCell) throws {
        u.index.set(UInt32(cell.path.last ?? 0))
        setMotionStart(changed: u.accChanged, previous: u.accPrev, node: node, cell: cell)
        u.acc.set(cell.acceleration)
        u.motion.set(TextureUnit(index: 3))
        _ = try bindMotion(node, cell, changed: u.motionChanged)
        u.motionPrev.set(TextureUnit(index: 4))
        if let (behaviors, _) = Self.motionBehaviors(node, cell) {    // the bound table's (bindMotion)
            let lists = behaviors.motionLists(first: behaviors.motionSectionStart)
            u.attractorStart.set(Int32(lists.attractors))
            u.turbulenceStart.set(Int32(lists.turbulences))
            u.vortexStart.set(Int32(lists.vortices))
            u.colliderStart.set(Int32(lists.colliders))
            u.colliderCount.set(Int32(behaviors.colliders.count))
        }
        // (none in a trail samples program, which carries no clock)
        for (clock, (j, sub)) in zip(u.clock, cell.children.enumerated()) {
            setClock(clock, sub: sub, child: node.children[j])
        }
    }

    // MARK: Helpers

    /// The record buffers an update pass of `node` reads, each with the ticks its records advance
    /// (`u_dt`) and whether they are this update's births (`u_fresh`, already at `t1`).
    func sources(of node: GPUNode, from t0: Int64, to t1: Int64) -> [(buffer: RecordBuffer, dt: Int32, fresh: Bool)] {
        var list: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)] = []
        if node.input.hasData { list.append((node.input, t0 == .min ? 0 : Int32(clamping: t1 - t0), false)) }
        if let born = node.born, born.hasData { list.append((born, 0, true)) }
        return list
    }

    /// Captures the draws of `body` into `target`, counting what they generate and write.
    private func withCapture(into target: RecordBuffer, creates: Bool, moves: Bool = false, cell: String = "",
                             _ body: () throws -> Void) throws {
        lastUpdate.passes += 1
        let counts = ledger.begin(context, creates: creates, moves: moves, cell: cell)
        try context.capturingPoints(into: target.feedback, body)
        ledger.end(counts)
        target.hasData = true
        target.lastWrite = counts
    }

    /// Draws every record `source` holds (its count stays on the GPU).
    func draw(from source: RecordBuffer) {
        lastUpdate.draws += 1
        context.drawCaptured(source.vertexArray, source.feedback)
    }

    private func setAcceleration(changed: Uniform<Bool>, previous: Uniform<SIMD3<Float>>, node: GPUNode,
                                 cell: ResolvedCell) {
        let before = node.previousAcceleration ?? cell.acceleration
        changed.set(before != cell.acceleration)
        previous.set(before)
    }

    private func setClock(_ u: ClockParamsUniforms, sub: ResolvedCell, child: GPUNode) {
        u.step.set(sub.step)
        let window = sub.clockWindowTicks
        u.windowStart.set(Int32(window.start))
        u.windowEnd.set(Int32(window.end))
        u.maxLifetime.set(Int32(clamping: sub.maxLifetimeTicks))
    }

    private func setLayer(_ u: LayerParamsUniforms) {
        let l = resolved
        u.seed.set(l.seed)
        u.velocity.set(l.velocity)
        u.scale.set(l.scale)
        u.spin.set(l.spin)
        u.shape.set(l.shape.contractOrdinal)
        u.mode.set(l.mode.contractOrdinal)
        u.position.set(l.position)
        u.size.set(l.size)
        u.depth.set(l.depth)
        u.emitterVelocity.set(emitterPath?.velocity(to: l.position) ?? .zero)
    }

    private func setCell(_ u: CellParamsUniforms, _ c: ResolvedCell) {
        u.index.set(UInt32(c.path.last ?? 0))
        u.lifetimeBase.set(c.lifetimeTicks.base)
        u.lifetimeSpan.set(c.lifetimeTicks.span)
        // Per-cell trigonometry in double on the host: the same values the reference uses.
        u.emission.set(BirthSampler.emissionVector(longitude: c.longitude, latitude: c.latitude))
        let half = sin(min(abs(c.emissionRange), 2 * .pi) / 4)
        u.oneMinusCosMax.set(2 * half * half)
        u.setDeclared(c)
        u.color.set(c.color)
        u.colorRange.set(c.colorRange)
    }
}

/// The uniforms both update programs share (`update`, `updateFetch` in Shaders/plume.contract).
protocol UpdateProgramUniforms: UpdateSourceUniforms {
    var accChanged: Uniform<Bool> { get }
    var accPrev: Uniform<SIMD3<Float>> { get }
    var clock: [ClockParamsUniforms] { get }
}
extension UpdateUniforms: UpdateProgramUniforms {}
extension UpdateFetchUniforms: UpdateProgramUniforms {}
extension TrailSamplesUniforms: UpdateProgramUniforms {}

/// The uniforms the overflow and events programs walk a grid cell's motion with (`if COLLISIONS`
/// in `Shaders/plume.contract`): the spawn program's motion uniforms and the cell's index.
protocol CollisionWalkUniforms {
    var accChanged: Uniform<Bool> { get }
    var accPrev: Uniform<SIMD3<Float>> { get }
    var acc: Uniform<SIMD3<Float>> { get }
    var motion: Uniform<TextureUnit> { get }
    var motionChanged: Uniform<Bool> { get }
    var motionPrev: Uniform<TextureUnit> { get }
    var index: Uniform<UInt32> { get }
}
extension OverflowUniforms: CollisionWalkUniforms {}
extension EventsUniforms: CollisionWalkUniforms {}

/// The uniforms both motion update programs share (`updateMotion`, `updateMotionFetch`): those a
/// pass walks the motion with, the list starts (`MotionLists`) and the sub-cell clocks.
protocol MotionUpdateUniforms: CollisionWalkUniforms {
    var attractorStart: Uniform<Int32> { get }
    var turbulenceStart: Uniform<Int32> { get }
    var vortexStart: Uniform<Int32> { get }
    var colliderStart: Uniform<Int32> { get }
    var colliderCount: Uniform<Int32> { get }
    var clock: [ClockParamsUniforms] { get }
}
extension UpdateMotionUniforms: MotionUpdateUniforms {}
extension UpdateMotionFetchUniforms: MotionUpdateUniforms {}
extension TrailSamplesMotionUniforms: MotionUpdateUniforms {}
