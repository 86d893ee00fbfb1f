import Foundation

/// Where a particle's motion restarts from (Semantics §12 "Motion"): its age, position and raw
/// velocity (the velocity before a `valueOverLife` speed factor) at that age.
///
/// For closed-form motion the anchor may be moved to any age (the formulas continue exactly);
/// for grid motion it lies on the particle's grid (the ages at which layer time is a multiple of
/// `gridStep`: ``BehaviorMotion/gridAge(_:_:)``), and at a grid point after birth its `velocity` is
/// the leapfrog's half-step velocity `v(t − h/2)`, not the velocity there (at birth, or where grid
/// motion began off the grid, the velocity at its age); for an orbit it is the birth.
public struct MotionAnchor: Hashable, Sendable {
    /// The particle's age at the anchor, seconds.
    public var age: Double
    /// Its position then, layer points.
    public var position: SIMD3<Double>
    /// Its raw velocity then, points per second (grid motion at a grid point after birth: the
    /// half-step velocity; ``BehaviorMotion/evaluate(_:at:acceleration:behaviors:particle:)`` gives the velocity).
    public var velocity: SIMD3<Double>

    /// An anchor at `age` with the particle's `position` and raw `velocity` there.
    public init(age: Double, position: SIMD3<Double>, velocity: SIMD3<Double>) {
        self.age = age
        self.position = position
        self.velocity = velocity
    }
}

/// The per-particle constants behaviours need: the lifetime and the random draws of Semantics §2.
public struct BehaviorParticle: Sendable {
    /// The particle's lifetime, seconds (curves run over `age / lifetime`).
    public var lifetime: Double
    /// Sum of the particle's radial and tangential accelerations, points/s².
    public var radial = 0.0
    /// Sum of the particle's tangential accelerations, points/s².
    public var tangential = 0.0
    /// The orbit's sampled start and end radius and angular speed.
    public var orbit: (r0: Double, r1: Double, omega: Double) = (0, 0, 0)
    /// The particle's birth tick modulo ``BehaviorMotion/gridTicks`` (layer local time, ticks,
    /// 0 ..< 1024): its grid points are the ages at which layer time is a multiple of the grid step,
    /// so every particle of a layer steps at the same layer times (Semantics §12).
    public var gridOffset: Int64 = 0
    /// The particle's birth, layer local time in ticks: where a moving collider's ``ColliderSweep``
    /// is at each of its ages.
    public var birthTick: Int64 = 0

    /// Draws the particle's constants for `behaviors` (`seed`, `key`: Semantics §2); `birthTick`:
    /// its birth, layer local time in ticks (where its grid lies).
    public init(behaviors b: CellBehaviors, lifetime: Double, seed: UInt32, key: ParticleKey, birthTick: Int64 = 0) {
        self.lifetime = lifetime
        self.birthTick = birthTick
        gridOffset = BehaviorMotion.gridPhase(birthTick)
        func u(_ draw: UInt32) -> Double { ParticleHash.unit(ParticleHash.hash(seed: seed, key: key, draw: draw)) }
        func spread(_ mean: Double, _ range: Double, _ draw: UInt32) -> Double {
            range == 0 ? mean : mean + (u(draw) - 0.5) * range
        }
        radial = b.radial.reduce(0) { $0 + spread($1.acceleration, $1.range, $1.draw) }
        tangential = b.tangential.reduce(0) { $0 + spread($1.acceleration, $1.range, $1.draw) }
        if let o = b.orbit {
            orbit = (spread(o.startRadius, o.startRadiusRange, o.draw), spread(o.endRadius, o.endRadiusRange, o.draw + 1),
                     spread(o.angularSpeed, o.angularSpeedRange, o.draw + 2))
        }
    }
}

/// Particle motion under behaviours (Semantics §12): closed forms where they exist, else a fixed
/// grid of layer time with a leapfrog (velocity Verlet) step, one force evaluation a step, so the
/// result does not depend on the host's update times.
public enum BehaviorMotion {
    /// The grid step of forces with no closed form: 1/64 s (1024 ticks, so grid points are whole
    /// ticks). The leapfrog step is second order: its error after a time `T` is `O(h²)`
    /// (BehaviorFormulaTests.theGridIsAccurate states and checks the bound for drag and waves).
    public static let gridStep = 1.0 / 64
    /// ``gridStep`` in ticks (``Ticks``): 1024.
    public static let gridTicks = 1024

    /// Where layer tick `tick` lies in its grid step: `tick` mod ``gridTicks`` (0 ..< 1024, also
    /// for negative ticks). A particle's ``BehaviorParticle/gridOffset`` is its birth tick's.
    public static func gridPhase(_ tick: Int64) -> Int64 { tick & Int64(gridTicks - 1) }

    /// The index of the particle's last grid point at or before `age` (seconds): `⌊(age + o)/h⌋`,
    /// `o` its ``BehaviorParticle/gridOffset`` in seconds. Exact in `Double` (ticks are binary
    /// fractions of a second).
    public static func gridIndex(_ age: Double, _ particle: BehaviorParticle) -> Double {
        ((age + Ticks.time(particle.gridOffset)) / gridStep).rounded(.down)
    }

    /// The age (seconds) of the particle's grid point `n`: `n·h − o` (layer time there is a
    /// multiple of the grid step).
    public static func gridAge(_ n: Double, _ particle: BehaviorParticle) -> Double {
        n * gridStep - Ticks.time(particle.gridOffset)
    }

    /// Position and reported velocity (raw velocity × speed factor) at `age ≥ anchor.age`.
    public static func evaluate(_ anchor: MotionAnchor, at age: Double, acceleration a: SIMD3<Double>,
                                behaviors b: CellBehaviors, particle: BehaviorParticle) -> (SIMD3<Double>, SIMD3<Double>) {
        switch b.motion {
        case .ballistic:
            let dt = age - anchor.age
            return (anchor.position + anchor.velocity * dt + 0.5 * a * dt * dt, anchor.velocity + a * dt)
        case .orbit:
            return orbit(anchor, at: age, particle: particle)
        case .closedForm:
            let s = closedForm(anchor, to: age, acceleration: a, behaviors: b, lifetime: particle.lifetime)
            return (s.position, s.velocity * factor(b, age, particle.lifetime))
        case .grid:
            let grid = advance(anchor, to: age, acceleration: a, behaviors: b, particle: particle)
            let s = Collisions.collide(grid, drift(grid, to: age, acceleration: a, behaviors: b, particle: particle), behaviors: b,
                                       particle: particle)
            return (s.position, s.velocity * factor(b, age, particle.lifetime))
        }
    }

    /// The anchor advanced to `age`: moved there for closed forms, to the last grid point at or
    /// before it for grid motion, unchanged for orbits.
    public static func advance(_ anchor: MotionAnchor, to age: Double, acceleration a: SIMD3<Double>,
                               behaviors b: CellBehaviors, particle: BehaviorParticle) -> MotionAnchor {
        switch b.motion {
        case .ballistic:
            let dt = age - anchor.age
            return MotionAnchor(age: age, position: anchor.position + anchor.velocity * dt + 0.5 * a * dt * dt,
                                velocity: anchor.velocity + a * dt)
        case .orbit:
            return anchor
        case .closedForm:
            return closedForm(anchor, to: age, acceleration: a, behaviors: b, lifetime: particle.lifetime)
        case .grid:
            var s = anchor
            var n = gridIndex(anchor.age, particle)
            while gridAge(n + 1, particle) <= age {
                let next = gridAge(n + 1, particle)
                let d = drift(s, to: next, acceleration: a, behaviors: b, particle: particle)
                s = held(Collisions.collide(s, d, behaviors: b, particle: particle), acceleration: d.acceleration)
                n += 1
                s.age = next
            }
            return s
        }
    }

    /// The `valueOverLife` speed factor at `age` (1 without one).
    static func factor(_ b: CellBehaviors, _ age: Double, _ lifetime: Double) -> Double {
        b.velocity?.value(at: age / lifetime) ?? 1
    }

    // MARK: Closed forms

    /// Drag `k`, waves and the constant acceleration (`dv/dτ = a + Σ F·sin(ωτ + φ) − k·v`), then the
    /// speed factor when there is no drag or wave (`dp/dτ = g(τ/L)·v` with `v` linear: the
    /// integrand is quadratic on each piece of `g`, so Simpson's rule is exact).
    static func closedForm(_ s: MotionAnchor, to age: Double, acceleration a: SIMD3<Double>,
                           behaviors b: CellBehaviors, lifetime: Double) -> MotionAnchor {
        let dt = age - s.age
        if let g = b.velocity {
            // velocity curve alone (the motion class guarantees no drag and no wave)
            let w = { (t: Double) in s.velocity + a * (t - s.age) }
            let gv = { (t: Double) in w(t) * g.value(at: t / lifetime) }
            // ∫ from the lower to the upper age, split at the curve's keys (either direction)
            let (low, high) = (min(s.age, age), max(s.age, age))
            var integral = SIMD3<Double>.zero
            var start = low
            for x in g.locations {
                let t = x * lifetime
                guard t > start && t < high else { continue }
                integral += (t - start) / 6 * (gv(start) + 4 * gv((start + t) / 2) + gv(t))
                start = t
            }
            integral += (high - start) / 6 * (gv(start) + 4 * gv((start + high) / 2) + gv(high))
            return MotionAnchor(age: age, position: s.position + (age >= s.age ? integral : -integral), velocity: w(age))
        }
        let k = b.drag
        let kd = k * dt
        let e1 = k == 0 ? dt : -expm1(-kd) / k                 // ∫₀^Δ e^{−kτ} dτ
        let e2 = abs(kd) < 1e-3 ? dt * dt * (0.5 - kd / 6 + kd * kd / 24) : (dt - e1) / k   // ∫₀^Δ ∫₀^τ e^{−kσ}
        let decay = exp(-kd)
        var v = s.velocity * decay + a * e1
        var p = s.position + s.velocity * e1 + a * e2
        for wave in b.resolvedWaves {
            let (f, w, phase) = (wave.force, wave.omega, wave.phase)
            if w == 0 {
                // a constant acceleration f·sin φ (zero at Core Animation's phase 0)
                v += f * sin(phase) * e1
                p += f * sin(phase) * e2
                continue
            }
            let d = k * k + w * w
            func sPart(_ t: Double) -> Double { (k * sin(w * t + phase) - w * cos(w * t + phase)) / d }
            func cPart(_ t: Double) -> Double { (-(k / w) * cos(w * t + phase) - sin(w * t + phase)) / d }
            v += f * (sPart(age) - sPart(s.age) * decay)
            p += f * (cPart(age) - cPart(s.age) - sPart(s.age) * e1)
        }
        return MotionAnchor(age: age, position: p, velocity: v)
    }

    /// Circular motion about the birth point `anchor.position`: radius `r0 + (r1 − r0)·τ/L`, angle
    /// `θ₀ + ω·τ` with `θ₀` the direction of the birth velocity in the layer plane (0 at rest).
    static func orbit(_ anchor: MotionAnchor, at age: Double, particle: BehaviorParticle) -> (SIMD3<Double>, SIMD3<Double>) {
        let (r0, r1, omega) = particle.orbit
        let v0 = anchor.velocity
        let theta0 = v0.x == 0 && v0.y == 0 ? 0 : atan2(v0.y, v0.x)
        let theta = theta0 + omega * age
        let dr = (r1 - r0) / particle.lifetime
        let r = r0 + dr * age
        let u = SIMD3(cos(theta), sin(theta), 0)
        let perp = SIMD3(-sin(theta), cos(theta), 0)
        return (anchor.position + u * r, u * dr + perp * (r * omega))
    }

    // MARK: Grid

    /// The forces at `p`, `v`, age `t`: the cell's constant acceleration, waves, drag,
    /// attractors, turbulence, vortices, radial and tangential accelerations about ``CellBehaviors/center``.
    static func force(_ p: SIMD3<Double>, _ v: SIMD3<Double>, _ t: Double, acceleration a: SIMD3<Double>,
                      behaviors b: CellBehaviors, particle: BehaviorParticle) -> SIMD3<Double> {
        var f = a - b.drag * v
        for wave in b.resolvedWaves { f += wave.force * sin(wave.omega * t + wave.phase) }
        for attractor in b.attractors { f += attractor.acceleration(at: p) }
        for turbulence in b.turbulences { f += turbulence.acceleration(at: p, age: t) }
        for vortex in b.vortices { f += vortex.acceleration(at: p) }
        if particle.radial != 0 || particle.tangential != 0 {
            let d = p - b.center
            let r = length(d)
            if r > 0 { f += d * (particle.radial / r) }
            let rxy = (d.x * d.x + d.y * d.y).squareRoot()
            if rxy > 0 { f += SIMD3(-d.y, d.x, 0) * (particle.tangential / rxy) }
        }
        return f
    }

    /// The forces at `p`, age `t` without drag: ``force(_:_:_:acceleration:behaviors:particle:)``
    /// at rest (drag, the only term that depends on the velocity, enters the grid's step implicitly).
    static func field(_ p: SIMD3<Double>, _ t: Double, acceleration a: SIMD3<Double>,
                      behaviors b: CellBehaviors, particle: BehaviorParticle) -> SIMD3<Double> {
        force(p, .zero, t, acceleration: a, behaviors: b, particle: particle)
    }

    /// Whether grid motion's anchor `s` holds a half-step velocity: its age is one of the
    /// particle's grid points after birth (Semantics §12: the velocity `v(t − h/2)` of the step
    /// that reached it). An anchor at birth (age 0) or off the grid (where grid motion began after
    /// an update's behaviours changed) holds the velocity at its age.
    static func holdsHalfStep(_ s: MotionAnchor, _ particle: BehaviorParticle) -> Bool {
        let n = (s.age + Ticks.time(particle.gridOffset)) / gridStep
        return s.age > 0 && n == n.rounded()
    }

    /// The velocity and acceleration at the anchor `s` of grid motion, from `f`, the
    /// ``field(_:_:acceleration:behaviors:particle:)`` at its point. With a half-step velocity
    /// `w = v(t − h/2)` (``holdsHalfStep(_:_:)``), drag `k` is implicit: `a = f − k·v` with
    /// `v = w + a·h/2`, so `a = (f − k·w) / (1 + k·h/2)`; else `a = f − k·v`.
    static func kick(_ s: MotionAnchor, field f: SIMD3<Double>, drag k: Double,
                     particle: BehaviorParticle) -> (velocity: SIMD3<Double>, acceleration: SIMD3<Double>) {
        guard holdsHalfStep(s, particle) else { return (s.velocity, f - k * s.velocity) }
        let half = gridStep * 0.5
        let acc = (f - k * s.velocity) / (1 + k * half)
        return (s.velocity + acc * half, acc)
    }

    /// The motion from the grid anchor `s` to `age` (at most one grid step on, or back from an
    /// anchor that holds no half-step velocity; not kept): with `v`, `a` the velocity and
    /// acceleration at `s` (``kick(_:field:drag:particle:)``, one force evaluation) and `τ = age − s.age`,
    /// the position `p + (v + a·τ/2)·(g·τ)` (the speed factor `g` at `s.age + τ/2`) and the raw
    /// velocity `v + a·τ`. `velocity`, `acceleration` and `speed` are `v`, `a` and `g`: the
    /// collisions on the chord use them (Colliders.swift). A grid step is the drift to the next
    /// grid point, its collisions, then ``held(_:acceleration:)``.
    static func drift(_ s: MotionAnchor, to age: Double, acceleration a: SIMD3<Double>, behaviors b: CellBehaviors,
                      particle: BehaviorParticle) -> Drift {
        let (v, acc) = kick(s, field: field(s.position, s.age, acceleration: a, behaviors: b, particle: particle),
                            drag: b.drag, particle: particle)
        let tau = age - s.age
        let g = factor(b, s.age + tau * 0.5, particle.lifetime)
        return Drift(state: MotionAnchor(age: age, position: s.position + (v + acc * (tau * 0.5)) * (g * tau), velocity: v + acc * tau),
                     velocity: v, acceleration: acc, speed: g)
    }

    /// `BehaviorMotion.drift`'s result (a grid step's motion): the state at the age, and the
    /// velocity, acceleration and speed factor that reach it from the anchor.
    public struct Drift: Sendable {
        /// The position and raw velocity at the drift's age.
        public var state: MotionAnchor
        /// The raw velocity at the anchor, points per second.
        public var velocity: SIMD3<Double>
        /// The acceleration over the drift, points/s².
        public var acceleration: SIMD3<Double>
        /// The speed factor over the drift.
        public var speed: Double
    }

    /// A grid point's state as grid motion holds it: the velocity `v` at it becomes the half-step
    /// velocity `v − a·h/2` (`a` the acceleration of the step that reached it).
    static func held(_ s: MotionAnchor, acceleration acc: SIMD3<Double>) -> MotionAnchor {
        MotionAnchor(age: s.age, position: s.position, velocity: s.velocity - acc * (gridStep * 0.5))
    }

    /// One classical Runge–Kutta step from `s` to `age` (a reference integrator for tests at fine
    /// steps; grid motion uses the grid step):
    /// `dp/dτ = g(τ/L)·v`, `dv/dτ = force(p, v, τ)`, `s.velocity` the velocity at `s.age`.
    static func rk4(_ s: MotionAnchor, to age: Double, acceleration a: SIMD3<Double>,
                    behaviors b: CellBehaviors, particle: BehaviorParticle) -> MotionAnchor {
        guard age > s.age else { return s }
        let h = age - s.age
        let lifetime = particle.lifetime
        func g(_ t: Double) -> Double { b.velocity?.value(at: t / lifetime) ?? 1 }
        func acc(_ p: SIMD3<Double>, _ v: SIMD3<Double>, _ t: Double) -> SIMD3<Double> {
            force(p, v, t, acceleration: a, behaviors: b, particle: particle)
        }
        let t0 = s.age, tm = s.age + h / 2
        let (p1, v1) = (s.position, s.velocity)
        let a1 = acc(p1, v1, t0), dp1 = v1 * g(t0)
        let p2 = p1 + dp1 * (h / 2), v2 = v1 + a1 * (h / 2)
        let a2 = acc(p2, v2, tm), dp2 = v2 * g(tm)
        let p3 = p1 + dp2 * (h / 2), v3 = v1 + a2 * (h / 2)
        let a3 = acc(p3, v3, tm), dp3 = v3 * g(tm)
        let p4 = p1 + dp3 * h, v4 = v1 + a3 * h
        let a4 = acc(p4, v4, age), dp4 = v4 * g(age)
        return MotionAnchor(age: age, position: p1 + (dp1 + 2 * dp2 + 2 * dp3 + dp4) * (h / 6),
                            velocity: v1 + (a1 + 2 * a2 + 2 * a3 + a4) * (h / 6))
    }
}
