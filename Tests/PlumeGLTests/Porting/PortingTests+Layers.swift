import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Samples written for this suite (issue 27 item 5): a layer spinning in 3-D and the
/// key-as-key-path confetti burst. Run like the ported samples: both simulators particle by
/// particle, the picture checked against what iOS shows.
extension PortingTests {
    @Test func aRingSpinningAboutYIsForeshortenedInPerspective() throws {
        let run = try Port.run("spinning ring", seconds: 1) {
            let view = SpinningRingSample.RingView(frame: Port.screen)
            view.startSpinning()
            return view.layer
        }
        #expect(run.counts.first == 0 && (run.counts.last ?? 0) >= 299, "300/s for 1 s: \(run.counts.last ?? -1)")
        #expect(run.compared > 0)
        let lit = try #require(run.last).litPixels()
        let xs = lit.map(\.x), ys = lit.map(\.y)
        let minX = Double(try #require(xs.min())), maxX = Double(try #require(xs.max()))
        let minY = Double(try #require(ys.min())), maxY = Double(try #require(ys.max()))
        // At 1 s the ring (radius 80 about (160, 240)) has turned 60° about y. By hand, row vectors:
        // x' = x cos 60°, z' = −x sin 60°; the view's m34 = −1/500 about its anchor (160, 240):
        // w = 1 + x sin 60° / 500. Near edge x = −80: −40 / 0.861 = −46.4; far edge x = 80: 40 / 1.139 = 35.1;
        // top and bottom (x = 0): ±80. Sprites add up to 6 points either way.
        #expect(abs(minX - (160 - 46.4)) <= 7 && abs(maxX - (160 + 35.1)) <= 7,
                "the turned ring spans x \(minX)…\(maxX), expected about 113.6…195.1")
        // The near half is wider than the far half (11.3 points by hand): the perspective shows.
        #expect((160 - minX) - (maxX - 160) > 6, "near half \(160 - minX), far half \(maxX - 160)")
        #expect(abs(minY - 160) <= 7 && abs(maxY - 320) <= 7, "the ring spans y \(minY)…\(maxY), expected about 160…320")
    }

    @Test func confettiBurstAnimatesTheKeyItIsAddedUnder() throws {
        let run = try Port.run("confetti burst", seconds: 3) {
            let view = ConfettiBurstSample.CelebrationView(frame: Port.screen)
            view.celebrate()
            return view.layer
        }
        // 5 cells × 30/s × a birth rate falling 1 → 0 over 1 s: about 75 pieces, then no more.
        let total = run.counts.last ?? 0
        #expect(total >= 60 && total <= 90, "one second's burst: \(total) pieces")
        let afterBurst = run.counts.dropFirst(31)
        #expect(afterBurst.allSatisfy { $0 == total }, "nothing is born after 1 s: \(Array(afterBurst))")
        #expect(run.snapshots.flatMap(\.particles).allSatisfy { $0.age >= 2 - 1e-6 }, "every piece was born in the first second")
        let lit = try #require(run.last).litPixels()
        #expect(lit.contains { $0.x < 160 } && lit.contains { $0.x >= 160 }, "confetti across the width")
        #expect(run.compared > 0)
    }
}
