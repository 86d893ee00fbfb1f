import Foundation
import Plume

/// One layer-tree fuzz case run on the reference and on another simulator (the GPU one, in the
/// test and the command) through the same host times and edits.
///
/// Checked at every update: neither simulator throws; every particle is finite with
/// `0 ≤ age < lifetime`; and where neither dropped a birth, the two agree particle by particle
/// (same identities, birth times and lifetimes exactly; other attributes within
/// ``FuzzCase/tolerance`` of the magnitude at hand) with the same diagnostics.
public struct FuzzCase {
    public let seed: UInt64
    public let layer: EmitterLayer
    public let times: [Double]
    private var generator: FuzzLayer

    /// Relative tolerance of the comparison: the GPU keeps positions, velocities and birth values
    /// in float (24-bit mantissa); 1e-4 of the magnitude, plus 0.01 absolute (the differential
    /// suite's contract for ordinary scenes), leaves ~100 float ulps for extreme values. The age
    /// at which a GPU record's motion is anchored is a float too (one ulp of an age of 0.3 s is
    /// 3e-8 s): with an acceleration `a` the velocity may differ by `a` times that, so the
    /// tolerance adds 1e-6 × |a| × (age + 1) (and its integral for positions) — 30 pt/s at the
    /// largest accepted acceleration, 1e9 pt/s², found by this fuzzer. Likewise a birth position
    /// on a shape is a float sample times the emitter's extent: 1e-6 of the layer's largest extent
    /// is added to the position tolerance (60 pt on a 1e9-point emitter, also found by it).
    public static let tolerance = 1e-4

    /// Case `index` of a run seeded `runSeed`.
    public init(runSeed: UInt64, index: Int, updates: Int = 12) {
        seed = FuzzRandom.caseSeed(run: runSeed, index: index)
        generator = FuzzLayer(seed: seed)
        layer = generator.makeLayer()
        times = generator.makeTimes(count: updates)
    }

    /// The result of running a case.
    public struct Outcome: Sendable {
        /// Snapshots compared particle by particle (updates where neither simulator dropped).
        public var comparedUpdates = 0
        public var comparedParticles = 0
        /// Updates not compared because a simulator dropped births at capacity.
        public var updatesWithDrops = 0
        /// The first problem found, with the case seed, update and host time; nil when none.
        public var finding: String?

        public init(finding: String? = nil) { self.finding = finding }
    }

    /// Runs the case: `reference` and `other` both simulate `layer`.
    public mutating func run(reference: ParticleSimulator, other: ParticleSimulator) -> Outcome {
        var outcome = Outcome()
        for (i, t) in times.enumerated() {
            generator.edit(layer)
            let context = "case seed \(seed), update \(i), host time \(t)"
            do {
                try reference.advance(to: t)
                try other.advance(to: t)
                let c = try reference.snapshot(), g = try other.snapshot()
                if let problem = Self.invariantProblem(c) ?? Self.invariantProblem(g) {
                    outcome.finding = "\(context): \(problem)"
                    return outcome
                }
                if c.counters.dropped > 0 || g.counters.dropped > 0 {
                    outcome.updatesWithDrops += 1
                    continue
                }
                if let problem = Self.difference(other: g, reference: c, accelerations: Self.accelerations(layer),
                                                 extent: Self.extent(layer)) {
                    outcome.finding = "\(context): \(problem)"
                    return outcome
                }
                outcome.comparedUpdates += 1
                outcome.comparedParticles += c.particles.count
            } catch {
                outcome.finding = "\(context): threw \(error)"
                return outcome
            }
        }
        return outcome
    }

    /// A particle that is not finite or not alive, if any.
    static func invariantProblem(_ s: ParticleSnapshot) -> String? {
        for p in s.particles {
            let values = [p.birthTime, p.age, p.lifetime, p.scale, p.angle] + [p.position.x, p.position.y, p.position.z,
                          p.velocity.x, p.velocity.y, p.velocity.z, p.color.x, p.color.y, p.color.z, p.color.w]
            if !values.allSatisfy(\.isFinite) { return "\(p.identity) is not finite: \(p)" }
            if !(p.age >= 0 && p.age < p.lifetime) { return "\(p.identity) has age \(p.age) of lifetime \(p.lifetime)" }
        }
        return nil
    }

    /// The largest acceleration component of every cell, by index path, as the update used it.
    static func accelerations(_ layer: EmitterLayer) -> [[Int]: Double] {
        var out: [[Int]: Double] = [:]
        func visit(_ cells: [ResolvedCell]) {
            for cell in cells {
                out[cell.path] = max(abs(cell.acceleration.x), abs(cell.acceleration.y), abs(cell.acceleration.z))
                visit(cell.children)
            }
        }
        visit(ResolvedLayer(layer).cells)
        return out
    }

    /// The layer's largest emitter extent as the update used it.
    static func extent(_ layer: EmitterLayer) -> Double {
        let r = ResolvedLayer(layer)
        return max(r.size.x, r.size.y, r.depth)
    }

    /// How `other` differs from `reference`, or nil.
    static func difference(other g: ParticleSnapshot, reference c: ParticleSnapshot,
                           accelerations: [[Int]: Double], extent: Double = 0) -> String? {
        if g.diagnostics != c.diagnostics {
            let a = Set(g.diagnostics.map(\.description)), b = Set(c.diagnostics.map(\.description))
            return "diagnostics differ: only other \(a.subtracting(b).sorted()), only reference \(b.subtracting(a).sorted())"
        }
        let gi = g.particles.map(\.identity), ci = c.particles.map(\.identity)
        if gi != ci {
            let missing = Set(ci).subtracting(gi), extra = Set(gi).subtracting(ci)
            return "other has \(gi.count) particles, reference \(ci.count): missing \(missing.sorted().prefix(3)), "
                + "extra \(extra.sorted().prefix(3))"
        }
        func close(_ a: Double, _ b: Double, _ scale: Double) -> Bool {
            abs(a - b) <= 0.01 + tolerance * scale
        }
        func m3(_ v: SIMD3<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z)) }
        for (p, q) in zip(g.particles, c.particles) {
            let anchor = 1e-6 * (accelerations[q.identity.cellPath] ?? 0) * (q.age + 1)
            let reach = m3(q.position) + m3(q.velocity) * q.age + 1 + (anchor * (q.age + 1) + 1e-6 * extent) / tolerance
            let ok = p.birthTime == q.birthTime && p.lifetime == q.lifetime
                && (0..<3).allSatisfy { close(p.position[$0], q.position[$0], reach) && close(p.velocity[$0], q.velocity[$0], m3(q.velocity) + anchor / tolerance) }
                && close(p.scale, q.scale, abs(q.scale) + 1) && close(p.angle, q.angle, abs(q.angle) + 1)
                && (0..<4).allSatisfy { close(p.color[$0], q.color[$0], abs(q.color[$0]) + 1) }
            if !ok { return "\(q.identity) differs: other \(p), reference \(q)" }
        }
        return nil
    }
}
