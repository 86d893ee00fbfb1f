import Foundation

/// The decisions of an update that do not depend on where particles live, made once for both
/// simulators (Semantics §3, §8, §9): the layer as presented at the host time, its diagnostics, the
/// host-time rules, which step to take, and the path births follow when the emitter moved.
/// ``ReferenceSimulator`` and the GPU simulator differ only in how they carry out the step.
///
/// ```swift
/// let update = planner.plan(layer, hostTime: now)
/// switch update.step { … }          // advance, rebuild, inactive or ignored
/// planner.finish(update)            // once the step succeeded
/// ```
package struct UpdatePlanner: Sendable {
    /// Host time of the last finished update.
    package private(set) var hostTime: Double?
    /// Layer local time of the last finished update; nil before the first one and while the
    /// layer is inactive.
    package private(set) var layerTime: Double?
    /// The emitter's presented position at the last update, and whether an animation moved it.
    private var emitterPosition: SIMD3<Double>?
    private var emitterAnimated = false
    /// The layer's teleport count at the last update (``EmitterLayer/teleportEmitter(to:zPosition:)``).
    private var emitterTeleports: UInt64 = 0
    /// Where each collider (by its index in `emitterBehaviors`) was at the last update.
    private var colliderTracks: [Int: ColliderTrack] = [:]
    /// Host time of the first update: when a layer whose `beginTime` is 0 starts (Semantics §8).
    package private(set) var startHostTime: Double?
    /// Which of the layer's failed key-value calls were already reported.
    private var keyValueReports = KeyValueReportCursor()
    /// Key paths of the advice already given (``ResolvedLayer/silentCells(of:)``,
    /// ``ResolvedLayer/hostClockBeginTimes(layerTime:hostTime:)``): each is reported once.
    private var advised: Set<String> = []

    /// The capacities every update gives the layer's cells (``ResolvedCell/capacity``).
    package var limits: SimulationLimits

    package init(limits: SimulationLimits = .default) { self.limits = limits }

    /// What one update does.
    package enum Step: Sendable {
        /// The host time is not finite: nothing changes, not even the layer values in use.
        case ignored
        /// Outside the layer's active period (and not filled): no particles.
        case inactive
        /// Live particles advance from `t0` to `t1` (layer times); top-level births lie on
        /// `path` when the emitter moved along one.
        case advance(from: Double, to: Double, path: EmitterPath?)
        /// First update, a seek backwards, or the layer becoming active: the state is rebuilt
        /// from the births of all history up to `t1` (the catch-up rule keeps what can be alive).
        case rebuild(to: Double)
    }

    /// One planned update.
    package struct Update: Sendable {
        package var hostTime: Double
        /// The layer's values for this update; nil when the step is ``Step/ignored``.
        package var resolved: ResolvedLayer?
        /// Problems in the layer's values and its animations, and the host-time rule when broken.
        package var diagnostics: [Diagnostic]
        package var step: Step
        /// Whether an animation moves the emitter at this update.
        fileprivate var emitterAnimated = false
        /// The layer's teleport count read for this update.
        fileprivate var emitterTeleports: UInt64 = 0
        /// The key-value report cursor once this update's reports are taken.
        fileprivate var keyValueReports = KeyValueReportCursor()
        /// The advice given once this update's is added.
        fileprivate var advised: Set<String> = []
        /// Where the colliders are at this update's end.
        fileprivate var colliderTracks: [Int: ColliderTrack] = [:]
    }

    /// Plans the update of `layer` to `hostTime`.
    package func plan(_ layer: EmitterLayer, hostTime: Double) -> Update {
        guard hostTime.isFinite else {
            return Update(hostTime: hostTime, resolved: nil, diagnostics: [
                Diagnostic(keyPath: "hostTime", value: "\(hostTime)", rule: "must be finite", effect: .ignored)],
                          step: .ignored)
        }
        // Under the layer's lock (simulators of one layer may update on several threads): a
        // subclass sizes its emitter from its bounds before the layer is read
        // (Layer.layoutSublayers), the animations' bookkeeping is settled, the layer is read.
        let (presented, resolvedLayer) = layer.withUpdateLock {
            layer.layoutIfNeeded()
            layer.settleAnimations(at: hostTime)
            let presented = layer.presented(at: hostTime)
            return (presented, ResolvedLayer(presented.layer))
        }
        var resolved = resolvedLayer
        resolved.assignCapacities(limits)
        // Semantics §8 "When a layer starts": the first update is the moment the layer starts.
        resolved.start(atHostTime: startHostTime ?? hostTime)
        var reports = keyValueReports
        let keyValue = reports.newDiagnostics(of: layer)
        var update = Update(hostTime: hostTime, resolved: resolved,
                            diagnostics: resolved.diagnostics + presented.diagnostics + keyValue, step: .inactive)
        update.keyValueReports = reports
        update.emitterAnimated = !presented.animated.isDisjoint(with: EmitterLayer.emitterPositionKeyPaths)
        update.emitterTeleports = layer.emitterTeleports
        let t1 = resolved.localTime(hostTime: hostTime)
        advise(resolved.silentCells(of: presented.layer)
               + (t1.map { resolved.hostClockBeginTimes(layerTime: $0, hostTime: hostTime) } ?? []), &update)
        guard let t1 else { return update }
        if let t0 = layerTime, t1 >= t0 {
            let jumped = update.emitterTeleports != emitterTeleports
            update.step = .advance(from: t0, to: t1, path: path(resolved, animated: update.emitterAnimated,
                                                                jumped: jumped, t0, t1))
            sweepColliders(&update, from: t0, to: t1)
        } else {
            update.step = .rebuild(to: t1)
            sweepColliders(&update, from: nil, to: t1)
        }
        return update
    }

    /// Adds the advice not given before to `update`'s diagnostics.
    private func advise(_ advice: [Diagnostic], _ update: inout Update) {
        update.advised = advised
        for d in advice where update.advised.insert(d.keyPath).inserted { update.diagnostics.append(d) }
    }

    /// The line this update's top-level births lie on (Semantics §9): an emitter animated at both
    /// ends of the update follows its path; one the host moved (not animated at either end)
    /// follows the straight line from its previous position when the layer interpolates motion
    /// and the move is no teleport (longer than the teleport distance, or `jumped`: the host called
    /// `teleportEmitter` since the last update); where an animation starts or ends, the emitter jumps.
    private func path(_ resolved: ResolvedLayer, animated: Bool, jumped: Bool, _ t0: Double, _ t1: Double) -> EmitterPath? {
        guard t1 > t0, let from = emitterPosition else { return nil }
        if animated && emitterAnimated { return EmitterPath(from: from, start: t0, end: t1) }
        guard !animated && !emitterAnimated, !jumped, resolved.interpolatesMotion, from != resolved.position else { return nil }
        let d = resolved.position - from
        let distance = (d * d).sum().squareRoot()
        return distance <= resolved.teleportDistance ? EmitterPath(from: from, start: t0, end: t1) : nil
    }

    /// Sets the sweep of every collider of `update`'s cells (Semantics §12 "Moving colliders")
    /// for the update from `t0` to `t1` (layer times; `t0` nil: a rebuild, where colliders stand still),
    /// and notes where each one's path goes on. The step holding `t0` keeps the line an earlier
    /// update decided; the next one heads for where the collider's motion over this update (from
    /// its last position to its current one) predicts it two steps on, and the path goes on at
    /// that velocity. A collider that appears (a new behaviour name or shape at its index too),
    /// moves farther than the layer's teleport distance in one update (or in no time), or turns by
    /// more than ``ColliderSweep/maximumTurn`` (any turn where the teleport distance is 0), jumps:
    /// it stands still at its position.
    private func sweepColliders(_ update: inout Update, from t0: Double?, to t1: Double) {
        guard var resolved = update.resolved else { return }
        // where each collider is: its position and size (ColliderTrack.placed), and the orientation
        // of a plane, a box or a heightfield (a unit quaternion; the identity for a sphere and a
        // distance field, which have none: a distance field lies in the layer's x–y plane)
        var positions: [Int: (SIMD8<Double>, SIMD4<Double>)] = [:]
        func gather(_ cells: [ResolvedCell]) {
            for cell in cells {
                for c in cell.behaviors.colliders {
                    let unturned = c.shape == .sphere || c.shape == .distanceField
                    positions[c.trackKey] = (ColliderTrack.placed(c.position, size: c.size),
                                             unturned ? Quaternion.identity : Quaternion.frame(across: c.across, normal: c.normal))
                }
                gather(cell.children)
            }
        }
        gather(resolved.cells)
        guard !positions.isEmpty else { return }
        let step = Int64(BehaviorMotion.gridTicks)
        let tb = Ticks.from(t1)
        let end = tb - BehaviorMotion.gridPhase(tb)           // the grid point the next update starts from
        let limit = resolved.teleportDistance
        // a move (and a change of size along each axis) within the teleport distance
        func within(_ d: SIMD8<Double>) -> Bool {
            let move = ColliderTrack.position(d), size = ColliderTrack.size(d)
            return (move * move).sum() <= limit * limit && abs(size.x) <= limit && abs(size.y) <= limit && abs(size.z) <= limit
        }
        // a turn (the difference of two unit quaternions) within a quarter turn
        let turnLimit = limit > 0 ? Quaternion.chord(ofTurn: ColliderSweep.maximumTurn) : 0
        func turnWithin(_ d: SIMD4<Double>) -> Bool { (d * d).sum() <= turnLimit * turnLimit }
        var sweeps: [Int: ColliderSweep] = [:]
        for (index, (now, facing)) in positions {
            // the orientation's quaternion on the side of the last one (−q is the same orientation)
            let before = colliderTracks[index]
            let turned = before.map { (facing * $0.orientation).sum() < 0 ? -facing : facing } ?? facing
            var track = ColliderTrack(position: now, orientation: turned, grid: end, at: now, turnAt: turned,
                                      velocity: .zero, turnNext: turned)
            defer { update.colliderTracks[index] = track }
            guard let t0, t1 > t0, let before, within(now - before.position),
                  turnWithin(turned - before.orientation) else { continue }
            // the decided step from `before.grid` (the grid point at or before t0), then the next;
            // the motion's velocity over the update's layer times (not their ticks, rounded)
            let ticks = (t1 - t0) * Ticks.perSecond, ahead = Double(before.grid + 2 * step) - t1 * Ticks.perSecond
            let start = before.at - now, first = start + before.velocity * Double(step)
            let velocity = (now - before.position) / ticks
            let second = velocity * ahead
            // the turn over the update, carried on at its angular velocity: the path two steps on
            // and after lies on a steady turn's, so a steady turn is met where it is
            let turnStart = before.turnAt - turned, turnFirst = before.turnNext - turned
            let spin = Quaternion.spin(from: before.orientation, to: turned, over: ticks)
            let turnSecond = Quaternion.product(Quaternion.turning(spin, for: ahead), turned) - turned
            guard within(start), within(first), within(second),
                  turnWithin(turnStart), turnWithin(turnFirst), turnWithin(turnSecond) else { continue }
            // the turn's offsets relative to the update's orientation: q ⊗ turned* is linear in q
            let inverse = Quaternion.conjugate(turned)
            func relative(_ q: SIMD4<Double>) -> SIMD4<Double> { Quaternion.product(q, inverse) }
            typealias T = ColliderTrack
            let sweep = ColliderSweep(origin: before.grid, start: T.position(start), first: T.position(first),
                                      second: T.position(second), velocity: T.position(velocity),
                                      growth: (T.size(start), T.size(first), T.size(second), T.size(velocity)),
                                      turn: (relative(turnStart), relative(turnFirst), relative(turnSecond), spin))
            if !sweep.isStill { sweeps[index] = sweep }
            let j = Double(end - before.grid)
            track.at = now + T.placed(sweep.offset(ticksAfterOrigin: j), size: sweep.growth(ticksAfterOrigin: j))
            track.velocity = j == 0 ? before.velocity : j == Double(step) ? (second - first) / Double(step) : velocity
            track.turnAt = Quaternion.product(sweep.turn(ticksAfterOrigin: j), turned)
            track.turnNext = Quaternion.product(sweep.turn(ticksAfterOrigin: j + Double(step)), turned)
        }
        guard !sweeps.isEmpty else { return }
        func apply(_ cells: inout [ResolvedCell]) {
            for i in cells.indices {
                let colliders = cells[i].behaviors.colliders
                if colliders.contains(where: { sweeps[$0.trackKey] != nil }) {
                    cells[i].behaviors.colliderSweeps = colliders.map { sweeps[$0.trackKey] ?? ColliderSweep() }
                }
                apply(&cells[i].children)
            }
        }
        apply(&resolved.cells)
        update.resolved = resolved
    }

    /// Forgets where the particles are: the next update rebuilds them from the layer's history
    /// (after an update that failed half-way).
    package mutating func invalidate() { layerTime = nil }

    /// Records a carried-out update: the next one continues from it.
    package mutating func finish(_ update: Update) {
        guard let resolved = update.resolved else { return }
        hostTime = update.hostTime
        if startHostTime == nil { startHostTime = update.hostTime }
        keyValueReports = update.keyValueReports
        advised = update.advised
        switch update.step {
        case .ignored:
            return
        case .inactive:
            layerTime = nil
        case let .advance(_, t1, _), let .rebuild(t1):
            layerTime = t1
        }
        emitterPosition = resolved.position
        emitterAnimated = update.emitterAnimated
        emitterTeleports = update.emitterTeleports
        colliderTracks = update.colliderTracks
    }
}

/// Where a collider was at an update, and the line its path takes over the grid step that holds
/// the update's end (ColliderSweep: decided by the first update that reaches the step). Each is
/// its position and its size (``placed(_:size:)``: a sphere's radius, a box's half extents), which
/// move the same way, and its orientation as a unit quaternion, whose path is lines of quaternions.
private struct ColliderTrack: Sendable {
    /// Its position and size, and its orientation, at the update.
    var position: SIMD8<Double>
    var orientation: SIMD4<Double>
    /// The step's start, layer ticks (a grid point), the path's point there and its velocity over
    /// the step, points per tick; the orientation there and at the step's end.
    var grid: Int64
    var at: SIMD8<Double>
    var turnAt: SIMD4<Double>
    var velocity: SIMD8<Double>
    var turnNext: SIMD4<Double>

    /// A position and a size (``ResolvedCollider/size``) as one vector: lanes 0–2 and 3–5.
    static func placed(_ position: SIMD3<Double>, size: SIMD3<Double>) -> SIMD8<Double> {
        SIMD8(lowHalf: SIMD4(position, size.x), highHalf: SIMD4(size.y, size.z, 0, 0))
    }

    /// The position lanes of a ``placed(_:size:)`` vector, and its size lanes.
    static func position(_ v: SIMD8<Double>) -> SIMD3<Double> { SIMD3(v[0], v[1], v[2]) }
    static func size(_ v: SIMD8<Double>) -> SIMD3<Double> { SIMD3(v[3], v[4], v[5]) }
}

extension Diagnostic {
    /// The report of births a cell dropped at its capacity (Semantics §3), the same on both simulators.
    package static func capacityReached(keyPath: String, births: UInt64, capacity: Int) -> Diagnostic {
        Diagnostic(keyPath: keyPath, value: "\(births) births",
                   rule: "the cell reached its capacity of \(capacity) live particles", effect: .birthsDropped)
    }
}

extension SnapshotParticle {
    /// A particle evaluated at `age` from its birth values (Semantics §5): scale, angle and colour are
    /// linear in age, the sprite-sheet frame follows from age, lifetime and key, then scale, angle and
    /// colour are shaped by the cell's behaviours (Semantics §12); position and velocity
    /// are the simulator's own.
    package init(cell: ResolvedCell, serial: UInt32, parent: ParticleKey, birthTime: Double, age: Double,
                 lifetime: Double, position: SIMD3<Double>, velocity: SIMD3<Double>, scale0: Double,
                 scaleSpeed: Double, angle0: Double, spin: Double, color0: SIMD4<Double>) {
        let identity = ParticleIdentity(cellPath: cell.path, serial: serial, parent: parent)
        self.init(identity: identity, cellName: cell.name, birthTime: birthTime, age: age, lifetime: lifetime,
                  position: position, velocity: velocity, scale: scale0 + scaleSpeed * age,
                  angle: angle0 + spin * age, color: color0 + cell.colorSpeed * age,
                  frame: cell.spriteSheet.frame(age: age, lifetime: lifetime, key: identity.key))
        if !cell.behaviors.isEmpty { applyBehaviors(cell.behaviors, spin: spin) }
    }
}
