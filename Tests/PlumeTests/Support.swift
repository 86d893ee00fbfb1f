import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Runs `layer` on a fresh reference simulator through the given host times and returns the
/// final snapshot.
func simulate(_ layer: EmitterLayer, times: [Double], limits: SimulationLimits = .default) throws -> ParticleSnapshot {
    let sim = ReferenceSimulator(layer: layer, limits: limits)
    // The layer starts at host time 0 (Semantics §8: a layer starts at its first update).
    if let first = times.first, first > 0 { try sim.advance(to: 0) }
    for t in times { try sim.advance(to: t) }
    return try sim.snapshot()
}

/// The motion grid's promise (Semantics §12): `make()`'s layer gives the same particles (within
/// 1e-6) at 30, 144 and 240 updates a second as at 60, after a `timeOffset` of 4 s and after a
/// seek from 6 s back to 4 s. Returns the 60-updates-a-second snapshot at 4 s for further checks.
@discardableResult
func expectSameParticlesAtAnyRateAndAfterJumps(_ make: () -> EmitterLayer, _ name: String) throws -> ParticleSnapshot {
    let reference = try simulate(make(), times: frames(fps: 60, until: 4))
    #expect(reference.particles.count > 50, "\(name): \(reference.particles.count) particles at 4 s")
    for fps in [30.0, 144.0, 240.0] {
        expectSameParticles(reference, try simulate(make(), times: frames(fps: fps, until: 4)),
                            tolerance: 1e-6, "\(name): 60 vs \(fps) updates/s")
    }
    let jumped = make()
    jumped.timeOffset = 4
    expectSameParticles(reference, try simulate(jumped, times: [0]), tolerance: 1e-6, "\(name): timeOffset 4")
    let sim = ReferenceSimulator(layer: make())
    for t in frames(fps: 30, until: 6) { try sim.advance(to: t) }
    try sim.advance(to: 4)
    expectSameParticles(reference, try sim.snapshot(), tolerance: 1e-6, "\(name): seek 6 → 4")
    return reference
}

/// Irregular steps through `[start, end]`, deterministic for a seed: step sizes from 1 ms to 90 ms.
func irregularTimes(until end: Double, seed: UInt32, from start: Double = 0) -> [Double] {
    var t = start
    var out = [t]
    var i: UInt32 = 0
    while t < end {
        i += 1
        let u = ParticleHash.unit(ParticleHash.mix(seed &+ i &* 0x9E37_79B9))
        t = min(end, t + 0.001 + 0.089 * u)
        out.append(t)
    }
    return out
}

/// Compares two snapshots particle by particle: identical identity lists, attributes within
/// `tolerance` (absolute). Failures name the particle, the attribute, both values, the time and
/// the context string.
func expectSameParticles(_ a: ParticleSnapshot, _ b: ParticleSnapshot, tolerance: Double, _ context: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let ida = a.particles.map(\.identity), idb = b.particles.map(\.identity)
    if ida != idb {
        let missing = Set(ida).subtracting(idb).sorted().prefix(5)
        let extra = Set(idb).subtracting(ida).sorted().prefix(5)
        let message = "\(context): particle sets differ at layer time \(a.layerTime ?? .nan): \(ida.count) vs \(idb.count); "
            + "only in first: \(missing.map(\.description)); only in second: \(extra.map(\.description))"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
    }
    var worst = 0.0
    for (p, q) in zip(a.particles, b.particles) {
        let diffs: [(String, Double, String, String)] = [
            ("position", maxAbs(p.position - q.position), "\(p.position)", "\(q.position)"),
            ("velocity", maxAbs(p.velocity - q.velocity), "\(p.velocity)", "\(q.velocity)"),
            ("birthTime", abs(p.birthTime - q.birthTime), "\(p.birthTime)", "\(q.birthTime)"),
            ("age", abs(p.age - q.age), "\(p.age)", "\(q.age)"),
            ("scale", abs(p.scale - q.scale), "\(p.scale)", "\(q.scale)"),
            ("angle", abs(p.angle - q.angle), "\(p.angle)", "\(q.angle)"),
            ("color", maxAbs(p.color - q.color), "\(p.color)", "\(q.color)"),
        ]
        for (name, d, va, vb) in diffs {
            worst = max(worst, d)
            if !(d <= tolerance) {
                let message = "\(context): \(p.identity) \(name) differs by \(d) > \(tolerance) at layer time "
                    + "\(a.layerTime ?? .nan): \(va) vs \(vb)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                return
            }
        }
    }
}


/// A one-cell layer: the cell at the origin with a point emitter.
func singleCellLayer(_ configure: (EmitterCell) -> Void) -> (EmitterLayer, EmitterCell) {
    let cell = EmitterCell(name: "c")
    configure(cell)
    let layer = EmitterLayer()
    layer.emitterCells = [cell]
    return (layer, cell)
}
