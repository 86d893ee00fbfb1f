import Foundation
import Testing
@testable import Plume
@testable import PlumeGL
import PlumeFuzz

/// The bounded fuzzers of the suite (fixed seeds, so a failure reproduces): random layer trees
/// with extreme values on both simulators, and mutated PNG files. Long runs: `plume fuzz`
/// (the Reliability article).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct FuzzTests {
    static let seed: UInt64 = 20_261_122
    static let limits = SimulationLimits(maxParticlesPerCell: 2_000)
    static let layerCases = 300

    /// Every case: no throw, every particle finite and alive, and where neither simulator drops,
    /// the GPU matches the reference particle by particle. A failure prints the case seed, update
    /// and host time (`plume fuzz --seed S --first I --cases 1` replays case I).
    @Test func layerTreesAgreeOnBothSimulators() throws {
        var compared = 0, particles = 0
        for index in 0..<Self.layerCases {
            let outcome = try GPU.run { context -> FuzzCase.Outcome in
                var fuzzCase = FuzzCase(runSeed: Self.seed, index: index)
                let reference = ReferenceSimulator(layer: fuzzCase.layer, limits: Self.limits)
                let gpu = try GPUSimulator(layer: fuzzCase.layer, context: context, limits: Self.limits)
                defer { gpu.release() }
                return fuzzCase.run(reference: reference, other: gpu)
            }
            if let finding = outcome.finding { Issue.record("run seed \(Self.seed), case \(index): \(finding)") }
            compared += outcome.comparedUpdates
            particles += outcome.comparedParticles
        }
        #expect(compared > 1_000 && particles > 10_000, "compared \(compared) updates, \(particles) particles")
        print("fuzz: \(Self.layerCases) layer cases, \(compared) updates and \(particles) particles compared")
    }

    /// Mutated PNG files: each decodes or is a typed error naming the file.
    @Test func mutatedPNGsDecodeOrFailWithATypedError() {
        var decoded = 0
        for index in 0..<3_000 {
            switch PNGFixture.fuzzCase(seed: Self.seed, index: index) {
            case .decoded: decoded += 1
            case .rejected: break
            case let .finding(what): Issue.record("run seed \(Self.seed), case \(index): \(what)")
            }
        }
        #expect(decoded > 50, "\(decoded) of 3000 mutated files decoded (half of them with their CRCs fixed)")
    }
}
