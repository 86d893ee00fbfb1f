import Foundation
import Testing
@testable import Plume
import PlumeFuzz

/// A bounded fuzz run of both loaders (the long one is `plume fuzz-effects --cases 100000`, which
/// also reports inputs slower than 1 s). No wall-clock assertion here: a crash fails the run, a
/// hang never finishes it, and the time per input is printed with the report.
@Suite struct EffectFuzzTests {
    /// In a process of its own: the resident-memory bound is the process's (`/proc/self/statm`),
    /// and the suites that run beside this one in the test process allocate hundreds of MiB.
    @Test func mutatedInputsNeitherCrashNorHang() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let report = EffectFuzzer.run(cases: 3000, seed: 20261122)
            let failed = [
                ("3000 cases, half JSON, half plist", report.cases == 3000 && report.jsonCases == 1500 && report.plistCases == 1500),
                ("resident memory grew by less than 512 MiB", report.peakResidentMiB - report.startResidentMiB < 512),
                ("mutations both keep and break inputs", report.loaded > 0 && report.refused > 0),
            ].filter { !$0.1 }.map(\.0)
            print(report)
            for check in failed { print("failed: \(check)") }
            exit(failed.isEmpty ? 0 : 1)
        }
        if let result { print(String(decoding: result.standardOutputContent, as: UTF8.self)) }
    }

    /// Issue 23: hostile image paths (devices, a FIFO, folders, outside the effect's folder) and
    /// unknown-key storms end at once with a typed outcome; only the good PNG loads.
    @Test func devicePathsAndKeyStormsEndWithTypedOutcomes() throws {
        let report = EffectFuzzer.run(cases: 640, seed: 20261125, hostile: true, maxStormKeys: 20_000)
        #expect(report.devicePathCases == 40 && report.stormCases == 10, "\(report)")
        #expect(report.devicePathRefused > 0 && report.devicePathLoaded > 0, "\(report)")
        #expect(report.stormLoaded == report.stormCases, "a storm of unknown keys refused the file: \(report)")
        #expect(report.unexplained == 0 && report.hangs == 0 && report.stormHangs == 0, "\(report)")
        #expect(report.greedyCases == 10 && report.greedyWarned == 10 && report.greedyWithinBudget == 10,
                "greedy files: \(report)")
        print(report)

        // Every hostile path alone, JSON and plist, both accesses: only dot.png loads.
        let sandbox = try EffectFuzzer.Sandbox()
        for path in sandbox.paths {
            for json in [true, false] {
                for access in [ImageAccess.effectFolder, .anywhere] {
                    let outside = ["../outside.png", "out.png", "dir/../../outside.png", sandbox.outsidePath]
                    let loads = path == "dot.png" || path == "./dot.png" || (access.anywhere && outside.contains(path))
                    let outcome = EffectFuzzer.imagePathCase(sandbox, path: path, access: access, json: json)
                    #expect(outcome.loaded == loads && outcome.explained,
                            "\(json ? "JSON" : "plist") image path \"\(path)\" with \(access.anywhere ? "any path" : "the effect's folder"): \(outcome)")
                }
            }
        }
    }

    /// Issue 23: long jumps with every behaviour type on the reference simulator stay finite and
    /// cost what the survivors cost (no more than four times the same layer's jump to 10³ s).
    @Test func longJumpsWithEveryBehaviorType() {
        let report = JumpFuzzer.run(cases: EmitterBehavior.Kind.allCases.count, seed: 20261125, hangSeconds: 60)
        #expect(report.perKind.count == EmitterBehavior.Kind.allCases.count)
        #expect(report.findings.isEmpty, "\(report.findings)")
        print(report)
    }
}
