import Foundation
import Plume

/// Long jumps on the reference simulator with every behaviour type (issue 23): a random cell and
/// one random behaviour of each kind in turn, advanced a little, then jumped far ahead (10⁴ to
/// 10¹² s) and one frame further. A catch-up must cost what the survivors cost, not the jump's
/// length: the same layer's jump to 10³ s is timed too, and a long jump costing more than four
/// times that (plus 0.25 s) is a finding, as is any case over `hangSeconds`. The two costs are
/// compared in the thread's CPU time (the reference runs on the calling thread), so a machine
/// busy with other work does not make a finding; the hang limit is wall time. Particles must stay
/// finite and no update may throw.
package enum JumpFuzzer {
    package struct Report: CustomStringConvertible {
        package var cases = 0, jumps = 0, hangs = 0, growing = 0, nonFinite = 0, thrown = 0
        package var perKind: [String: Int] = [:]
        package var slowest: Duration = .zero
        package var slowestCase = ""
        package var findings: [String] = []

        package var description: String {
            """
            long jumps: \(cases) cases, \(jumps) jumps (to 10⁴…10¹² s, each beside the same layer's jump to 10³ s), every behaviour type (\(perKind.keys.sorted().map { "\($0) \(perKind[$0]!)" }.joined(separator: ", ")))
            costs growing with the jump: \(growing); hangs over the limit: \(hangs); non-finite particles: \(nonFinite); errors thrown: \(thrown); slowest jump \(slowest) (\(slowestCase))
            """
        }
    }

    /// Runs `cases` cases from `seed`, cycling through ``EmitterBehavior/Kind``.
    package static func run(cases: Int, seed: UInt64, hangSeconds: Double = 5) -> Report {
        var report = Report()
        let clock = ContinuousClock()
        let kinds = EmitterBehavior.Kind.allCases
        for index in 0..<cases {
            var r = FuzzRandom(seed: FuzzRandom.caseSeed(run: seed, index: index))
            let kind = kinds[index % kinds.count]
            let layer = makeLayer(kind, &r)
            let jump = pow(10, Double.random(in: 4...12, using: &r))
            let warm = Double.random(in: 0.1...2, using: &r)
            let limits = SimulationLimits(maxParticlesPerCell: 5_000)
            var elapsed = Duration.zero
            do {
                // The same layer's short jump: what the survivors cost.
                let short = ReferenceSimulator(layer: layer, limits: limits)
                try short.advance(to: 0)
                try short.advance(to: warm)
                let s0 = ThreadClock.now()
                try short.advance(to: 1e3)
                let shortCost = ThreadClock.now() - s0
                let simulator = ReferenceSimulator(layer: layer, limits: limits)
                try simulator.advance(to: 0)
                try simulator.advance(to: warm)
                let t0 = clock.now, c0 = ThreadClock.now()
                try simulator.advance(to: jump)
                try simulator.advance(to: jump + 1.0 / 60)
                elapsed = clock.now - t0
                let cost = ThreadClock.now() - c0
                if cost > shortCost * 4 + .milliseconds(250) {
                    report.growing += 1
                    report.findings.append("case \(index) (\(kind.rawValue)): the jump to \(jump) s took \(cost) of CPU time, the jump to 10³ s \(shortCost)")
                }
                let snapshot = try simulator.snapshot()
                if let bad = snapshot.particles.first(where: { !($0.position.x.isFinite && $0.position.y.isFinite && $0.position.z.isFinite
                                                                && $0.velocity.x.isFinite && $0.velocity.y.isFinite && $0.velocity.z.isFinite) }) {
                    report.nonFinite += 1
                    report.findings.append("case \(index) (\(kind.rawValue), jump to \(jump) s): \(bad.identity) at \(bad.position)")
                }
            } catch {
                report.thrown += 1
                report.findings.append("case \(index) (\(kind.rawValue), jump to \(jump) s): \(error)")
            }
            if elapsed > .seconds(hangSeconds) {
                report.hangs += 1
                report.findings.append("case \(index) (\(kind.rawValue), jump to \(jump) s) took \(elapsed)")
            }
            if elapsed > report.slowest {
                report.slowest = elapsed
                report.slowestCase = "case \(index), \(kind.rawValue), jump to \(String(format: "%.3g", jump)) s"
            }
            report.cases += 1
            report.jumps += 1
            report.perKind[kind.rawValue, default: 0] += 1
        }
        return report
    }

    /// One cell (sometimes with a sub-cell) and one behaviour of `kind` with random inputs.
    static func makeLayer(_ kind: EmitterBehavior.Kind, _ r: inout FuzzRandom) -> EmitterLayer {
        func u(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &r) }
        let cell = EmitterCell(name: "c")
        cell.birthRate = Float(u(1...60)); cell.lifetime = Float(u(0.1...3)); cell.lifetimeRange = Float(u(0...2))
        cell.velocity = u(0...200); cell.velocityRange = u(0...50); cell.emissionRange = u(0...(2 * .pi))
        cell.yAcceleration = u(-50...50)
        if r.chance(0.3) {
            let sub = EmitterCell(name: "s")
            sub.birthRate = Float(u(1...5)); sub.lifetime = Float(u(0.1...1)); sub.velocity = u(0...50)
            cell.emitterCells = [sub]
        }
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: u(0...800), y: u(0...600))
        layer.emitterShape = [.point, .circle, .sphere, .rectangle][Int(r.next() % 4)]
        layer.emitterSize = CGSize(width: u(0...200), height: u(0...200))
        layer.emitterCells = [cell]
        let b = EmitterBehavior(type: kind, name: "b")
        switch kind {
        case .valueOverLife:
            b.keyPath = ["scale", "alpha", "velocity", "spin"][Int(r.next() % 4)]
            b.values = (0..<Int(1 + r.next() % 4)).map { _ in CGFloat(u(-2...3)) }
        case .colorOverLife:
            b.colors = (0..<Int(1 + r.next() % 4)).map { _ in Color(red: Float(u(0...1)), green: Float(u(0...1)), blue: Float(u(0...1)), alpha: Float(u(0...1))) }
        case .drag:
            b.drag = u(0...20)
        case .wave:
            b.force = SIMD3(u(-500...500), u(-500...500), u(-50...50)); b.frequency = u(0...20)
        case .attractor:
            b.attractorType = [.radial, .axial, .planar][Int(r.next() % 3)]
            b.position = CGPoint(x: u(0...800), y: u(0...600)); b.stiffness = u(-50...200)
            b.radius = u(0...100); b.falloff = u(-5...5); b.falloffDistance = r.chance(0.5) ? .infinity : u(1...500)
        case .alignToMotion:
            b.rotation = u(-.pi ... .pi)
        case .radialAcceleration, .tangentialAcceleration:
            b.acceleration = u(-500...500); b.accelerationRange = u(0...200)
        case .orbit:
            b.startRadius = u(0...200); b.startRadiusRange = u(0...50); b.endRadius = u(0...200)
            b.endRadiusRange = u(0...50); b.turnsPerSecond = u(-3...3); b.turnsPerSecondRange = u(0...1)
        case .turbulence:
            b.strength = u(-500...500); b.noiseFrequency = u(0...0.1); b.octaves = u(1...9); b.scrollSpeed = u(-3...3)
        case .vortex:
            b.position = CGPoint(x: u(0...800), y: u(0...600)); b.swirl = u(-500...500); b.coreRadius = u(0...200)
            b.pull = u(-100...100); b.falloffDistance = r.chance(0.5) ? .infinity : u(1...500)
        case .collider:
            b.colliderShape = r.chance(0.5) ? .plane : .sphere; b.collisionResponse = r.chance(0.6) ? .bounce : r.chance(0.5) ? .stick : .kill
            b.position = CGPoint(x: u(0...800), y: u(0...600)); b.radius = u(0...200)
            b.orientationLongitude = u(-.pi ... .pi); b.restitution = u(0...1.2); b.friction = u(0...1)
        }
        layer.emitterBehaviors = [b]
        return layer
    }
}
