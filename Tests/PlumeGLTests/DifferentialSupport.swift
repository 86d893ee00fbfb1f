import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// Tolerances of the GPU ↔ reference comparison, and why.
///
/// Which particles exist is decided in integer ticks on both simulators (`Ticks`: births,
/// lifetimes, ages, clocks), so identities, birth times and lifetimes must be *equal*. The GPU keeps
/// positions, velocities and birth attributes in `float` (24-bit mantissa) while the reference uses
/// `Double`. The position bound, derived for a scene within |p| ≤ 1024 points (half an ulp there:
/// h = 2⁻¹⁴ ≈ 6.1e-5 points):
/// * ballistic and closed-form motion are evaluated from an anchor in one formula of at most five
///   roundings of magnitude ≤ |p|; the anchor moves only where the acceleration or the behaviours
///   change (k times), each move adding the same: error ≤ 5·(k + 1)·h, so 0.01 points holds for
///   k ≤ 31 changes in a particle's life (the scenarios change at most a few times);
/// * grid motion (leapfrog, Semantics §12) re-stores its anchor at every grid step, n = 64 a
///   second: each step rounds the position once (≤ h) and the half-step velocity once (relative
///   2⁻²⁴: δ ≤ 1.8e-5 points/s at |v| ≤ 300 points/s, the scenarios' speeds), and its displacement
///   is rounded relative to itself (≤ |v|·dt·2⁻²⁴, below h). The roundings are independent: the
///   positions' add up as √n·h (1.5e-3 after 10 s, n = 640), and a velocity rounding at step i
///   moves every later position by δ·(n − i)/64 s, together δ·(1/64)·√(Σ(n − i)²) ≈
///   δ·n^{3/2}/(64·√3) (2.6e-3 after 10 s); both together √(1.5² + 2.6²)·10⁻³ ≈ 3.0e-3 points
///   after 10 s, 0.01 after about 30 s (the scenarios run ≤ 10 s; measured worst: see the suites'
///   printed worst errors). The force is evaluated once a step from the stored state, so a
///   rounding is not amplified by the step itself; the grid's truncation (BehaviorFormulaTests)
///   is the same on both simulators and cancels in the comparison;
/// * in a field whose gradient amplifies a difference (turbulence, vortices, attractors), the
///   roundings propagate through each step's derivative along the particle's own path, and the
///   field's evaluation adds its own: `GridToleranceTests` derives the expected worst difference
///   that way for the differential suite's fields (9.3e-4 to 7.3e-3 points) and for the rough
///   field it leaves out (0.024 points; measured 0.022);
/// * a bounce off a sphere moves a grazing hit by the square root of the rounding
///   (``sphereBounce(radius:)``): the scenes with the 35-point ball compare within 0.075 points
///   and the matching velocity bound (measured up to 0.0105 points).
/// Velocities up to ~1000 points/s get the same relative error. Scale, angle and colour are O(1)
/// values computed from float birth values in a few operations: 1e-4 absolute is ~100 float ulps
/// of headroom.
enum Tolerance {
    /// Collision events and kills (Semantics §12 "Collisions"): a hit's tick is where the float
    /// path crosses the surface, and the path is within ``position`` of the reference's, so the
    /// ticks differ by up to `position / vₙ` (vₙ the speed across the surface): 8 ticks
    /// (1.2·10⁻⁴ s) where particles arrive faster than 80 pt/s, as the collision scenarios'
    /// do (they fall 100+ points under 250 pt/s² and die or keep bouncing at restitution 0.9).
    /// Their children's birth times (and a killed particle's death) may differ by that much
    /// (measured: 1 tick), and a child born a tick apart is apart by its speed × a tick (4.6e-3
    /// points at 300 pt/s): the collision scenarios keep their children slower.
    static let hitTicks = 8.0
    static let position = 0.01
    static let velocity = 0.01
    /// The float error of a position in a scene within |p| ≤ 1024 points: 2⁻²⁴·1024 ≈ 6.1e-5 points.
    static let sceneRounding = 0x1p-24 * 1024

    /// The position bound of a scene whose particles bounce off a sphere of radius `r` and fly on
    /// (Behaviors, "collider"): where a chord grazes the sphere, the hit (the smaller root of a
    /// quadratic whose discriminant is nearly 0) moves along the surface by up to `√(2·r·ε)`, ε the
    /// positions' float error (``sceneRounding``; the sagitta relation of a circle of radius `r`),
    /// on top of the grid's ``position``: 0.075 points for a 35-point ball. The reference measures
    /// up to 0.048 points on such a ball; the differential scenes let the particles stick to the
    /// floor after it, so the bound applies to those in flight between the two.
    static func sphereBounce(radius r: Double) -> Double { (2 * r * sceneRounding).squareRoot() + position }

    /// The velocity bound beside ``sphereBounce(radius:)``: the normal the particle leaves along
    /// turns by up to `√(2·ε/r)`, which turns its velocity by that times its speed `v` (0.55
    /// points/s at 300 points/s off a 35-point ball), on top of ``velocity``.
    static func sphereBounceVelocity(radius r: Double, speed v: Double) -> Double {
        v * (2 * sceneRounding / r).squareRoot() + velocity
    }
    static let scale = 1e-4
    static let angle = 1e-4
    static let color = 1e-4
}

/// The worst difference seen per attribute over a comparison.
struct WorstErrors: CustomStringConvertible {
    var position = 0.0, velocity = 0.0, scale = 0.0, angle = 0.0, color = 0.0, compared = 0
    /// The worst trail point (Semantics §10 "Trails") and the trail points compared.
    var trail = 0.0, trailPoints = 0

    mutating func merge(_ o: WorstErrors) {
        position = max(position, o.position); velocity = max(velocity, o.velocity)
        scale = max(scale, o.scale); angle = max(angle, o.angle); color = max(color, o.color)
        compared += o.compared
        trail = max(trail, o.trail); trailPoints += o.trailPoints
    }

    var description: String {
        String(format: "position %.2e pt, velocity %.2e pt/s, scale %.2e, angle %.2e, colour %.2e over %d particles",
               position, velocity, scale, angle, color, compared)
            + (trailPoints == 0 ? "" : String(format: ", trail points %.2e pt over %d", trail, trailPoints))
    }
}

/// Compares a GPU snapshot with the reference's at the same host time. Records an issue naming the
/// configuration, time, seed, particle and both values on the first mismatch of each kind.
/// `birthTicks`: the ticks a birth time may differ by (``Tolerance/hitTicks`` where births are
/// at collisions), else 0.
@discardableResult
func compareSnapshots(gpu: ParticleSnapshot, cpu: ParticleSnapshot, configuration: String, seed: UInt32,
                      birthTicks: Double = 0, position: Double = Tolerance.position, velocity: Double = Tolerance.velocity,
                      sourceLocation: SourceLocation = #_sourceLocation) -> WorstErrors {
    var worst = WorstErrors()
    let context = "\(configuration) (seed \(seed)) at host time \(cpu.hostTime), layer time \(cpu.layerTime ?? .nan)"
    let gpuIDs = gpu.particles.map(\.identity), cpuIDs = cpu.particles.map(\.identity)
    if gpuIDs != cpuIDs {
        let missing = Set(cpuIDs).subtracting(gpuIDs).sorted()
        let extra = Set(gpuIDs).subtracting(cpuIDs).sorted()
        let cpuByID = Dictionary(cpu.particles.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
        let gpuByID = Dictionary(gpu.particles.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
        let message = "\(context): GPU has \(gpuIDs.count) particles, reference \(cpuIDs.count); "
            + "missing on GPU \(missing.count) e.g. \(missing.prefix(3).compactMap { cpuByID[$0]?.description }); "
            + "extra on GPU \(extra.count) e.g. \(extra.prefix(3).compactMap { gpuByID[$0]?.description })"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return worst
    }
    var reported = Set<String>()
    func check(_ name: String, _ d: Double, _ limit: Double, _ g: SnapshotParticle, _ c: SnapshotParticle, _ gv: String, _ cv: String) {
        if !(d <= limit) && !reported.contains(name) {
            reported.insert(name)
            let message = "\(context): \(c.identity) \(name) differs by \(d) (tolerance \(limit)): GPU \(gv), reference \(cv)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
    for (g, c) in zip(gpu.particles, cpu.particles) {
        let dp = maxAbs(g.position - c.position), dv = maxAbs(g.velocity - c.velocity)
        let ds = abs(g.scale - c.scale), da = abs(g.angle - c.angle), dc = maxAbs(g.color - c.color)
        worst.position = max(worst.position, dp); worst.velocity = max(worst.velocity, dv)
        worst.scale = max(worst.scale, ds); worst.angle = max(worst.angle, da); worst.color = max(worst.color, dc)
        worst.compared += 1
        check("position", dp, position, g, c, "\(g.position)", "\(c.position)")
        check("velocity", dv, velocity, g, c, "\(g.velocity)", "\(c.velocity)")
        check("scale", ds, Tolerance.scale, g, c, "\(g.scale)", "\(c.scale)")
        check("angle", da, Tolerance.angle, g, c, "\(g.angle)", "\(c.angle)")
        check("colour", dc, Tolerance.color, g, c, "\(g.color)", "\(c.color)")
        if g.frame != c.frame {
            check("sprite frame", .infinity, 0, g, c, "\(g.frame)", "\(c.frame)")
        }
        if g.trail.count != c.trail.count {
            check("trail points", .infinity, 0, g, c, "\(g.trail.count)", "\(c.trail.count)")
        } else if !g.trail.isEmpty {
            let dt = zip(g.trail, c.trail).map { maxAbs($0 - $1) }.max() ?? 0
            worst.trail = max(worst.trail, dt)
            worst.trailPoints += g.trail.count
            check("trail", dt, position, g, c, "\(g.trail)", "\(c.trail)")
        }
        if abs(g.birthTime - c.birthTime) * Ticks.perSecond > birthTicks || g.lifetime != c.lifetime {
            check("birth/lifetime", .infinity, 0, g, c, "\(g.birthTime)/\(g.lifetime)", "\(c.birthTime)/\(c.lifetime)")
        }
    }
    return worst
}

