import ArgumentParser
import Foundation
import Plume
import PlumeFuzz

/// `plume fuzz-effects --cases 100000`: mutated effect files and property lists through the
/// loaders, hostile image paths (devices, a FIFO, folders, files outside the effect's folder) and
/// unknown-key storms, counting crashes (the process would die), slow cases and memory; then long
/// jumps with every behaviour type on the reference simulator (`--jump-cases`).
struct FuzzEffects: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-effects",
        abstract: "Fuzz the effect-file and .plist loaders with mutated inputs (fixed seed).")

    @Option(help: "Number of inputs.")
    var cases: Int = 100_000

    @Option(help: "Seed of the mutations.")
    var seed: UInt64 = 1

    @Option(help: "Most unknown keys in one storm case.")
    var maxStormKeys: Int = 100_000

    @Option(help: "Long-jump cases on the reference simulator (every behaviour type in turn).")
    var jumpCases: Int = 500

    @Option(help: "Seconds after which a long-jump case counts as a hang.")
    var jumpHangSeconds: Double = 60

    func run() throws {
        guard cases > 0 else { throw ValidationError("--cases must be positive") }
        guard maxStormKeys >= 1, maxStormKeys <= 1_000_000 else { throw ValidationError("--max-storm-keys must be in 1…1000000") }
        guard jumpCases >= 0 else { throw ValidationError("--jump-cases must be ≥ 0") }
        guard jumpHangSeconds.isFinite, jumpHangSeconds > 0 else { throw ValidationError("--jump-hang-seconds must be positive") }
        let clock = ContinuousClock()
        let start = clock.now
        let report = EffectFuzzer.run(cases: cases, seed: seed, hostile: true, maxStormKeys: maxStormKeys) { done in
            if done % 10_000 == 0 { print("  \(done) cases, \(clock.now - start)"); FileHandle.standardOutput.synchronizeFile() }
        }
        print(report)
        let jumps = JumpFuzzer.run(cases: jumpCases, seed: seed, hangSeconds: jumpHangSeconds)
        print(jumps)
        jumps.findings.prefix(20).forEach { print("  \($0)") }
        if report.hangs > 0 || report.stormHangs > 0 || report.unexplained > 0 || !jumps.findings.isEmpty { throw ExitCode(1) }
    }
}
