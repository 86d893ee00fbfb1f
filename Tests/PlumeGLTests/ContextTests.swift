import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct ContextTests {
    @Test func headlessContextReportsDriverAndLimits() throws {
        try GPU.run { context in
            let info = context.info
            print(info)
            #expect(info.versionNumber >= 33)
            #expect(!info.renderer.isEmpty && info.renderer != "?")
            #expect(info.hasDoublePrecision && info.hasTransformFeedback2)
            #expect(info.maxTransformFeedbackInterleavedComponents >= 64)
            #expect(info.maxVertexAttribs >= 16)
        }
    }

    /// The GLSL hash gives the published test vectors bit for bit (HashTests holds the table).
    @Test func hashOnTheGPUMatchesTheReference() throws {
        let inputs: [SIMD4<UInt32>] = [
            SIMD4(0, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(7, 0x1234_5678, 0x9ABC_DEF0, 3),
            SIMD4(0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 14), SIMD4(42, 5, 1, 7),
            SIMD4(0xDEAD_BEEF, 0xCAFE_F00D, 0x0BAD_BEEF, 2), SIMD4(1, 2, 3, 4),
        ] + (0..<200).map { i in
            let h = ParticleHash.mix(UInt32(i) &* 0x9E37_79B9)
            return SIMD4(h, ParticleHash.mix(h), ParticleHash.mix(h ^ 1), UInt32(i % 15))
        }
        let outputs = try GPU.run { context in try HashProbe.run(inputs, in: context) }
        #expect(outputs.count == inputs.count)
        for (input, output) in zip(inputs, outputs) {
            let key = ParticleKey(lo: input.y, hi: input.z)
            let child = ParticleKey.child(of: key, cellIndex: input.x, serial: input.w)
            let expected = SIMD4(ParticleHash.mix(input.x), ParticleHash.hash(seed: input.x, key: key, draw: input.w),
                                 child.lo, child.hi)
            #expect(output == expected, "input \(input): GPU \(output), CPU \(expected)")
        }
    }

    /// Every program variant the simulator can ask for compiles and links (the driver's log is in
    /// the failure).
    @Test func everyProgramVariantCompilesAndLinks() throws {
        try GPU.run { context in
            // Each program is linked against Shaders/plume.contract: a declared uniform it does not
            // use, or a used one not declared, fails here.
            for sub in 0...ParticleRecord.maxSubCells {
                _ = try context.programs.program(UpdateUniforms.self, sub: sub)
                _ = try context.programs.program(UpdateFetchUniforms.self, sub: sub)
                // The motion update variants the engine asks for (GPUSimulator.motionClasses): one class,
                // or a class beside the closed form whose parameters changed; spawn keeps the closed form.
                for classes: ProgramFeatures in [.closedFormMotion, .gridMotion, .orbitMotion,
                                                 [.closedFormMotion, .gridMotion], [.closedFormMotion, .orbitMotion]] {
                    _ = try context.programs.program(UpdateMotionUniforms.self, sub: sub, features: classes)
                    _ = try context.programs.program(SpawnUniforms.self, sub: max(sub, 1), csub: 0,
                                                     features: classes.union(.closedFormMotion))
                }
                _ = try context.programs.program(FetchCopyUniforms.self, sub: sub)
                _ = try context.programs.program(TrivialCopyUniforms.self, sub: sub)
                _ = try context.programs.program(PassCopyUniforms.self, sub: sub)
                for csub in [0, 1, 3, ParticleRecord.maxSubCells] {
                    _ = try context.programs.program(SpawnUniforms.self, sub: max(sub, 1), csub: csub)
                    _ = try context.programs.program(OverflowUniforms.self, sub: max(sub, 1), csub: 0)
                    _ = try context.programs.program(CopyUniforms.self, sub: sub, csub: csub)
                }
                _ = try context.programs.program(BirthUniforms.self, sub: 0, csub: sub)
                for child in [false, true] { _ = try context.programs.program(EventsUniforms.self, sub: sub, child: child) }
            }
            // Every draw program with each combination of behaviour code (ProgramFeatures).
            for features: ProgramFeatures in [[], .curves, .motion, [.curves, .motion]] {
                _ = try context.programs.program(DrawUniforms.self, features: features)
                _ = try context.programs.program(DrawSortedUniforms.self, features: features)
                _ = try context.programs.program(DrawPointsUniforms.self, features: features)
                _ = try context.programs.program(DrawPointsSortedUniforms.self, features: features)
                _ = try context.programs.program(DrawInstancedUniforms.self, features: features)
                _ = try context.programs.program(DrawInstancedSortedUniforms.self, features: features)
                _ = try context.programs.program(QuadListUniforms.self, features: features)
                _ = try context.programs.program(QuadListSortedUniforms.self, features: features)
                _ = try context.programs.program(DrawTrailUniforms.self, features: features)
                _ = try context.programs.program(DrawTrailSortedUniforms.self, features: features)
            }
            _ = try context.programs.program(DrawQuadListUniforms.self)
            _ = try context.programs.program(FloorPointsUniforms.self)
            _ = try context.programs.program(FloorQuadsUniforms.self)
            _ = try context.programs.program(SortKeysUniforms.self)
            _ = try context.programs.program(SortStepUniforms.self)
            _ = try context.programs.program(HashVectorsUniforms.self)
            _ = try context.programs.program(LayerCompositeUniforms.self)
            _ = try context.programs.program(LayerCompositeUnfadedUniforms.self)
            _ = try context.programs.program(AttributesUniforms.self)
            // Every program of the contract was linked above.
            let linked = Set(context.programs.linkedKinds)
            #expect(linked == Set(PassKind.allCases), "not linked: \(Set(PassKind.allCases).subtracting(linked))")
        }
    }
}
