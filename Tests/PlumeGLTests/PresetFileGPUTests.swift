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
            #expect(sa.particles.count > 10)
            #expect(sa.particles == sb.particles, "\(preset): GPU particles from the file differ from the preset's at t = 3 s")
            compareSnapshots(gpu: sb, cpu: try cpu.snapshot(), configuration: "\(preset) from its effect file", seed: fromFile.seed)
        }
    }
}
