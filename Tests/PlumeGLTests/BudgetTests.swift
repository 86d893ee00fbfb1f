import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The layer's particle budget (issue 23 item 5, ``SimulationLimits/maxParticles``): shared by its
/// cells, enforced identically on both simulators with an exact count of what it dropped, and
/// a warning when an effect file asks for more.
@Suite(.serialized) struct BudgetTests {
    /// The issue's 404-byte file: ten cells of a billion births a second living 1000 s.
    static let greedyFile = """
        {"format": "plume-effect", "version": 1, "layer": {"emitterCells": [
        \((0..<10).map { "{\"name\": \"c\($0)\", \"birthRate\": 1e9, \"lifetime\": 1000, \"contents\": \"softDot\"}" }
            .joined(separator: ", "))]}}
        """

    static func greedyLayer() throws -> EmitterLayer {
        try EffectFile.decode(Data(greedyFile.utf8)).layer
    }

    @Test func anEffectFileAskingForMoreThanTheBudgetLoadsWithAWarning() throws {
        let document = try EffectFile.decode(Data(Self.greedyFile.utf8))
        let warnings = document.warnings.filter { $0.message.contains("budget") }
        #expect(warnings.count == 10, "\(document.warnings)")
        #expect(warnings.first?.path == "$.layer.emitterCells[0]" && warnings.first?.message.contains("104857") == true,
                "\(warnings.first.map(String.init(describing:)) ?? "none")")
        // Within the budget: no warning.
        let modest = try EffectFile.decode(Data(#"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"birthRate": 100, "lifetime": 2}]}}"#.utf8))
        #expect(modest.warnings.isEmpty, "\(modest.warnings)")
    }

    /// Ten greedy cells under a budget of 20,000: each cell holds its 2,000, the rest is dropped
    /// and counted, the same particles and counts on both simulators.
    @Test(.timeLimit(.minutes(2))) func theBudgetIsSharedAndEnforcedIdentically() throws {
        let limits = SimulationLimits(maxParticlesPerCell: 1 << 20, maxParticles: 20_000)
        try GPU.run { context in
            let layer = try Self.greedyLayer()
            let gpu = try GPUSimulator(layer: layer, context: context, limits: limits)
            let cpu = ReferenceSimulator(layer: layer, limits: limits)
            for t in [0, 1.0 / 60, 2.0 / 60, 0.5] {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            let g = try gpu.snapshot(), c = try cpu.snapshot()
            #expect(c.particles.count == 20_000, "\(c.particles.count) live on the reference")
            for i in 0..<10 {
                #expect(c.particles.filter { $0.identity.cellPath == [i] }.count == 2_000, "cell \(i)")
            }
            #expect(g.counters == c.counters, "GPU \(g.counters) vs reference \(c.counters)")
            #expect(c.counters.dropped > 0 && c.counters.born == 20_000, "\(c.counters)")
            compareSnapshots(gpu: g, cpu: c, configuration: "budget", seed: 0)
            #expect(c.diagnostics.contains { $0.keyPath == "emitterCells.c0" && $0.rule.contains("capacity of 2000") },
                    "\(c.diagnostics)")
        }
    }

    /// More cells, a smaller share: the newest particles beyond the new share go first, on both.
    @Test func aSmallerShareDropsTheNewestParticlesOnBoth() throws {
        let limits = SimulationLimits(maxParticlesPerCell: 1 << 20, maxParticles: 3_000)
        try GPU.run { context in
            let layer = EmitterLayer()
            let cell = EmitterCell(name: "a")
            cell.birthRate = 2_000
            cell.lifetime = 10
            layer.emitterCells = [cell]
            let gpu = try GPUSimulator(layer: layer, context: context, limits: limits)
            let cpu = ReferenceSimulator(layer: layer, limits: limits)
            for i in 0...120 {
                if i == 90 {   // two more cells: each node's share falls from 3,000 to 1,000
                    layer.emitterCells = [cell, EmitterCell(name: "b"), EmitterCell(name: "c")]
                }
                try gpu.advance(to: Double(i) / 60)
                try cpu.advance(to: Double(i) / 60)
            }
            let g = try gpu.snapshot(), c = try cpu.snapshot()
            #expect(c.particles.filter { $0.identity.cellPath == [0] }.count == 1_000)
            #expect(g.counters == c.counters, "GPU \(g.counters) vs reference \(c.counters)")
            compareSnapshots(gpu: g, cpu: c, configuration: "smaller share", seed: 0)
        }
    }

    /// The default budget keeps the greedy file's first update bounded: at most 2²⁰ particles,
    /// in seconds rather than gigabytes, on the reference (the slower simulator).
    @Test(.timeLimit(.minutes(1))) func theDefaultBudgetBoundsAGreedyFile() throws {
        let cpu = ReferenceSimulator(layer: try Self.greedyLayer())
        try cpu.advance(to: 0)
        try cpu.advance(to: 1.0 / 60)
        let s = try cpu.snapshot()
        #expect(s.particles.count <= SimulationLimits.default.maxParticles && s.particles.count > 0)
        #expect(s.counters.dropped > 0)
    }
}
