import CEpoxy
import Foundation
import Plume

/// One subscription's events of one update (Semantics §15): known at once when the cell had no
/// particle, else captured by an `events` pass and read back when its queries have finished.
final class EventCapture {
    let subscription: ParticleEventSubscription
    /// Layer time and tick of the update's end.
    let layerTime: Double
    let tick: Int64
    /// The cell as resolved at the update, its records' layout and the layer's seed then.
    var cell: ResolvedCell?
    var child = false
    /// The pass walked the cell's colliders: each record holds its event in its anchor.
    var collisions = false
    var stride = 0
    var seed: UInt32 = 0
    /// The capture: a buffer of at most `sampleLimit` records (at least one) and its two queries.
    var buffer: GLBuffer?
    var feedback: GLTransformFeedback?
    var counts: PassCounts?

    init(subscription: ParticleEventSubscription, layerTime: Double, tick: Int64) {
        self.subscription = subscription
        self.layerTime = layerTime
        self.tick = tick
    }

    func release(_ context: GLContext) {
        if let feedback { context.delete(feedback) }
        if let buffer { context.delete(buffer) }
        if let counts {
            context.delete(counts.generated)
            context.delete(counts.written)
        }
        feedback = nil
        buffer = nil
        counts = nil
    }
}

extension GPUSimulator {
    /// Starts an update's event captures: one per subscription, empty until its cell's pass runs.
    func beginEvents(layerTime: Double, tick: Int64) {
        updateEvents.forEach { $0.release(context) }   // an update that failed half-way
        updateEvents = storedSubscriptions.map { EventCapture(subscription: $0, layerTime: layerTime, tick: tick) }
    }

    /// Ends an update's captures: they wait, in order, to be read back. Beyond
    /// ``maxPendingCaptures`` (a host that does not take its reports) the oldest are read back
    /// into host memory, so the GPU buffers held stay bounded.
    func endEvents() throws {
        pendingEvents += updateEvents
        updateEvents = []
        while pendingEvents.count > Self.maxPendingCaptures, let oldest = pendingEvents.first {
            if let report = try read(oldest, wait: true) { readEvents.append(report) }
            pendingEvents.removeFirst()
        }
    }

    /// The most captures kept on the GPU waiting to be read back.
    static let maxPendingCaptures = 256

    /// The `events` passes of `node`'s subscriptions (before its update pass: its records are at
    /// the update's start, its births at its end).
    func eventPasses(_ node: GPUNode, cell: ResolvedCell, t0: Int64, t1: Int64) throws {
        for capture in updateEvents where capture.subscription.cellPath == cell.path && capture.counts == nil {
            let event = capture.subscription.event
            let collisions = Self.collisionFeatures(node, cell)
            guard event == .birth || event == .death || (event == .collision && !collisions.isEmpty) else { continue }
            let p = try context.programs.program(EventsUniforms.self, sub: node.subCells, child: node.isChild,
                                                 features: collisions.union(Self.walkClasses(collisions)))
            p.use()
            p.uniforms.event.set(event.contractOrdinal)
            p.uniforms.atEnd.set(true)
            if !collisions.isEmpty { try setWalk(p.uniforms, node: node, cell: cell) }
            capture.collisions = !collisions.isEmpty
            let stride = node.input.stride
            let buffer = try context.makeBuffer(bytes: max(capture.subscription.sampleLimit, 1) * stride)
            let feedback = context.makeTransformFeedback(capturingInto: buffer)
            let counts = PassCounts(generated: context.makeQuery(), written: context.makeQuery(), creates: false,
                                    cell: cell.keyPath)
            capture.cell = cell
            capture.child = node.isChild
            capture.stride = stride
            capture.seed = resolved.seed
            capture.buffer = buffer
            capture.feedback = feedback
            capture.counts = counts
            lastUpdate.passes += 1
            counts.generated.begin(.primitivesGenerated)
            counts.written.begin(.primitivesWritten)
            context.capturingPoints(into: feedback) {
                for (source, dt, fresh) in sources(of: node, from: t0, to: t1) {
                    p.uniforms.dt.set(dt)
                    p.uniforms.fresh.set(fresh)
                    lastUpdate.draws += 1
                    context.drawCaptured(source.vertexArray, source.feedback)
                }
            }
            GLQuery.end(.primitivesWritten)
            GLQuery.end(.primitivesGenerated)
        }
    }

    /// The finished reports, oldest first; without `wait`, only those whose queries the GPU has
    /// finished (never stalls), normally the previous update's and older.
    public func takeEventReports(wait: Bool = false) throws -> [ParticleEventReport] {
        lock.lock()
        defer { lock.unlock() }
        if released { throw GLError.released("GPUSimulator.takeEventReports") }
        try context.ensureCurrent("GPUSimulator.takeEventReports")
        var reports = readEvents
        readEvents = []
        var taken = 0
        for capture in pendingEvents {
            guard let report = try read(capture, wait: wait) else { break }
            reports.append(report)
            taken += 1
        }
        pendingEvents.removeFirst(taken)
        return reports
    }

    /// The report of `capture`, or nil while its queries are not finished (and `wait` is false).
    private func read(_ capture: EventCapture, wait: Bool) throws -> ParticleEventReport? {
        guard let counts = capture.counts, let buffer = capture.buffer, let cell = capture.cell else {
            return ParticleEventReport(subscription: capture.subscription, layerTime: capture.layerTime, count: 0, sample: [])
        }
        guard counts.resolve(wait: wait), let result = counts.result else { return nil }
        defer { capture.release(context) }
        let n = Int(min(result.written, UInt64(capture.subscription.sampleLimit)))
        var sample: [ParticleEvent] = []
        if n > 0 {
            var words = [UInt32](repeating: 0, count: n * capture.stride / 4)
            context.download(buffer, bytes: n * capture.stride, into: &words)
            try context.check("reading \(n) event records back", pass: "events")
            totalBytesReadBack += n * capture.stride
            words.withUnsafeBufferPointer { w in
                for i in 0..<n {
                    let r = ParticleRecord(words: w, base: i * capture.stride / 4, subCells: 0, child: capture.child)
                    sample.append(event(of: r, capture: capture, cell: cell))
                }
            }
        }
        return ParticleEventReport(subscription: capture.subscription, layerTime: capture.layerTime,
                                   count: result.generated, sample: sample)
    }

    /// The event of a captured record (its age is at the update's end): at its birth or its death,
    /// where its motion from its anchor puts it then (as the snapshot evaluates records).
    /// A record of a cell with colliders holds its event in its anchor (its age, point and reported
    /// velocity) and a collision's collider in `contacts` (`Shaders/events.geom`).
    private func event(of r: ParticleRecord, capture: EventCapture, cell: ResolvedCell) -> ParticleEvent {
        let identity = ParticleIdentity(cellPath: cell.path, serial: r.serial, parent: r.parentKey)
        if capture.collisions && capture.subscription.event != .birth {
            return ParticleEvent(identity: identity, time: Ticks.time(capture.tick - Int64(r.age) + Int64(r.anchorAge)),
                                 position: SIMD3<Double>(r.anchorPos), velocity: SIMD3<Double>(r.anchorVel),
                                 collider: capture.subscription.event == .collision ? Int(r.contacts) : nil)
        }
        let key = r.key(cellIndex: cell.path.last ?? 0)
        let eventAge = capture.subscription.event == .death ? Int64(r.lifetime) : 0
        let b = cell.behaviors
        let particle = BehaviorParticle(behaviors: b, lifetime: Ticks.time(Int64(r.lifetime)), seed: capture.seed, key: key,
                                        birthTick: capture.tick - Int64(r.age))
        let (position, velocity) = BehaviorMotion.evaluate(anchor(of: r), at: Ticks.time(eventAge),
                                                           acceleration: cell.acceleration, behaviors: b, particle: particle)
        return ParticleEvent(identity: ParticleIdentity(cellPath: cell.path, serial: r.serial, parent: r.parentKey),
                             time: Ticks.time(capture.tick - Int64(r.age) + eventAge), position: position, velocity: velocity)
    }

    /// The records of `node` that die in this update, by source (its live records, its births),
    /// each copied unchanged into one of the node's `dying` buffers by an `events` pass: the
    /// parents a death sub-cell's spawn pass reads, so that pass costs the deaths, not the parents.
    func dyingSources(of node: GPUNode, cell: ResolvedCell, t0: Int64, t1: Int64) throws
        -> [(buffer: RecordBuffer, dt: Int32, fresh: Bool)] {
        let sources = self.sources(of: node, from: t0, to: t1)
        let collisions = Self.contactFeatures(node, cell)
        let p = try context.programs.program(EventsUniforms.self, sub: node.subCells, child: node.isChild,
                                             features: collisions.union(Self.walkClasses(collisions)))
        var list: [(buffer: RecordBuffer, dt: Int32, fresh: Bool)] = []
        for (k, (source, dt, fresh)) in sources.enumerated() {
            if node.dying.count <= k || node.dying[k].capacity < source.capacity || node.dying[k].subCells != source.subCells
                || node.dying[k].child != source.child {
                let fresh = try RecordBuffer(context: context, capacity: source.capacity, subCells: source.subCells,
                                             child: source.child)
                if node.dying.count > k {
                    node.dying[k].release(context)
                    node.dying[k] = fresh
                } else {
                    node.dying.append(fresh)
                }
            }
            let target = node.dying[k]
            p.use()
            p.uniforms.event.set(EmitterEvent.death.contractOrdinal)
            p.uniforms.atEnd.set(false)
            if !collisions.isEmpty { try setWalk(p.uniforms, node: node, cell: cell) }   // kills are deaths too
            p.uniforms.dt.set(dt)
            p.uniforms.fresh.set(fresh)
            lastUpdate.passes += 1
            lastUpdate.draws += 1
            context.capturingPoints(into: target.feedback) {
                context.drawCaptured(source.vertexArray, source.feedback)
            }
            target.hasData = true
            list.append((target, dt, fresh))
        }
        return list
    }

    /// Deletes the captures not read back (a reset or a release).
    func dropEvents() {
        (pendingEvents + updateEvents).forEach { $0.release(context) }
        pendingEvents = []
        updateEvents = []
        readEvents = []
    }
}
