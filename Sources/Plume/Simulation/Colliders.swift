import Foundation

/// A `collider` as one update uses it (Semantics §12 "Collisions", <doc:Behaviors>): a plane (a
/// line in a 2-D layer) or a sphere (a circle) that particles reach from its open side (the
/// normal's side of a plane, the outside of a sphere) and bounce off or stick to.
public struct ResolvedCollider: DeclaredBehaviorParameters, Hashable, Sendable {
    /// A plane or a sphere.
    public var shape: EmitterBehavior.ColliderShape
    /// What a particle does when it reaches the surface.
    public var response: EmitterBehavior.CollisionResponse
    /// A point of the plane, or the sphere's centre, layer points.
    public var position: SIMD3<Double>
    /// The plane's unit normal: particles come from its side.
    public var normal: SIMD3<Double>
    /// The sphere's radius, points.
    public var radius: Double
    /// The behaviour's parameters declared `@Property(gpu: .collider)` (`restitution`, `friction`;
    /// the others 0), resolved by their declarations: what the GPU's `Collider` entry holds.
    public var parameters = EmitterBehavior.GPUParameters()

    /// The signed distance of `p` from the surface, points: positive on the open side.
    public func distance(_ p: SIMD3<Double>) -> Double {
        switch shape {
        case .plane: return dot(p - position, normal)
        case .sphere: return length(p - position) - radius
        }
    }

    /// The fraction `s` of the segment `a → b` at which it enters the surface from the open side
    /// (`a` on it or in front of it, `b` behind it by more than ``Collisions/tolerance``); nil when
    /// it does not.
    public func entry(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double? {
        let da = distance(a)
        guard da >= -Collisions.tolerance, distance(b) < -Collisions.tolerance else { return nil }
        switch shape {
        case .plane:
            let db = distance(b)
            return Swift.min(Swift.max(da / (da - db), 0), 1)
        case .sphere:
            // |f + s·d| = radius, the smaller root, in the form without cancellation
            let d = b - a, f = a - position
            let qa = dot(d, d), qb = 2 * dot(f, d), qc = dot(f, f) - radius * radius
            let root = (Swift.max(qb * qb - 4 * qa * qc, 0)).squareRoot()
            let q = root - qb
            return q > 0 ? Swift.min(Swift.max(2 * qc / q, 0), 1) : 0
        }
    }

    /// The surface's unit normal at `p` (a point on it), pointing to the open side.
    public func normal(at p: SIMD3<Double>) -> SIMD3<Double> {
        guard shape == .sphere else { return normal }
        let d = p - position
        let l = length(d)
        return l > 0 ? d / l : SIMD3(0, 0, 1)
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
    /// in front): a collision event (Semantics §14). A particle resting, sliding or stuck on a
    /// surface meets it at every grid step and makes no events.
    public var arrives: Bool = true
    /// What the collider does to the particle.
    public var response: EmitterBehavior.CollisionResponse = .bounce

    /// ``age`` in ticks, rounded to the nearest (Semantics §14: the tick a collision event fires at).
    public var tick: Int64 { Int64((age * Ticks.perSecond).rounded()) }
}

/// Collisions on the motion grid (Semantics §12 "Collisions"). Each grid step (and the partial step
/// to the current age) is a chord from one state to the next; the first collider the chord enters
/// is hit there: the hit's age, point and velocity are the chord's at that fraction, so they are
/// the same at any update rate, and a particle crossing a surface at any speed hits it.
public enum Collisions {
    /// A particle within this distance behind a surface (points) counts as on it: what rounding
    /// leaves after a hit (float on the GPU) does not let it fall through.
    public static let tolerance = 1e-3
    /// Hits within one step; after the last, the particle rests where it hit.
    public static let maxHits = 3

    /// The state at `s1.age` of the motion from `s0` (whose collision-free step is `s1`) with the
    /// cell's colliders: at a hit a bouncing particle leaves with its velocity's normal part
    /// reversed and scaled by `restitution` and its tangential part scaled by `1 − friction`, then
    /// moves on to `s1.age` (and may hit again); a sticking particle stays at the hit point, at
    /// rest, and so does a killed one (it dies there: ``contacts(_:after:through:lifetime:acceleration:behaviors:particle:)``
    /// finds the tick). `onHit` is called at each hit.
    public static func collide(_ s0: MotionAnchor, _ s1: MotionAnchor, acceleration a: SIMD3<Double>,
                               behaviors b: CellBehaviors, particle: BehaviorParticle,
                               onHit: (CollisionHit) -> Void = { _ in }) -> MotionAnchor {
        guard !b.colliders.isEmpty else { return s1 }
        var from = s0, to = s1
        for hits in 0...maxHits {
            var first: (s: Double, index: Int)?
            for (i, c) in b.colliders.enumerated() {
                if let s = c.entry(from.position, to.position), s < (first?.s ?? .infinity) { first = (s, i) }
            }
            guard let (s, index) = first else { return to }
            let c = b.colliders[index]
            let p = from.position + (to.position - from.position) * s
            let v = from.velocity + (to.velocity - from.velocity) * s
            let age = from.age + (to.age - from.age) * s
            onHit(CollisionHit(age: age, position: p, velocity: v, collider: index,
                               arrives: c.distance(from.position) > tolerance, response: c.response))
            if c.response != .bounce { return MotionAnchor(age: s1.age, position: p, velocity: .zero) }
            let n = c.normal(at: p)
            let vn = dot(v, n)
            let out = (v - n * vn) * (1 - c.friction) + n * (vn < 0 ? -vn * c.restitution : vn)
            if hits == maxHits { return MotionAnchor(age: s1.age, position: p, velocity: out) }
            from = MotionAnchor(age: age, position: p, velocity: out)
            to = BehaviorMotion.rk4(from, to: s1.age, acceleration: a, behaviors: b, particle: particle)
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

    /// The contacts of the grid motion from `anchor` (a grid point) whose ticks lie in
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
        var n = Int64((anchor.age / BehaviorMotion.gridStep).rounded())
        while n * step < limit && found.kill == nil {
            let end = Double(n + 1) * BehaviorMotion.gridStep
            let next = collide(s, BehaviorMotion.rk4(s, to: end, acceleration: a, behaviors: b, particle: particle),
                               acceleration: a, behaviors: b, particle: particle) { hit in
                guard found.kill == nil, hit.tick > lower, hit.tick <= limit else { return }
                if hit.arrives { found.events.append(hit) }
                if hit.response == .kill { found.kill = hit }
            }
            s = next
            s.age = end
            n += 1
        }
        return found
    }
}
