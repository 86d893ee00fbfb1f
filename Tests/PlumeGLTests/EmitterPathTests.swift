import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// The emitter-path formula of Semantics §9 (`EmitterPath` in Swift, `birth.geom` in GLSL) gives both
/// simulators the same birth positions, and both equal the path itself.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct EmitterPathTests {
    /// An emitter animated linearly from (0, 0) to (1000, 600) over one second, updated 5 times a
    /// second: every particle (no velocity, no acceleration) stays where it was born, which must
    /// be the animation's position at its birth time on both simulators. The layer and the
    /// animation (both `beginTime` 0) start at the first update (host time 0.2, Semantics §8), so a
    /// particle born at layer time s is at (1000·s, 600·s): 40 births at s = 0.02 … 0.8.
    /// Tolerance 1e-3 pt: the GPU interpolates in float (1000-pt scene, ~6e-5 relative).
    @Test func birthsLieOnThePathOnBothSimulators() throws {
        func layer() -> EmitterLayer {
            let cell = EmitterCell()
            cell.birthRate = 50
            cell.lifetime = 10
            cell.contents = .builtin(.spark)
            let layer = EmitterLayer()
            layer.seed = 7
            layer.emitterCells = [cell]
            let move = BasicAnimation(keyPath: "emitterPosition")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 1000, y: 600)
            move.beginTime = 0
            move.duration = 1
            move.timingFunction = .linear
            move.fillMode = .forwards
            move.isRemovedOnCompletion = false
            layer.add(move, forKey: "move")
            return layer
        }
        let times = (1...5).map { Double($0) / 5 }
        let reference = ReferenceSimulator(layer: layer())
        for t in times { try reference.advance(to: t) }
        let cpu = try reference.snapshot().particles
        let gpu = try GPU.run { context -> [SnapshotParticle] in
            let simulator = try GPUSimulator(layer: layer(), context: context)
            for t in times { try simulator.advance(to: t) }
            return try simulator.snapshot().particles
        }
        #expect(cpu.count == 40 && gpu.count == 40, "CPU \(cpu.count), GPU \(gpu.count) particles")
        for (name, particles) in [("CPU", cpu), ("GPU", gpu)] {
            for p in particles {
                let s = p.birthTime
                let expected = SIMD3(1000 * s, 600 * s, 0)
                let error = maxAbs(p.position - expected)
                #expect(error < 1e-3, "\(name) \(p.identity) born at \(p.birthTime): \(p.position) vs \(expected) (seed 7)")
            }
        }
        for (c, g) in zip(cpu, gpu) {
            #expect(c.identity == g.identity && maxAbs(c.position - g.position) < 1e-3,
                    "\(c.identity) at t = 1: CPU \(c.position), GPU \(g.position) (seed 7)")
        }
    }
}
