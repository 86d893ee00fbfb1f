import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Issue 25 item 3, "none dropped", on the GPU (Semantics §14): 10⁵ parents dying in one frame give
/// exactly N·k children while the capacity allows; beyond it an exact count of drops, reported,
/// the same as the reference's.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct EventGPUTests {
    /// `shells` parents born at 0 (a burst), dying together at 1.013 s, each with `count` death children.
    static func layer(shells: Int, count: Float) -> EmitterLayer {
        let spark = EmitterCell(name: "spark")
        spark.emissionEvent = .death
        spark.eventCount = count
        spark.lifetime = 2
        spark.velocity = 30
        spark.emissionRange = .pi
        let shell = EmitterCell(name: "shell")
        shell.lifetime = 1.013
        shell.velocity = 100
        shell.emissionRange = 2 * .pi
        shell.bursts = [EmitterBurst(count: shells)]
        shell.emitterCells = [spark]
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 500, y: 500)
        layer.emitterCells = [shell]
        return layer
    }

    static func run(_ layer: () -> EmitterLayer, limits: SimulationLimits, times: [Double]) throws
        -> (gpu: ParticleSnapshot, cpu: ParticleSnapshot) {
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: layer(), context: context, limits: limits)
            let cpu = ReferenceSimulator(layer: layer(), limits: limits)
            for t in times {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            return (try gpu.snapshot(), try cpu.snapshot())
        }
    }

    @Test(.timeLimit(.minutes(3))) func hundredThousandDeathsInOneFrameGiveEveryChild() throws {
        let (g, c) = try Self.run({ Self.layer(shells: 100_000, count: 3) }, limits: .default,
                                  times: [0, 1.0 / 60, 1.0, 1.0 + 1.0 / 60])
        let children = g.particles.filter { $0.identity.cellPath == [0, 0] }.count
        #expect(children == 300_000, "GPU: \(children) children of 100,000 deaths × 3")
        #expect(g.counters == c.counters, "GPU \(g.counters) vs reference \(c.counters)")
        #expect(g.counters.dropped == 0, "\(g.counters)")
        compareSnapshots(gpu: g, cpu: c, configuration: "10⁵ deaths", seed: 0)
    }

    /// 3 children per parent fit the spawn pass's slots; 10 do not (the overflow pass counts the rest).
    @Test(.timeLimit(.minutes(2)), arguments: [3, 10])
    func beyondCapacityTheDropsAreExactAndReported(count: Int) throws {
        let limits = SimulationLimits(maxParticlesPerCell: 2000)
        let (g, c) = try Self.run({ Self.layer(shells: 1000, count: Float(count)) }, limits: limits,
                                  times: [0, 1.0 / 60, 1.0, 1.0 + 1.0 / 60])
        #expect(c.counters.dropped == UInt64(1000 * count - 2000), "reference: \(1000 * count) children, 2000 fit: \(c.counters)")
        #expect(g.counters == c.counters, "GPU \(g.counters) vs reference \(c.counters)")
        #expect(g.diagnostics == c.diagnostics, "GPU \(g.diagnostics) vs reference \(c.diagnostics)")
        #expect(g.particles.filter { $0.identity.cellPath == [0, 0] }.count == 2000)
    }
}
