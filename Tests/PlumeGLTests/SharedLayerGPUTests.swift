import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// Issue 23 item 9: a GPU and a CPU simulator reading one layer report the same sprite frames at
/// every update, the one where an animation finishes included, whichever updates first.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct SharedLayerGPUTests {
    @Test func gpuAndCPUOfOneLayerAgreeOnFramesWhenAnAnimationFinishes() throws {
        let cell = EmitterCell(name: "c")
        cell.birthRate = 40; cell.lifetime = 2; cell.velocity = 30
        cell.spriteColumns = 4; cell.spriteRows = 2; cell.spriteRandomStart = true
        let layer = EmitterLayer()
        layer.emitterCells = [cell]
        let a = BasicAnimation(keyPath: "velocity")
        a.fromValue = 1
        a.toValue = 1
        a.beginTime = 0.1
        a.duration = 0.4
        layer.add(a, forKey: "steady")
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: layer, context: context)
            defer { gpu.release() }
            let cpu = ReferenceSimulator(layer: layer)
            for (i, t) in frames(fps: 20, until: 1).enumerated() {
                if i % 2 == 0 { try gpu.advance(to: t); try cpu.advance(to: t) } else { try cpu.advance(to: t); try gpu.advance(to: t) }
                let g = Dictionary(uniqueKeysWithValues: try gpu.snapshot().particles.map { ($0.identity, $0.frame) })
                let c = try cpu.snapshot().particles
                #expect(c.count == g.count, "\(c.count) CPU particles, \(g.count) GPU at \(t) s")
                if let p = c.first(where: { g[$0.identity] != $0.frame }) {
                    Issue.record("at \(t) s \(p.identity): CPU frame \(p.frame), GPU \(g[p.identity].map(String.init) ?? "none")")
                }
                #expect(t < 0.3 || c.contains { $0.frame != 0 }, "every particle draws frame 0 at \(t) s")
            }
        }
    }
}
