import CEpoxy
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

    /// A shader that fails to compile is a typed error (the driver's log in it) and leaves no GL
    /// error behind: the failed program's shaders are detached (only those attached) before it is
    /// deleted. Detached after, each raised GL_INVALID_VALUE, which the next check reported against
    /// an innocent call (in debug builds, an assertion: "allocating a 64×64 colour texture raised
    /// GL_INVALID_VALUE").
    @Test func aShaderThatFailsToCompileLeavesNoGLError() throws {
        try GPU.run { context in
            let header = "#version \(context.programs.glVersion * 10) core\n"
            let vertex = ShaderStageSource(file: "fine.vert", type: GL_VERTEX_SHADER,
                                           source: header + "void main() { gl_Position = vec4(0.0); }\n")
            let broken = ShaderStageSource(file: "broken.frag", type: GL_FRAGMENT_SHADER,
                                           source: header + "out vec4 c; void main() { half h; c = vec4(1.0); }\n")
            #expect {
                _ = try context.programs.link("a broken program", name: "broken", stages: [vertex, broken], attributes: [],
                                              varyings: [], subCells: 0, features: []) { _ in 0 }
            } throws: { error in
                guard case let GLError.compileFailed(_, stage, log)? = error as? GLError else { return false }
                return stage == "broken.frag" && !log.isEmpty
            }
            #expect(context.pendingError() == nil, "a GL error left behind by the failed compile")
        }
    }

    /// Every program variant the simulator can ask for compiles and links (the driver's log is in
    /// the failure).
    ///
    /// Sub-cell counts: 0, 1, 2, 3 and the most. A variant's code depends on the count only through
    /// its record's length in words (base + 3 per clock), whose padding to whole `uvec4`s repeats
    /// with period 4, and through loop bounds; those five give every padding and both ends.
    ///
    /// The programs link on a context of their own, not the shared one (`GPU.run`): on a cold
    /// shader cache this test compiles for minutes, on one core, while the other GPU suites run.
    @Test func everyProgramVariantCompilesAndLinks() throws {
        let context = try GLContext.headless()
        context.releaseCurrent()
        func link(_ make: (ProgramCache) throws -> some Any) throws { try context.withCurrent { _ = try make(context.programs) } }
        // Each program is linked against Shaders/plume.contract: a declared uniform it does not
        // use, or a used one not declared, fails here.
        for sub in [0, 1, 2, 3, ParticleRecord.maxSubCells] {
            try link { try $0.program(UpdateUniforms.self, sub: sub) }
            try link { try $0.program(UpdateFetchUniforms.self, sub: sub) }
            // The motion update variants the engine asks for (GPUSimulator.motionClasses): one class,
            // or a class beside the closed form whose parameters changed; spawn keeps the closed form.
            for classes: ProgramFeatures in [.closedFormMotion, .gridMotion, .orbitMotion,
                                             [.closedFormMotion, .gridMotion], [.closedFormMotion, .orbitMotion]] {
                try link { try $0.program(UpdateMotionUniforms.self, sub: sub, features: classes) }
                try link { try $0.program(UpdateMotionFetchUniforms.self, sub: sub, features: classes) }
                try link { try $0.program(SpawnUniforms.self, sub: max(sub, 1), csub: 0, features: classes.union(.closedFormMotion)) }
            }
            // The trail samples pass beside each update (GPUSimulator.trailSamplesPass): the plain
            // one, each motion class steady or not, and a grid cell with colliders.
            for child in [false, true] { try link { try $0.program(TrailSamplesUniforms.self, sub: sub, child: child) } }
            for classes: ProgramFeatures in [.closedFormMotion, .gridMotion, .orbitMotion, [.closedFormMotion, .gridMotion],
                                             [.collisions, .gridMotion]] {
                for extra: ProgramFeatures in [[], .steadyMotion] {
                    try link { try $0.program(TrailSamplesMotionUniforms.self, sub: sub, features: classes.union(extra)) }
                }
            }
            // A steady grid update's compiled steps (GPUSimulator.steadyGridSteps): 1 to 3 in the
            // update (0 takes the plain update), 0 to 3 in the trail samples pass.
            for k in 0...ProgramFeatures.maxGridSteps {
                let steps: ProgramFeatures = [.gridMotion, .steadyMotion, .gridSteps(k)]
                if k > 0 {
                    try link { try $0.program(UpdateMotionUniforms.self, sub: sub, features: steps) }
                    try link { try $0.program(UpdateMotionFetchUniforms.self, sub: sub, features: steps) }
                }
                try link { try $0.program(TrailSamplesMotionUniforms.self, sub: sub, features: steps) }
            }
            try link { try $0.program(FetchCopyUniforms.self, sub: sub) }
            try link { try $0.program(TrivialCopyUniforms.self, sub: sub) }
            try link { try $0.program(PassCopyUniforms.self, sub: sub) }
            for csub in [0, 1, 3, ParticleRecord.maxSubCells] {
                try link { try $0.program(SpawnUniforms.self, sub: max(sub, 1), csub: csub) }
                try link { try $0.program(OverflowUniforms.self, sub: max(sub, 1), csub: 0) }
                try link { try $0.program(CopyUniforms.self, sub: sub, csub: csub) }
            }
            try link { try $0.program(BirthUniforms.self, sub: 0, csub: sub) }
            for child in [false, true] { try link { try $0.program(EventsUniforms.self, sub: sub, child: child) } }
            // A grid cell with colliders (GPUSimulator.collisionFeatures): its update (steady or
            // not), spawn, overflow and events variants walk the grid for collision events.
            let walk: ProgramFeatures = [.collisions, .gridMotion, .closedFormMotion]
            for extra: ProgramFeatures in [[], .steadyMotion] {
                try link { try $0.program(UpdateMotionUniforms.self, sub: sub, features: extra.union([.collisions, .gridMotion])) }
                try link { try $0.program(UpdateMotionFetchUniforms.self, sub: sub, features: extra.union([.collisions, .gridMotion])) }
            }
            try link { try $0.program(SpawnUniforms.self, sub: max(sub, 1), csub: 0, features: walk) }
            try link { try $0.program(OverflowUniforms.self, sub: max(sub, 1), csub: 0, features: walk) }
            for child in [false, true] {
                try link { try $0.program(EventsUniforms.self, sub: sub, child: child, features: walk) }
            }
        }
        // The grid's force terms one at a time and all (MotionForces: a cell's variant compiles
        // the union of its terms, each an independent block), in the update (steady or not) and
        // spawn variants of a grid cell and the draws (ParticleRenderer: each path and the trails
        // take the cell's terms; the quad and trail programs stand for them). The update's record
        // read does not depend on the terms: the attribute-fed update (for buffers past a buffer
        // texture's size) links with all of them, the fetching one (the default) with each.
        for forces in MotionForces.each + [.all] {
            for features: ProgramFeatures in [.gridMotion, [.gridMotion, .steadyMotion]] {
                try link { try $0.program(UpdateMotionFetchUniforms.self, sub: 0, features: features, forces: forces) }
                if forces == .all { try link { try $0.program(UpdateMotionUniforms.self, sub: 0, features: features, forces: forces) } }
            }
            try link { try $0.program(SpawnUniforms.self, sub: 1, csub: 0, features: [.gridMotion, .closedFormMotion], forces: forces) }
            try link { try $0.program(DrawUniforms.self, features: .motion, forces: forces) }
            try link { try $0.program(DrawTrailUniforms.self, features: .motion, forces: forces) }
        }
        // Every draw program with each combination of behaviour code (ProgramFeatures).
        for features: ProgramFeatures in [[], .curves, .motion, [.curves, .motion]] {
            try link { try $0.program(DrawUniforms.self, features: features) }
            try link { try $0.program(DrawSortedUniforms.self, features: features) }
            try link { try $0.program(DrawPointsUniforms.self, features: features) }
            try link { try $0.program(DrawPointsSortedUniforms.self, features: features) }
            try link { try $0.program(DrawInstancedUniforms.self, features: features) }
            try link { try $0.program(DrawInstancedSortedUniforms.self, features: features) }
            try link { try $0.program(QuadListUniforms.self, features: features) }
            try link { try $0.program(QuadListSortedUniforms.self, features: features) }
            try link { try $0.program(DrawTrailUniforms.self, features: features) }
            try link { try $0.program(DrawTrailSortedUniforms.self, features: features) }
        }
        try link { try $0.program(DrawQuadListUniforms.self) }
        try link { try $0.program(FloorPointsUniforms.self) }
        try link { try $0.program(FloorQuadsUniforms.self) }
        for child in [false, true] {
            try link { try $0.program(SortKeysUniforms.self, child: child) }
            // backToFront under motion behaviours: keyed by the drawn z (every motion class)
            try link { try $0.program(SortKeysUniforms.self, child: child, features: .motion) }
        }
        try link { try $0.program(SortStepUniforms.self) }
        try link { try $0.program(HashVectorsUniforms.self) }
        try link { try $0.program(LayerCompositeUniforms.self) }
        try link { try $0.program(LayerCompositeUnfadedUniforms.self) }
        try link { try $0.program(AttributesUniforms.self) }
        // Every program of the contract was linked above.
        let linked = Set(context.programs.linkedKinds)
        #expect(linked == Set(PassKind.allCases), "not linked: \(Set(PassKind.allCases).subtracting(linked))")
    }
}
