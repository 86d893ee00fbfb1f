import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// The presets shipped as effect files (package resources) are the presets.
@Suite struct PresetFileTests {
    @Test(arguments: Preset.allCases)
    func shippedFileIsCurrent(_ preset: Preset) throws {
        let url = try #require(preset.effectFileURL, "\(preset).json is not in the package resources")
        let shipped = try Data(contentsOf: url)
        #expect(shipped == (try preset.effectFileData()),
                "Sources/Plume/Resources/Effects/\(preset).json is stale: plume export \(preset) Sources/Plume/Resources/Effects/\(preset).json")
    }

    @Test(arguments: Preset.allCases)
    func fileReproducesThePresetParticleForParticle(_ preset: Preset) throws {
        let fromFile = try preset.loadEffectFile()
        #expect(effectDifferences(preset.makeLayer(), fromFile).isEmpty)
        let a = ReferenceSimulator(layer: preset.makeLayer()), b = ReferenceSimulator(layer: fromFile)
        for t in frames(fps: 30, until: 4) {
            try a.advance(to: t)
            try b.advance(to: t)
        }
        let sa = try a.snapshot(), sb = try b.snapshot()
        // Enough particles that the comparison means something (the comet preset flies a few
        // large comets, each drawn with its trail).
        #expect(sa.particles.count >= (preset == .comet ? 5 : 10), "\(preset): \(sa.particles.count) particles at t = 4 s")
        #expect(sa.particles == sb.particles, "\(preset): the file's particles differ from the preset's at t = 4 s")
    }
}
