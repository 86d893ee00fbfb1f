import Foundation
import Testing
@testable import Plume
@testable import PlumeGL
import PlumeTestSupport

/// The field colliders on the GPU (Semantics §12 "Collisions"): their samples travel in the
/// behaviour table, and a table the driver's buffer textures cannot hold is a typed error.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct FieldColliderGPUTests {
    /// A heightfield of 4 000 samples (1 000 texels) under a buffer-texture limit of 512 texels:
    /// `GLError.limitExceeded` from the update, nothing drawn from a half-written table; with the
    /// driver's limit the same layer runs and its drops land on the terrain.
    @Test func aTableTooLongForTheDriverIsATypedError() throws {
        try GPU.run { context in
            let make = {
                let layer = Scenarios.fieldLayer([Scenarios.terrain(.stick)])
                layer.emitterBehaviors![0].samples = (0..<4000).map { CGFloat(30 + 15 * sin(Double($0) * 0.07)) }
                layer.emitterBehaviors![0].sampleSpacing = 0.25
                return layer
            }
            let limited = try GPUSimulator(layer: make(), context: context)
            limited.textureBufferLimit = 512
            #expect {
                for t in steps(fps: 30, until: 0.5) { try limited.advance(to: t) }
            } throws: { error in
                guard case let GLError.limitExceeded(what)? = error as? GLError else { return false }
                return what.contains("behaviour table") && what.contains("512")
            }
            let gpu = try GPUSimulator(layer: make(), context: context)
            let cpu = ReferenceSimulator(layer: make())
            for t in steps(fps: 30, until: 2) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            let g = try gpu.snapshot(), c = try cpu.snapshot()
            #expect(g.particles.count == c.particles.count && g.particles.count > 100,
                    "GPU \(g.particles.count) particles, reference \(c.particles.count) at 2 s, seed 21")
        }
    }
}
