import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// A preset loaded from its shipped effect file gives the same particles on the GPU as the Swift
/// preset, bit for bit (and matches the reference within the usual tolerances).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct PresetFileGPUTests {
    @Test(arguments: Preset.allCases)
    func fileReproducesThePresetOnTheGPU(_ preset: Preset) throws {
        let fromFile = try preset.loadEffectFile()
        try GPU.run { context in
            let a = try GPUSimulator(layer: preset.makeLayer(), context: context)
            let b = try GPUSimulator(layer: fromFile, context: context)
            let cpu = ReferenceSimulator(layer: try preset.loadEffectFile())
            for t in stride(from: 0.0, through: 3.0, by: 0.25) {
                try a.advance(to: t)
                try b.advance(to: t)
                try cpu.advance(to: t)
            }
            let sa = try a.snapshot(), sb = try b.snapshot()
            // Enough particles that the comparison means something (the comet preset flies a few
        // large comets, each drawn with its trail).
        #expect(sa.particles.count >= (preset == .comet ? 5 : 10), "\(preset): \(sa.particles.count) particles at t = 3 s")
            #expect(sa.particles == sb.particles, "\(preset): GPU particles from the file differ from the preset's at t = 3 s")
            compareSnapshots(gpu: sb, cpu: try cpu.snapshot(), configuration: "\(preset) from its effect file", seed: fromFile.seed)
        }
    }
}

/// Hot reload under a running GPU simulator: the same file edits applied to a GPU and a reference
/// simulator keep matching particle for particle, and live particles survive the reload.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct HotReloadGPUTests {
    @Test func reloadUnderARunningGPUSimulator() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plume-gpu-reload-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("fire.json")
        try EffectFile.write(Preset.fire.makeLayer(), to: url)
        let gpuWatcher = EffectWatcher(url: url), cpuWatcher = EffectWatcher(url: url)
        let gpuLayer = EmitterLayer(), cpuLayer = EmitterLayer()
        gpuWatcher.poll(applyingTo: gpuLayer)
        cpuWatcher.poll(applyingTo: cpuLayer)
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            for t in stride(from: 0.0, through: 2.0, by: 0.1) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            let before = Set(try gpu.snapshot().particles.map(\.identity))
            let edited = Preset.fire.makeLayer()
            edited.emitterCells?[0].xAcceleration = 120
            edited.emitterCells?[0].birthRate = 60
            try EffectFile.write(edited, to: url)
            guard case .loaded? = gpuWatcher.poll(applyingTo: gpuLayer), case .loaded? = cpuWatcher.poll(applyingTo: cpuLayer) else {
                Issue.record("the edited file reloads")
                return
            }
            for t in stride(from: 2.1, through: 3.0, by: 0.1) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            let g = try gpu.snapshot()
            #expect(before.subtracting(g.particles.map(\.identity)).count < before.count / 2, "live particles survive the reload")
            #expect(g.particles.allSatisfy { $0.velocity.x > 0 || $0.birthTime > 2 }, "the new acceleration bends live particles")
            compareSnapshots(gpu: g, cpu: try cpu.snapshot(), configuration: "fire reloaded at 2 s", seed: 0)
        }
    }
}
