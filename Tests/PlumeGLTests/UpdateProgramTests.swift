import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The update pass has two programs: `updateFetch` (records read through a buffer texture, the
/// default) and `update` (records as vertex attributes, used where a cell's buffers exceed the
/// driver's buffer-texture size), and so has the update of a cell with motion behaviours
/// (`updateMotionFetch`, `updateMotion`). They must give identical records, counters and diagnostics.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct UpdateProgramTests {
    static let scenarios = Scenarios.all.filter {
        ["preset fireworks (three levels)", "explicit animations: emitter path, cell properties",
         "birth rate stopped and resumed, cells replaced", "key-path edits between frames",
         "shape circle × outline"].contains($0.name)
    } + (Scenarios.motion + Scenarios.collisions).filter {
        ["motion all together, edited", "motion behaviours changed and removed",
         "collision events, a bouncing floor at 60 updates/s"].contains($0.name)
    }

    /// Runs the first 400 times of `scenario` on a simulator set up by `configure`; a snapshot
    /// every 60 updates.
    private func run(_ scenario: Scenario, context: GLContext, configure: (GPUSimulator) -> Void) throws -> [ParticleSnapshot] {
        let layer = scenario.make()
        let gpu = try GPUSimulator(layer: layer, context: context)
        configure(gpu)
        var snapshots: [ParticleSnapshot] = []
        for (i, t) in scenario.times.enumerated().prefix(400) {
            scenario.edit(layer, t)
            try gpu.advance(to: t)
            if i % 60 == 0 { snapshots.append(try gpu.snapshot()) }
        }
        return snapshots
    }

    private func expectIdentical(_ a: [ParticleSnapshot], _ b: [ParticleSnapshot], _ what: String) {
        #expect(a.count == b.count)
        for (i, (x, y)) in zip(a, b).enumerated() {
            let time = x.layerTime ?? .nan
            #expect(x.particles.count == y.particles.count, "\(what), snapshot \(i) at \(time): \(x.particles.count) vs \(y.particles.count) live")
            #expect(x.counters == y.counters, "\(what), snapshot \(i) at \(time): counters \(x.counters) vs \(y.counters)")
            #expect(x.diagnostics == y.diagnostics, "\(what), snapshot \(i) at \(time): diagnostics differ")
            if let k = x.particles.indices.first(where: { $0 < y.particles.count && x.particles[$0] != y.particles[$0] }) {
                Issue.record("\(what), snapshot \(i) at \(time): particle \(k) differs: \(x.particles[k]) vs \(y.particles[k])")
            }
        }
    }

    @Test(arguments: scenarios)
    func textureAndAttributeReadsGiveTheSameRecords(_ scenario: Scenario) throws {
        try GPU.run { context in
            let fetched = try run(scenario, context: context) { _ in }
            let attributes = try run(scenario, context: context) { $0.readsRecordsThroughTexture = false }
            #expect(fetched.contains { !$0.particles.isEmpty }, "\(scenario.name): nothing to compare")
            expectIdentical(fetched, attributes, "\(scenario.name), texture vs attributes")
            // A tiny buffer-texture limit: each cell moves to the attribute program when its
            // buffers outgrow it, mid-run.
            let switching = try run(scenario, context: context) { $0.textureBufferLimit = 4096 }
            expectIdentical(fetched, switching, "\(scenario.name), texture vs switching at 4096 texels")
        }
    }

    /// The contract check at link: an active uniform the contract does not declare always fails;
    /// a declared one the shader does not use fails under the reference compiler (Mesa's, this
    /// context's) and is allowed elsewhere, with location −1 (NVIDIA's optimiser drops more).
    @Test func undeclaredUniformsFailAndUnusedOnesFailOnlyUnderTheReference() throws {
        try GPU.run { context in
            #expect(context.info.isMesa == context.programs.requiresEveryDeclaredUniform)
            let version = context.info.versionNumber
            let stages = [
                ShaderStageSource(file: "t.vert", type: Int32(GLShaderStage.vertex.raw), source: """
                    #version \(version)0 core
                    uniform float u_used;
                    uniform float u_unused;
                    void main() { gl_Position = vec4(u_used, 0.0, 0.0, 1.0); }
                    """),
                ShaderStageSource(file: "t.frag", type: Int32(GLShaderStage.fragment.raw), source: """
                    #version \(version)0 core
                    out vec4 color;
                    void main() { color = vec4(1.0); }
                    """),
            ]
            func link(strict: Bool, declaring names: [String]) throws -> [Int32] {
                let cache = ProgramCache(context: context, glVersion: version, requiresEveryDeclaredUniform: strict)
                defer { for program in cache.removeAll() { context.delete(program) } }
                return try cache.link("t", name: "contract probe", stages: stages, attributes: [], varyings: [],
                                      subCells: 0, features: []) { linker in
                    try names.map { (try linker.uniform($0) as Uniform<Float>).location }
                }.uniforms
            }
            let lenient = try link(strict: false, declaring: ["u_used", "u_unused"])
            #expect(lenient[0] >= 0 && lenient[1] == -1, "locations \(lenient)")
            #expect(throws: GLError.self) { try link(strict: true, declaring: ["u_used", "u_unused"]) }
            for strict in [false, true] {
                do {
                    _ = try link(strict: strict, declaring: [])
                    Issue.record("an undeclared active uniform linked (strict \(strict))")
                } catch let GLError.contractViolation(_, detail) {
                    #expect(detail.contains("u_used"), "\(detail)")
                }
            }
        }
    }
}
