import Foundation
import Testing
@testable import Plume

/// Issue 22 item 1: the differential position tolerance (``Tolerance/position``, 0.01 points)
/// derived for grid motion in a field whose gradient amplifies rounding (turbulence, vortices,
/// attractors), not only for the free grid of `Tolerance`'s comment.
///
/// **The model.** The GPU runs the reference's grid step in `float`. Each step rounds: the
/// position it stores (`u·|p|` a component, `u = 2⁻²⁴`), the field's argument (the noise
/// coordinate `2^o·(f·p + s·age·D_o)` to `3u` of itself: a position error of
/// `3u·(|p| + s·age/f)`, which the field's gradient `J` turns into `|J|·3u·(|p| + s·age/f)` of
/// acceleration), the field's arithmetic (each of a turbulence's ≈ 30 roundings an octave at most
/// `u` × 0.35·27·strength, the bound of an octave's three corner terms, √ of their count, plus
/// `10u·|f|` for the other terms), and the half-step velocity it stores (`3u·(|w| + |a|·h)`). A
/// step's own map `x ↦ S(x)` on the state `x = (p, w)` is differentiable, so to first order the
/// errors propagate as `e_{n+1} = A_n·e_n + r_{n+1}`, `A_n = ∂S/∂x` at the reference's state. The
/// roundings are independent (as in `Tolerance`'s comment), so their covariance propagates as
/// `C_{n+1} = A_n C_n A_nᵀ + R_{n+1}`, and the bound on a particle's position is
/// `max_n √(trace of C_n's position block)` over its life: the √n growth of the free grid, times
/// what the field's gradient adds along the particle's own path. `A_n` is taken by central
/// differences of the reference's step (`BehaviorMotion.drift`, `held`), `J` of its field.
///
/// That is the root sum of squares of the roundings' bounds `b`. A rounding is uniform within
/// `±b` (standard deviation `b/√3`), and their sum is close to normal, so a component's standard
/// deviation is the root sum of squares over √3, and a 2-D field's error lies in two components:
/// `σ = RSS/√6`. The suite compares M ≈ 3·10⁴ values a scenario (about 10³ particles, a few times,
/// three components), whose largest is about `√(2 ln M)·σ`: the expected worst difference is
/// ``worstFactor`` (1.85) × the root sum of squares.
///
/// The test derives the bound for particles of the differential scenarios' cell and checks it
/// against the tolerance: every grid-motion field the differential suite runs is within it, and
/// the rough field the suite left out (`motion two turbulences`: its second turbulence at
/// frequency 0.02 with 4 octaves, measured 0.022 points apart after 9–10 s) is not: the bound
/// explains it rather than a tuned number hiding it.
@Suite struct GridToleranceTests {
    static let u = 0x1p-24
    static let h = BehaviorMotion.gridStep
    /// The expected worst of M = 3·10⁴ compared values over the roundings' root sum of squares:
    /// `√(2 ln M) / √6`.
    static let worstFactor = (2 * log(30_000.0)).squareRoot() / 6.0.squareRoot()

    /// A 6-vector (position, half-step velocity) and 6×6 matrices, row-major.
    typealias Vector = [Double]
    typealias Matrix = [[Double]]

    static func state(_ s: MotionAnchor) -> Vector {
        [s.position.x, s.position.y, s.position.z, s.velocity.x, s.velocity.y, s.velocity.z]
    }

    static func anchor(_ x: Vector, age: Double) -> MotionAnchor {
        MotionAnchor(age: age, position: SIMD3(x[0], x[1], x[2]), velocity: SIMD3(x[3], x[4], x[5]))
    }

    static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<6).map { i in (0..<6).map { j in (0..<6).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func transpose(_ a: Matrix) -> Matrix { (0..<6).map { i in (0..<6).map { j in a[j][i] } } }

    /// The derived position bound (points: the expected worst difference, ``worstFactor`` × the
    /// roundings' root sum of squares) of a particle whose motion starts from `birth` (before its
    /// first grid point) and lasts `lifetime` seconds, in cell `cell`'s behaviours and acceleration,
    /// on the particle's grid (its ``BehaviorParticle/gridOffset``), each step with its collisions.
    static func derive(birth: MotionAnchor, lifetime: Double, cell: ResolvedCell, particle: BehaviorParticle) -> Double {
        let b = cell.behaviors, a = cell.acceleration
        func step(_ s: MotionAnchor, to age: Double) -> (MotionAnchor, SIMD3<Double>) {
            let d = BehaviorMotion.drift(s, to: age, acceleration: a, behaviors: b, particle: particle)
            var next = BehaviorMotion.held(Collisions.collide(s, d, behaviors: b), acceleration: d.acceleration)
            next.age = age
            return (next, d.acceleration)
        }
        func field(_ p: SIMD3<Double>, _ age: Double) -> SIMD3<Double> {
            BehaviorMotion.field(p, age, acceleration: a, behaviors: b, particle: particle)
        }
        // The birth state's own rounding (float birth position and velocity).
        var c: Matrix = (0..<6).map { i in (0..<6).map { j in i == j ? pow(u * abs(state(birth)[i]), 2) : 0 } }
        func gridAge(_ n: Double) -> Double { BehaviorMotion.gridAge(n, particle) }
        var n = BehaviorMotion.gridIndex(birth.age, particle) + 1
        var s = step(birth, to: gridAge(n)).0
        var worst = 0.0
        while gridAge(n) < lifetime {
            let age = gridAge(n), x = state(s)
            // A = ∂S/∂x by central differences.
            var columns: [Vector] = []
            for j in 0..<6 {
                let delta = 1e-5
                var plus = x, minus = x
                plus[j] += delta
                minus[j] -= delta
                let sp = state(step(anchor(plus, age: age), to: gridAge(n + 1)).0)
                let sm = state(step(anchor(minus, age: age), to: gridAge(n + 1)).0)
                columns.append((0..<6).map { (sp[$0] - sm[$0]) / (2 * delta) })
            }
            let A: Matrix = (0..<6).map { i in (0..<6).map { j in columns[j][i] } }
            // |J| of the field at p (the largest column sum: a bound on its 2-norm's image of a
            // position error of equal components).
            var gradient = 0.0
            for j in 0..<3 {
                var e = SIMD3<Double>.zero
                e[j] = 1e-5
                let df = (field(s.position + e, age) - field(s.position - e, age)) / 2e-5
                gradient = max(gradient, abs(df.x) + abs(df.y) + abs(df.z))
            }
            let (next, acc) = step(s, to: gridAge(n + 1))
            // The field's rounding, acceleration units (independent of the stored roundings).
            let f = field(s.position, age)
            var fieldRounding = pow(10 * u * length(f), 2)
            var argument = 3 * u * length(s.position)
            for t in b.turbulences {
                let p = t.parameters
                let octaves = Double(CurlNoise.octaveCount(p.octaves))
                fieldRounding += pow((30 * octaves).squareRoot() * u * 0.35 * CurlNoise.gain * abs(p.strength), 2)
                if p.noiseFrequency != 0 { argument = max(argument, 3 * u * (length(s.position) + abs(p.scrollSpeed) * age / abs(p.noiseFrequency))) }
            }
            fieldRounding += pow(gradient * argument, 2)
            let y = state(next)
            var r: Matrix = (0..<6).map { i in (0..<6).map { j in
                guard i == j else { return 0 }
                return i < 3 ? pow(u * abs(y[i]), 2) : pow(3 * u * (abs(y[i]) + abs(acc[i - 3]) * h), 2)
            } }
            // The field's error enters the position as h² and the velocity as h (correlated), per
            // component.
            let weights = [h * h, h * h, h * h, h, h, h]
            for i in 0..<6 { for j in 0..<6 where i % 3 == j % 3 { r[i][j] += weights[i] * weights[j] * fieldRounding } }
            c = multiply(multiply(A, c), transpose(A))
            for i in 0..<6 { for j in 0..<6 { c[i][j] += r[i][j] } }
            worst = max(worst, (c[0][0] + c[1][1] + c[2][2]).squareRoot())
            s = next
            n += 1
        }
        return worst * worstFactor
    }

    /// The largest derived bound over the first `count` particles born in `layer`'s first cell
    /// after 1 s of layer time (each taken within a grid step of its birth from the reference).
    static func largestBound(_ layer: EmitterLayer, count: Int = 24) throws -> (bound: Double, particles: Int) {
        let reference = ReferenceSimulator(layer: layer)
        let cell = ResolvedLayer(layer).cells[0]
        var seen = Set<ParticleIdentity>()
        var worst = 0.0
        var t = 1.0
        while seen.count < count && t < 8 {
            try reference.advance(to: t)
            for p in try reference.snapshot().particles where p.identity.cellPath == [0] && p.age < h && !seen.contains(p.identity) {
                seen.insert(p.identity)
                let particle = BehaviorParticle(behaviors: cell.behaviors, lifetime: p.lifetime, seed: layer.seed, key: p.identity.key,
                                                birthTick: Ticks.from(p.birthTime))
                let d = derive(birth: MotionAnchor(age: p.age, position: p.position, velocity: p.velocity),
                               lifetime: p.lifetime, cell: cell, particle: particle)
                worst = max(worst, d)
            }
            t += h
        }
        return (worst, seen.count)
    }

    /// The grid-motion fields of the differential suite (DifferentialMotion.swift), each derived
    /// within the tolerance.
    @Test(arguments: ["turbulence, 3 octaves", "turbulence of 8 octaves", "turbulence with drag and an attractor",
                      "two turbulences of 2 and 4 octaves", "vortex in a turbulence", "vortex", "attractor radial"])
    func theSuitesFieldsAreWithinTheTolerance(_ name: String) throws {
        let (bound, particles) = try Self.largestBound(Self.layer(name))
        print("derived position bound, \(name): \(String(format: "%.2e", bound)) points over \(particles) particles")
        #expect(particles >= 12, "\(name): only \(particles) particles sampled")
        #expect(bound <= Tolerance.position, "\(name): derived bound \(bound) points exceeds the tolerance \(Tolerance.position)")
    }

    /// The rough field the suite does not run: the derivation puts it beyond the tolerance
    /// (0.026 points), as the GPU measured it with the earlier lattice hash (0.022 points).
    @Test func aRoughFieldIsDerivedBeyondTheTolerance() throws {
        let (bound, particles) = try Self.largestBound(Self.twoTurbulences(frequency: 0.02))
        print("derived position bound, two turbulences, the second at frequency 0.02: \(String(format: "%.2e", bound)) points over \(particles) particles")
        #expect(bound > Tolerance.position)
    }

    /// The layer of the differential scenario `motion <name>`.
    static func layer(_ name: String) -> EmitterLayer {
        switch name {
        case "turbulence, 3 octaves": Scenarios.behaviorLayer([Scenarios.turbulence()])
        case "turbulence of 8 octaves": Scenarios.behaviorLayer([Scenarios.turbulence(octaves: 8)])
        case "turbulence with drag and an attractor":
            Scenarios.behaviorLayer([Scenarios.drag(0.3), Scenarios.turbulence(octaves: 5), Scenarios.attractor(.radial)])
        case "two turbulences of 2 and 4 octaves": twoTurbulences(frequency: 0.004)
        case "vortex in a turbulence": Scenarios.behaviorLayer([Scenarios.vortex(), Scenarios.turbulence(octaves: 2)])
        case "vortex": Scenarios.behaviorLayer([Scenarios.vortex()])
        default: Scenarios.behaviorLayer([Scenarios.attractor(.radial)])
        }
    }

    /// `motion two turbulences of 2 and 4 octaves`, its second turbulence at `frequency`.
    static func twoTurbulences(frequency: CGFloat) -> EmitterLayer {
        let eddies = Scenarios.turbulence(octaves: 4)
        eddies.name = "eddies"
        eddies.noiseFrequency = frequency
        eddies.strength = 60
        return Scenarios.behaviorLayer([Scenarios.turbulence(octaves: 2), eddies])
    }
}
