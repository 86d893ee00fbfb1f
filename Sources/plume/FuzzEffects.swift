import ArgumentParser
import Foundation
import Plume
import PlumeFuzz

/// `plume fuzz-effects --cases 100000`: mutated effect files and property lists through the
/// loaders, counting crashes (the process would die), slow cases and memory.
struct FuzzEffects: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-effects",
        abstract: "Fuzz the effect-file and .plist loaders with mutated inputs (fixed seed).")

    @Option(help: "Number of inputs.")
    var cases: Int = 100_000

    @Option(help: "Seed of the mutations.")
    var seed: UInt64 = 1

    func run() throws {
        guard cases > 0 else { throw ValidationError("--cases must be positive") }
        let clock = ContinuousClock()
        let start = clock.now
        let report = EffectFuzzer.run(cases: cases, seed: seed) { done in
            if done % 10_000 == 0 { print("  \(done) cases, \(clock.now - start)"); FileHandle.standardOutput.synchronizeFile() }
        }
        print(report)
        if report.hangs > 0 { throw ExitCode(1) }
    }
}
