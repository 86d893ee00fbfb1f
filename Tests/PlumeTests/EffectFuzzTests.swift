import Foundation
import Testing
@testable import Plume
import PlumeFuzz

/// A bounded fuzz run of both loaders (the long one is `plume fuzz-effects --cases 100000`).
@Suite struct EffectFuzzTests {
    @Test func mutatedInputsNeitherCrashNorHang() {
        let report = EffectFuzzer.run(cases: 3000, seed: 20261122)
        #expect(report.cases == 3000 && report.jsonCases == 1500 && report.plistCases == 1500)
        #expect(report.hangs == 0, "\(report)")
        #expect(report.slowest < .seconds(1), "\(report)")
        #expect(report.peakResidentMiB - report.startResidentMiB < 512, "\(report)")
        #expect(report.loaded > 0 && report.refused > 0, "mutations both keep and break inputs: \(report)")
        print(report)
    }
}
