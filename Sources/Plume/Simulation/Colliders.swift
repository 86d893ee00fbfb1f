import Foundation

/// A `collider` as one update uses it (Semantics §12 "Collisions", <doc:Behaviors>): a plane (a
/// line in a 2-D layer), a sphere (a circle), a box (a rectangle), a heightfield (a terrain line in
/// a 2-D layer) or a distance field that particles reach from its open side (the normal's side of
/// a plane, the outside of a sphere, a box or a field, above a heightfield) and bounce off, stick
/// to or die at.
public struct ResolvedCollider: DeclaredBehaviorParameters, Hashable, Sendable {
    /// A plane, a sphere, a box, a heightfield or a distance field.
    public var shape: EmitterBehavior.ColliderShape
    /// What a particle does when it reaches the surface.
    public var response: EmitterBehavior.CollisionResponse
    /// A point of the plane, the sphere's or the box's centre, or a field's sample (0, 0), layer
    /// points.
    public var position: SIMD3<Double>
    /// The plane's unit normal (particles come from its side); a box's height axis; a heightfield's
    /// up.
    public var normal: SIMD3<Double>
    /// The sphere's radius, points.
    public var radius: Double
    /// A box's width axis: the orientation turned 90° about z (`(−sin φ, cos φ, 0)` for longitude
    /// `φ`), perpendicular to ``normal``; its depth axis is `normal × across`.
    public var across = SIMD3<Double>(0, 1, 0)
    /// The behaviour's parameters declared `@Property(gpu: .collider)` (`restitution`, `friction`,
    /// `boxHeight`, `boxWidth`, `boxDepth`, `sampleSpacing`; the others 0), resolved by their
    /// declarations: what the GPU's `Collider` entry holds.
    public var parameters = EmitterBehavior.GPUParameters()
    /// A heightfield's or a distance field's samples (nil for the other shapes).
    public var field: ColliderField?
    /// Which collider this is from update to update, what the update planner follows its motion
    /// by (``ColliderSweep``, in ``CellBehaviors/colliderSweeps``): the behaviour's index in the
    /// layer's `emitterBehaviors` with its `name` and shape. A different collider put at the same
    /// index (another name or shape) is a new one, which stands still where it appears.
    public var trackKey = 0

    /// The ``trackKey`` of the behaviour at `index` named `name` of shape `shape`.
    static func trackKey(index: Int, name: String?, shape: EmitterBehavior.ColliderShape) -> Int {
        var h = Hasher()
        h.combine(index)
        h.combine(name)
        h.combine(shape)
        return h.finalize()
    }

    /// `p` in a box's frame (along ``across``, ``normal`` and their cross product, from the centre).
    func boxLocal(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let d = p - position
        return SIMD3(dot(d, across), dot(d, normal), dot(d, cross(normal, across)))
    }

    /// A box's half extents in its frame: half the width, height and depth.
    var halfExtents: SIMD3<Double> { SIMD3(self.boxWidth, self.boxHeight, self.boxDepth) / 2 }

    /// What a collider's growth moves (``ColliderSweep/growth(ticksAfterOrigin:)``, points): a
    /// sphere's radius (in all three), a box's half extents; zeros for the other shapes, which keep
    /// their size.
    var size: SIMD3<Double> {
        switch shape {
        case .sphere: return SIMD3(repeating: radius)
        case .box: return halfExtents
        case .plane, .heightfield, .distanceField: return .zero
        }
    }

    /// A box's half extents larger by `grow` (a growing box's offsets), none below 0 (a box shrunk
    /// past 0 along an axis is flat there: no chord passes deeper than the tolerance inside it, so
    /// nothing enters it, as nothing enters a sphere shrunk to a point).
    func halfExtents(grow: SIMD3<Double>) -> SIMD3<Double> {
        let h = halfExtents + grow
        return SIMD3(Swift.max(h.x, 0), Swift.max(h.y, 0), Swift.max(h.z, 0))
    }

    /// The signed distance of `p` from the surface, points: positive on the open side; a sphere's
    /// radius larger by `grow.x`, a box's half extents by `grow` (a growing collider's offsets,
    /// ``ColliderSweep/growth(ticksAfterOrigin:)``).
    public func distance(_ p: SIMD3<Double>, grow: SIMD3<Double> = .zero) -> Double {
        switch shape {
        case .plane: return dot(p - position, normal)
        case .sphere: return length(p - position) - Swift.max(radius + grow.x, 0)
        case .box:
            let q = boxLocal(p), h = halfExtents(grow: grow)
            let d = SIMD3(abs(q.x) - h.x, abs(q.y) - h.y, abs(q.z) - h.z)
            let outside = SIMD3(Swift.max(d.x, 0), Swift.max(d.y, 0), Swift.max(d.z, 0))
            return length(outside) + Swift.min(Swift.max(d.x, Swift.max(d.y, d.z)), 0)
        case .heightfield, .distanceField:
            guard let field else { return .infinity }
            return fieldDistance(field, p)
        }
    }

    /// The fraction `s` of the segment `a → b` at which it enters the solid from the open side
    /// (`a` on the surface or in front of it, and `b` behind it deeper than
    /// ``Collisions/depth(from:)``: behind at all from clear of the surface, by more than
    /// ``Collisions/tolerance`` from on it; or, for a sphere or a box, the segment passing through
    /// it deeper than that: a chord that crosses the solid whole still hits it; for a field, the
    /// chord's first point deeper than that, found by marching: `fieldEntry`); nil when it does
    /// not. A sphere's radius is larger by `grow0.x` at `a` and by `grow1.x` at `b`, a box's half
    /// extents by `grow0` and `grow1`, linearly between (a growing collider met in its frame).
    public func entry(_ a: SIMD3<Double>, _ b: SIMD3<Double>, grow0: SIMD3<Double> = .zero,
                      grow1: SIMD3<Double> = .zero) -> Double? {
        let da = distance(a, grow: grow0)
        guard da >= -Collisions.tolerance else { return nil }
        let db = distance(b, grow: grow1), deep = Collisions.depth(from: da)
        switch shape {
        case .plane:
            guard db < deep else { return nil }
            return Swift.min(Swift.max(da / (da - db), 0), 1)
        case .sphere:
            // |f + s·d| = r + s·g, the entering root (the smaller one; the one after the start where
            // the sphere grows faster than the chord runs), in the form without cancellation
            // (a shrinking sphere's path may run below radius 0 for a step: it is a point there)
            let d = b - a, f = a - position, r = Swift.max(radius + grow0.x, 0), g = Swift.max(radius + grow1.x, 0) - r
            let qa = dot(d, d) - g * g, qb = 2 * (dot(f, d) - r * g), qc = dot(f, f) - r * r
            let disc = qb * qb - 4 * qa * qc
            if !(db < deep) {
                // through it: both roots inside the segment and its middle deeper than `deep`
                guard disc > 0, qa > 0 else { return nil }
                let far = (-qb + disc.squareRoot()) / (2 * qa), near = (-qb - disc.squareRoot()) / (2 * qa)
                let mid = (near + far) / 2
                guard near >= 0, far <= 1,
                      distance(a + d * mid, grow: SIMD3(repeating: r + g * mid - radius)) < deep else { return nil }
            }
            let root = (Swift.max(disc, 0)).squareRoot()
            let q = root - qb
            return q > 0 ? Swift.min(Swift.max(2 * qc / q, 0), 1) : 0
        case .box:
            // the slabs of the box's frame: the segment is inside all three over [near, far]. Each
            // face is a bound `c·s ≤ r` on the fraction s, its half extent h + s·dh (growing)
            // against the segment's coordinate qa + s·qd: `(qd − dh)·s ≤ h − qa` for the face on
            // the axis's positive side, `−(qd + dh)·s ≤ h + qa` for the other
            let qa = boxLocal(a), qd = boxLocal(b) - qa, h = halfExtents(grow: grow0), dh = halfExtents(grow: grow1) - h
            var near = -Double.infinity, far = Double.infinity
            func bound(_ c: Double, _ r: Double) -> Bool {      // false: no fraction meets it
                if c > 0 { far = Swift.min(far, r / c) } else if c < 0 { near = Swift.max(near, r / c) }
                return c != 0 || r >= 0
            }
            for i in 0..<3 where !bound(qd[i] - dh[i], h[i] - qa[i]) || !bound(-(qd[i] + dh[i]), h[i] + qa[i]) {
                return nil
            }
            guard near <= far, near <= 1, far >= 0 else { return nil }
            if !(db < deep) {
                let mid = (Swift.max(near, 0) + Swift.min(far, 1)) / 2
                // the half extents on the same line as the bounds', between the clamped ends
                let grow = h + dh * mid - halfExtents
                guard distance(a + (b - a) * mid, grow: grow) < deep else { return nil }
            }
            return Swift.min(Swift.max(near, 0), 1)
        case .heightfield, .distanceField:
            guard let field else { return nil }
            return fieldEntry(field, a, b, from: da, deep: deep)
        }
    }

    /// Whether a chord from `a` whose motion heads along `heading` (its velocity at the start plus
    /// half its acceleration over it, times the speed factor: `(v + a·τ/2)·g`, the chord's
    /// direction) stays where it is on this surface: a `stick` collider holds a particle that
    /// touches it (`a` within ``Collisions/tolerance`` of the surface) while its motion presses it
    /// in (`heading · normal < 0`), so a particle at rest on it stays at rest whatever the chord's
    /// length. The sign of the heading's normal part does not
    /// depend on rounding the way the chord's end would (a resting particle's drift of a few ticks
    /// ends within the rounding of its start).
    /// A growing sphere or box (`grow`: its offsets there, `growing`: their rates, points per
    /// second of layer time, the collider's own displacement rate, as `heading` is the particle's)
    /// presses in what does not move out as fast as its surface there (``spread(at:grow:rate:)``).
    /// A turning collider holds what moves off it by less than `slack` (points per second: the
    /// tolerance over the chord's time, a grid step at least), so a particle stuck to it turns with
    /// it (its own straight chord would leave the turning surface by its bend, a little each step).
    public func holds(_ a: SIMD3<Double>, heading: SIMD3<Double>, grow: SIMD3<Double> = .zero,
                      growing: SIMD3<Double> = .zero, slack: Double = 0) -> Bool {
        response == .stick && abs(distance(a, grow: grow)) <= Collisions.tolerance
            && dot(heading, normal(at: a, grow: grow)) < spread(at: a, grow: grow, rate: growing) + slack
    }

    /// How fast a growing collider's surface moves out along its normal at `p` (a point on it,
    /// where its offsets are `grow`), where its offsets change at `rate` (per second): a sphere's
    /// radius's rate, the rate of the half extent across the box's face that holds `p`; 0 for the
    /// other shapes.
    public func spread(at p: SIMD3<Double>, grow: SIMD3<Double>, rate: SIMD3<Double>) -> Double {
        switch shape {
        case .sphere: return rate.x
        case .box: return rate == .zero ? 0 : rate[boxFace(p, grow: grow)]
        case .plane, .heightfield, .distanceField: return 0
        }
    }

    /// The axis of a box's frame (0 width, 1 height, 2 depth) along which `p` lies farthest out
    /// (the face it is on), its half extents larger by `grow`.
    func boxFace(_ p: SIMD3<Double>, grow: SIMD3<Double>) -> Int {
        let q = boxLocal(p), h = halfExtents(grow: grow)
        var best = 0
        for i in 1..<3 where abs(q[i]) - h[i] > abs(q[best]) - h[best] { best = i }
        return best
    }

    /// The surface's unit normal at `p` (a point on it), pointing to the open side: a box's face
    /// normal of the axis along which `p` lies farthest out (the face it is on; its half extents
    /// larger by `grow`).
    public func normal(at p: SIMD3<Double>, grow: SIMD3<Double> = .zero) -> SIMD3<Double> {
        switch shape {
        case .plane: return normal
        case .sphere:
            let d = p - position
            let l = length(d)
            return l > 0 ? d / l : SIMD3(0, 0, 1)
        case .box:
            let axes = [across, normal, cross(normal, across)]
            let best = boxFace(p, grow: grow)
            return boxLocal(p)[best] < 0 ? -axes[best] : axes[best]
        case .heightfield, .distanceField:
            guard let field else { return normal }
            return fieldNormal(field, p)
        }
    }
}

/// A particle reaching a collider on its grid motion (Semantics §12 "Collisions"): what
/// `Collisions.collide` hands its `onHit` and `Collisions.contacts` lists.
public struct CollisionHit: Sendable, Equatable {
    /// The particle's age at the hit, seconds (on the chord between two grid points).
    public var age: Double
    /// The hit point, layer points.
    public var position: SIMD3<Double>
    /// The particle's raw velocity arriving, points per second (before a speed curve's factor).
    public var velocity: SIMD3<Double>
    /// The collider's index among the cell's colliders.
    public var collider: Int
    /// The chord reached the surface from clear of it (its start more than ``Collisions/tolerance``
    /// in front), or from on it (within the tolerance) faster than
    /// ``Collisions/restingSpeed(acceleration:)``: a collision event (Semantics §14). A particle
    /// resting on a surface, sliding along it or stuck to it meets it at every grid step, slowly,
    /// and makes no events.
    public var arrives: Bool = true
    /// What the collider does to the particle.
    public var response: EmitterBehavior.CollisionResponse = .bounce

    /// The particle's age at the start of the grid step whose chord hit, ticks (a grid point, or
    /// its birth).
    public var stepStart: Int64 = -1

    /// ``age`` in ticks, rounded to the nearest, and after ``stepStart`` (Semantics §14: the tick a
    /// collision event fires at). A hit within half a tick after a grid point where an update ends
    /// is the next update's, which walks its step: rounded down to the grid point, it would be in
    /// neither update's window (a kill missed, the particle left at rest where it hit).
    public var tick: Int64 { Swift.max(Int64((age * Ticks.perSecond).rounded()), stepStart + 1) }
}

/// Collisions on the motion grid (Semantics §12 "Collisions"). Each grid step (and the partial step
/// to the current age) is a chord from one state to the next; the first collider the chord enters
/// is hit there: the hit's age, point and velocity are the chord's at that fraction, so they are
/// the same at any update rate, and a particle crossing a surface at any speed hits it.
public enum Collisions {
    /// A particle within this distance behind a surface (points) counts as on it: what rounding
    /// leaves after a hit (float on the GPU) does not let it fall through.
    public static let tolerance = 1e-3

    /// How far behind a surface a chord must reach to hit it, from a start `da` points in front: a
    /// chord from clear of the surface (`da` over the tolerance) hits wherever it ends behind it
    /// (0); a chord from on the surface (a particle resting, sliding or stuck there, or one that
    /// rounding left up to the tolerance behind it) must pass deeper than the tolerance.
    /// `plume_collision_depth` in `Shaders/plume_collider_fields.glsl`.
    public static func depth(from da: Double) -> Double { da > tolerance ? 0 : -tolerance }

    /// The fastest a particle on a surface (a chord that starts within the ``tolerance`` of it)
    /// meets it at rest, points per second against the surface: what the acceleration across it
    /// (`acceleration`, points per second², the step's) carries it in two grid steps, and
    /// ``restingSpeedFloor``; both of the particle's motion (its raw velocity and acceleration
    /// times the speed factor). A hit from on a surface that meets it faster arrives
    /// (``CollisionHit/arrives``): a particle whose last grid step ended within the tolerance of
    /// the surface, one born on it heading in (a collision spark), one sliding fast into a kink of
    /// a terrain. `plume_resting_speed` in `Shaders/plume_collider_fields.glsl`.
    public static func restingSpeed(acceleration: Double) -> Double {
        2 * BehaviorMotion.gridStep * abs(acceleration) + restingSpeedFloor
    }

    /// The least of ``restingSpeed(acceleration:)``, points per second: what a surface's changes
    /// of speed from update to update (a platform the host moves) and rounding give a particle
    /// resting on it stay under it.
    public static let restingSpeedFloor = 20.0
    /// Hits within one step; after the last, the particle rests where it hit.
    public static let maxHits = 3
    /// The most collision events of one particle in one update that a host subscription reports
    /// (its sample and its count; Semantics §15): the first ones, in time order. Both simulators
    /// (`COLLISION_REPORTS` in `Shaders/plume.contract`). Sub-cells born on collision are not
    /// limited.
    public static let maxReports = 8

    /// The state at the drift's age of the grid motion from `s0` (BehaviorMotion.drift: `d`, whose
    /// state is the collision-free one) with the cell's colliders. The swept chord runs from `s0` to
    /// that state; at a hit (the chord's point and age at the fraction where it enters the surface,
    /// the velocity `v + a·(age − s0.age)` of the drift there) a bouncing particle leaves with its
    /// velocity's normal part reversed and scaled by `restitution` and its tangential part scaled by
    /// `1 − friction`, and moves on under the drift's acceleration to its age (and may hit again); a
    /// sticking particle stays at the hit point, at rest, and so does a killed one (it dies there:
    /// ``contacts(_:after:through:lifetime:acceleration:behaviors:particle:)`` finds the tick). A
    /// sticking collider that holds the chord's start (``ResolvedCollider/holds(_:heading:grow:growing:slack:)``: a
    /// particle resting on it, pressed in) is hit there, at the chord's start.
    ///
    /// A moving collider (``CellBehaviors/colliderSweeps``: `particle` gives the ages' layer times) is tested in
    /// its own frame: the chord's ends less the collider's offsets at their ages, the collider
    /// moving linearly between them at `u`. The response takes the velocity relative to it (`u`
    /// over the speed factor, in raw velocity): a bounce reflects `v − u` and adds `u` back; a
    /// sticking particle rides along with it to the chord's end. A growing sphere or box (its
    /// sweep's ``ColliderSweep/growth(ticksAfterOrigin:)``) is met at its radius or half extents
    /// along the chord, its surface's `u` moves out along the normal at their rate there
    /// (``ResolvedCollider/spread(at:grow:rate:)``), and what sticks to it ends on its surface. A turning
    /// collider (its sweep's turn) has the chord's ends also turned back about its position by the
    /// turn at their ages; its `u` at a point adds `ω × r`, and what sticks to it is put on its
    /// surface, turned to the chord's end, with the velocity of the surface's point there.
    /// `onHit` is called at each hit.
    public static func collide(_ s0: MotionAnchor, _ d: BehaviorMotion.Drift, behaviors b: CellBehaviors,
                               particle: BehaviorParticle? = nil,
                               onHit: (CollisionHit) -> Void = { _ in }) -> MotionAnchor {
        guard !b.colliders.isEmpty else { return d.state }
        let acc = d.acceleration, end = d.state.age
        var from = s0.position, to = d.state
        var v = d.velocity, age0 = s0.age
        // each moving collider's frame over the drift, found once for all of its chords
        let frames = particle.map { p in b.colliderSweeps.map { ChordFrame($0, particle: p, from: s0.age, to: end) } } ?? []
        let moving = !frames.isEmpty
        for hits in 0...maxHits {
            var first: (s: Double, index: Int)?
            let heading = (v + acc * ((end - age0) * 0.5)) * d.speed    // the chord's direction
            for (i, c) in b.colliders.enumerated() {
                let entry: Double?
                if moving {
                    let m = frames[i], g0 = m.growth(at: age0)
                    let (a, h) = m.chordStart(from, heading: heading, at: age0, centre: c.position)
                    // the tolerance over the chord's time, a grid step at least (a chord a tick long
                    // would hold what leaves at 65 points a second)
                    let slack = m.turns ? tolerance / Swift.max(end - age0, BehaviorMotion.gridStep) : 0
                    entry = c.holds(a, heading: h, grow: g0, growing: m.growthRate, slack: slack)
                        ? 0 : c.entry(a, m.localAtEnd(to.position, centre: c.position), grow0: g0, grow1: m.growthEnd)
                } else {
                    entry = c.holds(from, heading: heading) ? 0 : c.entry(from, to.position)
                }
                if let s = entry, s < (first?.s ?? .infinity) { first = (s, i) }
            }
            guard let (s, index) = first else { return to }
            let c = b.colliders[index]
            let m = moving ? frames[index] : ChordFrame()
            let p = from + (to.position - from) * s
            let age = age0 + (end - age0) * s
            let vHit = v + acc * (age - age0)
            let pc = m.local(p, at: age, centre: c.position)      // the hit point in the collider's frame
            let grow = m.growth(at: age)
            let nc = c.normal(at: pc, grow: grow), n = m.world(nc, at: age)
            // the surface's raw velocity there (a growing sphere's or box's moves out along n too,
            // a turning collider's point there turns about its centre), and where the point of the
            // surface hit is at the drift's end (moved out as far as the surface there grows)
            let spread = c.spread(at: pc, grow: grow, rate: m.growthRate)
            let u = d.speed > 0 ? (m.surfaceVelocity(p, at: age, centre: c.position) + n * spread) / d.speed : .zero
            // clear of the surface, or meeting it faster than a particle at rest there (the motion's
            // speeds: the raw ones times the speed factor)
            let clear = c.distance(m.local(from, at: age0, centre: c.position), grow: m.growth(at: age0)) > tolerance
            let fast = dot(u - vHit, n) * d.speed > restingSpeed(acceleration: dot(acc, n) * d.speed)
            onHit(CollisionHit(age: age, position: p, velocity: vHit, collider: index, arrives: clear || fast,
                               response: c.response, stepStart: Int64((s0.age * Ticks.perSecond).rounded())))
            if c.response == .kill { return MotionAnchor(age: end, position: p, velocity: .zero) }
            let out = pc + nc * c.spread(at: pc, grow: grow, rate: m.growthEnd - grow)
            let riding = m.atEnd(out, centre: c.position)
            if c.response == .stick {
                // on a growing sphere, exactly on its surface at the end (a stuck particle carried
                // step after step would otherwise walk off it by the rounding of each step)
                let grows = m.growthOrigin != .zero || m.growthEnd != .zero || m.growthRate != .zero
                let surface = c.position + n * Swift.max(c.radius + m.growthEnd.x, 0) + m.end
                guard m.turns || (grows && c.shape == .box) else {
                    return MotionAnchor(age: end, position: grows && c.shape == .sphere ? surface : riding, velocity: u)
                }
                // on a growing box or a turning collider, exactly on its surface (on a turning one
                // the chord is straight in the world, its test in the turning frame: the world
                // point at the entry is off the surface by the chord's bend, up to the tolerance,
                // which a stuck particle would keep), with the velocity of the surface's point
                // where it ends
                let held = m.atEnd(out - nc * c.distance(out, grow: m.growthEnd), centre: c.position)
                let carried = d.speed > 0
                    ? (m.surfaceVelocity(held, at: end, centre: c.position) + Quaternion.rotate(m.endTurn, nc) * spread) / d.speed : u
                return MotionAnchor(age: end, position: held, velocity: carried)
            }
            let vr = vHit - u, vn = dot(vr, n)
            let leaving = u + (vr - n * vn) * (1 - c.friction) + n * (vn < 0 ? -vn * c.restitution : vn)
            if hits == maxHits { return MotionAnchor(age: end, position: riding, velocity: leaving) }
            let rest = end - age
            from = p
            v = leaving
            age0 = age
            to = MotionAnchor(age: end, position: p + (leaving + acc * (rest * 0.5)) * (d.speed * rest),
                              velocity: leaving + acc * rest)
        }
        return to
    }
}

extension Collisions {
    /// What a particle's grid motion meets in one update (Semantics §12 "Collisions", §14): its
    /// collision events and the hit that kills it.
    public struct Contacts: Sendable, Equatable {
        /// The hits that are collision events (``CollisionHit/arrives``), in time order.
        public var events: [CollisionHit] = []
        /// The first hit of a `kill` collider: the particle dies at its tick.
        public var kill: CollisionHit?
    }

    /// The contacts of the grid motion from `anchor` (a grid point, or birth) whose ticks lie in
    /// `(lower, upper]` and below `lifetime` (particle ages, ticks). Each grid step is taken whole,
    /// the one holding `upper` too, so a hit's tick, point and velocity are those of the step's
    /// chord whatever the update times: the same contacts at any frame rate, each in the update
    /// whose span holds its tick. Stops at a kill.
    public static func contacts(_ anchor: MotionAnchor, after lower: Int64, through upper: Int64, lifetime: Int64,
                                acceleration a: SIMD3<Double>, behaviors b: CellBehaviors,
                                particle: BehaviorParticle) -> Contacts {
        var found = Contacts()
        guard !b.colliders.isEmpty, b.motion == .grid else { return found }
        let limit = min(upper, lifetime - 1)
        let step = Int64(BehaviorMotion.gridTicks)
        var s = anchor
        var n = Int64(BehaviorMotion.gridIndex(anchor.age, particle))
        while n * step - particle.gridOffset < limit && found.kill == nil {
            let end = BehaviorMotion.gridAge(Double(n + 1), particle)
            let d = BehaviorMotion.drift(s, to: end, acceleration: a, behaviors: b, particle: particle)
            let next = collide(s, d, behaviors: b, particle: particle) { hit in
                guard found.kill == nil, hit.tick > lower, hit.tick <= limit else { return }
                if hit.arrives { found.events.append(hit) }
                if hit.response == .kill { found.kill = hit }
            }
            s = BehaviorMotion.held(next, acceleration: d.acceleration)
            s.age = end
            n += 1
        }
        return found
    }
}
