import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Real public CAEmitterLayer samples, ported by renaming types (see each sample's file for its
/// source and the lines that differ). Each runs on both simulators through `ParticleScene`s from a
/// host clock far from 0 (1e6 s, or the real monotonic clock), with every particle compared, and
/// its picture is checked against what the sample shows on iOS: no pre-warm on the first frame
/// unless the sample asks for it, and the particles where and in the colours the sample puts them.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct PortingTests {
    @Test func snowDropsFallFromTheTopAndStartEmpty() throws {
        let run = try Port.run("snow", seconds: 3) {
            let controller = SnowSample.ViewController()
            controller.viewDidLoad()
            return controller.view.layer
        }
        #expect(run.counts.first == 0, "a new emitter starts empty at host time 1e6: \(run.counts.first ?? -1) particles")
        #expect(run.first?.litPixels().isEmpty == true, "frame 1 must be empty")
        #expect(run.counts.last == 6, "2 drops/s for 3 s: \(run.counts.last ?? -1)")
        let lit = try #require(run.last).litPixels()
        #expect(!lit.isEmpty, "the drops must show")
        // 40 ± 0 pt/s downwards within a 45° cone for at most 3 s: the top 130 points.
        #expect(lit.allSatisfy { $0.y <= 130 }, "drops below y = 130: \(lit.map(\.y).max() ?? -1)")
        #expect(run.compared > 0)
    }

    @Test func fireRisesAboveTheEmitterInWarmColours() throws {
        let run = try Port.run("fire", seconds: 2) {
            let fire = FireSample.FireView(frame: Port.screen)
            fire.createFire()
            return fire.layer
        }
        #expect(run.counts.first == 0, "frame 1: \(run.counts.first ?? -1) particles")
        #expect(run.first?.litPixels().isEmpty == true)
        #expect((run.counts.last ?? 0) > 250, "300/s living 1 ± 0.25 s: \(run.counts.last ?? -1)")
        let image = try #require(run.last)
        let lit = image.litPixels()
        let above = lit.filter { $0.y < 245 }.count
        #expect(Double(above) > 0.75 * Double(lit.count), "flames rise above the emitter line (y = 240): \(above)/\(lit.count)")
        let c = image.meanLitColor()
        #expect(c.x > c.y && c.y > c.z, "additive (0.8, 0.4, 0.2) flames are red > green > blue: \(c)")
    }

    @Test func fireworksBurstInTheUpperHalf() throws {
        let run = try Port.run("fireworks", seconds: 2.8, compareEvery: 12) {
            let controller = FireworksSample.ViewController()
            controller.viewDidLoad()
            return controller.view.layer
        }
        #expect(run.counts.first == 0, "frame 1: \(run.counts.first ?? -1) particles")
        // The first rocket is born 1 s after the start; its sparks at its age 1.5…1.6 s (8000/s).
        let sparks = run.snapshots.flatMap(\.particles).filter { $0.identity.cellPath == [0, 1] }.count
        // The window [1.5, 1.6) of parent age holds births k/8000 for k = 1…799 (SPEC §3's grid).
        #expect(sparks == 799, "one burst of 8000/s for 0.1 s: \(sparks) sparks")
        let lit = try #require(run.last).litPixels()
        let meanY = Double(lit.map(\.y).reduce(0, +)) / Double(max(lit.count, 1))
        #expect(lit.count > 500 && meanY < 240, "the burst lights the upper half: \(lit.count) pixels, mean y \(meanY)")
    }

    @Test func sparkleStopsAfterAThirdOfASecondAndIsRemoved() throws {
        let run = try Port.run("sparkle", seconds: 2) {
            let view = SparkleSample.SparkleView(frame: Port.screen)
            view.sparkle()
            return view.layer
        }
        #expect(run.counts.first == 0)
        // 20/s on the grid: births at 0.05 … 0.25 s; birthRate 0 from the update at 0.3 s.
        #expect(run.counts.max() == 5, "five sparkles before the emitter stops: \(run.counts.max() ?? -1)")
        #expect(run.counts.suffix(5).allSatisfy { $0 == 0 }, "removed at 1.8 s: \(run.counts.suffix(5))")
        #expect(run.last?.litPixels().isEmpty == true, "nothing drawn once the layer is removed")
    }

    @Test func confettiSubclassesFallAcrossTheScreenInManyColours() throws {
        let run = try Port.run("confetti", seconds: 2, clone: true, compareEvery: 20) {
            let controller = ConfettiSample.ViewController()
            controller.viewDidLoad()
            controller.boutonAction(controller)
            return controller.view.layer
        }
        #expect(run.counts.first == 0)
        #expect((run.counts.last ?? 0) >= 31 * 7, "31 cells × 4/s × 2 s: \(run.counts.last ?? -1)")
        let image = try #require(run.last)
        let lit = image.litPixels()
        #expect(lit.contains { $0.x < 160 } && lit.contains { $0.x >= 160 }, "confetti across the width")
        #expect(lit.allSatisfy { $0.y < 300 }, "100 ± 50 pt/s down from y = −10 for 2 s")
        var hues = Set<Int>()
        for (x, y) in lit {
            let i = (y * image.width + x) * 4
            let c = Color(red: Float(image.pixels[i]) / 255, green: Float(image.pixels[i + 1]) / 255, blue: Float(image.pixels[i + 2]) / 255)
            if c.hsba.saturation > 0.3 { hues.insert(Int(c.hsba.hue * 6)) }
        }
        #expect(hues.count >= 3, "random colours: hue sextants \(hues.sorted())")
    }

    @Test func leavesWithTimeOffsetArePreWarmedOnTheFirstFrame() throws {
        let run = try Port.run("leaves", seconds: 1, start: nil, clone: true) {
            let view = HostView(frame: Port.screen)
            view.addEmitter(imagename: "leaf")
            return view.layer
        }
        // timeOffset 5 at 2/s: ten leaves born before the first frame (SPEC §8 keeps its meaning).
        #expect(run.counts.first == 10, "frame 1 shows 5 s of emission: \(run.counts.first ?? -1)")
        let leaf = try #require(SpriteImage(named: "leaf"))
        #expect(leaf.scale == 2 && leaf.width == 48, "leaf@2x.png: scale \(leaf.scale), \(leaf.width) px")
        let lit = try #require(run.first).litPixels(threshold: 20)
        #expect(!lit.isEmpty, "the leaves show on frame 1")
    }
}
