import Foundation
import Testing
@testable import Plume
import PlumeFuzz

/// A bounded fuzz run of both loaders (the long one is `plume fuzz-effects --cases 100000`, which
/// also reports inputs slower than 1 s). No wall-clock assertion here: a crash fails the run, a
/// hang never finishes it, and the time per input is printed with the report.
@Suite struct EffectFuzzTests {
    @Test func mutatedInputsNeitherCrashNorHang() {
        let report = EffectFuzzer.run(cases: 3000, seed: 20261122)
        #expect(report.cases == 3000 && report.jsonCases == 1500 && report.plistCases == 1500)
        #expect(report.peakResidentMiB - report.startResidentMiB < 512, "\(report)")
        #expect(report.loaded > 0 && report.refused > 0, "mutations both keep and break inputs: \(report)")
        print(report)
    }
}
