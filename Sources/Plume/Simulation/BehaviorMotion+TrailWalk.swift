import Foundation

/// A trail's walk back along the motion grid (Semantics §10 "Trails"): the positions a particle
/// had, from its anchor, through its bounces. The GPU's twin is `plume_trail_position`
/// (Shaders/plume_trail.glsl).
extension BehaviorMotion {
    /// ``position(_:at:acceleration:behaviors:particle:)`` at each of `ages`, which do not
    /// increase (a trail's, head first): grid motion walks back along its grid once for all of them.
    ///
    /// With colliders, a step run back that meets one (``Collisions/trailCut(_:_:behaviors:)``)
    /// held a collision. A bounce (restitution above 0, friction below 1) is run back through
    /// (`unbounce`): the ages after
    /// the hit take the path that left the surface, those before it the path that came in, so the
    /// trail bends at the surface as the particle did. Where the collision cannot be run back (a
    /// stick or kill, a surface the particle rests on, a bounce that keeps no normal speed) the
    /// walk stops there: the ages at or before that point's tick all give that point, so a trail
    /// never passes through a surface.
    public static func positions(_ anchor: MotionAnchor, at ages: [Double], acceleration a: SIMD3<Double>,
                                 behaviors b: CellBehaviors, particle: BehaviorParticle) -> [SIMD3<Double>] {
        var back = anchor          // grid motion: the grid point reached walking back
        var cut: (age: Double, position: SIMD3<Double>)?     // where the walk stopped at a collider
        // the bounce in the step that ends where `back` is: the path after it run back, its hit's age
        var bounce: (after: MotionAnchor, hitAge: Double)?
        return ages.map { age in
            guard age < anchor.age, b.motion == .grid else {
                return evaluate(anchor, at: age, acceleration: a, behaviors: b, particle: particle).0
            }
            // an anchor off the grid (its motion began there): the drift from it, run back
            guard holdsHalfStep(anchor) else { return drift(anchor, to: age, acceleration: a, behaviors: b, particle: particle).state.position }
            if let cut, age <= cut.age { return cut.position }
            if let bounce, age > bounce.hitAge {
                return drift(bounce.after, to: age, acceleration: a, behaviors: b, particle: particle).state.position
            }
            while back.age > age && back.age > 0 {
                let n = (back.age / gridStep).rounded() - 1
                var older = stepBack(back, acceleration: a, behaviors: b, particle: particle)
                older.age = n * gridStep
                if let (s, i) = Collisions.trailCut(back.position, older.position, behaviors: b) {
                    if s > 0, let run = unbounce(back, naive: older, fraction: s, collider: b.colliders[i],
                                                 acceleration: a, behaviors: b, particle: particle) {
                        bounce = (older, run.hitAge)
                        back = run.before
                        if age > run.hitAge { return drift(older, to: age, acceleration: a, behaviors: b, particle: particle).state.position }
                        continue
                    }
                    // the tick rounded as the GPU rounds it (floor(x + ½), x ≥ 0)
                    let tick = Ticks.from(back.age) - Int64((s * Double(gridTicks)).rounded())
                    let stop = (age: Ticks.time(tick), position: back.position + (older.position - back.position) * s)
                    cut = stop
                    back = older
                    bounce = nil
                    if age <= stop.age { return stop.position }
                    break
                }
                back = older
                bounce = nil
            }
            return age > back.age ? drift(back, to: age, acceleration: a, behaviors: b, particle: particle).state.position
                : back.position
        }
    }

    /// A grid step that held a bounce, run back (Semantics §10 "Trails"): `newer` is the grid
    /// state at its end (`n·h`, a half-step velocity `w`), `naive` the step back from it without
    /// collisions (``stepBack(_:acceleration:behaviors:particle:)``), whose chord enters collider
    /// `c` at `fraction` > 0. Returns the grid state at `(n − 1)·h` as the particle held it before
    /// the bounce, and the hit's age (seconds, on the tick grid); nil where the bounce cannot be run
    /// back (`c` does not bounce, restitution 0 or friction 1, or no normal speed leaves the
    /// surface).
    ///
    /// The step's motion (``drift(_:to:acceleration:behaviors:particle:)`` and
    /// ``Collisions/collide(_:_:behaviors:onHit:)``) under its acceleration `A` and speed factor `g`:
    /// after the hit, `ρ` seconds before `n·h`, the particle left the surface with
    /// `u = w + A·(h/2 − ρ)`, so it was at `H(ρ) = p − (w + A·(h − ρ)/2)·g·ρ`. `ρ` is the first root
    /// of the collider's distance along `H` (bisection from `fraction`); at the surface the
    /// response is undone (the normal part of `u` ÷ −restitution, the tangential ÷ (1 − friction)),
    /// and the chord before the hit, `τ = h − ρ` long, runs back to `p₀ = H − (v₀ + A·h/2)·g·τ`
    /// with `v₀ = v_hit − A·τ`. `A` is the acceleration at `p₀` (the field there and drag), found by
    /// two rounds from the naive state's: exact, to rounding, under constant forces.
    static func unbounce(_ newer: MotionAnchor, naive older: MotionAnchor, fraction: Double, collider c: ResolvedCollider,
                         acceleration a: SIMD3<Double>, behaviors b: CellBehaviors,
                         particle: BehaviorParticle) -> (before: MotionAnchor, hitAge: Double)? {
        guard c.response == .bounce, c.restitution > 0, c.friction < 1, fraction > 0 else { return nil }
        let h = gridStep, half = gridStep * 0.5
        let g = factor(b, older.age + half, particle.lifetime)
        let p = newer.position, w = newer.velocity
        func path(_ rho: Double, _ acc: SIMD3<Double>) -> SIMD3<Double> { p - (w + acc * ((h - rho) * 0.5)) * (g * rho) }
        var acc = kick(older, field: field(older.position, older.age, acceleration: a, behaviors: b, particle: particle),
                       drag: b.drag).acceleration
        var result: (before: MotionAnchor, hitAge: Double)?
        for round in 0..<2 {
            var lo = 0.0, hi = -1.0
            for rho in [fraction * h, (1 + fraction) * half, h] where c.distance(path(rho, acc)) <= 0 {
                hi = rho
                break
            }
            guard hi > 0 else { return nil }
            for _ in 0..<unbounceBisections {
                let mid = (lo + hi) * 0.5
                if c.distance(path(mid, acc)) > 0 { lo = mid } else { hi = mid }
            }
            let hit = path(lo, acc)
            let out = w + acc * (half - lo)
            let n = c.normal(at: hit)
            let vn = dot(out, n)
            guard vn > 0 else { return nil }
            let vHit = (out - n * vn) / (1 - c.friction) - n * (vn / c.restitution)
            let tau = h - lo
            let v0 = vHit - acc * tau
            let p0 = hit - (v0 + acc * half) * (g * tau)
            let before = MotionAnchor(age: older.age, position: p0, velocity: older.age > 0 ? v0 - acc * half : v0)
            // the tick rounded as the GPU rounds it (floor(x + ½), x ≥ 0)
            result = (before, Ticks.time(Ticks.from(older.age) + Int64((tau * Ticks.perSecond).rounded())))
            if round == 0 {
                acc = kick(before, field: field(p0, older.age, acceleration: a, behaviors: b, particle: particle), drag: b.drag).acceleration
            }
        }
        return result
    }

    /// Halvings of the search for a bounce's hit run back: 2⁻³² of a grid step (float on the GPU
    /// stops improving after about 24).
    static let unbounceBisections = 32
}
